// `fragviz-cli tmem --accumulator`: where tcgen05.mma's D lives in tensor memory (CTA, lanes,
// columns, the warp that may read it) per the PTX data-path layouts A-D and F, and which
// tcgen05.ld.16x256b gives back mma.sync m16n8 fragments of it. Model only
// (fragviz/isa/tmem_accumulator.hpp); every output says so.
#include <iostream>
#include <string>

#include "commands.hpp"
#include "fragviz/isa/tmem_accumulator.hpp"

namespace fragviz::cli {
namespace {

/// The model-only line: CuTe agrees except for Layout C, whose disagreement it names.
std::string accumulator_verdict(TmemDataPath p) {
  if (p == TmemDataPath::C)
    return "model only: PTX ISA 9.1 gives Layout C; CuTe 4.2 disagrees (its sparse 2SM M=128 atom lays D out "
           "as Layout B); not yet run on a GPU (docs/guide/blackwell.md)";
  return "model only: PTX ISA 9.1 and CuTe 4.2 agree; not yet run on a GPU "
         "(tests/cute/cute_sm100_accumulator.cpp)";
}

/// One run of D: rows [r0, r1] and columns [c0, c1] in CTA `cta`, lanes from `lane0`, TMEM columns
/// from `col0`, both rising with the row and column.
struct Run {
  int r0, r1, c0, c1, cta, lane0, col0;
};

}  // namespace

int print_tmem_accumulator(const UmmaAccumulator& a, bool csv) {
  const TmemDataPath p = umma_data_path(a);
  if (csv) {
    std::cerr << accumulator_verdict(p) << "\n";  // standard output carries the CSV alone
    std::cout << "row,column,cta,lane,tmem_column,warp\n";
    for (int r = 0; r < a.m; ++r)
      for (int c = 0; c < a.n; ++c) {
        const TmemAccumulatorCell x = umma_accumulator_cell(a, r, c);
        std::cout << r << ',' << c << ',' << x.cta << ',' << x.lane << ',' << x.column << ',' << x.warp
                  << '\n';
      }
    return kExitOk;
  }
  std::cout
      << accumulator_verdict(p) << "\n"
      << "tcgen05.mma.cta_group::" << a.cta_group << " M=" << a.m << " N=" << a.n
      << (a.sparse ? " (sparse A)" : "")
      << ": D in tensor memory (PTX ISA 9.1, 9.7.16.10.5 \"Data path layout organization\"): Layout "
      << static_cast<char>(p) << ", " << data_path_organization(p) << "; "
      << (a.cta_group == 2 ? "each CTA of the pair holds " + std::to_string(umma_rows_per_cta(a)) + " rows; "
                           : std::string())
      << "one 32-bit column per element; lanes and columns from taddr\n"
      << "D rows, columns -> CTA, TMEM lanes, TMEM columns (the warp, id % 4, that may tcgen05.ld them)\n";
  // Runs of 16 rows (every layout keeps a 16-row block in consecutive lanes) split where the
  // TMEM column stops following the column of D.
  for (int r0 = 0; r0 < a.m; r0 += 16) {
    int c0 = 0;
    while (c0 < a.n) {
      const TmemAccumulatorCell first = umma_accumulator_cell(a, r0, c0);
      int c1 = c0;
      while (c1 + 1 < a.n) {
        const TmemAccumulatorCell next = umma_accumulator_cell(a, r0, c1 + 1);
        if (next.lane != first.lane || next.column != first.column + (c1 + 1 - c0)) break;
        ++c1;
      }
      const Run run{r0, r0 + 15, c0, c1, first.cta, first.lane, first.column};
      std::cout << "  rows " << run.r0 << "-" << run.r1 << ", columns " << run.c0 << "-" << run.c1
                << " -> CTA " << run.cta << ", lanes " << run.lane0 << "-" << run.lane0 + 15
                << ", TMEM columns " << run.col0 << "-" << run.col0 + (run.c1 - run.c0) << " (warp "
                << run.lane0 / 32 << ")\n";
      c0 = c1 + 1;
    }
  }
  const int lanes_used = p == TmemDataPath::C || p == TmemDataPath::F ? 16 : 32;
  std::cout
      << "lanes used per 32-lane sub-partition: " << lanes_used
      << (lanes_used == 16 ? " (lanes 16-31 stay free: a second accumulator at taddr lane + 16 fills them)"
                           : "")
      << "\n"
      << "the relation: warp w's tcgen05.ld.16x256b at a run's first lane gives thread t, per 8 columns, "
         "r0 r1 = D(row0 + t/4, col0 + 2*(t%4) +0/+1) and r2 r3 eight rows down: exactly the mma.sync "
         "m16n8 C fragment c0-c3, which is why it pairs with stmatrix (fragviz-cli tmem --shape 16x256b)\n";
  return kExitOk;
}

}  // namespace fragviz::cli
