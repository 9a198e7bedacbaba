// The block-scale probe kernels (block_scale_kernels.hpp): which scale byte each row of A and
// column of B of a block-scaled mma.sync uses, in each k-block. PTX ISA 9.2, "Multiply-and-Accumulate
// Instruction: mma" (.kind::mxf8f6f4, mxf4, mxf4nvf4 .block_scale) and 9.7.14.3 "Block Scaling for
// mma.sync". Built for sm_120a only: the file #errors for any other device target, so
// tests/compile_sm120a.cmake cannot pass by compiling the instructions away.
#include <cuda_runtime.h>

#include "block_scale_kernels.hpp"
#include "fragviz/probe/block_scale_probe.hpp"

#if defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FEAT_SM120_ALL)
#error "block_scale_kernels.cu is sm_120a code: compile it with -gencode=arch=compute_120a,code=sm_120a"
#endif

namespace fragviz::cuda {
namespace {

// The four mnemonics, spelled once for the asm (a string literal) and checked against the model's.
#define FRAGVIZ_BS_MXF8F6F4_1X \
  "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e4m3.f32.ue8m0"
#define FRAGVIZ_BS_MXF4_2X \
  "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0"
#define FRAGVIZ_BS_NVF4_2X \
  "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0"
#define FRAGVIZ_BS_NVF4_4X \
  "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3"

constexpr bool same_string(const char* a, const char* b) {
  while (*a != '\0' && *a == *b) ++a, ++b;
  return *a == *b;
}
static_assert(kBlockScaleProbeFormCount == 4, "one asm below per probed form");
static_assert(same_string(FRAGVIZ_BS_MXF8F6F4_1X, kBlockScaleProbeForms[0].mnemonic) &&
                  same_string(FRAGVIZ_BS_MXF4_2X, kBlockScaleProbeForms[1].mnemonic) &&
                  same_string(FRAGVIZ_BS_NVF4_2X, kBlockScaleProbeForms[2].mnemonic) &&
                  same_string(FRAGVIZ_BS_NVF4_4X, kBlockScaleProbeForms[3].mnemonic),
              "the asm mnemonics are kBlockScaleProbeForms'");

// The operands after the mnemonic: D, A, B, C, then scale-a-data {byte-id-a, thread-id-a},
// scale-b-data {byte-id-b, thread-id-b} (the same selector for both).
#define FRAGVIZ_BLOCK_SCALE_OPERANDS \
  " {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %10, %10, %10}, %11, {%13, %14}, %12, {%13, %14};\n"

/// One mma of form Form with selector pair Selector: immediates, so one kernel per pair.
template <int Form, int Selector>
__device__ __forceinline__ void block_scale_mma(float (&d)[4], const std::uint32_t (&a)[4],
                                                const std::uint32_t (&b)[2], std::uint32_t sfa,
                                                std::uint32_t sfb) {
  constexpr int kByte = kBlockScaleProbeForms[Form].selectors[Selector].byte_id;
  constexpr int kThread = kBlockScaleProbeForms[Form].selectors[Selector].thread_id;
#define FRAGVIZ_BLOCK_SCALE_ASM(MNEMONIC)                                                               \
  asm volatile(MNEMONIC FRAGVIZ_BLOCK_SCALE_OPERANDS                                                    \
               : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])                                         \
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "f"(0.0f), "r"(sfa), \
                 "r"(sfb), "n"(kByte), "n"(kThread))
  if constexpr (Form == 0)
    FRAGVIZ_BLOCK_SCALE_ASM(FRAGVIZ_BS_MXF8F6F4_1X);
  else if constexpr (Form == 1)
    FRAGVIZ_BLOCK_SCALE_ASM(FRAGVIZ_BS_MXF4_2X);
  else if constexpr (Form == 2)
    FRAGVIZ_BLOCK_SCALE_ASM(FRAGVIZ_BS_NVF4_2X);
  else
    FRAGVIZ_BLOCK_SCALE_ASM(FRAGVIZ_BS_NVF4_4X);
#undef FRAGVIZ_BLOCK_SCALE_ASM
}

template <int Form, int Selector>
__global__ void block_scale_probe_kernel(const BlockScaleJob* jobs, int count, std::uint32_t* out) {
  const int lane = static_cast<int>(threadIdx.x);
  for (int j = 0; j < count; ++j) {  // uniform across the warp, as mma.sync.aligned requires
    const BlockScaleJob& job = jobs[j];
    const std::uint32_t a[4] = {job.a[0][lane], job.a[1][lane], job.a[2][lane], job.a[3][lane]};
    const std::uint32_t b[2] = {job.b[0][lane], job.b[1][lane]};
    float d[4];
    block_scale_mma<Form, Selector>(d, a, b, job.sfa[lane], job.sfb[lane]);
    for (int i = 0; i < 4; ++i) out[(j * 32 + lane) * 4 + i] = __float_as_uint(d[i]);
  }
}

using Kernel = void (*)(const BlockScaleJob*, int, std::uint32_t*);

/// [form][selector]
constexpr Kernel kKernels[4][2] = {
    {block_scale_probe_kernel<0, 0>, block_scale_probe_kernel<0, 1>},
    {block_scale_probe_kernel<1, 0>, block_scale_probe_kernel<1, 1>},
    {block_scale_probe_kernel<2, 0>, block_scale_probe_kernel<2, 1>},
    {block_scale_probe_kernel<3, 0>, block_scale_probe_kernel<3, 1>},
};

}  // namespace

cudaError_t launch_block_scale_probe(int form, int selector, const BlockScaleJob* jobs, int count,
                                     std::uint32_t* out, cudaStream_t stream) {
  if (form < 0 || form >= kBlockScaleProbeFormCount || selector < 0 || selector > 1 || count < 0)
    return cudaErrorInvalidValue;
  kKernels[form][selector]<<<1, 32, 0, stream>>>(jobs, count, out);
  return cudaGetLastError();
}

}  // namespace fragviz::cuda
