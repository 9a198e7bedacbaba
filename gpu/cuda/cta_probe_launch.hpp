// The checks both CTA probes (cta_copy_probe_run.cpp, cta_mma_probe_run.cpp) make before they
// launch, in one place: a usable device 0, its opt-in shared memory per block, the plan's own launch
// problem against it, and the compute capability the instruction needs. Nothing launches on a
// refusal, so nothing the user configured can fault the context.
#pragma once

#include <functional>
#include <string>

#include "fragviz/report/report.hpp"  // DeviceInfo
#include "fragviz/util/error.hpp"

namespace fragviz {

/// Why a plan cannot launch on `device` with `optin` bytes of opt-in shared memory per block, or "".
using CtaLaunchProblem = std::function<std::string(const DeviceInfo& device, int optin)>;

/// Queries device 0 into `device`, then checks a CTA probe's launch on it: `launch_problem` is the
/// plan's own check (its images against the device's opt-in shared memory per block, and anything
/// else the plan needs of the device), and `instruction` needs sm_`min_sm` or newer (0: any).
/// Returns what stops the run, in that order: no_device (the device's reason), cuda (the attribute
/// query failed), refused (the plan's words, or "<instruction> needs sm_90 or newer; device 0 is
/// sm_80"); kind none when the probe may launch.
Error check_cta_probe_launch(DeviceInfo& device, const CtaLaunchProblem& launch_problem,
                             const std::string& instruction, int min_sm);

}  // namespace fragviz
