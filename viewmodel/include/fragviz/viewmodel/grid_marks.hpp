// What the screen's operand grids draw besides their cells, defined once for the screen and File >
// Export (export/view_fragments.cpp): the reading rules across a grid (the k8 split of a k16 A, the
// 8-row groups) and the colour of the label in a faded cell (a lane other than the selected one).
#pragma once

#include <cstdint>
#include <vector>

#include "fragviz/viewmodel/assets.hpp"

namespace fragviz::app {

/// A rule across a grid between its rows (or columns) index - 1 and index; `strong` every 32.
struct GridRule {
  int index = 0;
  bool strong = false;
  friend bool operator==(GridRule x, GridRule y) { return x.index == y.index && x.strong == y.strong; }
};

/// Where the rules go across `count` rows (or columns) of `cell` each (pixels or points): every 8
/// (those at multiples of 32 strong), only every 32 where 8 cells span less than 40 and there are
/// more than 32; none where there are 8 or fewer or 8 cells span less than 16 (they would cover it).
std::vector<GridRule> grid_rules(int count, float cell);

/// How a grid rule is stroked: the paper's ink at `alpha` (of 255) over the cells, `width` pixels
/// wide (points in an export).
struct RuleStroke {
  Rgb colour;
  std::uint8_t alpha = 255;
  float width = 1.f;
};

/// A rule's stroke on `paper`, for the screen (its paper: the palette's "screen") and File > Export
/// alike: the ink at 150 of 255 for a strong rule, 80 for the others, 2 wide (1 in a `tiny` grid),
/// so the exported picture's rules are the screen's (issue 22: the export drew them in solid ink).
inline RuleStroke grid_rule_stroke(const Paper& paper, bool strong, bool tiny) {
  return RuleStroke{paper.ink, static_cast<std::uint8_t>(strong ? 150 : 80), tiny ? 1.f : 2.f};
}

/// The colour of a faded cell's label on `paper`: its dim text colour, so it recedes as the cell does.
inline Rgb faded_label_colour(const Paper& paper) { return paper.dim; }

/// A cell nothing uses (tensor memory no thread reaches) on `paper`: 9 % of the way from the ground to
/// the ink, so it reads as an empty slot on the screen and in File > Export alike (light grey 232 on
/// the document's white, a grey just above the screen's ground on the dark one).
inline Rgb empty_cell_colour(const Paper& paper) {
  const auto mix = [](std::uint8_t g, std::uint8_t i) {
    return static_cast<std::uint8_t>(g + (static_cast<int>(i) - g) * 9 / 100);
  };
  return Rgb{mix(paper.background.r, paper.ink.r), mix(paper.background.g, paper.ink.g),
             mix(paper.background.b, paper.ink.b)};
}

}  // namespace fragviz::app
