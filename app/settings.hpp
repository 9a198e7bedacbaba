// Persisted choices: the controls, the selected lane, open windows, gate options and the output
// colour mode, as a small JSON file next to imgui.ini in the config directory.
#pragma once

#include <string>

#include "app_state.hpp"

namespace fragviz::app {

/// Where settings live, and the folder that must already exist before the app may create it.
struct ConfigDir {
  std::string path;         ///< "" when there is nowhere (no HOME, no XDG_CONFIG_HOME, no override)
  std::string anchor;       ///< never created: the home folder, or the folder above path
  std::string what_anchor;  ///< how messages name the anchor ("the home folder /home/ana")
};

/// The config directory: `override_dir` if set, else $FRAGVIZ_CONFIG_DIR, else
/// $XDG_CONFIG_HOME/fragviz, else ~/.config/fragviz. Creates nothing.
ConfigDir resolve_config_dir(const std::string& override_dir);

/// Creates `d.path` (and the folders between it and its anchor) if missing, but never the anchor:
/// a run with HOME=/gone does not make /gone/.config/fragviz. Returns why settings cannot be
/// saved, or "" when the folder exists now. Only runs that save settings call it.
std::string ensure_config_dir(const ConfigDir& d);

/// Loads settings.json from `dir` into `s`. A missing or unreadable file leaves `s` as it is;
/// a bad field is skipped. Returns a message for the log when the file existed but was bad.
std::string load_settings(const std::string& dir, AppState& s);

/// Writes settings.json into `dir` (via a temporary file and rename). Returns an error or "".
std::string save_settings(const std::string& dir, const AppState& s);

/// Whether a run with these options writes settings.json and imgui.ini: not for --frames,
/// --screenshot or --bench (tests and automation read the user's settings but leave them alone).
inline bool persists_settings(const LaunchOptions& o) {
  return o.frames <= 0 && o.screenshot.empty() && o.bench.empty();
}

/// The settings JSON text (also used to detect that something worth saving changed).
std::string settings_json(const AppState& s);

}  // namespace fragviz::app
