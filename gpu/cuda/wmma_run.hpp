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

/// Whether `req` asks for any WMMA kind (so its kernels are worth loading ahead).
bool wants_wmma(const ProbeRequest& req);

/// Loads the kernels of every WMMA kind `req` asks for (the availability query, which lazy module
/// loading makes do the loading), e.g. on a thread while other probes run. Errors are left to
/// run_wmma_probes, which asks again and reports them.
void preload_wmma_kernels(const ProbeRequest& req);

}  // namespace fragviz
