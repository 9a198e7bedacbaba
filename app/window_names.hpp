// The views' window names: their ImGui titles and IDs (so imgui.ini keys stay stable), the View
// menu's entries and the state dump's "windows" keys. Window-free, so settings.hpp's table of
// windows can name them.
#pragma once

namespace fragviz::app {

// The tiled views (window_placement.hpp places them).
inline constexpr const char* kWinControls = "Controls";
inline constexpr const char* kWinDevice = "Device";
inline constexpr const char* kWinInspector = "Lane inspector";
inline constexpr const char* kWinFragments = "Fragments: mma.sync A, B, C/D";
inline constexpr const char* kWinLdmatrix = "ldmatrix: what each lane receives";
inline constexpr const char* kWinBanks = "Bank view: shared-memory accesses over 32 banks";
inline constexpr const char* kWinGate = "Gate: exact matmul";
inline constexpr const char* kWinOutput = "Output view";

// The Hopper windows (panels/panel_hopper.cpp places them).
inline constexpr const char* kWinWarpgroup = "Warpgroup: wgmma D and A fragments";
inline constexpr const char* kWinDescriptor = "Descriptor: wgmma operand in shared memory";
inline constexpr const char* kWinMatrixMoves = "stmatrix / movmatrix: register halves and 8x8 matrices";

// The Algebra window (panels/panel_algebra.cpp): opened from the View menu, tiled under the bank
// view as the Hopper windows are (window_placement.hpp).
inline constexpr const char* kWinAlgebra = "Algebra: CuTe layouts and their operations";
// The CTA tile window (panels/panel_cta_tile.cpp): opened from the View menu, tiled under the bank
// view as the Hopper windows are (window_placement.hpp).
inline constexpr const char* kWinCtaTile = "CTA tile: TiledMMA, TiledCopy and shared layouts";

// The Tensor memory window (panels/panel_tmem.cpp): opened from the View menu, tiled like the
// Algebra window.
inline constexpr const char* kWinTmem = "Tensor memory: tcgen05 lanes and columns (sm_100, model only)";

// The Differences window (panels/panel_compare.cpp): File > Compare with report's list; shown while a
// comparison is open, unless its X hid it.
inline constexpr const char* kWinDifferences = "Differences";

}  // namespace fragviz::app
