// The device pieces every Hopper rung of the gate shares: PTX wrappers (mbarrier, TMA loads and
// multicast, cluster barriers, wgmma fences, setmaxnreg), the stages' shared-memory layout, one
// stage's TMA loads and the accumulators' stores. Included by gate_wgmma.cu (rungs 0-3) and
// gate_wgmma_pingpong.cu (rung 4); the assembly exists only in sm_90a code. Private to gpu/cuda.
#pragma once

#include <cuda.h>  // CUtensorMap
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "fragviz/gate/wgmma_gate.hpp"
#include "fragviz/isa/wgmma.hpp"

namespace fragviz::cuda::gate_wgmma {

// [SECTION] PTX wrappers --------------------------------------------------------------------------

__device__ __forceinline__ std::uint32_t smem_address(const void* p) {
  return static_cast<std::uint32_t>(__cvta_generic_to_shared(p));
}

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
/// PTX ISA "mbarrier.init": expected arrival count `count`, phase 0.
__device__ __forceinline__ void mbarrier_init(std::uint32_t bar, std::uint32_t count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(count) : "memory");
}
/// Makes the initialised mbarriers visible to the async proxy (TMA's complete_tx) and to other
/// threads (PTX ISA "fence.mbarrier_init"); a __syncthreads follows.
__device__ __forceinline__ void fence_mbarrier_init() {
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}
/// One arrival plus `bytes` expected transaction bytes (PTX ISA "mbarrier.expect_tx" /
/// "mbarrier.arrive"): the phase completes when the arrival count and the bytes are both in.
__device__ __forceinline__ void mbarrier_arrive_expect_tx(std::uint32_t bar, std::uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes) : "memory");
}
__device__ __forceinline__ void mbarrier_arrive(std::uint32_t bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(bar) : "memory");
}
/// Waits until the phase of parity `parity` has completed (PTX ISA "mbarrier.try_wait.parity":
/// true once the current phase's parity differs from `parity`; right after init, parity 1 reads
/// as completed).
__device__ __forceinline__ void mbarrier_wait(std::uint32_t bar, std::uint32_t parity) {
  std::uint32_t done = 0;
  do {
    asm volatile(
        "{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\nselp.u32 %0, 1, 0, p;\n}\n"
        : "=r"(done)
        : "r"(bar), "r"(parity)
        : "memory");
  } while (done == 0);
}
/// PTX ISA "cp.async.bulk.tensor": one 2-D box at coordinates (c0 contiguous, c1 rows) of `map`
/// into shared memory at `dst`, its bytes counted on the mbarrier `bar`.
__device__ __forceinline__ void tma_load_2d(std::uint32_t dst, const CUtensorMap* map, std::uint32_t bar,
                                            int c0, int c1) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%3, "
      "%4}], "
      "[%2];" ::"r"(dst),
      "l"(reinterpret_cast<std::uint64_t>(map)), "r"(bar), "r"(c0), "r"(c1)
      : "memory");
}
/// The same, with the box written to the same offset in every block of `cta_mask` (bit i = the
/// cluster's block of rank i) and complete_tx counted on the mbarrier at `bar`'s offset in each
/// (PTX ISA "cp.async.bulk.tensor", .multicast::cluster).
__device__ __forceinline__ void tma_load_2d_multicast(std::uint32_t dst, const CUtensorMap* map,
                                                      std::uint32_t bar, int c0, int c1,
                                                      std::uint16_t cta_mask) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster "
      "[%0], "
      "[%1, {%3, %4}], [%2], %5;" ::"r"(dst),
      "l"(reinterpret_cast<std::uint64_t>(map)), "r"(bar), "r"(c0), "r"(c1), "h"(cta_mask)
      : "memory");
}
/// One arrival on the mbarrier at `bar`'s offset in the cluster's block `rank` (PTX ISA "mapa",
/// "mbarrier.arrive" .shared::cluster). Default semantics (release, CTA scope), as CUTLASS's
/// ClusterBarrier::arrive: what it orders is wgmma's reads, already complete by wgmma.wait_group.
__device__ __forceinline__ void mbarrier_arrive_cluster(std::uint32_t bar, std::uint32_t rank) {
  asm volatile(
      "{\n.reg .b32 remote;\nmapa.shared::cluster.u32 remote, %0, %1;\n"
      "mbarrier.arrive.shared::cluster.b64 _, [remote];\n}\n" ::"r"(bar),
      "r"(rank)
      : "memory");
}
/// Every thread of every block of the cluster (PTX ISA "barrier.cluster").
__device__ __forceinline__ void cluster_sync() {
  asm volatile("barrier.cluster.arrive.release.aligned;\nbarrier.cluster.wait.acquire.aligned;" ::: "memory");
}
__device__ __forceinline__ std::uint32_t cluster_ctarank() {
  std::uint32_t r;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(r));
  return r;
}
/// PTX ISA "wgmma.fence", "wgmma.commit_group", "wgmma.wait_group".
__device__ __forceinline__ void wgmma_fence() { asm volatile("wgmma.fence.sync.aligned;" ::: "memory"); }
__device__ __forceinline__ void wgmma_commit_group() {
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
}
template <int Pending>
__device__ __forceinline__ void wgmma_wait_group() {
  asm volatile("wgmma.wait_group.sync.aligned %0;" ::"n"(Pending) : "memory");
}
/// PTX ISA "setmaxnreg": the warpgroup's register budget (needs the kernel's entry cap).
template <int Registers>
__device__ __forceinline__ void setmaxnreg_inc() {
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;" ::"n"(Registers));
}
template <int Registers>
__device__ __forceinline__ void setmaxnreg_dec() {
  asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;" ::"n"(Registers));
}
/// PTX ISA "bar.sync" on named barrier `id` (1..15; 0 is __syncthreads) for `Threads` threads.
template <int Threads>
__device__ __forceinline__ void named_barrier_sync(int id) {
  asm volatile("bar.sync %0, %1;" ::"r"(id), "n"(Threads) : "memory");
}
/// Makes this thread's generic-proxy writes to shared memory visible to the async proxy (a TMA
/// store issued after a barrier reads them) (PTX ISA "fence.proxy.async").
__device__ __forceinline__ void fence_proxy_async_shared() {
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}
/// PTX ISA "cp.async.bulk.tensor" shared -> global: the 2-D box of `map` at (c0 contiguous, c1
/// rows) from shared memory at `src`, in this thread's current bulk async-group.
__device__ __forceinline__ void tma_store_2d(const CUtensorMap* map, std::uint32_t src, int c0, int c1) {
  asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%2, %3}], [%1];" ::"l"(
                   reinterpret_cast<std::uint64_t>(map)),
               "r"(src), "r"(c0), "r"(c1)
               : "memory");
}
/// PTX ISA "cp.reduce.async.bulk.tensor" .add: the 2-D box of `map` at (c0, c1) added element by
/// element into global memory from shared memory at `src` (f32 atomically, in L2), in this thread's
/// current bulk async-group.
__device__ __forceinline__ void tma_reduce_add_2d(const CUtensorMap* map, std::uint32_t src, int c0, int c1) {
  asm volatile(
      "cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group [%0, {%2, %3}], [%1];" ::"l"(
          reinterpret_cast<std::uint64_t>(map)),
      "r"(src), "r"(c0), "r"(c1)
      : "memory");
}
/// PTX ISA "ld" .acquire.gpu: a counter other blocks raise with release semantics.
__device__ __forceinline__ unsigned load_acquire_gpu(const unsigned* p) {
  unsigned v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
/// Orders this thread's generic-proxy view of memory before its later async-proxy operations
/// (a TMA reduce after the zeros other blocks wrote were acquired) (PTX ISA "fence.proxy.async").
__device__ __forceinline__ void fence_proxy_async() { asm volatile("fence.proxy.async;" ::: "memory"); }
/// PTX ISA "cp.async.bulk.commit_group" / "cp.async.bulk.wait_group": this thread's bulk copies
/// so far form one group; wait until at most `Pending` groups are outstanding (.read: until their
/// shared-memory sources have been read, so the buffers may be written again).
__device__ __forceinline__ void bulk_commit_group() {
  asm volatile("cp.async.bulk.commit_group;" ::: "memory");
}
template <int Pending>
__device__ __forceinline__ void bulk_wait_group_read() {
  asm volatile("cp.async.bulk.wait_group.read %0;" ::"n"(Pending) : "memory");
}
template <int Pending>
__device__ __forceinline__ void bulk_wait_group() {
  asm volatile("cp.async.bulk.wait_group %0;" ::"n"(Pending) : "memory");
}
#endif

/// True when thread 0's element 0 is (0, 0) and every thread's element i sits at its element 0 plus
/// thread 0's element i (so the epilogue adds compile-time offsets to one coordinate per thread, as
/// PTX's figure reads), and elements 2p and 2p+1 side by side in one row from an even column (one
/// 8-byte float2).
FRAGVIZ_HD constexpr bool base_plus_offset_pairs(const OperandSpec& d, int threads, int elements) {
  const Coord origin = operand_coord(d, 0, 0);
  if (origin.row != 0 || origin.col != 0) return false;
  for (int t = 0; t < threads; ++t) {
    const Coord base = operand_coord(d, t, 0);
    for (int e = 0; e < elements; ++e) {
      const Coord at = operand_coord(d, t, e), step = operand_coord(d, 0, e);
      if (at.row != base.row + step.row || at.col != base.col + step.col) return false;
      if (e % 2 == 1) {
        const Coord lo = operand_coord(d, t, e - 1);
        if (at.row != lo.row || at.col != lo.col + 1 || lo.col % 2 != 0) return false;
      }
    }
  }
  return true;
}

/// Keeps the compiler from moving accumulator reads or writes across a wgmma wait (CUTLASS's
/// warpgroup_fence_operand).
template <int N>
__device__ __forceinline__ void fence_accumulators(float (&d)[N]) {
#pragma unroll
  for (int i = 0; i < N; ++i) asm volatile("" : "+f"(d[i])::"memory");
}

// [SECTION] Shared pieces -------------------------------------------------------------------------

/// Where one rung's stages and barriers sit in the (1024-aligned) dynamic window.
template <int Rung>
struct Smem {
  static constexpr WgmmaGateRung kR = kWgmmaGateRungs[Rung];
  static constexpr std::uint32_t kABytes = wgmma_gate_a_stage_bytes(kR);
  static constexpr std::uint32_t kBBytes = wgmma_gate_b_stage_bytes(kR);
  static_assert(kABytes % 1024 == 0 && kBBytes % 1024 == 0,
                "every stage starts on the 128B swizzle's 1024-byte repeat");
  static constexpr std::uint32_t kStoreBytes = wgmma_gate_store_buffer_bytes();
  static_assert(kStoreBytes % 1024 == 0, "every epilogue buffer starts on the 1024-byte repeat");
  /// a() and b() are the model's wgmma_gate_stage_a_at and wgmma_gate_stage_b_at, written out in
  /// the form the device runs were built from (calling them reorders rung 8's code); this check
  /// holds them equal for every stage.
  static constexpr bool stages_are_the_models() {
    for (int s = 0; s < kR.stages; ++s) {
      if (static_cast<std::uint32_t>(s) * kABytes != wgmma_gate_stage_a_at(kR, s)) return false;
      if (kR.stages * kABytes + static_cast<std::uint32_t>(s) * kBBytes != wgmma_gate_stage_b_at(kR, s))
        return false;
    }
    return true;
  }
  static_assert(stages_are_the_models(), "the stages where wgmma_gate.hpp puts them");
  std::uint32_t base;
  __device__ std::uint32_t a(int s) const { return base + static_cast<std::uint32_t>(s) * kABytes; }
  __device__ std::uint32_t b(int s) const {
    return base + kR.stages * kABytes + static_cast<std::uint32_t>(s) * kBBytes;
  }
  /// Epilogue buffer `i` of consumer warpgroup `consumer` (tma_store rungs): below
  /// kWgmmaGateStoreBuffers its own; past them, with kWgmmaGateStoreInStage, a piece of stage `s`
  /// (wgmma_gate_epilogue_buffer_at).
  __device__ std::uint32_t store(int consumer, int i, int s = 0) const {
    constexpr WgmmaGateRung r = kR;  // a local: a static member passed by reference needs a device definition
    return base + wgmma_gate_epilogue_buffer_at(r, consumer, i, s);
  }
  __device__ std::uint32_t full(int s) const {
    return base + kR.stages * (kABytes + kBBytes) + static_cast<std::uint32_t>(wgmma_gate_store_bytes(kR)) +
           8u * static_cast<std::uint32_t>(s);
  }
  __device__ std::uint32_t empty(int s) const { return full(kR.stages) + 8u * static_cast<std::uint32_t>(s); }
};
template <int Rung>
__device__ __forceinline__ Smem<Rung> smem_layout(std::uint8_t* window) {
  return {(smem_address(window) + 1023u) & ~1023u};
}

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
/// One stage's loads: A's box (64 k x block_m rows) and block_n / 64 B boxes (64 n x 64 k). In a
/// cluster the block of rank `rank` loads B boxes [rank, rank + 1) x boxes_per_block and
/// multicasts them to every block; each block's full[s] still expects the whole stage's bytes.
template <int Rung>
__device__ __forceinline__ void issue_stage(const Smem<Rung>& sm, int s, const CUtensorMap* map_a,
                                            const CUtensorMap* map_b, int tile_m, int tile_n, int kb,
                                            std::uint32_t rank) {
  constexpr WgmmaGateRung r = kWgmmaGateRungs[Rung];
  mbarrier_arrive_expect_tx(sm.full(s), Smem<Rung>::kABytes + Smem<Rung>::kBBytes);
  tma_load_2d(sm.a(s), map_a, sm.full(s), kb * r.block_k, tile_m * r.block_m);
  if constexpr (r.cluster_m == 1) {
    (void)rank;
#pragma unroll
    for (int j = 0; j < r.block_n / 64; ++j)
      tma_load_2d(sm.b(s) + static_cast<std::uint32_t>(j) * 8192u, map_b, sm.full(s),
                  tile_n * r.block_n + j * 64, kb * r.block_k);
  } else {
    constexpr int kBoxes = wgmma_gate_b_boxes_per_block(r);
    constexpr std::uint16_t kAll = static_cast<std::uint16_t>((1u << r.cluster_m) - 1u);
#pragma unroll
    for (int i = 0; i < kBoxes; ++i) {
      const int j = static_cast<int>(rank) * kBoxes + i;
      tma_load_2d_multicast(sm.b(s) + static_cast<std::uint32_t>(j) * 8192u, map_b, sm.full(s),
                            tile_n * r.block_n + j * 64, kb * r.block_k, kAll);
    }
  }
}

/// Thread 0 makes every stage's full (one TMA arrival) and empty (the consumers' releases) mbarrier;
/// then the block, or in a cluster every block, waits for them to exist before any multicast or
/// remote arrive (PTX ISA "mbarrier.init", "fence.mbarrier_init").
template <int Rung>
__device__ __forceinline__ void init_stage_barriers(const Smem<Rung>& sm) {
  constexpr WgmmaGateRung r = kWgmmaGateRungs[Rung];
  if (threadIdx.x == 0) {
    for (int s = 0; s < r.stages; ++s) {
      mbarrier_init(sm.full(s), 1);
      mbarrier_init(sm.empty(s), wgmma_gate_empty_arrivals(r));
    }
    fence_mbarrier_init();
  }
  if constexpr (r.cluster_m > 1)
    cluster_sync();
  else
    __syncthreads();
}

/// A consumer warp's release of stage `s`: an arrive on its empty barrier, in a cluster on every
/// block's (each block's producer refills the stage its multicast B half lands in).
template <int Rung>
__device__ __forceinline__ void release_stage(const Smem<Rung>& sm, int s) {
  constexpr int kCluster = kWgmmaGateRungs[Rung].cluster_m;
  if constexpr (kCluster == 1) {
    mbarrier_arrive(sm.empty(s));
  } else {
#pragma unroll
    for (int b = 0; b < kCluster; ++b) mbarrier_arrive_cluster(sm.empty(s), static_cast<std::uint32_t>(b));
  }
}

/// A block's work, in the order its producer and consumers both walk it: f(t, kb_begin, kb_end)
/// for units t = first, first + step, ... below `units`, each whole (k-blocks [0, kblocks)); for a
/// stream_k rung first the pieces of the last wave's units that cluster `first` of `step` takes
/// (wgmma_gate_stream_k), so that their TMA reduce-adds drain under the whole waves' wgmma instead
/// of all at the end, then its units of the whole waves.
template <int Rung, typename F>
__device__ __forceinline__ void for_each_work(int first, int step, int units, int kblocks, const F& f) {
  if constexpr (kWgmmaGateRungs[Rung].stream_k) {
    const WgmmaGateStreamK share = wgmma_gate_stream_k(first, step, units, kblocks);
    for (long long j = share.begin; j < share.end;) {
      const int unit = static_cast<int>(j / kblocks), kb = static_cast<int>(j % kblocks);
      const long long left = share.end - j;
      const int kb_end = left < kblocks - kb ? kb + static_cast<int>(left) : kblocks;
      f(share.whole + unit, kb, kb_end);
      j += kb_end - kb;
    }
    for (int t = first; t < share.whole; t += step) f(t, 0, kblocks);
  } else {
    for (int t = first; t < units; t += step) f(t, 0, kblocks);
  }
}

/// The producer warpgroup's thread 0: every piece of work for_each_work gives (`tile_of(t)` its
/// block tile), each k-block's stage issued once the consumers released its previous use (use
/// u = it / stages of stage s waits for the release of use u - 1).
template <int Rung, typename TileOf>
__device__ __forceinline__ void produce_tiles(const Smem<Rung>& sm, const CUtensorMap* map_a,
                                              const CUtensorMap* map_b, int first, int step, int units,
                                              int kblocks, std::uint32_t rank, const TileOf& tile_of) {
  constexpr WgmmaGateRung r = kWgmmaGateRungs[Rung];
  int it = 0;
  for_each_work<Rung>(first, step, units, kblocks, [&](int t, int kb_begin, int kb_end) {
    const WgmmaGateTile tile = tile_of(t);
    for (int kb = kb_begin; kb < kb_end; ++kb, ++it) {
      const int s = it % r.stages;
      mbarrier_wait(sm.empty(s), static_cast<std::uint32_t>(((it / r.stages) & 1) ^ 1));
      issue_stage<Rung>(sm, s, map_a, map_b, tile.m, tile.n, kb, rank);
    }
  });
}

/// Stores one warpgroup's m64nN accumulators: rows [row0, row0 + 64), columns [col0, col0 + N).
/// Element i of warpgroup thread t sits where the model's D map wgmma_d_layout(N) puts it (PTX ISA
/// "Matrix fragments for wgmma.mma_async .m64nNk16", D): thread t's element 0 plus element i's
/// constant offset, and (i, i+1) for even i adjacent in a row (both checked below), so they go out
/// as one float2.
template <int N>
__device__ __forceinline__ void store_accumulators(const float (&d)[N / 2], float* c, int n, int row0,
                                                   int col0, int thread_in_warpgroup) {
  constexpr OperandSpec kD{ElemType::f32, 64, N, wgmma_d_layout(N)};
  static_assert(base_plus_offset_pairs(kD, kWarpgroupSize, N / 2),
                "one base per thread plus constant offsets, (d[i], d[i+1]) adjacent for the float2 stores");
  const Coord base = operand_coord(kD, thread_in_warpgroup, 0);
  const int row = row0 + base.row, col = col0 + base.col;
#pragma unroll
  for (int i = 0; i < N / 2; i += 2) {
    const Coord at = operand_coord(kD, 0, i);  // a constant once unrolled
    float2* p = reinterpret_cast<float2*>(c + static_cast<std::size_t>(row + at.row) * n + col + at.col);
    *p = make_float2(d[i], d[i + 1]);
  }
}

/// The tma_store epilogue of one consumer warpgroup's m64nN accumulators (rows [row0, row0 + 64),
/// columns [col0, col0 + N) of C): kWgmmaGateStoreCols columns at a time into its
/// kWgmmaGateStoreBuffers buffers in turn (wgmma_gate_store_offset), each TMA-stored by the warpgroup's
/// thread 0 through `map_c`. Before a buffer is written again that thread waits until its last store has read
/// it, and the warpgroup meets at named barrier `barrier` (128 threads) around the writes. The copies drain
/// after this returns; the kernel waits for them (bulk_wait_group<0>) before it exits.
/// With `reduce` each buffer is added into C (tma_reduce_add_2d) instead of stored.
/// With `stage` >= 0 (kWgmmaGateStoreInStage) the buffers are also taken from that stage
/// (Smem::store), which both consumers must have finished reading.
template <int Rung, int N>
__device__ __forceinline__ void store_accumulators_tma(const float (&d)[N / 2], const Smem<Rung>& sm,
                                                       const CUtensorMap* map_c, int consumer, int barrier,
                                                       int row0, int col0, int thread_in_warpgroup,
                                                       bool reduce = false, int stage = -1) {
  constexpr OperandSpec kD{ElemType::f32, 64, N, wgmma_d_layout(N)};
  static_assert(base_plus_offset_pairs(kD, kWarpgroupSize, N / 2),
                "one base per thread plus constant offsets, (d[i], d[i+1]) adjacent for the float2 writes");
  constexpr int kCols = kWgmmaGateStoreCols, kBuffers = kWgmmaGateStoreBuffers;
  static_assert(N % kCols == 0 && operand_coord(kD, 0, 0).col == 0, "whole buffers across the tile");
  static_assert((N / kCols) % kBuffers == 0, "every tile's first store takes buffer 0");
  // In a stage: the stores of the tile before have all been read (the stage was released after
  // that), so store q takes buffer q % kStaged, waiting for the store kStaged back.
  constexpr int kStaged = kWgmmaGateStoreBuffers + kWgmmaGateStageStoreBuffers;
  const Coord base = operand_coord(kD, thread_in_warpgroup, 0);
  const bool leader = thread_in_warpgroup == 0;
  const bool staged = kWgmmaGateStoreInStage && stage >= 0;
#pragma unroll
  for (int q = 0; q < N / kCols; ++q) {
    const std::uint32_t buffer =
        staged ? sm.store(consumer, q % kStaged, stage) : sm.store(consumer, q % kBuffers);
    if (leader) {  // this buffer's last store has read it
      if (staged)
        bulk_wait_group_read<kStaged - 1>();
      else
        bulk_wait_group_read<kBuffers - 1>();
    }
    named_barrier_sync<kWarpgroupSize>(barrier);
#pragma unroll
    for (int i = 0; i < N / 2; i += 2) {
      const Coord at = operand_coord(kD, 0, i);  // a constant once unrolled
      if (at.col / kCols != q) continue;
      const std::uint32_t p =
          buffer + wgmma_gate_store_offset(base.row + at.row, base.col + at.col - q * kCols);
      asm volatile("st.shared.v2.f32 [%0], {%1, %2};" ::"r"(p), "f"(d[i]), "f"(d[i + 1]) : "memory");
    }
    fence_proxy_async_shared();
    named_barrier_sync<kWarpgroupSize>(barrier);
    if (leader) {
      if (reduce)
        tma_reduce_add_2d(map_c, buffer, col0 + q * kCols, row0);
      else
        tma_store_2d(map_c, buffer, col0 + q * kCols, row0);
      bulk_commit_group();
    }
  }
}
#endif

}  // namespace fragviz::cuda::gate_wgmma
