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

std::vector<BankOperandLoad> bank_operand_loads(const Instruction& in, const TileGeometry& tile,
                                                TileUnit unit) {
  std::vector<BankOperandLoad> out;
  for (Operand op : {Operand::A, Operand::B}) {
    const auto load = fragment_load(in, op);
    if (!load) continue;
    BankOperandLoad o;
    o.operand = op;
    o.config = load->config;
    if (const auto problem = operand_tile_problem(in, op, tile, unit)) {
      o.problem = *problem;
    } else if (const auto illegal = validate(tile, load->config, unit)) {
      o.problem = *illegal;
    } else {
      // The plan's row starts (stored row, byte column) placed in the tile; the swizzle moves whole
      // 16-byte chunks, so a byte keeps its place inside its half.
      for (int lane = 0; lane < kWarpSize; ++lane) {
        const Coord a = address_byte(*load, lane);
        o.addresses[static_cast<std::size_t>(lane)] = byte_offset(tile, Coord{a.row, a.col / kHalfBytes}) +
                                                      static_cast<std::uint32_t>(a.col % kHalfBytes);
      }
      o.report = analyze_addresses(load->config, o.addresses);
    }
    out.push_back(o);
  }
  return out;
}

std::vector<BankStatusLine> bank_side_lines(const std::string& tile_text, const BankReport& report,
                                            const std::vector<BankOperandLoad>& loads) {
  std::vector<BankStatusLine> out;
  out.push_back({"tile", tile_text, Tone::dim});
  if (report.error) {
    out.push_back({"error", "Illegal: " + *report.error, Tone::bad});
  } else {
    // Conflicts cost wavefronts; they are no error.
    out.push_back({"totals", bank_totals_text(report), report.bank_conflicts ? Tone::warn : Tone::good});
    out.push_back({"phases", bank_phases_text(report), Tone::dim});
  }
  for (const BankOperandLoad& o : loads) {
    const std::string who = std::string(o.operand == Operand::A ? "A" : "B") + "'s ";
    const std::string key = std::string("load_") + (o.operand == Operand::A ? "A" : "B");
    if (!o.problem.empty())
      out.push_back({key, who + ldmatrix_mnemonic(o.config) + ": " + o.problem, Tone::dim});
    else
      out.push_back({key,
                     who + "own " + ldmatrix_mnemonic(o.config) + ": " + std::to_string(o.report.wavefronts) +
                         " wavefronts, " + std::to_string(o.report.bank_conflicts) + " bank conflicts",
                     o.report.bank_conflicts ? Tone::warn : Tone::dim});
  }
  return out;
}

}  // namespace fragviz::app
