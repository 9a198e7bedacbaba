// Options that set what an app view shows beyond its geometry, one definition for `export` (and any
// later command that draws these views), named after the app's own settings:
//  - `--labels full|lane|number|none`: what a fragments cell says, the levels the app's fragments view
//    shows by zoom (scene::CellLabels, parse_cell_labels);
//  - `--layout-mode` and `--read-layout L`: the bank view's Layout mode (its checkbox "Layout: your
//    own layout and addresses"), `--layout` then naming the write side, defaulting to the app's
//    (app::LayoutControls).
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace fragviz::cli {

/// Adds `--labels` (into `labels`, checked against scene::cell_labels_names()); `prefix` starts its
/// help text ("fragments: "). Anything else is refused by CLI11 (exit 64).
CLI::Option* add_labels_option(CLI::App* cmd, std::string& labels, const std::string& prefix = "");

/// The two Layout-mode options as added to a command.
struct LayoutModeOptions {
  CLI::Option* mode = nullptr;  ///< --layout-mode
  CLI::Option* read = nullptr;  ///< --read-layout, which needs --layout-mode
};

/// Adds `--layout-mode` (into `mode`) and `--read-layout` (into `read_layout`); `prefix` starts
/// their help text ("banks: ").
LayoutModeOptions add_layout_mode_options(CLI::App* cmd, bool& mode, std::string& read_layout,
                                          const std::string& prefix = "");

/// The write side the Layout mode shows when `--layout` is not given: the app's own default.
std::string default_layout_mode_layout();

}  // namespace fragviz::cli
