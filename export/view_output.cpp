// The output view from a gate report: the n x n result as its variant's block tiles, each coloured
// by whether any of its elements differs from the reference, and the recorded mismatches counted by
// the warp and the lane that produced them. Ownership is the run's own variant's
// (GateVariantInfo::output, fragviz/gate/gate_output.hpp), as the app's output shader draws it
// (shaders/output.frag). A user kernel's tiling is its own and unknown: its output is shown in
// 64 x 64 regions (what its n is a multiple of), with no warps or lanes.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "fragviz/gate/gate_ladder.hpp"
#include "fragviz/gate/gate_output.hpp"
#include "fragviz_export/views.hpp"
#include "grid.hpp"

namespace fragviz::scene {
namespace {

constexpr Colour kMatch{33, 107, 56};
constexpr Colour kMismatch{255, 46, 31};
constexpr Colour kUnknown{133, 135, 143};
/// A user kernel's regions: the gate runs it at multiples of 64 (gate_variant_size_problem).
constexpr int kRegion = 64;

}  // namespace

Outcome<Scene> output_scene(const ViewRequest& r) {
  if (!r.gate)
    return Outcome<Scene>::fail(ErrorKind::refused, "the output view needs a gate report (--report FILE)");
  const GateReport& g = *r.gate;
  if (!g.ran)
    return Outcome<Scene>::fail(ErrorKind::refused, "the gate report did not run: " + g.error.message);
  const GateVariantInfo* info = g.request.kernel ? nullptr : find_gate_variant(g.request.variant);
  const int bm = info != nullptr ? info->output.block_m : kRegion;
  const int bn = info != nullptr ? info->output.block_n : kRegion;
  const std::string tile = std::to_string(bm) + " x " + std::to_string(bn);
  const int n = g.request.n;
  if (n < std::max(bm, bn) || n % bm != 0 || n % bn != 0 || n > 65536)
    return Outcome<Scene>::fail(ErrorKind::refused,
                                "gate size " + std::to_string(n) + " is no multiple of " +
                                    (info != nullptr ? std::string(info->name) + "'s " : "") + tile +
                                    " block up to 65536");
  const int rows = n / bm, cols = n / bn;
  const int warps = info != nullptr ? info->output.warps() : 0;
  std::vector<std::uint64_t> by_block(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols), 0),
      by_warp(static_cast<std::size_t>(warps), 0), by_lane(32, 0);
  for (const Mismatch& m : g.mismatches) {
    if (m.row < 0 || m.col < 0 || m.row >= n || m.col >= n) continue;  // load_report refuses these
    ++by_block[static_cast<std::size_t>((m.row / bm) * cols + m.col / bn)];
    if (info == nullptr) continue;
    if (const auto o = gate_output_owner(info->output, m.row, m.col)) {
      ++by_warp[static_cast<std::size_t>(o->grid_warp)];
      ++by_lane[static_cast<std::size_t>(o->lane)];
    }
  }
  // A report that records only its first mismatches (row-major, up to kMaxInOrderListN; a sorted
  // sample beyond) says nothing of the elements after the last one it holds: those blocks are grey,
  // as the app's output view hatches them, never green.
  const bool partial = g.mismatches.size() < g.mismatch_count;
  Coord known_until{-1, -1};
  if (partial && n <= GateReport::kMaxInOrderListN && !g.mismatches.empty())
    known_until = Coord{g.mismatches.back().row, g.mismatches.back().col};
  const auto unknown = [&](int block_row, int block_col) {
    const int row = block_row * bm + bm - 1, col = block_col * bn + bn - 1;  // its last element
    return partial && (row > known_until.row || (row == known_until.row && col > known_until.col));
  };
  Scene s;
  s.decorations = r.title_and_legend;
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
  // Blocks: as large as fits 640 points along the longer side, at least 2 points a block, their
  // own aspect.
  const double side = std::clamp(640.0 / std::max(rows, cols), 2.0, 24.0);
  const double cw = bn >= bm ? side * std::min(2.0, static_cast<double>(bn) / bm) : side;
  const double ch = bm > bn ? side * std::min(2.0, static_cast<double>(bm) / bn) : side;
  const double left = 12 + kGridLeft, top = y + kGridTop;
  const bool labels = std::min(cw, ch) >= 14;
  const std::string caption =
      info != nullptr
          ? tile + " blocks (green: all match, red: a recorded mismatch, grey: not recorded)"
          : tile +
                " regions (green: all match, red: a recorded mismatch, grey: not recorded; the user "
                "kernel's own block, warp and lane tiling is not known)";
  y = draw_grid(s, GridSpec{left, top, rows, cols, cw, ch, caption, rows <= 64 && cols <= 64, "blocks"},
                [&](int row, int col) {
                  const std::uint64_t k = by_block[static_cast<std::size_t>(row * cols + col)];
                  Cell c;
                  c.fill = k ? kMismatch : unknown(row, col) ? kUnknown : kMatch;
                  if (labels && k) c.label = k > 999 ? "999+" : std::to_string(k);
                  return c;
                });
  if (info == nullptr) return Outcome<Scene>::ok(std::move(s));
  const std::string words = gate_output_tiling_words(info->name, info->output);
  s.add(Text{left, y + 14, words, kBodySize, kGrid});
  s.cover(left + text_width(words, kBodySize), y + 14);
  // Warps of a block (as they sit in it) and lanes of an 8 x 8 C/D tile, summed over all blocks.
  const GateOutputTiling& t = info->output;
  const double right = left + cols * cw + 30 + kGridLeft;
  const double wy =
      draw_grid(s, GridSpec{right, top, t.warps_m, t.warps_n, 64, 20, "By warp of the block", false, "warps"},
                [&](int row, int col) {
                  const int w = row + t.warps_m * col;
                  const std::uint64_t k = by_warp[static_cast<std::size_t>(w)];
                  Cell c;
                  c.fill = colour(r.palette.block_warps[static_cast<std::size_t>(w % 8)]);
                  c.label = "warp " + std::to_string(t.first_warp + w) + ": " + std::to_string(k);
                  c.marked = k > 0;
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
  return Outcome<Scene>::ok(std::move(s));
}

}  // namespace fragviz::scene
