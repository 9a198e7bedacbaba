// Ownership of the gate's output (gate_output.hpp): the tiling's block and warp arithmetic, the
// instruction's C/D map from the catalogues (mma.sync or wgmma), and the words the views print.
#include "fragviz/gate/gate_output.hpp"

#include <functional>
#include <map>
#include <mutex>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/wgmma.hpp"

namespace fragviz {
namespace {

/// The tiling's wgmma entry, or nullptr for an mma.sync one (looked up only when it says wgmma).
const WgmmaInstruction* wgmma_of(const GateOutputTiling& t) {
  return t.instruction.rfind(kWgmmaPrefix, 0) == 0 ? find_wgmma(t.instruction) : nullptr;
}

/// Who holds each element of one instruction's C/D tile, row-major: (thread, element), or
/// thread -1 where none does.
using OwnerTable = std::vector<Owner>;

/// The table of C/D map `d` over `threads` threads, filled forward from the map (an inverse
/// search per element would cost 128 x 128 steps for wgmma's m64n256).
OwnerTable owner_table(const OperandSpec& d, int threads) {
  OwnerTable table(static_cast<std::size_t>(d.rows) * static_cast<std::size_t>(d.cols), Owner{-1, -1});
  const int per_thread = d.rows * d.cols / threads;
  for (int t = 0; t < threads; ++t)
    for (int e = 0; e < per_thread; ++e) {
      const Coord c = operand_coord(d, t, e);
      if (c.row >= 0 && c.row < d.rows && c.col >= 0 && c.col < d.cols && c.product == 0)
        table[static_cast<std::size_t>(c.row) * static_cast<std::size_t>(d.cols) +
              static_cast<std::size_t>(c.col)] = Owner{t, e};
    }
  return table;
}

/// The owner table of the tiling's instruction, built once per mnemonic; nullptr when the
/// catalogues lack it or its C/D tile is not mma_m x mma_n.
const OwnerTable* owners_of(const GateOutputTiling& t) {
  static std::mutex mutex;
  static std::map<std::string, OwnerTable, std::less<>> tables;
  const std::lock_guard<std::mutex> lock(mutex);
  if (const auto it = tables.find(t.instruction); it != tables.end()) return &it->second;
  const OperandSpec* d = nullptr;
  int threads = 0;
  if (const WgmmaInstruction* w = wgmma_of(t)) {
    d = &w->d;
    threads = kWarpgroupSize;
  } else if (const Instruction* m = find_instruction(t.instruction); m != nullptr && m->products == 1) {
    d = &m->c;
    threads = m->threads;
  }
  if (d == nullptr || d->rows != t.mma_m || d->cols != t.mma_n || threads <= 0) return nullptr;
  return &tables.emplace(t.instruction, owner_table(*d, threads)).first->second;
}

}  // namespace

std::optional<GateOutputOwner> gate_output_owner(const GateOutputTiling& t, int row, int col) {
  if (row < 0 || col < 0 || t.block_m <= 0 || t.block_n <= 0 || t.warps_m <= 0 || t.warps_n <= 0 ||
      t.warp_m <= 0 || t.warp_n <= 0 || t.mma_m <= 0 || t.mma_n <= 0)
    return std::nullopt;
  const OwnerTable* owners = owners_of(t);
  if (owners == nullptr) return std::nullopt;
  GateOutputOwner o;
  o.block_row = row / t.block_m;
  o.block_col = col / t.block_n;
  const int r = row % t.block_m, c = col % t.block_n;
  o.grid_warp = (r / t.warp_m) % t.warps_m + t.warps_m * ((c / t.warp_n) % t.warps_n);
  o.warp = t.first_warp + o.grid_warp;
  o.slab = Coord{r - r % t.warp_m, c - c % t.warp_n};
  o.tile_n = (c % t.warp_n) / t.mma_n;
  // A warpgroup issues one m64 tile per repeat of the warp grid down the block; a warp, one m16
  // tile per 16 rows of its slab.
  o.tile_m = wgmma_of(t) != nullptr ? r / (t.warps_m * t.warp_m) : (r % t.warp_m) / t.mma_m;
  const Owner& owner = (*owners)[static_cast<std::size_t>(r % t.mma_m) * static_cast<std::size_t>(t.mma_n) +
                                 static_cast<std::size_t>(c % t.mma_n)];
  if (owner.lane < 0) return std::nullopt;
  o.thread = owner.lane;
  o.lane = owner.lane % kWarpSize;
  o.element = owner.element;
  return o;
}

std::string gate_output_shape(const GateOutputTiling& t) {
  if (const WgmmaInstruction* w = wgmma_of(t))
    return "m" + std::to_string(w->m) + "n" + std::to_string(w->n) + "k" + std::to_string(w->k);
  if (const Instruction* m = find_instruction(t.instruction)) return shape_name(*m);
  return "";
}

std::string gate_output_tiling_words(std::string_view variant, const GateOutputTiling& t) {
  const bool wgmma = wgmma_of(t) != nullptr;
  std::string s = "ownership per " + std::string(variant) + "'s " + std::to_string(t.block_m) + "x" +
                  std::to_string(t.block_n) + " block, " + std::to_string(t.warps()) + " warps of " +
                  std::to_string(t.warp_m) + "x" + std::to_string(t.warp_n);
  if (t.warps_m * t.warp_m < t.block_m) s += " in every " + std::to_string(t.warps_m * t.warp_m) + " rows";
  if (t.first_warp > 0)
    s += " (warps " + std::to_string(t.first_warp) + "-" + std::to_string(t.first_warp + t.warps() - 1) + ")";
  return s + (wgmma ? ", D of wgmma " : ", C/D of ") + gate_output_shape(t);
}

std::vector<std::string> gate_output_owner_words(const GateOutputTiling& t, int row, int col) {
  const std::optional<GateOutputOwner> o = gate_output_owner(t, row, col);
  if (!o) return {};
  std::vector<std::string> lines;
  lines.push_back("block (" + std::to_string(o->block_row) + ", " + std::to_string(o->block_col) +
                  "), warp " + std::to_string(o->warp) + " (rows +" + std::to_string(o->slab.row) +
                  ", cols +" + std::to_string(o->slab.col) + ")");
  const std::string lane = "lane " + std::to_string(o->lane);
  const std::string e = std::to_string(o->element), i = std::to_string(o->tile_m),
                    j = std::to_string(o->tile_n);
  if (wgmma_of(t) != nullptr)
    lines.push_back(lane + " (thread " + std::to_string(o->thread) + " of the warpgroup), D element " + e +
                    " of " + gate_output_shape(t) + " tile " + i);
  else if (t.warp_m == t.mma_m)  // one m tile per warp: the seed's acc[n tile][element]
    lines.push_back(lane + ", acc[" + j + "][" + e + "] = c" + e + " of n-tile " + j);
  else
    lines.push_back(lane + ", acc[" + i + "][" + j + "][" + e + "] = c" + e + " of m-tile " + i +
                    ", n-tile " + j);
  return lines;
}

}  // namespace fragviz
