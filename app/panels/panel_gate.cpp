// The exact matmul gate: request controls, Run/Cancel, progress, the verdict lines as the seed
// prints them, figures, and this session's history.
#include <algorithm>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>

#include "../bank_layout_mode.hpp"
#include "../gate_notices.hpp"
#include "../window_placement.hpp"
#include "fragviz/gate/gate_host.hpp"
#include "fragviz/gate/gate_ladder.hpp"
#include "fragviz/gate/wgmma_gate.hpp"
#include "fragviz/tile/cta_presets.hpp"
#include "fragviz/util/words.hpp"
#include "fragviz/viewmodel/ladder_notes.hpp"
#include "fragviz/viewmodel/tile_units.hpp"  // clamp_note
#include "panels.hpp"

namespace fragviz::app {

namespace {

/// "ldmatrix-k8", or for a user kernel "ENTRY (file.cu, block 16x16x1, grid 128x128x1, sm_90a)".
std::string variant_words(const GateRequest& q) {
  if (!q.kernel) return std::string(to_string(q.variant));
  const UserKernel& k = *q.kernel;
  const std::size_t slash = k.source_path.rfind('/');
  // Entry, file and arch as the user (or a report) wrote them: clipped as messages echo them.
  std::string s = echo_text(k.entry) + " (" +
                  echo_text(slash == std::string::npos ? k.source_path : k.source_path.substr(slash + 1));
  auto dim = [](const Dim3& d) {
    return std::to_string(d.x) + "x" + std::to_string(d.y) + "x" + std::to_string(d.z);
  };
  if (k.block.count() > 0 && !k.arch.empty())
    s += ", block " + dim(k.block) + ", grid " + dim(k.grid) + ", " + echo_text(k.arch);
  return s + ")";
}

std::string verdict_line(const GateReport& r) {
  char buf[256];
  if (!r.ran) return r.cancelled ? "cancelled" : "not run: " + r.error.message;
  if (r.exact)
    std::snprintf(buf, sizeof buf, "matmul at n = %d against the reference: exact match", r.request.n);
  else if (r.first)
    std::snprintf(buf, sizeof buf,
                  "matmul at n = %d: %" PRIu64 " mismatches, first at row %d, col %d: got %g, want %g",
                  r.request.n, r.mismatch_count, r.first->row, r.first->col,
                  static_cast<double>(r.first->got), static_cast<double>(r.first->want));
  else
    std::snprintf(buf, sizeof buf, "matmul at n = %d: %" PRIu64 " mismatches", r.request.n, r.mismatch_count);
  return buf;
}

/// The shown run's verdict and figures; `not_run` (gate_notices) replaces the verdict of a run that
/// did not run, so a reason said above is not said again.
void draw_result(AppState& s, const GateRun& run, const std::string& not_run, std::string& shown) {
  const GateReport& r = *run.report;
  const ImVec4 col = !r.ran ? kAmberV : r.exact ? kGreenV : kRedV;
  shown = not_run.empty() ? verdict_line(r) : not_run;
  status_text(col, "%s", shown.c_str());
  if (!r.ran) return;
  const std::string run_line =
      join_present({variant_words(r.request), "seed " + std::to_string(r.request.seed),
                    labelled("on", echo_text(r.device.name))}) +
      (run.origin == "live" ? "" : " (from file)");
  status_text(ImGui::GetStyleColorVec4(ImGuiCol_Text), "%s", run_line.c_str());
  ImGui::Text("kernel %.3f ms, %.1f GFLOP/s", r.kernel_ms, r.gflops);
  if (r.cublas_ms > 0)
    ImGui::Text("cuBLAS %.3f ms, %.1f GFLOP/s; ratio %.2f", r.cublas_ms, r.cublas_gflops, r.ratio_to_cublas);
  ImGui::Text("%d registers, %d B static + %d B dynamic shared, %d B spill/stack", r.resources.registers,
              r.resources.static_shared_bytes, r.resources.dynamic_shared_bytes, r.resources.local_bytes);
  if (!r.resources.ptxas.empty()) status_text(kDimV, "ptxas: %s", r.resources.ptxas.c_str());
  // The spot checks test the reference against a direct sum, not the kernel (issue 22: "0 failed"
  // beside 2M mismatches read as a contradiction).
  char spot[200];
  std::snprintf(spot, sizeof spot,
                "verdict in %.1f ms; the reference (not the kernel) re-checked in double at %d elements: "
                "%d failed",
                r.verdict_ms, r.spot_checks, r.spot_check_failures);
  s.frame.gate_spot_checks = spot;
  ImGui::PushTextWrapPos(0.f);
  ImGui::TextColored(r.spot_check_failures ? kRedV : kDimV, "%s", spot);
  ImGui::PopTextWrapPos();
}

/// Opens operand `o`'s shared tile and load of variant `info` in the bank view's Layout mode (the
/// same layout string, lanes and instruction the kernel uses, so the view counts its wavefronts);
/// a load the bank model has no form of (the wgmma rungs' descriptors, scalar-b-k8's 2-byte B
/// loads) stays as text in the panel.
/// Whether the bank view can show operand `o` of `info`: its loads have per-lane row addresses
/// (ldmatrix or plain loads) from the tile's origin; a wgmma rung's do not (its descriptor does).
bool opens_in_layout_view(const GateVariantInfo& info, GateOperand o) {
  const OperandGeometry& g = info.operand(o);
  return g.op && g.origin.row == 0 && g.origin.col == 0;
}

/// The Hopper ladder rung of `info`, or null (an mma.sync variant).
const WgmmaGateRung* wgmma_rung_of(const GateVariantInfo& info) {
  const int r = wgmma_gate_rung(info.variant);
  return r < 0 ? nullptr : &kWgmmaGateRungs[r];
}

/// A wgmma rung's operand in the descriptor view: the rung's wgmma entry, A K-major or B MN-major
/// (both row-major in global memory), 128B swizzle, as its TMA loads them (wgmma_gate.hpp).
void show_in_descriptor_view(AppState& s, const WgmmaGateRung& rung, GateOperand o) {
  s.hopper.wgmma = "wgmma.mma_async.sync.aligned.m64n" + std::to_string(rung.wgmma_n) + "k16.f32.f16.f16";
  s.hopper.wgmma_picked = true;
  DescriptorControls& d = s.hopper.descriptor;
  d = DescriptorControls{};
  d.operand = o == GateOperand::A ? Operand::A : Operand::B;
  d.major = o == GateOperand::A ? Major::K : Major::MN;
  d.swizzle = SmemSwizzle::b128;
  s.hopper.descriptor_open = true;
}

void show_in_layout_view(AppState& s, const GateVariantInfo& info, GateOperand o) {
  const OperandGeometry& g = info.operand(o);
  if (!opens_in_layout_view(info, o)) return;
  LayoutViewRequest r;
  r.write_layout = g.layout;
  r.lanes = g.lanes;
  r.op = *g.op;
  r.num = g.ldmatrix.num;
  r.trans = g.ldmatrix.trans;
  r.element_bytes = 2;
  r.title = "gate variant " + std::string(info.name) + ", operand " + std::string(to_string(o));
  open_layout_view(s, r);
}

/// The A and B geometry of a variant as the bank model sees it: layout, lanes, load, wavefronts.
std::string geometry_text(const GateVariantInfo& info) {
  std::string text = std::string(info.name) + " (rung " + std::to_string(info.rung) +
                     "): " + std::string(info.technique) + "\n";
  for (GateOperand o : {GateOperand::A, GateOperand::B}) {
    const OperandGeometry& g = info.operand(o);
    const GateLoadAnalysis a = analyze_gate_load(info, o);
    text +=
        std::string(to_string(o)) + ": " + g.layout + "\n   " + g.mnemonic +
        (g.lanes.empty() ? std::string(", no per-lane addresses (read through the instruction's descriptor)")
                         : ", lanes " + g.lanes) +
        "\n   ";
    if (a.access && !a.access->refused())
      text += "wavefronts " + std::to_string(a.access->wavefronts) + ", ideal " +
              std::to_string(a.access->ideal_wavefronts) + ", bank conflicts " +
              std::to_string(a.access->bank_conflicts) + "\n";
    else
      text += (a.access ? a.access->error.message : a.why) + "\n";
  }
  return text;
}

/// cuBLAS's TFLOP/s at size n from its ms (2 n^3 flops).
double cublas_tflops(int n, double ms) {
  const double nn = static_cast<double>(n);
  return 2.0 * nn * nn * nn / (ms * 1e9);
}

/// One size of a ladder row in its tooltip: "n = 2048: 0.1345 ms, 127.8 TFLOP/s, 0.25 x cuBLAS" and
/// its registers, shared and spill bytes and verdict, or why it did not run.
std::string ladder_cell_text(const LadderRow& row) {
  std::string t = "\nn = " + std::to_string(row.n) + ": ";
  const GateReport* r = row.report.get();
  if (!r) return t + (row.refusal.empty() ? "not run yet" : "not run: " + row.refusal);
  char buf[160];
  std::snprintf(buf, sizeof buf, "%.4f ms, %.1f TFLOP/s", r->kernel_ms, r->gflops / 1000.0);
  t += buf;
  if (row.ratio_to_cublas > 0) {
    std::snprintf(buf, sizeof buf, ", %.2f x cuBLAS", row.ratio_to_cublas);
    t += buf;
  }
  t += "\n   registers " + std::to_string(r->resources.registers) + ", shared " +
       std::to_string(r->resources.static_shared_bytes + r->resources.dynamic_shared_bytes) + " B, spills " +
       std::to_string(r->resources.local_bytes) + " B; ";
  t += r->exact && r->spot_check_failures == 0 ? "exact"
       : r->mismatch_count > 0                 ? std::to_string(r->mismatch_count) + " wrong"
                                               : "not exact";
  return t;
}

/// A ladder row's tooltip: the variant, its rung and technique, what Nsight Compute says limits it
/// (the docs' ladder notes), then every figure of each size (the resource columns' too, shown or
/// not), or why a size did not run.
std::string ladder_row_text(const GateVariantInfo& info, const std::vector<LadderRow>& rows,
                            const LadderPivot::Row& row) {
  std::string t =
      std::string(info.name) + " (rung " + std::to_string(info.rung) + "): " + std::string(info.technique);
  if (const auto limit = ladder_limit(info.name)) t += "\nwhat limits it (Nsight Compute): " + *limit;
  for (int i : row.cells)
    if (i >= 0) t += ladder_cell_text(rows[static_cast<std::size_t>(i)]);
  return t;
}

/// The cuBLAS row's tooltip: what the yardstick is and its time at each size.
std::string cublas_row_text(const LadderPivot& p) {
  std::string t = "cuBLAS, the yardstick of every x cuBLAS (median of its runs, timed in the same run)";
  for (std::size_t i = 0; i < p.sizes.size(); ++i) {
    char buf[96];
    if (p.cublas_ms[i] > 0)
      std::snprintf(buf, sizeof buf, "\nn = %d: %.4f ms, %.1f TFLOP/s", p.sizes[i], p.cublas_ms[i],
                    cublas_tflops(p.sizes[i], p.cublas_ms[i]));
    else
      std::snprintf(buf, sizeof buf, "\nn = %d: not timed", p.sizes[i]);
    t += buf;
  }
  return t;
}

/// "Run ladder": the sizes, the button, progress, and the ladder as one table whose rows open the
/// variant's shared-memory geometry.
void draw_ladder(AppState& s, bool gate_running) {
  GateLadderState& l = s.gate_ladder;
  if (l.reveal) ImGui::SetNextItemOpen(true);  // a recorded bench just opened
  l.reveal = false;
  const bool open = ImGui::CollapsingHeader("Ladder (every variant)");
  record_widget(s, "ladder_header");
  s.gate_ladder_open = open;  // the layout gives the open ladder room (window_placement.cpp)
  if (!open) {
    s.gate_table_cut = 0;  // no table drawn, none cut
    return;
  }
  ImGui::BeginDisabled(l.running || gate_running);
  const bool device = s.device_known && s.device.present;
  ImGui::BeginDisabled(!device || l.chosen_sizes().empty());
  if (ImGui::Button("Run ladder")) l.run_requested = true;
  ImGui::EndDisabled();
  record_widget(s, "run_ladder");
  // The sizes read as one line with the button ("Run ladder at n = 2048 4096"): alone before the
  // table they read as a filter of it, "show only these sizes" (newcomer issue 22).
  ImGui::SameLine();
  const char* const at = "at n =";
  ImGui::TextUnformatted(at);
  record_text_line(s, "ladder_sizes_label", at);
  for (std::size_t i = 0; i < kLadderSizes.size(); ++i) {
    ImGui::SameLine();
    const std::string n = std::to_string(kLadderSizes[i]);
    ImGui::Checkbox((n + "##ladder_n").c_str(), &l.size_on[i]);
    record_widget(s, ("ladder_n:" + n).c_str());
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip(
          "Run ladder runs every variant at n = %s when ticked; the table lists every variant "
          "whichever sizes are ticked",
          n.c_str());
  }
  ImGui::EndDisabled();
  if (!device) {
    // On the buttons' line where it fits, else on its own line, wrapped: never cut off at the view's
    // edge (newcomer round 13 read "needs a CUDA de...").
    const char* note = "(needs a CUDA device; the geometry opens without one)";
    ImGui::SameLine();
    if (ImGui::CalcTextSize(note).x > ImGui::GetContentRegionAvail().x) ImGui::NewLine();
    ImGui::PushTextWrapPos(0.f);
    ImGui::TextColored(kDimV, "%s", note);
    ImGui::PopTextWrapPos();
    record_widget(s, "ladder_needs_device");
  }
  if (l.running) {
    ImGui::SameLine();
    if (ImGui::Button("Cancel##ladder")) s.gate_cancel_requested = true;
    ImGui::ProgressBar(l.planned > 0 ? static_cast<float>(l.done) / static_cast<float>(l.planned) : 0.f,
                       ImVec2(-1, 0), (std::to_string(l.done) + " of " + std::to_string(l.planned)).c_str());
  }
  if (!l.error.empty()) status_text(kRedV, "%s", l.error.c_str());
  // A recorded bench (File > Open report, a *.csv): its figures beside the rungs' geometry. Its lines,
  // and all under the table, may scroll out of the view (AppState::gate_spare).
  const float recorded_y = ImGui::GetCursorPosY();
  if (l.result && !l.result->recorded.empty()) {
    // The button first: the text after it wraps in a narrow panel.
    if (ImGui::SmallButton("close bench")) l.close_recorded_requested = true;
    record_widget(s, "ladder_recorded_close");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", l.live_before ? "shows this session's ladder run again" : "empties the table");
    ImGui::SameLine();
    status_text(ImGui::GetStyleColorVec4(ImGuiCol_Text), "%s", recorded_bench_line(*l.result).c_str());
    record_widget(s, "ladder_recorded");
    // What the file says a reader of its figures must know (newcomer round 28: the 4096 ratios of
    // session 20's call 4 were high because cuBLAS ran slow in that run; only the docs said so):
    // whole, under the table, and a line here that says so. Above it they took the table's room
    // (newcomer round 33 saw two of its rows at 1600x1000).
    if (const std::size_t n = l.result->recorded_notes.size(); n > 0) {
      const std::string pointer = (n == 1 ? std::string("a note") : std::to_string(n) + " notes") +
                                  " on these figures under the table";
      status_text(kAmberV, "%s", pointer.c_str());
      record_text_line(s, "ladder_notes_pointer", pointer);
    }
  }

  s.gate_spare += ImGui::GetCursorPosY() - recorded_y;

  // Rows: one per variant (the finished ladder's or the recorded bench's, else each variant without
  // figures: geometry only) with a column group per size, so a rung reads across its sizes in one
  // line and the ladder down one screen (newcomer issue 22 scrolled 51 rows of variant and n).
  const std::vector<LadderRow> rows = l.result ? l.result->rows : ladder_plan({0});
  const LadderPivot pivot =
      pivot_ladder(rows, l.result ? l.result->cublas_ms : std::vector<std::pair<int, double>>{});
  const bool groups = !pivot.sizes.empty();
  // A group per size is wider than the panel at its default width (480 px at 1600x1000) from two
  // sizes on: the groups scroll sideways under the geometry and variant columns, which stay, and
  // the verdict comes before them. The ms, registers, shared B and spills B columns on request
  // ("more columns"); each row's tooltip gives every figure of each size.
  // Only where there are figures (a run, a recorded bench): the geometry-only table keeps its height.
  if (l.result) {
    ImGui::Checkbox("more columns", &l.resource_columns);
    record_widget(s, "ladder_resource_columns");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "ms at each size, registers, shared B and spills B as columns;\n"
          "a row's tooltip shows them too");
  }
  const bool resource_columns = l.result && l.resource_columns;
  ImGuiTableFlags f = ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit |
                      ImGuiTableFlags_ScrollX;
  const ImGuiStyle& st = ImGui::GetStyle();
  // Rows 1 px padded above and below (ImGui's 2): every rung's row fits at 1600x1000 beside the
  // ldmatrix view's least height (14 rungs since wgmma-pingpong).
  const ImVec2 padding(st.CellPadding.x, 1.f);
  const float row_h = ImGui::GetTextLineHeight() + 2.f * padding.y + 1.f;
  // Two header rows where there are sizes: "n = 2048" over its group, the figures' names under it.
  const int header_rows = groups ? 2 : 1;
  const bool cublas_row = groups && l.result;
  const std::size_t table_rows =
      pivot.rows.size() + (cublas_row ? 1 : 0) + static_cast<std::size_t>(header_rows);
  // As tall as its rows where the view has room (the layout gives it that much where the column
  // can); else as tall as the room left above the History, scrolling in itself under its header rows
  // (a recorded bench's 45 rows ran past the window, newcomer round 29).
  const float full_h = static_cast<float>(table_rows) * row_h + st.ScrollbarSize + 6.f;
  const float below = s.history.empty() ? 0.f : ImGui::GetFrameHeightWithSpacing() + 80.f + st.ItemSpacing.y;
  const float room = ImGui::GetContentRegionAvail().y - below;
  const float least_h = std::min(full_h, 7.f * row_h + st.ScrollbarSize + 6.f);
  const float table_h = full_h <= room ? full_h : std::max(least_h, room);
  s.gate_table_cut = full_h - table_h;
  s.gate_spare += table_h - least_h;
  if (table_h < full_h) f |= ImGuiTableFlags_ScrollY;
  ImGui::PushStyleVar(ImGuiStyleVar_CellPadding, padding);
  enum Kind { kGeometry, kVariant, kVerdict, kMs, kTflops, kCublas, kRegisters, kShared, kSpills };
  static constexpr const char* kNames[] = {"geometry", "variant",   "verdict",  "ms",      "TFLOP/s",
                                           "x cuBLAS", "registers", "shared B", "spills B"};
  struct Column {
    Kind kind;
    std::size_t size;  ///< the group's index in pivot.sizes (figure columns)
    std::string key;   ///< "TFLOP/s 2048", "verdict": the widget's name
  };
  std::vector<Column> cols;
  for (Kind k : {kGeometry, kVariant, kVerdict}) cols.push_back({k, 0, kNames[k]});
  for (std::size_t g = 0; g < pivot.sizes.size(); ++g) {
    const std::string n = " " + std::to_string(pivot.sizes[g]);
    if (resource_columns) cols.push_back({kMs, g, kNames[kMs] + n});
    cols.push_back({kTflops, g, kNames[kTflops] + n});
    cols.push_back({kCublas, g, kNames[kCublas] + n});
  }
  if (resource_columns)
    for (Kind k : {kRegisters, kShared, kSpills}) cols.push_back({k, 0, kNames[k]});
  const int ncols = static_cast<int>(cols.size());
  if (ImGui::BeginTable(resource_columns ? "ladder_wide" : "ladder", ncols, f, ImVec2(0, table_h))) {
    s.frame.widgets["ladder_table"] = Rect{ImGui::GetWindowPos().x, ImGui::GetWindowPos().y,
                                           ImGui::GetWindowSize().x, ImGui::GetWindowSize().y};
    s.frame.gate_ladder_scroll_max = ImGui::GetScrollMaxX();
    s.frame.gate_ladder_scroll_y = ImGui::GetScrollY();
    s.frame.gate_ladder_scroll_max_y = ImGui::GetScrollMaxY();
    for (const Column& c : cols)
      ImGui::TableSetupColumn((std::string(kNames[c.kind]) + "##" + c.key).c_str());
    ImGui::TableSetupScrollFreeze(2, header_rows);
    if (groups) {
      // The group row: each size over its first column (the figures' names are as wide).
      ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
      for (int i = 0; i < ncols; ++i) {
        const Column& c = cols[static_cast<std::size_t>(i)];
        const bool first = c.kind == (resource_columns ? kMs : kTflops);
        ImGui::TableSetColumnIndex(i);
        const std::string label = first ? "n = " + std::to_string(pivot.sizes[c.size]) : std::string();
        ImGui::TableHeader((label + "##group" + std::to_string(i)).c_str());
        if (first) record_widget(s, ("ladder_col:" + label).c_str());
      }
    }
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (int i = 0; i < ncols; ++i) {
      const Column& c = cols[static_cast<std::size_t>(i)];
      ImGui::TableSetColumnIndex(i);
      ImGui::TableHeader((std::string(kNames[c.kind]) + "##" + c.key).c_str());
      record_widget(s, ("ladder_col:" + c.key).c_str());
    }
    // Hovered past the geometry buttons (the row's tooltip shows then).
    auto row_hovered = [&](float row_y) {
      bool past_geometry = false;
      for (int i = 1; i < ncols; ++i)
        past_geometry = past_geometry || (ImGui::TableGetColumnFlags(i) & ImGuiTableColumnFlags_IsHovered);
      const float my = ImGui::GetIO().MousePos.y;
      return past_geometry && my >= row_y && my < row_y + row_h;
    };
    int index = 0;
    for (const LadderPivot::Row& row : pivot.rows) {
      const GateVariantInfo& info = gate_variant_info(row.variant);
      auto cell = [&](std::size_t g) -> const LadderRow* {
        const int i = row.cells[g];
        return i < 0 ? nullptr : &rows[static_cast<std::size_t>(i)];
      };
      // The resource columns' figures: the kernel's, the same at every size (the first that ran).
      const GateReport* any = nullptr;
      for (std::size_t g = 0; g < row.cells.size() && !any; ++g)
        if (const LadderRow* c = cell(g)) any = c->report.get();
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      const float row_y = ImGui::GetCursorScreenPos().y - padding.y;  // the row's top edge
      bool own_tip = false;  // a cell's own tooltip shows (a geometry button's, "not run"'s why)
      for (const Column& col : cols) {
        if (col.kind != kGeometry) ImGui::TableNextColumn();
        const LadderRow* at = groups && col.kind >= kMs && col.kind <= kCublas ? cell(col.size) : nullptr;
        const GateReport* r = at ? at->report.get() : nullptr;
        switch (col.kind) {
          case kGeometry:
            // The geometry buttons first: they stay while the table scrolls sideways.
            for (GateOperand o : {GateOperand::A, GateOperand::B}) {
              if (o == GateOperand::B) ImGui::SameLine(0, 2.f);
              const std::string label = std::string(to_string(o)) + "##geometry" + std::to_string(index);
              // The mma.sync rungs' operands open in the bank view (per-lane loads), the wgmma rungs' in
              // the descriptor view (their shared memory is read through a descriptor, no per-lane
              // addresses).
              const bool banks = opens_in_layout_view(info, o);
              const WgmmaGateRung* rung = banks ? nullptr : wgmma_rung_of(info);
              ImGui::BeginDisabled(!banks && rung == nullptr);
              if (ImGui::SmallButton(label.c_str())) {
                l.geometry = GateGeometryRequest{row.variant, o};
                if (banks)
                  show_in_layout_view(s, info, o);
                else if (rung)
                  show_in_descriptor_view(s, *rung, o);
              }
              ImGui::EndDisabled();
              if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
                own_tip = true;
                // Wrapped (text_tooltip): a rung's long geometry ran off the screen's right edge.
                text_tooltip(ImGui::GetStyleColorVec4(ImGuiCol_Text),
                             geometry_text(info) +
                                 (banks  ? ""
                                  : rung ? "opens in the descriptor view (128B swizzle, as its TMA loads it)"
                                         : "not in the bank view: the bank model covers per-lane loads"));
              }
              if (index == 0) record_widget(s, o == GateOperand::A ? "ladder_geometry" : "ladder_geometry_b");
              if (rung && !s.frame.widgets.count(o == GateOperand::A ? "ladder_geometry_wgmma"
                                                                     : "ladder_geometry_wgmma_b"))
                record_widget(s, o == GateOperand::A ? "ladder_geometry_wgmma" : "ladder_geometry_wgmma_b");
            }
            break;
          case kVariant:
            ImGui::TextUnformatted(std::string(info.name).c_str());
            if (index == 0) record_widget(s, "ladder_variant");
            if (const std::string w = "ladder_rung:" + std::to_string(info.rung); !s.frame.widgets.count(w))
              record_widget(s, w.c_str());  // the rung's first row
            break;
          case kVerdict: {
            // Over the sizes: the first size that is wrong, else exact where any ran; a size that
            // did not run says so in its own cell.
            const LadderRow* wrong = nullptr;
            bool ran = false, refused = false;
            for (std::size_t g = 0; g < row.cells.size(); ++g)
              if (const LadderRow* c = cell(g)) {
                const GateReport* cr = c->report.get();
                ran = ran || cr;
                refused = refused || (!cr && !c->refusal.empty());
                if (cr && !wrong && !(cr->exact && cr->spot_check_failures == 0)) wrong = c;
              }
            if (wrong && wrong->report->mismatch_count > 0)
              ImGui::TextColored(kRedV, "%" PRIu64 " wrong at %d", wrong->report->mismatch_count, wrong->n);
            else if (wrong)
              ImGui::TextColored(kRedV, "not exact at %d", wrong->n);  // a recorded bench keeps no count
            else if (ran)
              ImGui::TextColored(kGreenV, "exact");
            else if (refused)
              ImGui::TextColored(kAmberV, "not run");
            break;
          }
          case kMs:
            if (r) ImGui::Text("%.4f", r->kernel_ms);
            break;
          case kTflops:
            if (r && r->exact && r->spot_check_failures == 0)
              ImGui::Text("%.1f", r->gflops / 1000.0);
            else if (r)
              ImGui::TextColored(kRedV, "%.1f", r->gflops / 1000.0);  // fast but wrong
            else if (at && !at->refusal.empty()) {
              ImGui::TextColored(kAmberV, "not run");
              if (ImGui::IsItemHovered()) {
                own_tip = true;
                text_tooltip(kAmberV, "n = " + std::to_string(at->n) + ": " + at->refusal);
              }
            }
            break;
          case kCublas:
            if (r && at->ratio_to_cublas > 0) ImGui::Text("%.2f", at->ratio_to_cublas);
            break;
          case kRegisters:
            if (any) ImGui::Text("%d", any->resources.registers);
            break;
          case kShared:
            if (any)
              ImGui::Text("%d", any->resources.static_shared_bytes + any->resources.dynamic_shared_bytes);
            break;
          case kSpills:
            if (any) ImGui::Text("%d", any->resources.local_bytes);
            break;
        }
      }
      // The row hovered past its geometry buttons: every figure of each size, the columns not shown too.
      if (!own_tip && row_hovered(row_y)) {
        const std::string tip = ladder_row_text(info, rows, row);
        // Wrapped within the display (text_tooltip): rungs 7 and 10's technique ran off its edge.
        text_tooltip(ImGui::GetStyleColorVec4(ImGuiCol_Text), tip);
        s.frame.gate_ladder_tip = tip;
      }
      ++index;
    }
    if (cublas_row) {
      // The yardstick as a row of its own, under the rungs as in the docs' table: one timing per
      // size (median of its runs) in the same run as the rungs.
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      const float row_y = ImGui::GetCursorScreenPos().y - padding.y;
      for (const Column& col : cols) {
        if (col.kind != kGeometry) ImGui::TableNextColumn();
        const double ms = col.kind >= kMs && col.kind <= kCublas ? pivot.cublas_ms[col.size] : 0.0;
        if (col.kind == kVariant) {
          ImGui::TextUnformatted("cuBLAS");
          record_widget(s, "ladder_cublas");
        } else if (col.kind == kVerdict) {
          ImGui::TextColored(kDimV, "yardstick");
        } else if (ms > 0 && col.kind == kMs) {
          ImGui::Text("%.4f", ms);
        } else if (ms > 0 && col.kind == kTflops) {
          ImGui::Text("%.1f", cublas_tflops(pivot.sizes[col.size], ms));
        } else if (ms > 0 && col.kind == kCublas) {
          ImGui::TextUnformatted("1.00");
        }
      }
      if (row_hovered(row_y)) {
        const std::string tip = cublas_row_text(pivot);
        text_tooltip(ImGui::GetStyleColorVec4(ImGuiCol_Text), tip);
        s.frame.gate_ladder_tip = tip;
      }
    }
    ImGui::EndTable();
  }
  ImGui::PopStyleVar();
  const float below_y = ImGui::GetCursorPosY();
  if (l.result && !l.result->recorded.empty() && !l.result->recorded_notes.empty()) {
    for (const std::string& note : l.result->recorded_notes) status_text(kAmberV, "%s", note.c_str());
    record_widget(s, "ladder_recorded_notes");
  }
  if (l.geometry) {
    ImGui::Separator();
    ImGui::PushTextWrapPos(0.f);
    const std::string text = geometry_text(gate_variant_info(l.geometry->variant));
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    s.frame.gate_geometry = text;
  }
  s.gate_spare += ImGui::GetCursorPosY() - below_y;
}

}  // namespace

void draw_gate(AppState& s) {
  s.gate_spare = 0;  // what may scroll out of the view, added as it is drawn
  if (!begin_view(s, kWinGate, &s.windows.gate)) {
    ImGui::End();
    return;
  }
  GateRequest& req = s.gate_request;
  const bool running = s.gate_status == JobStatus::running || s.gate_ladder.running;
  ImGui::BeginDisabled(running);
  ImGui::SetNextItemWidth(110);
  // The gate's own range and the variant's tile step (gate_ladder.hpp); a size inside the range that
  // does not tile (2000) stays as typed and the reason below says what would work.
  const int step = gate_variant_info(req.variant).n_multiple;
  const NumberEdit n_edit = input_number("n", &req.n, step, 8 * step);
  if (n_edit == NumberEdit::changed) {
    // Said of the n set, so a step button or a ladder run that changes it drops the note.
    const std::string note = clamp_note("n", req.n, kGateMinN, kGateMaxN, "");
    req.n = std::clamp(req.n, kGateMinN, kGateMaxN);
    s.gate_n_clamp_note = {note, {req.n, 0}};
  } else if (n_edit == NumberEdit::not_a_number) {  // req.n: the n before that edit
    req.n = std::clamp(req.n, kGateMinN, kGateMaxN);
    s.gate_n_clamp_note = {not_a_number_note("n", req.n, ""), {req.n, 0}};
  }
  req.n = std::clamp(req.n, kGateMinN, kGateMaxN);
  s.gate_n_clamp_note.drop_unless({req.n, 0});
  record_widget(s, "gate_n");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(150);
  if (ImGui::BeginCombo("variant", std::string(to_string(req.variant)).c_str(),
                        ImGuiComboFlags_HeightLarge)) {
    std::vector<PickerEntry> entries;
    for (const GateVariantInfo& info : gate_variants()) {
      std::string name = std::string(info.name) + "  (rung " + std::to_string(info.rung) + ")";
      if (info.deliberately_wrong) name = std::string(info.name) + "  (deliberately wrong)";
      // Found by the CTA tile's preset name of it too (newcomer round 23: "gate-broken-swap-b" found
      // nothing).
      entries.push_back(PickerEntry{name, "", std::string(info.technique), info.variant == req.variant, "",
                                    tile::gate_preset_name(info.name)});
    }
    if (const int i = filtered_list(s, "gate_variant", entries, "variant"); i >= 0)
      req.variant = gate_variants()[static_cast<std::size_t>(i)].variant;
    ImGui::EndCombo();
  }
  // Hovered, what the variant does (its one sentence): a newcomer without a GPU picked broken-swap-b
  // and nothing said what it plants (newcomer round 24).
  combo_preview(s, "gate_variant", std::string(to_string(req.variant)),
                std::string(gate_variant_info(req.variant).technique));
  // Wide enough for the largest seed, 2^64 - 1 (newcomer round 33 saw "1844674407370" of it).
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("18446744073709551615").x +
                          2.f * ImGui::GetStyle().FramePadding.x);
  seed_field(s, "gate_seed", "seed", &req.seed);  // "-1" is 0 and said, "1e3" no number
  ImGui::EndDisabled();

  const bool can = !running && !s.gate_blocked;
  s.frame.gate_button_enabled = can;
  s.frame.gate_reason = s.gate_blocked.value_or(running ? "a gate run is in progress" : "");
  ImGui::SameLine();
  ImGui::BeginDisabled(!can);
  if (ImGui::Button("Run gate")) s.gate_run_requested = true;
  ImGui::EndDisabled();
  record_widget(s, "run_gate");
  if (running) {
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) s.gate_cancel_requested = true;
    ImGui::ProgressBar(static_cast<float>(s.gate_progress_permille) / 1000.f, ImVec2(-1, 0));
  }
  // Each reason once: without a GPU the blocked line, the run's error and its verdict said the same.
  const GateNotices notices = gate_notices(s.gate_blocked, s.gate_error, s.gate.report.get());
  if (s.gate_blocked) {
    // The first clause on the panel ("no CUDA device"), the driver's words on hover: the Device view
    // has them whole, and three lines of them here took the ladder table's room (newcomer round 33).
    const std::string& why = *s.gate_blocked;
    const std::size_t cut = why.find(": ");
    status_text(kAmberV, "Gate unavailable: %s%s", why.substr(0, cut).c_str(),
                cut == std::string::npos ? "" : " (hover for why)");
    record_widget(s, "gate_reason");
    if (cut != std::string::npos && ImGui::IsItemHovered()) text_tooltip(kAmberV, why);
  }
  number_note(s, "gate_seed");
  if (!s.gate_n_clamp_note.text.empty()) {
    status_text(kAmberV, "%s", s.gate_n_clamp_note.text.c_str());
    record_widget(s, "gate_n_clamp_note");
  }
  if (!notices.error.empty()) {
    status_text(kRedV, "%s", notices.error.c_str());
    record_widget(s, "gate_error");
  }
  ImGui::Separator();
  // The shown run's lines and the History may scroll out of the view: they are no part of its least
  // (AppState::gate_spare), so the open ladder keeps its room beside the output view's picture.
  const float result_y = ImGui::GetCursorPosY();
  s.frame.gate_other_variant.clear();
  if (s.gate.report && find_gate_variant(s.gate.report->request.variant) &&
      s.gate.report->request.variant != req.variant) {
    // The picker names another variant than the result's (one picked since): say whose it is.
    s.frame.gate_other_variant = "No result for " + std::string(to_string(req.variant)) +
                                 (s.gate.origin == "live" ? " yet" : " in this report") +
                                 ": the result below is " +
                                 std::string(to_string(s.gate.report->request.variant)) + "'s";
    status_text(kAmberV, "%s", s.frame.gate_other_variant.c_str());
    record_widget(s, "gate_other_variant");
  }
  if (s.gate.report)
    draw_result(s, s.gate, notices.not_run, s.frame.gate_verdict);
  else if (!s.gate_blocked)  // an unavailable gate's amber line already says why there is none
    ImGui::TextColored(kDimV, "No gate result yet.");
  if (s.gate.report) s.gate_spare += ImGui::GetCursorPosY() - result_y;
  draw_ladder(s, s.gate_status == JobStatus::running);

  const float history_y = ImGui::GetCursorPosY();
  if (!s.history.empty() && ImGui::CollapsingHeader("History", ImGuiTreeNodeFlags_DefaultOpen)) {
    const ImGuiTableFlags f = ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders |
                              ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY;
    if (ImGui::BeginTable("history", 7, f, ImVec2(0, std::max(80.f, ImGui::GetContentRegionAvail().y)))) {
      ImGui::TableSetupScrollFreeze(0, 1);
      for (const char* h : {"#", "variant", "n", "verdict", "ms", "GFLOP/s", "x cuBLAS"})
        ImGui::TableSetupColumn(h);
      ImGui::TableHeadersRow();
      // Older rows hold summaries (gate_history.hpp): every figure shown here, no matrices.
      for (std::size_t i = s.history.size(); i-- > 0;) {
        const GateReport& r = *s.history.rows()[i].report;
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::Text("%zu", s.history.number(i));
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(variant_words(r.request).c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%d", r.request.n);
        ImGui::TableNextColumn();
        if (!r.ran)
          ImGui::TextColored(kAmberV, r.cancelled ? "cancelled" : "error");
        else if (r.exact)
          ImGui::TextColored(kGreenV, "exact");
        else
          ImGui::TextColored(kRedV, "%" PRIu64 " wrong", r.mismatch_count);
        if (ImGui::IsItemHovered()) text_tooltip(ImGui::GetStyleColorVec4(ImGuiCol_Text), verdict_line(r));
        ImGui::TableNextColumn();
        ImGui::Text("%.3f", r.kernel_ms);
        ImGui::TableNextColumn();
        ImGui::Text("%.0f", r.gflops);
        ImGui::TableNextColumn();
        ImGui::Text("%.2f", r.ratio_to_cublas);
      }
      ImGui::EndTable();
    }
  }
  s.gate_spare += ImGui::GetCursorPosY() - history_y;
  ImGui::End();
}

}  // namespace fragviz::app
