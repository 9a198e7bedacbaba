// The Hopper matrix-move views: stmatrix (.x1/.x2/.x4, .trans) over the explorer's tile (matrix j
// at rows 8(j%2), cols 8(j/2)), and movmatrix before and after (ldmatrix, the explorer's view:
// view_ldmatrix.cpp). Each tile cell names the lane and register element it moves to or from:
// T<lane> V<2 * register + half>, the fragment element index an mma operand loaded this way gets; a
// second grid names the lane whose row address each cell's row comes from (PTX ISA, "stmatrix",
// "movmatrix").
#include <string>
#include <vector>

#include "fragviz/isa/ldmatrix.hpp"
#include "fragviz/isa/matrix_move.hpp"
#include "fragviz/viewmodel/hopper_derived.hpp"
#include "fragviz_export/views.hpp"
#include "grid.hpp"

namespace fragviz::scene {
namespace {

/// One cell of a move: the lane and register half it moves, and its row's address lane.
struct MoveCell {
  int lane = -1, reg = 0, half = 0, address_lane = -1;
};

Scene move_scene(const std::string& mnemonic, const std::string& verb, int rows, int cols,
                 const std::vector<MoveCell>& cells, const app::Palette& p, int highlight, bool decorations) {
  Scene s;
  s.decorations = decorations;
  double y = draw_title(s, mnemonic,
                        "Cell: the lane that " + verb +
                            " it, T<lane> V<2 * register + half>; right: the lane "
                            "whose row address covers it.");
  const double cw = 30, ch = 14, top = y + kGridTop, left = 12 + kGridLeft;
  auto at = [&](int r, int c) { return cells[static_cast<std::size_t>(r * cols + c)]; };
  draw_grid(s, GridSpec{left, top, rows, cols, cw, ch, "Tile (" + verb + ")", true, "tile"},
            [&](int r, int c) {
              const MoveCell m = at(r, c);
              Cell cell;
              if (m.lane < 0) return cell;
              cell.fill = lane_colour(p, m.lane);
              cell.label = "T" + std::to_string(m.lane) + " V" + std::to_string(2 * m.reg + m.half);
              highlight_lane(cell, m.lane, highlight);
              return cell;
            });
  y = draw_grid(
      s,
      GridSpec{left + cols * cw + 18 + kGridLeft, top, rows, cols, cw, ch, "Row addresses", true, "address"},
      [&](int r, int c) {
        const MoveCell m = at(r, c);
        Cell cell;
        if (m.address_lane < 0) return cell;
        cell.fill = lane_colour(p, m.address_lane);
        cell.label = "T" + std::to_string(m.address_lane);
        cell.marked = c % 8 == 0;  // the row start the lane passes
        if (highlight >= 0 && m.address_lane != highlight) cell.fill = faded(cell.fill);
        return cell;
      });
  draw_lane_legend(s, p, 12, y + 12, "Lanes", "T", highlight);
  return s;
}

}  // namespace

Outcome<Scene> stmatrix_scene(const ViewRequest& r) {
  const app::StmatrixTable t = app::make_stmatrix_table(r.ldmatrix, nullptr);
  std::vector<MoveCell> cells;
  for (const auto& c : t.cells) cells.push_back(MoveCell{c.lane, c.reg, c.half, c.address_lane});
  return Outcome<Scene>::ok(
      move_scene(t.mnemonic, "stores", t.rows, t.cols, cells, r.palette, r.lane, r.title_and_legend));
}

Outcome<Scene> movmatrix_scene(const ViewRequest& r) {
  const app::MovmatrixTable t = app::make_movmatrix_table(nullptr);
  Scene s;
  s.decorations = r.title_and_legend;
  double y = draw_title(s, kMovmatrixMnemonic,
                        "The 8x8 matrix M in the source registers (left) and in the destination registers "
                        "(right): each cell names the source T<lane> V<half> whose element lies there.");
  const double cw = 30, ch = 14, top = y + kGridTop, left = 12 + kGridLeft;
  // before[r][c] / after[r][c]: the source (lane, half) at that position of the register layout.
  std::vector<LaneHalf> before(64), after(64);
  for (int lane = 0; lane < kWarpSize; ++lane)
    for (int half = 0; half < 2; ++half) {
      const auto& h = t.lanes[static_cast<std::size_t>(lane)][static_cast<std::size_t>(half)];
      before[static_cast<std::size_t>(h.before.row * 8 + h.before.col)] = LaneHalf{lane, half};
      // Destination (lane, half) sits at h.before's position of the destination layout and holds
      // the source's element.
      after[static_cast<std::size_t>(h.before.row * 8 + h.before.col)] = h.source;
    }
  auto grid = [&](const std::vector<LaneHalf>& v) {
    return [&v, &r](int row, int col) {
      const LaneHalf lh = v[static_cast<std::size_t>(row * 8 + col)];
      Cell c;
      c.fill = lane_colour(r.palette, lh.lane);
      c.label = "T" + std::to_string(lh.lane) + " V" + std::to_string(lh.half);
      highlight_lane(c, lh.lane, r.lane);
      return c;
    };
  };
  draw_grid(s, GridSpec{left, top, 8, 8, cw, ch, "Before (source registers)", true, "before"}, grid(before));
  y = draw_grid(s,
                GridSpec{left + 8 * cw + 18 + kGridLeft, top, 8, 8, cw, ch, "After (destination registers)",
                         true, "after"},
                grid(after));
  draw_lane_legend(s, r.palette, 12, y + 12, "Lanes", "T", r.lane);
  return Outcome<Scene>::ok(std::move(s));
}

}  // namespace fragviz::scene
