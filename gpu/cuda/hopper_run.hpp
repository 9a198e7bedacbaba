// The Hopper half of run_probes(): wgmma entries, stmatrix, movmatrix and the epilogues.
#pragma once

#include <string>
#include <string_view>

#include "fragviz/probe/hopper_probe.hpp"
#include "fragviz/report/report.hpp"

namespace fragviz {

/// Runs the Hopper probes `req` names (all of them for an empty list when req.hopper_probes),
/// appending to report.wgmma and report.moves; skips what the device cannot run, with the reason.
/// Returns false with `error` set when a CUDA call fails (the probes already judged stay).
bool run_hopper_probes(const ProbeRequest& req, ProbeReport& report, std::string& error);

}  // namespace fragviz
