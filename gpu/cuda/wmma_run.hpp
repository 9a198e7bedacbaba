// The WMMA part of run_probes(): every fragment kind the request names, loaded on the device.
#pragma once

#include <string>

#include "fragviz/report/report.hpp"

namespace fragviz {

/// Runs the WMMA probes `req` names ("wmma" or kind names in req.instructions; every kind for an
/// empty list when req.instruction_probes and req.wmma_probes), appending to report.wmma; a kind
/// the device or this build lacks is skipped with the reason. Returns false with `error` set when
/// a CUDA call fails (the kinds already decoded stay).
bool run_wmma_probes(const ProbeRequest& req, ProbeReport& report, std::string& error);

}  // namespace fragviz
