// The stream-K rung's sweep (issue 27): the gate, exactly as run_gate runs a variant, for each of
// the rung's candidate instantiations (gate/stream_k.hpp's kStreamKCandidates), so that one bench
// run on the GPU times them all against cuBLAS and picks the one the rung ships.
#pragma once

#include "fragviz/device/device.hpp"

namespace fragviz {

/// run_gate with candidate `index` of kStreamKCandidates in place of the stream-k variant's shipped
/// kernel. req.variant must be GateVariant::stream_k, n a multiple of the candidate's tile; else,
/// or without CUDA, the report carries the error and ran is false.
GateReport run_gate_stream_k_candidate(const GateRequest& req, int index);

}  // namespace fragviz
