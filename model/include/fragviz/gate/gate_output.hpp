// Who writes each element of the gate's output C (n x n): the block tile, the warp, the lane and the
// accumulator element, for one built-in variant's kernel (GateVariantInfo::output, gate_ladder.hpp).
// The app's output view (shaders/output.frag, app/panels/panel_output.cpp) and the export
// (export/view_output.cpp) draw every run with its own variant's numbers from here. Pure model.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/isa/fragment.hpp"

namespace fragviz {

/// How one kernel's blocks, warps and instructions cover C. For an element at offsets (r, c) from
/// its block's corner, the warp holding it is
///   first_warp + (r / warp_m) % warps_m + warps_m * ((c / warp_n) % warps_n):
/// a warp grid shorter than the block repeats down it (a wgmma warpgroup's warp w holds rows
/// 16w .. 16w+15 of every m64 tile the warpgroup issues, PTX ISA "Register Fragments" of
/// wgmma). Inside, the instruction's C/D map at (r % mma_m, c % mma_n) names lane and element.
struct GateOutputTiling {
  int block_m = 0, block_n = 0;  ///< C block tile: rows, columns
  int warps_m = 0, warps_n = 0;  ///< the warps that hold C, as a grid (grid index M-fastest)
  int warp_m = 0, warp_n = 0;    ///< one warp's slab of C: rows, columns
  int first_warp = 0;            ///< block warp index of grid warp 0 (4 behind a producer warpgroup)
  int mma_m = 0, mma_n = 0;      ///< C/D of one instruction: m16n8 (mma.sync), m64nN (wgmma, 4 warps)
  std::string instruction;       ///< its catalogue mnemonic (mma.sync or wgmma): the C/D map
  int warps() const { return warps_m * warps_n; }
  friend bool operator==(const GateOutputTiling& a, const GateOutputTiling& b) {
    return a.block_m == b.block_m && a.block_n == b.block_n && a.warps_m == b.warps_m &&
           a.warps_n == b.warps_n && a.warp_m == b.warp_m && a.warp_n == b.warp_n &&
           a.first_warp == b.first_warp && a.mma_m == b.mma_m && a.mma_n == b.mma_n &&
           a.instruction == b.instruction;
  }
  friend bool operator!=(const GateOutputTiling& a, const GateOutputTiling& b) { return !(a == b); }
};

/// Who wrote one element of C.
struct GateOutputOwner {
  int block_row = 0, block_col = 0;  ///< the block tile: row / block_m, col / block_n
  int warp = 0;                      ///< the warp's index in its block (threadIdx.x / 32)
  int grid_warp = 0;                 ///< its index in the tiling's warp grid (warp - first_warp)
  Coord slab{};                      ///< where the warp's slab holding the element starts in the block
  int lane = 0;
  int thread = 0;  ///< among the instruction's threads: the lane (mma.sync), 0-127 (wgmma's warpgroup)
  /// Which of the warp's instruction tiles: m16 tile of its slab (mma.sync), m64 tile of its
  /// warpgroup (wgmma); n8 tile of the slab (mma.sync), always 0 for wgmma (one tile spans the block).
  int tile_m = 0, tile_n = 0;
  int element = 0;  ///< the C/D fragment element (accumulator register) holding it
};

/// The owner of element (row, col) of C under `t`; nullopt for a negative coordinate, a tiling
/// without blocks, or an instruction that is not in the catalogue (or holds no such element).
std::optional<GateOutputOwner> gate_output_owner(const GateOutputTiling& t, int row, int col);

/// The instruction's shape as PTX spells it ("m16n8k16", "m64n256k16"), or "" when unknown.
std::string gate_output_shape(const GateOutputTiling& t);

/// One line naming the tiling, e.g. "ownership per tile-128's 128x128 block, 4 warps of 64x64,
/// C/D of m16n8k16" (what the output view's tooltip and legend say).
std::string gate_output_tiling_words(std::string_view variant, const GateOutputTiling& t);

/// The element's owner in words, two lines: "block (1, 0), warp 1 (rows +64, cols +0)" and
/// "lane 24, acc[0][0][2] = c2 of m-tile 0, n-tile 0" (the seed's kernels: "acc[j][e] = ce of
/// n-tile j"; wgmma: "lane 5 (thread 37 of the warpgroup), D element 66 of m64n256k16 tile 0").
/// Empty when gate_output_owner has none.
std::vector<std::string> gate_output_owner_words(const GateOutputTiling& t, int row, int col);

}  // namespace fragviz
