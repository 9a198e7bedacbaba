// Candidates 0 and 1 of the stream-K rung's sweep (sweep_candidate.cuh).
#include "sweep_candidate.cuh"

FRAGVIZ_STREAM_K_CANDIDATE(0)
FRAGVIZ_STREAM_K_CANDIDATE(1)
