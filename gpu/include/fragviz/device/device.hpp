// The app's only door to the GPU: a plain C++ interface with no CUDA headers in it.
// Implemented in gpu/cuda/ when the build has CUDA, and by gpu/nocuda/ stubs otherwise.
#pragma once

#include <atomic>
#include <optional>
#include <string>
#include <utility>

#include "fragviz/report/report.hpp"

namespace fragviz {

/// True when this build compiled the CUDA probes and gate (CMake found nvcc).
bool built_with_cuda();

/// Queries device 0. Never throws and never aborts: with no CUDA in the build, no device or a
/// driver error, returns present=false with `error` saying which.
DeviceInfo query_device();

/// Runs every probe for `req`: the explorer's ldmatrix (refused, not launched, when
/// validate(req.tile, req.ldmatrix) fails), fragment ownership for m16n8k8 and m16n8k16 (the
/// latter skipped below sm_80), the accumulator probe, the single-tile exact check and, if asked,
/// the cycles table. A CUDA error is caught and returned in `error`; the context is never poisoned
/// by an illegal geometry because none is launched.
ProbeReport run_probes(const ProbeRequest& req);

/// Creates device 0's primary CUDA context and loads the probe kernels' modules, the start-up
/// work run_probes would otherwise do first. Returns "" or the CUDA error; `ms` (if given) gets
/// the time it took. A build without CUDA returns its reason and does nothing.
std::string start_cuda_context(double* ms = nullptr);

/// Lets a caller on another thread follow and stop a gate run.
struct GateControl {
  std::atomic<bool> cancel{false};
  std::atomic<int> progress_permille{0};  ///< 0..1000
};

/// Why `req` cannot run on `dev`, with its kind, or nullopt when it can: refused (n not a multiple
/// of 64, below 256, larger than free memory allows, a variant that needs a newer GPU), no_device
/// (no device, a build without CUDA) or cuda (the free-memory query failed). Checked before any
/// allocation; run_gate calls it too.
std::optional<Error> gate_refusal(const GateRequest& req, const DeviceInfo& dev);

/// gate_refusal's message alone, for callers that only show it.
inline std::optional<std::string> gate_can_implement(const GateRequest& req, const DeviceInfo& dev) {
  if (auto e = gate_refusal(req, dev)) return std::move(e->message);
  return std::nullopt;
}

/// Runs the gate: seeded inputs, the chosen kernel, the CUDA-core reference, the exact comparison
/// of all n*n elements, a CPU double spot check of the reference, timings and cuBLAS for scale.
/// Refusals and CUDA errors come back in `error` (message and kind) with ran=false.
GateReport run_gate(const GateRequest& req, GateControl* control = nullptr);

}  // namespace fragviz
