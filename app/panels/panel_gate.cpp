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

/// A ladder row's tooltip: the variant, its rung and technique, then every figure of the row (the
/// resource columns' too, shown or not), or why it did not run.
std::string ladder_row_text(const GateVariantInfo& info, const LadderRow& row) {
  std::string t =
      std::string(info.name) + " (rung " + std::to_string(info.rung) + "): " + std::string(info.technique);
  if (row.n > 0) t += "\nn = " + std::to_string(row.n);
  const GateReport* r = row.report.get();
  if (!r) return t + (row.refusal.empty() ? "" : "\nnot run: " + row.refusal);
  char buf[160];
  std::snprintf(buf, sizeof buf, "\n%.4f ms, %.1f TFLOP/s", r->kernel_ms, r->gflops / 1000.0);
  t += buf;
  if (row.ratio_to_cublas > 0) {
    std::snprintf(buf, sizeof buf, ", %.2f x cuBLAS", row.ratio_to_cublas);
    t += buf;
  }
  t += "\nregisters " + std::to_string(r->resources.registers) + ", shared " +
       std::to_string(r->resources.static_shared_bytes + r->resources.dynamic_shared_bytes) + " B, spills " +
       std::to_string(r->resources.local_bytes) + " B";
  t += r->exact && r->spot_check_failures == 0 ? "\nexact"
       : r->mismatch_count > 0                 ? "\n" + std::to_string(r->mismatch_count) + " wrong"
                                               : "\nnot exact";
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
    // session 20's call 4 were high because cuBLAS ran slow in that run; only the docs said so).
    for (const std::string& note : l.result->recorded_notes) status_text(kAmberV, "%s", note.c_str());
    if (!l.result->recorded_notes.empty()) record_widget(s, "ladder_recorded_notes");
  }

  s.gate_spare += ImGui::GetCursorPosY() - recorded_y;

  // Rows: the finished ladder's or the recorded bench's, else one per variant without figures
  // (geometry only).
  std::vector<LadderRow> rows = l.result ? l.result->rows : ladder_plan({0});
  // Ten columns were wider than the panel at its default width (480 px at 1600x1000; newcomer round
  // 26 scrolled sideways for the last ones): six show, and the ms, registers, shared B and spills B
  // columns on request ("more columns"); each row's tooltip gives every figure of its row. A table
  // wider than the panel (more columns, a narrower window) scrolls sideways under the
  // geometry and variant columns, which stay. As tall as its rows: the view grows to it (with_room).
  // Only where there are figures (a run, a recorded bench): the geometry-only table keeps its height.
  if (l.result) {
    ImGui::Checkbox("more columns", &l.resource_columns);
    record_widget(s, "ladder_resource_columns");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "ms, registers, shared B and spills B as columns (the table then scrolls sideways);\n"
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
  // As tall as its rows where the view has room (the layout gives it that much where the column
  // can); else as tall as the room left above the cuBLAS line and the History, scrolling in itself
  // under its header row (a recorded bench's 45 rows ran past the window, newcomer round 29).
  const float full_h = static_cast<float>(rows.size() + 1) * row_h + st.ScrollbarSize + 6.f;
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float below =
      (l.result ? 3.f * line : 0.f) +
      (s.history.empty() ? 0.f : ImGui::GetFrameHeightWithSpacing() + 80.f + st.ItemSpacing.y);
  const float room = ImGui::GetContentRegionAvail().y - below;
  const float least_h = std::min(full_h, 7.f * row_h + st.ScrollbarSize + 6.f);
  const float table_h = full_h <= room ? full_h : std::max(least_h, room);
  s.gate_table_cut = full_h - table_h;
  s.gate_spare += table_h - least_h;
  if (table_h < full_h) f |= ImGuiTableFlags_ScrollY;
  ImGui::PushStyleVar(ImGuiStyleVar_CellPadding, padding);
  enum Col { kGeometry, kVariant, kN, kMs, kTflops, kCublas, kRegisters, kShared, kSpills, kVerdict };
  static constexpr const char* kColumns[] = {"geometry", "variant",   "n",        "ms",       "TFLOP/s",
                                             "x cuBLAS", "registers", "shared B", "spills B", "verdict"};
  std::vector<int> cols = {kGeometry, kVariant, kN};
  if (resource_columns) cols.push_back(kMs);
  cols.insert(cols.end(), {kTflops, kCublas});
  if (resource_columns) cols.insert(cols.end(), {kRegisters, kShared, kSpills});
  cols.push_back(kVerdict);
  const int ncols = static_cast<int>(cols.size());
  if (ImGui::BeginTable(resource_columns ? "ladder_wide" : "ladder", ncols, f, ImVec2(0, table_h))) {
    s.frame.widgets["ladder_table"] = Rect{ImGui::GetWindowPos().x, ImGui::GetWindowPos().y,
                                           ImGui::GetWindowSize().x, ImGui::GetWindowSize().y};
    s.frame.gate_ladder_scroll_max = ImGui::GetScrollMaxX();
    s.frame.gate_ladder_scroll_y = ImGui::GetScrollY();
    s.frame.gate_ladder_scroll_max_y = ImGui::GetScrollMaxY();
    for (int c : cols) ImGui::TableSetupColumn(kColumns[c]);
    ImGui::TableSetupScrollFreeze(2, 1);
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (int i = 0; i < ncols; ++i) {
      ImGui::TableSetColumnIndex(i);
      ImGui::TableHeader(kColumns[cols[static_cast<std::size_t>(i)]]);
      record_widget(s, (std::string("ladder_col:") + kColumns[cols[static_cast<std::size_t>(i)]]).c_str());
    }
    int index = 0;
    for (const LadderRow& row : rows) {
      const GateVariantInfo& info = gate_variant_info(row.variant);
      const GateReport* r = row.report.get();
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      const float row_y = ImGui::GetCursorScreenPos().y - padding.y;  // the row's top edge
      bool own_tip = false;  // a cell's own tooltip shows (a geometry button's, "not run"'s why)
      for (int c : cols) {
        if (c != kGeometry) ImGui::TableNextColumn();
        switch (c) {
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
          case kN:
            if (row.n > 0) ImGui::Text("%d", row.n);
            break;
          case kMs:
            if (r) ImGui::Text("%.4f", r->kernel_ms);
            break;
          case kTflops:
            if (r) ImGui::Text("%.1f", r->gflops / 1000.0);
            break;
          case kCublas:
            if (r && row.ratio_to_cublas > 0) ImGui::Text("%.2f", row.ratio_to_cublas);
            break;
          case kRegisters:
            if (r) ImGui::Text("%d", r->resources.registers);
            break;
          case kShared:
            if (r) ImGui::Text("%d", r->resources.static_shared_bytes + r->resources.dynamic_shared_bytes);
            break;
          case kSpills:
            if (r) ImGui::Text("%d", r->resources.local_bytes);
            break;
          case kVerdict:
            if (r && r->exact && r->spot_check_failures == 0)
              ImGui::TextColored(kGreenV, "exact");
            else if (r && r->mismatch_count > 0)
              ImGui::TextColored(kRedV, "%" PRIu64 " wrong", r->mismatch_count);
            else if (r)
              ImGui::TextColored(kRedV, "not exact");  // a recorded bench keeps no count
            else if (!row.refusal.empty()) {
              ImGui::TextColored(kAmberV, "not run");
              if (ImGui::IsItemHovered()) {
                own_tip = true;
                text_tooltip(kAmberV, row.refusal);
              }
            }
            break;
        }
      }
      // The row hovered past its geometry buttons: every figure of the row, the columns not shown too.
      bool past_geometry = false;
      for (int i = 1; i < ncols; ++i)
        past_geometry = past_geometry || (ImGui::TableGetColumnFlags(i) & ImGuiTableColumnFlags_IsHovered);
      const float my = ImGui::GetIO().MousePos.y;
      if (!own_tip && past_geometry && my >= row_y && my < row_y + row_h) {
        const std::string tip = ladder_row_text(info, row);
        // Wrapped within the display (text_tooltip): rungs 7 and 10's technique ran off its edge.
        text_tooltip(ImGui::GetStyleColorVec4(ImGuiCol_Text), tip);
        s.frame.gate_ladder_tip = tip;
      }
      ++index;
    }
    ImGui::EndTable();
  }
  ImGui::PopStyleVar();
  const float below_y = ImGui::GetCursorPosY();
  if (l.result) {
    // One yardstick per size, timed like every rung (median of the runs) in the same run.
    std::string cublas =
        "cuBLAS, the yardstick of every x cuBLAS (median of its runs, timed in the same run):";
    for (const auto& [n, ms] : l.result->cublas_ms) {
      char buf[96];
      const double nn = static_cast<double>(n);
      std::snprintf(buf, sizeof buf, " n = %d %.4f ms (%.1f TFLOP/s);", n, ms,
                    2.0 * nn * nn * nn / (ms * 1e9));
      cublas += buf;
    }
    status_text(kDimV, "%s", cublas.c_str());
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
  ImGui::SetNextItemWidth(110);
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
    status_text(kAmberV, "Gate unavailable: %s", s.gate_blocked->c_str());
    record_widget(s, "gate_reason");
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
