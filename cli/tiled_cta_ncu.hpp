// `fragviz-cli tiled --device --ncu` (CTA mode): the copy probes that ran on the device rerun under
// Nsight Compute (ncu on PATH), each copy's shared-memory counters taken from its launch minus the
// same kernel's launch with the copies off (fragviz/tile/cta_ncu.hpp says why), beside the bank
// table's totals. `--ncu-child` is that rerun: every copy probe launched twice, a marker line after
// each launch, nothing else on standard output.
#pragma once

#include <string>
#include <vector>

#include "fragviz/tile/cta_ncu.hpp"
#include "tiled_cta_device.hpp"

namespace fragviz::cli {

/// The copies `measured` ran (A's and B's loads, C's store, A's and B's fills), each with the bank
/// table's totals of `report` where it has them, measured under ncu by rerunning this program as
/// `tiled <flag_args> --ncu-child`. Every copy's `error` says why where nothing was measured
/// (`ncu_path` "": ncu is not on PATH). Empty when no copy ran.
std::vector<tile::CtaNcuCopy> measure_under_ncu(const std::string& ncu_path,
                                                const std::vector<std::string>& flag_args,
                                                const tile::CtaTile& tile, const tile::CtaReport& report,
                                                const CtaDeviceResult& measured);

/// The ncu section of the text report: one line of metric names, then one per copy.
void print_ncu_section(const std::vector<tile::CtaNcuCopy>& copies);

/// A copy's "ncu" JSON object (inside its operand's "device" or "fill_device" object).
std::string ncu_json(const tile::CtaNcuCopy& c);

/// The `--ncu-child` run: every copy probe of `tile` launched with its copies off, then on, a
/// marker line (tile::ncu_launch_marker) after each launch that ran. Returns 0, or
/// cta_device_exit_code's code where no probe could launch.
int run_ncu_child(const tile::CtaTile& tile);

}  // namespace fragviz::cli
