#include "fragviz/viewmodel/bank_lines.hpp"

#include <algorithm>

namespace fragviz::app {

BankLines bank_lines(const BankReport& report) {
  const TileGeometry& tile = report.tile;
  BankLines b;
  const int stride = std::max(1, tile.stride_bytes());
  const int bytes = tile.rows * stride;
  b.lines = (bytes + 127) / 128;
  b.words.assign(static_cast<std::size_t>(b.lines * kBanks), BankWord{});
  for (int w = 0; w < b.lines * kBanks; ++w) {
    const int byte = w * kBankBytes;
    BankWord& word = b.words[static_cast<std::size_t>(w)];
    if (byte >= bytes) continue;
    word.tile_row = byte / stride;
    word.pad = (byte % stride) / kHalfBytes >= tile.width_halves;
  }
  for (int lane = 0; lane < kWarpSize; ++lane) {
    const LaneAddress& a = report.lanes[static_cast<std::size_t>(lane)];
    if (!a.used) continue;
    for (int k = 0; k < kRowBytes / kBankBytes; ++k) {
      const std::size_t w = (a.byte_address / kBankBytes) + static_cast<std::size_t>(k);
      if (w >= b.words.size()) continue;
      b.words[w].readers |= 1u << lane;
      if (!a.aligned) b.words[w].misaligned = true;
    }
  }
  return b;
}

std::string bank_totals_text(const BankReport& r) {
  return "wavefronts " + std::to_string(r.wavefronts) + "   ideal " + std::to_string(r.ideal_wavefronts) +
         "   bank conflicts " + std::to_string(r.bank_conflicts) + "   (" + std::to_string(r.max_way) +
         "-way)";
}

std::string bank_phases_text(const BankReport& r) {
  std::string per;
  for (const PhaseBanks& p : r.phases)
    per += "m" + std::to_string(p.matrix) + ": " + std::to_string(p.wavefronts) + " wf   ";
  return "per matrix  " + per;
}

}  // namespace fragviz::app
