// Candidates 2 and 3 of the stream-K rung's sweep (sweep_candidate.cuh).
#include "sweep_candidate.cuh"

FRAGVIZ_STREAM_K_CANDIDATE(2)
FRAGVIZ_STREAM_K_CANDIDATE(3)
