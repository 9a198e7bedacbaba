// The gate's Hopper rung 4, wgmma-pingpong: CUTLASS's KernelTmaWarpSpecializedPingpong in one file.
// wgmma-cluster (gate_wgmma.cu) splits every 128x256 tile between its two consumer warpgroups, so
// both store their halves at the same time and the tensor cores idle during every epilogue. Here
// each consumer warpgroup computes a 128x128 tile of its own: the block's tiles alternate between
// them (local tile j goes to consumer j % 2), the producer loads the tiles' k-blocks in that order
// through one shared pipeline, and the consumers' mainloops take turns: consumer j % 2 may start
// issuing tile j's wgmma only once tile j - 1's have all been issued (named barriers 1 and 2). So
// while one warpgroup drains its last wgmma and stores its tile, the other's wgmma run.
// Everything else is wgmma-cluster's: one producer warpgroup (setmaxnreg 40) issuing TMA, 2-block
// clusters on vertically adjacent tiles sharing B by TMA multicast, full/empty mbarriers per stage,
// tiles walked in groups of 16 tile rows (L2 reuse), and the PTX wrappers of gate_wgmma_device.cuh.
// Tile, stages and descriptors: kWgmmaGateRungs[4] (fragviz/gate/wgmma_gate.hpp).
#include <cuda.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdint>

#include "fragviz/gate/wgmma_gate.hpp"
#include "gate_wgmma_device.cuh"
#include "gate_wgmma_mma.cuh"

namespace fragviz::cuda::gate_wgmma {

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
/// PTX ISA "bar.sync" / "bar.arrive" on named barrier `Id` with `threads` participants: sync
/// waits until `threads` threads have arrived or synced, arrive counts without waiting. The id is
/// an immediate so that ptxas counts only the barriers used.
template <int Id>
__device__ __forceinline__ void named_barrier_sync(std::uint32_t threads) {
  asm volatile("bar.sync %0, %1;" ::"n"(Id), "r"(threads) : "memory");
}
template <int Id>
__device__ __forceinline__ void named_barrier_arrive(std::uint32_t threads) {
  asm volatile("bar.arrive %0, %1;" ::"n"(Id), "r"(threads) : "memory");
}
/// Named barrier 1 + c means "consumer c may start its next mainloop" (0 is __syncthreads').
__device__ __forceinline__ void wait_my_turn(int consumer, std::uint32_t threads) {
  if (consumer == 0)
    named_barrier_sync<1>(threads);
  else
    named_barrier_sync<2>(threads);
}
__device__ __forceinline__ void pass_turn(int consumer, std::uint32_t threads) {
  if (consumer == 0)
    named_barrier_arrive<2>(threads);
  else
    named_barrier_arrive<1>(threads);
}
#endif

/// Warpgroup 0 produces, warpgroups 1 and 2 each compute whole tiles of their own. Work comes in
/// units of kCluster vertically adjacent tiles (the block of rank r takes tile row kCluster *
/// unit_m + r), as in wgmma-cluster; `it` counts k-blocks through the stage ring across tiles, and
/// consumer c's tiles are the block's local tiles c, c + 2, ..., so its count skips the other's.
template <int Rung>
__device__ __forceinline__ void pingpong_body(const CUtensorMap* map_a, const CUtensorMap* map_b, float* c,
                                              int n) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  constexpr WgmmaGateRung r = kWgmmaGateRungs[Rung];
  static_assert(r.pingpong && r.consumer_warpgroups == 2 && r.producer_warpgroup && r.persistent,
                "this body's shape");
  static_assert(r.wgmma_n == r.block_n && r.block_m % 64 == 0, "block_m / 64 wgmma of the tile's width");
  constexpr int kRowGroups = r.block_m / 64;  // m64 wgmma per k-step, one accumulator array each
  constexpr int kGroupRows = 16;              // tile rows per group of the persistent order
  constexpr int kCluster = r.cluster_m;
  constexpr std::uint32_t kTurnThreads = 256;  // one consumer arrives, the other syncs
  extern __shared__ std::uint8_t window[];
  const Smem<Rung> sm = smem_layout<Rung>(window);
  const int tid = static_cast<int>(threadIdx.x);
  const int warpgroup = tid / 128;
  const std::uint32_t rank = kCluster > 1 ? cluster_ctarank() : 0u;
  const int units_m = n / (r.block_m * kCluster), tiles_n = n / r.block_n;
  const int units = units_m * tiles_n;
  const int kblocks = n / r.block_k;
  const int first = static_cast<int>(blockIdx.x) / kCluster;
  const int step = static_cast<int>(gridDim.x) / kCluster;
  const auto tile_of = [&](int t) {
    const WgmmaGateTile u = wgmma_gate_tile_order(t, units_m, tiles_n, kGroupRows / kCluster);
    return WgmmaGateTile{u.m * kCluster + static_cast<int>(rank), u.n};
  };
  init_stage_barriers<Rung>(sm);

  if (warpgroup == 0) {
    setmaxnreg_dec<40>();
    if (tid == 0) produce_tiles<Rung>(sm, map_a, map_b, first, step, units, kblocks, rank, tile_of);
  } else {
    setmaxnreg_inc<232>();
    const int consumer = warpgroup - 1;
    const int thread_in_warpgroup = tid % 128;
    const bool warp_leader = tid % 32 == 0;
    const auto release = [&](int s) { release_stage<Rung>(sm, s); };
    int j = consumer;  // the block's local tile index
    for (int t = first + consumer * step; t < units; t += 2 * step, j += 2) {
      const WgmmaGateTile tile = tile_of(t);
      // Tile j's loads follow tiles 0 .. j-1's in the ring: j * kblocks k-blocks before them.
      int it = j * kblocks;
      float d[kRowGroups][r.block_n / 2];
#pragma unroll
      for (int g = 0; g < kRowGroups; ++g)
#pragma unroll
        for (int i = 0; i < r.block_n / 2; ++i) d[g][i] = 0.f;
      // Wait for tile j - 1's mainloop (the other consumer's) to have issued all its wgmma.
      if (j > 0) wait_my_turn(consumer, kTurnThreads);
      for (int kb = 0; kb < kblocks; ++kb, ++it) {
        const int s = it % r.stages;
        mbarrier_wait(sm.full(s), static_cast<std::uint32_t>((it / r.stages) & 1));
#pragma unroll
        for (int g = 0; g < kRowGroups; ++g) fence_accumulators(d[g]);
        wgmma_fence();
#pragma unroll
        for (int kk = 0; kk < r.block_k / 16; ++kk) {
          const std::uint64_t b = encode_descriptor(wgmma_gate_b_descriptor(sm.b(s), 0, kk));
#pragma unroll
          for (int g = 0; g < kRowGroups; ++g) {
            const std::uint64_t a = encode_descriptor(wgmma_gate_a_descriptor(sm.a(s), 64 * g, kk));
            if constexpr (r.wgmma_n == 128)
              wgmma_m64n128k16_f32_f16_f16_ss_tb(d[g], a, b);
            else
              wgmma_m64n256k16_f32_f16_f16_ss_tb(d[g], a, b);
          }
        }
        wgmma_commit_group();
        // Keep this stage's group in flight; the one before it is done: release its stage.
        wgmma_wait_group<1>();
#pragma unroll
        for (int g = 0; g < kRowGroups; ++g) fence_accumulators(d[g]);
        if (kb > 0 && warp_leader) release((it - 1) % r.stages);
      }
      // Every wgmma of tile j is issued: tile j + 1's consumer (the other one) may start, if the
      // block has a tile j + 1 (an arrival nobody syncs on would be left on the barrier).
      if (t + step < units) pass_turn(consumer, kTurnThreads);
      wgmma_wait_group<0>();
#pragma unroll
      for (int g = 0; g < kRowGroups; ++g) fence_accumulators(d[g]);
      if (warp_leader) release((it - 1) % r.stages);
#pragma unroll
      for (int g = 0; g < kRowGroups; ++g)
        store_accumulators<r.block_n>(d[g], c, n, tile.m * r.block_m + 64 * g, tile.n * r.block_n,
                                      thread_in_warpgroup);
    }
  }
  // No block may leave while another block of its cluster can still arrive on its barriers.
  if constexpr (kCluster > 1) cluster_sync();
#else
  (void)map_a, (void)map_b, (void)c, (void)n;
#endif
}

}  // namespace fragviz::cuda::gate_wgmma

extern "C" __global__ void __launch_bounds__(384, 1)
    gate_wgmma_pingpong(const __grid_constant__ CUtensorMap map_a, const __grid_constant__ CUtensorMap map_b,
                        float* c, int n) {
  fragviz::cuda::gate_wgmma::pingpong_body<4>(&map_a, &map_b, c, n);
}
