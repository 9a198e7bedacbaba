// The stmatrix / movmatrix / epilogue probe kernel: values in, shared tile and registers out.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "matrix_move_kernels.hpp"
#include "ptx.cuh"

namespace fragviz::cuda {
namespace {

__device__ void store(int num, int trans, std::uint32_t addr, const std::uint32_t (&r)[4]) {
  if (num == 1) {
    trans ? ptx::stmatrix<1, true>(addr, r) : ptx::stmatrix<1, false>(addr, r);
  } else if (num == 2) {
    trans ? ptx::stmatrix<2, true>(addr, r) : ptx::stmatrix<2, false>(addr, r);
  } else {
    trans ? ptx::stmatrix<4, true>(addr, r) : ptx::stmatrix<4, false>(addr, r);
  }
}

/// f32 pair -> f16x2, the first element in the low half (as the fragment packs c0 with c1).
__device__ std::uint32_t pack_half2(float lo, float hi) {
  const __half2 h = __floats2half2_rn(lo, hi);
  return *reinterpret_cast<const std::uint32_t*>(&h);
}

__global__ void matrix_move_probe_kernel(const MoveJob* jobs, int job_count, MoveOut* outs) {
  __shared__ __align__(128) std::uint16_t tile[kMoveTileRows * kMoveTileStride];
  const int lane = static_cast<int>(threadIdx.x);
  for (int j = 0; j < job_count; ++j) {
    const MoveJob& job = jobs[j];
    MoveOut& out = outs[j];
    for (int i = lane; i < kMoveTileRows * kMoveTileStride; i += 32) tile[i] = 0;
    __syncwarp();
    const std::uint32_t addr =
        ptx::smem_address(reinterpret_cast<std::uint8_t*>(tile) + job.lane_offset[lane]);
    std::uint32_t r[4] = {job.regs[0][lane], job.regs[1][lane], job.regs[2][lane], job.regs[3][lane]};
    if (job.kind == 1) {
      out.regs[lane] = ptx::movmatrix_trans(r[0]);
    } else {
      if (job.kind == 2) {
        std::uint32_t packed[2][2] = {};
        for (int t = 0; t < job.tiles && t < 2; ++t) {
          const std::uint32_t a[4] = {job.mma_a[t][lane][0], job.mma_a[t][lane][1], job.mma_a[t][lane][2],
                                      job.mma_a[t][lane][3]};
          const std::uint32_t b[2] = {job.mma_b[t][lane][0], job.mma_b[t][lane][1]};
          const float c[4] = {0.f, 0.f, 0.f, 0.f};
          float d[4] = {0.f, 0.f, 0.f, 0.f};
          ptx::mma_m16n8k16(d, a, b, c);
          packed[t][0] = pack_half2(d[0], d[1]);
          packed[t][1] = pack_half2(d[2], d[3]);
        }
        for (int k = 0; k < 4; ++k) r[k] = packed[job.order[k][0] & 1][job.order[k][1] & 1];
      }
      store(job.num, job.trans, addr, r);
      out.regs[lane] = 0;
    }
    __syncwarp();
    for (int i = lane; i < kMoveTileRows * kMoveTileStride; i += 32) out.tile[i] = tile[i];
    __syncwarp();
  }
}

}  // namespace

cudaError_t launch_matrix_move_probe(const MoveJob* jobs, int job_count, MoveOut* out, cudaStream_t stream) {
  matrix_move_probe_kernel<<<1, 32, 0, stream>>>(jobs, job_count, out);
  return cudaGetLastError();
}

cudaError_t preload_matrix_move_probe_kernel() {
  cudaFuncAttributes attr{};
  return cudaFuncGetAttributes(&attr, matrix_move_probe_kernel);
}

}  // namespace fragviz::cuda
