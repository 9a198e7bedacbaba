// The gate kernels' tiling and shared-memory geometry: the one definition the kernels
// (gpu/cuda/gate_kernels.cu, gpu/cuda/ladder/*.cu) compile from and the variant table
// (gate_ladder.hpp) describes to the bank view. Plain constexpr data, no CUDA and no standard
// library beyond <cstdint>, so nvcc device code and the pure model read the same numbers.
//
// Conventions: A is the block's BM x BK slab of A (row-major, k fastest), B its BK x BN slab of B
// (row-major, n fastest); element offsets count halves (.f16, 2 bytes). Padded tiles put `pad`
// halves after every row; swizzled tiles are unpadded with CuTe's Swizzle<B,M,S> applied to the
// element offset (PTX-FACTS.md section 4): bits [M, M+B) ^= bits [M+S, M+S+B).
#pragma once

#include <cstdint>

#include "fragviz/util/host_device.hpp"

namespace fragviz::gate {

/// How a tile's rows sit in shared memory.
enum class SmemArrangement : std::uint8_t {
  padded,  ///< row stride = row length + pad halves
  xor16,   ///< unpadded, 16-byte chunks XOR-swizzled by the row (Swizzle<B,3,S>)
};

/// How global memory reaches shared memory.
enum class CopyPath : std::uint8_t {
  registers,  ///< ld.global into registers, st.shared, two barriers per k step (the seed)
  cp_async,   ///< cp.async.cg.shared.global 16 bytes, `stages` buffers (PTX ISA "cp.async", sm_80)
  tma,        ///< cp.async.bulk.tensor (TMA) into swizzled stages, mbarrier-tracked (sm_90; wgmma rungs)
};

/// One gate kernel's tiling. Warp tile = (block_m / warps_m) x (block_n / warps_n); every warp
/// issues mma.sync m16n8k{8,16} over it.
struct TileConfig {
  int block_m, block_n, block_k;  ///< C block tile rows, cols; k depth of one shared stage
  int warps_m, warps_n;           ///< warp grid of the block
  int mma_k;                      ///< 8 (m16n8k8) or 16 (m16n8k16)
  CopyPath copy;
  int stages;  ///< shared buffers (1 for the register path)
  SmemArrangement smem;
  int pad;                      ///< halves after each row when padded, else 0
  bool register_double_buffer;  ///< fragments of k step s+1 are loaded while step s multiplies
  int raster_group;             ///< block rows per L2 group (0: plain row-major block order)

  FRAGVIZ_HD constexpr int threads() const { return 32 * warps_m * warps_n; }
  FRAGVIZ_HD constexpr int warp_m() const { return block_m / warps_m; }
  FRAGVIZ_HD constexpr int warp_n() const { return block_n / warps_n; }
  /// Row strides in halves of the A (BM x BK) and B (BK x BN) tiles.
  FRAGVIZ_HD constexpr int lda() const { return block_k + pad; }
  FRAGVIZ_HD constexpr int ldb() const { return block_n + pad; }
  /// Halves of one stage of A and of B.
  FRAGVIZ_HD constexpr int a_stage_halves() const { return block_m * lda(); }
  FRAGVIZ_HD constexpr int b_stage_halves() const { return block_k * ldb(); }
  /// Shared bytes of all stages (the seed's kernels declare them statically, the ladder's as
  /// dynamic shared memory).
  FRAGVIZ_HD constexpr int smem_bytes() const { return 2 * stages * (a_stage_halves() + b_stage_halves()); }
  /// n must be a multiple of this (square problems: the larger block side, and block_k).
  FRAGVIZ_HD constexpr int n_multiple() const {
    const int side = block_m > block_n ? block_m : block_n;
    return side % block_k == 0 ? side : side * block_k;
  }
};

/// CuTe's Swizzle<B,M,S> on an element offset (S > 0 here).
struct XorSwizzle {
  int b, m, s;
  FRAGVIZ_HD constexpr std::int32_t operator()(std::int32_t offset) const {
    return offset ^ ((offset & (((1 << b) - 1) << (m + s))) >> s);
  }
};

/// The swizzle of an unpadded row of `row_halves` halves (row_halves / 8 16-byte chunks, 4 to 64):
/// the chunk index is XORed with 3 row bits so that 8 consecutive rows at one chunk column hit 8
/// different 16-byte bank groups. 4 chunks (64-byte rows): Swizzle<2,3,3> (two rows share a
/// 128-byte line, the row bits above that pick the chunk); 8 chunks: Swizzle<3,3,3> (SM80's
/// 128-byte atom); 2^j chunks: Swizzle<3,3,j>.
FRAGVIZ_HD constexpr XorSwizzle xor_swizzle_for_row(int row_halves) {
  int log_chunks = 0;
  while ((8 << (log_chunks + 1)) <= row_halves) ++log_chunks;
  return log_chunks <= 2 ? XorSwizzle{2, 3, 3} : XorSwizzle{3, 3, log_chunks};
}

/// Element offset of (row, col) in the A tile (BM x BK) of `c`.
FRAGVIZ_HD constexpr std::int32_t a_tile_offset(TileConfig c, int row, int col) {
  return c.smem == SmemArrangement::padded ? row * c.lda() + col
                                           : xor_swizzle_for_row(c.block_k)(row * c.block_k + col);
}
/// Element offset of (k, col) in the B tile (BK x BN) of `c`.
FRAGVIZ_HD constexpr std::int32_t b_tile_offset(TileConfig c, int k, int col) {
  return c.smem == SmemArrangement::padded ? k * c.ldb() + col
                                           : xor_swizzle_for_row(c.block_n)(k * c.block_n + col);
}

/// The mma.sync every warp of configuration `c` issues, as the catalogue names it
/// (catalogue_table.hpp): m16n8k8 or m16n8k16 with .f16 inputs and .f32 accumulators.
FRAGVIZ_HD constexpr const char* mma_mnemonic(TileConfig c) {
  return c.mma_k == 16 ? "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"
                       : "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32";
}

// [SECTION] The configurations ------------------------------------------------------------------
// Each ladder rung changes one thing from the rung before it.

/// Rung 1, the seed: 64x64x32 blocks, 8 warps 4x2 of 16x32, 8-half pad (80- and 144-byte rows:
/// conflict-free ldmatrix), copies through registers.
inline constexpr TileConfig kSeedK8{64, 64,    32, 4, 2, 8, CopyPath::registers, 1, SmemArrangement::padded,
                                    8,  false, 0};
inline constexpr TileConfig kSeedK16{64, 64,    32, 4, 2, 16, CopyPath::registers, 1, SmemArrangement::padded,
                                     8,  false, 0};
/// Rung 2: the seed's k16 tiling with cp.async into two buffers, one barrier per k step.
inline constexpr TileConfig kCpAsyncDb{
    64, 64, 32, 4, 2, 16, CopyPath::cp_async, 2, SmemArrangement::padded, 8, false, 0};
/// Rung 3: four cp.async stages (three tiles in flight while one is multiplied).
inline constexpr TileConfig kMultistage{
    64, 64, 32, 4, 2, 16, CopyPath::cp_async, 4, SmemArrangement::padded, 8, false, 0};
/// Rung 4: 128x128 blocks, 4 warps of 64x64 (4 m16 x 8 n8 tiles: 32 mma per 8 ldmatrix.x4).
inline constexpr TileConfig kTile128{128, 128,   32, 2, 2, 16, CopyPath::cp_async, 4, SmemArrangement::padded,
                                     8,   false, 0};
/// Rung 5: the same tiles unpadded and XOR-swizzled (conflict-free ldmatrix and cp.async stores).
inline constexpr TileConfig kSwizzleXor{
    128, 128, 32, 2, 2, 16, CopyPath::cp_async, 4, SmemArrangement::xor16, 0, false, 0};
/// Rung 6: fragments double-buffered in registers, blocks in L2-friendly groups of 8 block rows.
inline constexpr TileConfig kRegDb{128, 128,  32, 2, 2, 16, CopyPath::cp_async, 4, SmemArrangement::xor16,
                                   0,   true, 8};
/// Rung 6 tuned: 128x256 blocks of 8 warps (still 64x64 each), 96 KB in four stages. The best of
/// the shapes timed on the H200 (128x256 and 256x128 with 3 or 4 stages, 128x128 with 8 warps,
/// k depth 64): the wider block halves the A re-reads from L2 per output.
inline constexpr TileConfig kRegDb128x256{
    128, 256, 32, 2, 4, 16, CopyPath::cp_async, 4, SmemArrangement::xor16, 0, true, 8};

}  // namespace fragviz::gate
