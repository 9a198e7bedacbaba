// The main loop: waits for something to happen, draws a frame of App, swaps, and serves the test
// hooks that are about frames (--frames, --screenshot, --dump-state, --rescale-at) and the --bench
// recorder. Shaped like the loop of Dear ImGui's examples/example_glfw_opengl3/main.cpp.
#pragma once

#include <cstdint>
#include <string>

#include "app.hpp"
#include "bench_recorder.hpp"
#include "command_line.hpp"
#include "window.hpp"

namespace fragviz::app {

/// Runs App's frames in a Window until the window closes or the user quits, --frames ran out or
/// the --bench phases are done.
class FrameLoop {
 public:
  /// All referenced objects outlive the loop; `options` and `window_options` are the command line's.
  FrameLoop(Window& window, App& app, AppState& state, const LaunchOptions& options,
            const WindowOptions& window_options, BenchRecorder& bench);

  /// Runs the frames. Returns 0, or 1 when a --screenshot or --dump-state file could not be written.
  int run();

 private:
  /// Sleeps until a frame is due (input, a running job, the frames that settle after input).
  /// Returns false when no frame is due yet.
  bool frame_due();
  /// Draws, swaps and records one frame. Returns false when the run should end after it.
  bool draw_frame();
  /// Writes the state dump when it changed since the last one written (--dump-state).
  void dump_state_if_changed();
  /// Whether this frame must be rasterised and swapped: its draw data differs from the last frame
  /// shown, the window asked for it (expose, resize), or every frame is shown (--frames, --bench).
  bool must_present(int fb_w, int fb_h);

  Window& window_;
  App& app_;
  AppState& state_;
  const LaunchOptions& opt_;
  BenchRecorder& bench_;
  int rescale_frame_ = -1;  ///< --rescale-at's frame, -1 once done
  float rescale_to_ = 0;
  bool free_running_ = false;  ///< draw every frame (--frames, --bench)
  int frame_ = 0;              ///< frames drawn
  int active_frames_ = 10;     ///< frames still to draw without waiting for input
  BenchClock::time_point last_swap_{};
  std::string last_dump_;
  std::uint64_t shown_hash_ = 0;  ///< draw_data_hash of the frame on screen (0: none yet)
  int rc_ = 0;
};

}  // namespace fragviz::app
