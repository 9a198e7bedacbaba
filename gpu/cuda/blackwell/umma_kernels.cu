// The accumulator probe kernel (umma_kernels.hpp): where tcgen05.mma leaves D in tensor memory.
// PTX ISA 9.1, 9.7.16.10 (tcgen05.mma), 9.7.16.11 (tcgen05.commit), 9.7.16.6 (fences), 9.7.13.15
// (mbarrier). What it shares with the CTA-pair kernel is in umma_probe_common.cuh. Built for
// sm_100a only (see b8_move_kernels.cu).
#include <cuda_runtime.h>

#include "umma_kernels.hpp"
#include "umma_probe_common.cuh"

#if defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FEAT_SM100_ALL)
#error "umma_kernels.cu is sm_100a code: compile it with -gencode=arch=compute_100a,code=sm_100a"
#endif

namespace fragviz::cuda {
namespace {

using namespace umma_probe;

__global__ void umma_probe_kernel(const UmmaJob* job, std::uint32_t* out) {
  __shared__ __align__(1024) std::uint8_t smem[kUmmaProbeImage];
  __shared__ __align__(8) std::uint64_t mbar;
  __shared__ std::uint32_t base;
  const int thread = static_cast<int>(threadIdx.x);
  const int warp = thread / 32;
  load_image(smem, job->image, thread);
  if (warp == 0) {
    asm volatile(
        "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%0], %1;\n" ::"r"(smem_address(&base)),
        "r"(kColumns));
    asm volatile("tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;\n" ::);
  }
  if (thread == 0) asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;\n" ::"r"(smem_address(&mbar)));
  sync_threads_tmem();
  const std::uint32_t lanes = base + (static_cast<std::uint32_t>(32 * warp) << 16);
  fill_sentinel(lanes);
  sync_threads_tmem();
  if (thread == 0) {
    const Descriptors d = descriptors(*job, smem);
    asm volatile(
        "{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %4, 0;\n\t"
        "tcgen05.mma.cta_group::1.kind::f16 [%0], %1, %2, %3, p;\n\t}\n" ::"r"(base),
        "l"(d.a), "l"(d.b), "r"(job->instr_descriptor), "r"(0));
    asm volatile("tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%0];\n" ::"r"(
                     smem_address(&mbar))
                 : "memory");
  }
  wait_for_mma(&mbar);
  read_back(lanes, thread, out);
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
