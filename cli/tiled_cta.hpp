// `fragviz-cli tiled` in CTA mode (--preset, --smem-a/-b/-c, --tile, --k-block, --json): the CTA
// tile of model/tile/cta_tile.hpp, its joins through the shared layouts and every warp's bank
// wavefronts per k-block (cmd_tiled_cta.cpp).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "fragviz/tile/cta_tile.hpp"

namespace fragviz::cli {

/// What the command line gave; `spec` already holds the preset with the flags given on top.
struct CtaCliOptions {
  tile::CtaTileSpec spec;
  std::string preset;  ///< its name, "" for none
  long long thread = -1;
  bool csv = false;
  std::string json;  ///< a path, "-" standard output, "" none
  bool suggest = true;
  bool device = false;     ///< measure A's and B's loads on device 0 (tiled_cta_device.hpp)
  bool ncu = false;        ///< --ncu: the copies' counters under Nsight Compute (tiled_cta_ncu.hpp)
  bool ncu_child = false;  ///< --ncu-child: the rerun ncu profiles (tiled_cta_ncu.hpp)
  std::vector<std::string> flag_args;  ///< the CTA flags as given (cta_flag_args), for the rerun
};

/// Runs the CTA mode; returns the exit code (0, 1 when a join finds a wrong value or the device a
/// register the model did not predict (or --ncu a count), 2 --device without a usable GPU or --ncu
/// without ncu on PATH, 3 refused or nothing to
/// measure, 4 a CUDA error, 5 the JSON could not be written, 64 a bad command line).
int run_tiled_cta(const CtaCliOptions& o);

/// `s` as a JSON string literal, quotes and control characters escaped.
std::string json_string(const std::string& s);

/// Every preset, one line each: name and the kernel it reproduces (CSV: name,source).
int print_cta_presets(bool csv);

}  // namespace fragviz::cli
