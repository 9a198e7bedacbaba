// `fragviz-cli tmem --accumulator`: where tcgen05.mma's D lives in tensor memory (CTA, lanes,
// columns, the warp that may read it) per the PTX data-path layouts A-D and F, and which
// tcgen05.ld.16x256b gives back mma.sync m16n8 fragments of it. Model only
// (fragviz/isa/tmem_accumulator.hpp); every output says so.
#include <iostream>
#include <string>

#include "commands.hpp"
#include "fragviz/isa/sm100_wording.hpp"
#include "fragviz/isa/tmem_accumulator.hpp"

namespace fragviz::cli {
namespace {

/// One run of D: rows [r0, r1] and columns [c0, c1] in CTA `cta`, lanes from `lane0`, TMEM columns
/// from `col0`, both rising with the row and column.
struct Run {
  int r0, r1, c0, c1, cta, lane0, col0;
};

}  // namespace

int print_tmem_accumulator(const UmmaAccumulator& a, bool csv) {
  const TmemDataPath p = umma_data_path(a);
  if (csv) {
    std::cerr << umma_accumulator_status(p) << "\n";  // standard output carries the CSV alone
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
      << umma_accumulator_status(p) << "\n"
      << umma_accumulator_mnemonic(a) << " M=" << a.m << " N=" << a.n << (a.sparse ? " (sparse A)" : "")
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
  std::cout << "lanes used per 32-lane sub-partition: " << lanes_used
            << (lanes_used == 16
                    ? " (lanes 16-31 stay free: a second accumulator at taddr lane + 16 fills them)"
                    : "")
            << "\n"
            << umma_accumulator_relation() << " (fragviz-cli tmem --shape 16x256b)\n";
  return kExitOk;
}

}  // namespace fragviz::cli
