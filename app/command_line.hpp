// Command-line options of the fragviz app, parsed with CLI11 (Debian's libcli11-dev), like
// fragviz-cli.
#pragma once

#include "app_state.hpp"

namespace fragviz::app {

/// Parses argv into `out`. Returns -1 when the app should start; otherwise the exit status for
/// main, after printing the help (0) or what is wrong with the command line (non-zero, to stderr).
int parse_command_line(int argc, char** argv, LaunchOptions& out);

}  // namespace fragviz::app
