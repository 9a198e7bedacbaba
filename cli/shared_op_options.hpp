// `--load lds32|lds64|lds128` and `--store sts32|sts64|sts128`: a plain per-lane shared-memory
// access, one definition for every command that takes it (banks, export --view banks), so both
// spell and check it alike.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace fragviz::cli {

/// The two options as added to a command.
struct SharedOpOptions {
  CLI::Option* load = nullptr;
  CLI::Option* store = nullptr;
};

/// Adds `--load` (into `load`: lds32, lds64 or lds128) and `--store` (into `store`: sts32, sts64 or
/// sts128) to `cmd`, each excluding the other; `prefix` starts their help text ("banks: " for a
/// command of several views). Anything else is refused by CLI11 (exit 64).
SharedOpOptions add_shared_op_options(CLI::App* cmd, std::string& load, std::string& store,
                                      const std::string& prefix = "");

}  // namespace fragviz::cli
