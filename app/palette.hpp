// The lane and warp colours. Every view that colours by lane uses these, so a lane looks the same
// in the fragment grids, the ldmatrix view, the bank view, the lane strip and the output view. The
// colours themselves are data: assets/palette.json (embedded, or replaced with --assets DIR).
#pragma once

#include <cstdint>

namespace fragviz::app {

/// RGBA (ImGui's packed ABGR, IM_COL32 layout) fill colour of `lane` (0..31).
std::uint32_t lane_colour(int lane);
/// Same colour as floats in [0, 1] (r, g, b), for the output shader's palette uniform.
void lane_colour_rgb(int lane, float rgb[3]);
/// Black or white, whichever reads better on lane_colour(lane).
std::uint32_t lane_text_colour(int lane);
/// Colour of warp `warp` (0..3) of a warpgroup, packed like lane_colour.
std::uint32_t warp_colour(int warp);
/// Colour of warp `warp` (0..7) of the output view's 64x64 block, as floats in [0, 1].
void block_warp_colour_rgb(int warp, float rgb[3]);

}  // namespace fragviz::app
