// What the Blackwell matrix-move probe kernel (b8_move_kernels.cu; sm_100a and sm_120a code) takes and
// returns. One warp runs the jobs in order: each fills shared memory with an image, issues one
// 8-bit or sub-byte ldmatrix / stmatrix (fragviz/isa/matrix_move_b8.hpp) and returns the
// registers and the shared memory after it. The host (gpu/cuda/blackwell_run.cpp) builds every
// image from the model and judges every byte (fragviz/probe/blackwell_probe.hpp).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

namespace fragviz::cuda {

/// Shared bytes a job uses at most: 32 stored rows of 16 bytes and a 16-byte guard
/// (fragviz::b8_probe_smem_bytes of the largest form).
inline constexpr int kB8ProbeSmem = 32 * 16 + 16;

struct B8MoveJob {
  std::int32_t form;  ///< fragviz::MatrixMoveB8Form
  std::int32_t num;   ///< .num: 1, 2, 4
  std::uint32_t lane_offset[32];
  std::uint32_t regs[4][32];         ///< stmatrix: register j per lane
  std::uint8_t image[kB8ProbeSmem];  ///< shared memory before the instruction
};

struct B8MoveOut {
  std::uint32_t regs[4][32];        ///< ldmatrix: register j per lane
  std::uint8_t smem[kB8ProbeSmem];  ///< shared memory after the instruction
};

/// Launches one warp over the jobs. The kernel is sm_100a and/or sm_120a code (the build's
/// options): the caller checks the device is compute capability 10.0 or 12.0 and the build has its
/// image first (cudaErrorNoKernelImageForDevice otherwise).
cudaError_t launch_b8_move_probe(const B8MoveJob* jobs, int job_count, B8MoveOut* out, cudaStream_t stream);

}  // namespace fragviz::cuda
