// `fragviz-cli tiled --device` (CTA mode): each operand's copy join measured on device 0
// (fragviz/device/cta_copy_probe_run.hpp; planned and worded by fragviz/viewmodel/cta_device_view.hpp,
// as the app's CTA tile window does), the lines printed beside the model's join and the JSON.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "fragviz/device/cta_copy_probe_run.hpp"
#include "fragviz/device/cta_fill_probe_run.hpp"
#include "fragviz/device/cta_mma_probe_run.hpp"
#include "fragviz/viewmodel/cta_device_view.hpp"

namespace fragviz::cli {

using app::CtaDeviceResult;
using app::CtaOperandMeasure;
using app::measured_line;

/// Plans A, B and C of `t` (app::measure_cta_copies), its tiled MMA (app::measure_cta_mma) and A's
/// and B's cp.async fills (app::measure_cta_fills), and runs each plan on device 0.
CtaDeviceResult measure_cta_copies(const tile::CtaTile& t);

/// The exit code `r` asks for: 2 no usable GPU, 4 a CUDA error, 3 nothing could be measured, 1 a
/// register (or stored or copied byte, or C value) the model did not predict, else 0.
int cta_device_exit_code(const CtaDeviceResult& r);

/// Operand `i`'s "device" JSON object.
std::string measured_json(const CtaDeviceResult& r, std::size_t i, std::int64_t threads);

/// The top-level "tiled_mma" JSON object: the tiled MMA's C by value (CtaDeviceResult::mma).
std::string mma_json(const CtaDeviceResult& r);

/// `[row,col]`, or null.
std::string cell_json(const std::optional<tile::Cell>& c);

/// An operand's model "fill" JSON object: cells, mismatches, misaligned, verdict, first_mismatch.
std::string fill_json(const tile::CtaFill& f);

/// Operand `i`'s (0 A, 1 B) "fill_device" JSON object: the cp.async run (CtaDeviceResult::fills).
std::string fill_device_json(const CtaDeviceResult& r, std::size_t i);

/// The top-level "device" JSON object: present, name, error.
std::string device_json(const DeviceInfo& d);

}  // namespace fragviz::cli
