// How long the CTA tile analysis (model/tile/cta_tile.hpp) takes on a 128x128x64 tile, the work the
// CTA tile view redoes after every edit: building the TiledMMA and TiledCopy and parsing the shared
// layouts (make_cta_tile), then the joins of A, B and C through the layouts over the whole CTA and
// every warp's bank wavefronts for every copy instruction of every k-block (analyze_cta_tile).
// Prints a Markdown table of the median and the slowest of `runs` timings in this thread's CPU time
// (a machine shared with other builds stretches wall time, not this); exits 1 if the full analysis
// of the main case takes 16 ms or more at the median (one frame), so a regression shows.
// docs/benchmarks/cta-tile.md holds a run. Usage: cta_bench [runs]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "cpu_timing.hpp"
#include "fragviz/tile/cta_presets.hpp"

namespace {

using namespace fragviz::tile;

using fragviz::bench::time_us;

volatile std::int64_t g_sink = 0;

/// The sm80 preset at 128x128x64 with an f32 epilogue through shared memory: every operand joined
/// and banked, no conflicts (so no swizzle search).
CtaTileSpec sm80_128x128x64() {
  CtaTileSpec s = find_cta_preset("sm80-gemm-128x128x32")->spec;
  s.tile = "128x128x64";
  s.copy[2] = "UniversalCopy<uint64_t>";
  s.smem = {"Swizzle<3,3,3> o (128,64):(64,1)", "Swizzle<3,3,3> o ((64,2),(8,8)):((1,512),(64,1024))",
            "Swizzle<2,3,4> o (128,128):(128,1)"};
  return s;
}

struct Case {
  std::string name;
  CtaTileSpec spec;
  CtaOptions options;
};

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 200;
  std::vector<Case> cases;
  cases.push_back({"sm80 128x128x64: A, B ldmatrix + C STS.64, 128 threads", sm80_128x128x64(), {}});
  Case conflicting{
      "the same, A unswizzled `(128,64):(64,1)` (8-way) + the swizzle search", sm80_128x128x64(), {}};
  conflicting.spec.smem[0] = "(128,64):(64,1)";
  cases.push_back(conflicting);
  Case cells{"the same as the first, every join cell kept (per-thread views)", sm80_128x128x64(), {}};
  cells.options.keep_cells = true;
  cases.push_back(cells);
  cases.push_back({"sm90-wgmma-128x128x64: descriptors + stmatrix C, 256 threads",
                   find_cta_preset("sm90-wgmma-128x128x64")->spec,
                   {}});
  cases.push_back(
      {"gate-reg-db-128x256 (128x256x32, 256 threads)", find_cta_preset("gate-reg-db-128x256")->spec, {}});
  cases.push_back({"fa2-attention (64x64x64 + C as A)", find_cta_preset("fa2-attention")->spec, {}});

  std::printf(
      "| tile | build (us) | analysis (us) | both: median (us) | both: slowest (us) |\n"
      "|---|---:|---:|---:|---:|\n");
  double main_median = 0;
  for (const Case& c : cases) {
    const auto t = make_cta_tile(c.spec);
    if (!t) {
      std::fprintf(stderr, "cta_bench: %s: %s\n", c.name.c_str(), t.message.c_str());
      return 2;
    }
    const auto check = analyze_cta_tile(*t.value, c.options);
    if (!check || !check->joins_ok()) {
      std::fprintf(stderr, "cta_bench: %s: %s\n", c.name.c_str(),
                   check ? "a join fails" : check.message.c_str());
      return 2;
    }
    const auto build = time_us(runs, [&] { g_sink = make_cta_tile(c.spec).value.has_value(); });
    const auto analysis = time_us(runs, [&] { g_sink = analyze_cta_tile(*t.value, c.options)->joins_ok(); });
    const auto both = time_us(runs, [&] {
      const auto m = make_cta_tile(c.spec);
      g_sink = analyze_cta_tile(*m.value, c.options)->operands[0].banks->wavefronts;
    });
    if (main_median == 0) main_median = both.first;
    std::printf("| %s | %.0f | %.0f | %.0f | %.0f |\n", c.name.c_str(), build.first, analysis.first,
                both.first, both.second);
  }
  std::printf("\n%d runs each; the first row is the 128x128x64 target (one frame, 16 ms): %.2f ms.\n", runs,
              main_median / 1000);
  return main_median < 16000 ? 0 : 1;
}
