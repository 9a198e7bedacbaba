// `fragviz-cli tiled --device` (CTA mode): each operand's copy join measured on device 0
// (fragviz/device/cta_copy_probe_run.hpp), the lines printed beside the model's join and the JSON.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "fragviz/device/cta_copy_probe_run.hpp"

namespace fragviz::cli {

/// One operand's measurement.
struct CtaOperandMeasure {
  std::string skipped;                 ///< why it was not measured (the plan's refusal); "" otherwise
  std::string instruction;             ///< the planned load (A, B) or store (C)
  bool store = false;                  ///< C's epilogue store
  int per_thread = 0;                  ///< instructions per thread
  std::optional<CtaCopyProbeRun> run;  ///< ran, or refused/failed on the device
};

/// Every operand's measurement: A's and B's loads, C's store.
struct CtaDeviceResult {
  DeviceInfo device;
  std::array<CtaOperandMeasure, 3> operands;
  /// The exit code the measurement asks for: 2 no usable GPU, 4 a CUDA error, 3 nothing could be
  /// measured, 1 a register the model did not predict, else 0.
  int exit_code() const;
};

/// Plans A, B and C of `t` (tile::plan_cta_copy_probe) and runs each plan on device 0.
CtaDeviceResult measure_cta_copies(const tile::CtaTile& t);

/// The line under operand `i`'s join: "measured on NVIDIA H200: all 8192 match (128 threads x 64
/// values), as the model predicted (ldmatrix..., 8 per thread)", the first disagreement, or why
/// nothing was measured.
std::string measured_line(const CtaDeviceResult& r, std::size_t i, std::int64_t threads);

/// Operand `i`'s "device" JSON object.
std::string measured_json(const CtaDeviceResult& r, std::size_t i, std::int64_t threads);

/// The top-level "device" JSON object: present, name, error.
std::string device_json(const DeviceInfo& d);

}  // namespace fragviz::cli
