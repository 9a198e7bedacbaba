// The stream-K rung's candidates (stream_k.hpp's kStreamKCandidates) for `fragviz-cli bench --sweep`:
// each instantiated once, for sm_90 only (their own library, gpu/CMakeLists.txt), in a few files so
// that they compile side by side. Private to gpu/cuda.
#pragma once

#include <vector>

#include "../ladder/stream_k.cuh"

namespace fragviz::gate::ladder {
/// Every candidate's record (variant stream_k), in kStreamKCandidates order.
std::vector<GateKernel> stream_k_candidates();
}  // namespace fragviz::gate::ladder

/// Candidate I's kernel and its record function stream_k_candidate_I().
#define FRAGVIZ_STREAM_K_CANDIDATE(I)                                                                \
  static_assert(I < fragviz::gate::kStreamKCandidateCount, "a candidate of stream_k.hpp");           \
  extern "C" __global__ void __launch_bounds__(fragviz::gate::kStreamKCandidates[I].tile.threads(),  \
                                               fragviz::gate::kStreamKCandidates[I].blocks_per_sm)   \
      fragviz_sweep_stream_k_##I(const __half* a, const __half* b, float* c, int n, float* partials, \
                                 unsigned* flags) {                                                  \
    fragviz::gate::ladder::stream_k_matmul<I>(a, b, c, n, partials, flags);                          \
  }                                                                                                  \
  namespace fragviz::gate::ladder {                                                                  \
  GateKernel stream_k_candidate_##I() {                                                              \
    return stream_k_kernel_record<I>(GateVariant::stream_k,                                          \
                                     FRAGVIZ_GATE_KERNEL_SYMBOL(fragviz_sweep_stream_k_##I));        \
  }                                                                                                  \
  }
