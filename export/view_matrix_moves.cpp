// The Hopper matrix-move views: stmatrix (.x1/.x2/.x4, .trans) over the explorer's tile (matrix j
// at rows 8(j%2), cols 8(j/2)) as the screen draws it, and movmatrix before and after (ldmatrix, the
// explorer's view: view_ldmatrix.cpp) (PTX ISA, "stmatrix", "movmatrix").
#include <algorithm>
#include <string>
#include <vector>

#include "fragviz/isa/ldmatrix.hpp"
#include "fragviz/isa/matrix_move.hpp"
#include "fragviz/viewmodel/hopper_derived.hpp"
#include "fragviz_export/views.hpp"
#include "grid.hpp"

namespace fragviz::scene {
namespace {

/// What stmatrix cell `x` says at the screen's level `labels`: both of its words on one line (the
/// screen's two lines, full), the lane ("T5"), its number, or nothing.
std::string stmatrix_words(const app::StmatrixTable::Cell& x, CellLabels labels) {
  switch (labels) {
    case CellLabels::full:
      return app::stmatrix_cell_label(x);
    case CellLabels::lane:
      return app::stmatrix_lane_word(x);
    case CellLabels::number:
      return std::to_string(x.lane);
    case CellLabels::none:
      break;
  }
  return "";
}

/// What movmatrix cell `x` says at the screen's level `labels`: both of its words on one line (the
/// screen's two lines, full), the register half ("T1.lo"), its lane's number, or nothing.
std::string movmatrix_words(const app::MovmatrixCell& x, CellLabels labels) {
  switch (labels) {
    case CellLabels::full:
      return app::movmatrix_cell_label(x);
    case CellLabels::lane:
      return x.word;
    case CellLabels::number:
      return std::to_string(x.lane);
    case CellLabels::none:
      break;
  }
  return "";
}

}  // namespace

// stmatrix as the screen draws it (app/panels/panel_matrix_moves.cpp), from the one table both read
// (make_stmatrix_table) and in its words (stmatrix_lane_word, stmatrix_register_word): each tile cell
// named by the lane and register half stored there, "T5 r2.hi", each matrix row start marked by a bar
// in the colour of the lane whose address it is, that lane named left of the row where the row starts
// the tile's (issue 22: the picture said "T5 V5" and drew a "Row addresses" grid the screen has not).
Outcome<Scene> stmatrix_scene(const ViewRequest& r) {
  const app::StmatrixTable t = app::make_stmatrix_table(r.ldmatrix, nullptr);
  Scene s;
  s.decorations = r.title_and_legend;
  const double top =
      draw_title(s, t.mnemonic,
                 "Cell: the lane that stores it and the register half it comes from, "
                 "T<lane> r<register>.lo|hi. Bar left of a row: the lane whose address starts it.") +
      kGridTop;
  // Cells as wide as the longest label needs at 6.5 pt (30 points at least), 14 high.
  std::size_t longest = 1;
  for (const app::StmatrixTable::Cell& x : t.cells)
    longest = std::max(longest, stmatrix_words(x, r.labels).size());
  const double size = 6.5, ch = 14, cw = std::max(30.0, 0.6 * size * static_cast<double>(longest) + 3);
  // Left of the grid, as on screen: the row numbers, the lane whose address starts the row, the bars.
  const double index_size = 5.5, num_w = 12, lane_w = 14, bar_room = 7;
  const double x0 = 12, left = x0 + num_w + lane_w + bar_room;
  if (s.decorations) s.add(Text{x0, top - 12, "Tile (stores)", kBodySize, kBlack, Anchor::start, true});
  const auto cell_x = [&](int c) { return left + c * cw; };
  const auto cell_y = [&](int row) { return top + row * ch; };
  const auto fill_of = [&](int lane) {
    Cell k;
    k.fill = lane_colour(r.palette, lane);
    highlight_lane(k, lane, r.lane);
    return k.fill;
  };
  const auto label_at = [&](int row, int c, const app::StmatrixTable::Cell& x, Colour fill) {
    const std::string words = stmatrix_words(x, r.labels);
    if (!words.empty())
      s.add(Text{cell_x(c) + cw * 0.5, cell_y(row) + ch * 0.5 + size * 0.36, words, size, text_on(fill),
                 Anchor::middle});
  };
  for (int row = 0; row < t.rows; ++row) {
    s.add(Text{x0 + num_w - 2, cell_y(row) + ch * 0.5 + index_size * 0.35, std::to_string(row), index_size,
               kGrid, Anchor::end});
    for (int c = 0; c < t.cols; ++c) {
      const app::StmatrixTable::Cell& x = t.at(row, c);
      const Colour fill = fill_of(x.lane);
      s.add(Rect{cell_x(c), cell_y(row), cw, ch, fill, true, kGrid, 0.4,
                 "tile-r" + std::to_string(row) + "-c" + std::to_string(c)});
      label_at(row, c, x, fill);
    }
  }
  // The highlighted lane's cells outlined last, so no neighbour is drawn over the outline.
  for (int row = 0; row < t.rows && r.lane >= 0; ++row)
    for (int c = 0; c < t.cols; ++c) {
      const app::StmatrixTable::Cell& x = t.at(row, c);
      if (x.lane != r.lane) continue;
      const Colour fill = fill_of(x.lane);
      s.add(Rect{cell_x(c) + 0.6, cell_y(row) + 0.6, cw - 1.2, ch - 1.2, fill, true, kBlack, 1.2});
      label_at(row, c, x, fill);
    }
  // Matrix boundaries, stroked as the screen's reading rules.
  const app::RuleStroke rule = app::grid_rule_stroke(app::Paper{}, true, false);
  if (t.rows == 16) s.add(Line{left, cell_y(8), cell_x(t.cols), cell_y(8), kBlack, rule.width, rule.alpha});
  if (t.cols == 16) s.add(Line{cell_x(8), top, cell_x(8), cell_y(t.rows), kBlack, rule.width, rule.alpha});
  // Row starts: a bar in the supplying lane's colour left of each matrix row (thicker, and the row
  // outlined, for the highlighted lane), its name in the label column where the row starts the tile's.
  for (int lane = 0; lane < address_lanes(t.config.num); ++lane) {
    const Coord at = app::stmatrix_row_start(lane);
    draw_row_start(s, r, lane, at, cell_x(at.col), cell_y(at.row), 8 * cw, ch, x0 + num_w + lane_w * 0.5,
                   index_size);
  }
  for (int c = 0; c < t.cols; ++c)
    s.add(Text{cell_x(c) + cw * 0.5, top - 3, std::to_string(c), index_size, kGrid, Anchor::middle});
  s.cover(cell_x(t.cols), cell_y(t.rows));
  draw_lane_legend(s, r.palette, 12, cell_y(t.rows) + 12, "Lanes", "T", r.lane);
  return Outcome<Scene>::ok(std::move(s));
}

// movmatrix as the screen draws it (app/panels/panel_matrix_moves.cpp), from the one cell definition
// both read (movmatrix_cell) in its words at the screen's level: before, each register half
// "T1.lo" with the element of M it holds ("M0,2"); after, each with the source half it received
// ("<T8.lo"), coloured by that source lane (issue 22: the picture said "T0 V1" where the screen says
// "T0.hi").
Outcome<Scene> movmatrix_scene(const ViewRequest& r) {
  const app::MovmatrixTable t = app::make_movmatrix_table(nullptr);
  Scene s;
  s.decorations = r.title_and_legend;
  double y =
      draw_title(s, kMovmatrixMnemonic,
                 "The 8x8 matrix M in the source registers (left) and the destination registers (right): "
                 "each cell names its register half T<lane>.lo|hi and, before, the element of M it "
                 "holds, after, the source half it received (<T<lane>.lo|hi).");
  // Cells as wide as the longest label needs at 6.5 pt (30 points at least), 14 high.
  std::size_t longest = 1;
  for (bool after : {false, true})
    for (int row = 0; row < 8; ++row)
      for (int col = 0; col < 8; ++col)
        longest =
            std::max(longest, movmatrix_words(app::movmatrix_cell(t, after, row, col), r.labels).size());
  const double cw = std::max(30.0, 0.6 * 6.5 * static_cast<double>(longest) + 3), ch = 14;
  const double top = y + kGridTop, left = 12 + kGridLeft;
  auto grid = [&](bool after) {
    return [&t, &r, after](int row, int col) {
      const app::MovmatrixCell x = app::movmatrix_cell(t, after, row, col);
      Cell c;
      c.fill = lane_colour(r.palette, x.colour_lane);
      c.label = movmatrix_words(x, r.labels);
      highlight_lane(c, x.colour_lane, r.lane);
      return c;
    };
  };
  draw_grid(s, GridSpec{left, top, 8, 8, cw, ch, "Before (source registers)", true, "before"}, grid(false));
  y = draw_grid(s,
                GridSpec{left + 8 * cw + 18 + kGridLeft, top, 8, 8, cw, ch, "After (destination registers)",
                         true, "after"},
                grid(true));
  draw_lane_legend(s, r.palette, 12, y + 12, "Lanes", "T", r.lane);
  return Outcome<Scene>::ok(std::move(s));
}

}  // namespace fragviz::scene
