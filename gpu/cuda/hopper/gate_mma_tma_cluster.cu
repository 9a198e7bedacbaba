// The gate's Hopper rung 7 (ladder rung 15), mma-tma-cluster: the mma.sync ladder's warp tiles fed
// the way wgmma-cluster is fed. The cp.async rungs issue their copies from the warps that issue
// mma.sync and read 24 KB from L2 per 32-deep k tile of a 128x256 block. Here a producer warpgroup
// issues TMA into 128B-swizzled stages (no copy instructions in the consumer warps) and two blocks
// of a cluster, on vertically adjacent tiles, each load half of the B stage they share and
// multicast it to both (B's L2 reads halve). The consumers read their fragments with ldmatrix
// (.trans for B) from the swizzled stages and issue mma.sync.aligned.m16n8k16 as the ladder does.
// What it buys, measured (docs/device-runs/2026-12-07-h100-session28): 2-3 % over the stream-k rung
// at 4096 and 8192 on an H100, and Nsight Compute at 4096 finds the tensor pipe 83 % busy with L2
// at 35 % of its peak: mma.sync's own issue rate is the limit, not the copies or L2.
// Everything else is wgmma-cluster's (gate_wgmma_device.cuh): full/empty mbarriers per stage, a
// stage freed by both blocks' consumer warps (remote arrive), one persistent block per SM walking
// cluster units in groups of 16 tile rows. Tile, stages, maps: kWgmmaGateRungs[7]
// (fragviz/gate/wgmma_gate.hpp); fragment addresses: wgmma_gate_ldmatrix_a_offset / _b_offset there.
#include <cuda.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdint>

#include "../ptx.cuh"
#include "fragviz/gate/wgmma_gate.hpp"
#include "fragviz/isa/catalogue_table.hpp"
#include "fragviz/isa/fragment.hpp"
#include "gate_wgmma_device.cuh"

namespace fragviz::cuda::gate_wgmma {

namespace {
constexpr int kRung = 7;
constexpr WgmmaGateRung kR = kWgmmaGateRungs[kRung];
constexpr int kMmaIndex = instruction_index("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32");
static_assert(kMmaIndex >= 0, "the rung's instruction is in the catalogue");
static_assert(kInstructions[kMmaIndex].c.rows == 16 && kInstructions[kMmaIndex].c.cols == 8,
              "one 16x8 accumulator tile per mma");
/// The C/D map's elements (c0, c1) and (c2, c3) side by side in a row from an even column, for
/// every lane: the epilogue stores each pair as one float2.
constexpr bool c_pairs_adjacent() {
  constexpr OperandSpec c = kInstructions[kMmaIndex].c;
  for (int lane = 0; lane < 32; ++lane)
    for (int e = 0; e < 4; e += 2) {
      const Coord lo = operand_coord(c, lane, e), hi = operand_coord(c, lane, e + 1);
      if (hi.row != lo.row || hi.col != lo.col + 1 || lo.col % 2 != 0) return false;
    }
  return true;
}
static_assert(c_pairs_adjacent(), "the float2 epilogue's pairs");
static_assert(kR.mma_sync && kR.block_m == 2 * kWgmmaGateMmaWarpM && kR.block_n == 4 * kWgmmaGateMmaWarpN &&
                  kR.consumer_warpgroups == 2,
              "eight consumer warps, 2 x 4 warp tiles");
}  // namespace

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
constexpr int kMI = kWgmmaGateMmaWarpM / 16, kNI = kWgmmaGateMmaWarpN / 8, kKS = kR.block_k / 16;

/// One k16 step's fragments of a warp tile: kMI m16 A tiles, kNI n8 B tiles.
struct MmaFragments {
  std::uint32_t a[kMI][4];
  std::uint32_t b[kNI][2];
};

/// Loads k16 step `ks` of the stage at (sa, sb): one ldmatrix.x4 per m16 tile, one
/// ldmatrix.x4.trans per pair of n8 tiles, at this lane's offsets (a_lane, b_lane[p]) plus the
/// step's and tile's constant offsets (wgmma_gate_ldmatrix_a_offset / _b_offset).
__device__ __forceinline__ void load_mma_fragments(MmaFragments& f, std::uint32_t sa, std::uint32_t sb,
                                                   const std::uint32_t (&a_lane)[kKS],
                                                   const std::uint32_t (&b_lane)[kNI / 2], int ks) {
#pragma unroll
  for (int i = 0; i < kMI; ++i)
    ptx::ldmatrix_x4(f.a[i][0], f.a[i][1], f.a[i][2], f.a[i][3], sa + a_lane[ks] + 16u * 128u * i);
#pragma unroll
  for (int p = 0; p < kNI / 2; ++p)
    ptx::ldmatrix_x4_trans(f.b[2 * p][0], f.b[2 * p][1], f.b[2 * p + 1][0], f.b[2 * p + 1][1],
                           sb + b_lane[p] + 16u * 128u * ks);
}

__device__ __forceinline__ void multiply(float (&acc)[kMI][kNI][4], const MmaFragments& f) {
#pragma unroll
  for (int i = 0; i < kMI; ++i)
#pragma unroll
    for (int j = 0; j < kNI; ++j) ptx::mma_m16n8k16(acc[i][j], f.a[i], f.b[j], acc[i][j]);
}
#endif

/// Warps 0-7 consume (a 2 x 4 grid of 64x64 warp tiles over the 128x256 block tile) with 240
/// registers each (setmaxnreg; their 128 accumulators and two fragment sets need about 230), the
/// third warpgroup produces with 24 (its first thread issues every TMA, as produce_tiles does for
/// the wgmma rungs). A lone producer warp would not do: with a ninth warp ptxas caps every thread at
/// 168 registers and spills (presumably three warps then share one of the register file's four
/// quarters).
/// `it` counts k-blocks through the stage ring across tiles, in the order both walk them.
__device__ __forceinline__ void mma_cluster_body(const CUtensorMap* map_a, const CUtensorMap* map_b, float* c,
                                                 int n) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  constexpr int kGroupRows = 16;  // tile rows per group of the persistent order
  constexpr int kCluster = kR.cluster_m;
  extern __shared__ std::uint8_t window[];
  const Smem<kRung> sm = smem_layout<kRung>(window);
  const int tid = static_cast<int>(threadIdx.x), warp = tid / 32, lane = tid % 32;
  const std::uint32_t rank = cluster_ctarank();
  const int units_m = n / (kR.block_m * kCluster), tiles_n = n / kR.block_n;
  const int units = units_m * tiles_n;
  const int kblocks = n / kR.block_k;
  const int first = static_cast<int>(blockIdx.x) / kCluster;
  const int step = static_cast<int>(gridDim.x) / kCluster;
  const auto tile_of = [&](int t) {
    const WgmmaGateTile u = wgmma_gate_tile_order(t, units_m, tiles_n, kGroupRows / kCluster);
    return WgmmaGateTile{u.m * kCluster + static_cast<int>(rank), u.n};
  };
  init_stage_barriers<kRung>(sm);

  if (warp >= 8) {
    setmaxnreg_dec<24>();
    if (warp == 8 && lane == 0)
      produce_tiles<kRung>(sm, map_a, map_b, first, step, units, kblocks, rank, tile_of);
  } else {
    setmaxnreg_inc<240>();
    const int warp_row = (warp % 2) * kWgmmaGateMmaWarpM, warp_col = (warp / 2) * kWgmmaGateMmaWarpN;
    std::uint32_t a_lane[kKS], b_lane[kNI / 2];
#pragma unroll
    for (int ks = 0; ks < kKS; ++ks) a_lane[ks] = wgmma_gate_ldmatrix_a_offset(warp_row, lane, ks);
#pragma unroll
    for (int p = 0; p < kNI / 2; ++p) b_lane[p] = wgmma_gate_ldmatrix_b_offset(warp_col, lane, p);
    constexpr OperandSpec kCFrag = kInstructions[kMmaIndex].c;  // a local: device code reads it
    const Coord c_lo = operand_coord(kCFrag, lane, 0), c_hi = operand_coord(kCFrag, lane, 2);
    int it = 0;
    for (int t = first; t < units; t += step) {
      const WgmmaGateTile tile = tile_of(t);
      float acc[kMI][kNI][4];
#pragma unroll
      for (int i = 0; i < kMI; ++i)
#pragma unroll
        for (int j = 0; j < kNI; ++j)
#pragma unroll
          for (int e = 0; e < 4; ++e) acc[i][j][e] = 0.f;
      MmaFragments f[2];
      mbarrier_wait(sm.full(it % kR.stages), static_cast<std::uint32_t>((it / kR.stages) & 1));
      load_mma_fragments(f[0], sm.a(it % kR.stages), sm.b(it % kR.stages), a_lane, b_lane, 0);
      for (int kb = 0; kb < kblocks; ++kb, ++it) {
        const int s = it % kR.stages;
        // Fragments of step ks + 1 (of the next stage's step 0 after the last) load while step ks
        // multiplies; the next stage is waited for only then.
#pragma unroll
        for (int ks = 0; ks < kKS; ++ks) {
          if (ks + 1 < kKS) {
            load_mma_fragments(f[(ks + 1) % 2], sm.a(s), sm.b(s), a_lane, b_lane, ks + 1);
          } else if (kb + 1 < kblocks) {
            const int s1 = (it + 1) % kR.stages;
            mbarrier_wait(sm.full(s1), static_cast<std::uint32_t>(((it + 1) / kR.stages) & 1));
            load_mma_fragments(f[0], sm.a(s1), sm.b(s1), a_lane, b_lane, 0);
          }
          multiply(acc, f[ks % 2]);
        }
        // Stage s's last fragments are in registers (the mma above read them): free it in every
        // block its loads wrote into.
        __syncwarp();
        if (lane == 0) release_stage<kRung>(sm, s);
      }
      // C/D fragment: (c0, c1) and (c2, c3) adjacent in a row (the catalogue's map, c_pairs_adjacent).
      float* c_warp =
          c + static_cast<std::size_t>(tile.m * kR.block_m + warp_row) * n + tile.n * kR.block_n + warp_col;
#pragma unroll
      for (int i = 0; i < kMI; ++i)
#pragma unroll
        for (int j = 0; j < kNI; ++j) {
          *reinterpret_cast<float2*>(c_warp + static_cast<std::size_t>(16 * i + c_lo.row) * n + 8 * j +
                                     c_lo.col) = make_float2(acc[i][j][0], acc[i][j][1]);
          *reinterpret_cast<float2*>(c_warp + static_cast<std::size_t>(16 * i + c_hi.row) * n + 8 * j +
                                     c_hi.col) = make_float2(acc[i][j][2], acc[i][j][3]);
        }
    }
  }
  // No block may leave while another block of its cluster can still arrive on its barriers.
  cluster_sync();
#else
  (void)map_a, (void)map_b, (void)c, (void)n;
#endif
}

}  // namespace fragviz::cuda::gate_wgmma

extern "C" __global__ void __launch_bounds__(fragviz::wgmma_gate_threads(fragviz::kWgmmaGateRungs[7]), 1)
    gate_mma_tma_cluster(const __grid_constant__ CUtensorMap map_a, const __grid_constant__ CUtensorMap map_b,
                         float* c, int n) {
  fragviz::cuda::gate_wgmma::mma_cluster_body(&map_a, &map_b, c, n);
}
