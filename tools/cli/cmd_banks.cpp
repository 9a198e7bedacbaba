// `fragviz-cli banks`: each lane's ldmatrix row address, its banks, and each matrix's wavefronts.
#include <algorithm>
#include <iomanip>
#include <iostream>

#include "commands.hpp"
#include "fragviz/banks.hpp"
#include "fragviz/words.hpp"

namespace fragviz::cli {

void add_banks_command(CLI::App& app, int& exit_code) {
  struct Opts {
    std::string num = "x4";
    bool trans = false;
    int stride = 72;
    std::string swizzle = "none";
  };
  auto opts = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("banks",
                                 "Row addresses, banks and wavefronts of one ldmatrix over a row-major tile");
  cmd->add_option("--num", opts->num, "x1, x2 or x4")->check(CLI::IsMember({"x1", "x2", "x4"}));
  cmd->add_flag("--trans", opts->trans, ".trans (same addresses and banks; changes what lanes receive)");
  cmd->add_option("--stride-halves", opts->stride,
                  "row stride in halves (tile width + pad), " + std::to_string(kMinTileWidthHalves) + " to " +
                      std::to_string(kMaxTileStrideHalves))
      ->check(kNonEmpty)
      ->required();
  cmd->add_option("--swizzle", opts->swizzle, "none or xor (16-byte chunk ^= row % 8)")
      ->check(CLI::IsMember({"none", "xor"}));
  cmd->callback([opts, &exit_code] {
    const LdmatrixConfig c{*parse_num(opts->num), opts->trans};
    const int stride = opts->stride;
    // The user gave a row stride, so a refusal speaks of the stride, never of a tile width or pad
    // they did not give.
    const auto refuse = [&exit_code, stride](const std::string& why) {
      std::cerr << "illegal geometry (row stride " << plural(stride, "half", "halves") << "): " << why
                << "\n";
      exit_code = finish_output(kExitRefused);
    };
    if (stride < kMinTileWidthHalves || stride > kMaxTileStrideHalves) {
      refuse("fragviz accepts row strides of " + std::to_string(kMinTileWidthHalves) + " to " +
             std::to_string(kMaxTileStrideHalves) + " halves (tile widths of " +
             std::to_string(kMinTileWidthHalves) + " to " + std::to_string(kMaxTileWidthHalves) +
             " plus pads of 0 to " + std::to_string(kMaxTilePadHalves) + ")");
      return;
    }
    if (stride < min_tile_width_halves(c.num)) {
      refuse("ldmatrix ." + std::string(to_string(c.num)) + " reads " +
             plural(min_tile_width_halves(c.num), "column") +
             " of every row, so the row stride must be at least " +
             plural(min_tile_width_halves(c.num), "half", "halves"));
      return;
    }
    // The widest tile in range with this stride: banks depend on the stride alone.
    TileGeometry t;
    t.width_halves = std::min(stride, kMaxTileWidthHalves);
    t.pad_halves = stride - t.width_halves;
    t.swizzle = *parse_swizzle(opts->swizzle);
    const BankReport r = analyze_ldmatrix(c, t);
    // Rows are listed only where they mean something: a legal tile, or a misaligned one (to show which
    // row starts break the rule). A refused swizzle: message only.
    const bool misaligned = r.addresses_valid && t.stride_bytes() % kRowBytes != 0;
    if (r.error && !misaligned) {
      refuse(*r.error);
      return;
    }
    std::cout << ldmatrix_mnemonic(c) << ", row stride " << plural(t.stride_halves(), "half", "halves")
              << " (" << plural(t.stride_bytes(), "byte") << "), swizzle " << to_string(t.swizzle) << "\n";
    std::cout << "lane  matrix  row  byte_address  banks\n";
    for (int lane = 0; lane < address_lanes(c.num); ++lane) {
      const LaneAddress& l = r.lanes[lane];
      std::cout << std::setw(4) << lane << std::setw(8) << address_matrix(lane) << std::setw(5)
                << l.logical.row << std::setw(14) << l.byte_address << "  " << l.banks[0] << "," << l.banks[1]
                << "," << l.banks[2] << "," << l.banks[3] << (l.aligned ? "" : "  NOT 16-byte aligned")
                << "\n";
    }
    if (r.error) {
      refuse(*r.error);
      return;
    }
    for (const PhaseBanks& p : r.phases)
      std::cout << "matrix " << p.matrix << ": " << plural(p.wavefronts, "wavefront") << " ("
                << (p.wavefronts == 1 ? std::string("conflict-free")
                                      : std::to_string(p.wavefronts) + "-way conflict")
                << ")\n";
    std::cout << "total: wavefronts " << r.wavefronts << ", ideal wavefronts " << r.ideal_wavefronts
              << ", bank conflicts " << r.bank_conflicts << "\n";
    exit_code = finish_output(kExitOk);
  });
}

}  // namespace fragviz::cli
