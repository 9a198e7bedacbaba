// `fragviz-cli probe --layout` on device 0 (layout_probe.hpp says what it measures). Plain C++: no
// CUDA types. Implemented in gpu/cuda/layout_probe_run.cpp, and by gpu/nocuda/layout_probe_stub.cpp
// in a build without CUDA (which runs nothing and says so).
#pragma once

#include "fragviz/probe/layout_probe.hpp"
#include "fragviz/report/report.hpp"

namespace fragviz {

/// What one layout probe run gave.
struct LayoutProbeRun {
  DeviceInfo device;  ///< device 0, or why there is none
  LayoutProbe probe;  ///< ran, or skipped with the reason
  Error error;        ///< refused (the plan, the device's shared memory), no_device, cuda; none when it ran
};

/// Plans `r` for device 0 (plan_layout_probe: nothing launches on a refusal), then runs it: one
/// warp, one launch, every lane's words and address back, judged against the model.
LayoutProbeRun run_layout_probe(const LayoutProbeRequest& r);

}  // namespace fragviz
