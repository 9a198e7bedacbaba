// Command-line options of the fragviz app, parsed with CLI11 (Debian's libcli11-dev), like
// fragviz-cli.
#pragma once

#include "app_state.hpp"

namespace fragviz::app {

/// Options about the window and its data files rather than what the views show (main.cpp reads
/// them; App and the panels never need them).
struct WindowOptions {
  bool size_given = false;  ///< --size was given (pixels); else layout.json's size times the scale
  float scale = 0;          ///< --scale; 0 = follow GLFW's content scale
  std::string assets_dir;   ///< --assets DIR or $FRAGVIZ_ASSETS; "" = the embedded assets only
  int rescale_frame = -1;   ///< --rescale-at N:S: after frame N, act as if the content scale became S
  float rescale_to = 0;
};

/// The range --scale and --rescale-at accept.
inline constexpr float kMinScale = 0.5f, kMaxScale = 4.f;

/// The exit status of an automation run (--frames, --screenshot) whose report or bench named on the
/// command line did not open, by its error's kind, as fragviz-cli's rule: 5 for a file that cannot
/// be read (missing, a folder, no rights), 3 for one read that is no report this build takes.
inline int report_open_exit_status(ErrorKind k) { return k == ErrorKind::io ? 5 : 3; }

/// Parses argv into `out` and `window`. Returns -1 when the app should start; otherwise the exit
/// status for main, after printing the help (0) or what is wrong with the command line (non-zero,
/// to stderr).
int parse_command_line(int argc, char** argv, LaunchOptions& out, WindowOptions& window);

}  // namespace fragviz::app
