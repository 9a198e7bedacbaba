// The CTA tiled-MMA probe's kernel (cta_mma_probe_kernels.cu): one precompiled kernel driven by the
// host's checked plan (fragviz/tile/cta_mma_check.hpp): the copy probe's loads of A and B at the
// plan's addresses, then the atom's mma.sync over the registers the plan's table names.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

namespace fragviz::cuda {

/// The kernel's per-thread arrays (tile::kMmaProbeMaxWords, kMmaProbeMaxAccumulators).
inline constexpr int kMmaProbeKernelMaxWords = 128;
inline constexpr int kMmaProbeKernelMaxAccumulators = 256;

/// One operand's loads (kept free of the model's headers).
struct MmaProbeLoad {
  bool ldmatrix = true;  ///< ldmatrix .num = registers [.trans]; false: ld.shared of `registers` words
  int registers = 0;     ///< 1, 2, 4
  bool trans = false;
  int instructions = 0;           ///< loads per thread
  std::uint32_t image_bytes = 0;  ///< the operand's shared image, a multiple of 16
};

/// What the launch needs of a tile::CtaMmaProbePlan.
struct CtaMmaProbeShape {
  int atom = 0;     ///< tile::MmaProbeAtom: 0 m16n8k8 f16, 1 m16n8k8 bf16, 2 m16n8k16 f16, 3 m16n8k16 bf16
  int threads = 0;  ///< the block
  int calls = 0;    ///< mma.sync per thread
  int c_values = 0;
  MmaProbeLoad a, b;
};

/// Launches one CTA of `s.threads` threads with a.image_bytes + b.image_bytes of dynamic shared
/// memory: both images copied in (A first), __syncthreads, every thread loads A and B at its
/// addresses (a_addresses[thread * a.instructions + i], likewise B) into its registers, then
/// issues s.calls mma.sync whose registers the table names ([(thread * calls + call) * entries]:
/// A's halves, B's halves, then four accumulator indices), starting from zero accumulators, and
/// writes its accumulators to out[thread * c_values + V]. The caller checked the plan
/// (tile::mma_probe_launch_problem), the device's compute capability and raised the shared-memory
/// limit (allow_cta_mma_probe_smem). A shape the kernel does not issue: cudaErrorInvalidValue.
cudaError_t launch_cta_mma_probe(const CtaMmaProbeShape& s, const void* images,
                                 const std::uint32_t* a_addresses, const std::uint32_t* b_addresses,
                                 const std::uint32_t* table, float* out, cudaStream_t stream);

/// Raises the kernel's dynamic shared-memory limit to `bytes`.
cudaError_t allow_cta_mma_probe_smem(std::uint32_t bytes);

}  // namespace fragviz::cuda
