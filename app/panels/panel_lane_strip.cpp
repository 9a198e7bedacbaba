// 32 lane buttons in the lanes' colours; clicking one selects that lane everywhere.
#include <algorithm>
#include <cstdio>
#include <string>

#include "../palette.hpp"
#include "../window_placement.hpp"  // content_top
#include "panels.hpp"

namespace fragviz::app {

namespace {

/// A lane's tooltip, over the strip's first row (or under its last where the menu bar and status
/// strip leave no room above): at the pointer, ImGui's place, it covered the next row of lanes when
/// the strip wraps (newcomer round 30: lanes 21-31 hidden while hovering 5).
void strip_tooltip(const AppState& s, const char* text) {
  const Rect first = s.frame.lane_buttons.front(), last = s.frame.lane_buttons.back();
  const ImGuiStyle& st = ImGui::GetStyle();
  const ImVec2 size(ImGui::CalcTextSize(text).x + 2.f * st.WindowPadding.x,
                    ImGui::GetTextLineHeight() + 2.f * st.WindowPadding.y);
  const float gap = 4.f;
  const bool above = first.y - gap - size.y >= content_top();
  const float x =
      std::clamp(ImGui::GetIO().MousePos.x, 0.f, std::max(0.f, ImGui::GetIO().DisplaySize.x - size.x));
  ImGui::SetNextWindowPos(ImVec2(x, above ? first.y - gap : last.y + last.h + gap), ImGuiCond_Always,
                          ImVec2(0.f, above ? 1.f : 0.f));
  ImGui::SetTooltip("%s", text);
}

}  // namespace

void draw_lane_strip(AppState& s, const Derived& d) {
  const bool products = d.instr->products > 1;
  const float avail = ImGui::GetContentRegionAvail().x;
  const float spacing = 2.f;
  // Each button holds its number ("31") at the font's size: where 32 of them do not fit one row
  // (a narrow window, a display scale of 2), 16 or 8 a row, so no lane falls off the edge
  // (newcomer round 6: lanes 10 to 31 were cut off at 1024x700, scale 2).
  const float min_w = ImGui::CalcTextSize("31").x + 0.3f * ImGui::GetFontSize();
  int per_row = kWarpSize;
  while (per_row > 8 &&
         (avail - spacing * static_cast<float>(per_row - 1)) / static_cast<float>(per_row) < min_w)
    per_row /= 2;
  const float w =
      std::max(min_w, (avail - spacing * static_cast<float>(per_row - 1)) / static_cast<float>(per_row));
  const float h = ImGui::GetFrameHeight();
  int hovered = -1;  // the lane whose tooltip shows, drawn once the strip's rows are known
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(spacing, 4.f));
  ImGui::PushStyleVar(ImGuiStyleVar_FrameRounding, 3.f);
  for (int lane = 0; lane < kWarpSize; ++lane) {
    if (lane % per_row) ImGui::SameLine();
    const ImU32 c = lane_colour(lane);
    const bool dim = s.selected_lane >= 0 && s.selected_lane != lane;
    const ImVec4 col = ImGui::ColorConvertU32ToFloat4(dim ? ((c & 0x00ffffffu) | 0x50000000u) : c);
    ImGui::PushStyleColor(ImGuiCol_Button, col);
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(col.x, col.y, col.z, 1.f));
    ImGui::PushStyleColor(ImGuiCol_ButtonActive, ImVec4(1, 1, 1, 1));
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(lane_text_colour(lane)));
    char label[16];
    std::snprintf(label, sizeof label, "%d##lane", lane);
    ImGui::PushID(lane);
    if (ImGui::Button(label, ImVec2(w, h))) toggle_lane(s, lane);
    ImGui::PopID();
    s.frame.lane_buttons[static_cast<std::size_t>(lane)] = last_item_rect();
    if (s.selected_lane == lane)
      ImGui::GetWindowDrawList()->AddRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax(),
                                          IM_COL32(255, 255, 255, 255), 3.f, 0, 2.5f);
    if (ImGui::IsItemHovered()) hovered = lane;
    ImGui::PopStyleColor(4);
  }
  ImGui::PopStyleVar(2);
  if (hovered >= 0) {
    // m8n8k4 .f16: lanes 4q..4q+3 and 16+4q..16+4q+3 form quad pair q.
    const std::string pair = products ? ", quad pair " + std::to_string((hovered % 16) / 4) : std::string();
    char tip[200];
    std::snprintf(tip, sizeof tip,
                  "lane %d: groupID %d, threadID_in_group %d%s; holds A %d, B %d, C/D %d elements%s", hovered,
                  group_id(hovered), thread_id_in_group(hovered), pair.c_str(), d.op(Operand::A).per_lane,
                  d.op(Operand::B).per_lane, d.op(Operand::C).per_lane,
                  s.selected_lane == hovered ? " (click to clear)" : "");
    strip_tooltip(s, tip);
  }
}

}  // namespace fragviz::app
