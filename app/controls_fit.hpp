// Fitting the Controls view's labelled rows (ldmatrix .num, transpose, tile width, pad, swizzle)
// into the width the view has: labels in a column as wide as the widest, the controls beside
// them; where that leaves a field too narrow to read, or a row of buttons runs past the edge, each
// label goes above its control instead (the view scrolls down rather than squeeze). Plain
// arithmetic over widths measured by the caller: no ImGui, so tests/app checks it directly.
#pragma once

namespace fragviz::app {

/// What the rows need, in logical pixels.
struct ControlRowsNeed {
  float avail = 0;           ///< width of the view's content region
  float label_w = 0;         ///< the widest label
  float spacing = 0;         ///< gap between items on one line
  float widest_buttons = 0;  ///< the widest row of fixed-width controls (radio buttons, checkbox)
  float field_min = 0;       ///< the narrowest a numeric field may be (its step buttons included)
  float suffix_w = 0;        ///< the unit after a field ("halves")
};

/// Where the rows' controls go.
struct ControlRowsFit {
  bool stacked = false;  ///< labels above their controls
  float control_x = 0;   ///< x of each control from the content region's left
  float field_w = 0;     ///< width of each numeric field: never below field_min
};

/// Beside their labels when the buttons and a field of field_min (with its suffix) fit there,
/// the field then taking what is left; else stacked, the field as wide as the row allows.
ControlRowsFit fit_control_rows(const ControlRowsNeed& n);

}  // namespace fragviz::app
