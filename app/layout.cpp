#include "layout.hpp"

#include <cstring>

namespace fragviz::app {

namespace {

struct Slot {
  const char* name;
  float x0, y0, x1, y1;  // in the 1600x1000 design, y measured below the status strip
};

// Designed at 1600 x 1000; y is in the 950-pixel region under the menu bar and status strip.
constexpr Slot kSlots[] = {
    // Device is tall enough for a probe report's cycles table (7 rows) without scrolling; the
    // inspector's register table still fits below it, its ldmatrix part scrolls.
    {kWinControls, 0, 0, 330, 345},    {kWinDevice, 0, 345, 330, 625},
    {kWinInspector, 0, 625, 330, 950}, {kWinFragments, 330, 0, 1120, 590},
    {kWinBanks, 330, 590, 1120, 950},  {kWinLdmatrix, 1120, 0, 1600, 440},
    {kWinGate, 1120, 440, 1600, 680},  {kWinOutput, 1120, 680, 1600, 950},
};

}  // namespace

float content_top() { return ImGui::GetFrameHeight() + kStatusHeight; }

void place_window(const char* name, bool force) {
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const float top = content_top();
  const float sx = d.x / 1600.f, sy = (d.y - top) / 950.f;
  for (const Slot& s : kSlots)
    if (std::strcmp(s.name, name) == 0) {
      const ImGuiCond cond = force ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
      ImGui::SetNextWindowPos(ImVec2(s.x0 * sx, top + s.y0 * sy), cond);
      ImGui::SetNextWindowSize(ImVec2((s.x1 - s.x0) * sx, (s.y1 - s.y0) * sy), cond);
      return;
    }
}

}  // namespace fragviz::app
