// The CTA tiled-MMA probe's wgmma kernel (cta_wgmma_probe.hpp). Order per the PTX ISA
// ("Asynchronous Warpgroup Level Matrix Multiply-Accumulate Instructions"): the image is written
// with generic stores, so fence.proxy.async makes it visible to the async proxy wgmma reads
// through; wgmma.fence orders the accumulator registers (and the RS form's A registers, written
// just before it) before each k16 step's wgmma (one per atom, each into its own D); commit_group
// and wait_group 0 before D is read or accumulated again, or A's registers are written again.
#include <cuda_runtime.h>

#include <cstdint>

#include "../ptx.cuh"
#include "cta_wgmma_probe.hpp"
#include "gate_wgmma_mma.cuh"

namespace fragviz::cuda {
namespace {

template <int N, int TransA, int TransB>
__device__ __forceinline__ void issue_ss(float (&d)[N / 2], std::uint64_t da, std::uint64_t db, int scale_d) {
  if constexpr (N == 64)
    gate_wgmma::wgmma_m64n64k16_f32_f16_f16_ss<TransA, TransB>(d, da, db, scale_d);
  else if constexpr (N == 128)
    gate_wgmma::wgmma_m64n128k16_f32_f16_f16_ss<TransA, TransB>(d, da, db, scale_d);
  else
    gate_wgmma::wgmma_m64n256k16_f32_f16_f16_ss<TransA, TransB>(d, da, db, scale_d);
}

template <int N, int TransB>
__device__ __forceinline__ void issue_rs(float (&d)[N / 2], const std::uint32_t (&a)[4], std::uint64_t db,
                                         int scale_d) {
  if constexpr (N == 64)
    gate_wgmma::wgmma_m64n64k16_f32_f16_f16_rs<TransB>(d, a, db, scale_d);
  else if constexpr (N == 128)
    gate_wgmma::wgmma_m64n128k16_f32_f16_f16_rs<TransB>(d, a, db, scale_d);
  else
    gate_wgmma::wgmma_m64n256k16_f32_f16_f16_rs<TransB>(d, a, db, scale_d);
}

/// Keeps the compiler from moving accumulator reads or writes across a wgmma fence or wait
/// (CUTLASS's warpgroup_fence_operand).
template <int N, int Atoms>
__device__ __forceinline__ void fence_accumulators(float (&d)[Atoms][N / 2]) {
#pragma unroll
  for (int j = 0; j < Atoms; ++j)
#pragma unroll
    for (int i = 0; i < N / 2; ++i) asm volatile("" : "+f"(d[j][i])::"memory");
}

/// The same for the RS form's A registers.
template <int Atoms>
__device__ __forceinline__ void fence_a(std::uint32_t (&a)[Atoms][4]) {
#pragma unroll
  for (int j = 0; j < Atoms; ++j)
#pragma unroll
    for (int r = 0; r < 4; ++r) asm volatile("" : "+r"(a[j][r])::"memory");
}

template <int N, int Atoms, bool Rs, int TransA, int TransB>
__global__ void __launch_bounds__(384)
    cta_wgmma_probe_kernel(const uint4* image, std::uint32_t chunks, const std::uint64_t* descriptors,
                           const std::uint16_t* a_values, const std::uint32_t* a_table, int calls,
                           float* out) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  extern __shared__ __align__(16) std::uint8_t cta_wgmma_smem[];
  const std::uint32_t raw = ptx::smem_address(cta_wgmma_smem);
  const std::uint32_t base = (raw + 1023u) & ~1023u;
  uint4* tile = reinterpret_cast<uint4*>(cta_wgmma_smem + (base - raw));
  for (std::uint32_t c = threadIdx.x; c < chunks; c += blockDim.x) tile[c] = image[c];
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
  __syncthreads();
  const int g = static_cast<int>(threadIdx.x) / 128;
  const std::uint64_t start = (base & 0x3FFFFu) >> 4;  // added to each descriptor's start field
  float d[Atoms][N / 2];
#pragma unroll
  for (int j = 0; j < Atoms; ++j)
#pragma unroll
    for (int i = 0; i < N / 2; ++i) d[j][i] = 0.0f;
  [[maybe_unused]] std::uint32_t a[Atoms][4];  // the RS form's A registers
  // gate_wgmma.cu's order: every atom of a k16 step between one wgmma.fence and commit_group.
  for (int s = 0; s < calls / Atoms; ++s) {
    if constexpr (Rs) {
      // The plan's table names each half's cell of the logical A (the model's A fragment).
#pragma unroll
      for (int j = 0; j < Atoms; ++j) {
        const std::uint32_t* row = a_table + (threadIdx.x * static_cast<std::uint32_t>(calls) +
                                              static_cast<std::uint32_t>(s * Atoms + j)) *
                                                 8u;
#pragma unroll
        for (int r = 0; r < 4; ++r)
          a[j][r] = static_cast<std::uint32_t>(a_values[row[2 * r]]) |
                    (static_cast<std::uint32_t>(a_values[row[2 * r + 1]]) << 16);
      }
      fence_a<Atoms>(a);
    }
    fence_accumulators<N, Atoms>(d);
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#pragma unroll
    for (int j = 0; j < Atoms; ++j) {
      const std::uint64_t* e = descriptors + 2 * (g * calls + s * Atoms + j);
      if constexpr (Rs)
        issue_rs<N, TransB>(d[j], a[j], e[1] + start, s > 0 ? 1 : 0);
      else
        issue_ss<N, TransA, TransB>(d[j], e[0] + start, e[1] + start, s > 0 ? 1 : 0);
    }
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
    fence_accumulators<N, Atoms>(d);
    if constexpr (Rs) fence_a<Atoms>(a);
  }
  float* o = out + threadIdx.x * (Atoms * N / 2);
#pragma unroll
  for (int j = 0; j < Atoms; ++j)
#pragma unroll
    for (int i = 0; i < N / 2; ++i) o[j * (N / 2) + i] = d[j][i];
#else
  (void)image, (void)chunks, (void)descriptors, (void)a_values, (void)a_table, (void)calls, (void)out;
#endif
}

using Kernel = void (*)(const uint4*, std::uint32_t, const std::uint64_t*, const std::uint16_t*,
                        const std::uint32_t*, int, float*);

template <int N, int Atoms>
Kernel kernel_for(bool rs, bool a_mn, bool b_mn) {
  if (rs)
    return b_mn ? cta_wgmma_probe_kernel<N, Atoms, true, 0, 1> : cta_wgmma_probe_kernel<N, Atoms, true, 0, 0>;
  if (a_mn)
    return b_mn ? cta_wgmma_probe_kernel<N, Atoms, false, 1, 1>
                : cta_wgmma_probe_kernel<N, Atoms, false, 1, 0>;
  return b_mn ? cta_wgmma_probe_kernel<N, Atoms, false, 0, 1> : cta_wgmma_probe_kernel<N, Atoms, false, 0, 0>;
}

}  // namespace

cudaError_t launch_cta_wgmma_probe(const CtaWgmmaProbeShape& s, const void* image,
                                   const std::uint64_t* descriptors, const std::uint16_t* a_values,
                                   const std::uint32_t* a_table, float* out, cudaStream_t stream) {
  const bool compiled =
      ((s.n == 64 || s.n == 128) && (s.atoms == 1 || s.atoms == 2)) || (s.n == 256 && s.atoms == 1);
  if (!compiled || s.warpgroups < 1 || s.warpgroups > 3 || s.calls < 1 || s.calls % s.atoms != 0 ||
      s.image_bytes == 0 || s.image_bytes % 1024 != 0 || s.a_registers != (a_values != nullptr) ||
      s.a_registers != (a_table != nullptr) || (s.a_registers && s.a_mn))
    return cudaErrorInvalidValue;
  const Kernel k = s.n == 256     ? kernel_for<256, 1>(s.a_registers, s.a_mn, s.b_mn)
                   : s.n == 64    ? (s.atoms == 2 ? kernel_for<64, 2>(s.a_registers, s.a_mn, s.b_mn)
                                                  : kernel_for<64, 1>(s.a_registers, s.a_mn, s.b_mn))
                   : s.atoms == 2 ? kernel_for<128, 2>(s.a_registers, s.a_mn, s.b_mn)
                                  : kernel_for<128, 1>(s.a_registers, s.a_mn, s.b_mn);
  const std::uint32_t smem = s.image_bytes + 1024;  // room to align the base to the swizzle's repeat
  const cudaError_t e =
      cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem));
  if (e != cudaSuccess) return e;
  k<<<1, static_cast<unsigned>(128 * s.warpgroups), smem, stream>>>(
      static_cast<const uint4*>(image), s.image_bytes / 16, descriptors, a_values, a_table, s.calls, out);
  return cudaGetLastError();
}

}  // namespace fragviz::cuda
