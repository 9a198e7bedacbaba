// The relation kernels (relation_kernels.cu): registers in, registers out, one warp each. The
// host builds every input and judges every output (fragviz/probe/relations.hpp); the kernels know no
// layout beyond the catalogue's word counts and element widths.
// - K split: D_whole = W(a, b, c) and D_split = H(a_hi, b_hi, H(a_lo, b_lo, c)), the halves' words
//   picked from W's words by a map the host passes as data.
// - Accumulator as A: the producer P runs once per n-tile; its accumulators are converted to the
//   consumer Q's A type and packed twice: naively, in order, in the lane's own registers, and
//   through __shfl_sync by a per-lane plan the host passes as data. Q then runs every pass on
//   both.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "fragviz/probe/relations_kernel_io.hpp"

namespace fragviz::cuda {

// The K split's word map, plain data (fragviz/probe/relations_kernel_io.hpp).
using kernel_io::kMaxSplitAWords;
using kernel_io::kMaxSplitBWords;
using kernel_io::KSplitWordMap;

/// Whether this build has a K-split kernel for catalogue entries (whole, half) that runs on
/// compute capability `sm`: the pair is one the compile-time search found, both wrappers exist
/// and the image the device runs has their asm (mma_probe_available for both).
bool k_split_available(int whole, int half, int sm);

/// Launches <<<1, 32>>>: lane l reads words [l * w, (l + 1) * w) of a, b and c (w =
/// words_per_lane of W's A, B, C) and writes W's D and the split's D the same way.
/// cudaErrorNotSupported where k_split_available is false for the device's image.
cudaError_t launch_k_split(int whole, int half, const KSplitWordMap& map, const std::uint32_t* a,
                           const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* d_whole,
                           std::uint32_t* d_split, cudaStream_t stream);

/// Device buffers of one accumulator-as-A run (all lane-major, 32-bit words).
struct ReuseBuffers {
  const std::uint32_t* pa;       ///< tiles x 32 x words_per_lane(P, A)
  const std::uint32_t* pb;       ///< tiles x 32 x words_per_lane(P, B)
  const std::uint32_t* pc;       ///< tiles x 32 x words_per_lane(P, C)
  const std::uint32_t* qb;       ///< passes x 32 x words_per_lane(Q, B)
  const std::uint32_t* qc;       ///< passes x 32 x words_per_lane(Q, C)
  const std::int32_t* src_lane;  ///< 32 x elements_per_lane(Q, A): source lane of each A element
  const std::int32_t* src_slot;  ///< likewise: source tile * E + accumulator element
  std::uint32_t* d_naive;        ///< passes x 32 x words_per_lane(Q, C), written
  std::uint32_t* d_right;        ///< likewise
  int passes;
};

/// Whether this build has the reuse kernel of (producer, consumer) (one of kReusePairs) and the
/// device's image runs both instructions.
bool reuse_available(int producer, int consumer, int sm);

/// Launches <<<1, 32>>> (see the file comment). cudaErrorNotSupported where reuse_available is
/// false for the device's image.
cudaError_t launch_reuse(int producer, int consumer, const ReuseBuffers& buffers, cudaStream_t stream);

/// Loads every relation kernel's module now (cudaFuncGetAttributes).
cudaError_t preload_relation_kernels();

}  // namespace fragviz::cuda
