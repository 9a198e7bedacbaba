// What the block-scale probe kernel (block_scale_kernels.cu; sm_120a code only) takes and returns:
// one warp issues mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.
// e4m3.e4m3.f32.ue8m0 with A and B all 1.0, C 0, each lane's scale-a-data and scale-b-data from the
// job, and the selectors {byte-id, thread-id} of kBlockScaleProbeSelectors[selector] for both
// operands; it returns each lane's four D registers. The host plans and judges it
// (fragviz/probe/block_scale_probe.hpp).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

namespace fragviz::cuda {

struct BlockScaleJob {
  std::uint32_t sfa[32];  ///< scale-a-data per lane
  std::uint32_t sfb[32];  ///< scale-b-data per lane
};

/// Launches one warp; `out` gets [lane][4] f32 bits of D. `selector` is 0 ({0, 0}) or 1 ({3, 1});
/// anything else is cudaErrorInvalidValue. The caller checks the device is compute capability 12.0.
cudaError_t launch_block_scale_probe(int selector, const BlockScaleJob* job, std::uint32_t* out,
                                     cudaStream_t stream);

}  // namespace fragviz::cuda
