// The bank view's Layout mode: the user's own CuTe tile layout (write and read side), lane address
// pattern and shared-memory instruction, judged by the model (layout_view.hpp). Parse errors with
// their column, static-check failures naming the lanes, per-phase and total wavefronts in Nsight
// Compute's terms, and the tile as 128-byte lines over the 32 banks: words filled with the lane
// that reads them, outlined red where a phase's bank serves more than one word (the conflicting
// lanes), magenta where the first round-trip mismatch read.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "../bank_layout_mode.hpp"
#include "../grid_clip.hpp"
#include "../palette.hpp"
#include "imgui_stdlib.h"
#include "panels.hpp"

namespace fragviz::app {

namespace {

constexpr ImU32 kMagenta = IM_COL32(236, 72, 220, 255);

/// Layouts a user reaches for first; the tile controls' own notation is offered above them.
struct LayoutPreset {
  const char* notation;
  const char* what;
};
constexpr LayoutPreset kLayoutPresets[] = {
    {"Swizzle<3,3,3> o (16,64):(64,1)", "64 halves a row, CuTe's 128-byte swizzle"},
    {"Swizzle<2,3,3> o (16,64):(64,1)", "64 halves a row, two of the three bits"},
    {"(16,64):(64,1)", "64 halves a row, no swizzle"},
    {"(16,64):(72,1)", "64 halves a row, padded by 8"},
    {"B:Swizzle<3,4,3> o (16,128):(128,1)", "Hopper's 128-byte swizzle mode, in bytes"},
    {"B:Swizzle<2,4,3> o (16,64):(64,1)", "Hopper's 64-byte swizzle mode, in bytes"},
};

/// A field's parse error under it, with the text up to the column it names.
void field_error_line(AppState& s, const FieldError& e, const std::string& text, const char* widget) {
  if (e.ok()) return;
  ImGui::PushTextWrapPos(0.f);
  status_text(kRedV, "%s", e.message.c_str());
  if (e.column > 0) {
    const std::size_t at = std::min(text.size(), static_cast<std::size_t>(e.column - 1));
    status_text(kDimV, "here: %s >>%s", text.substr(0, at).c_str(), text.substr(at).c_str());
  }
  ImGui::PopTextWrapPos();
  record_widget(s, widget);
}

/// A field's swizzle that changes no offset of its layout, said under it (else it reads like the
/// unswizzled layout's answer).
void idle_swizzle_line(AppState& s, const std::string& note, const char* widget) {
  if (note.empty()) return;
  ImGui::PushTextWrapPos(0.f);
  status_text(kAmberV, "note: %s", note.c_str());
  ImGui::PopTextWrapPos();
  record_widget(s, widget);
}

bool layout_field(AppState& s, const char* label, const char* id, std::string& text, const char* hint,
                  const char* widget) {
  ImGui::TextColored(kDimV, "%s", label);
  ImGui::SameLine(70.f);
  ImGui::SetNextItemWidth(-1.f);
  const bool changed = ImGui::InputTextWithHint(id, hint, &text);
  record_widget(s, widget);
  return changed;
}

/// The inputs; returns whether the user changed any.
bool draw_inputs(AppState& s, const LayoutView& v) {
  LayoutControls& c = s.layout;
  bool edited = false;
  // Presets: the tile controls' width/pad/xor as the string they stand for, then common layouts.
  const auto from_controls = controls_layout_notation(s.controls);
  ImGui::SetNextItemWidth(-1.f);
  if (ImGui::BeginCombo("##layout_presets", "layout presets...")) {
    // The tile controls' notation first (or why there is none), then the common layouts.
    std::vector<PickerEntry> entries;
    std::vector<std::string> notation;
    if (from_controls) {
      entries.push_back(
          PickerEntry{"tile controls: " + *from_controls, "", "", false, "layout_preset:controls"});
      notation.push_back(*from_controls);
    } else {
      status_text(kDimV, "tile controls: %s", from_controls.error.message.c_str());
    }
    for (const LayoutPreset& p : kLayoutPresets) {
      entries.push_back(PickerEntry{std::string(p.notation) + "   (" + p.what + ")", "", "", false,
                                    "layout_preset:" + std::to_string(&p - kLayoutPresets)});
      notation.push_back(p.notation);
    }
    // Not an edit: the typed layout it replaces is kept for "Back to your layout", as a gate rung's.
    if (const int i = filtered_list(s, "layout_presets", entries); i >= 0) {
      keep_your_layout(s, "layout preset " + notation[static_cast<std::size_t>(i)]);
      c.write_layout = notation[static_cast<std::size_t>(i)];
    }
    ImGui::EndCombo();
  }
  record_widget(s, "layout_presets");
  edited |= layout_field(s, "write", "##layout_write", c.write_layout,
                         "CuTe layout, e.g. Swizzle<3,3,3> o (16,64):(64,1)", "layout_write");
  field_error_line(s, v.write_error, c.write_layout, "layout_write_error");
  idle_swizzle_line(s, v.write_idle, "layout_write_idle");
  edited |= layout_field(s, "read", "##layout_read", c.read_layout,
                         "same as write (type one to check a round trip)", "layout_read");
  field_error_line(s, v.read_error, c.read_layout, "layout_read_error");
  idle_swizzle_line(s, v.read_idle, "layout_read_idle");
  if (!v.trip_error.empty()) status_text(kRedV, "round trip: %s", v.trip_error.c_str());

  // Lanes: a preset, an expression in `lane`, or a table.
  ImGui::TextColored(kDimV, "lanes");
  ImGui::SameLine(70.f);
  ImGui::SetNextItemWidth(110.f);
  if (ImGui::BeginCombo("##lane_presets", "preset...")) {
    std::vector<PickerEntry> entries;
    for (const LanePreset& p : lane_presets())
      // Each as it reads at the tile's element width (E is the elements in 16 bytes).
      entries.push_back(PickerEntry{
          std::string(p.name) + "   " + lane_preset_expression(p, v.element_bytes ? v.element_bytes : 2), "",
          std::string(p.description), c.lanes == p.name, ""});
    if (const int i = filtered_list(s, "layout_lane_presets", entries); i >= 0) {  // as a layout preset
      const std::string name(lane_presets()[static_cast<std::size_t>(i)].name);
      if (name != c.lanes) keep_your_layout(s, "lane preset " + name);
      c.lanes = name;
    }
    ImGui::EndCombo();
  }
  record_widget(s, "layout_lane_presets");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1.f);
  edited |= ImGui::InputTextWithHint("##layout_lanes", "preset, row=EXPR, col=EXPR in lane, or r,c; r,c; ...",
                                     &c.lanes);
  record_widget(s, "layout_lanes");
  if (ImGui::IsItemHovered() && !ImGui::IsItemActive())
    ImGui::SetTooltip(
        "A preset name (%s), an expression such as\n  row=lane&15, col=8*(lane>>4)\nor a table "
        "of (row, col) per lane:\n  0,0; 1,0; 2,0; ...   ('-' for a lane without an address)",
        lane_preset_names().c_str());
  field_error_line(s, v.lanes_error, c.lanes, "layout_lanes_error");

  // The instruction and the element type.
  ImGui::TextColored(kDimV, "op");
  ImGui::SameLine(70.f);
  // Wide enough for its longest entry (issue 22: "LDS.128  ld.shared.v4.b3" cut at 190 px).
  std::vector<std::string> op_labels;
  for (const SharedOpInfo& i : kSharedOps) op_labels.emplace_back(i.label);
  ImGui::SetNextItemWidth(combo_width(op_labels));
  if (ImGui::BeginCombo("##layout_op", shared_op_info(c.op).label, ImGuiComboFlags_HeightLarge)) {
    // Typing filters: "128", "sts", "ld.shared" each narrow it (label and name: SASS, PTX, CLI word).
    std::vector<PickerEntry> entries;
    for (const SharedOpInfo& i : kSharedOps)
      entries.push_back(PickerEntry{std::string(i.label) + "##" + i.name, "", "", i.op == c.op,
                                    "layout_op:" + std::string(to_string(i.op))});
    if (const int i = filtered_list(s, "layout_op", entries); i >= 0) {
      c.op = kSharedOps[i].op;
      edited = true;
    }
    ImGui::EndCombo();
  }
  combo_preview(s, "layout_op", shared_op_info(c.op).label);
  if (is_matrix_op(c.op)) {
    for (LdmNum n : {LdmNum::x1, LdmNum::x2, LdmNum::x4}) {
      ImGui::SameLine();
      const std::string label = "." + std::string(to_string(n)) + "##layout";
      if (ImGui::RadioButton(label.c_str(), c.num == n)) {
        c.num = n;
        edited = true;
      }
      record_widget(s, ("layout_num_" + std::string(to_string(n))).c_str());
    }
    ImGui::SameLine();
    edited |= ImGui::Checkbox(".trans##layout", &c.trans);
    record_widget(s, "layout_trans");
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(70.f);
  if (ImGui::BeginCombo("##layout_elem", c.element_type.c_str())) {
    const char* types[] = {"b8", "b16", "b32", "b64"};
    std::vector<PickerEntry> entries;
    for (const char* t : types) entries.push_back(PickerEntry{t, "", "", c.element_type == t, ""});
    if (const int i = filtered_list(s, "layout_elem", entries); i >= 0) {
      c.element_type = types[i];
      edited = true;
    }
    ImGui::EndCombo();
  }
  record_widget(s, "layout_elem");
  if (!v.element_error.ok()) status_text(kRedV, "%s", v.element_error.message.c_str());
  return edited;
}

/// Checks, figures and the round trip.
void draw_figures(AppState& s, const LayoutView& v) {
  const AccessReport& r = *v.access;
  const SmemLayout& l = *v.access_layout();
  ImGui::PushTextWrapPos(0.f);
  ImGui::TextColored(
      kDimV, "%s over %s: %d x %d elements of %d B, %lld B%s", r.mnemonic.c_str(), l.notation.c_str(),
      l.rows(), l.cols(), l.element_bytes(), static_cast<long long>(l.footprint_bytes),
      is_store(v.key.op) && !v.key.read_layout.empty() ? " (a store writes: the write side)" : "");
  for (const AccessProblem& p : r.problems)
    status_text(p.fatal ? kRedV : kAmberV, "%s%s", p.fatal ? "refused: " : "note: ", p.message.c_str());
  if (!r.problems.empty()) record_widget(s, "layout_problems");
  if (!r.refused()) {
    status_text(r.bank_conflicts ? kAmberV : kGreenV, "%s", v.totals.c_str());
    record_widget(s, "layout_totals");
    std::string per;
    for (const std::string& p : v.phase_lines) per += (per.empty() ? "" : "\n") + p;
    status_text(kDimV, "%s", per.c_str());
    if (!v.conflicting_lanes.empty()) {
      status_text(kRedV, "conflicting: %s", lane_list(v.conflicting_lanes).c_str());
      record_widget(s, "layout_conflicting");
    }
    // Why these numbers: the phase rule and what it rests on (smem_access.hpp).
    status_text(kDimV, "%s", phase_rule_text(v.key.op).c_str());
    record_widget(s, "layout_rule");
  }
  if (v.trip) {
    status_text(v.trip->agree() ? kGreenV : kRedV, "%s", v.trip_line.c_str());
    record_widget(s, "layout_round_trip");
  }
  // Measured beside the model: a `probe --layout` run of exactly this geometry (live or opened).
  if (const LayoutProbe* m = matching_layout_probe(v, s.probe.report.get())) {
    const bool agree = m->ran && m->mismatches() == 0 && m->address_mismatches() == 0;
    for (const std::string& line : measured_lines(*m, v))
      status_text(agree ? kGreenV : kRedV, "%s", line.c_str());
    record_widget(s, "layout_measured");
  }
  if (v.truncated) ImGui::TextColored(kDimV, "showing the first %d lines of 128 bytes of the tile", v.lines);
  ImGui::PopTextWrapPos();
}

/// The grid's margins: address labels, bank numbers, per-bank counts.
constexpr float kWl = 52.f, kHl = 16.f, kFoot = 16.f;

/// The grid's cells, labels and counts at `o`, cells cw x chh, drawn where they meet the view.
void draw_grid_cells(AppState& s, const LayoutView& v, ImVec2 o, float cw, float chh, const ImVec2& view_min,
                     const ImVec2& view_max) {
  // A word says which lane reads it where the zoom lets it hold the label (the fragments view's rule);
  // File > Export labels the words the same way.
  const CellLabelMode mode = bank_word_label_mode(cw, chh);
  s.frame.banks_view.label_mode = cell_label_mode_name(mode);
  s.banks_labels = export_labels(mode);
  const AccessReport& r = *v.access;
  const SmemLayout& l = *v.access_layout();
  const BankGrid grid = place_bank_grid("##layout_grid", o, v.lines, kWl, kHl, kFoot, cw, chh);
  record_widget(s, "layout_grid");
  const ImVec2 g0 = grid.g0, size = grid.size;
  const bool hit = grid.hit;
  const int hb = grid.hb, hline = grid.hline;
  const ImVec2 vis_min(std::max(view_min.x, o.x), std::max(view_min.y, o.y));
  const ImVec2 vis_max(std::min(view_max.x, o.x + size.x), std::min(view_max.y, o.y + size.y));
  const float none = std::nanf("");
  s.frame.banks_view.grids["layout"] = {g0.x, g0.y, none, none};
  s.frame.banks_view.visible["layout"] = visible_bank_grid(s, grid, vis_min, vis_max);
  if (vis_max.x <= vis_min.x || vis_max.y <= vis_min.y) return;

  ImDrawList* dl = begin_grid_clip(vis_min, vis_max);
  // For the per-bank counts in the grid's foot.
  const float foot = kFoot;
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  const ImU32 lab = kBankGridLabel;
  char buf[24];
  const int sel = s.selected_lane, hov = s.hovered_lane;
  for (int line = 0; line < v.lines; ++line) {
    for (int b = 0; b < 32; ++b) {
      const LayoutWord& w = v.words[static_cast<std::size_t>(line * 32 + b)];
      const ImVec2 a(g0.x + b * cw, g0.y + line * chh), z(a.x + cw, a.y + chh);
      ImU32 fill = IM_COL32(70, 40, 40, 255);  // pad: no element
      if (w.cell >= 0) {
        const int row = w.cell / l.cols();
        fill = row % 2 ? IM_COL32(62, 66, 74, 255) : IM_COL32(82, 88, 98, 255);
      }
      int reader = -1;
      if (w.lanes) {
        reader = (sel >= 0 && (w.lanes >> sel) & 1u) ? sel : __builtin_ctz(w.lanes);
        fill = lane_colour(reader);
        if (sel >= 0 && !((w.lanes >> sel) & 1u)) fill = over_window_bg(fill, 0x60);
      }
      dl->AddRectFilled(a, z, fill);
      bank_word_label(s, dl, "layout", line, b, reader, mode, a, z, sel >= 0 && !((w.lanes >> sel) & 1u));
      if (w.conflict) dl->AddRect(a, z, kRed, 0, 0, 2.f);
      if (w.round_trip) dl->AddRect(a, z, kMagenta, 0, 0, 3.f);
      if (reader >= 0 && (reader == hov || (sel >= 0 && ((w.lanes >> sel) & 1u))))
        dl->AddRect(a, z, IM_COL32(255, 255, 255, 255), 0, 0, reader == sel ? 2.f : 1.f);
    }
  }
  // Under each bank: the most distinct words any phase asks of it (the phase's "n-way").
  if (!r.refused())
    for (int b = 0; b < 32; ++b) {
      int worst = 0;
      for (const AccessPhase& p : r.phases) worst = std::max(worst, p.words[static_cast<std::size_t>(b)]);
      if (worst == 0) continue;
      std::snprintf(buf, sizeof buf, "%d", worst);
      centred_text(dl, sf, ImVec2(g0.x + b * cw, g0.y + v.lines * chh + 1),
                   ImVec2(g0.x + (b + 1) * cw, g0.y + v.lines * chh + foot), worst > 1 ? kRed : lab, buf);
    }
  // Labels last: the bands that stay in view are drawn over the cells scrolled under them.
  const auto bands =
      draw_bank_grid_labels(dl, grid, "0x%04X", vis_min, vis_max, &s.frame.banks_view.address_every);
  s.frame.banks_view.grids["layout"] = {g0.x, g0.y, bands.first, bands.second};
  end_grid_clip();

  if (hit) {
    const int wi = hline * 32 + hb;
    const LayoutWord& w = v.words[static_cast<std::size_t>(wi)];
    ImGui::BeginTooltip();
    ImGui::Text("bytes %s-%s, bank %d", hex(static_cast<std::uint32_t>(wi * 4), 4).c_str(),
                hex(static_cast<std::uint32_t>(wi * 4 + 3), 4).c_str(), hb);
    if (w.cell < 0) {
      ImGui::TextColored(kDimV, "no element (pad)");
    } else {
      const Coord c = cell_coord(l, w.cell);
      ImGui::Text("element (%d,%d)", c.row, c.col);
    }
    for (int lane = 0; lane < kWarpSize; ++lane)
      if ((w.lanes >> lane) & 1u) {
        const LaneAccess& a = r.lanes[static_cast<std::size_t>(lane)];
        ImGui::Text("lane %d: address of (%d,%d), byte %lld", lane, a.logical.row, a.logical.col,
                    static_cast<long long>(a.byte_address));
      }
    if (w.conflict) status_text(kRedV, "its bank serves more than one word in this phase");
    if (w.round_trip) status_text(kRedV, "the first round-trip mismatch read here");
    ImGui::EndTooltip();
    if (w.lanes) {
      s.frame.hovered_lane = __builtin_ctz(w.lanes);
      if (ImGui::IsItemClicked(ImGuiMouseButton_Left)) toggle_lane(s, __builtin_ctz(w.lanes));
    }
  }
}

/// The tile as 128-byte lines over the banks, zoomed and scrolled in a child (zoom_grid.hpp) under a
/// zoom row: it opens at the zoom where every line has its address.
void draw_grid(AppState& s, const LayoutView& v) {
  const float sb = ImGui::GetStyle().ScrollbarSize, bar_h = ImGui::GetFrameHeightWithSpacing();
  // The grid gets the rest of the window, but never less than half of it (the window scrolls to it
  // below a long text).
  const ImVec2 avail(ImGui::GetContentRegionAvail().x,
                     std::max(ImGui::GetContentRegionAvail().y, 0.5f * ImGui::GetWindowHeight()));
  const ImVec2 fit =
      fit_bank_cells(ImVec2(avail.x - sb - 10.f, avail.y - bar_h - sb), 1, v.lines, kWl, kHl, kFoot, 0.f);
  const float readable = readable_bank_zoom(fit);
  GridZoom& z = s.banks_zoom;
  zoom_for(z, "layout " + s.layout.access_layout_text() + " " + std::to_string(v.lines), readable,
           s.frame.layout.views_changed);
  zoom_bar(s, z, "banks", kMinBanksZoom, kMaxBanksZoom, readable,
           "1x fits the grid in the view; the view opens at the zoom where every 128-byte line has its\n"
           "address. Ctrl+wheel over the grid zooms about the mouse; wheel scrolls, shift+wheel sideways.");
  const float zoom = std::clamp(z.zoom, kMinBanksZoom, kMaxBanksZoom);
  const ImVec2 cell = zoomed_bank_cells(fit, zoom);
  const float cw = cell.x, chh = cell.y;
  begin_zoom_child(s, z, "##banks_view", "banks_view", ImVec2(0, avail.y - bar_h),
                   ImVec2(kWl + 32.f * cw + 4.f, kHl + static_cast<float>(v.lines) * chh + kFoot + 4.f), zoom,
                   cw, chh);
  ImDrawList* wl = ImGui::GetWindowDrawList();
  const ImVec2 view_min = wl->GetClipRectMin(), view_max = wl->GetClipRectMax();
  draw_grid_cells(s, v, ImGui::GetCursorScreenPos(), cw, chh, view_min, view_max);
  const ZoomScroll sc = end_zoom_child(z, zoom, cw, chh, kMinBanksZoom, kMaxBanksZoom);
  record_banks_view(s, zoom, readable, cw, chh, sc);
  ImGui::EndChild();
}

}  // namespace

void draw_banks_layout(AppState& s, const LayoutView& v) {
  if (!s.layout.title.empty()) {
    status_text(kAmberV, "%s", s.layout.title.c_str());
    record_widget(s, "layout_title");
    if (s.layout_yours) {
      ImGui::SameLine();
      if (ImGui::SmallButton("Back to your layout")) restore_your_layout(s);
      record_widget(s, "layout_back");
    }
  }
  // An edit makes the geometry the user's: it no longer stands for whoever opened it (and the one it
  // replaced stays given back only by undoing the edit).
  if (draw_inputs(s, v)) {
    s.layout.title.clear();
    s.layout_yours.reset();
  }
  ImGui::Separator();
  // `v` is from the start of this frame; an edit this frame shows in the next.
  if (!v.ready()) {
    ImGui::TextColored(kDimV, "Nothing to show until every field above is taken.");
    return;
  }
  draw_figures(s, v);
  if (!v.words.empty()) draw_grid(s, v);
}

}  // namespace fragviz::app
