// Rung 7 of the gate's ladder: reg-db's mainloop in persistent blocks on a stream-K schedule.
//  - Persistent: the grid is the blocks that fit on the GPU at once; each block walks its segments
//    (stream_k.hpp) and its cp.async pipeline runs on across tile boundaries, so the next tile's
//    first k tiles are in flight while this tile's epilogue stores (no refill per tile).
//  - Stream-K: when the tiles do not fill whole waves, the last wave's k tiles are split evenly
//    over all blocks; a block that holds only part of a tile adds its partial sums through a
//    workspace slot and a flag (stream_k.hpp says who waits for whom, and why that cannot deadlock).
//  - Each stage's cp.async copies are spread over its k16 steps, not issued in one burst.
// The fragment maps, swizzles, per-thread offsets and C/D epilogue are the ladder's
// (ladder_mainloop.cuh). Exactness does not depend on the order partial sums are added: every
// product and sum of gate inputs is exact in f32 (gate_host.hpp).
#pragma once

#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdint>

#include "fragviz/gate/stream_k.hpp"
#include "ladder_kernels.cuh"
#include "ladder_mainloop.cuh"

namespace fragviz::gate::ladder {

/// Candidate I's tiling as an object the mainloop helpers take by reference.
template <int I>
inline constexpr TileConfig kStreamKTile = kStreamKCandidates[I].tile;

/// Polls of a flag before an owner gives up (about a second): reached only if a contributor never
/// runs (blocks not resident together), and then the tile is written as NaN for the gate to
/// catch, instead of the GPU hanging.
inline constexpr unsigned kStreamKMaxPolls = 1u << 23;

/// Issues part `part` of a k tile's cp.async chunks (chunks j with j % parts == part) into the
/// stage at (sa, sb); ga, gb: this thread's first source chunk of the k tile.
template <const TileConfig& C>
__device__ __forceinline__ void copy_part(int part, int parts, std::uint32_t sa, std::uint32_t sb,
                                          const ThreadOffsets<C>& o, const __half* ga, const __half* gb,
                                          std::size_t n) {
  constexpr int kARows = C.threads() / (C.block_k / 8), kBRows = C.threads() / (C.block_n / 8);
  constexpr int kAJ = C.block_m * C.block_k / 8 / C.threads(), kBJ = C.block_k * C.block_n / 8 / C.threads();
  static_assert(
      kAJ * C.threads() * 8 == C.block_m * C.block_k && kBJ * C.threads() * 8 == C.block_k * C.block_n,
      "whole chunks per thread");
#pragma unroll
  for (int j = 0; j < kAJ; ++j)
    if (j % parts == part)
      ptx::cp_async_16(sa + o.copy_a + 2u * j * kARows * a_row_halves(C), ga + j * kARows * n);
#pragma unroll
  for (int j = 0; j < kBJ; ++j)
    if (j % parts == part)
      ptx::cp_async_16(sb + o.copy_b + 2u * j * kBRows * b_row_halves(C), gb + j * kBRows * n);
}

/// The kernel body of candidate I: C = A x B (n x n, row-major), gridDim.x persistent blocks of
/// C.threads(), dynamic shared memory C.smem_bytes(). partials: gridDim.x slots of block_m x
/// block_n floats; flags: gridDim.x words, all 0 on entry and left 0 on exit (each owner clears
/// the flags it consumed). Neither is touched when the schedule splits no tile.
template <int I>
__device__ __forceinline__ void stream_k_matmul(const __half* __restrict__ a, const __half* __restrict__ b,
                                                float* __restrict__ c, int n, float* __restrict__ partials,
                                                unsigned* flags) {
  // sm_90 only: the rung is tuned for Hopper's SM count, and for sm_80 ptxas spills it at 255
  // registers (the variant table's min_sm keeps it off other GPUs; compiled empty there).
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  constexpr bool kStreamK = kStreamKCandidates[I].stream_k;
  constexpr TileConfig C = kStreamKTile<I>;  // values; template arguments name kStreamKTile<I>
  static_assert(C.copy == CopyPath::cp_async && C.stages >= 2 && C.mma_k == 16 && C.register_double_buffer,
                "the ladder's register double-buffered cp.async mainloop");
  static_assert(C.warp_m() % 16 == 0 && C.warp_n() % 16 == 0 && (C.block_k / 16) % 2 == 0,
                "whole mma tiles, an even number of k16 steps per stage (fragment buffers alternate)");
  static_assert(offsets_are_row_shifts<kStreamKTile<I>>(),
                "the geometry's offsets must be row shifts (ladder_mainloop.cuh)");
  static_assert(kMmaIndex<kStreamKTile<I>> >= 0, "the ladder's instruction is in the catalogue");
  constexpr OperandSpec kCFrag = kInstructions[kMmaIndex<kStreamKTile<I>>].c;
  static_assert(kCFrag.rows == 16 && kCFrag.cols == 8, "one 16x8 accumulator tile per mma");
  using Frag = Fragments<kStreamKTile<I>>;
  constexpr int KS = C.block_k / 16, MI = Frag::MI, NI = Frag::NI, kThreads = C.threads();
  constexpr std::uint32_t kStageA = 2u * C.a_stage_halves(), kStageB = 2u * C.b_stage_halves();

  extern __shared__ __align__(128) unsigned char smem_raw[];
  __shared__ int poisoned;  // an owner gave up waiting: its tile is written as NaN
  const std::uint32_t smem_a = ptx::smem_address(smem_raw), smem_b = smem_a + C.stages * kStageA;

  const int tid = static_cast<int>(threadIdx.x), lane = tid % 32, warp = tid / 32;
  const int warp_row = (warp % C.warps_m) * C.warp_m(), warp_col = (warp / C.warps_m) * C.warp_n();
  const int rows = n / C.block_m, cols = n / C.block_n, k_tiles = n / C.block_k;
  const int blk = static_cast<int>(blockIdx.x);
  const StreamKSchedule sched =
      make_stream_k_schedule(rows * cols, k_tiles, static_cast<int>(gridDim.x), kStreamK);
  const int segments = sched.segment_count(blk);
  const std::size_t un = static_cast<std::size_t>(n);
  const ThreadOffsets<kStreamKTile<I>> off = thread_offsets<kStreamKTile<I>>(tid, lane, warp_row, warp_col);
  // This thread's first source chunk of a k tile, as an element offset from the k tile's corner
  // (tid / (block_k / 8) < 256 rows of n <= kGateMaxN elements: fits 32 bits).
  const int a_thread = tid / (C.block_k / 8) * n + tid % (C.block_k / 8) * 8;
  const int b_thread = tid / (C.block_n / 8) * n + tid % (C.block_n / 8) * 8;
  if (tid == 0) poisoned = 0;  // read only after the barriers below

  // One segment at a time through the stages: its first stages - 1 k tiles are copied before the
  // previous segment's epilogue (they land while it stores), then unit kt's copies of k tile
  // kt + stages - 1 are spread over unit kt's k16 steps. ga, gb: the corners of the A and B slabs
  // of the k tile the producer copies next (p_kt), block-uniform (a_thread, b_thread are added per
  // copy). Past the segment's end each unit commits an empty group, so that every unit commits
  // exactly one and the wait counts hold.
  Segment sg = stream_k_segment(sched, blk, 0);
  const __half *ga = a, *gb = b;
  int p_kt = 0, write_stage = 0, read_stage = 0;
  auto advance = [](int& s) { s = s + 1 == kStreamKTile<I>.stages ? 0 : s + 1; };
  auto copy = [&](int part) {
    if (p_kt < sg.k_end)
      copy_part<kStreamKTile<I>>(part, KS, smem_a + write_stage * kStageA, smem_b + write_stage * kStageB,
                                 off, ga + a_thread, gb + b_thread, un);
  };
  auto commit = [&] {
    ptx::cp_async_commit();
    advance(write_stage);
    ga += C.block_k;
    gb += C.block_k * un;
    ++p_kt;
  };
  // Copies the first stages - 1 k tiles of segment sg into stages 0 .. stages - 2. Called when no
  // warp reads a stage any more: every warp passed the last unit's barrier, and only the next
  // unit's ldmatrix comes after that barrier (none after a segment's last unit).
  auto start = [&] {
    const TileCoord tc = grouped_tile_coord(sg.tile, rows, cols, C.raster_group);
    p_kt = sg.k_begin;
    ga = a + static_cast<std::size_t>(tc.row) * C.block_m * un + p_kt * C.block_k;
    gb = b + static_cast<std::size_t>(p_kt) * C.block_k * un + tc.col * C.block_n;
    write_stage = 0;
    read_stage = 0;
#pragma unroll 1
    for (int s = 0; s < C.stages - 1; ++s) {
#pragma unroll
      for (int part = 0; part < KS; ++part) copy(part);
      commit();
    }
  };

  float acc[MI][NI][4] = {};
  Frag f[2];
  start();
#pragma unroll 1
  for (int seg = 0;;) {
    ptx::cp_async_wait<C.stages - 2>();  // the segment's first k tile has landed
    __syncthreads();                     // everyone's copies of it
    load_fragments<kStreamKTile<I>>(f[0], smem_a, smem_b, off, 0);
#pragma unroll 1
    for (int kt = sg.k_begin; kt < sg.k_end; ++kt) {
      const std::uint32_t sa = smem_a + read_stage * kStageA, sb = smem_b + read_stage * kStageB;
      advance(read_stage);
#pragma unroll
      for (int ks = 0; ks < KS; ++ks) {
        // k tile kt + stages - 1 goes into the stage k tile kt - 1 used: every warp passed the
        // barrier after its last ldmatrix of that stage (in the previous unit's last k16 step).
        copy(ks);
        if (ks == KS - 1) {
          commit();
          ptx::cp_async_wait<C.stages - 2>();  // k tile kt + 1 has landed
          __syncthreads();                     // and everyone's copies of it
          if (kt + 1 < sg.k_end)
            load_fragments<kStreamKTile<I>>(f[0], smem_a + read_stage * kStageA,
                                            smem_b + read_stage * kStageB, off, 0);
        } else {
          load_fragments<kStreamKTile<I>>(f[(ks + 1) % 2], sa, sb, off, ks + 1);
        }
        multiply<kStreamKTile<I>>(acc, f[ks % 2]);
      }
    }

    // ---- The segment is done: publish its partial sums, or add the other blocks' to it; then
    // start the next segment's copies, which land while this tile's stores go out. (Starting them
    // before the partial sums too would keep the copy addresses live beside 128 accumulators and
    // 32 partial sums in flight: ptxas spills.)
    const Segment done = sg;
    const bool last = ++seg == segments;
    if (done.role == SegmentRole::contributor) {
      float4* slot = reinterpret_cast<float4*>(partials) + static_cast<std::size_t>(blk) * MI * NI * kThreads;
#pragma unroll
      for (int i = 0; i < MI; ++i)
#pragma unroll
        for (int j = 0; j < NI; ++j)
          __stcg(&slot[(i * NI + j) * kThreads + tid],
                 make_float4(acc[i][j][0], acc[i][j][1], acc[i][j][2], acc[i][j][3]));
      __syncthreads();  // every thread's partial sums are written
      if (tid == 0) {
        __threadfence();
        ptx::st_release_gpu(&flags[blk], 1u);
      }
    } else if (done.role == SegmentRole::owner) {
      // The blocks before this one that cover the tile's first units, nearest first.
      const int first_unit = done.tile * k_tiles;
#pragma unroll 1
      for (int j = blk - 1;; --j) {
        if (tid == 0) {
          unsigned polls = 0;
          while (ptx::ld_acquire_gpu(&flags[j]) != 1u) {
            if (++polls == kStreamKMaxPolls) {
              poisoned = 1;
              break;
            }
            __nanosleep(128);
          }
          ptx::st_relaxed_gpu(&flags[j], 0u);  // ready for the next launch (stream-ordered)
        }
        __syncthreads();  // thread 0 saw the flag: block j's partial sums are visible
        const float4* slot =
            reinterpret_cast<const float4*>(partials) + static_cast<std::size_t>(j) * MI * NI * kThreads;
#pragma unroll
        for (int i = 0; i < MI; ++i)
#pragma unroll
          for (int jj = 0; jj < NI; ++jj) {
            const float4 p = __ldcg(&slot[(i * NI + jj) * kThreads + tid]);
            acc[i][jj][0] += p.x;
            acc[i][jj][1] += p.y;
            acc[i][jj][2] += p.z;
            acc[i][jj][3] += p.w;
          }
        if (sched.sk_begin(j) <= first_unit) break;
      }
      if (poisoned)
#pragma unroll
        for (int i = 0; i < MI; ++i)
#pragma unroll
          for (int j = 0; j < NI; ++j)
#pragma unroll
            for (int e = 0; e < 4; ++e) acc[i][j][e] = __int_as_float(0x7fc00000);
    }
    if (!last) {
      sg = stream_k_segment(sched, blk, seg);
      start();
    }
    if (done.role != SegmentRole::contributor) {
      // C/D fragment: elements (c0,c1) and (c2,c3) where the catalogue's map puts them, adjacent
      // in a row (the seed kernel's static_assert on the same entry), stored as float2.
      const TileCoord tc = grouped_tile_coord(done.tile, rows, cols, C.raster_group);
      float* c_warp =
          c + static_cast<std::size_t>(tc.row * C.block_m + warp_row) * un + tc.col * C.block_n + warp_col;
#pragma unroll
      for (int e = 0; e < 4; e += 2) {
        const Coord at = operand_coord(kCFrag, lane, e);
#pragma unroll
        for (int i = 0; i < MI; ++i)
#pragma unroll
          for (int j = 0; j < NI; ++j)
            *reinterpret_cast<float2*>(
                &c_warp[static_cast<std::size_t>(16 * i + at.row) * un + 8 * j + at.col]) =
                make_float2(acc[i][j][e], acc[i][j][e + 1]);
      }
    }
    if (last) break;
#pragma unroll
    for (int i = 0; i < MI; ++i)
#pragma unroll
      for (int j = 0; j < NI; ++j)
#pragma unroll
        for (int e = 0; e < 4; ++e) acc[i][j][e] = 0.f;
  }
  ptx::cp_async_wait<0>();
#else
  (void)a, (void)b, (void)c, (void)n, (void)partials, (void)flags;
#endif
}

/// Launches candidate I's kernel `kernel` (its GateKernel record's) with the persistent grid and
/// the process's workspace (stream_k_launch.cpp).
cudaError_t launch_stream_k(const GateKernel& k, const StreamKConfig& config, const __half* a,
                            const __half* b, float* c, int n, cudaStream_t s);

/// GateKernel::launch of candidate I.
template <int I>
cudaError_t launch_stream_k_candidate(const GateKernel& k, const __half* a, const __half* b, float* c, int n,
                                      cudaStream_t s) {
  return launch_stream_k(k, kStreamKCandidates[I], a, b, c, n, s);
}

/// The record of candidate I's kernel (extern "C" symbol `name`), as variant v.
template <int I>
GateKernel stream_k_kernel_record(GateVariant v, const void* kernel, const char* name) {
  constexpr const TileConfig& C = kStreamKTile<I>;
  return GateKernel{v, kernel, name, C.threads(), C.smem_bytes(), nullptr, launch_stream_k_candidate<I>};
}

}  // namespace fragviz::gate::ladder
