// The large grids (fragments, ldmatrix, banks, warpgroup, descriptor, matrix moves) draw
// thousands of cell, outline and glyph triangles into their window's draw list, clipped to the
// part of the grid that is visible.
#pragma once

#include <algorithm>
#include <cmath>

#include "imgui.h"

namespace fragviz::app {

/// Clips the current window's draw list to [min, max) in logical pixels, rounded out to whole
/// physical pixels, and returns it. Pair with end_grid_clip().
inline ImDrawList* begin_grid_clip(ImVec2 min, ImVec2 max) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float scale = std::max(ImGui::GetIO().DisplayFramebufferScale.x, 0.01f);
  dl->PushClipRect(ImVec2(std::floor(min.x * scale) / scale, std::floor(min.y * scale) / scale),
                   ImVec2(std::ceil(max.x * scale) / scale, std::ceil(max.y * scale) / scale), true);
  return dl;
}

/// Ends the clip begun last by begin_grid_clip() in the current window.
inline void end_grid_clip() { ImGui::GetWindowDrawList()->PopClipRect(); }

}  // namespace fragviz::app
