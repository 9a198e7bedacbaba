#include "layout.hpp"

#include <cstring>

#include "assets.hpp"

namespace fragviz::app {

namespace {

/// The layout.json id of a window name.
const char* layout_id(const char* name) {
  struct Pair {
    const char *name, *id;
  };
  static constexpr Pair kIds[] = {
      {kWinControls, "controls"},   {kWinDevice, "device"}, {kWinInspector, "inspector"},
      {kWinFragments, "fragments"}, {kWinBanks, "banks"},   {kWinLdmatrix, "ldmatrix"},
      {kWinGate, "gate"},           {kWinOutput, "output"},
  };
  for (const Pair& p : kIds)
    if (std::strcmp(p.name, name) == 0) return p.id;
  return "";
}

}  // namespace

float status_height() { return assets().layout.status_height; }

float content_top() { return ImGui::GetFrameHeight() + status_height(); }

void place_window(const char* name, bool force) {
  const Layout& l = assets().layout;
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const float top = content_top();
  const float sx = d.x / l.design_width, sy = (d.y - top) / l.design_height;
  const char* id = layout_id(name);
  for (const LayoutSlot& s : l.slots)
    if (s.id == id) {
      const ImGuiCond cond = force ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
      ImGui::SetNextWindowPos(ImVec2(s.x0 * sx, top + s.y0 * sy), cond);
      ImGui::SetNextWindowSize(ImVec2((s.x1 - s.x0) * sx, (s.y1 - s.y0) * sy), cond);
      return;
    }
}

}  // namespace fragviz::app
