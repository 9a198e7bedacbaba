// The Blackwell half of run_probes(): the 8-bit and sub-byte ldmatrix / stmatrix forms (sm_100a and
// sm_120a code, gpu/cuda/blackwell/), the tensor-memory loads and stores and accumulators (sm_100a) and
// the block-scale probes (sm_120a, gpu/cuda/sm120/). Model only until a Blackwell GPU runs them.
#pragma once

#include <string>

#include "fragviz/report/report.hpp"

namespace fragviz {

/// Runs the Blackwell probes `req` names ("blackwell", "block-scale", a b8 move mnemonic, a
/// tensor-memory form, a tcgen05.mma accumulator probe or a block-scale probe:
/// is_blackwell_probe_name), or, for an empty list, all that a compute capability 10.0 or 12.0
/// device runs (fragviz/probe/arch_probes.hpp), appending to report.moves. Each named one this
/// device or build cannot run is skipped with the reason: "needs sm_100a" ("needs sm_120a") on
/// another device, or a build without -DFRAGVIZ_SM100_PROBES=ON (-DFRAGVIZ_SM120_PROBES=ON).
/// Returns false with `error` set when a CUDA call fails.
bool run_blackwell_probes(const ProbeRequest& req, ProbeReport& report, std::string& error);

}  // namespace fragviz
