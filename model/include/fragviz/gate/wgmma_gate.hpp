// The gate's Hopper rungs as plain data: C (n x n f32) = A (n x n f16, row-major: K-major for
// wgmma) x B (n x n f16, row-major K x N: MN-major for wgmma), each rung a TMA + mbarrier +
// wgmma kernel (gpu/cuda/hopper/gate_wgmma.cu; rung 4's in gate_wgmma_pingpong.cu). Here: what
// each rung is (for the variant table), which n it accepts, the tensor maps' parameters and the
// shared-memory descriptors its warpgroups give wgmma. No CUDA: the kernels and the host tests
// use these same functions.
//
// Shared memory per stage (both operands in the 128B swizzle, Swizzle<3,4,3> on byte addresses):
//   A: block_m rows x 64 k, one 128-byte row per m (what one TMA box {64, block_m} writes);
//      K-major, 8-row groups 1024 bytes apart (SBO), k-step kk of 16 starts kk*32 bytes in.
//   B: block_n / 64 boxes of 64 k rows x 64 n (8192 bytes each, one TMA box {64, 64} per box);
//      MN-major, atoms of 64 n x 8 k: next atom along N one box on (LBO 8192), next 8 k 1024
//      bytes on (SBO), k-step kk of 16 starts kk*2048 bytes in.
// PTX ISA 9.0 "Matrix Descriptor Format", "Shared Memory Matrix Layout" (wgmma), and CUDA
// Driver API "cuTensorMapEncodeTiled" (box inner extent <= the swizzle span, 128 bytes).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "fragviz/isa/smem_descriptor.hpp"
#include "fragviz/util/host_device.hpp"

namespace fragviz {

/// One rung of the Hopper ladder. Sizes in elements unless named bytes.
struct WgmmaGateRung {
  const char* name;         ///< variant name, e.g. "wgmma-tma"
  const char* technique;    ///< one sentence for the variant table
  int block_m;              ///< C rows per tile
  int block_n;              ///< C columns per tile
  int block_k;              ///< k per pipeline stage (64: one 128-byte swizzle row of f16)
  int stages;               ///< shared-memory pipeline depth
  int consumer_warpgroups;  ///< warpgroups issuing wgmma
  bool producer_warpgroup;  ///< a separate warpgroup issues TMA (else thread 0 of the consumer)
  bool persistent;          ///< one block per SM walks tiles; else one block per tile
  int cluster_m;            ///< blocks per cluster along M; > 1: they share B through TMA multicast
  int wgmma_n;              ///< N of the wgmma.mma_async.m64nNk16.f32.f16.f16 issued
  /// One stage's A tile as a CuTe layout, (m,k) -> f16 element offset from the stage's start.
  /// The swizzle acts on element offsets: Swizzle<3,3,3> here is Swizzle<3,4,3> on bytes.
  const char* a_layout;
  const char* b_layout;  ///< the same for B, (k,n) -> f16 element offset
  /// Ping-pong: each consumer warpgroup computes a whole tile of its own (the block's tiles
  /// alternate between them) and their mainloops take turns; else they split every tile by rows.
  bool pingpong = false;
  /// The epilogue goes through shared memory: each consumer writes its accumulators, 64 rows x
  /// kWgmmaGateStoreCols columns at a time, into one of two 128B-swizzled f32 buffers of its own and
  /// one thread TMA-stores it (cp.async.bulk.tensor, bulk_group), so the consumers return to the
  /// mainloop while the copy drains; else every thread stores its float2 pairs to global memory.
  bool tma_store = false;
  /// Stream-K over the last partial wave (needs persistent and tma_store): the whole waves of
  /// cluster units go one unit per cluster as before; the last wave's k-blocks, when it is at most
  /// three quarters full, are shared out evenly over every cluster and done first
  /// (wgmma_gate_stream_k), each piece of a tile reduce-added into C by TMA
  /// (cp.reduce.async.bulk.tensor .add) over zeros the producer warpgroup's idle warps wrote first.
  bool stream_k = false;
  /// The consumers issue mma.sync.aligned.m16n8k16 from ldmatrix fragments of the swizzled stages
  /// (warps in a 2 x 4 grid of kWgmmaGateMmaWarpM x kWgmmaGateMmaWarpN tiles), not wgmma; the
  /// producer warpgroup comes after them. wgmma_n is unused.
  bool mma_sync = false;
};

inline constexpr int kWgmmaGateBlockK = 64;
inline constexpr int kWgmmaGateRungCount = 8;
/// Warp tile of the mma_sync rung: 64x64, 128 f32 accumulators per thread (the ladder's).
inline constexpr int kWgmmaGateMmaWarpM = 64, kWgmmaGateMmaWarpN = 64;
/// C columns per TMA store of the tma_store epilogue: 32 f32 = one 128-byte swizzle row.
inline constexpr int kWgmmaGateStoreCols = 32;
/// Epilogue buffers per consumer warpgroup (tma_store rungs), used in turn: a buffer is written
/// again once the store kWgmmaGateStoreBuffers stores back has read it. Divides the 8 stores of a
/// 64x256 accumulator, so every tile starts on buffer 0.
inline constexpr int kWgmmaGateStoreBuffers = 2;
/// The tma_store epilogue also writes into the pipeline stage of the tile's last k-block, which
/// the consumers then hold until the next tile's first k-block: each consumer its own 64 rows of
/// the stage's A (8 KB) and two of its four B boxes (8 KB each), kWgmmaGateStageStoreBuffers more
/// buffers per consumer, so fewer stores wait for the one before to have read its buffer. Off until
/// a device has measured it (tools/gate_wgmma_bench/variants.sh times it against the shipped one).
inline constexpr bool kWgmmaGateStoreInStage = false;
inline constexpr int kWgmmaGateStageStoreBuffers = 3;

/// The rungs, in ladder order (index = the rung number launch_gate_wgmma takes).
inline constexpr WgmmaGateRung kWgmmaGateRungs[kWgmmaGateRungCount] = {
    {"wgmma-tma",
     "one warpgroup: TMA into 128B-swizzled shared memory, a 4-stage mbarrier pipeline, wgmma m64n128k16 "
     "(thread 0 also issues the TMA)",
     128, 128, 64, 4, 1, false, false, 1, 128, "Swizzle<3,3,3> o (128,64):(64,1)",
     "Swizzle<3,3,3> o (64,(64,2)):(64,(1,4096))"},
    {"wgmma-ws",
     "producer warpgroup (setmaxnreg 40) issues TMA, two consumer warpgroups (setmaxnreg 232) wgmma "
     "m64n256k16 on a 128x256 tile, 4 stages, full/empty mbarriers",
     128, 256, 64, 4, 2, true, false, 1, 256, "Swizzle<3,3,3> o (128,64):(64,1)",
     "Swizzle<3,3,3> o (64,(64,4)):(64,(1,4096))"},
    {"wgmma-persistent",
     "wgmma-ws with one block per SM walking 128x256 tiles in groups of 16 tile rows (L2 reuse); the "
     "producer loads the next tile while the consumers store the last",
     128, 256, 64, 4, 2, true, true, 1, 256, "Swizzle<3,3,3> o (128,64):(64,1)",
     "Swizzle<3,3,3> o (64,(64,4)):(64,(1,4096))"},
    {"wgmma-cluster",
     "wgmma-persistent in clusters of 2 blocks on vertically adjacent tiles: each block loads half of the "
     "shared B stage and TMA-multicasts it to both, halving B's L2 traffic; stages are freed by both blocks' "
     "consumers (remote mbarrier arrive)",
     128, 256, 64, 4, 2, true, true, 2, 256, "Swizzle<3,3,3> o (128,64):(64,1)",
     "Swizzle<3,3,3> o (64,(64,4)):(64,(1,4096))"},
    {"wgmma-pingpong",
     "wgmma-cluster's producer and multicast, but each consumer warpgroup computes a 128x128 tile of its "
     "own (two m64n128k16 per k-step) and their mainloops take turns through named barriers, so one "
     "warpgroup's wgmma runs while the other stores its tile (CUTLASS's ping-pong); 6 stages of 32 KB",
     128, 128, 64, 6, 2, true, true, 2, 128, "Swizzle<3,3,3> o (128,64):(64,1)",
     "Swizzle<3,3,3> o (64,(64,2)):(64,(1,4096))", true},
    {"wgmma-tma-store",
     "wgmma-cluster with the epilogue through shared memory: each consumer writes its accumulators 64x32 "
     "at a time into two 8 KB 128B-swizzled buffers of its own and one thread TMA-stores each, so the "
     "consumers go back to wgmma while the copies drain (CUTLASS's TMA epilogue)",
     128, 256, 64, 4, 2, true, true, 2, 256, "Swizzle<3,3,3> o (128,64):(64,1)",
     "Swizzle<3,3,3> o (64,(64,4)):(64,(1,4096))", false, true},
    {"wgmma-stream-k",
     "wgmma-tma-store with a last partial wave at most 3/4 full shared out by k-blocks over every cluster "
     "(stream-K), first: each cluster takes as many k-blocks as the others, and the tile pieces are "
     "reduce-added into C by TMA (.add) over zeros the producer warpgroup's idle warps wrote",
     128, 256, 64, 4, 2, true, true, 2, 256, "Swizzle<3,3,3> o (128,64):(64,1)",
     "Swizzle<3,3,3> o (64,(64,4)):(64,(1,4096))", false, true, true},
    {"mma-tma-cluster",
     "the mma.sync ladder's 64x64 warp tiles (ldmatrix, m16n8k16) fed as wgmma-cluster is: a producer "
     "warpgroup issues TMA into 128B-swizzled stages, 2-block clusters share B by multicast, full/empty "
     "mbarriers, persistent blocks; setmaxnreg gives the eight consumer warps 240 registers (a ninth warp "
     "alone would cap every thread at 168)",
     128, 256, 64, 4, 2, true, true, 2, 0, "Swizzle<3,3,3> o (128,64):(64,1)",
     "Swizzle<3,3,3> o (64,(64,4)):(64,(1,4096))", false, false, false, true},
};

/// Threads per block: 128 per warpgroup.
FRAGVIZ_HD constexpr int wgmma_gate_threads(const WgmmaGateRung& r) {
  return 128 * (r.consumer_warpgroups + (r.producer_warpgroup ? 1 : 0));
}
/// Bytes of one stage's A tile (block_m x 64 f16) and B tile (64 x block_n f16).
FRAGVIZ_HD constexpr int wgmma_gate_a_stage_bytes(const WgmmaGateRung& r) {
  return r.block_m * r.block_k * 2;
}
FRAGVIZ_HD constexpr int wgmma_gate_b_stage_bytes(const WgmmaGateRung& r) {
  return r.block_k * r.block_n * 2;
}
/// Bytes of one epilogue buffer of the tma_store rungs (64 rows x kWgmmaGateStoreCols f32), and of
/// all of them (kWgmmaGateStoreBuffers per consumer warpgroup; 0 for the other rungs).
FRAGVIZ_HD constexpr int wgmma_gate_store_buffer_bytes() { return 64 * kWgmmaGateStoreCols * 4; }
FRAGVIZ_HD constexpr int wgmma_gate_store_bytes(const WgmmaGateRung& r) {
  return r.tma_store ? kWgmmaGateStoreBuffers * r.consumer_warpgroups * wgmma_gate_store_buffer_bytes() : 0;
}
/// Dynamic shared memory: the stages, the epilogue buffers (tma_store), 1024 bytes of slack to
/// align them to the 128B swizzle's repeat (the dynamic window's start is only 16-byte aligned by
/// contract), and 16 bytes per stage for the full and empty mbarriers.
FRAGVIZ_HD constexpr int wgmma_gate_dynamic_smem_bytes(const WgmmaGateRung& r) {
  return r.stages * (wgmma_gate_a_stage_bytes(r) + wgmma_gate_b_stage_bytes(r)) + wgmma_gate_store_bytes(r) +
         1024 + 16 * r.stages;
}
/// Byte offsets in a rung's dynamic window, from its 1024-aligned start: every stage's A tile
/// (stage s at s x A bytes), then every stage's B tile, then the epilogue buffers (tma_store
/// rungs), then the full and empty mbarriers.
FRAGVIZ_HD constexpr std::uint32_t wgmma_gate_stage_a_at(const WgmmaGateRung& r, int s) {
  return static_cast<std::uint32_t>(s) * static_cast<std::uint32_t>(wgmma_gate_a_stage_bytes(r));
}
FRAGVIZ_HD constexpr std::uint32_t wgmma_gate_stage_b_at(const WgmmaGateRung& r, int s) {
  return static_cast<std::uint32_t>(r.stages) * static_cast<std::uint32_t>(wgmma_gate_a_stage_bytes(r)) +
         static_cast<std::uint32_t>(s) * static_cast<std::uint32_t>(wgmma_gate_b_stage_bytes(r));
}
/// Epilogue buffer `i` of consumer warpgroup `c` (0 or 1) of a tma_store rung, 8 KB each: below
/// kWgmmaGateStoreBuffers its own; past them (kWgmmaGateStoreInStage) pieces of stage `s`, the
/// stage of the tile's last k-block: its A rows 64c..64c+63, then its B boxes 2c and 2c + 1. The
/// two consumers' buffers so cover their own buffers and the whole of stage s.
FRAGVIZ_HD constexpr std::uint32_t wgmma_gate_epilogue_buffer_at(const WgmmaGateRung& r, int c, int i,
                                                                 int s) {
  const auto buffer = static_cast<std::uint32_t>(wgmma_gate_store_buffer_bytes());
  if (i < kWgmmaGateStoreBuffers)
    return wgmma_gate_stage_b_at(r, r.stages) +
           static_cast<std::uint32_t>(kWgmmaGateStoreBuffers * c + i) * buffer;
  if (i == kWgmmaGateStoreBuffers)
    return wgmma_gate_stage_a_at(r, s) + static_cast<std::uint32_t>(c) * buffer;
  return wgmma_gate_stage_b_at(r, s) +
         static_cast<std::uint32_t>(2 * c + i - kWgmmaGateStoreBuffers - 1) * buffer;
}
/// n must be a multiple of this (whole tiles in M and N, whole clusters in M, whole stages in K).
FRAGVIZ_HD constexpr int wgmma_gate_n_multiple(const WgmmaGateRung& r) {
  const int m = r.block_m * r.cluster_m;
  return m > r.block_n ? m : r.block_n;
}
/// Consumer warpgroups that compute one tile (and so read each stage): all of them, or one when
/// they ping-pong.
FRAGVIZ_HD constexpr int wgmma_gate_tile_warpgroups(const WgmmaGateRung& r) {
  return r.pingpong ? 1 : r.consumer_warpgroups;
}
/// Arrivals that free one stage: one per warp that reads it, in every block the stage's loads
/// write into (the multicast B half lands in each block of the cluster).
FRAGVIZ_HD constexpr int wgmma_gate_empty_arrivals(const WgmmaGateRung& r) {
  return 4 * wgmma_gate_tile_warpgroups(r) * r.cluster_m;
}
/// B boxes (64 columns each) one block of a cluster loads and multicasts per stage.
FRAGVIZ_HD constexpr int wgmma_gate_b_boxes_per_block(const WgmmaGateRung& r) {
  return r.block_n / 64 / r.cluster_m;
}

/// Why rung `rung` cannot run at size n, or nullopt: rung in range, n a multiple of the tile,
/// n in [n multiple, 32768] (row pitch n*2 bytes < 2^40 for TMA, indices in int).
std::optional<std::string> validate_wgmma_gate(int rung, int n);

/// A 2-D tiled tensor map's parameters (cuTensorMapEncodeTiled): dimension 0 is the contiguous
/// one. f16 elements (C's map: f32), 128B swizzle, no interleave, element strides 1.
struct WgmmaGateTensorMap {
  std::uint64_t global_dim[2];  ///< elements: {contiguous, rows}
  std::uint64_t global_stride;  ///< bytes between rows (dimension 1); dimension 0 is dense
  std::uint32_t box_dim[2];     ///< elements per TMA copy: {contiguous, rows}
  std::uint32_t box_bytes;      ///< what one copy writes to shared memory (mbarrier tx count)
};

/// A's map: rows are m, contiguous k; one box is one stage's A tile (64 k x block_m rows).
FRAGVIZ_HD constexpr WgmmaGateTensorMap wgmma_gate_tensor_map_a(const WgmmaGateRung& r, int n) {
  const auto un = static_cast<std::uint64_t>(n);
  return {{un, un},
          un * 2,
          {static_cast<std::uint32_t>(r.block_k), static_cast<std::uint32_t>(r.block_m)},
          static_cast<std::uint32_t>(wgmma_gate_a_stage_bytes(r))};
}
/// B's map: rows are k, contiguous n; one box is 64 n x 64 k (the 128B swizzle caps the inner
/// extent at 128 bytes), block_n / 64 boxes per stage.
FRAGVIZ_HD constexpr WgmmaGateTensorMap wgmma_gate_tensor_map_b(const WgmmaGateRung& r, int n) {
  const auto un = static_cast<std::uint64_t>(n);
  return {{un, un},
          un * 2,
          {64u, static_cast<std::uint32_t>(r.block_k)},
          64u * 2u * static_cast<std::uint32_t>(r.block_k)};
}

/// C's map for the tma_store epilogue (f32 elements, unlike A's and B's): rows are m, contiguous n;
/// one box is one epilogue buffer, kWgmmaGateStoreCols n x 64 rows (128B swizzle: 128-byte rows).
FRAGVIZ_HD constexpr WgmmaGateTensorMap wgmma_gate_tensor_map_c(int n) {
  const auto un = static_cast<std::uint64_t>(n);
  return {{un, un},
          un * 4,
          {static_cast<std::uint32_t>(kWgmmaGateStoreCols), 64u},
          static_cast<std::uint32_t>(wgmma_gate_store_buffer_bytes())};
}
/// Byte offset of C element (row, col) of a 64 x kWgmmaGateStoreCols epilogue buffer: row-major
/// 128-byte rows in the 128B swizzle (16-byte chunk index XOR row % 8), as the TMA store reads it.
FRAGVIZ_HD constexpr std::uint32_t wgmma_gate_store_offset(int row, int col) {
  const auto o = static_cast<std::uint32_t>(row * 128 + col * 4);
  return o ^ ((static_cast<std::uint32_t>(row) & 7u) << 4);
}

/// Descriptor of the A operand of one wgmma: rows [m0, m0 + 64) of the stage's A tile (which
/// starts at shared address a_stage, 1024-aligned), k-step kk (k = 16 kk .. 16 kk + 15).
/// K-major 128B: SBO 1024 (next 8 rows); LBO unused by swizzled K-major, set to 16 (CuTe's 1).
FRAGVIZ_HD constexpr MatrixDescriptor wgmma_gate_a_descriptor(std::uint32_t a_stage, int m0, int kk) {
  MatrixDescriptor d;
  d.start_address = a_stage + static_cast<std::uint32_t>(m0) * 128u + static_cast<std::uint32_t>(kk) * 32u;
  d.leading_byte_offset = 16;
  d.stride_byte_offset = 1024;
  d.swizzle = SmemSwizzle::b128;
  return d;
}
/// Descriptor of the B operand: columns [n0, n0 + wgmma_n) of the stage's B tile (b_stage,
/// 1024-aligned; n0 a multiple of 64), k-step kk. MN-major 128B: LBO 8192 (next 64-n atom =
/// next TMA box), SBO 1024 (next 8 k rows).
FRAGVIZ_HD constexpr MatrixDescriptor wgmma_gate_b_descriptor(std::uint32_t b_stage, int n0, int kk) {
  MatrixDescriptor d;
  d.start_address =
      b_stage + static_cast<std::uint32_t>(n0 / 64) * 8192u + static_cast<std::uint32_t>(kk) * 2048u;
  d.leading_byte_offset = 8192;
  d.stride_byte_offset = 1024;
  d.swizzle = SmemSwizzle::b128;
  return d;
}

/// Byte offset of A element (row, k) in a stage (128-byte rows, the 128B swizzle: 16-byte chunk
/// index XOR row % 8), and of B element (k, col): box col / 64, 128-byte k rows swizzled alike.
/// What the TMA boxes write (the layouts a_layout / b_layout name).
FRAGVIZ_HD constexpr std::uint32_t wgmma_gate_a_offset(int row, int k) {
  return apply_smem_swizzle(SmemSwizzle::b128, static_cast<std::uint32_t>(row * 128 + k * 2));
}
FRAGVIZ_HD constexpr std::uint32_t wgmma_gate_b_offset(int k, int col) {
  return static_cast<std::uint32_t>(col / 64) * 8192u +
         apply_smem_swizzle(SmemSwizzle::b128, static_cast<std::uint32_t>(k * 128 + (col % 64) * 2));
}
/// The mma_sync rung's ldmatrix row addresses, as byte offsets in a stage, for `lane` of the warp
/// whose tile starts at row warp_row (A) or column warp_col (B), both multiples of 8:
///  - A, ldmatrix.x4 of m16 tile 0 at k16 step ks: lane l gives row warp_row + l % 16 at k
///    16 ks + 8 (l / 16) (registers a0..a3 of m16n8k16); m16 tile i is 16 * 128 * i bytes on;
///  - B, ldmatrix.x4.trans of n8 tiles 2p and 2p+1 at k16 step 0: lane l gives k row l % 16 at
///    column warp_col + 16 p + 8 (l / 16); k16 step ks is 16 * 128 * ks bytes on.
/// The swizzle XORs with row % 8 (k % 8), which those steps keep, so they stay plain additions.
FRAGVIZ_HD constexpr std::uint32_t wgmma_gate_ldmatrix_a_offset(int warp_row, int lane, int ks) {
  return wgmma_gate_a_offset(warp_row + lane % 16, 16 * ks + 8 * (lane / 16));
}
FRAGVIZ_HD constexpr std::uint32_t wgmma_gate_ldmatrix_b_offset(int warp_col, int lane, int p) {
  return wgmma_gate_b_offset(lane % 16, warp_col + 16 * p + 8 * (lane / 16));
}

/// A cluster's share of a stream_k rung's work: of `units` cluster units of `kblocks` k-blocks each on
/// `clusters` clusters, units [0, whole) go one unit at a time, cluster c taking c, c + clusters,
/// ...; the rest, the last partial wave, is numbered k-block by k-block, unit-major from 0, and
/// cluster c takes [begin, end): every cluster as many as the others, give or take one. Each such
/// piece of a unit has fewer k-blocks than the unit (fewer units than clusters), so every unit of
/// the last wave is summed from two or more pieces. A last wave more than three quarters full stays
/// whole (whole = units): on an H100 the pieces' reduce-adds and zeros cost more than its idle SMs
/// (session 26: 3-5 % slower with 58 of 66 clusters busy at 4096 and 7168, 2 % faster with 48 at
/// 6144, 3-19 % faster with 34, 12 and 4).
struct WgmmaGateStreamK {
  int whole;
  long long begin, end;
};
FRAGVIZ_HD constexpr WgmmaGateStreamK wgmma_gate_stream_k(int c, int clusters, int units, int kblocks) {
  const int full = units / clusters * clusters, rest = units - full;
  const int whole = 4 * rest > 3 * clusters ? units : full;
  const long long tail = static_cast<long long>(units - whole) * kblocks;
  return {whole, tail * c / clusters, tail * (c + 1) / clusters};
}

/// Tile (tile_m, tile_n) the persistent rung's `t`-th tile is, for a grid of tiles_m x tiles_n:
/// tiles go down groups of `group` tile rows first, so one wave of blocks shares a few columns
/// of B and a few rows of A in L2. The last group may be shorter (tiles_m % group).
struct WgmmaGateTile {
  int m, n;
};
FRAGVIZ_HD constexpr WgmmaGateTile wgmma_gate_tile_order(int t, int tiles_m, int tiles_n, int group) {
  const int per_group = group * tiles_n;
  const int g = t / per_group;
  const int first_m = g * group;
  const int rows = tiles_m - first_m < group ? tiles_m - first_m : group;
  const int in_group = t - g * per_group;
  return {first_m + in_group % rows, in_group / rows};
}

}  // namespace fragviz
