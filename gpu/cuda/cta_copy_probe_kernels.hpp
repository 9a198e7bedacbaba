// The CTA copy probe's kernel (cta_copy_probe_kernels.cu): precompiled, one template instance per
// load the plan may name (fragviz/tile/cta_copy_probe.hpp), driven by the plan's table of addresses.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

namespace fragviz::cuda {

/// What the launch needs of a tile::CtaCopyProbePlan (kept free of the model's headers).
struct CtaCopyProbeShape {
  bool ldmatrix = true;           ///< ldmatrix; false: ld.shared of `registers` words
  int registers = 0;              ///< ldmatrix .num, or 1, 2, 4 words
  bool trans = false;             ///< ldmatrix .trans
  int threads = 0;                ///< the block
  int instructions = 0;           ///< loads per thread
  std::uint32_t image_bytes = 0;  ///< dynamic shared memory, a multiple of 16
};

/// Launches one CTA of `s.threads` threads with `s.image_bytes` of dynamic shared memory: the image
/// copied in from `image` (image_bytes / 16 uint4), __syncthreads, then each thread issues its
/// s.instructions loads at base + addresses[thread * instructions + i] and writes the raw
/// registers to out[(thread * instructions + i) * registers + r]. The caller checked the plan
/// (tile::copy_probe_launch_problem) and raised the shared-memory limit (allow_cta_copy_probe_smem).
/// A shape no instance exists for: cudaErrorInvalidValue, nothing launched.
cudaError_t launch_cta_copy_probe(const CtaCopyProbeShape& s, const void* image,
                                  const std::uint32_t* addresses, std::uint32_t* out, cudaStream_t stream);

/// Raises the dynamic shared-memory limit of the kernel `s` launches to `bytes`.
cudaError_t allow_cta_copy_probe_smem(const CtaCopyProbeShape& s, std::uint32_t bytes);

}  // namespace fragviz::cuda
