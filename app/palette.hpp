// The 32 lane colours. Every view that colours by lane uses these, so a lane looks the same in
// the fragment grids, the ldmatrix view, the bank view and the lane strip.
#pragma once

#include <cstdint>

namespace fragviz::app {

/// RGBA (ImGui's packed ABGR, IM_COL32 layout) fill colour of `lane` (0..31).
std::uint32_t lane_colour(int lane);
/// Same colour as floats in [0, 1] (r, g, b), for the output shader's palette uniform.
void lane_colour_rgb(int lane, float rgb[3]);
/// Black or white, whichever reads better on lane_colour(lane).
std::uint32_t lane_text_colour(int lane);

}  // namespace fragviz::app
