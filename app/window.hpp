// The app's window: GLFW, an OpenGL 3.3 core context, Dear ImGui (context, style, fonts, GLFW and
// OpenGL 3 backends) and fragviz's input callbacks, set up in the constructor and torn down once,
// in the destructor, whatever step failed. Also the display scale the window draws at
// (display_scale.hpp) and the content-scale changes GLFW reports.
#pragma once

#include <functional>
#include <string>

#include "display_scale.hpp"

struct GLFWwindow;

namespace fragviz::app {

/// What the window is opened with (from the command line and the config folder).
struct WindowSetup {
  float scale = 0;            ///< --scale; 0 = follow the monitor's content scale
  bool size_given = false;    ///< --size was given: width x height pixels; else layout.json's size
  int width = 0, height = 0;  ///< --size, pixels
  bool free_running = false;  ///< swap without waiting for vsync (--frames, --bench)
  /// imgui.ini, the panels' places: "" for none; written back at close only when `save_ini`
  /// (automation runs read the user's layout but never write it).
  std::string ini_path;
  bool save_ini = false;
  /// Called as each startup step ends, by name: "glfw_init" (just before the window is created),
  /// "window", "gl_loaded", "fonts" (BenchRecorder::mark; main also joins a context thread there).
  std::function<void(const char*)> step;
};

/// The open window. Not copyable; one per process (GLFW's and ImGui's state are global).
class Window {
 public:
  /// Opens the window. On failure says why on stderr and ok() is false; what was started is
  /// torn down by the destructor.
  explicit Window(const WindowSetup& setup);
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  /// Whether every step succeeded.
  bool ok() const { return ok_; }
  GLFWwindow* glfw() const { return window_; }
  /// GL_RENDERER, or null where GL gave none.
  const char* gl_renderer() const;
  /// The largest side GL can draw (gl_program.hpp's gl_max_side), pixels.
  int max_side() const { return max_side_; }
  /// The display scale drawn at now.
  float scale() const { return display_.scale; }
  /// The framebuffer's size now, pixels.
  void framebuffer_size(int* w, int* h) const;

  /// Acts as if GLFW had reported content scale `s` (--rescale-at); a forced --scale gives way.
  void report_scale(float s);
  /// Outside NewFrame..Render: switches to a content scale GLFW reported (ignored under --scale).
  /// Returns whether the scale changed.
  bool apply_reported_scale();
  /// Shrinks a window grown past max_side (nothing enforces the size limits without a window
  /// manager: xdotool windowsize 32767 32767 under Xvfb). Returns whether it did; the frame is
  /// then skipped.
  bool shrink_oversized();
  /// Starts an ImGui frame's input: the GLFW backend's NewFrame, then logical pixels
  /// (to_logical_pixels). Returns the factor from window coordinates to logical pixels.
  float new_frame();

 private:
  bool open(const WindowSetup& setup);
  bool ok_ = false;
  bool glfw_started_ = false, context_made_ = false, glfw_backend_ = false, gl3_backend_ = false;
  bool save_ini_ = false;
  float forced_scale_ = 0;  ///< --scale, until --rescale-at overrides it
  GLFWwindow* window_ = nullptr;
  int max_side_ = 0;
  DisplayScale display_;
  std::string ini_path_;  ///< ImGui keeps a pointer to it
};

}  // namespace fragviz::app
