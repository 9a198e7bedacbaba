// What the block-scale probe kernels (block_scale_kernels.cu; sm_120a code only) take and return:
// one warp issues one block-scaled mma.sync of kBlockScaleProbeForms[form] per job, with the job's
// A and B registers, C 0, each lane's scale-a-data and scale-b-data from the job, and the selectors
// {byte-id, thread-id} of the form's pair `selector` for both operands; it returns each lane's four
// D registers per job. The host plans and judges it (fragviz/probe/block_scale_probe.hpp).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "fragviz/probe/blackwell_kernel_io.hpp"

namespace fragviz::cuda {

using kernel_io::BlockScaleJob;  // plain data, defined in the model (fragviz/probe/blackwell_kernel_io.hpp)

/// Launches one warp over `count` jobs; `out` gets [job][lane][4] f32 bits of D. `form` indexes
/// kBlockScaleProbeForms and `selector` (0 or 1) its selector pairs; anything else is
/// cudaErrorInvalidValue. The caller checks the device is compute capability 12.0.
cudaError_t launch_block_scale_probe(int form, int selector, const BlockScaleJob* jobs, int count,
                                     std::uint32_t* out, cudaStream_t stream);

}  // namespace fragviz::cuda
