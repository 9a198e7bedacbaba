// The CTA fill probe's kernel (cta_fill_probe_kernels.cu): one precompiled kernel per cp.async
// form (.cg, .ca), driven by the plan's table of global sources and shared destinations
// (fragviz/tile/cta_fill_probe.hpp), so no thread computes an address itself.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

namespace fragviz::cuda {

/// What the launch needs of a tile::CtaFillProbePlan (kept free of the model's headers).
struct CtaFillProbeShape {
  bool cache_global = true;        ///< cp.async.cg (CACHEGLOBAL); false: cp.async.ca (CACHEALWAYS)
  int threads = 0;                 ///< the block
  int instructions = 0;            ///< cp.async per thread
  std::uint32_t shared_bytes = 0;  ///< dynamic shared memory, a multiple of 16
  bool copies = true;              ///< false: the set-up and read-back only, no cp.async (ncu's baseline)
};

/// Launches one CTA of `s.threads` threads with `s.shared_bytes` of dynamic shared memory: every
/// 16-byte chunk set to 0xFF, __syncthreads, each thread issues its s.instructions
/// cp.async.{cg,ca}.shared.global.L2::128B of 16 bytes from global + sources[thread * instructions
/// + i] to base + destinations[...] (none with s.copies false), commits them as one group, waits for it
/// (wait_group 0),
/// __syncthreads, and the whole shared image is copied to `out` (shared_bytes). The caller checked
/// the plan (tile::fill_probe_launch_problem), the device (sm_80: cp.async is compiled out below
/// it) and raised the shared-memory limit (allow_cta_fill_probe_smem). A shape no instance exists
/// for: cudaErrorInvalidValue, nothing launched.
cudaError_t launch_cta_fill_probe(const CtaFillProbeShape& s, const void* global,
                                  const std::uint32_t* sources, const std::uint32_t* destinations, void* out,
                                  cudaStream_t stream);

/// Raises the dynamic shared-memory limit of the kernel `s` launches to `bytes`.
cudaError_t allow_cta_fill_probe_smem(const CtaFillProbeShape& s, std::uint32_t bytes);

}  // namespace fragviz::cuda
