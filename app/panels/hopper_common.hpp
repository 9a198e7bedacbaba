// Helpers the three Hopper windows share (panel_hopper.cpp): their place in the tiling, the
// wgmma picker, warpgroup thread colours and the measured marks.
#pragma once

#include <string>

#include "../hopper_views.hpp"
#include "../window_names.hpp"  // kWinWarpgroup, kWinDescriptor, kWinMatrixMoves
#include "panels.hpp"

namespace fragviz::app {

/// Begins the Hopper window `name` at its place in this frame's tiling (begin_view: stacked under
/// the fragments view's column, sharing its height, overlapping no view). Pair with ImGui::End()
/// whatever it returns.
bool begin_hopper_window(AppState& s, const char* name, bool* open);

/// The View menu's entries for the three Hopper windows (recorded as "view_warpgroup",
/// "view_descriptor", "view_moves" while the menu is open).
void draw_hopper_view_items(AppState& s);

/// The wgmma picker: a combo of the catalogue by group, type triple and N; picking an entry sets
/// s.hopper.wgmma. Records "wgmma_combo", "wgmma_popup" and each visible "wgmma:<mnemonic>".
void wgmma_picker(AppState& s, HopperViews& v);

/// Fill colour of warpgroup thread `thread` (warpgroup_thread_rgb over the palette).
ImU32 thread_colour(int thread);
/// Black or white, whichever reads better on thread_colour(thread).
ImU32 thread_text_colour(int thread);
/// How much of a dimmed warpgroup cell's colour shows over the window background (of 255): half, so
/// its warp's hue and lane's shade still read beside a selected thread (0x38 left them near black,
/// newcomer round 20).
inline constexpr int kDimmedCellAlpha = 0x80;
/// A filled cell of `fill` over a grid_backdrop(): dimmed (kDimmedCellAlpha) when `dim`, outlined when
/// `selected` (thick) or `hovered` (thin).
void owner_cell(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 fill, bool dim, bool selected, bool hovered);
/// The measured mark of a cell: a red X (mismatch_mark) for 2, a small green corner for 1 where
/// the cell is at least 10 pixels, nothing for 0.
void measured_mark(ImDrawList* dl, ImVec2 a, ImVec2 b, int state);
/// A wgmma register field's three table cells, each in the next column: its bits ("31..16"), the
/// element it holds ("d5 (V5)") and its (row, col) ("(17, k 2)" for A): the Warpgroup view's register
/// list and the Lane inspector's, one wording.
void wgmma_field_cells(const WgmmaRegister& r, const WgmmaField& f);
/// The measured / model-only line: green when measured and matching, red when something differs,
/// dim for model only. Wrapped.
void measured_line(const std::string& text, bool measured, bool differs);

}  // namespace fragviz::app
