// --bench: where the time to the first frame goes, then two phases of real frames with every view
// open, written as JSON (docs/benchmarks/gui-frame-times.md reads it; tools/bench-gui.sh runs it).
// "steady": nothing changes between frames, as when the user reads the views (the grid layers are
// shown from their textures). "changing": the selected lane changes every frame, as while the user
// clicks through lanes, so every grid layer is rasterised again in every frame.
// The startup steps are marked in every run (cheap); the rest is recorded only when benching.
#pragma once

#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include "app_state.hpp"

namespace fragviz::app {

/// The clock of every bench time.
using BenchClock = std::chrono::steady_clock;

/// Milliseconds from `a` to `b`.
double ms_between(BenchClock::time_point a, BenchClock::time_point b);

/// Timings of one benchmark phase.
struct BenchPhase {
  std::vector<double> frame_ms;   ///< swap to swap
  std::vector<double> ui_ms;      ///< NewFrame..Render (CPU: layout and draw lists)
  std::vector<double> raster_ms;  ///< clear, rendering the draw data, glFinish (llvmpipe)
  std::vector<double> swap_ms;    ///< glfwSwapBuffers after that glFinish (presenting to X)
  int vertices = 0, indices = 0, draw_cmds = 0, draw_lists = 0;  ///< of its last frame
};

/// When the parts of one drawn frame began and ended.
struct FrameTimes {
  int frame = 0;                       ///< its index, from 0
  BenchClock::time_point last_swap{};  ///< the previous frame's end
  BenchClock::time_point ui_start{}, ui_end{}, swap_start{}, swap_end{};
  double raster_ms = 0;  ///< measured only when benching (glFinish)
};

/// The size of the last frame's draw data (ImDrawData's counts).
struct DrawCounts {
  int vertices = 0, indices = 0, draw_cmds = 0, draw_lists = 0;
};

/// Records a run's startup steps and, under --bench, its frames; writes them as JSON.
class BenchRecorder {
 public:
  /// Starts the clock: make it first thing in main.
  BenchRecorder();

  /// Turns frame recording on (--bench FILE), with `frames_per_phase` frames in each phase;
  /// `device`: the run looks for a CUDA device (no --no-device).
  void enable(int frames_per_phase, bool device);
  bool enabled() const { return enabled_; }

  /// Milliseconds since main started.
  double since_main_ms() const;
  /// Marks the end of a startup step (its name must outlive the recorder: a literal).
  void mark(const char* step);
  /// The first frame is on the screen (after its glFinish).
  void first_frame_shown();

  /// FRAGVIZ_CUDA_START ("" = the probe job), and main's own context thread's start and end in ms
  /// since main (-1 = none).
  void set_cuda_start(const std::string& where) { cuda_start_ = where; }
  void set_cuda_thread_start(double ms) { cuda_thread_start_ = ms; }
  void set_cuda_thread_end(double ms) { cuda_thread_end_ = ms; }

  /// Whether the coming frame belongs to the "changing" phase; it then selects the lane it shows.
  bool before_frame(AppState& state) const;
  /// Records a frame that has been swapped: the results it took in and the jobs it started (from
  /// `state.frame`), a slow frame, and its phase's timings (every frame after the first).
  void record_frame(const FrameTimes& t, const AppState& state, const DrawCounts& draw);
  /// Whether both phases are done and, with a device, its results are in (`busy`: background jobs
  /// still run) or 60 s have passed since main.
  bool done(bool busy) const;

  /// Writes the JSON to `path` (write_output). `w` x `h`: the framebuffer; `renderer`: GL_RENDERER
  /// (null: "?"). Returns whether the file was written.
  bool write(const std::string& path, int w, int h, float scale, const char* renderer) const;

 private:
  /// A frame that took in a background result (the device query, the probes, a gate run): the
  /// cost of applying it shows in it. `ms` is the whole frame, swap included; `since_main_ms` when
  /// it ended.
  struct ResultFrame {
    int frame = 0;
    std::string what;
    double ms = 0, ui_ms = 0, since_main_ms = 0;
    /// For "probe": the live report's own split (ProbeReport::cuda_init_ms, probe_ms), -1 if none.
    double cuda_init_ms = -1, probe_ms = -1;
  };
  /// A frame over 30 ms after the first, split as the phases are.
  struct SlowFrame {
    int frame = 0;
    double ms = 0, ui_ms = 0, raster_ms = 0, swap_ms = 0, since_main_ms = 0;
  };
  bool enabled_ = false;
  int frames_per_phase_ = 0;
  BenchClock::time_point main_start_;
  double process_age_at_main_ms_ = -1;
  double first_frame_ms_ = -1;
  /// Where the time to the first frame goes: (step, ms since main when it ended), in order.
  std::vector<std::pair<const char*, double>> startup_;
  BenchPhase steady_, changing_;
  std::vector<ResultFrame> result_frames_;
  bool device_ = false;
  std::vector<SlowFrame> slow_frames_;
  std::vector<std::pair<int, double>> probe_starts_;  ///< (frame, ms since main) of each probe job's start
  std::string cuda_start_;
  double cuda_thread_start_ = -1, cuda_thread_end_ = -1;
};

}  // namespace fragviz::app
