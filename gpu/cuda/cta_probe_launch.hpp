// The checks every CTA probe (the shared-memory copies, the tiled MMA, the cp.async fill) makes on
// device 0 before it launches anything, in one place: a device, its opt-in shared memory per
// block, the plan's own launch problem at that limit, and the compute capability the instruction
// needs. Host code only.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "fragviz/report/report.hpp"

namespace fragviz::cuda {

/// Fills `device` (query_device) and says whether a plan may launch there: kind none when it may;
/// no_device without one; cuda when the opt-in shared memory per block cannot be read; refused
/// when `plan_problem(that limit)` names a problem (the plan's own check, e.g.
/// tile::copy_probe_launch_problem) or device 0 is below sm_`min_sm` ("<instruction> needs sm_90
/// or newer; device 0 is sm_80"; 0: any).
Error check_cta_probe_launch(DeviceInfo& device, const std::function<std::string(std::int64_t)>& plan_problem,
                             int min_sm, const std::string& instruction);

}  // namespace fragviz::cuda
