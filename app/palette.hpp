// The lane and warp colours. Every view that colours by lane uses these, so a lane looks the same
// in the fragment grids, the ldmatrix view, the bank view, the lane strip and the output view. The
// colours themselves are data: assets/palette.json (embedded, or replaced with --assets DIR), and so
// are the screen's window background, text and dim text ("screen"), which File > Export's "screen
// (dark)" palette draws with too.
#pragma once

#include <cstdint>

struct ImVec4;
struct ImGuiStyle;

namespace fragviz::app {

/// RGBA (ImGui's packed ABGR, IM_COL32 layout) fill colour of `lane` (0..31).
std::uint32_t lane_colour(int lane);
/// Same colour as floats in [0, 1] (r, g, b), for the output shader's palette uniform.
void lane_colour_rgb(int lane, float rgb[3]);
/// Black or white (packed like lane_colour), whichever reads better on `fill` (packed like
/// lane_colour): black where its luma (0.299 r + 0.587 g + 0.114 b, 0-1) is above 0.55. The one
/// rule for text drawn on a colour.
std::uint32_t readable_text_colour(std::uint32_t fill);
/// readable_text_colour of lane_colour(lane).
std::uint32_t lane_text_colour(int lane);
/// The label of a faded cell (a lane other than the selected one), packed like lane_colour: the
/// screen's dim text colour (faded_label_colour), which File > Export's screen palette draws too.
std::uint32_t faded_text_colour();
/// A cell nothing uses, packed like lane_colour: app::empty_cell_colour of the screen's paper, which
/// File > Export draws too.
std::uint32_t empty_cell_colour();
/// Colour of warp `warp` (0..3) of a warpgroup, packed like lane_colour.
std::uint32_t warp_colour(int warp);
/// Colour of warp `warp` (0..7) of the output view's 64x64 block, as floats in [0, 1].
void block_warp_colour_rgb(int warp, float rgb[3]);

/// The screen's dim text colour (palette.json "screen" "dim") as ImGui floats; kDimV refers to it.
/// Set by apply_screen_paper (a neutral grey until then).
const ImVec4& screen_dim();
/// Sets `st`'s window background and text, and screen_dim() (kDimV), from palette.json's "screen"
/// (assets() must be loaded). Disabled text keeps ImGui's own grey, so disabled controls look it.
void apply_screen_paper(ImGuiStyle& st);

}  // namespace fragviz::app
