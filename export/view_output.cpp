// The output view from a gate report: the n x n result as its 64 x 64 blocks, each coloured by
// whether any of its elements differs from the reference, and the recorded mismatches counted by
// the warp and the lane that produced them. Ownership is the seed kernel's, as the app's output
// shader draws it (shaders/output.frag): 64 x 64 block tiles, 8 warps of 16 x 32 (warp w at rows
// (w % 4) * 16, cols (w / 4) * 32), and in each 16 x 8 mma tile the C/D fragment map
// lane = (row % 8) * 4 + (col % 8) / 2.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "fragviz_export/views.hpp"
#include "grid.hpp"

namespace fragviz::scene {
namespace {

constexpr Colour kMatch{33, 107, 56};
constexpr Colour kMismatch{255, 46, 31};
constexpr Colour kUnknown{133, 135, 143};
constexpr int kBlock = 64;

int warp_of(int row, int col) { return (row % kBlock) / 16 + 4 * ((col % kBlock) / 32); }
int lane_of(int row, int col) { return (row % 8) * 4 + (col % 8) / 2; }

}  // namespace

Outcome<Scene> output_scene(const ViewRequest& r) {
  if (!r.gate)
    return Outcome<Scene>::fail(ErrorKind::refused, "the output view needs a gate report (--report FILE)");
  const GateReport& g = *r.gate;
  if (!g.ran) return Outcome<Scene>::fail(ErrorKind::refused, "the gate report did not run: " + g.error);
  const int n = g.request.n;
  if (n < kBlock || n % kBlock != 0 || n > 65536)
    return Outcome<Scene>::fail(ErrorKind::refused,
                                "gate size " + std::to_string(n) + " is no multiple of 64 up to 65536");
  const int blocks = n / kBlock;
  std::vector<std::uint64_t> by_block(static_cast<std::size_t>(blocks * blocks), 0), by_warp(8, 0),
      by_lane(32, 0);
  for (const Mismatch& m : g.mismatches) {
    if (m.row < 0 || m.col < 0 || m.row >= n || m.col >= n) continue;  // load_report refuses these
    ++by_block[static_cast<std::size_t>((m.row / kBlock) * blocks + m.col / kBlock)];
    ++by_warp[static_cast<std::size_t>(warp_of(m.row, m.col))];
    ++by_lane[static_cast<std::size_t>(lane_of(m.row, m.col))];
  }
  // A report that records only its first mismatches (row-major, up to kMaxInOrderListN; a sorted
  // sample beyond) says nothing of the elements after the last one it holds: those blocks are grey,
  // as the app's output view hatches them, never green.
  const bool partial = g.mismatches.size() < g.mismatch_count;
  Coord known_until{-1, -1};
  if (partial && n <= GateReport::kMaxInOrderListN && !g.mismatches.empty())
    known_until = Coord{g.mismatches.back().row, g.mismatches.back().col};
  const auto unknown = [&](int block_row, int block_col) {
    const int row = block_row * kBlock + kBlock - 1,
              col = block_col * kBlock + kBlock - 1;  // its last element
    return partial && (row > known_until.row || (row == known_until.row && col > known_until.col));
  };
  Scene s;
  const std::string verdict =
      g.exact ? "exact: every element equals the reference"
              : std::to_string(g.mismatch_count) + " of " +
                    std::to_string(std::uint64_t(n) * std::uint64_t(n)) + " elements differ" +
                    (g.mismatches.size() < g.mismatch_count
                         ? " (the report records " + std::to_string(g.mismatches.size()) +
                               "; counts below are of those)"
                         : std::string());
  char figures[160];
  std::snprintf(figures, sizeof figures, "%.3f ms, %.0f GFLOP/s", g.kernel_ms, g.gflops);
  double y = draw_title(s,
                        "Gate " + std::string(to_string(g.request.variant)) + ", n = " + std::to_string(n) +
                            " on " + (g.device.name.empty() ? std::string("?") : g.device.name),
                        verdict + "; " + figures);
  // Blocks: as large as fits 640 points, at least 2 points a block.
  const double side = std::clamp(640.0 / blocks, 2.0, 24.0);
  const double left = 12 + kGridLeft, top = y + kGridTop;
  const bool labels = side >= 14;
  y = draw_grid(s,
                GridSpec{left, top, blocks, blocks, side, side,
                         "64 x 64 blocks (green: all match, red: a recorded mismatch, grey: not recorded)",
                         blocks <= 64, "blocks"},
                [&](int row, int col) {
                  const std::uint64_t k = by_block[static_cast<std::size_t>(row * blocks + col)];
                  Cell c;
                  c.fill = k ? kMismatch : unknown(row, col) ? kUnknown : kMatch;
                  if (labels && k) c.label = k > 999 ? "999+" : std::to_string(k);
                  return c;
                });
  // Warps of a block (as they sit in it) and lanes of an 8 x 8 C/D tile, summed over all blocks.
  const double right = left + blocks * side + 30 + kGridLeft;
  const double wy = draw_grid(
      s, GridSpec{right, top, 4, 2, 64, 20, "By warp of the block", false, "warps"}, [&](int row, int col) {
        const int w = row + 4 * col;
        Cell c;
        c.fill = colour(r.palette.block_warps[static_cast<std::size_t>(w)]);
        c.label = "warp " + std::to_string(w) + ": " + std::to_string(by_warp[static_cast<std::size_t>(w)]);
        c.marked = by_warp[static_cast<std::size_t>(w)] > 0;
        return c;
      });
  draw_grid(s,
            GridSpec{right, wy + kGridTop + 10, 8, 4, 44, 16, "By lane (C/D 8 x 8: T<lane>: count)", false,
                     "lanes"},
            [&](int row, int col) {
              const int lane = row * 4 + col;
              Cell c;
              c.fill = lane_colour(r.palette, lane);
              c.label =
                  "T" + std::to_string(lane) + ": " + std::to_string(by_lane[static_cast<std::size_t>(lane)]);
              c.marked = by_lane[static_cast<std::size_t>(lane)] > 0;
              return c;
            });
  (void)y;
  return Outcome<Scene>::ok(std::move(s));
}

}  // namespace fragviz::scene
