// The block-scale probe kernel (block_scale_kernels.hpp): which scale byte each row of A and column
// of B of a block-scaled mma.sync uses. PTX ISA 9.2, "Multiply-and-Accumulate Instruction: mma"
// (.kind::mxf8f6f4 .block_scale) and 9.7.14.3 "Block Scaling for mma.sync". Built for sm_120a only:
// the file #errors for any other device target, so tests/compile_sm120a.cmake cannot pass by
// compiling the instruction away.
#include <cuda_runtime.h>

#include "block_scale_kernels.hpp"

#if defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FEAT_SM120_ALL)
#error "block_scale_kernels.cu is sm_120a code: compile it with -gencode=arch=compute_120a,code=sm_120a"
#endif

namespace fragviz::cuda {
namespace {

constexpr std::uint32_t kOnes = 0x38383838u;  // four e4m3 1.0

/// The selectors are immediates: one kernel per {byte-id, thread-id}, the same for A and B.
template <int ByteId, int ThreadId>
__global__ void block_scale_probe_kernel(const BlockScaleJob* job, std::uint32_t* out) {
  const int lane = static_cast<int>(threadIdx.x);
  float d[4];
  asm volatile(
      "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e4m3.f32.ue8m0 "
      "{%0, %1, %2, %3}, {%4, %4, %4, %4}, {%4, %4}, {%5, %5, %5, %5}, %6, {%8, %9}, %7, {%8, %9};\n"
      : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
      : "r"(kOnes), "f"(0.0f), "r"(job->sfa[lane]), "r"(job->sfb[lane]), "n"(ByteId), "n"(ThreadId));
  for (int i = 0; i < 4; ++i) out[lane * 4 + i] = __float_as_uint(d[i]);
}

}  // namespace

cudaError_t launch_block_scale_probe(int selector, const BlockScaleJob* job, std::uint32_t* out,
                                     cudaStream_t stream) {
  // kBlockScaleProbeSelectors (fragviz/probe/block_scale_probe.hpp): {0, 0}, {3, 1}.
  if (selector == 0)
    block_scale_probe_kernel<0, 0><<<1, 32, 0, stream>>>(job, out);
  else if (selector == 1)
    block_scale_probe_kernel<3, 1><<<1, 32, 0, stream>>>(job, out);
  else
    return cudaErrorInvalidValue;
  return cudaGetLastError();
}

}  // namespace fragviz::cuda
