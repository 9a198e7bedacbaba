// The CTA copy probe's kernels (cta_copy_probe_kernels.hpp). The instructions are ptx.cuh's; the
// addresses are the host's plan, checked before launch, so no thread computes an address itself.
#include <cuda_runtime.h>

#include <cstdint>

#include "cta_copy_probe_kernels.hpp"
#include "ptx.cuh"

namespace fragviz::cuda {
namespace {

// Plain shared stores: PTX ISA 8.5, "Data Movement and Conversion Instructions: st".
// st.shared.b32 / .v2.b32 / .v4.b32 (SASS STS.32 / STS.64 / STS.128): register i to the four bytes at
// addr + 4i; addr naturally aligned to the access size (4, 8, 16 bytes), else a misaligned-address
// fault. Kept here, beside their only user, rather than in ptx.cuh.
__device__ __forceinline__ void st_shared_b32(std::uint32_t addr, const std::uint32_t (&r)[1]) {
  asm volatile("st.shared.b32 [%0], %1;\n" ::"r"(addr), "r"(r[0]) : "memory");
}
__device__ __forceinline__ void st_shared_v2_b32(std::uint32_t addr, const std::uint32_t (&r)[2]) {
  asm volatile("st.shared.v2.b32 [%0], {%1, %2};\n" ::"r"(addr), "r"(r[0]), "r"(r[1]) : "memory");
}
__device__ __forceinline__ void st_shared_v4_b32(std::uint32_t addr, const std::uint32_t (&r)[4]) {
  asm volatile("st.shared.v4.b32 [%0], {%1, %2, %3, %4};\n" ::"r"(addr), "r"(r[0]), "r"(r[1]), "r"(r[2]),
               "r"(r[3])
               : "memory");
}

/// One load: ldmatrix with .num = Regs and `Trans` (Ldm), or ld.shared of Regs words.
template <bool Ldm, int Regs, bool Trans>
__device__ __forceinline__ void load(std::uint32_t (&r)[Regs], std::uint32_t addr) {
  if constexpr (Ldm) {
    ptx::ldmatrix<Regs, Trans>(r, addr);
  } else if constexpr (Regs == 1) {
    ptx::ld_shared_b32(r, addr);
  } else if constexpr (Regs == 2) {
    ptx::ld_shared_v2_b32(r, addr);
  } else {
    ptx::ld_shared_v4_b32(r, addr);
  }
}

// `copies` 0 is Nsight Compute's baseline (tiled --ncu): the same set-up (the image in) and no copy
// instruction, so the counters' difference between the two runs is the copies' own.
template <bool Ldm, int Regs, bool Trans>
__global__ void cta_copy_probe_kernel(const uint4* image, std::uint32_t chunks,
                                      const std::uint32_t* addresses, int instructions, int copies,
                                      std::uint32_t* out) {
  extern __shared__ __align__(16) uint4 cta_copy_smem[];
  for (std::uint32_t c = threadIdx.x; c < chunks; c += blockDim.x) cta_copy_smem[c] = image[c];
  __syncthreads();
  if (!copies) return;
  const std::uint32_t base = ptx::smem_address(cta_copy_smem);
  const std::uint32_t* mine = addresses + static_cast<std::size_t>(threadIdx.x) * instructions;
  std::uint32_t* dst = out + static_cast<std::size_t>(threadIdx.x) * instructions * Regs;
  for (int i = 0; i < instructions; ++i) {
    std::uint32_t r[Regs];
    load<Ldm, Regs, Trans>(r, base + mine[i]);
#pragma unroll
    for (int j = 0; j < Regs; ++j) dst[i * Regs + j] = r[j];
  }
}

/// One store: stmatrix with .num = Regs and `Trans` (Stm), or st.shared of Regs words.
template <bool Stm, int Regs, bool Trans>
__device__ __forceinline__ void store(std::uint32_t addr, const std::uint32_t (&r)[Regs]) {
  if constexpr (Stm) {
    std::uint32_t x[4] = {};  // ptx::stmatrix takes four; .x1/.x2 read the first 1/2
#pragma unroll
    for (int j = 0; j < Regs; ++j) x[j] = r[j];
    ptx::stmatrix<Regs, Trans>(addr, x);
  } else if constexpr (Regs == 1) {
    st_shared_b32(addr, r);
  } else if constexpr (Regs == 2) {
    st_shared_v2_b32(addr, r);
  } else {
    st_shared_v4_b32(addr, r);
  }
}

template <bool Stm, int Regs, bool Trans>
__global__ void cta_store_probe_kernel(const uint4* image, std::uint32_t chunks,
                                       const std::uint32_t* addresses, const std::uint32_t* sources,
                                       int instructions, int copies, uint4* out) {
  extern __shared__ __align__(16) uint4 cta_copy_smem[];
  for (std::uint32_t c = threadIdx.x; c < chunks; c += blockDim.x) cta_copy_smem[c] = image[c];
  __syncthreads();
  const std::uint32_t base = ptx::smem_address(cta_copy_smem);
  const std::uint32_t* mine = addresses + static_cast<std::size_t>(threadIdx.x) * instructions;
  const std::uint32_t* src = sources + static_cast<std::size_t>(threadIdx.x) * instructions * Regs;
  for (int i = 0; copies && i < instructions; ++i) {  // copies 0: the baseline, set-up and read-back only
    std::uint32_t r[Regs];
#pragma unroll
    for (int j = 0; j < Regs; ++j) r[j] = src[i * Regs + j];
    store<Stm, Regs, Trans>(base + mine[i], r);
  }
  __syncthreads();
  for (std::uint32_t c = threadIdx.x; c < chunks; c += blockDim.x) out[c] = cta_copy_smem[c];
}

using Kernel = void (*)(const uint4*, std::uint32_t, const std::uint32_t*, int, int, std::uint32_t*);
using StoreKernel = void (*)(const uint4*, std::uint32_t, const std::uint32_t*, const std::uint32_t*, int,
                             int, uint4*);

/// The store instance `s` names, or nullptr.
StoreKernel store_kernel_for(const CtaCopyProbeShape& s) {
  if (!s.ldmatrix) {
    if (s.trans) return nullptr;
    return s.registers == 1   ? cta_store_probe_kernel<false, 1, false>
           : s.registers == 2 ? cta_store_probe_kernel<false, 2, false>
           : s.registers == 4 ? cta_store_probe_kernel<false, 4, false>
                              : nullptr;
  }
  if (s.registers == 1)
    return s.trans ? cta_store_probe_kernel<true, 1, true> : cta_store_probe_kernel<true, 1, false>;
  if (s.registers == 2)
    return s.trans ? cta_store_probe_kernel<true, 2, true> : cta_store_probe_kernel<true, 2, false>;
  if (s.registers == 4)
    return s.trans ? cta_store_probe_kernel<true, 4, true> : cta_store_probe_kernel<true, 4, false>;
  return nullptr;
}

/// The instance `s` names, or nullptr.
Kernel kernel_for(const CtaCopyProbeShape& s) {
  if (!s.ldmatrix) {
    if (s.trans) return nullptr;
    return s.registers == 1   ? cta_copy_probe_kernel<false, 1, false>
           : s.registers == 2 ? cta_copy_probe_kernel<false, 2, false>
           : s.registers == 4 ? cta_copy_probe_kernel<false, 4, false>
                              : nullptr;
  }
  if (s.registers == 1)
    return s.trans ? cta_copy_probe_kernel<true, 1, true> : cta_copy_probe_kernel<true, 1, false>;
  if (s.registers == 2)
    return s.trans ? cta_copy_probe_kernel<true, 2, true> : cta_copy_probe_kernel<true, 2, false>;
  if (s.registers == 4)
    return s.trans ? cta_copy_probe_kernel<true, 4, true> : cta_copy_probe_kernel<true, 4, false>;
  return nullptr;
}

}  // namespace

cudaError_t launch_cta_copy_probe(const CtaCopyProbeShape& s, const void* image,
                                  const std::uint32_t* addresses, std::uint32_t* out, cudaStream_t stream) {
  const Kernel k = s.store ? nullptr : kernel_for(s);
  if (!k || s.threads < 1 || s.threads > 1024 || s.instructions < 1 || s.image_bytes % 16 != 0)
    return cudaErrorInvalidValue;
  k<<<1, static_cast<unsigned>(s.threads), s.image_bytes, stream>>>(
      static_cast<const uint4*>(image), s.image_bytes / 16, addresses, s.instructions, s.copies ? 1 : 0, out);
  return cudaGetLastError();
}

cudaError_t launch_cta_store_probe(const CtaCopyProbeShape& s, const void* image,
                                   const std::uint32_t* addresses, const std::uint32_t* sources, void* out,
                                   cudaStream_t stream) {
  const StoreKernel k = s.store ? store_kernel_for(s) : nullptr;
  if (!k || s.threads < 1 || s.threads > 1024 || s.instructions < 1 || s.image_bytes % 16 != 0)
    return cudaErrorInvalidValue;
  k<<<1, static_cast<unsigned>(s.threads), s.image_bytes, stream>>>(
      static_cast<const uint4*>(image), s.image_bytes / 16, addresses, sources, s.instructions,
      s.copies ? 1 : 0, static_cast<uint4*>(out));
  return cudaGetLastError();
}

cudaError_t allow_cta_copy_probe_smem(const CtaCopyProbeShape& s, std::uint32_t bytes) {
  const int limit = static_cast<int>(bytes);
  if (s.store) {
    const StoreKernel k = store_kernel_for(s);
    return k ? cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, limit)
             : cudaErrorInvalidValue;
  }
  const Kernel k = kernel_for(s);
  if (!k) return cudaErrorInvalidValue;
  return cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, limit);
}

}  // namespace fragviz::cuda
