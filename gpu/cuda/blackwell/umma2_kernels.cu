// The CTA-pair accumulator probe kernel (umma2_kernels.hpp): where tcgen05.mma.cta_group::2 leaves
// D in the tensor memory of a CTA pair. PTX ISA 9.1, 9.7.16.7 (alloc with .cta_group::2: "one warp
// from each of the peer CTAs must collectively perform the allocation"), 9.7.16.10 (tcgen05.mma),
// 9.7.16.12 (tcgen05.commit .multicast::cluster), 9.7.13.15 (mbarrier), barrier.cluster. Every
// tcgen05 instruction of the kernel that takes .cta_group says .cta_group::2, as the text requires;
// what it shares with the one-CTA kernel is in umma_probe_common.cuh. A job with a metadata column
// runs tcgen05.mma.sp (sparse A, Layout C) with its metadata there. Built for sm_100a only (see
// b8_move_kernels.cu).
#include <cuda_runtime.h>

#include "umma2_kernels.hpp"
#include "umma_probe_common.cuh"

#if defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FEAT_SM100_ALL)
#error "umma2_kernels.cu is sm_100a code: compile it with -gencode=arch=compute_100a,code=sm_100a"
#endif

namespace fragviz::cuda {
namespace {

using namespace umma_probe;

/// Both CTAs of the pair: every thread's earlier tcgen05 work and shared-memory writes are seen by
/// the other CTA's after it.
__device__ void sync_cluster_tmem() {
  asm volatile("tcgen05.fence::before_thread_sync;\n" ::: "memory");
  asm volatile("barrier.cluster.arrive.release.aligned;\n" ::: "memory");
  asm volatile("barrier.cluster.wait.acquire.aligned;\n" ::: "memory");
  asm volatile("tcgen05.fence::after_thread_sync;\n" ::: "memory");
}

__global__ void __cluster_dims__(2, 1, 1) umma2_probe_kernel(const Umma2Job* job, std::uint32_t* out) {
  __shared__ __align__(1024) std::uint8_t smem[kUmmaProbeImage];
  __shared__ __align__(8) std::uint64_t mbar;
  __shared__ std::uint32_t base;
  const int thread = static_cast<int>(threadIdx.x);
  const int warp = thread / 32;
  std::uint32_t rank;
  asm volatile("mov.u32 %0, %%cluster_ctarank;\n" : "=r"(rank));
  // Sparse A: D's columns, then the metadata's, in an allocation of twice D's (a power of two).
  const bool sparse = job->meta_column != 0;
  const std::uint32_t columns = sparse ? 2 * kColumns : kColumns;
  // The even CTA's MMA reads both CTAs' shared memory.
  load_image(smem, job->image[rank], thread);
  if (warp == 0) {
    asm volatile(
        "tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32 [%0], %1;\n" ::"r"(smem_address(&base)),
        "r"(columns));
    asm volatile("tcgen05.relinquish_alloc_permit.cta_group::2.sync.aligned;\n" ::);
  }
  if (thread == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;\n" ::"r"(smem_address(&mbar)));
    // The commit arrives from the even CTA: the init must be visible cluster-wide first.
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
  }
  sync_threads_tmem();
  const std::uint32_t lanes = base + (static_cast<std::uint32_t>(32 * warp) << 16);
  fill_sentinel(lanes);
  if (sparse) {
    const std::uint32_t m = job->meta_word;
    asm volatile(
        "tcgen05.st.sync.aligned.32x32b.x32.b32 [%0], {%1, %1, %1, %1, %1, %1, %1, %1, %1, %1, %1, %1, %1, "
        "%1, "
        "%1, %1, %1, %1, %1, %1, %1, %1, %1, %1, %1, %1, %1, %1, %1, %1, %1, %1};\n" ::"r"(lanes +
                                                                                           job->meta_column),
        "r"(m));
    asm volatile("tcgen05.wait::st.sync.aligned;\n" ::: "memory");
  }
  // Both images, both sentinels and both barriers are in place before the MMA.
  sync_cluster_tmem();
  if (rank == 0 && thread == 0) {
    const Descriptors d = descriptors(*job, smem);
    if (sparse)
      asm volatile(
          "{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %5, 0;\n\t"
          "tcgen05.mma.sp.cta_group::2.kind::f16 [%0], %1, %2, [%3], %4, p;\n\t}\n" ::"r"(base),
          "l"(d.a), "l"(d.b), "r"(base + job->meta_column), "r"(job->instr_descriptor), "r"(0));
    else
      asm volatile(
          "{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %4, 0;\n\t"
          "tcgen05.mma.cta_group::2.kind::f16 [%0], %1, %2, %3, p;\n\t}\n" ::"r"(base),
          "l"(d.a), "l"(d.b), "r"(job->instr_descriptor), "r"(0));
    // One arrive on the barrier at the same offset in each CTA of the mask (ranks 0 and 1).
    asm volatile(
        "tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 [%0], "
        "%1;\n" ::"r"(smem_address(&mbar)),
        "h"(static_cast<unsigned short>(0x3))
        : "memory");
  }
  wait_for_mma(&mbar);
  read_back(lanes, thread, out + static_cast<std::size_t>(rank) * 128 * kColumns);
  // Neither CTA frees the pair's columns (or exits) while the other still reads.
  sync_cluster_tmem();
  if (warp == 0)
    asm volatile("tcgen05.dealloc.cta_group::2.sync.aligned.b32 %0, %1;\n" ::"r"(base), "r"(columns));
}

}  // namespace

cudaError_t launch_umma2_probe(const Umma2Job* job, std::uint32_t* out, cudaStream_t stream) {
  umma2_probe_kernel<<<2, 128, 0, stream>>>(job, out);
  return cudaGetLastError();
}

}  // namespace fragviz::cuda
