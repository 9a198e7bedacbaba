// How long the layout algebra takes on a 128x128 tile, the work a view redoes each frame: each
// expression read and evaluated (algebra/expression.hpp), and every one of the tile's 16384
// offsets evaluated. Prints a Markdown table of the median and the slowest of `runs` timings, in
// this thread's CPU time (a machine shared with other builds stretches wall time, not this)
// (docs/benchmarks/layout-algebra.md holds a run). Usage: algebra_bench [runs]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "cpu_timing.hpp"
#include "fragviz/algebra/expression.hpp"

namespace {

using namespace fragviz::algebra;

using fragviz::bench::time_us;

volatile std::int64_t g_sink = 0;

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 1000;
  const std::vector<std::string> expressions = {
      "Swizzle<3,3,3> o (128,128):(128,1)",
      "coalesce(((8,16),(8,16)):((128,1024),(1,8)))",
      "composition((128,128):(128,1), (64,32):(32,1))",
      "complement((8,8):(128,1), 16384)",
      "right_inverse(((8,16),(8,16)):((128,1024),(1,8)))",
      "left_inverse(((8,16),(8,16)):((128,1024),(1,8)))",
      "logical_divide((128,128):(128,1), (64,32))",
      "zipped_divide(Swizzle<3,3,3> o (128,128):(128,1), (8,8))",
      "tiled_divide((128,128):(128,1), <(2,4):(1,8), 32:1>)",
      "flat_divide((128,128):(128,1), (16,16))",
      "blocked_product((8,8):(8,1), (16,16):(1,16))",
      "raked_product((8,8):(8,1), (16,16):(1,16))",
      "composition((128,128):(128,1), Swizzle<3,0,3>)",
      "right_inverse(Swizzle<3,3,3> o (64,64):(64,1))",
  };
  std::printf("| expression | median (us) | slowest (us) |\n|---|---:|---:|\n");
  double total = 0;
  for (const std::string& e : expressions) {
    const auto check = evaluate_expression(e);
    if (!check) {
      std::fprintf(stderr, "algebra_bench: %s: %s\n", e.c_str(), check.message.c_str());
      return 1;
    }
    const auto [median, slowest] = time_us(runs, [&] { g_sink = evaluate_expression(e).value.has_value(); });
    total += median;
    std::printf("| `%s` | %.1f | %.1f |\n", e.c_str(), median, slowest);
  }
  // The table a view draws: every offset of the swizzled tile, divided into 8x8 tiles.
  const auto tiled = evaluate_expression("zipped_divide(Swizzle<3,3,3> o (128,128):(128,1), (8,8))");
  const ComposedLayout& l = tiled->layout;
  const auto [median, slowest] = time_us(runs, [&] { g_sink = offsets(l).back(); });
  std::printf("| all 16384 offsets of `%s` (offsets) | %.1f | %.1f |\n", to_string(l).c_str(), median,
              slowest);
  const auto [each, each_slowest] = time_us(runs / 10 + 1, [&] {
    std::int64_t s = 0;
    for (std::int64_t i = 0; i < size(l.layout); ++i) s += evaluate(l, i);
    g_sink = s;
  });
  std::printf("| the same, one evaluate(i) each | %.1f | %.1f |\n", each, each_slowest);
  std::printf("\nSum of the expressions' medians: %.1f us; with the 16384 offsets: %.1f us (%d runs each).\n",
              total, total + median, runs);
  return 0;
}
