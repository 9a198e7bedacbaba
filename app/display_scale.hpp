// Display scale (HiDPI): ImGui works in logical pixels, physical pixels divided by the scale (GLFW's
// content scale, or --scale). Each frame ImGui gets DisplaySize = framebuffer / scale and
// DisplayFramebufferScale = scale, the mouse in the same units, and fonts rasterised for the scale
// (fonts.hpp), so every view, style size and font grows with the scale and stays sharp, without any
// panel knowing. Pixel sizes asked for on the command line (--size, hence --screenshot) stay pixels.
#pragma once

#include <chrono>

struct GLFWwindow;

namespace fragviz::app {

/// The display scale the app draws at, and the window resize it asked for when the scale changed.
struct DisplayScale {
  float scale = 1.f;
  int want_w = 0, want_h = 0;  ///< requested framebuffer size, while the window manager catches up
  std::chrono::steady_clock::time_point want_until{};
};

/// Usable scale from whatever GLFW reports (0 or a NaN from a broken setup means 1; at most
/// kMaxScale).
float sane_scale(float s);

/// On platforms whose window coordinates are not pixels (Wayland, macOS: a framebuffer twice the
/// window size at scale 2), sizes the window so that its framebuffer is `w` x `h` pixels.
void fit_framebuffer(GLFWwindow* window, int w, int h);

/// Switches to display scale `to`: fonts rebuilt and uploaded, and (where window coordinates are
/// pixels, as on X11 and Windows) the window resized by the same ratio, at most `max_side` pixels
/// and the screen, so that it keeps its size on the screen and every view keeps its place in
/// logical pixels. Call outside NewFrame..Render (the font atlas changes).
void change_scale(GLFWwindow* window, DisplayScale& ds, float to, int max_side);

/// Sets ImGui's display size, framebuffer scale and mouse position in logical pixels for this
/// frame. Call right after ImGui_ImplGlfw_NewFrame (which sets them in window coordinates).
/// Returns the factor from window coordinates to logical pixels (for positions taken elsewhere).
float to_logical_pixels(GLFWwindow* window, DisplayScale& ds);

}  // namespace fragviz::app
