// The ladder's matmul: one block of C = A x B (n x n, fp16 in, fp32 out, all row-major) with
// mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32, built from a TileConfig (gate_geometry.hpp).
// Each rung (gpu/cuda/ladder/<rung>.cu) instantiates it with its configuration; the techniques the
// configuration switches on are:
//  - cp.async copies into `stages` shared buffers, one barrier per k step (PTX ISA "cp.async");
//  - the tile sizes and warp grid (more mma per ldmatrix with larger warp tiles);
//  - padded or XOR-swizzled shared tiles (a_tile_offset / b_tile_offset, the same functions the
//    variant table turns into CuTe layouts);
//  - register double buffering of the A/B fragments;
//  - grouped block order (raster_group block rows share their B columns in L2).
// Fragment maps: ldmatrix.x4 for A (lane l: row l & 15, col 8 (l >> 4): registers a0a1..a6a7 of
// m16n8k16) and ldmatrix.x4.trans for two n8 tiles of B (lane l: k row l & 15, col 8 (l >> 4)),
// PTX-FACTS.md section 2; the C/D map comes from the catalogue entry, as in the seed.
// Needs sm_80 (cp.async, m16n8k16); compiled empty below.
#pragma once

#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdint>

#include "../ptx.cuh"
#include "fragviz/gate/gate_geometry.hpp"
#include "fragviz/isa/catalogue_table.hpp"
#include "fragviz/isa/fragment.hpp"

namespace fragviz::gate::ladder {

/// The catalogue entry the kernel of configuration C issues (gate_geometry.hpp's mma_mnemonic).
template <const TileConfig& C>
inline constexpr int kMmaIndex = instruction_index(mma_mnemonic(C));

/// Which block of C this block computes: (block row, block col). With raster_group G > 0 the 1-D
/// grid walks G block rows column by column, so G consecutive blocks share one B block column and
/// the A rows of a group stay in L2 (the grouped order of Triton's matmul tutorial).
template <const TileConfig& C>
__device__ __forceinline__ int2 block_coord(int n) {
  if constexpr (C.raster_group == 0) {
    return make_int2(static_cast<int>(blockIdx.y), static_cast<int>(blockIdx.x));
  } else {
    const int rows = n / C.block_m, cols = n / C.block_n;
    const int pid = static_cast<int>(blockIdx.x);
    const int per_group = C.raster_group * cols;
    const int first_row = (pid / per_group) * C.raster_group;
    const int group_rows = rows - first_row < C.raster_group ? rows - first_row : C.raster_group;
    const int in_group = pid % per_group;
    return make_int2(first_row + in_group % group_rows, in_group / group_rows);
  }
}

/// Row stride in halves of the unswizzled A and B tiles (a swizzle permutes chunks within rows).
FRAGVIZ_HD constexpr int a_row_halves(TileConfig c) {
  return c.smem == SmemArrangement::padded ? c.lda() : c.block_k;
}
FRAGVIZ_HD constexpr int b_row_halves(TileConfig c) {
  return c.smem == SmemArrangement::padded ? c.ldb() : c.block_n;
}

/// True when the offsets the kernel adds at run time equal the geometry's: a thread's j-th copy
/// chunk lies j * (threads / chunks per row) rows below its first, A's m16 tile i 16 i rows below
/// tile 0 and B's k16 step ks 16 ks rows below step 0, for every thread, lane and warp. Swizzles
/// whose XOR bits come from the low three row bits keep this (the row steps are multiples of 8);
/// the static_asserts below refuse a geometry that does not.
template <const TileConfig& C>
FRAGVIZ_HD constexpr bool offsets_are_row_shifts() {
  constexpr TileConfig kC = C;
  const int ta = kC.threads() / (kC.block_k / 8), tb = kC.threads() / (kC.block_n / 8);
  if (kC.threads() % (kC.block_k / 8) != 0 || kC.threads() % (kC.block_n / 8) != 0) return false;
  for (int tid = 0; tid < kC.threads(); ++tid) {
    for (int j = 0; j * kC.threads() < kC.block_m * kC.block_k / 8; ++j) {
      const int chunk = tid + j * kC.threads(), row = chunk / (kC.block_k / 8),
                col = chunk % (kC.block_k / 8) * 8;
      if (a_tile_offset(kC, row, col) != a_tile_offset(kC, row - j * ta, col) + j * ta * a_row_halves(kC))
        return false;
    }
    for (int j = 0; j * kC.threads() < kC.block_k * kC.block_n / 8; ++j) {
      const int chunk = tid + j * kC.threads(), row = chunk / (kC.block_n / 8),
                col = chunk % (kC.block_n / 8) * 8;
      if (b_tile_offset(kC, row, col) != b_tile_offset(kC, row - j * tb, col) + j * tb * b_row_halves(kC))
        return false;
    }
  }
  for (int lane = 0; lane < 32; ++lane) {
    const int r = lane & 15, c = 8 * (lane >> 4);
    for (int wr = 0; wr < kC.block_m; wr += kC.warp_m())
      for (int i = 0; i < kC.warp_m() / 16; ++i)
        for (int ks = 0; ks < kC.block_k / 16; ++ks)
          if (a_tile_offset(kC, wr + 16 * i + r, 16 * ks + c) !=
              a_tile_offset(kC, wr + r, 16 * ks + c) + 16 * i * a_row_halves(kC))
            return false;
    for (int wc = 0; wc < kC.block_n; wc += kC.warp_n())
      for (int p = 0; p < kC.warp_n() / 16; ++p)
        for (int ks = 0; ks < kC.block_k / 16; ++ks)
          if (b_tile_offset(kC, 16 * ks + r, wc + 16 * p + c) !=
              b_tile_offset(kC, r, wc + 16 * p + c) + 16 * ks * b_row_halves(kC))
            return false;
  }
  return true;
}

/// A and B fragments of one k16 step of the warp tile: MI m16 tiles, NI n8 tiles.
template <const TileConfig& C>
struct Fragments {
  static constexpr int MI = C.warp_m() / 16, NI = C.warp_n() / 8;
  std::uint32_t a[MI][4];
  std::uint32_t b[NI][2];
};

/// Per-thread shared-memory byte offsets inside one stage, computed once from the geometry
/// (a_tile_offset / b_tile_offset); the main loop only adds stage and row-shift constants, so
/// it spends its issue slots on ldmatrix and mma, not on address arithmetic.
template <const TileConfig& C>
struct ThreadOffsets {
  static constexpr int KS = C.block_k / 16, NP = C.warp_n() / 16;
  std::uint32_t copy_a, copy_b;  ///< this thread's first cp.async chunk of A and of B
  std::uint32_t ld_a[KS];        ///< ldmatrix row address of A, m16 tile 0, per k16 step
  std::uint32_t ld_b[NP];        ///< ldmatrix.trans row address of B, k16 step 0, per n16 pair
};

template <const TileConfig& C>
__device__ __forceinline__ ThreadOffsets<C> thread_offsets(int tid, int lane, int warp_row, int warp_col) {
  constexpr TileConfig kC = C;
  ThreadOffsets<C> o;
  o.copy_a = 2u * a_tile_offset(kC, tid / (C.block_k / 8), tid % (C.block_k / 8) * 8);
  o.copy_b = 2u * b_tile_offset(kC, tid / (C.block_n / 8), tid % (C.block_n / 8) * 8);
  const int r = lane & 15, c = 8 * (lane >> 4);
#pragma unroll
  for (int ks = 0; ks < ThreadOffsets<C>::KS; ++ks)
    o.ld_a[ks] = 2u * a_tile_offset(kC, warp_row + r, 16 * ks + c);
#pragma unroll
  for (int p = 0; p < ThreadOffsets<C>::NP; ++p) o.ld_b[p] = 2u * b_tile_offset(kC, r, warp_col + 16 * p + c);
  return o;
}

/// Issues the cp.async copies of one k tile into the stage at shared byte addresses (sa, sb) and
/// commits them as one group. ga, gb: this thread's first source chunk of the tile.
template <const TileConfig& C>
__device__ __forceinline__ void copy_stage(std::uint32_t sa, std::uint32_t sb, const ThreadOffsets<C>& o,
                                           const __half* ga, const __half* gb, std::size_t n) {
  constexpr int kARows = C.threads() / (C.block_k / 8), kBRows = C.threads() / (C.block_n / 8);
  constexpr int kAJ = C.block_m * C.block_k / 8 / C.threads(), kBJ = C.block_k * C.block_n / 8 / C.threads();
  static_assert(
      kAJ * C.threads() * 8 == C.block_m * C.block_k && kBJ * C.threads() * 8 == C.block_k * C.block_n,
      "whole chunks per thread");
#pragma unroll
  for (int j = 0; j < kAJ; ++j)
    ptx::cp_async_16(sa + o.copy_a + 2u * j * kARows * a_row_halves(C), ga + j * kARows * n);
#pragma unroll
  for (int j = 0; j < kBJ; ++j)
    ptx::cp_async_16(sb + o.copy_b + 2u * j * kBRows * b_row_halves(C), gb + j * kBRows * n);
  ptx::cp_async_commit();
}

/// Loads k16 step `ks` of the stage at (sa, sb) into f: one ldmatrix.x4 per m16 tile, one
/// ldmatrix.x4.trans per pair of n8 tiles.
template <const TileConfig& C>
__device__ __forceinline__ void load_fragments(Fragments<C>& f, std::uint32_t sa, std::uint32_t sb,
                                               const ThreadOffsets<C>& o, int ks) {
#pragma unroll
  for (int i = 0; i < Fragments<C>::MI; ++i)
    ptx::ldmatrix_x4(f.a[i][0], f.a[i][1], f.a[i][2], f.a[i][3],
                     sa + o.ld_a[ks] + 2u * 16 * i * a_row_halves(C));
#pragma unroll
  for (int p = 0; p < Fragments<C>::NI / 2; ++p)
    // Matrices: (k 0-7, tile 2p), (k 8-15, tile 2p), (k 0-7, tile 2p+1), (k 8-15, tile 2p+1).
    ptx::ldmatrix_x4_trans(f.b[2 * p][0], f.b[2 * p][1], f.b[2 * p + 1][0], f.b[2 * p + 1][1],
                           sb + o.ld_b[p] + 2u * 16 * ks * b_row_halves(C));
}

template <const TileConfig& C>
__device__ __forceinline__ void multiply(float (&acc)[Fragments<C>::MI][Fragments<C>::NI][4],
                                         const Fragments<C>& f) {
#pragma unroll
  for (int i = 0; i < Fragments<C>::MI; ++i)
#pragma unroll
    for (int j = 0; j < Fragments<C>::NI; ++j) ptx::mma_m16n8k16(acc[i][j], f.a[i], f.b[j], acc[i][j]);
}

/// The kernel body. Dynamic shared memory: C.smem_bytes(), A stages then B stages.
template <const TileConfig& C>
__device__ __forceinline__ void matmul_block(const __half* __restrict__ a, const __half* __restrict__ b,
                                             float* __restrict__ c, int n) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  static_assert(C.copy == CopyPath::cp_async && C.stages >= 2 && C.mma_k == 16, "the ladder's kernels");
  static_assert(C.warp_m() % 16 == 0 && C.warp_n() % 16 == 0 && C.block_k % 16 == 0, "whole mma tiles");
  static_assert(!C.register_double_buffer || C.block_k >= 32,
                "register double buffering needs two k16 steps");
  static_assert(offsets_are_row_shifts<C>(), "the geometry's offsets must be row shifts (see above)");
  static_assert(kMmaIndex<C> >= 0, "the ladder's instruction is in the catalogue");
  constexpr OperandSpec kCFrag = kInstructions[kMmaIndex<C>].c;
  static_assert(kCFrag.rows == 16 && kCFrag.cols == 8, "one 16x8 accumulator tile per mma");
  using Frag = Fragments<C>;
  constexpr int KS = C.block_k / 16;
  constexpr std::uint32_t kStageA = 2u * C.a_stage_halves(), kStageB = 2u * C.b_stage_halves();

  extern __shared__ __align__(128) unsigned char smem_raw[];
  const std::uint32_t smem_a = ptx::smem_address(smem_raw), smem_b = smem_a + C.stages * kStageA;

  const int tid = static_cast<int>(threadIdx.x), lane = tid % 32, warp = tid / 32;
  const int warp_row = (warp % C.warps_m) * C.warp_m(), warp_col = (warp / C.warps_m) * C.warp_n();
  const int2 bc = block_coord<C>(n);
  const int block_row = bc.x * C.block_m, block_col = bc.y * C.block_n;
  const int k_tiles = n / C.block_k;
  const std::size_t un = static_cast<std::size_t>(n);
  const ThreadOffsets<C> off = thread_offsets<C>(tid, lane, warp_row, warp_col);
  // This thread's first source chunk of k tile 0; tile kt is kt * block_k columns (A) or rows (B) on.
  const __half* ga =
      a + static_cast<std::size_t>(block_row + tid / (C.block_k / 8)) * un + tid % (C.block_k / 8) * 8;
  const __half* gb =
      b + static_cast<std::size_t>(tid / (C.block_n / 8)) * un + block_col + tid % (C.block_n / 8) * 8;
  const std::size_t gb_step = C.block_k * un;

  // Prologue: tiles 0 .. stages-2 in flight. Empty groups keep the wait counts uniform.
#pragma unroll
  for (int s = 0; s < C.stages - 1; ++s) {
    if (s < k_tiles)
      copy_stage<C>(smem_a + s * kStageA, smem_b + s * kStageB, off, ga + s * C.block_k, gb + s * gb_step,
                    un);
    else
      ptx::cp_async_commit();
  }
  int write_stage = C.stages - 1, read_stage = 0;
  auto advance = [](int& s) { s = s + 1 == C.stages ? 0 : s + 1; };
  // Copies tile `next` into write_stage (or commits an empty group past the end).
  auto refill = [&](int next) {
    if (next < k_tiles)
      copy_stage<C>(smem_a + write_stage * kStageA, smem_b + write_stage * kStageB, off,
                    ga + next * C.block_k, gb + next * gb_step, un);
    else
      ptx::cp_async_commit();
    advance(write_stage);
  };

  float acc[Frag::MI][Frag::NI][4] = {};
  if constexpr (!C.register_double_buffer) {
    for (int kt = 0; kt < k_tiles; ++kt) {
      ptx::cp_async_wait<C.stages - 2>();  // this thread's copies of tile kt have landed
      __syncthreads();  // everyone's have, and everyone finished reading the stage refilled next
      refill(kt + C.stages - 1);
      const std::uint32_t sa = smem_a + read_stage * kStageA, sb = smem_b + read_stage * kStageB;
#pragma unroll
      for (int ks = 0; ks < KS; ++ks) {
        Frag f;
        load_fragments<C>(f, sa, sb, off, ks);
        multiply<C>(acc, f);
      }
      advance(read_stage);
    }
  } else {
    // Fragments of step ks+1 (of the next stage after the last step) load while step ks
    // multiplies; the barrier moves to the last step, before the next stage's first fragments.
    Frag f[2];
    ptx::cp_async_wait<C.stages - 2>();
    __syncthreads();
    load_fragments<C>(f[0], smem_a, smem_b, off, 0);
    for (int kt = 0; kt < k_tiles; ++kt) {
      const std::uint32_t sa = smem_a + read_stage * kStageA, sb = smem_b + read_stage * kStageB;
      advance(read_stage);
#pragma unroll
      for (int ks = 0; ks < KS; ++ks) {
        if (ks == KS - 1) {
          ptx::cp_async_wait<C.stages - 2>();  // tile kt+1 has landed
          __syncthreads();                     // and every warp is done with tile kt-1's stage
          // Past the last tile this reads a stage nobody uses again: harmless, in bounds.
          load_fragments<C>(f[(ks + 1) % 2], smem_a + read_stage * kStageA, smem_b + read_stage * kStageB,
                            off, 0);
        } else {
          load_fragments<C>(f[(ks + 1) % 2], sa, sb, off, ks + 1);
        }
        // Refill the stage tile kt-1 used: every warp passed the barrier after its last read.
        if (ks == 0) refill(kt + C.stages - 1);
        multiply<C>(acc, f[ks % 2]);
      }
    }
  }
  ptx::cp_async_wait<0>();

  // C/D fragment: elements (c0,c1) and (c2,c3) where the catalogue's map puts them, adjacent in a
  // row (checked by the seed kernel's static_assert on the same entry), stored as float2.
#pragma unroll
  for (int e = 0; e < 4; e += 2) {
    const Coord at = operand_coord(kCFrag, lane, e);
#pragma unroll
    for (int i = 0; i < Frag::MI; ++i) {
      const std::size_t row = static_cast<std::size_t>(block_row + warp_row + 16 * i + at.row);
#pragma unroll
      for (int j = 0; j < Frag::NI; ++j) {
        const int col = block_col + warp_col + 8 * j + at.col;
        *reinterpret_cast<float2*>(&c[row * un + col]) = make_float2(acc[i][j][e], acc[i][j][e + 1]);
      }
    }
  }
#else
  (void)a, (void)b, (void)c, (void)n;
#endif
}

}  // namespace fragviz::gate::ladder
