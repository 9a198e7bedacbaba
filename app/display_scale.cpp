// The display scale's arithmetic against GLFW and ImGui: see display_scale.hpp.
#include "display_scale.hpp"

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "backends/imgui_impl_opengl3.h"
#include "command_line.hpp"
#include "fonts.hpp"
#include "fragviz/viewmodel/assets.hpp"
#include "imgui.h"

namespace fragviz::app {

float sane_scale(float s) { return s >= kMinScale ? std::min(s, kMaxScale) : 1.f; }

void fit_framebuffer(GLFWwindow* window, int w, int h) {
  int ww = 0, wh = 0, fw = 0, fh = 0;
  glfwGetWindowSize(window, &ww, &wh);
  glfwGetFramebufferSize(window, &fw, &fh);
  if (ww > 0 && wh > 0 && fw > 0 && fh > 0 && (fw != ww || fh != wh))
    glfwSetWindowSize(window, static_cast<int>(std::lround(static_cast<double>(w) * ww / fw)),
                      static_cast<int>(std::lround(static_cast<double>(h) * wh / fh)));
}

void change_scale(GLFWwindow* window, DisplayScale& ds, float to, int max_side) {
  const float ratio = to / ds.scale;
  int ww = 0, wh = 0, fw = 0, fh = 0;
  glfwGetWindowSize(window, &ww, &wh);
  glfwGetFramebufferSize(window, &fw, &fh);
  if (fw == ww && fh == wh && ww > 0 && wh > 0) {
    int tw = static_cast<int>(std::lround(static_cast<float>(ww) * ratio));
    int th = static_cast<int>(std::lround(static_cast<float>(wh) * ratio));
    // Never larger than the screen (Xvfb refuses such a frame) or than GL can draw.
    if (GLFWmonitor* monitor = glfwGetPrimaryMonitor())
      if (const GLFWvidmode* mode = glfwGetVideoMode(monitor)) {
        tw = std::min(tw, mode->width);
        th = std::min(th, mode->height);
      }
    tw = std::min(tw, max_side);
    th = std::min(th, max_side);
    glfwSetWindowSize(window, tw, th);
    ds.want_w = tw;
    ds.want_h = th;
    ds.want_until = std::chrono::steady_clock::now() + std::chrono::seconds(1);
  }
  ds.scale = to;
  load_fonts(assets().fonts, ds.scale);
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

float to_logical_pixels(GLFWwindow* window, DisplayScale& ds) {
  ImGuiIO& io = ImGui::GetIO();
  int ww = 0, wh = 0, fw = 0, fh = 0;
  glfwGetWindowSize(window, &ww, &wh);
  glfwGetFramebufferSize(window, &fw, &fh);
  // While a resize asked for by change_scale is on its way, lay out for the size it will have: a
  // frame laid out for the old size would let ImGui pull windows in from beyond its right edge.
  if (ds.want_w > 0 &&
      ((fw == ds.want_w && fh == ds.want_h) || std::chrono::steady_clock::now() > ds.want_until))
    ds.want_w = ds.want_h = 0;
  const float pw = static_cast<float>(ds.want_w > 0 ? ds.want_w : fw);
  const float ph = static_cast<float>(ds.want_h > 0 ? ds.want_h : fh);
  io.DisplaySize = ImVec2(pw / ds.scale, ph / ds.scale);
  io.DisplayFramebufferScale = ImVec2(ds.scale, ds.scale);
  const float k = (ww > 0 ? static_cast<float>(fw) / static_cast<float>(ww) : 1.f) / ds.scale;
  if (io.MousePos.x > -FLT_MAX / 2 && io.MousePos.y > -FLT_MAX / 2)
    io.MousePos = ImVec2(io.MousePos.x * k, io.MousePos.y * k);
  return k;
}

}  // namespace fragviz::app
