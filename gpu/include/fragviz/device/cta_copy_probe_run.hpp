// `fragviz-cli tiled --device`: a CTA tile's copy join measured on device 0
// (fragviz/tile/cta_copy_probe.hpp plans and judges). Plain C++: no CUDA types. Implemented in
// gpu/cuda/cta_copy_probe_run.cpp, and by gpu/nocuda/cta_copy_probe_stub.cpp in a build without
// CUDA (which runs nothing and says so). The kernel is precompiled and table-driven: the user's
// configuration never becomes code, only a checked table of addresses and an image.
#pragma once

#include <optional>

#include "fragviz/report/report.hpp"
#include "fragviz/tile/cta_copy_probe.hpp"

namespace fragviz {

/// What one copy probe run gave.
struct CtaCopyProbeRun {
  DeviceInfo device;                                 ///< device 0, or why there is none
  std::optional<tile::CtaCopyProbeVerdict> verdict;  ///< the judge's, when it ran
  Error error;  ///< refused (the plan does not fit the device), no_device, cuda; none when it ran
};

/// Runs `plan` on device 0: checked first (tile::copy_probe_launch_problem against the device's
/// opt-in shared memory per block, and sm_90 for stmatrix; nothing launches on a refusal), then one
/// CTA of plan.threads threads, every register (a store: the whole shared image) back, judged by
/// tile::judge_cta_copy_probe. A plan with its copies off (CtaCopyProbePlan::run_copies, `tiled --ncu`'s
/// baseline) runs the set-up alone and comes back with no verdict and no error.
CtaCopyProbeRun run_cta_copy_probe(const tile::CtaCopyProbePlan& plan);

}  // namespace fragviz
