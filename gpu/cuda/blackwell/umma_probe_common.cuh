// What the accumulator probe kernels (umma_kernels.cu, cta_group::1; umma2_kernels.cu, cta_group::2)
// do alike, around the instructions whose .cta_group each spells itself: the image into shared
// memory, the sentinel into this warp's tensor-memory lanes, the descriptors with the shared base
// added, the wait for the MMA's commit and the read back. PTX ISA 9.1, 9.7.16.6 (fences), 9.7.16.8
// (tcgen05.ld, tcgen05.st), 9.7.16.10 (tcgen05.mma), 9.7.13.15 (mbarrier). sm_100a code only.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "umma_kernels.hpp"  // kUmmaProbeImage

namespace fragviz::cuda::umma_probe {

/// Tensor-memory columns allocated and read back (N).
constexpr int kColumns = 64;
/// What every cell holds before the MMA: a cell the MMA does not write keeps it.
constexpr std::uint32_t kSentinel = 0xFFFFFFFFu;

__device__ inline std::uint32_t smem_address(const void* p) {
  return static_cast<std::uint32_t>(__cvta_generic_to_shared(p));
}

/// This CTA's threads: earlier tcgen05 work and shared writes are seen by every thread after it.
__device__ inline void sync_threads_tmem() {
  asm volatile("tcgen05.fence::before_thread_sync;\n" ::: "memory");
  __syncthreads();
  asm volatile("tcgen05.fence::after_thread_sync;\n" ::: "memory");
}

/// Copies `image` (kUmmaProbeImage bytes) to `smem`, 128 threads striding, for the tensor core.
__device__ inline void load_image(std::uint8_t* smem, const std::uint8_t* image, int thread) {
  for (int i = thread; i < kUmmaProbeImage; i += 128) smem[i] = image[i];
  // Generic-proxy writes, read by the tensor core through the async proxy.
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
}

/// The sentinel in every cell of this warp's 32 lanes (`lanes`: their tensor-memory address), 8
/// columns at a time, stored before it returns.
__device__ inline void fill_sentinel(std::uint32_t lanes) {
  for (int c = 0; c < kColumns; c += 8)
    asm volatile("tcgen05.st.sync.aligned.32x32b.x8.b32 [%0], {%1, %1, %1, %1, %1, %1, %1, %1};\n" ::"r"(
                     lanes + static_cast<std::uint32_t>(c)),
                 "r"(kSentinel));
  asm volatile("tcgen05.wait::st.sync.aligned;\n" ::: "memory");
}

/// A and B's descriptors for the image at `smem`: the job's, start field 0, plus the shared base
/// (bits 0-13, in 16-byte units) and B's offset.
struct Descriptors {
  std::uint64_t a, b;
};
template <class Job>
__device__ Descriptors descriptors(const Job& job, const std::uint8_t* smem) {
  const std::uint64_t start = smem_address(smem) >> 4;  // descriptor start field, bits 0-13
  return {job.a_descriptor + start, job.b_descriptor + start + (job.b_offset >> 4)};
}

/// Every thread waits for phase 0 of `mbar` (the MMA's commit), then orders its tcgen05 loads after.
__device__ inline void wait_for_mma(std::uint64_t* mbar) {
  std::uint32_t done = 0;
  while (!done)
    asm volatile(
        "{\n\t.reg .pred q;\n\tmbarrier.try_wait.parity.shared::cta.b64 q, [%1], 0;\n\tselp.u32 %0, 1, 0, "
        "q;\n\t}\n"
        : "=r"(done)
        : "r"(smem_address(mbar))
        : "memory");
  asm volatile("tcgen05.fence::after_thread_sync;\n" ::: "memory");
}

/// This thread's lane of `lanes`, all kColumns columns, into out[thread * kColumns + column].
__device__ inline void read_back(std::uint32_t lanes, int thread, std::uint32_t* out) {
  for (int c = 0; c < kColumns; c += 8) {
    std::uint32_t v[8];
    asm volatile("tcgen05.ld.sync.aligned.32x32b.x8.b32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8];\n"
                 : "=r"(v[0]), "=r"(v[1]), "=r"(v[2]), "=r"(v[3]), "=r"(v[4]), "=r"(v[5]), "=r"(v[6]),
                   "=r"(v[7])
                 : "r"(lanes + static_cast<std::uint32_t>(c)));
    asm volatile("tcgen05.wait::ld.sync.aligned;\n" ::: "memory");
    for (int k = 0; k < 8; ++k) out[thread * kColumns + c + k] = v[k];
  }
}

}  // namespace fragviz::cuda::umma_probe
