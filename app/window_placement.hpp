// The views' windows in the tiling of view_tiling.hpp: each frame the layout is worked out for
// the window's size and every view's window is placed at its rectangle. All sizes are ImGui's
// logical pixels: physical pixels divided by the display scale.
//
//   menu bar + status strip (banner or "measured on ...")
//   +-----------+--------------------------+---------------+
//   | Controls  |                          | ldmatrix      |
//   +-----------+   Fragments (A, B, C/D)  |               |
//   | Device    |   with the lane strip    +---------------+
//   +-----------+                          | Gate          |
//   | Lane      +--------------------------+               |
//   | inspector |   Bank view              +---------------+
//   |           |                          | Output        |
//   +-----------+--------------------------+---------------+
//
// The Hopper windows (warpgroup, descriptor, matrix moves), the CTA tile, the Algebra, the Tensor
// memory and the comparison's Differences windows, when open, join the middle column under the bank
// view: one takes half its height, fragments and banks the other half (view_tiling.hpp,
// with_stacked_slots); where the column cannot hold every view's least height it runs taller and
// scrolls by itself, with its own bar.
//
// Window stacking: the views are created with ImGuiWindowFlags_NoBringToFrontOnFocus, which puts a
// new window behind every other, so the menu bar and status strip stay in front of views scrolled
// under them, and no view comes to the front of another.
#pragma once

#include <vector>

#include "app_state.hpp"
#include "imgui.h"
#include "window_names.hpp"  // kWin*: the views' names

namespace fragviz::app {

/// Height of the status strip under the menu bar (layout.json's "status_height").
float status_height();

/// Top of the window area (menu bar + status strip) in pixels.
float content_top();

/// Works out this frame's layout into s.frame.layout and draws the canvas's scroll bars when the
/// window is smaller than the layout's minimum; moves every floating window whose title bar left the
/// area under the status strip back into it (kept_in_work_area). Call once a frame, before any view.
void begin_layout(AppState& s);

/// Scrolls the canvas to bring view `name` (a window name), just opened by the user, into sight while
/// the layout settles, and gives it the keyboard focus when next drawn.
void reveal_opened_view(AppState& s, const char* name);

/// The open views less than half of which lies in this frame's view area (the rest on the canvas
/// scrolled away), by window name in the tiling's order, then the views behind the stacked slot's
/// tabs (a Go to makes one the tab shown): View > Go to lists them, each brought
/// into sight by one click (issue 22: views opened under the window's bottom edge were not found).
std::vector<const char*> views_out_of_sight(const AppState& s);

/// Whether view `name` is a stacked window behind the tabs of this frame's layout (LayoutFrame::tabs):
/// open but not shown, so not drawn this frame (its tab or View > Go to shows it).
bool behind_tab(const AppState& s, const char* name);

/// Places view `name` at its rectangle of this frame's layout and begins its window (the layout
/// moves and sizes it; the user can close it). Call ImGui::End() whatever it returns.
bool begin_view(AppState& s, const char* name, bool* open);

/// The part of [`min`, `max`) (screen pixels) the user can see: inside this frame's view area
/// (under the status strip, inside the app's window, less the canvas's scroll bars). A view of a
/// canvas taller than the window runs past its bottom edge, where its own clip rect still reaches;
/// the views' "Visible region" takes this part only. Empty (min >= max) where none shows.
void clip_to_view_area(const AppState& s, ImVec2& min, ImVec2& max);

}  // namespace fragviz::app
