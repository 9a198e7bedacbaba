// The tensor-memory round-trip probe kernel (tmem_kernels.hpp): tcgen05.alloc, a sentinel fill,
// one tcgen05.st of the shape under test, tcgen05.ld.32x32b.x8 of every cell, tcgen05.dealloc.
// PTX ISA 9.1, 9.7.16.7 (alloc/dealloc), 9.7.16.8 (ld/st, "Data Movement Shape"), 9.7.16.6
// (fences). Built for sm_100a only (see b8_move_kernels.cu).
#include <cuda_runtime.h>

#include "tmem_kernels.hpp"

#if defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FEAT_SM100_ALL)
#error "tmem_kernels.cu is sm_100a code: compile it with -gencode=arch=compute_100a,code=sm_100a"
#endif

namespace fragviz::cuda {
namespace {

// The shape numbers of fragviz::TmemShape.
constexpr int k32x32b = 0, k16x64b = 1, k16x128b = 2, k16x256b = 3, k16x32bx2 = 4;
constexpr int kColumns = 32;  // the smallest allocation

__device__ void store(int shape, std::uint32_t taddr, const std::uint32_t (&r)[4]) {
  switch (shape) {
    case k32x32b:
      asm volatile("tcgen05.st.sync.aligned.32x32b.x1.b32 [%0], {%1};\n" ::"r"(taddr), "r"(r[0]));
      break;
    case k16x64b:
      asm volatile("tcgen05.st.sync.aligned.16x64b.x1.b32 [%0], {%1};\n" ::"r"(taddr), "r"(r[0]));
      break;
    case k16x128b:
      asm volatile("tcgen05.st.sync.aligned.16x128b.x1.b32 [%0], {%1, %2};\n" ::"r"(taddr), "r"(r[0]),
                   "r"(r[1]));
      break;
    case k16x256b:
      asm volatile("tcgen05.st.sync.aligned.16x256b.x1.b32 [%0], {%1, %2, %3, %4};\n" ::"r"(taddr), "r"(r[0]),
                   "r"(r[1]), "r"(r[2]), "r"(r[3]));
      break;
    case k16x32bx2:
      asm volatile("tcgen05.st.sync.aligned.16x32bx2.x1.b32 [%0], 1, {%1};\n" ::"r"(taddr), "r"(r[0]));
      break;
    default:
      break;
  }
  asm volatile("tcgen05.wait::st.sync.aligned;\n" ::: "memory");
}

__device__ void fill(std::uint32_t taddr) {
  const std::uint32_t s = kTmemSentinel;
  asm volatile("tcgen05.st.sync.aligned.32x32b.x8.b32 [%0], {%1, %1, %1, %1, %1, %1, %1, %1};\n" ::"r"(taddr),
               "r"(s));
  asm volatile("tcgen05.wait::st.sync.aligned;\n" ::: "memory");
}

__device__ void load(std::uint32_t taddr, std::uint32_t (&v)[kTmemReadColumns]) {
  asm volatile("tcgen05.ld.sync.aligned.32x32b.x8.b32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8];\n"
               : "=r"(v[0]), "=r"(v[1]), "=r"(v[2]), "=r"(v[3]), "=r"(v[4]), "=r"(v[5]), "=r"(v[6]),
                 "=r"(v[7])
               : "r"(taddr));
  asm volatile("tcgen05.wait::ld.sync.aligned;\n" ::: "memory");
}

__device__ void sync_threads_tmem() {
  asm volatile("tcgen05.fence::before_thread_sync;\n" ::: "memory");
  __syncthreads();
  asm volatile("tcgen05.fence::after_thread_sync;\n" ::: "memory");
}

__global__ void tmem_probe_kernel(int shape, const std::uint32_t* labels, std::uint32_t* out) {
  __shared__ std::uint32_t base;
  const int thread = static_cast<int>(threadIdx.x);
  const int warp = thread / 32;
  if (warp == 0) {
    const std::uint32_t dst = static_cast<std::uint32_t>(__cvta_generic_to_shared(&base));
    asm volatile("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%0], %1;\n" ::"r"(dst),
                 "r"(kColumns));
    asm volatile("tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;\n" ::);
  }
  sync_threads_tmem();
  // Warp w reaches lanes 32w to 32w + 31 only: its taddr starts there.
  const std::uint32_t taddr = base + (static_cast<std::uint32_t>(32 * warp) << 16);
  fill(taddr);
  const std::uint32_t r[4] = {labels[4 * thread], labels[4 * thread + 1], labels[4 * thread + 2],
                              labels[4 * thread + 3]};
  store(shape, taddr, r);
  std::uint32_t v[kTmemReadColumns];
  load(taddr, v);
  for (int c = 0; c < kTmemReadColumns; ++c) out[thread * kTmemReadColumns + c] = v[c];
  sync_threads_tmem();
  if (warp == 0)
    asm volatile("tcgen05.dealloc.cta_group::1.sync.aligned.b32 %0, %1;\n" ::"r"(base), "r"(kColumns));
}

}  // namespace

cudaError_t launch_tmem_probe(int shape, const std::uint32_t* labels, std::uint32_t* out,
                              cudaStream_t stream) {
  tmem_probe_kernel<<<1, 128, 0, stream>>>(shape, labels, out);
  return cudaGetLastError();
}

}  // namespace fragviz::cuda
