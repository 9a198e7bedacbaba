// `fragviz-cli tiled --device`: a CTA tile's tiled MMA run on device 0 over unique-valued A and B,
// its C registers judged by value (fragviz/tile/cta_mma_check.hpp plans and judges). Plain C++: no
// CUDA types. Implemented in gpu/cuda/cta_mma_probe_run.cpp, and by gpu/nocuda/cta_mma_probe_stub.cpp
// in a build without CUDA (which runs nothing and says so). The kernel is precompiled and
// table-driven: only a checked table of addresses, register indices and two images reach it.
#pragma once

#include <optional>

#include "fragviz/report/report.hpp"
#include "fragviz/tile/cta_mma_check.hpp"

namespace fragviz {

/// What one tiled-MMA probe run gave.
struct CtaMmaProbeRun {
  DeviceInfo device;                           ///< device 0, or why there is none
  std::optional<tile::CtaMmaVerdict> verdict;  ///< the judge's, when it ran
  Error error;  ///< refused (the plan does not fit the device), no_device, cuda; none when it ran
};

/// Runs `plan` on device 0: checked first (tile::mma_probe_launch_problem against the device's
/// opt-in shared memory per block, and the instruction's compute capability; nothing launches on a
/// refusal), then one CTA of plan.threads threads, every thread's C registers back, judged by
/// tile::judge_cta_mma_probe.
CtaMmaProbeRun run_cta_mma_probe(const tile::CtaMmaProbePlan& plan);

}  // namespace fragviz
