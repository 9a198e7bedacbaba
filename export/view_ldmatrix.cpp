// The ldmatrix view as the screen draws it (app/panels/panel_ldmatrix.cpp), from the one table both
// build (fragviz/viewmodel/ldmatrix_table.hpp): the request's instruction picks the cells (bytes for
// 8-bit and narrower data, halves for 16-bit and with .trans, words for tf32), each named by the lane
// and register part that receives it ("T<lane> r<reg>.lo"; a register's four bytes under one label,
// "T<lane> r<reg>"), and each matrix row start marked by a bar in the colour of the lane whose address
// it is, that lane named left of the row where the row starts the tile's.
#include <algorithm>
#include <string>

#include "fragviz/smem/banks.hpp"
#include "fragviz/viewmodel/grid_marks.hpp"
#include "fragviz/viewmodel/ldmatrix_table.hpp"
#include "fragviz_export/views.hpp"
#include "grid.hpp"

namespace fragviz::scene {
namespace {

/// The words under the title: what a cell says in this table's unit.
std::string subtitle(const app::LdmatrixTable& t, const Instruction& in) {
  const std::string of = " (." + std::string(to_string(in.a.type)) + " of " + shape_name(in) + ")";
  std::string cells;
  if (t.unit_bytes == 1)
    cells = "cells are bytes" + of +
            ", one label per register's four: T<lane> r<register> (r0.b0 is bits "
            "0-7 of r0)";
  else if (t.unit_bytes == 2)
    cells = "cells are halves: T<lane> r<register>.lo|hi";
  else
    cells = "cells are 32-bit words" + of + ": T<lane> r<register>";
  return "Cell: the lane that receives it; " + cells +
         ". Bar left of a row: the lane whose address starts it.";
}

}  // namespace

Outcome<Scene> ldmatrix_scene(const ViewRequest& r) {
  // The app's instruction (File > Export passes the selected one), the default one where none is named.
  const auto found = find_export_mma(r.instr.empty() ? std::string(kDefaultMma) : r.instr,
                                     " (fragviz-cli layout --list names them)");
  if (!found) return Outcome<Scene>::from(found);
  const Instruction& in = **found;
  // No ldmatrix fills its operands (f64, m8n8k4): the view says so in place of a grid, and so does the
  // export, refusing in the view's words (it drew the .b16 halves as if they were the instruction's).
  if (const auto none = app::no_ldmatrix_refusal(in, app::kLdmatrixViewWho))
    return Outcome<Scene>::fail(ErrorKind::refused, *none);
  const app::LdmatrixTable t = app::make_ldmatrix(in, r.ldmatrix);
  Scene s;
  s.decorations = r.title_and_legend;
  const double top = draw_title(s, ldmatrix_mnemonic(t.config), subtitle(t, in)) + kGridTop;

  // Cells as wide as the longest label of a run needs at 6.5 pt (a byte at least 8 points), 14 high.
  const int run = app::label_run(t);
  std::size_t longest = 1;
  for (int row = 0; row < t.rows; ++row)
    for (int c = 0, n = 1; c < t.cols; c += n) {
      n = app::run_length(t, row, c);
      longest = std::max(longest, app::run_label(t, row, c, n).size());
    }
  const double size = 6.5, ch = 14;
  const double cw = std::max(run > 1 ? 8.0 : 30.0, (0.6 * size * static_cast<double>(longest) + 3) / run);
  // Left of the grid, as on screen: the row numbers, the lane whose address starts the row, the bars.
  const double index_size = std::min(5.5, cw * 0.5), num_w = 12, lane_w = 14, bar_room = 7;
  const double x0 = 12, left = x0 + num_w + lane_w + bar_room;
  if (s.decorations) s.add(Text{x0, top - 12, "Tile (receives)", kBodySize, kBlack, Anchor::start, true});

  const auto cell_x = [&](int c) { return left + c * cw; };
  const auto cell_y = [&](int row) { return top + row * ch; };
  const auto fill_of = [&](int lane) {
    if (lane < 0) return kEmptyCell;
    Cell k;
    k.fill = lane_colour(r.palette, lane);
    highlight_lane(k, lane, r.lane);
    return k.fill;
  };
  const auto label_at = [&](double x, double y, double w, const std::string& text, Colour fill) {
    s.add(Text{x + w * 0.5, y + ch * 0.5 + size * 0.36, text, size, text_on(fill), Anchor::middle});
  };
  for (int row = 0; row < t.rows; ++row) {
    const double y = cell_y(row);
    s.add(Text{x0 + num_w - 2, y + ch * 0.5 + index_size * 0.35, std::to_string(row), index_size, kGrid,
               Anchor::end});
    // One cell per run, as the screen draws it: a register's bytes unstroked inside one outline, its
    // label over them and a tick between them at the bottom edge; a half or word a cell of its own.
    for (int c = 0, n = 1; c < t.cols; c += n) {
      n = app::run_length(t, row, c);
      const app::LdmatrixTable::Cell& x = t.at(row, c);
      const Colour fill = fill_of(x.lane);
      for (int k = 0; k < n; ++k)
        s.add(Rect{cell_x(c + k), y, cw, ch, fill, n == 1, kGrid, 0.4,
                   "tile-r" + std::to_string(row) + "-c" + std::to_string(c + k)});
      if (n > 1) s.add(Rect{cell_x(c), y, n * cw, ch, fill, true, kGrid, 0.4});
      if (x.lane >= 0) label_at(cell_x(c), y, n * cw, app::run_label(t, row, c, n), fill);
      for (int k = 1; k < n; ++k)
        s.add(Line{cell_x(c + k), y + ch - 3, cell_x(c + k), y + ch, Colour{0, 0, 0}, 0.6});
    }
  }
  // The highlighted lane's runs outlined last, so no neighbour is drawn over the outline.
  for (int row = 0; row < t.rows && r.lane >= 0; ++row)
    for (int c = 0, n = 1; c < t.cols; c += n) {
      n = app::run_length(t, row, c);
      const app::LdmatrixTable::Cell& x = t.at(row, c);
      if (x.lane != r.lane) continue;
      const Colour fill = fill_of(x.lane);
      s.add(Rect{cell_x(c) + 0.6, cell_y(row) + 0.6, n * cw - 1.2, ch - 1.2, fill, true, kBlack, 1.2});
      label_at(cell_x(c), cell_y(row), n * cw, app::run_label(t, row, c, n), fill);
    }
  // Matrix boundaries, stroked as the screen's reading rules.
  const app::RuleStroke rule = app::grid_rule_stroke(app::Paper{}, true, false);
  const int row_cells = kRowBytes / t.unit_bytes;
  if (t.rows == 16) s.add(Line{left, cell_y(8), cell_x(t.cols), cell_y(8), kBlack, rule.width, rule.alpha});
  if (t.cols == 2 * row_cells)
    s.add(Line{cell_x(row_cells), top, cell_x(row_cells), cell_y(t.rows), kBlack, rule.width, rule.alpha});
  // Row starts: a bar in the supplying lane's colour left of each matrix row (thicker, and the row's
  // 16 bytes outlined, for the highlighted lane), its number in the label column where the row
  // starts the tile's.
  for (int lane = 0; lane < address_lanes(t.config.num); ++lane) {
    const Coord at = app::row_start_cell(t, lane);
    draw_row_start(s, r, lane, at, cell_x(at.col), cell_y(at.row), row_cells * cw, ch,
                   x0 + num_w + lane_w * 0.5, index_size);
  }
  for (int c = 0; c < t.cols; ++c)
    s.add(Text{cell_x(c) + cw * 0.5, top - 3, std::to_string(c), index_size, kGrid, Anchor::middle});
  s.cover(cell_x(t.cols), cell_y(t.rows));
  draw_lane_legend(s, r.palette, 12, cell_y(t.rows) + 12, "Lanes", "T", r.lane);
  return Outcome<Scene>::ok(std::move(s));
}

}  // namespace fragviz::scene
