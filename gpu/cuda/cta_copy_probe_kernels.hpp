// The CTA copy probe's kernels (cta_copy_probe_kernels.cu): precompiled, one template instance per
// load or store the plan may name (fragviz/tile/cta_copy_probe.hpp), driven by the plan's table of
// addresses (and, for a store, of source registers).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

namespace fragviz::cuda {

/// What the launch needs of a tile::CtaCopyProbePlan (kept free of the model's headers).
struct CtaCopyProbeShape {
  bool store = false;             ///< stmatrix / st.shared (C's epilogue) instead of the load
  bool ldmatrix = true;           ///< ld/stmatrix; false: ld/st.shared of `registers` words
  int registers = 0;              ///< ldmatrix .num, or 1, 2, 4 words
  bool trans = false;             ///< ldmatrix .trans
  int threads = 0;                ///< the block
  int instructions = 0;           ///< loads per thread
  std::uint32_t image_bytes = 0;  ///< dynamic shared memory, a multiple of 16
  bool copies = true;             ///< false: the set-up only, no copy instruction (ncu's baseline)
};

/// Launches one CTA of `s.threads` threads with `s.image_bytes` of dynamic shared memory: the image
/// copied in from `image` (image_bytes / 16 uint4), __syncthreads, then each thread issues its
/// s.instructions loads at base + addresses[thread * instructions + i] and writes the raw
/// registers to out[(thread * instructions + i) * registers + r]; with s.copies false every thread
/// returns after the barrier (no load, `out` untouched). The caller checked the plan
/// (tile::copy_probe_launch_problem) and raised the shared-memory limit (allow_cta_copy_probe_smem).
/// A shape no instance exists for: cudaErrorInvalidValue, nothing launched.
cudaError_t launch_cta_copy_probe(const CtaCopyProbeShape& s, const void* image,
                                  const std::uint32_t* addresses, std::uint32_t* out, cudaStream_t stream);

/// The store probe (s.store): one CTA of `s.threads` threads with `s.image_bytes` of dynamic shared
/// memory: the image copied in from `image` (the plan's pad), __syncthreads, each thread issues its
/// s.instructions stores (stmatrix .num = registers [.trans], or st.shared of `registers` words) at
/// base + addresses[thread * instructions + i] from sources[(thread * instructions + i) * registers
/// + r] (none with s.copies false), __syncthreads, and the whole image is copied to `out`
/// (image_bytes). stmatrix needs sm_90
/// (the caller checks the device; below sm_90 the instruction is compiled out). Checked plan and
/// raised limit as for the load; a shape no instance exists for: cudaErrorInvalidValue.
cudaError_t launch_cta_store_probe(const CtaCopyProbeShape& s, const void* image,
                                   const std::uint32_t* addresses, const std::uint32_t* sources, void* out,
                                   cudaStream_t stream);

/// Raises the dynamic shared-memory limit of the kernel `s` launches (load or store) to `bytes`.
cudaError_t allow_cta_copy_probe_smem(const CtaCopyProbeShape& s, std::uint32_t bytes);

}  // namespace fragviz::cuda
