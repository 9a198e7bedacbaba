// The gate's Hopper rungs: c = a x b with TMA (cp.async.bulk.tensor) into 128B-swizzled shared
// memory, completing on mbarriers, and wgmma reading both operands through descriptors.
//   rung 0 wgmma-tma         one warpgroup; thread 0 also refills the stage it just consumed
//   rung 1 wgmma-ws          a producer warpgroup and two consumer warpgroups (setmaxnreg),
//                            full/empty mbarriers per stage, one wgmma group kept in flight
//   rung 2 wgmma-persistent  rung 1 with one block per SM walking tiles in grouped order
//   rung 3 wgmma-cluster     rung 2 in 2-block clusters sharing B by TMA multicast
//   rung 4 wgmma-pingpong    rung 3 with each consumer on a tile of its own, mainloops in turns
//                            (its kernel: gate_wgmma_pingpong.cu; registered and launched here)
//   rung 5 wgmma-tma-store   rung 3 with C written through shared memory by TMA stores
//   rung 6 wgmma-stream-k    rung 5 with the last partial wave shared out by k-blocks (stream-K),
//                            the pieces TMA-reduce-added into C over zeros
//   rung 7 mma-tma-cluster   rung 3's feeding with mma.sync consumers (its kernel:
//                            gate_mma_tma_cluster.cu; registered and launched here)
// The device pieces they share: gate_wgmma_device.cuh.
// Tiles, stages, layouts and descriptors: fragviz/gate/wgmma_gate.hpp (the one definition the host
// tests check). Every kernel is extern "C" so ptxas -v names it plainly. The assembly exists only
// in sm_90a code (__CUDA_ARCH_FEAT_SM90_ALL); other targets compile empty kernels that the host
// never launches (gate_wgmma_check refuses devices other than 9.0).
#include <cuda.h>  // CUtensorMap and the cuTensorMapEncodeTiled types only; libcuda is not linked
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdint>

#include "fragviz/gate/wgmma_gate.hpp"
#include "gate_wgmma.cuh"
#include "gate_wgmma_device.cuh"
#include "gate_wgmma_mma.cuh"

namespace fragviz::cuda {
namespace gate_wgmma {

// [SECTION] Rung 0: one warpgroup -----------------------------------------------------------------

/// One 128x128 tile per block; the warpgroup issues two m64n128k16 per k-step (rows 0-63 and
/// 64-127), waits for them, and thread 0 refills the stage just read. The wait and the
/// __syncthreads before each refill are what the later rungs remove.
__device__ __forceinline__ void rung0_body(const CUtensorMap* map_a, const CUtensorMap* map_b, float* c,
                                           int n) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  constexpr int kRung = 0;
  constexpr WgmmaGateRung r = kWgmmaGateRungs[kRung];
  extern __shared__ std::uint8_t window[];
  const Smem<kRung> sm = smem_layout<kRung>(window);
  const int tid = static_cast<int>(threadIdx.x);
  const int tile_m = static_cast<int>(blockIdx.y), tile_n = static_cast<int>(blockIdx.x);
  const int kblocks = n / r.block_k;
  if (tid == 0) {
    for (int s = 0; s < r.stages; ++s) mbarrier_init(sm.full(s), 1);
    fence_mbarrier_init();
  }
  __syncthreads();
  if (tid == 0)
    for (int s = 0; s < r.stages && s < kblocks; ++s)
      issue_stage<kRung>(sm, s, map_a, map_b, tile_m, tile_n, s, 0);

  float d0[64], d1[64];
#pragma unroll
  for (int i = 0; i < 64; ++i) d0[i] = d1[i] = 0.f;
  for (int kb = 0; kb < kblocks; ++kb) {
    const int s = kb % r.stages;
    mbarrier_wait(sm.full(s), static_cast<std::uint32_t>((kb / r.stages) & 1));
    fence_accumulators(d0);
    fence_accumulators(d1);
    wgmma_fence();
#pragma unroll
    for (int kk = 0; kk < r.block_k / 16; ++kk) {
      const std::uint64_t b = encode_descriptor(wgmma_gate_b_descriptor(sm.b(s), 0, kk));
      wgmma_m64n128k16_f32_f16_f16_ss_tb(d0, encode_descriptor(wgmma_gate_a_descriptor(sm.a(s), 0, kk)), b);
      wgmma_m64n128k16_f32_f16_f16_ss_tb(d1, encode_descriptor(wgmma_gate_a_descriptor(sm.a(s), 64, kk)), b);
    }
    wgmma_commit_group();
    wgmma_wait_group<0>();
    fence_accumulators(d0);
    fence_accumulators(d1);
    __syncthreads();  // all four warps are done reading stage s
    if (tid == 0 && kb + r.stages < kblocks)
      issue_stage<kRung>(sm, s, map_a, map_b, tile_m, tile_n, kb + r.stages, 0);
  }
  store_accumulators<128>(d0, c, n, tile_m * r.block_m, tile_n * r.block_n, tid);
  store_accumulators<128>(d1, c, n, tile_m * r.block_m + 64, tile_n * r.block_n, tid);
#else
  (void)map_a, (void)map_b, (void)c, (void)n;
#endif
}

// [SECTION] Rungs 1 to 3, 5 and 6: producer and consumer warpgroups ------------------------------

/// The stream_k rung's handshake within one launch: [0] counts the producer warps (3 per block)
/// that have written zeros under their share of the last wave's tiles (each after a release
/// fence); [1] counts the blocks done, and the last one sets both back to 0 for the next launch.
/// Launches of the rung run one after another (the gate's one stream), never two at once.
__device__ unsigned g_stream_k_counters[2];

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
/// Warps 1-3 of the producer warpgroup of a stream_k rung (`thread` 0..95): zeros in C under the
/// block's share of the last wave's tiles (tile p = blockIdx.x, + gridDim.x, ... of the tail's
/// units x cluster ranks), then each warp counts itself on g_stream_k_counters[0] (release).
template <int Rung>
__device__ __forceinline__ void zero_last_wave(float* c, int n, int units_m, int tiles_n, int whole,
                                               int units, int group, int thread) {
  constexpr WgmmaGateRung r = kWgmmaGateRungs[Rung];
  constexpr int kCluster = r.cluster_m, kQuads = r.block_m * r.block_n / 4;
  const int pieces = (units - whole) * kCluster;
  for (int p = static_cast<int>(blockIdx.x); p < pieces; p += static_cast<int>(gridDim.x)) {
    const WgmmaGateTile u = wgmma_gate_tile_order(whole + p / kCluster, units_m, tiles_n, group);
    const int row0 = (u.m * kCluster + p % kCluster) * r.block_m, col0 = u.n * r.block_n;
    for (int i = thread; i < kQuads; i += 96) {
      const int row = row0 + i / (r.block_n / 4), col = col0 + 4 * (i % (r.block_n / 4));
      *reinterpret_cast<float4*>(c + static_cast<std::size_t>(row) * n + col) =
          make_float4(0.f, 0.f, 0.f, 0.f);
    }
  }
  __threadfence();
  __syncwarp();
  if (thread % 32 == 0) atomicAdd(&g_stream_k_counters[0], 1u);
}
#endif

/// Warpgroup 0 produces (one thread issues every TMA), warpgroups 1 and 2 consume rows 0-63 and
/// 64-127 of a 128x256 tile with m64n256k16. full[s] completes on the TMA bytes (1 arrival);
/// empty[s] once every consumer warp that reads the stage's loads has released it: the block's 8,
/// and in a cluster the other blocks' too, since this block's multicast B half lands in theirs.
/// Stage and phase run on across tiles (the persistent rungs), counted by `it`. The tma_store rung
/// writes C through `map_c` (else unused, and C goes out as float2 stores).
template <int Rung>
__device__ __forceinline__ void warp_specialized_body(const CUtensorMap* map_a, const CUtensorMap* map_b,
                                                      const CUtensorMap* map_c, float* c, int n) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  constexpr WgmmaGateRung r = kWgmmaGateRungs[Rung];
  static_assert(r.consumer_warpgroups == 2 && r.producer_warpgroup && r.wgmma_n == r.block_n,
                "this body's shape");
  constexpr int kGroupRows = 16;  // tile rows per group of the persistent order
  constexpr int kCluster = r.cluster_m;
  extern __shared__ std::uint8_t window[];
  const Smem<Rung> sm = smem_layout<Rung>(window);
  const int tid = static_cast<int>(threadIdx.x);
  const int warpgroup = tid / 128;
  const std::uint32_t rank = kCluster > 1 ? cluster_ctarank() : 0u;
  // Work is counted in units of kCluster vertically adjacent tiles; the block of rank r takes
  // tile row kCluster * unit_m + r.
  const int units_m = n / (r.block_m * kCluster), tiles_n = n / r.block_n;
  const int units = units_m * tiles_n;
  const int kblocks = n / r.block_k;
  const int first = static_cast<int>(blockIdx.x) / kCluster;
  const int step = r.persistent ? static_cast<int>(gridDim.x) / kCluster : units;
  const auto tile_of = [&](int t) {
    const WgmmaGateTile u = r.persistent ? wgmma_gate_tile_order(t, units_m, tiles_n, kGroupRows / kCluster)
                                         : WgmmaGateTile{t / tiles_n, t % tiles_n};
    return WgmmaGateTile{u.m * kCluster + static_cast<int>(rank), u.n};
  };
  static_assert(!r.stream_k || (r.persistent && r.tma_store && kCluster > 1), "stream-K's pieces");
  init_stage_barriers<Rung>(sm);

  if (warpgroup == 0) {
    setmaxnreg_dec<40>();
    if (tid == 0)
      produce_tiles<Rung>(sm, map_a, map_b, first, step, units, kblocks, rank, tile_of);
    else if constexpr (r.stream_k)
      if (tid >= 32)
        zero_last_wave<Rung>(c, n, units_m, tiles_n, wgmma_gate_stream_k(0, step, units, kblocks).whole,
                             units, kGroupRows / kCluster, tid - 32);
  } else {
    setmaxnreg_inc<232>();
    const int consumer = warpgroup - 1;
    const int thread_in_warpgroup = tid % 128;
    const bool warp_leader = tid % 32 == 0;
    const auto release = [&](int s) { release_stage<Rung>(sm, s); };
    int it = 0;
    bool zeros_seen = false;  // the warpgroup's thread 0: the last wave's zeros are all written
    // kWgmmaGateStoreInStage: the last tile's epilogue wrote into stage (it - 1) % stages, which
    // is released at the next tile's first k-block, once its stores have read it.
    constexpr bool kInStage = r.tma_store && kWgmmaGateStoreInStage;
    bool holding = false;
    for_each_work<Rung>(first, step, units, kblocks, [&](int t, int kb_begin, int kb_end) {
      const WgmmaGateTile tile = tile_of(t);
      float d[128];
#pragma unroll
      for (int i = 0; i < 128; ++i) d[i] = 0.f;
      for (int kb = kb_begin; kb < kb_end; ++kb, ++it) {
        const int s = it % r.stages;
        mbarrier_wait(sm.full(s), static_cast<std::uint32_t>((it / r.stages) & 1));
        fence_accumulators(d);
        wgmma_fence();
#pragma unroll
        for (int kk = 0; kk < r.block_k / 16; ++kk)
          wgmma_m64n256k16_f32_f16_f16_ss_tb(
              d, encode_descriptor(wgmma_gate_a_descriptor(sm.a(s), 64 * consumer, kk)),
              encode_descriptor(wgmma_gate_b_descriptor(sm.b(s), 0, kk)));
        wgmma_commit_group();
        // Keep this stage's group in flight; the one before it is done: release its stage.
        wgmma_wait_group<1>();
        fence_accumulators(d);
        if (kb > kb_begin) {
          if (warp_leader) release((it - 1) % r.stages);
        } else if (kInStage && holding) {
          if (thread_in_warpgroup == 0) bulk_wait_group_read<0>();
          named_barrier_sync<kWarpgroupSize>(1 + consumer);
          if (warp_leader) release((it - 1) % r.stages);
          holding = false;
        }
      }
      wgmma_wait_group<0>();
      fence_accumulators(d);
      if constexpr (kInStage) {
        named_barrier_sync<2 * kWarpgroupSize>(3);  // both consumers are done reading the stage
        holding = true;
      } else if (warp_leader) {
        release((it - 1) % r.stages);
      }
      const int row0 = tile.m * r.block_m + 64 * consumer, col0 = tile.n * r.block_n;
      if constexpr (kWgmmaGateRungs[Rung].tma_store) {
        // A piece of a last-wave tile is added into C, once every block's zeros are there.
        const bool piece = kWgmmaGateRungs[Rung].stream_k && (kb_begin != 0 || kb_end != kblocks);
        if (piece && thread_in_warpgroup == 0 && !zeros_seen) {
          const unsigned all = 3u * gridDim.x;
          while (load_acquire_gpu(&g_stream_k_counters[0]) < all) {
          }
          fence_proxy_async();
          zeros_seen = true;
        }
        store_accumulators_tma<Rung, 256>(d, sm, map_c, consumer, 1 + consumer, row0, col0,
                                          thread_in_warpgroup, piece, kInStage ? (it - 1) % r.stages : -1);
      } else {
        store_accumulators<256>(d, c, n, row0, col0, thread_in_warpgroup);
      }
    });
    // The last TMA stores must have finished with the buffers before the block's memory goes.
    if constexpr (r.tma_store)
      if (thread_in_warpgroup == 0) bulk_wait_group<0>();
  }
  // No block may leave while another block of its cluster can still arrive on its barriers.
  if constexpr (kCluster > 1) cluster_sync();
  if constexpr (r.stream_k) {
    // Every thread of this block is past its last wait on the zeros: the last block done resets.
    if (tid == 0 && atomicAdd(&g_stream_k_counters[1], 1u) == gridDim.x - 1) {
      atomicExch(&g_stream_k_counters[0], 0u);
      atomicExch(&g_stream_k_counters[1], 0u);
    }
  }
#else
  (void)map_a, (void)map_b, (void)map_c, (void)c, (void)n;
#endif
}

}  // namespace gate_wgmma

// [SECTION] Kernels ------------------------------------------------------------------------------

extern "C" __global__ void __launch_bounds__(128, 1)
    gate_wgmma_tma(const __grid_constant__ CUtensorMap map_a, const __grid_constant__ CUtensorMap map_b,
                   float* c, int n) {
  gate_wgmma::rung0_body(&map_a, &map_b, c, n);
}
extern "C" __global__ void __launch_bounds__(384, 1)
    gate_wgmma_ws(const __grid_constant__ CUtensorMap map_a, const __grid_constant__ CUtensorMap map_b,
                  float* c, int n) {
  gate_wgmma::warp_specialized_body<1>(&map_a, &map_b, nullptr, c, n);
}
extern "C" __global__ void __launch_bounds__(384, 1)
    gate_wgmma_persistent(const __grid_constant__ CUtensorMap map_a,
                          const __grid_constant__ CUtensorMap map_b, float* c, int n) {
  gate_wgmma::warp_specialized_body<2>(&map_a, &map_b, nullptr, c, n);
}
extern "C" __global__ void __launch_bounds__(384, 1)
    gate_wgmma_cluster(const __grid_constant__ CUtensorMap map_a, const __grid_constant__ CUtensorMap map_b,
                       float* c, int n) {
  gate_wgmma::warp_specialized_body<3>(&map_a, &map_b, nullptr, c, n);
}

extern "C" __global__ void __launch_bounds__(384, 1)
    gate_wgmma_tma_store(const __grid_constant__ CUtensorMap map_a, const __grid_constant__ CUtensorMap map_b,
                         const __grid_constant__ CUtensorMap map_c, float* c, int n) {
  gate_wgmma::warp_specialized_body<5>(&map_a, &map_b, &map_c, c, n);
}

extern "C" __global__ void __launch_bounds__(384, 1)
    gate_wgmma_stream_k(const __grid_constant__ CUtensorMap map_a, const __grid_constant__ CUtensorMap map_b,
                        const __grid_constant__ CUtensorMap map_c, float* c, int n) {
  gate_wgmma::warp_specialized_body<6>(&map_a, &map_b, &map_c, c, n);
}

/// Rung 4's kernel, defined in gate_wgmma_pingpong.cu.
extern "C" __global__ void gate_wgmma_pingpong(const __grid_constant__ CUtensorMap map_a,
                                               const __grid_constant__ CUtensorMap map_b, float* c, int n);
/// Rung 7's kernel (mma.sync consumers), defined in gate_mma_tma_cluster.cu.
extern "C" __global__ void gate_mma_tma_cluster(const __grid_constant__ CUtensorMap map_a,
                                                const __grid_constant__ CUtensorMap map_b, float* c, int n);

namespace {

/// Launches rung `Rung` as a GateKernel record does (launch_gate_wgmma judges first).
template <int Rung>
cudaError_t launch_rung(const gate::GateKernel&, const __half* a, const __half* b, float* c, int n,
                        cudaStream_t s) {
  return launch_gate_wgmma(Rung, a, b, c, n, s);
}

/// The record of rung `Rung`'s kernel: its threads and dynamic shared memory from the rung's data.
template <int Rung>
gate::GateKernel rung_kernel(GateVariant v, const void* kernel, const char* name) {
  constexpr WgmmaGateRung r = kWgmmaGateRungs[Rung];
  return gate::GateKernel{
      v, kernel, name, wgmma_gate_threads(r), wgmma_gate_dynamic_smem_bytes(r), nullptr, launch_rung<Rung>};
}

}  // namespace

const std::vector<gate::GateKernel>& gate_wgmma_kernels() {
  static const std::vector<gate::GateKernel> records = {
      rung_kernel<0>(GateVariant::wgmma_tma, FRAGVIZ_GATE_KERNEL_SYMBOL(gate_wgmma_tma)),
      rung_kernel<1>(GateVariant::wgmma_ws, FRAGVIZ_GATE_KERNEL_SYMBOL(gate_wgmma_ws)),
      rung_kernel<2>(GateVariant::wgmma_persistent, FRAGVIZ_GATE_KERNEL_SYMBOL(gate_wgmma_persistent)),
      rung_kernel<3>(GateVariant::wgmma_cluster, FRAGVIZ_GATE_KERNEL_SYMBOL(gate_wgmma_cluster)),
      rung_kernel<4>(GateVariant::wgmma_pingpong, FRAGVIZ_GATE_KERNEL_SYMBOL(gate_wgmma_pingpong)),
      rung_kernel<5>(GateVariant::wgmma_tma_store, FRAGVIZ_GATE_KERNEL_SYMBOL(gate_wgmma_tma_store)),
      rung_kernel<6>(GateVariant::wgmma_stream_k, FRAGVIZ_GATE_KERNEL_SYMBOL(gate_wgmma_stream_k)),
      rung_kernel<7>(GateVariant::mma_tma_cluster, FRAGVIZ_GATE_KERNEL_SYMBOL(gate_mma_tma_cluster)),
  };
  return records;
}

// [SECTION] Host side ----------------------------------------------------------------------------

namespace {

/// Rung `rung`'s kernel (rung in range).
const void* rung_function(int rung) { return gate_wgmma_kernels()[static_cast<std::size_t>(rung)].kernel; }

using EncodeTiled = CUresult (*)(CUtensorMap*, CUtensorMapDataType, cuuint32_t, void*, const cuuint64_t*,
                                 const cuuint64_t*, const cuuint32_t*, const cuuint32_t*,
                                 CUtensorMapInterleave, CUtensorMapSwizzle, CUtensorMapL2promotion,
                                 CUtensorMapFloatOOBfill);

/// cuTensorMapEncodeTiled from the driver the runtime loaded (no link against libcuda); nullptr
/// with *error set when the driver lacks it.
EncodeTiled encode_tiled(cudaError_t* error) {
  static cudaError_t lookup_error = cudaSuccess;
  static const EncodeTiled fn = [] {
    void* p = nullptr;
    cudaDriverEntryPointQueryResult q = cudaDriverEntryPointSymbolNotFound;
    lookup_error =
        cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &p, 12000, cudaEnableDefault, &q);
    if (lookup_error == cudaSuccess && q != cudaDriverEntryPointSuccess)
      lookup_error = cudaErrorSymbolNotFound;
    return lookup_error == cudaSuccess ? reinterpret_cast<EncodeTiled>(p) : nullptr;
  }();
  *error = lookup_error;
  return fn;
}

/// A 2-D map of `type` elements (f16 for A and B, f32 for C) with the 128B swizzle from the pure
/// parameters.
cudaError_t make_map(CUtensorMap* map, CUtensorMapDataType type, const void* base,
                     const WgmmaGateTensorMap& p) {
  cudaError_t error = cudaSuccess;
  const EncodeTiled encode = encode_tiled(&error);
  if (encode == nullptr) return error;
  const cuuint64_t dims[2] = {p.global_dim[0], p.global_dim[1]};
  const cuuint64_t strides[1] = {p.global_stride};
  const cuuint32_t box[2] = {p.box_dim[0], p.box_dim[1]};
  const cuuint32_t element_strides[2] = {1, 1};
  const CUresult rc = encode(map, type, 2, const_cast<void*>(base), dims, strides, box, element_strides,
                             CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
                             CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  return rc == CUDA_SUCCESS ? cudaSuccess : cudaErrorInvalidValue;
}

bool aligned(const void* p, std::uintptr_t bytes) { return reinterpret_cast<std::uintptr_t>(p) % bytes == 0; }

/// Why nothing may be launched: the error launch_gate_wgmma returns and the sentence
/// gate_wgmma_check returns.
struct Refusal {
  cudaError_t error;
  std::string why;
};

std::optional<Refusal> refusal(int rung, const __half* a, const __half* b, const float* c, int n) {
  if (auto why = validate_wgmma_gate(rung, n)) return Refusal{cudaErrorInvalidValue, *why};
  if (a == nullptr || b == nullptr || c == nullptr)
    return Refusal{cudaErrorInvalidValue, "wgmma gate: a null matrix pointer"};
  if (!aligned(a, 16) || !aligned(b, 16))
    return Refusal{cudaErrorInvalidValue, "wgmma gate: a and b must be 16-byte aligned (TMA)"};
  if (!aligned(c, 8))
    return Refusal{cudaErrorInvalidValue, "wgmma gate: c must be 8-byte aligned (float2 stores)"};
  if (kWgmmaGateRungs[rung].tma_store && !aligned(c, 16))
    return Refusal{cudaErrorInvalidValue, "wgmma gate: c must be 16-byte aligned (TMA stores)"};
  int device = 0, major = 0, minor = 0, optin = 0;
  if (cudaError_t e = cudaGetDevice(&device); e != cudaSuccess)
    return Refusal{e, std::string("wgmma gate: no usable CUDA device (") + cudaGetErrorString(e) + ")"};
  if (cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device) != cudaSuccess ||
      cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device) != cudaSuccess ||
      cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device) != cudaSuccess)
    return Refusal{cudaErrorInvalidDevice, "wgmma gate: the device's attributes cannot be read"};
  if (major != 9 || minor != 0)
    return Refusal{cudaErrorNoKernelImageForDevice,
                   "wgmma gate: needs compute capability 9.0 (sm_90a code), this "
                   "device is " +
                       std::to_string(major) + "." + std::to_string(minor)};
  const int smem = wgmma_gate_dynamic_smem_bytes(kWgmmaGateRungs[rung]);
  if (smem > optin)
    return Refusal{cudaErrorInvalidConfiguration, "wgmma gate: " + std::to_string(smem) +
                                                      " bytes of shared memory needed, the device allows " +
                                                      std::to_string(optin)};
  cudaError_t error = cudaSuccess;
  if (encode_tiled(&error) == nullptr)
    return Refusal{error, std::string("wgmma gate: the driver has no cuTensorMapEncodeTiled (") +
                              cudaGetErrorString(error) + ")"};
  return std::nullopt;
}

/// Blocks to launch: one per tile, or for the persistent rungs as many as are resident at once
/// (whole clusters, from cudaOccupancyMaxActiveClusters: not every GPC holds a whole number of
/// clusters), never more than the tiles.
cudaError_t grid_blocks(int rung, int n, const cudaLaunchConfig_t& config, int* blocks) {
  const WgmmaGateRung& r = kWgmmaGateRungs[rung];
  const int tiles = (n / r.block_m) * (n / r.block_n);
  *blocks = tiles;
  if (!r.persistent) return cudaSuccess;
  int resident = 0;
  if (r.cluster_m > 1) {
    int clusters = 0;
    if (cudaError_t e = cudaOccupancyMaxActiveClusters(&clusters, rung_function(rung), &config);
        e != cudaSuccess)
      return e;
    resident = clusters * r.cluster_m;
  } else {
    int device = 0;
    if (cudaError_t e = cudaGetDevice(&device); e != cudaSuccess) return e;
    if (cudaError_t e = cudaDeviceGetAttribute(&resident, cudaDevAttrMultiProcessorCount, device);
        e != cudaSuccess)
      return e;
  }
  if (resident < r.cluster_m) return cudaErrorInvalidConfiguration;  // not even one cluster fits
  *blocks = resident < tiles ? resident : tiles;
  return cudaSuccess;
}

}  // namespace

std::optional<std::string> gate_wgmma_check(int rung, const __half* a, const __half* b, const float* c,
                                            int n) {
  if (auto r = refusal(rung, a, b, c, n)) return r->why;
  return std::nullopt;
}

cudaError_t launch_gate_wgmma(int rung, const __half* a, const __half* b, float* c, int n, cudaStream_t s) {
  if (auto no = refusal(rung, a, b, c, n)) return no->error;
  const WgmmaGateRung& r = kWgmmaGateRungs[rung];
  CUtensorMap map_a, map_b, map_c;
  if (cudaError_t e = make_map(&map_a, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, a, wgmma_gate_tensor_map_a(r, n));
      e != cudaSuccess)
    return e;
  if (cudaError_t e = make_map(&map_b, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, b, wgmma_gate_tensor_map_b(r, n));
      e != cudaSuccess)
    return e;
  if (r.tma_store)
    if (cudaError_t e = make_map(&map_c, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, c, wgmma_gate_tensor_map_c(n));
        e != cudaSuccess)
      return e;
  const int smem = wgmma_gate_dynamic_smem_bytes(r);
  if (cudaError_t e =
          cudaFuncSetAttribute(rung_function(rung), cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
      e != cudaSuccess)
    return e;
  cudaLaunchAttribute cluster{};
  cluster.id = cudaLaunchAttributeClusterDimension;
  cluster.val.clusterDim.x = static_cast<unsigned>(r.cluster_m);
  cluster.val.clusterDim.y = 1;
  cluster.val.clusterDim.z = 1;
  cudaLaunchConfig_t config{};
  config.blockDim = dim3(static_cast<unsigned>(wgmma_gate_threads(r)));
  config.dynamicSmemBytes = static_cast<std::size_t>(smem);
  config.stream = s;
  config.attrs = &cluster;
  config.numAttrs = r.cluster_m > 1 ? 1 : 0;  // the others launch as plain grids
  int blocks = 0;
  config.gridDim = dim3(static_cast<unsigned>(r.cluster_m));  // what the occupancy query sizes
  if (cudaError_t e = grid_blocks(rung, n, config, &blocks); e != cudaSuccess) return e;
  // Rung 0 takes its tile from (blockIdx.x, blockIdx.y) = (tile column, tile row); the others
  // from blockIdx.x.
  config.gridDim = r.producer_warpgroup
                       ? dim3(static_cast<unsigned>(blocks))
                       : dim3(static_cast<unsigned>(n / r.block_n), static_cast<unsigned>(n / r.block_m));
  void* args[] = {&map_a, &map_b, &c, &n};
  void* args_c[] = {&map_a, &map_b, &map_c, &c, &n};  // the tma_store kernel's
  return cudaLaunchKernelExC(&config, rung_function(rung), r.tma_store ? args_c : args);
}

cudaError_t gate_wgmma_attributes(int rung, cudaFuncAttributes* attr) {
  if (rung < 0 || rung >= kWgmmaGateRungCount || attr == nullptr) return cudaErrorInvalidValue;
  return cudaFuncGetAttributes(attr, rung_function(rung));
}

const char* gate_wgmma_kernel_name(int rung) {
  return rung >= 0 && rung < kWgmmaGateRungCount ? gate_wgmma_kernels()[static_cast<std::size_t>(rung)].name
                                                 : nullptr;
}

}  // namespace fragviz::cuda
