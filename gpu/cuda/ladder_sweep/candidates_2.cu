// Candidates 4 and 5 of the stream-K rung's sweep (sweep_candidate.cuh), and the list of all.
#include "sweep_candidate.cuh"

FRAGVIZ_STREAM_K_CANDIDATE(4)
FRAGVIZ_STREAM_K_CANDIDATE(5)

namespace fragviz::gate::ladder {
GateKernel stream_k_candidate_0();
GateKernel stream_k_candidate_1();
GateKernel stream_k_candidate_2();
GateKernel stream_k_candidate_3();

std::vector<GateKernel> stream_k_candidates() {
  static_assert(kStreamKCandidateCount == 6, "one FRAGVIZ_STREAM_K_CANDIDATE per candidate, listed here");
  return {stream_k_candidate_0(), stream_k_candidate_1(), stream_k_candidate_2(),
          stream_k_candidate_3(), stream_k_candidate_4(), stream_k_candidate_5()};
}
}  // namespace fragviz::gate::ladder
