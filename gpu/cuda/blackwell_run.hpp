// The Blackwell half of run_probes(): the 8-bit and sub-byte ldmatrix / stmatrix forms and the
// tensor-memory round trips, sm_100a code (gpu/cuda/blackwell/). Model only until a Blackwell GPU
// runs them.
#pragma once

#include <string>

#include "fragviz/report/report.hpp"

namespace fragviz {

/// Runs the Blackwell probes `req` names ("blackwell", a b8 move mnemonic, a tcgen05.st round
/// trip or a tcgen05.mma accumulator probe: is_blackwell_probe_name), or all of them for an empty list on a
/// compute capability 10.0 device, appending to report.moves. Elsewhere each named one is skipped with the
/// reason: "needs sm_100a" on another device, or a build without -DFRAGVIZ_SM100_PROBES=ON. Returns false
/// with `error` set when a CUDA call fails.
bool run_blackwell_probes(const ProbeRequest& req, ProbeReport& report, std::string& error);

}  // namespace fragviz
