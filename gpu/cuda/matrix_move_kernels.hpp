// What the stmatrix / movmatrix / epilogue probe kernel (matrix_move_kernels.cu) takes and
// returns. One warp runs the jobs in order; the host builds every value and address from the model
// (fragviz/probe/hopper_probe.hpp) and judges the tile and registers that come back.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "fragviz/probe/kernel_io.hpp"

namespace fragviz::cuda {

// The jobs and results, plain data (fragviz/probe/kernel_io.hpp).
using kernel_io::kMoveTileRows;
using kernel_io::kMoveTileStride;
using kernel_io::MoveJob;
using kernel_io::MoveOut;

/// Launches one warp over the jobs. stmatrix and epilogue jobs need sm_90, movmatrix sm_75: the
/// caller checks the device first.
cudaError_t launch_matrix_move_probe(const MoveJob* jobs, int job_count, MoveOut* out, cudaStream_t stream);

/// Loads the matrix-move kernel now (cudaFuncGetAttributes), as preload_probe_kernels does for its
/// kernels: with lazy module loading its first launch would load it, last of the Hopper family's
/// ~300 queued launches, and loading a kernel may need a context synchronization (CUDA C++
/// Programming Guide, "Lazy Loading", "Possible Issues When Adopting Lazy Loading").
cudaError_t preload_matrix_move_probe_kernel();

}  // namespace fragviz::cuda
