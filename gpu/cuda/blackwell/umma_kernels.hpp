// What the accumulator probe kernel (umma_kernels.cu; sm_100a code only) takes and returns: one
// CTA of four warps copies an image (A and B) to shared memory, allocates 64 TMEM columns, fills
// them with a sentinel, issues one tcgen05.mma.cta_group::1.kind::f16 (M 64 or 128, N 64, K 16),
// waits for it through tcgen05.commit and an mbarrier, and reads all 128 lanes x 64 columns back.
// The host plans and judges it (fragviz/probe/blackwell_probe.hpp: plan_umma_probe,
// judge_umma_probe).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "fragviz/probe/blackwell_kernel_io.hpp"

namespace fragviz::cuda {

// Plain data, defined CUDA-free in the model (fragviz/probe/blackwell_kernel_io.hpp).
using kernel_io::kUmmaProbeImage;
using kernel_io::UmmaJob;

/// Launches one CTA of 128 threads; `out` gets [lane][64] 32-bit cells (lane = thread). The caller
/// checks the device is compute capability 10.0 first.
cudaError_t launch_umma_probe(const UmmaJob* job, std::uint32_t* out, cudaStream_t stream);

}  // namespace fragviz::cuda
