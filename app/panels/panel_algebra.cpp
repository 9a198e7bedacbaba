// The Algebra window: an expression of CuTe's layout algebra typed or picked, its result in CuTe's
// notation, and for one operation its operands and result drawn as print_layout tables, linked by
// offset: cells of one offset share a colour, and hovering a cell outlines every cell of its offset
// in every table (the web visualizer's linked colouring).
#include <algorithm>
#include <cstdio>
#include <string>

#include "../palette.hpp"
#include "../window_names.hpp"
#include "../window_placement.hpp"  // begin_view
#include "../zoom_grid.hpp"         // sticky_band, sticky_backdrop
#include "panels.hpp"
// After imgui.h (panels.hpp): its header needs IMGUI_API.
#include "imgui_stdlib.h"

namespace fragviz::app {
namespace {

/// One table at the cursor: column numbers above, row numbers left (kept in view, recorded as
/// "algebra_rows_<index>"), each cell its offset. Returns the offset under the mouse, if any.
std::optional<std::int64_t> draw_table(AppState& s, const AlgebraTable& t, int index,
                                       std::optional<std::int64_t> linked) {
  ImGui::TextUnformatted((t.title + "  " + t.layout).c_str());
  if (!t.swizzle.empty()) ImGui::TextColored(kDimV, "%s", t.swizzle.c_str());
  if (!t.too_large.empty()) {
    status_text(kDimV, "%s", t.too_large.c_str());
    return std::nullopt;
  }
  const float cw = s.algebra.cell, ch = std::max(12.f, cw * 0.7f);
  const float left = ImGui::CalcTextSize("0000").x, top = ImGui::GetTextLineHeight() + 2;
  const auto rows = t.table.extent.rows, cols = t.table.extent.cols;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const ImVec2 g0(o.x + left, o.y + top);
  const ImVec2 size(left + cw * static_cast<float>(cols), top + ch * static_cast<float>(rows));
  char id[32];
  std::snprintf(id, sizeof id, "##algebra_table%d", index);
  ImGui::InvisibleButton(id, ImVec2(std::max(size.x, 1.f), std::max(size.y, 1.f)));
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 label = IM_COL32(160, 166, 176, 255);
  const ImVec2 clip0 = dl->GetClipRectMin(), clip1 = dl->GetClipRectMax();
  char buf[32];
  for (std::int64_t c = 0; c < cols; ++c) {
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(c));
    const float x = g0.x + cw * static_cast<float>(c);
    centred_text(dl, fonts().small, ImVec2(x, o.y), ImVec2(x + cw, g0.y), label, buf);
  }
  std::optional<std::int64_t> under;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  for (std::int64_t r = 0; r < rows; ++r) {
    const float y = g0.y + ch * static_cast<float>(r);
    if (y > clip1.y || y + ch < clip0.y) continue;
    for (std::int64_t c = 0; c < cols; ++c) {
      const float x = g0.x + cw * static_cast<float>(c);
      if (x > clip1.x || x + cw < clip0.x) continue;
      const std::int64_t off = t.table.at(r, c);
      const ImVec2 a(x, y), b(x + cw, y + ch);
      const int colour = algebra_colour_index(s.algebra.colour, off, r, c);
      dl->AddRectFilled(a, b, lane_colour(colour));
      dl->AddRect(a, b, IM_COL32(30, 30, 30, 255));
      std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(off));
      centred_text(dl, fonts().small, a, b, lane_text_colour(colour), buf);
      if (linked && *linked == off) dl->AddRect(a, b, IM_COL32(255, 255, 255, 255), 0.f, 0, 2.5f);
      if (hovered && mouse.x >= a.x && mouse.x < b.x && mouse.y >= a.y && mouse.y < b.y) {
        under = off;
        text_tooltip(ImVec4(1, 1, 1, 1), algebra_cell_text(t, r, c));
      }
    }
  }
  // The row numbers after the cells: they stay at the view's left edge while the table scrolls
  // sideways under them (a 64-column table is wider than the window at 1600x1000, and its row
  // numbers scrolled away with the first columns), as the fragments view's do.
  const float band_x = sticky_band(o.x, clip0.x, g0.x + cw * static_cast<float>(cols) - left);
  const float rows_y0 = std::max(g0.y, clip0.y),
              rows_y1 = std::min(g0.y + ch * static_cast<float>(rows), clip1.y);
  if (band_x > o.x && rows_y1 > rows_y0)
    sticky_backdrop(dl, ImVec2(band_x, rows_y0), ImVec2(band_x + left, rows_y1));
  for (std::int64_t r = 0; r < rows; ++r) {
    const float y = g0.y + ch * static_cast<float>(r);
    if (y > clip1.y || y + ch < clip0.y) continue;
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(r));
    centred_text(dl, fonts().small, ImVec2(band_x, y), ImVec2(band_x + left - 2, y + ch), label, buf);
  }
  s.frame.widgets["algebra_rows_" + std::to_string(index)] =
      Rect{band_x, g0.y, left, ch * static_cast<float>(rows)};
  return under;
}

}  // namespace

void draw_algebra(AppState& s, AlgebraModel& m) {
  if (!s.algebra.open || behind_tab(s, kWinAlgebra)) return;  // behind the stacked slot's tabs: not drawn
  // Tiled under the fragments view's column like the Hopper views, never over another view (issue 22).
  if (!begin_view(s, kWinAlgebra, &s.algebra.open)) {
    ImGui::End();
    return;
  }
  AlgebraControls& c = s.algebra;
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize("Examples").x - 24);
  if (ImGui::InputTextWithHint("##algebra_expression", "e.g. logical_divide((16,64):(64,1), (8,8))",
                               &c.expression))
    c.step = -1;
  record_widget(s, "algebra_expression");
  ImGui::SameLine();
  if (ImGui::BeginCombo("##algebra_examples", "Examples",
                        ImGuiComboFlags_NoPreview | ImGuiComboFlags_HeightLarge)) {
    std::vector<PickerEntry> entries;
    for (const AlgebraExample& e : kAlgebraExamples) {
      // Member by member: GCC 12's -Wmissing-field-initializers refuses a partial brace list.
      PickerEntry entry;
      entry.label = std::string(e.label) + "   " + e.expression;
      entries.push_back(entry);
    }
    if (const int i = filtered_list(s, "algebra_examples", entries); i >= 0) {
      c.expression = kAlgebraExamples[i].expression;
      c.step = -1;
    }
    ImGui::EndCombo();
  }
  record_widget(s, "algebra_examples");
  if (m.expression != c.expression || m.step != c.step) m = make_algebra_model(c);

  if (!m.ok) {
    status_text(kRedV, "%s", m.error.c_str());
    record_widget(s, "algebra_error");
    if (m.error_column > 0) {
      // The expression again with a caret under the column the refusal names, placed by the width of
      // the text before it: the font is proportional, so a run of spaces put it columns off
      // (newcomer round 28: under ":(1,4)" for col 25). Both in the field's font, the echo where the
      // field's text starts, so the caret points at the same character in the field above (newcomer
      // round 30: the echo and caret in the small font pointed elsewhere than the field's text);
      // the caret centred on that character.
      const std::string& e = c.expression;
      const float x0 = ImGui::GetCursorPosX() + ImGui::GetStyle().FramePadding.x;
      ImGui::SetCursorPosX(x0);
      ImGui::TextUnformatted(e.c_str());
      record_widget(s, "algebra_echo");
      const std::size_t before = std::min(e.size(), static_cast<std::size_t>(m.error_column - 1));
      const float left = ImGui::CalcTextSize(e.c_str(), e.c_str() + before).x;
      const float at = before < e.size() ? ImGui::CalcTextSize(e.c_str() + before, e.c_str() + before + 1).x
                                         : ImGui::CalcTextSize(" ").x;  // past the end: where one would go
      ImGui::SetCursorPosX(x0 + left + 0.5f * (at - ImGui::CalcTextSize("^").x));
      ImGui::TextUnformatted("^");
      record_widget(s, "algebra_caret");
    }
    ImGui::End();
    return;
  }
  ImGui::Text("= %s", m.value.c_str());
  record_widget(s, "algebra_value");
  ImGui::TextColored(kDimV, "%s", m.facts.c_str());
  for (const std::string& n : m.notes) status_text(kAmberV, "%s", n.c_str());  // overhanging tiles
  if (!m.notes.empty()) record_widget(s, "algebra_notes");
  if (m.step_names.size() > 1) {
    const int shown = m.shown_step;
    ImGui::SetNextItemWidth(std::max(260.f, combo_width(m.step_names)));
    if (ImGui::BeginCombo("operation shown", m.step_names[static_cast<std::size_t>(shown)].c_str())) {
      for (std::size_t i = 0; i < m.step_names.size(); ++i)
        if (ImGui::Selectable(m.step_names[i].c_str(), static_cast<int>(i) == shown))
          c.step =
              static_cast<int>(i) + 1 == static_cast<int>(m.step_names.size()) ? -1 : static_cast<int>(i);
      ImGui::EndCombo();
    }
    combo_preview(s, "algebra_step", m.step_names[static_cast<std::size_t>(shown)]);
    ImGui::SameLine();
  }
  ImGui::TextUnformatted("colour by");
  for (AlgebraColour by : {AlgebraColour::offset, AlgebraColour::row, AlgebraColour::column}) {
    ImGui::SameLine();
    if (ImGui::RadioButton(to_string(by), c.colour == by)) c.colour = by;
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(120);
  ImGui::SliderFloat("cell", &c.cell, kMinAlgebraCell, kMaxAlgebraCell, "%.0f px");
  ImGui::BeginChild("##algebra_tables", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  std::optional<std::int64_t> hovered;
  for (std::size_t i = 0; i < m.tables.size(); ++i) {
    if (auto h = draw_table(s, m.tables[i], static_cast<int>(i), m.linked)) hovered = h;
    record_widget(s, ("algebra_table_" + std::to_string(i)).c_str());
    ImGui::Spacing();
  }
  m.linked = hovered;
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace fragviz::app
