// The tensor-core probe kernel (mma_probe_kernels.cu): registers in, registers out. One warp
// runs `passes` mma of one catalogue instruction; for each pass every lane reads its A, B and C
// registers as raw 32-bit words, issues the instruction through its PTX wrapper
// (mma_wrappers.cuh) and writes its D registers' raw words. The host builds every input and
// judges every output (fragviz/probe/mma_probe.hpp); the kernel knows no layout.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "fragviz/probe/kernel_io.hpp"

namespace fragviz::cuda {

/// Whether this build has a PTX wrapper compiled for catalogue entry `index` on compute
/// capability `sm` (major*10+minor). False for sm below the entry's min_sm, and for the sm_120a
/// entries (.kind::f8f6f4 and the block-scaled kinds) unless the build has sm_120a code
/// (-DFRAGVIZ_SM120_PROBES=ON) and `sm` is 120 exactly (sm_120a code runs on 12.0 only).
bool mma_probe_available(int index, int sm);

/// Launches one warp (<<<1, 32>>>) running `passes` mma of catalogue entry `index`. Buffers are
/// pass-major, then lane-major, then word: a = passes x 32 x words_per_lane(A), likewise b, c,
/// and d (written). Returns cudaErrorNotSupported when no wrapper exists for `index`, else the
/// launch error (faults surface at the next synchronising call). The caller checks min_sm first.
cudaError_t launch_mma_probe(int index, const std::uint32_t* a, const std::uint32_t* b,
                             const std::uint32_t* c, std::uint32_t* d, int passes, cudaStream_t stream);

// The through-ldmatrix kernel's parameters, plain data (fragviz/probe/kernel_io.hpp).
using kernel_io::kMaxMmaLdmatrixImageBytes;
using kernel_io::MmaLdmatrixParams;

/// Launches one warp (<<<1, 32>>>) running `passes` mma of catalogue entry `index` with A and B
/// loaded by ldmatrix.sync.aligned.m8n8.x{words}{.trans}.shared.b16 where their image size is set:
/// per pass it copies that pass's images (a_images + pass * a_image_bytes, likewise B) into shared
/// memory, loads, issues the mma and writes D (passes x 32 x words_per_lane(C)), the A and B
/// registers the mma was given (a_got, b_got, like a and b) and, once, the byte offsets the lanes'
/// shared addresses have from each image base (offsets: 32 for A, then 32 for B). a, b, c are the
/// register words (pass-major, lane-major) for an operand not loaded and for C. Returns
/// cudaErrorNotSupported when the build has no code for `index` or its operand cannot be loaded
/// so (a register count other than 1, 2, 4), cudaErrorInvalidValue for an image over
/// kMaxMmaLdmatrixImageBytes or not a multiple of 16, else the launch error.
cudaError_t launch_mma_ldmatrix_probe(int index, const MmaLdmatrixParams& params,
                                      const std::uint8_t* a_images, const std::uint8_t* b_images,
                                      const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c,
                                      std::uint32_t* d, std::uint32_t* a_got, std::uint32_t* b_got,
                                      std::uint32_t* offsets, int passes, cudaStream_t stream);

/// Loads every through-ldmatrix probe kernel's module now (as preload_mma_probe_kernels).
cudaError_t preload_mma_ldmatrix_probe_kernels();

/// Loads every mma probe kernel's module now (cudaFuncGetAttributes), so lazy loading counts as
/// CUDA start-up rather than probe time.
cudaError_t preload_mma_probe_kernels();

}  // namespace fragviz::cuda
