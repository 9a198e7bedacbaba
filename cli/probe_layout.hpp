// `fragviz-cli probe --layout ...` (probe_layout.cpp): options and the run, apart from the
// catalogue probes of cmd_probe.cpp.
#pragma once

#include <cstddef>
#include <string>

#include "commands.hpp"
#include "fragviz/probe/layout_probe.hpp"

namespace fragviz::cli {

struct LayoutProbeOptions {
  LayoutProbeRequest request;
  std::string load = "ldmatrix";
  bool ncu = false, ncu_child = false;
  std::string json;  ///< probe's --json
};

/// `name` (an executable) in a folder of PATH, or "" when none has it.
std::string find_on_path(const std::string& name);
/// This program's own path (/proc/self/exe), or "" when it cannot be read: what `--ncu` reruns.
std::string self_path();
/// `cmd`'s standard output (a shell command line), at most `max_bytes` of it; `status` its exit
/// status (-1 when it could not start or did not exit).
std::string run_capture(const std::string& cmd, int& status, std::size_t max_bytes);

/// Adds --layout, --read-layout, --lanes, --load, --elem, --ncu, --ncu-child to `probe`.
void add_layout_probe_options(CLI::App& cmd, LayoutProbeOptions& o);

/// Runs the layout probe (`config`: probe's --num and --trans) and returns the exit code: 0 all as
/// predicted, 1 a difference (named), 2 no usable GPU, 3 refused before launch, 4 CUDA error, 5
/// --json not written.
int run_layout_probe_command(LayoutProbeOptions o, LdmatrixConfig config);

}  // namespace fragviz::cli
