// `fragviz-cli tmem --cp SHAPE`: where tcgen05.cp puts each 128-bit chunk of each row of its
// shared-memory source in tensor memory, the .warpx2 / .warpx4 copies included. Model only
// (fragviz/isa/tmem_cp.hpp); every output says so, in the words of tmem_cp_status.
#include <iostream>
#include <string>

#include "commands.hpp"
#include "fragviz/isa/sm100_wording.hpp"
#include "fragviz/isa/tmem.hpp"  // kTmemColumns
#include "fragviz/isa/tmem_cp.hpp"

namespace fragviz::cli {

int print_tmem_cp(TmemCpShape s, int cta_group, TmemCpDecompress d, bool csv, int taddr_lane,
                  int taddr_column) {
  const int rows = tmem_cp_rows(s), chunks = tmem_cp_chunks(s), copies = tmem_cp_copies(s);
  if (csv) {
    std::cerr << tmem_cp_status(s, d) << "\n";  // standard output carries the CSV alone
    std::cout << "row,chunk,copy,lane,first_column,last_column\n";
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < chunks; ++c)
        for (int k = 0; k < copies; ++k) {
          const TmemCpDest x = tmem_cp_dest(s, r, c, k);
          const int col = taddr_column + x.column;
          std::cout << r << ',' << c << ',' << k << ',' << taddr_lane + x.lane << ',' << col << ',' << col + 3
                    << '\n';
        }
    return kExitOk;
  }
  std::cout << tmem_cp_status(s, d) << "\n"
            << tmem_cp_mnemonic(s, cta_group, d)
            << " [taddr], s-desc (PTX ISA 9.1, 9.7.16.9.2 \"tcgen05.cp\"): " << rows << " source rows of "
            << tmem_cp_row_bits(s) << " bits, each to " << copies << (copies == 1 ? " lane" : " lanes")
            << " and 4 columns per 128-bit chunk; taddr = lane " << taddr_lane << ", column " << taddr_column
            << "\n";
  {
    const int last_lane = 128 - tmem_cp_lane_span(s), last_col = kTmemColumns - 4 * tmem_cp_chunks(s);
    std::cout << "taddr: the PTX text gives tcgen05.cp no alignment, only tensor memory's 128 lanes x 512 "
                 "columns (9.7.16.1): lane "
              << (last_lane == 0 ? std::string("0") : "0-" + std::to_string(last_lane)) << ", column 0-"
              << last_col << " (--lane, --column)\n";
  }
  if (cta_group == 2)
    std::cout << ".cta_group::2: the same lanes and columns in the tensor memory of both CTAs of the pair\n";
  if (d != TmemCpDecompress::none) {
    const int bits = tmem_cp_value_bits(d);
    std::cout << "." << to_string(d) << ": each 128-bit chunk holds 16 packed " << bits << "-bit values and "
              << 128 - 16 * bits
              << " bits of padding; value k becomes byte k % 4 of the chunk's column k / 4\n";
  }
  std::cout << "source row, bits -> TMEM lanes (the warps, id % 4, that may tcgen05.ld them), columns\n";
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < chunks; ++c) {
      const int col = taddr_column + tmem_cp_dest(s, r, c, 0).column;
      std::cout << "  row " << r << ", bits " << 128 * c << "-" << 128 * c + 127 << " -> "
                << tmem_cp_row_lanes(s, r, taddr_lane) << ", columns " << col << "-" << col + 3 << "\n";
    }
  return kExitOk;
}

}  // namespace fragviz::cli
