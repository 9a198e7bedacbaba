// Command-line options of the fragviz app.
#pragma once

#include <string>

#include "app_state.hpp"

namespace fragviz::app {

/// Parses argv into `out`. Returns "" on success, "help" for --help, else an error message.
std::string parse_command_line(int argc, char** argv, LaunchOptions& out);

/// The --help text.
const char* usage_text();

}  // namespace fragviz::app
