// The fragments view's WMMA mode: a picker of nvcuda::wmma fragment kinds above the grids and,
// when one is picked, its matrix as measured instead of the instruction's A, B and C/D: each cell
// coloured by the first lane holding it, labelled T<lane> x<i>, a corner mark where several slots
// hold it, grey where none does. Without a measurement nothing is drawn (wmma_view.hpp).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>

#include "../palette.hpp"
#include "../wmma_view.hpp"
#include "panels.hpp"

namespace fragviz::app {
namespace {

/// The view of the picked kind, computed again only when the kind, the report or its label change.
const WmmaView& view_of(const AppState& s, const WmmaKind& kind) {
  static WmmaView cached;
  static std::shared_ptr<const ProbeReport> report;  // held, so a new report is never at its address
  static std::string label;
  if (cached.kind != &kind || report != s.probe.report || label != s.probe.label) {
    report = s.probe.report;
    label = s.probe.label;
    cached = compute_wmma_view(kind, report.get(), label);
  }
  return cached;
}

void cell_tooltip(const WmmaView& v, int row, int col) {
  const std::vector<WmmaHolder>& h = v.at(row, col);
  ImGui::BeginTooltip();
  ImGui::Text("(%d, %d)   index %d", row, col, row * wmma_cols(*v.kind) + col);
  ImGui::Separator();
  if (h.empty()) status_text(kAmberV, "held by no lane's x[i]");
  for (const WmmaHolder& x : h) ImGui::Text("lane %d x[%d]", x.lane, x.slot);
  ImGui::TextColored(kDimV, "measured, not a contract");
  ImGui::EndTooltip();
}

}  // namespace

bool draw_wmma_picker(AppState& s) {
  const WmmaKind* picked = s.wmma_kind.empty() ? nullptr : find_wmma_kind(s.wmma_kind);
  if (!picked) s.wmma_kind.clear();
  ImGui::TextColored(kDimV, "WMMA");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(std::min(420.f, std::max(200.f, ImGui::GetContentRegionAvail().x * 0.5f)));
  const std::string preview = picked ? s.wmma_kind : "none: the instruction's mma.sync fragments";
  if (ImGui::BeginCombo("##wmma", preview.c_str(), ImGuiComboFlags_HeightLarge)) {
    // Entry 0 is "none"; then the kinds under their groups, filtered as the user types.
    std::vector<PickerEntry> entries{
        PickerEntry{"none: the instruction's mma.sync fragments", "", "", !picked, ""}};
    for (int i = 0; i < wmma_kind_count(); ++i) {
      const WmmaKind& w = wmma_kinds()[i];
      const std::string name = wmma_name(w), status = wmma_status(w, s.probe.report.get());
      entries.push_back(
          PickerEntry{status.empty() ? name : name + "   (" + status + ")", w.group, "", picked == &w, ""});
    }
    if (const int i = filtered_list(s, "wmma_picker", entries); i == 0)
      s.wmma_kind.clear();
    else if (i > 0)
      s.wmma_kind = wmma_name(wmma_kinds()[i - 1]);
    ImGui::EndCombo();
  }
  combo_preview(s, "wmma_picker", preview,
                "nvcuda::wmma fragments have no published map: pick one to see what a GPU measured\n"
                "(fragviz-cli probe --instr wmma), in place of the mma.sync grids.");
  return !s.wmma_kind.empty();
}

void draw_wmma_fragment(AppState& s) {
  const WmmaKind& kind = *find_wmma_kind(s.wmma_kind);
  const WmmaView& v = view_of(s, kind);
  WmmaFrame& fr = s.frame.wmma;
  fr.shown = true;
  fr.name = s.wmma_kind;
  fit_text(ImVec4(0.9f, 0.9f, 0.92f, 1.f), v.title);
  if (!v.measured) {
    fr.nothing = v.nothing;
    status_text(kAmberV, "%s", v.nothing.c_str());
    return;
  }
  fr.label = v.label;
  fr.holders = v.holders_text;
  fr.relation = v.relation;
  fr.same_as = v.same_as;
  status_text(kAmberV, "%s (nvcuda::wmma's mapping is unspecified and subject to change)", v.label.c_str());
  status_text(kDimV, "%s", v.holders_text.c_str());
  status_text(kGreenV, "%s", v.relation.c_str());
  if (!v.same_as.empty()) status_text(kDimV, "%s", v.same_as.c_str());

  // [SECTION] the grid: fitted to the room left, rows and columns labelled
  const int rows = wmma_rows(kind), cols = wmma_cols(kind);
  const float wl = 26.f, hl = 18.f;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const auto fit = [](float room, int n, float most) {
    const float c = room / static_cast<float>(n);
    return std::min(most, c >= 4.f ? std::floor(c) : std::max(c, 1.f));
  };
  const float cw = fit(avail.x - wl - 4.f, cols, 64.f), ch = fit(avail.y - hl - 4.f, rows, 40.f);
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const ImVec2 g0(o.x + wl, o.y + hl);
  ImGui::InvisibleButton("##wmma_grid", ImVec2(wl + cw * static_cast<float>(cols) + 1.f,
                                               hl + ch * static_cast<float>(rows) + 1.f));
  s.frame.widgets["wmma_grid"] = last_item_rect();
  const ImGuiIO& io = ImGui::GetIO();
  int hrow = -1, hcol = -1;
  if (ImGui::IsItemHovered()) {
    hcol = static_cast<int>(std::floor((io.MousePos.x - g0.x) / cw));
    hrow = static_cast<int>(std::floor((io.MousePos.y - g0.y) / ch));
    if (hrow < 0 || hrow >= rows || hcol < 0 || hcol >= cols) hrow = hcol = -1;
  }
  const int hover_lane = hrow >= 0 && !v.at(hrow, hcol).empty() ? v.at(hrow, hcol).front().lane : -1;
  if (hover_lane >= 0 && ImGui::IsItemClicked(ImGuiMouseButton_Left)) toggle_lane(s, hover_lane);
  if (hover_lane >= 0) s.frame.hovered_lane = hover_lane;

  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  const ImVec2 g1(g0.x + cw * static_cast<float>(cols), g0.y + ch * static_cast<float>(rows));
  if (cw >= 5.f && ch >= 5.f) grid_backdrop(dl, g0, g1);
  index_labels(dl, sf, g0, cols, cw, true, o.y, g0.y, g0, g1, kFragmentIndexLabels);
  index_labels(dl, sf, g0, rows, ch, false, o.x, g0.x - 1.f, g0, g1, kFragmentIndexLabels);
  char label[24];
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const std::vector<WmmaHolder>& h = v.at(r, c);
      const ImVec2 a(g0.x + cw * static_cast<float>(c), g0.y + ch * static_cast<float>(r)),
          b(a.x + cw, a.y + ch);
      fr.cells.push_back(WmmaCellRecord{r, c, h.empty() ? -1 : h.front().lane,
                                        h.empty() ? -1 : h.front().slot, static_cast<int>(h.size()),
                                        Rect{a.x, a.y, cw, ch}});
      if (h.empty()) {  // no lane holds it: data, drawn as a gap
        dl->AddRectFilled(a, b, IM_COL32(60, 62, 68, 255));
        continue;
      }
      const int lane = h.front().lane;
      lane_cell(dl, a, b, lane, s.selected_lane, lane == hover_lane);
      std::snprintf(label, sizeof label, "T%d x%d", lane, h.front().slot);
      if (!centred_text(dl, sf, a, b, lane_text_colour(lane), label)) {
        std::snprintf(label, sizeof label, "T%d", lane);
        centred_text(dl, sf, a, b, lane_text_colour(lane), label);
      }
      if (h.size() > 1 && cw >= 8.f && ch >= 8.f)  // held by several slots: a white corner
        dl->AddTriangleFilled(ImVec2(b.x - 7.f, a.y + 1.f), ImVec2(b.x - 1.f, a.y + 1.f),
                              ImVec2(b.x - 1.f, a.y + 7.f), IM_COL32(255, 255, 255, 200));
    }
  if (hrow >= 0) cell_tooltip(v, hrow, hcol);
}

}  // namespace fragviz::app
