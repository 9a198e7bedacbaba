// `fragviz-cli tiled --device`: a CTA tile's global -> shared stage (cp.async) measured on device
// 0 (fragviz/tile/cta_fill_probe.hpp plans and judges). Plain C++: no CUDA types. Implemented in
// gpu/cuda/cta_fill_probe_run.cpp, and by gpu/nocuda/cta_fill_probe_stub.cpp in a build without
// CUDA (which runs nothing and says so). The kernel is precompiled and table-driven: the user's
// configuration never becomes code, only a checked table of addresses and a global image.
#pragma once

#include <optional>

#include "fragviz/report/report.hpp"
#include "fragviz/tile/cta_fill_probe.hpp"

namespace fragviz {

/// What one fill probe run gave.
struct CtaFillProbeRun {
  DeviceInfo device;                                 ///< device 0, or why there is none
  std::optional<tile::CtaFillProbeVerdict> verdict;  ///< the judge's, when it ran
  Error error;  ///< refused (the plan does not fit the device, or below sm_80), no_device, cuda
};

/// Runs `plan` on device 0: checked first (tile::fill_probe_launch_problem against the device's
/// opt-in shared memory per block, and sm_80 for cp.async; nothing launches on a refusal), then
/// one CTA of plan.threads threads, the shared image back, judged by tile::judge_cta_fill_probe. A
/// plan with its copies off (`tiled --ncu`'s baseline) comes back with no verdict and no error.
CtaFillProbeRun run_cta_fill_probe(const tile::CtaFillProbePlan& plan);

}  // namespace fragviz
