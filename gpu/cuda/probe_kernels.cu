// The probe kernels: sentinel tiles in, raw registers and addresses out. One warp each; the
// host decides every address (from the model) and judges every bit (probe_decode.hpp).
#include <cuda_runtime.h>

#include <cstdint>

#include "probe_kernels.hpp"
#include "ptx.cuh"

namespace fragviz::cuda {
namespace {

// [SECTION] ldmatrix probe and timing ----------------------------------------------------------

/// Times `iterations` ldmatrix at `addr` with clock64(). The loads are independent (one warp,
/// same address at run time); their results are folded into `sink` so none is dead code, and each
/// address carries `(i + u) * zero` (zero == 0, unknown to the compiler) so no two loads can be
/// merged or hoisted. Eight loads are issued before any result is used: a warp issues in order, so
/// folding each result right after its load would time the load latency (about 30 cycles on the
/// H200, as the second device run showed) instead of how long the banks keep the pipe busy.
template <int Num, bool Trans>
__device__ long long time_ldmatrix(std::uint32_t addr, std::uint32_t zero, int iterations,
                                   std::uint32_t& sink) {
  constexpr int kInFlight = 8;
  std::uint32_t acc = 0;
  std::uint32_t r[kInFlight][Num];
  for (int i = 0; i < 8; ++i) {  // warm-up: instruction cache, first use of the pipe
    ptx::ldmatrix<Num, Trans>(r[0], addr);
    for (int j = 0; j < Num; ++j) acc ^= r[0][j];
  }
  __syncwarp();
  const long long start = clock64();
  for (int i = 0; i < iterations; i += kInFlight) {
#pragma unroll
    for (int u = 0; u < kInFlight; ++u)
      ptx::ldmatrix<Num, Trans>(r[u], addr + static_cast<std::uint32_t>(i + u) * zero);
#pragma unroll
    for (int u = 0; u < kInFlight; ++u)
#pragma unroll
      for (int j = 0; j < Num; ++j) acc ^= r[u][j];
  }
  const long long stop = clock64();
  sink = acc;
  return stop - start;
}

/// Runs the jobs one after another in one warp, so each timing has the SM's shared-memory pipe
/// to itself (blocks of a multi-block launch could share an SM and disturb each other).
template <int Num, bool Trans>
__global__ void ldmatrix_probe_kernel(const LdmatrixJob* jobs, int job_count, const std::uint8_t* tiles,
                                      LdmatrixJobOut* outs) {
  // Dynamic shared memory; the tile starts at the first 128-byte boundary of the shared window so
  // the banks of offsets from the tile base equal the banks of the absolute addresses.
  extern __shared__ __align__(16) std::uint8_t probe_smem[];
  const int lane = static_cast<int>(threadIdx.x);
  const std::uint32_t raw_base = ptx::smem_address(probe_smem);
  const std::uint32_t base = (raw_base + 127u) & ~127u;
  std::uint8_t* tile = probe_smem + (base - raw_base);

  for (int j = 0; j < job_count; ++j) {
    const LdmatrixJob& job = jobs[j];
    LdmatrixJobOut& out = outs[j];
    __syncwarp();  // the previous job's loads are done before its tile is overwritten
    const uint4* src = reinterpret_cast<const uint4*>(tiles + job.tile_offset);
    uint4* dst = reinterpret_cast<uint4*>(tile);
    for (std::uint32_t i = static_cast<std::uint32_t>(lane); i < job.tile_bytes / 16; i += 32)
      dst[i] = src[i];
    __syncwarp();

    const std::uint32_t addr = ptx::smem_address(tile + job.lane_offset[lane]);
    std::uint32_t r[Num];
    ptx::ldmatrix<Num, Trans>(r, addr);
    for (int k = 0; k < 4; ++k) out.regs[lane][k] = k < Num ? r[k] : 0u;
    out.offsets[lane] = addr - base;

    std::uint32_t sink = 0;
    const long long cycles =
        job.iterations > 0 ? time_ldmatrix<Num, Trans>(addr, job.zero, job.iterations, sink) : 0;
    for (int delta = 16; delta > 0; delta /= 2) sink ^= __shfl_xor_sync(0xFFFFFFFFu, sink, delta);
    if (lane == 0) {
      out.tile_base = base;
      out.sink = sink;
      out.cycles = cycles;
    }
  }
}

template <int Num, bool Trans>
cudaError_t launch_ldm(const LdmatrixJob* jobs, int job_count, const std::uint8_t* tiles,
                       std::uint32_t max_tile_bytes, LdmatrixJobOut* out, cudaStream_t stream) {
  ldmatrix_probe_kernel<Num, Trans><<<1, 32, max_tile_bytes + 128, stream>>>(jobs, job_count, tiles, out);
  return cudaGetLastError();
}

// [SECTION] fragment probe ---------------------------------------------------------------------

/// Stores one set's A and B in padded shared tiles, loads them with the model's ldmatrix plan (its
/// .trans in `p`; .num is the mma's register count) and runs one mma. Called only where the shape's PTX
/// exists (see fragment_probe_kernel).
template <int K>
__device__ void fragment_probe_body(const FragmentParams& p, const FragmentSetIn* in, FragmentSetOut* out,
                                    int lane) {
  constexpr int M = 16, N = 8;
  constexpr int kLda = K + 8, kLdb = N + 8;  // the seed's pad: row starts stay 16-byte aligned
  constexpr int kRegsA = K / 4, kRegsB = K / 8;
  __shared__ __align__(128) std::uint16_t sa[M * kLda];
  __shared__ __align__(128) std::uint16_t sb[K * kLdb];
  const std::uint32_t a_base = ptx::smem_address(sa);
  const std::uint32_t b_base = ptx::smem_address(sb);

  for (int set = 0; set < kFragmentSets; ++set) {
    // Pads hold 0xFFFF (a NaN) so a load that strays into them names no cell.
    for (int i = lane; i < M * kLda; i += 32) sa[i] = 0xFFFFu;
    for (int i = lane; i < K * kLdb; i += 32) sb[i] = 0xFFFFu;
    __syncwarp();
    for (int i = lane; i < M * K; i += 32) sa[(i / K) * kLda + i % K] = in[set].a[i];
    for (int i = lane; i < K * N; i += 32) sb[(i / N) * kLdb + i % N] = in[set].b[i];
    __syncwarp();

    const std::uint32_t a_addr =
        ptx::smem_address(reinterpret_cast<const std::uint8_t*>(sa) + p.a_offset[lane]);
    const std::uint32_t b_addr =
        ptx::smem_address(reinterpret_cast<const std::uint8_t*>(sb) + p.b_offset[lane]);
    std::uint32_t a[kRegsA], b[kRegsB];
    ptx::ldmatrix(a, a_addr, p.a_trans != 0);  // the seed's plan: A stored MxK, plain
    ptx::ldmatrix(b, b_addr, p.b_trans != 0);  // B stored KxN, mma wants "col": .trans
    const float c[4] = {in[set].c[lane][0], in[set].c[lane][1], in[set].c[lane][2], in[set].c[lane][3]};
    float d[4] = {0.f, 0.f, 0.f, 0.f};
    if constexpr (K == 8) {
      ptx::mma_m16n8k8(d, a, b, c);
    } else {
      ptx::mma_m16n8k16(d, a, b, c);
    }

    FragmentSetOut& o = out[set];
    for (int j = 0; j < 4; ++j) o.a[lane][j] = j < kRegsA ? a[j] : 0u;
    for (int j = 0; j < 2; ++j) o.b[lane][j] = j < kRegsB ? b[j] : 0u;
    for (int j = 0; j < 4; ++j) o.d[lane][j] = __float_as_uint(d[j]);
    o.a_offsets[lane] = a_addr - a_base;
    o.b_offsets[lane] = b_addr - b_base;
    __syncwarp();  // every lane's ldmatrix is done before the next set overwrites the tiles
  }
}

template <int K>
__global__ void fragment_probe_kernel(FragmentParams p, const FragmentSetIn* in, FragmentSetOut* out) {
  const int lane = static_cast<int>(threadIdx.x);
  if constexpr (K == 16) {
    // The sm_75 image of this kernel is an empty stub: m16n8k16 PTX does not assemble there, and
    // the host never launches it below sm_80.
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
    fragment_probe_body<K>(p, in, out, lane);
#endif
  } else {
    fragment_probe_body<K>(p, in, out, lane);
  }
}

}  // namespace

// [SECTION] launchers --------------------------------------------------------------------------

cudaError_t launch_ldmatrix_probe(LdmatrixConfig config, const LdmatrixJob* jobs, int job_count,
                                  const std::uint8_t* tiles, std::uint32_t max_tile_bytes,
                                  LdmatrixJobOut* out, cudaStream_t stream) {
  switch (config.num) {
    case LdmNum::x1:
      return config.trans ? launch_ldm<1, true>(jobs, job_count, tiles, max_tile_bytes, out, stream)
                          : launch_ldm<1, false>(jobs, job_count, tiles, max_tile_bytes, out, stream);
    case LdmNum::x2:
      return config.trans ? launch_ldm<2, true>(jobs, job_count, tiles, max_tile_bytes, out, stream)
                          : launch_ldm<2, false>(jobs, job_count, tiles, max_tile_bytes, out, stream);
    case LdmNum::x4:
      return config.trans ? launch_ldm<4, true>(jobs, job_count, tiles, max_tile_bytes, out, stream)
                          : launch_ldm<4, false>(jobs, job_count, tiles, max_tile_bytes, out, stream);
  }
  return cudaErrorInvalidValue;
}

cudaError_t launch_fragment_probe(int k, const FragmentParams& params, const FragmentSetIn* in,
                                  FragmentSetOut* out, cudaStream_t stream) {
  if (k == 8) {
    fragment_probe_kernel<8><<<1, 32, 0, stream>>>(params, in, out);
  } else if (k == 16) {
    fragment_probe_kernel<16><<<1, 32, 0, stream>>>(params, in, out);
  } else {
    return cudaErrorInvalidValue;
  }
  return cudaGetLastError();
}

cudaError_t preload_probe_kernels() {
  cudaFuncAttributes attr{};
  const void* kernels[] = {
      reinterpret_cast<const void*>(&ldmatrix_probe_kernel<1, false>),
      reinterpret_cast<const void*>(&ldmatrix_probe_kernel<1, true>),
      reinterpret_cast<const void*>(&ldmatrix_probe_kernel<2, false>),
      reinterpret_cast<const void*>(&ldmatrix_probe_kernel<2, true>),
      reinterpret_cast<const void*>(&ldmatrix_probe_kernel<4, false>),
      reinterpret_cast<const void*>(&ldmatrix_probe_kernel<4, true>),
      reinterpret_cast<const void*>(&fragment_probe_kernel<8>),
      reinterpret_cast<const void*>(&fragment_probe_kernel<16>),
  };
  for (const void* k : kernels) {
    const cudaError_t e = cudaFuncGetAttributes(&attr, k);
    if (e != cudaSuccess) return e;
  }
  return cudaSuccess;
}

}  // namespace fragviz::cuda
