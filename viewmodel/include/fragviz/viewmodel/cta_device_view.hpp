// A CTA tile's copy joins measured on a GPU (issue 25), for `fragviz-cli tiled --device` and the CTA
// tile window's "Run on GPU": each operand planned (tile::plan_cta_copy_probe; the tiled MMA and
// A's and B's cp.async fill likewise), run by the caller's
// runner (run_cta_copy_probe on device 0, on a thread of the caller's choosing) and worded the same
// in both. No device call here, nor the device API's headers: the runner is passed in and gives
// back what run_cta_copy_probe's CtaCopyProbeRun holds (its error and verdict).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "fragviz/report/report.hpp"
#include "fragviz/tile/cta_copy_probe.hpp"
#include "fragviz/tile/cta_fill_probe.hpp"
#include "fragviz/tile/cta_mma_check.hpp"

namespace fragviz::app {

/// What one plan's run gave: CtaCopyProbeRun's verdict and error (none when it ran).
struct CtaProbeOutcome {
  std::optional<tile::CtaCopyProbeVerdict> verdict;
  Error error;
};

/// One operand's measurement.
struct CtaOperandMeasure {
  std::string skipped;      ///< why it was not measured (the plan's refusal); "" otherwise
  std::string instruction;  ///< the planned load (A, B) or store (C)
  bool store = false;       ///< C's epilogue store
  int per_thread = 0;       ///< instructions per thread
  /// The register swap after the loads (CtaTile::swap) the probe does not run: "" none.
  std::string swap_after;
  std::optional<CtaProbeOutcome> run;  ///< ran, or refused/failed on the device; none without one
};

/// What the tiled-MMA probe's run gave: CtaMmaProbeRun's verdict and error (none when it ran).
struct CtaMmaOutcome {
  std::optional<tile::CtaMmaVerdict> verdict;
  Error error;
};

/// The tiled MMA run over unique-valued A and B (tile::plan_cta_mma_probe), C judged by value.
struct CtaMmaMeasure {
  bool attempted = false;            ///< measure_cta_mma filled it
  std::string skipped;               ///< why it was not run (the plan's refusal); "" otherwise
  std::string instruction;           ///< the mma.sync
  int per_thread = 0;                ///< mma.sync instructions per thread
  std::optional<CtaMmaOutcome> run;  ///< ran, or refused/failed on the device; none without one
};

/// What the cp.async fill probe's run gave: CtaFillProbeRun's verdict and error (none when it ran).
struct CtaFillOutcome {
  std::optional<tile::CtaFillProbeVerdict> verdict;
  Error error;
};

/// A's or B's global -> shared copy run with the real addresses (tile::plan_cta_fill_probe).
struct CtaFillMeasure {
  bool attempted = false;             ///< the operand has a gmem copy: measure_cta_fills planned it
  std::string skipped;                ///< why it was not run (the plan's refusal); "" otherwise
  std::string instruction;            ///< the cp.async
  int per_thread = 0;                 ///< cp.async per thread
  std::optional<CtaFillOutcome> run;  ///< ran, or refused/failed on the device; none without one
};

/// Every operand's measurement: A's and B's loads, C's store; the tiled MMA's C by value; A's and
/// B's cp.async fill.
struct CtaDeviceResult {
  DeviceInfo device;
  std::array<CtaOperandMeasure, 3> operands;  ///< A, B, C
  CtaMmaMeasure mma;
  std::array<CtaFillMeasure, 2> fills;  ///< A, B
};

/// Runs one plan on the device (run_cta_copy_probe's error and verdict, or a stand-in in tests).
using CtaProbeRunner = std::function<CtaProbeOutcome(const tile::CtaCopyProbePlan&)>;

/// Plans A, B and C of `t`; where `device` is present, runs each plan with `run`.
CtaDeviceResult measure_cta_copies(const tile::CtaTile& t, const DeviceInfo& device,
                                   const CtaProbeRunner& run);

/// Runs the tiled-MMA plan on the device (run_cta_mma_probe's error and verdict, or a stand-in).
using CtaMmaRunner = std::function<CtaMmaOutcome(const tile::CtaMmaProbePlan&)>;

/// Plans `t`'s tiled MMA; where `device` is present, runs it with `run`.
CtaMmaMeasure measure_cta_mma(const tile::CtaTile& t, const DeviceInfo& device, const CtaMmaRunner& run);

/// Runs the fill plan on the device (run_cta_fill_probe's error and verdict, or a stand-in).
using CtaFillRunner = std::function<CtaFillOutcome(const tile::CtaFillProbePlan&)>;

/// Plans A's and B's fills of `t` (those with a gmem copy); where `device` is present, runs each.
std::array<CtaFillMeasure, 2> measure_cta_fills(const tile::CtaTile& t, const DeviceInfo& device,
                                                const CtaFillRunner& run);

/// The line under operand `i`'s (0 A, 1 B) model fill: "cp.async measured on NVIDIA H200
/// (cp.async.cg.shared.global.L2::128B, 4 per thread): all 4096 shared cells hold their element
/// (...), as the model predicted", "THE MODEL DISAGREES: " and the first disagreement, or why
/// nothing ran ("cp.async: not probed: ...", "cp.async: not run: ..."); "" when not attempted.
std::string fill_measured_line(const CtaDeviceResult& r, std::size_t i);

/// The line after the operands' lines: "tiled MMA measured on NVIDIA H200 (mma.sync..., 32 per
/// thread): all 16384 C values match A x B^T, as the model predicted", the first wrong C register,
/// or why nothing ran ("tiled MMA: not probed: ...", "tiled MMA: not run: ..."); "" when not attempted.
std::string mma_measured_line(const CtaDeviceResult& r);

/// Why nothing runs without a device: "no usable GPU: <device.error>" (the CLI's words too).
std::string cta_no_device_text(const DeviceInfo& device);

/// The line under operand `i`'s join (0 A, 1 B, 2 C): "measured on NVIDIA H200 (ldmatrix..., 8 per
/// thread): all 8192 match (128 threads x 64 values), as the model predicted", "THE MODEL
/// DISAGREES: " and the first disagreement, or why nothing was measured ("measured: not probed:
/// ...", "measured: not run: no usable GPU: ...").
std::string measured_line(const CtaDeviceResult& r, std::size_t i, std::int64_t threads);

}  // namespace fragviz::app
