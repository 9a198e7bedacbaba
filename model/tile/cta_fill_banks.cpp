// A cp.async.ca fill's bank wavefronts (cta_tile.hpp's count_fill_banks): the measured rule of
// smem_access.hpp (cpasync4/8/16: each lane's write its own, lanes on one word not merged).
#include "fragviz/tile/cta_tile.hpp"

namespace fragviz::tile {

std::optional<CtaBanks> count_fill_banks(const GmemCopy& g, const SmemLayout& layout, std::int64_t k_block) {
  if (!g.cache_always()) return std::nullopt;
  CtaBanks b;
  const std::int64_t access = g.vector * (g.copy.values.value_bits / 8);
  // cp.async moves 4, 8 or 16 bytes per lane (PTX ISA "cp.async"); the sweep measured each.
  const bool known = access == 4 || access == 8 || access == 16;
  b.instruction = g.copy.atom.instruction + " (" + std::to_string(access) + " B per lane)";
  const std::int64_t threads = g.copy.threads();
  if (!known || threads % kWarpSize != 0) {
    b.note = !known
                 ? "a " + std::to_string(access) + "-byte cp.async: the bank model counts 4, 8 and 16 bytes"
                 : std::to_string(threads) + " threads, no whole warps: the bank model counts 32 lanes";
    return b;
  }
  b.op = access == 4 ? SharedOp::cpasync4 : access == 8 ? SharedOp::cpasync8 : SharedOp::cpasync16;
  const SharedOpInfo& info = shared_op_info(b.op);
  b.instruction = std::string(info.ptx) + " (" + info.sass + ")";
  // Per k-block where every block of the tiler lies in one (the operand's columns are K).
  const std::int64_t cols = g.extent[1] / g.blocks1;
  bool per_k = k_block > 0;
  for (std::int64_t b1 = 0; b1 < g.blocks1 && per_k; ++b1)
    per_k = (b1 * cols) / k_block == ((b1 + 1) * cols - 1) / k_block;
  b.whole_k = !per_k;
  const int k_rows = per_k ? static_cast<int>(g.extent[1] / k_block) : 1;
  const int warps = static_cast<int>(threads / kWarpSize);
  init_bank_rows(b, warps, k_rows, false);
  const std::vector<GmemCopyAddress> all = gmem_copy_addresses(g, layout);  // thread-major
  const std::int64_t per_thread = g.instructions();
  std::vector<std::uint32_t> addresses(kWarpSize);
  for (int w = 0; w < warps; ++w)
    for (std::int64_t x = 0; x < per_thread; ++x) {
      const GmemCopyAddress& first = all[static_cast<std::size_t>(w * kWarpSize * per_thread + x)];
      const std::int64_t b1 = first.instruction / g.calls / g.blocks0;
      WarpBanks& row = b.rows[static_cast<std::size_t>(w * k_rows + (per_k ? b1 * cols / k_block : 0))];
      for (int l = 0; l < kWarpSize; ++l)
        addresses[static_cast<std::size_t>(l)] = static_cast<std::uint32_t>(
            all[static_cast<std::size_t>((w * kWarpSize + l) * per_thread + x)].dst);
      add_bank_instruction(b, row, addresses);
    }
  sum_bank_rows(b, k_rows, false);
  return b;
}

}  // namespace fragviz::tile
