// Window: GLFW, GL 3.3 core, Dear ImGui and its backends up and down; see window.hpp.
#include "window.hpp"

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "backends/imgui_impl_glfw.h"
#include "backends/imgui_impl_opengl3.h"
#include "file_browser_state.hpp"
#include "fonts.hpp"
#include "fragviz/viewmodel/assets.hpp"
#include "gl_program.hpp"
#include "imgui.h"
#include "input_fixups.hpp"
#include "palette.hpp"

namespace fragviz::app {
namespace {

// The content scale GLFW last reported (the window moved to another monitor, or the desktop's
// setting changed), not yet acted on. --rescale-at sets it too, as if GLFW had.
bool g_scale_reported = false;
float g_reported_scale = 1.f;

/// ImGui's style, in logical pixels (the display scale applies to it through the framebuffer scale).
void apply_style() {
  ImGui::StyleColorsDark();
  ImGuiStyle& st = ImGui::GetStyle();
  st.WindowRounding = 4.f;
  st.FrameRounding = 3.f;
  st.WindowPadding = ImVec2(8, 8);
  st.ItemSpacing = ImVec2(8, 5);
  apply_screen_paper(st);  // window background, text, dim text: palette.json "screen"
  st.Colors[ImGuiCol_TitleBgActive] = ImVec4(0.16f, 0.26f, 0.42f, 1.f);
  // Popups (the pickers' lists, menus, tooltips) opaque: the dark style's 94% let the views and the
  // picker's own preview show through its headings, two texts on one row (newcomer round 25).
  st.Colors[ImGuiCol_PopupBg].w = 1.f;
}

/// The initial window size in pixels: --size, or the layout's size in logical pixels times the
/// scale, made to fit the screen's work area; never larger than the screen (Xvfb refuses such a
/// frame: BadValue on X_ShmPutImage).
void initial_size(const WindowSetup& setup, GLFWmonitor* monitor, float scale, int* width, int* height) {
  int w = setup.width, h = setup.height;
  if (!setup.size_given) {
    const Layout& layout = assets().layout;
    w = static_cast<int>(std::lround(static_cast<float>(layout.window_width) * scale));
    h = static_cast<int>(std::lround(static_cast<float>(layout.window_height) * scale));
    int ax = 0, ay = 0, aw = 0, ah = 0;
    if (monitor) glfwGetMonitorWorkarea(monitor, &ax, &ay, &aw, &ah);
    if (aw > 0 && ah > 0) {
      w = std::min(w, aw);
      h = std::min(h, ah);
    }
  }
  if (monitor)
    if (const GLFWvidmode* mode = glfwGetVideoMode(monitor)) {
      if (w > mode->width || h > mode->height)
        std::fprintf(stderr, "fragviz: %dx%d is larger than the screen; using at most %dx%d\n", w, h,
                     mode->width, mode->height);
      w = std::min(w, mode->width);
      h = std::min(h, mode->height);
    }
  *width = w;
  *height = h;
}

}  // namespace

Window::Window(const WindowSetup& setup) { ok_ = open(setup); }

bool Window::open(const WindowSetup& setup) {
  const auto step = [&setup](const char* name) {
    if (setup.step) setup.step(name);
  };
  glfwSetErrorCallback(
      [](int code, const char* text) { std::fprintf(stderr, "fragviz: GLFW error %d: %s\n", code, text); });
  if (!glfwInit()) {
    std::fprintf(stderr, "fragviz: cannot initialise GLFW (no display?)\n");
    return false;
  }
  glfw_started_ = true;
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GL_TRUE);
  // Nothing uses depth or stencil, and without them llvmpipe may take its fast "linear" path for
  // simple opaque rectangles and textured quads (it needs a framebuffer with no depth buffer).
  glfwWindowHint(GLFW_DEPTH_BITS, 0);
  glfwWindowHint(GLFW_STENCIL_BITS, 0);
  // The display scale: --scale, else the primary monitor's content scale (the window's own, once it
  // exists, is checked below).
  forced_scale_ = setup.scale;
  GLFWmonitor* monitor = glfwGetPrimaryMonitor();
  if (setup.scale > 0) {
    display_.scale = setup.scale;
  } else if (monitor) {
    float sx = 1.f, sy = 1.f;
    glfwGetMonitorContentScale(monitor, &sx, &sy);
    display_.scale = sane_scale(sx);
  }
  int width = 0, height = 0;
  initial_size(setup, monitor, display_.scale, &width, &height);
  step("glfw_init");
  window_ = glfwCreateWindow(width, height, "fragviz", nullptr, nullptr);
  step("window");
  if (!window_) {
    std::fprintf(stderr, "fragviz: cannot create a GL 3.3 core window\n");
    return false;
  }
  glfwMakeContextCurrent(window_);
  glfwSwapInterval(setup.free_running ? 0 : 1);
  if (!gladLoadGL(glfwGetProcAddress)) {
    std::fprintf(stderr, "fragviz: cannot load OpenGL 3.3 functions\n");
    return false;
  }
  // The window may never grow past what GL can draw into (a 32767x32767 window crashes llvmpipe).
  max_side_ = gl_max_side();
  glfwSetWindowSizeLimits(window_, GLFW_DONT_CARE, GLFW_DONT_CARE, max_side_, max_side_);
  fit_framebuffer(window_, width, height);
  // The window may have opened on another monitor than the primary one; from now on GLFW says
  // when its scale changes (moved to another monitor, or the desktop's setting changed).
  if (setup.scale <= 0) {
    float sx = 1.f, sy = 1.f;
    glfwGetWindowContentScale(window_, &sx, &sy);
    if (std::abs(sane_scale(sx) - display_.scale) > 0.01f) {
      g_scale_reported = true;
      g_reported_scale = sane_scale(sx);
    }
  }
  glfwSetWindowContentScaleCallback(window_, [](GLFWwindow*, float sx, float) {
    g_scale_reported = true;
    g_reported_scale = sane_scale(sx);
    note_activity();
  });

  step("gl_loaded");
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  context_made_ = true;
  ImGuiIO& io = ImGui::GetIO();
  ini_path_ = setup.ini_path;
  save_ini_ = setup.save_ini && !ini_path_.empty();
  if (save_ini_) {
    io.IniFilename = ini_path_.c_str();
  } else {
    io.IniFilename = nullptr;
    if (!ini_path_.empty()) ImGui::LoadIniSettingsFromDisk(ini_path_.c_str());
  }
  // A double click as desktops count it (GNOME 400 ms, Windows 500 ms): ImGui's 0.30 s made a
  // user's ordinary double click in the file browser two single clicks, which only select.
  io.MouseDoubleClickTime = kDoubleClickSeconds;
  apply_style();
  if (const std::string& notice = load_fonts(assets().fonts, display_.scale).notice; !notice.empty()) {
    std::fprintf(stderr, "fragviz: %s\n", notice.c_str());
    add_asset_notice(notice);
  }
  ImGui_ImplGlfw_InitForOpenGL(window_, true);
  glfw_backend_ = true;
  install_input_callbacks(window_);
  // Dear ImGui's own OpenGL 3 backend draws the UI. GLSL 3.30 matches the GL 3.3 core context
  // asked for above. Its objects (and the font texture) are made now rather than on the first
  // NewFrame, so that a failure is reported here.
  step("fonts");
  gl3_backend_ = ImGui_ImplOpenGL3_Init("#version 330 core");
  if (!gl3_backend_ || !ImGui_ImplOpenGL3_CreateDeviceObjects()) {
    std::fprintf(stderr, "fragviz: Dear ImGui's OpenGL 3 backend did not start (no shaders or fonts)\n");
    return false;
  }
  return true;
}

Window::~Window() {
  if (ok_ && ImGui::GetIO().IniFilename) ImGui::SaveIniSettingsToDisk(ImGui::GetIO().IniFilename);
  if (gl3_backend_) ImGui_ImplOpenGL3_Shutdown();
  if (glfw_backend_) ImGui_ImplGlfw_Shutdown();
  if (context_made_) ImGui::DestroyContext();
  if (window_) glfwDestroyWindow(window_);
  if (glfw_started_) glfwTerminate();
}

const char* Window::gl_renderer() const { return reinterpret_cast<const char*>(glGetString(GL_RENDERER)); }

void Window::framebuffer_size(int* w, int* h) const { glfwGetFramebufferSize(window_, w, h); }

void Window::report_scale(float s) {
  forced_scale_ = 0;  // a forced --scale gives way, as it would not to a real monitor change
  g_scale_reported = true;
  g_reported_scale = s;
  note_activity();
}

bool Window::apply_reported_scale() {
  if (!g_scale_reported) return false;
  g_scale_reported = false;
  if (forced_scale_ > 0 || std::abs(g_reported_scale - display_.scale) <= 0.001f) return false;
  change_scale(window_, display_, g_reported_scale, max_side_);
  return true;
}

bool Window::shrink_oversized() {
  int ww = 0, wh = 0;
  glfwGetWindowSize(window_, &ww, &wh);
  if (ww <= max_side_ && wh <= max_side_) return false;
  glfwSetWindowSize(window_, std::min(ww, max_side_), std::min(wh, max_side_));
  note_activity();
  return true;
}

float Window::new_frame() {
  ImGui_ImplGlfw_NewFrame();
  return to_logical_pixels(window_, display_);
}

}  // namespace fragviz::app
