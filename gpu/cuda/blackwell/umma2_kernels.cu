// The CTA-pair accumulator probe kernel (umma2_kernels.hpp): where tcgen05.mma.cta_group::2 leaves
// D in the tensor memory of a CTA pair. PTX ISA 9.1, 9.7.16.7 (alloc with .cta_group::2: "one warp
// from each of the peer CTAs must collectively perform the allocation"), 9.7.16.10 (tcgen05.mma),
// 9.7.16.12 (tcgen05.commit .multicast::cluster), 9.7.13.15 (mbarrier), barrier.cluster. Every
// tcgen05 instruction of the kernel says .cta_group::2, as the text requires. Built for sm_100a only
// (see b8_move_kernels.cu).
#include <cuda_runtime.h>

#include "umma2_kernels.hpp"

#if defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FEAT_SM100_ALL)
#error "umma2_kernels.cu is sm_100a code: compile it with -gencode=arch=compute_100a,code=sm_100a"
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
  for (int i = thread; i < kUmmaProbeImage; i += 128) smem[i] = job->image[rank][i];
  // Generic-proxy writes, read by the tensor core through the async proxy (the even CTA's MMA reads
  // both CTAs' shared memory).
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
  if (warp == 0) {
    asm volatile(
        "tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32 [%0], %1;\n" ::"r"(smem_address(&base)),
        "r"(kColumns));
    asm volatile("tcgen05.relinquish_alloc_permit.cta_group::2.sync.aligned;\n" ::);
  }
  if (thread == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;\n" ::"r"(smem_address(&mbar)));
    // The commit arrives from the even CTA: the init must be visible cluster-wide first.
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
  }
  sync_threads_tmem();
  const std::uint32_t lanes = base + (static_cast<std::uint32_t>(32 * warp) << 16);
  for (int c = 0; c < kColumns; c += 8)
    asm volatile("tcgen05.st.sync.aligned.32x32b.x8.b32 [%0], {%1, %1, %1, %1, %1, %1, %1, %1};\n" ::"r"(
                     lanes + static_cast<std::uint32_t>(c)),
                 "r"(kSentinel));
  asm volatile("tcgen05.wait::st.sync.aligned;\n" ::: "memory");
  // Both images, both sentinels and both barriers are in place before the MMA.
  sync_cluster_tmem();
  if (rank == 0 && thread == 0) {
    const std::uint64_t start = smem_address(smem) >> 4;  // descriptor start field, bits 0-13
    const std::uint64_t a = job->a_descriptor + start;
    const std::uint64_t b = job->b_descriptor + start + (job->b_offset >> 4);
    asm volatile(
        "{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %4, 0;\n\t"
        "tcgen05.mma.cta_group::2.kind::f16 [%0], %1, %2, %3, p;\n\t}\n" ::"r"(base),
        "l"(a), "l"(b), "r"(job->instr_descriptor), "r"(0));
    // One arrive on the barrier at the same offset in each CTA of the mask (ranks 0 and 1).
    asm volatile(
        "tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 [%0], "
        "%1;\n" ::"r"(smem_address(&mbar)),
        "h"(static_cast<unsigned short>(0x3))
        : "memory");
  }
  std::uint32_t done = 0;
  while (!done)
    asm volatile(
        "{\n\t.reg .pred q;\n\tmbarrier.try_wait.parity.shared::cta.b64 q, [%1], 0;\n\tselp.u32 %0, 1, 0, "
        "q;\n\t}\n"
        : "=r"(done)
        : "r"(smem_address(&mbar))
        : "memory");
  asm volatile("tcgen05.fence::after_thread_sync;\n" ::: "memory");
  std::uint32_t* mine = out + static_cast<std::size_t>(rank) * 128 * kColumns;
  for (int c = 0; c < kColumns; c += 8) {
    std::uint32_t v[8];
    asm volatile("tcgen05.ld.sync.aligned.32x32b.x8.b32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8];\n"
                 : "=r"(v[0]), "=r"(v[1]), "=r"(v[2]), "=r"(v[3]), "=r"(v[4]), "=r"(v[5]), "=r"(v[6]),
                   "=r"(v[7])
                 : "r"(lanes + static_cast<std::uint32_t>(c)));
    asm volatile("tcgen05.wait::ld.sync.aligned;\n" ::: "memory");
    for (int k = 0; k < 8; ++k) mine[thread * kColumns + c + k] = v[k];
  }
  // Neither CTA frees the pair's columns (or exits) while the other still reads.
  sync_cluster_tmem();
  if (warp == 0)
    asm volatile("tcgen05.dealloc.cta_group::2.sync.aligned.b32 %0, %1;\n" ::"r"(base), "r"(kColumns));
}

}  // namespace

cudaError_t launch_umma2_probe(const Umma2Job* job, std::uint32_t* out, cudaStream_t stream) {
  umma2_probe_kernel<<<2, 128, 0, stream>>>(job, out);
  return cudaGetLastError();
}

}  // namespace fragviz::cuda
