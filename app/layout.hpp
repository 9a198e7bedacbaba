// The default window arrangement: fixed, deterministic rectangles (assets/layout.json, designed at
// 1600x1000) stretched to the window, so every view is visible at start and tests can rely on where
// things are. All sizes are ImGui's logical pixels: physical pixels divided by the display scale.
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
#pragma once

#include "imgui.h"

namespace fragviz::app {

/// Window names (also their ImGui IDs, so imgui.ini keys stay stable).
inline constexpr const char* kWinControls = "Controls";
inline constexpr const char* kWinDevice = "Device";
inline constexpr const char* kWinInspector = "Lane inspector";
inline constexpr const char* kWinFragments = "Fragments: mma.sync A, B, C/D";
inline constexpr const char* kWinLdmatrix = "ldmatrix: what each lane receives";
inline constexpr const char* kWinBanks = "Bank view: ldmatrix row addresses over 32 banks";
inline constexpr const char* kWinGate = "Gate: exact matmul";
inline constexpr const char* kWinOutput = "Output view";

/// Height of the status strip under the menu bar (layout.json's "status_height").
float status_height();

/// Sets the next window's position and size to its default (always when `force`, else only the
/// first time it is ever shown, so a user's arrangement in imgui.ini wins).
void place_window(const char* name, bool force);

/// Top of the window area (menu bar + status strip) in pixels.
float content_top();

}  // namespace fragviz::app
