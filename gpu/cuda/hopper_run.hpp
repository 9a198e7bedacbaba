// The Hopper half of run_probes(): wgmma entries, stmatrix, movmatrix and the epilogues.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "fragviz/probe/hopper_probe.hpp"
#include "fragviz/report/report.hpp"

namespace fragviz {

/// The wgmma plans `req` asks for (plan_wgmma_probe), indexed like wgmma_catalogue(); an entry not
/// asked for has instr == nullptr. Pure host work spread over every core, so run_probes() can
/// build them while CUDA starts and the mma.sync probes run.
std::vector<WgmmaProbePlan> plan_requested_wgmma(const ProbeRequest& req);

/// Runs the Hopper probes `req` names (all of them for an empty list when req.hopper_probes),
/// appending to report.wgmma and report.moves; skips what the device cannot run, with the reason.
/// `ahead`, when given, holds plan_requested_wgmma(req)'s plans (moved from, never copied); the
/// entries it lacks are planned here. Returns false with `error` set when a CUDA call fails (the
/// probes already judged stay).
bool run_hopper_probes(const ProbeRequest& req, ProbeReport& report, std::string& error,
                       std::vector<WgmmaProbePlan>* ahead = nullptr);

}  // namespace fragviz
