// The tensor-core probe kernel (mma_probe_kernels.cu): registers in, registers out. One warp
// runs `passes` mma of one catalogue instruction; for each pass every lane reads its A, B and C
// registers as raw 32-bit words, issues the instruction through its PTX wrapper
// (mma_wrappers.cuh) and writes its D registers' raw words. The host builds every input and
// judges every output (fragviz/mma_probe.hpp); the kernel knows no layout.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

namespace fragviz::cuda {

/// Whether this build has a PTX wrapper compiled for catalogue entry `index` on compute
/// capability `sm` (major*10+minor). False for entries ptxas cannot assemble for any target this
/// build makes (e.g. .kind::f8f6f4, which needs sm_120a), and for sm below the entry's min_sm.
bool mma_probe_available(int index, int sm);

/// Launches one warp (<<<1, 32>>>) running `passes` mma of catalogue entry `index`. Buffers are
/// pass-major, then lane-major, then word: a = passes x 32 x words_per_lane(A), likewise b, c,
/// and d (written). Returns cudaErrorNotSupported when no wrapper exists for `index`, else the
/// launch error (faults surface at the next synchronising call). The caller checks min_sm first.
cudaError_t launch_mma_probe(int index, const std::uint32_t* a, const std::uint32_t* b,
                             const std::uint32_t* c, std::uint32_t* d, int passes, cudaStream_t stream);

/// Loads every mma probe kernel's module now (cudaFuncGetAttributes), so lazy loading counts as
/// CUDA start-up rather than probe time.
cudaError_t preload_mma_probe_kernels();

}  // namespace fragviz::cuda
