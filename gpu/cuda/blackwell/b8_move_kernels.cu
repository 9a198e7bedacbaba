// The Blackwell matrix-move probe kernel: the 8-bit and sub-byte ldmatrix / stmatrix forms of
// sm_100a (PTX ISA 9.0; fragviz/isa/matrix_move_b8.hpp), one warp, bytes in, registers and shared
// memory out. Built by the main build for sm_100a with -DFRAGVIZ_SM100_PROBES=ON and for sm_120a
// with -DFRAGVIZ_SM120_PROBES=ON (the forms are sm_120a's too; one library, an image per target),
// and by the ctests build.cuda_sources_compile_for_sm_100a and _sm_120a always.
#include <cuda_runtime.h>

#include "b8_move_kernels.hpp"

// Compiled for anything else, the instructions would be refused by ptxas: say why first.
#if defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FEAT_SM100_ALL) && !defined(__CUDA_ARCH_FEAT_SM120_ALL)
#error "b8_move_kernels.cu is sm_100a / sm_120a code: compile it with -gencode=arch=compute_100a,code=sm_100a"
#endif

namespace fragviz::cuda {
namespace {

// The form numbers of fragviz::MatrixMoveB8Form.
constexpr int kLdsm16x16 = 0, kLdsm8x16B6 = 1, kLdsm8x16B4 = 2, kStsm16x8 = 3;

__device__ __forceinline__ std::uint32_t smem_address(const void* p) {
  return static_cast<std::uint32_t>(__cvta_generic_to_shared(p));
}

// [SECTION] the instructions, as PTX ISA 9.0 spells them -----------------------------------------

__device__ void ldsm_m16n16(int num, std::uint32_t addr, std::uint32_t (&r)[4]) {
  if (num == 1)
    asm volatile("ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8 {%0, %1}, [%2];\n"
                 : "=r"(r[0]), "=r"(r[1])
                 : "r"(addr));
  else
    asm volatile("ldmatrix.sync.aligned.m16n16.x2.trans.shared.b8 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(addr));
}

__device__ void ldsm_m8n16_b6(int num, std::uint32_t addr, std::uint32_t (&r)[4]) {
  if (num == 1)
    asm volatile("ldmatrix.sync.aligned.m8n16.x1.shared.b8x16.b6x16_p32 {%0}, [%1];\n"
                 : "=r"(r[0])
                 : "r"(addr));
  else if (num == 2)
    asm volatile("ldmatrix.sync.aligned.m8n16.x2.shared.b8x16.b6x16_p32 {%0, %1}, [%2];\n"
                 : "=r"(r[0]), "=r"(r[1])
                 : "r"(addr));
  else
    asm volatile("ldmatrix.sync.aligned.m8n16.x4.shared.b8x16.b6x16_p32 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(addr));
}

__device__ void ldsm_m8n16_b4(int num, std::uint32_t addr, std::uint32_t (&r)[4]) {
  if (num == 1)
    asm volatile("ldmatrix.sync.aligned.m8n16.x1.shared.b8x16.b4x16_p64 {%0}, [%1];\n"
                 : "=r"(r[0])
                 : "r"(addr));
  else if (num == 2)
    asm volatile("ldmatrix.sync.aligned.m8n16.x2.shared.b8x16.b4x16_p64 {%0, %1}, [%2];\n"
                 : "=r"(r[0]), "=r"(r[1])
                 : "r"(addr));
  else
    asm volatile("ldmatrix.sync.aligned.m8n16.x4.shared.b8x16.b4x16_p64 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(addr));
}

__device__ void stsm_m16n8(int num, std::uint32_t addr, const std::uint32_t (&r)[4]) {
  if (num == 1)
    asm volatile("stmatrix.sync.aligned.m16n8.x1.trans.shared.b8 [%0], {%1};\n" ::"r"(addr), "r"(r[0])
                 : "memory");
  else if (num == 2)
    asm volatile("stmatrix.sync.aligned.m16n8.x2.trans.shared.b8 [%0], {%1, %2};\n" ::"r"(addr), "r"(r[0]),
                 "r"(r[1])
                 : "memory");
  else
    asm volatile("stmatrix.sync.aligned.m16n8.x4.trans.shared.b8 [%0], {%1, %2, %3, %4};\n" ::"r"(addr),
                 "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3])
                 : "memory");
}

__global__ void b8_move_probe_kernel(const B8MoveJob* jobs, int job_count, B8MoveOut* outs) {
  __shared__ __align__(128) std::uint8_t smem[kB8ProbeSmem];
  const int lane = static_cast<int>(threadIdx.x);
  for (int j = 0; j < job_count; ++j) {
    const B8MoveJob& job = jobs[j];
    B8MoveOut& out = outs[j];
    for (int i = lane; i < kB8ProbeSmem; i += 32) smem[i] = job.image[i];
    __syncwarp();
    const std::uint32_t addr = smem_address(smem + job.lane_offset[lane]);
    std::uint32_t r[4] = {job.regs[0][lane], job.regs[1][lane], job.regs[2][lane], job.regs[3][lane]};
    switch (job.form) {
      case kLdsm16x16:
        ldsm_m16n16(job.num, addr, r);
        break;
      case kLdsm8x16B6:
        ldsm_m8n16_b6(job.num, addr, r);
        break;
      case kLdsm8x16B4:
        ldsm_m8n16_b4(job.num, addr, r);
        break;
      case kStsm16x8:
        stsm_m16n8(job.num, addr, r);
        r[0] = r[1] = r[2] = r[3] = 0;
        break;
      default:
        break;
    }
    for (int k = 0; k < 4; ++k) out.regs[k][lane] = r[k];
    __syncwarp();
    for (int i = lane; i < kB8ProbeSmem; i += 32) out.smem[i] = smem[i];
    __syncwarp();
  }
}

}  // namespace

cudaError_t launch_b8_move_probe(const B8MoveJob* jobs, int job_count, B8MoveOut* out, cudaStream_t stream) {
  b8_move_probe_kernel<<<1, 32, 0, stream>>>(jobs, job_count, out);
  return cudaGetLastError();
}

}  // namespace fragviz::cuda
