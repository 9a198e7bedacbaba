// What a grid cell of the fragments, warpgroup and bank views says at a given cell size: one rule, which
// the screen (measuring with its ImGui font) and File > Export (measuring with the export's text
// widths) both call, so a picture at a given cell size reads as the screen does at that size.
#pragma once

namespace fragviz::app {

/// A cell's label: "T<owner> V<element>" on one line, the same on two lines, "T<owner>" alone, the
/// owner's number alone, or nothing (the cell's colour only).
enum class CellLabelMode { full, two_lines, owner, number, none };

/// The drawn sizes of the widest label of each kind, in the caller's unit (the screen's pixels, the
/// export's points), each including the caller's margin: "T<max owner> V<max element>", "T<max
/// owner>", "<max owner>" and "V<max element>" wide, one text line `line` high.
struct CellLabelSizes {
  float full = 0, owner = 0, number = 0, element = 0;
  float line = 0;
};

/// The most a cell of `cell_w` x `cell_h` (the same unit as `sizes`) can say: full where the
/// longest "T V" label fits on one line, two_lines where the cell holds two lines and each half
/// fits, owner where "T<lane>" fits, number where the lane's number fits, otherwise none. A line
/// fits a cell at most 1 unit shorter (the text's own leading).
CellLabelMode cell_label_mode(float cell_w, float cell_h, const CellLabelSizes& sizes);

/// The same rule for a cell that names its owner alone (a bank word: the lane that reads it):
/// cell_label_mode's last steps, owner where "T<owner>" fits, number, none (`sizes.full` and
/// `sizes.element` are not read). The bank view's words on screen and in File > Export.
CellLabelMode owner_label_mode(float cell_w, float cell_h, const CellLabelSizes& sizes);

/// "full", "two_lines", "owner", "number" or "none", as the state dump records it.
const char* cell_label_mode_name(CellLabelMode m);

}  // namespace fragviz::app
