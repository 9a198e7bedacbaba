// What the block-scale probe kernels (block_scale_kernels.cu; sm_120a code only) take and return:
// one warp issues one block-scaled mma.sync of kBlockScaleProbeForms[form] per job, with the job's
// A and B registers, C 0, each lane's scale-a-data and scale-b-data from the job, and the selectors
// {byte-id, thread-id} of the form's pair `selector` for both operands; it returns each lane's four
// D registers per job. The host plans and judges it (fragviz/probe/block_scale_probe.hpp).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

namespace fragviz::cuda {

/// One pass (fragviz::BlockScalePass) and the probe's scales.
struct BlockScaleJob {
  std::uint32_t a[4][32];  ///< A register r per lane (m16n8k32 and m16n8k64 both take four)
  std::uint32_t b[2][32];  ///< B register r per lane
  std::uint32_t sfa[32];   ///< scale-a-data per lane
  std::uint32_t sfb[32];   ///< scale-b-data per lane
};

/// Launches one warp over `count` jobs; `out` gets [job][lane][4] f32 bits of D. `form` indexes
/// kBlockScaleProbeForms and `selector` (0 or 1) its selector pairs; anything else is
/// cudaErrorInvalidValue. The caller checks the device is compute capability 12.0.
cudaError_t launch_block_scale_probe(int form, int selector, const BlockScaleJob* jobs, int count,
                                     std::uint32_t* out, cudaStream_t stream);

}  // namespace fragviz::cuda
