// What the Blackwell matrix-move probe kernel (b8_move_kernels.cu; sm_100a and sm_120a code) takes and
// returns. One warp runs the jobs in order: each fills shared memory with an image, issues one
// 8-bit or sub-byte ldmatrix / stmatrix (fragviz/isa/matrix_move_b8.hpp) and returns the
// registers and the shared memory after it. The model builds every image and judges every byte
// (fragviz/probe/blackwell_family.hpp); gpu/cuda/blackwell_run.cpp moves them.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "fragviz/probe/blackwell_kernel_io.hpp"

namespace fragviz::cuda {

// Plain data, defined CUDA-free in the model (fragviz/probe/blackwell_kernel_io.hpp).
using kernel_io::B8MoveJob;
using kernel_io::B8MoveOut;
using kernel_io::kB8ProbeSmem;

/// Launches one warp over the jobs. The kernel is sm_100a and/or sm_120a code (the build's
/// options): the caller checks the device is compute capability 10.0 or 12.0 and the build has its
/// image first (cudaErrorNoKernelImageForDevice otherwise).
cudaError_t launch_b8_move_probe(const B8MoveJob* jobs, int job_count, B8MoveOut* out, cudaStream_t stream);

}  // namespace fragviz::cuda
