// The matrix-move view's "8-bit (sm_100a)" page: the 11 sm_100a / sm_120a 8-bit and sub-byte
// ldmatrix / stmatrix forms, each matrix of the register side drawn with the lane, register and
// byte of every element (coloured by lane), hover for where it is stored; under the model's own
// status line and CuTe's atom (its deliberate byte shuffle named). Model only
// (viewmodel/move_b8_view.hpp).
#include <algorithm>
#include <cmath>

#include "../palette.hpp"
#include "panels.hpp"

namespace fragviz::app {
namespace {

/// One matrix at the cursor; returns the hover text of the cell under the mouse, or "".
std::string draw_matrix(AppState& s, const MoveB8Model& m, int index, float cw, float ch) {
  const MoveB8Grid& g = m.matrices[static_cast<std::size_t>(index)];
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  ImGui::BeginGroup();
  ImGui::Text("%s %d: %d x %d", m.store ? "source matrix" : "destination matrix", index, g.rows, g.cols);
  const float left = ImGui::CalcTextSize("00").x + 4.f, top = sf->FontSize + 4.f;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const ImVec2 g0(o.x + left, o.y + top);
  const ImVec2 size(left + cw * static_cast<float>(g.cols), top + ch * static_cast<float>(g.rows));
  ImGui::InvisibleButton(("##b8_matrix" + std::to_string(index)).c_str(), size);
  record_widget(s, ("b8_matrix_" + std::to_string(index)).c_str());
  const bool hovered = ImGui::IsItemHovered();
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 label = kBankGridLabel;
  std::string hover;
  for (int c = 0; c < g.cols; ++c) {
    const float x = g0.x + cw * static_cast<float>(c);
    centred_text(dl, sf, ImVec2(x, o.y), ImVec2(x + cw, g0.y), label, std::to_string(c).c_str());
  }
  grid_backdrop(dl, g0,
                ImVec2(g0.x + cw * static_cast<float>(g.cols), g0.y + ch * static_cast<float>(g.rows)));
  for (int r = 0; r < g.rows; ++r) {
    const float y = g0.y + ch * static_cast<float>(r);
    centred_text(dl, sf, ImVec2(o.x, y), ImVec2(g0.x - 2.f, y + ch), label, std::to_string(r).c_str());
    for (int c = 0; c < g.cols; ++c) {
      const MoveB8GridCell& cell = g.at(r, c);
      const ImVec2 a(g0.x + cw * static_cast<float>(c), y), b(a.x + cw, y + ch);
      const bool under = hovered && mouse.x >= a.x && mouse.x < b.x && mouse.y >= a.y && mouse.y < b.y;
      if (cell.lane < 0) continue;
      lane_cell(dl, a, b, cell.lane, s.selected_lane, under || cell.lane == s.hovered_lane);
      const bool faded = s.selected_lane >= 0 && s.selected_lane != cell.lane;
      centred_text(dl, sf, a, b, faded ? faded_text_colour() : lane_text_colour(cell.lane),
                   move_b8_cell_label(cell).c_str());
      if (under) {
        hover = move_b8_cell_text(m, index, r, c);
        if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) toggle_lane(s, cell.lane);
        s.frame.hovered_lane = cell.lane;
      }
    }
  }
  ImGui::EndGroup();
  return hover;
}

}  // namespace

bool draw_moves_b8(AppState& s) {
  MoveB8Controls& c = s.moves_b8;
  if (ImGui::RadioButton("8-bit (sm_100a)", c.shown)) c.shown = true;
  record_widget(s, "moves_b8");
  ImGui::SameLine();
  if (!c.shown) return false;
  ImGui::TextColored(kDimV, "  lane %s",
                     s.selected_lane >= 0 ? std::to_string(s.selected_lane).c_str() : "none (click a cell)");
  ImGui::Separator();
  ImGui::SetNextItemWidth(-1);
  const MoveB8Model m = make_move_b8_model(c.move);
  if (ImGui::BeginCombo("##b8_form", m.mnemonic.c_str(), ImGuiComboFlags_HeightLargest)) {
    for (const MatrixMoveB8& f : matrix_move_b8_forms()) {
      const std::string name = matrix_move_b8_mnemonic(f);
      if (ImGui::Selectable(name.c_str(), f.form == c.move.form && f.num == c.move.num)) c.move = f;
      // Only entries the list shows, so tests click what a user could.
      if (ImGui::IsItemVisible()) record_widget(s, ("b8_form:" + name).c_str());
    }
    ImGui::EndCombo();
  }
  combo_preview(s, "b8_form", m.mnemonic);
  status_text(kAmberV, "%s", m.status.c_str());
  record_widget(s, "b8_status");
  status_text(kDimV, "%s", m.shape.c_str());
  status_text(ImVec4(0.55f, 0.85f, 1.f, 1.f), "%s", m.cute.c_str());
  record_widget(s, "b8_cute");
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  const float cw = std::ceil(ImGui::CalcTextSize("T31 r3.3").x * sf->FontSize / ImGui::GetFontSize()) + 8.f;
  const float ch = std::ceil(sf->FontSize) + 6.f;
  ImGui::BeginChild("##b8_view", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  std::string hover;
  for (int i = 0; i < static_cast<int>(m.matrices.size()); ++i) {
    if (i > 0) ImGui::SameLine(0, 16.f);
    if (std::string h = draw_matrix(s, m, i, cw, ch); !h.empty()) hover = h;
  }
  if (!hover.empty()) text_tooltip(ImVec4(1, 1, 1, 1), hover);
  c.hover = hover;
  ImGui::EndChild();
  return true;
}

}  // namespace fragviz::app
