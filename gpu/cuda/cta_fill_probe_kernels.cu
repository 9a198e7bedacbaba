// The CTA fill probe's kernel (cta_fill_probe_kernels.hpp). The addresses are the host's plan,
// checked before launch, so no thread computes an address itself.
#include <cuda_runtime.h>

#include <cstdint>

#include "cta_fill_probe_kernels.hpp"
#include "ptx.cuh"

namespace fragviz::cuda {
namespace {

// cp.async with CuTe's qualifiers: PTX ISA 8.5, "Data Movement and Conversion Instructions:
// cp.async" (sm_80). SM80_CP_ASYNC_CACHEGLOBAL<uint128_t> issues
// cp.async.cg.shared.global.L2::128B [dst], [src], 16 (cute/arch/copy_sm80.hpp), CACHEALWAYS the
// same with .ca; .L2::128B only hints the L2 prefetch size. Both addresses 16-byte aligned, else a
// misaligned-address fault. Kept here, beside their only user (ptx.cuh's cp_async_16 is the
// gate's form without the hint).
template <bool CacheGlobal>
__device__ __forceinline__ void cp_async_16_l2_128(std::uint32_t dst, const void* src) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  if constexpr (CacheGlobal)
    asm volatile("cp.async.cg.shared.global.L2::128B [%0], [%1], 16;\n" ::"r"(dst), "l"(src) : "memory");
  else
    asm volatile("cp.async.ca.shared.global.L2::128B [%0], [%1], 16;\n" ::"r"(dst), "l"(src) : "memory");
#else
  (void)dst, (void)src;
#endif
}

template <bool CacheGlobal>
__global__ void cta_fill_probe_kernel(const unsigned char* global, std::uint32_t chunks,
                                      const std::uint32_t* sources, const std::uint32_t* destinations,
                                      int instructions, int copies, uint4* out) {
  extern __shared__ __align__(16) uint4 cta_fill_smem[];
  // 0xFF everywhere first: a byte no cp.async writes reads back as pad, never as uninitialised.
  for (std::uint32_t c = threadIdx.x; c < chunks; c += blockDim.x)
    cta_fill_smem[c] = make_uint4(0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu);
  __syncthreads();
  const std::uint32_t base = ptx::smem_address(cta_fill_smem);
  const std::size_t first = static_cast<std::size_t>(threadIdx.x) * instructions;
  // copies 0: Nsight Compute's baseline (tiled --ncu), the same set-up and read-back, no cp.async.
  for (int i = 0; copies && i < instructions; ++i)
    cp_async_16_l2_128<CacheGlobal>(base + destinations[first + i], global + sources[first + i]);
  ptx::cp_async_commit();
  ptx::cp_async_wait<0>();  // this thread's copies have landed
  __syncthreads();          // and every other thread's are visible
  for (std::uint32_t c = threadIdx.x; c < chunks; c += blockDim.x) out[c] = cta_fill_smem[c];
}

using Kernel = void (*)(const unsigned char*, std::uint32_t, const std::uint32_t*, const std::uint32_t*, int,
                        int, uint4*);

Kernel kernel_for(const CtaFillProbeShape& s) {
  return s.cache_global ? cta_fill_probe_kernel<true> : cta_fill_probe_kernel<false>;
}

}  // namespace

cudaError_t launch_cta_fill_probe(const CtaFillProbeShape& s, const void* global,
                                  const std::uint32_t* sources, const std::uint32_t* destinations, void* out,
                                  cudaStream_t stream) {
  if (s.threads < 1 || s.threads > 1024 || s.instructions < 1 || s.shared_bytes == 0 ||
      s.shared_bytes % 16 != 0)
    return cudaErrorInvalidValue;
  kernel_for(s)<<<1, static_cast<unsigned>(s.threads), s.shared_bytes, stream>>>(
      static_cast<const unsigned char*>(global), s.shared_bytes / 16, sources, destinations, s.instructions,
      s.copies ? 1 : 0, static_cast<uint4*>(out));
  return cudaGetLastError();
}

cudaError_t allow_cta_fill_probe_smem(const CtaFillProbeShape& s, std::uint32_t bytes) {
  return cudaFuncSetAttribute(kernel_for(s), cudaFuncAttributeMaxDynamicSharedMemorySize,
                              static_cast<int>(bytes));
}

}  // namespace fragviz::cuda
