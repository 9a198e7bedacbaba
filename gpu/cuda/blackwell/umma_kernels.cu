// The accumulator probe kernel (umma_kernels.hpp): where tcgen05.mma leaves D in tensor memory.
// PTX ISA 9.1, 9.7.16.10 (tcgen05.mma), 9.7.16.11 (tcgen05.commit), 9.7.16.6 (fences), 9.7.13.15
// (mbarrier). Built for sm_100a only (see b8_move_kernels.cu).
#include <cuda_runtime.h>

#include "umma_kernels.hpp"

#if defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FEAT_SM100_ALL)
#error "umma_kernels.cu is sm_100a code: compile it with -gencode=arch=compute_100a,code=sm_100a"
#endif

namespace fragviz::cuda {
namespace {

constexpr int kColumns = 64;
constexpr std::uint32_t kSentinel = 0xFFFFFFFFu;

__device__ std::uint32_t smem_address(const void* p) {
  return static_cast<std::uint32_t>(__cvta_generic_to_shared(p));
}

__device__ void sync_threads_tmem() {
  asm volatile("tcgen05.fence::before_thread_sync;\n" ::: "memory");
  __syncthreads();
  asm volatile("tcgen05.fence::after_thread_sync;\n" ::: "memory");
}

__global__ void umma_probe_kernel(const UmmaJob* job, std::uint32_t* out) {
  __shared__ __align__(1024) std::uint8_t smem[kUmmaProbeImage];
  __shared__ __align__(8) std::uint64_t mbar;
  __shared__ std::uint32_t base;
  const int thread = static_cast<int>(threadIdx.x);
  const int warp = thread / 32;
  for (int i = thread; i < kUmmaProbeImage; i += 128) smem[i] = job->image[i];
  // Generic-proxy writes, read by the tensor core through the async proxy.
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
  if (warp == 0) {
    asm volatile(
        "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%0], %1;\n" ::"r"(smem_address(&base)),
        "r"(kColumns));
    asm volatile("tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;\n" ::);
  }
  if (thread == 0) asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;\n" ::"r"(smem_address(&mbar)));
  sync_threads_tmem();
  const std::uint32_t lanes = base + (static_cast<std::uint32_t>(32 * warp) << 16);
  // The sentinel in every cell of this warp's 32 lanes, 8 columns at a time.
  for (int c = 0; c < kColumns; c += 8)
    asm volatile("tcgen05.st.sync.aligned.32x32b.x8.b32 [%0], {%1, %1, %1, %1, %1, %1, %1, %1};\n" ::"r"(
                     lanes + static_cast<std::uint32_t>(c)),
                 "r"(kSentinel));
  asm volatile("tcgen05.wait::st.sync.aligned;\n" ::: "memory");
  sync_threads_tmem();
  if (thread == 0) {
    const std::uint64_t start = smem_address(smem) >> 4;  // descriptor start field, bits 0-13
    const std::uint64_t a = job->a_descriptor + start;
    const std::uint64_t b = job->b_descriptor + start + (job->b_offset >> 4);
    asm volatile(
        "{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %4, 0;\n\t"
        "tcgen05.mma.cta_group::1.kind::f16 [%0], %1, %2, %3, p;\n\t}\n" ::"r"(base),
        "l"(a), "l"(b), "r"(job->instr_descriptor), "r"(0));
    asm volatile("tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%0];\n" ::"r"(
                     smem_address(&mbar))
                 : "memory");
  }
  // Every thread waits for the MMA (phase 0 of the barrier).
  std::uint32_t done = 0;
  while (!done)
    asm volatile(
        "{\n\t.reg .pred q;\n\tmbarrier.try_wait.parity.shared::cta.b64 q, [%1], 0;\n\tselp.u32 %0, 1, 0, "
        "q;\n\t}\n"
        : "=r"(done)
        : "r"(smem_address(&mbar))
        : "memory");
  asm volatile("tcgen05.fence::after_thread_sync;\n" ::: "memory");
  for (int c = 0; c < kColumns; c += 8) {
    std::uint32_t v[8];
    asm volatile("tcgen05.ld.sync.aligned.32x32b.x8.b32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8];\n"
                 : "=r"(v[0]), "=r"(v[1]), "=r"(v[2]), "=r"(v[3]), "=r"(v[4]), "=r"(v[5]), "=r"(v[6]),
                   "=r"(v[7])
                 : "r"(lanes + static_cast<std::uint32_t>(c)));
    asm volatile("tcgen05.wait::ld.sync.aligned;\n" ::: "memory");
    for (int k = 0; k < 8; ++k) out[thread * kColumns + c + k] = v[k];
  }
  sync_threads_tmem();
  if (warp == 0)
    asm volatile("tcgen05.dealloc.cta_group::1.sync.aligned.b32 %0, %1;\n" ::"r"(base), "r"(kColumns));
}

}  // namespace

cudaError_t launch_umma_probe(const UmmaJob* job, std::uint32_t* out, cudaStream_t stream) {
  umma_probe_kernel<<<1, 128, 0, stream>>>(job, out);
  return cudaGetLastError();
}

}  // namespace fragviz::cuda
