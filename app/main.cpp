// fragviz: the window shell. GLFW + OpenGL 3.3 core + Dear ImGui main loop, shaped like ImGui's
// examples/example_glfw_opengl3/main.cpp; everything the user sees lives in App and the panels.
// Test hooks (--frames, --screenshot, --dump-state, --bench, --rescale-at) live here because they
// are about the window, not the views.
//
// Display scale (HiDPI): ImGui works in logical pixels, physical pixels divided by the scale (GLFW's
// content scale, or --scale). Each frame ImGui gets DisplaySize = framebuffer / scale and
// DisplayFramebufferScale = scale, the mouse in the same units, and fonts rasterised for the scale
// (fonts.hpp), so every view, style size and font grows with the scale and stays sharp, without any
// panel knowing. Pixel sizes asked for on the command line (--size, hence --screenshot) stay pixels.
#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <unistd.h>

#include <algorithm>
#include <cfloat>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "app.hpp"
#include "app_state.hpp"
#include "backends/imgui_impl_glfw.h"
#include "backends/imgui_impl_opengl3.h"
#include "command_line.hpp"
#include "fonts.hpp"
#include "fragviz/device/device.hpp"
#include "fragviz/util/output_path.hpp"
#include "fragviz/util/whole_file.hpp"
#include "fragviz/viewmodel/assets.hpp"
#include "gl_program.hpp"
#include "image_file.hpp"
#include "imgui.h"
#include "panels/panels.hpp"
#include "settings.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using fragviz::app::App;
using fragviz::app::AppState;
using fragviz::app::LaunchOptions;

double ms_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

/// How long the process had existed when main started, from /proc (10 ms resolution); -1 if unknown.
double process_age_ms() {
  std::ifstream stat("/proc/self/stat"), up("/proc/uptime");
  std::string text;
  std::getline(stat, text);
  const auto close = text.rfind(')');
  double uptime = 0;
  if (close == std::string::npos || !(up >> uptime)) return -1;
  std::istringstream rest(text.substr(close + 2));
  std::string field;
  unsigned long long start_ticks = 0;
  for (int i = 3; i <= 22 && rest >> field; ++i)
    if (i == 22) start_ticks = std::stoull(field);
  const double hz = static_cast<double>(sysconf(_SC_CLK_TCK));
  return (uptime - static_cast<double>(start_ticks) / hz) * 1000.0;
}

/// Writes `text` and a newline to `path`, whole or not at all (whole_file.hpp: links written
/// through, a device or FIFO in place). A failure is said on stderr, once per path; returns whether
/// the write succeeded.
bool write_output(const std::string& path, const std::string& text) {
  static std::string failed;  // the path whose failure was said last
  const auto problem = fragviz::cli::write_whole_file(path, text + '\n');
  if (problem && failed != path)
    std::fprintf(stderr, "fragviz: cannot write %s: %s\n", path.c_str(), problem->why.c_str());
  if (problem) failed = path;
  return !problem;
}

bool write_screenshot(const std::string& path, int w, int h) {
  std::vector<unsigned char> px(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
  // GL rows start at the bottom.
  std::vector<unsigned char> flipped(px.size());
  const std::size_t row = static_cast<std::size_t>(w) * 4;
  for (int y = 0; y < h; ++y)
    std::copy_n(&px[static_cast<std::size_t>(h - 1 - y) * row], row,
                &flipped[static_cast<std::size_t>(y) * row]);
  for (std::size_t i = 3; i < flipped.size(); i += 4) flipped[i] = 255;
  // The command line refused any extension but these (image_file.hpp).
  const auto format = fragviz::app::image_format_of(path).value_or(fragviz::app::ImageFormat::png);
  return fragviz::app::write_image(path, format, w, h, flipped.data(), static_cast<int>(row));
}

/// ImGui's style, in logical pixels (the display scale applies to it through the framebuffer scale).
void apply_style() {
  ImGui::StyleColorsDark();
  ImGuiStyle& st = ImGui::GetStyle();
  st.WindowRounding = 4.f;
  st.FrameRounding = 3.f;
  st.WindowPadding = ImVec2(8, 8);
  st.ItemSpacing = ImVec2(8, 5);
  fragviz::app::apply_screen_paper(st);  // window background, text, dim text: palette.json "screen"
  st.Colors[ImGuiCol_TitleBgActive] = ImVec4(0.16f, 0.26f, 0.42f, 1.f);
}

// ImGui 1.86 reads key state once per frame, so a key pressed and released within one wait (as
// xdotool and fast typists do) would never be seen, and a modifier released in the same wait as
// the key it modifies would be lost. While a press has not yet been seen by a frame, every release
// is held back and delivered after that frame.
struct KeyRelease {
  GLFWwindow* window;
  int key, scancode, mods;
};
bool g_press_unseen = false;
std::vector<KeyRelease> g_held_releases;

// Whether anything happened to the window since the last frame: the idle loop draws nothing until
// it does. Every input callback sets it (ImGui's are wrapped); cursor motion, which ImGui 1.86 polls,
// has its own callback here; a refresh request (expose, resize) counts too.
bool g_activity = true;

void key_callback(GLFWwindow* w, int key, int scancode, int action, int mods) {
  g_activity = true;
  if (action == GLFW_RELEASE && g_press_unseen) {
    g_held_releases.push_back(KeyRelease{w, key, scancode, mods});
    return;
  }
  if (action == GLFW_PRESS) g_press_unseen = true;
  ImGui_ImplGlfw_KeyCallback(w, key, scancode, action, mods);
}

void deliver_held_releases() {
  g_press_unseen = false;
  for (const KeyRelease& r : g_held_releases)
    ImGui_ImplGlfw_KeyCallback(r.window, r.key, r.scancode, GLFW_RELEASE, r.mods);
  g_held_releases.clear();
}

// ImGui 1.86's GLFW backend polls the cursor position once per frame, so a quick click followed by
// a move (a slow software-GL frame, or xdotool) would land where the pointer went next. The
// position at the press is used for the press frame and the one after it (where a click-release
// button sees the release).
double g_press_x = 0, g_press_y = 0;
int g_press_frames = 0;

void mouse_button_callback(GLFWwindow* w, int button, int action, int mods) {
  g_activity = true;
  if (action == GLFW_PRESS) {
    glfwGetCursorPos(w, &g_press_x, &g_press_y);
    g_press_frames = 2;
  }
  ImGui_ImplGlfw_MouseButtonCallback(w, button, action, mods);
}

// The content scale GLFW last reported (the window moved to another monitor, or the desktop's
// setting changed), not yet acted on. --rescale-at sets it too, as if GLFW had.
bool g_scale_reported = false;
float g_reported_scale = 1.f;

/// The display scale the app draws at, and the window resize it asked for when the scale changed.
struct DisplayScale {
  float scale = 1.f;
  int want_w = 0, want_h = 0;  ///< requested framebuffer size, while the window manager catches up
  Clock::time_point want_until;
};

/// Usable scale from whatever GLFW reports (0 or a NaN from a broken setup means 1).
float sane_scale(float s) {
  return s >= fragviz::app::kMinScale ? std::min(s, fragviz::app::kMaxScale) : 1.f;
}

/// On platforms whose window coordinates are not pixels (Wayland, macOS: a framebuffer twice the
/// window size at scale 2), sizes the window so that its framebuffer is `w` x `h` pixels.
void fit_framebuffer(GLFWwindow* window, int w, int h) {
  int ww = 0, wh = 0, fw = 0, fh = 0;
  glfwGetWindowSize(window, &ww, &wh);
  glfwGetFramebufferSize(window, &fw, &fh);
  if (ww > 0 && wh > 0 && fw > 0 && fh > 0 && (fw != ww || fh != wh))
    glfwSetWindowSize(window, static_cast<int>(std::lround(static_cast<double>(w) * ww / fw)),
                      static_cast<int>(std::lround(static_cast<double>(h) * wh / fh)));
}

/// Switches to display scale `to`: fonts rebuilt and uploaded, and (where window coordinates are
/// pixels, as on X11 and Windows) the window resized by the same ratio, so that it keeps its size
/// on the screen and every view keeps its place in logical pixels.
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
    ds.want_until = Clock::now() + std::chrono::seconds(1);
  }
  ds.scale = to;
  fragviz::app::load_fonts(fragviz::app::assets().fonts, ds.scale);
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

/// Sets ImGui's display size, framebuffer scale and mouse position in logical pixels for this
/// frame. Call right after ImGui_ImplGlfw_NewFrame (which sets them in window coordinates).
/// Returns the factor from window coordinates to logical pixels (for positions taken elsewhere).
float to_logical_pixels(GLFWwindow* window, DisplayScale& ds) {
  ImGuiIO& io = ImGui::GetIO();
  int ww = 0, wh = 0, fw = 0, fh = 0;
  glfwGetWindowSize(window, &ww, &wh);
  glfwGetFramebufferSize(window, &fw, &fh);
  // While a resize asked for by change_scale is on its way, lay out for the size it will have: a
  // frame laid out for the old size would let ImGui pull windows in from beyond its right edge.
  if (ds.want_w > 0 && ((fw == ds.want_w && fh == ds.want_h) || Clock::now() > ds.want_until))
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

/// Timings of one benchmark phase.
struct Phase {
  std::vector<double> frame_ms;   ///< swap to swap
  std::vector<double> ui_ms;      ///< NewFrame..Render (CPU: layout and draw lists)
  std::vector<double> raster_ms;  ///< clear, rendering the draw data, glFinish (llvmpipe)
  std::vector<double> swap_ms;    ///< glfwSwapBuffers after that glFinish (presenting to X)
  int vertices = 0, indices = 0, draw_cmds = 0, draw_lists = 0;  ///< of its last frame
};

/// --bench: launch to first frame, then two phases of real frames with every view open.
/// "steady": nothing changes between frames, as when the user reads the views (the grid layers
/// are shown from their textures). "changing": the selected lane changes every frame, as while
/// the user clicks through lanes, so every grid layer is rasterised again in every frame.
void install_activity_callbacks(GLFWwindow* window) {
  glfwSetKeyCallback(window, key_callback);  // wraps ImGui's (see key_callback)
  glfwSetMouseButtonCallback(window, mouse_button_callback);
  glfwSetScrollCallback(window, [](GLFWwindow* w, double x, double y) {
    g_activity = true;
    ImGui_ImplGlfw_ScrollCallback(w, x, y);
  });
  glfwSetCharCallback(window, [](GLFWwindow* w, unsigned int c) {
    g_activity = true;
    ImGui_ImplGlfw_CharCallback(w, c);
  });
  glfwSetWindowFocusCallback(window, [](GLFWwindow* w, int focused) {
    g_activity = true;
    ImGui_ImplGlfw_WindowFocusCallback(w, focused);
  });
  glfwSetCursorEnterCallback(window, [](GLFWwindow* w, int entered) {
    g_activity = true;
    ImGui_ImplGlfw_CursorEnterCallback(w, entered);
  });
  glfwSetCursorPosCallback(window, [](GLFWwindow*, double, double) { g_activity = true; });
  glfwSetWindowRefreshCallback(window, [](GLFWwindow*) { g_activity = true; });
  glfwSetFramebufferSizeCallback(window, [](GLFWwindow*, int, int) { g_activity = true; });
}

struct Bench {
  Clock::time_point main_start;
  double process_age_at_main_ms = -1;
  double first_frame_ms = -1;
  /// Where the time to the first frame goes: (step, ms since main when it ended), in order.
  std::vector<std::pair<const char*, double>> startup;
  void mark(const char* step) { startup.emplace_back(step, ms_between(main_start, Clock::now())); }
  Phase steady, changing;
  /// Frames that took in a background result (the device query, the probes, a gate run): the cost
  /// of applying it shows in them. `ms` is the whole frame, swap included; `since_main_ms` when it
  /// ended.
  struct ResultFrame {
    int frame = 0;
    std::string what;
    double ms = 0, ui_ms = 0, since_main_ms = 0;
    /// For "probe": the live report's own split (ProbeReport::cuda_init_ms, probe_ms), -1 if none.
    double cuda_init_ms = -1, probe_ms = -1;
  };
  std::vector<ResultFrame> result_frames;
  bool device = false;  ///< the run looked for a CUDA device (no --no-device)
  /// Frames over 30 ms after the first, split as the phases are, and the frames that started a job.
  struct SlowFrame {
    int frame = 0;
    double ms = 0, ui_ms = 0, raster_ms = 0, swap_ms = 0, since_main_ms = 0;
  };
  std::vector<SlowFrame> slow_frames;
  std::vector<std::pair<int, double>> probe_starts;  ///< (frame, ms since main) of each probe job's start
  std::string cuda_start;  ///< FRAGVIZ_CUDA_START (diagnostic), "" = the probe job creates the context
  /// main's own context thread ("main", "before-gl"): start and end, ms since main; -1 = none.
  double cuda_thread_start = -1, cuda_thread_end = -1;
};

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

std::string phase_json(const Phase& p) {
  double sum = 0;
  for (double v : p.frame_ms) sum += v;
  const std::vector<double>& f = p.frame_ms;
  std::ostringstream o;
  o << "{\n    \"frames\": " << f.size()
    << ",\n    \"frame_ms\": {\"mean\": " << (f.empty() ? 0 : sum / static_cast<double>(f.size()))
    << ", \"median\": " << percentile(f, 0.5) << ", \"p95\": " << percentile(f, 0.95)
    << ", \"p99\": " << percentile(f, 0.99) << ", \"max\": " << percentile(f, 1.0)
    << ", \"min\": " << percentile(f, 0.0) << "},\n"
    << "    \"ui_ms_median\": " << percentile(p.ui_ms, 0.5)
    << ", \"raster_ms_median\": " << percentile(p.raster_ms, 0.5)
    << ", \"swap_ms_median\": " << percentile(p.swap_ms, 0.5) << ",\n    \"vertices\": " << p.vertices
    << ", \"indices\": " << p.indices << ", \"draw_cmds\": " << p.draw_cmds
    << ", \"draw_lists\": " << p.draw_lists << ",\n    \"per_frame_ms\": [";
  for (std::size_t i = 0; i < f.size(); ++i) o << (i ? ", " : "") << f[i];
  o << "]\n  }";
  return o.str();
}

bool write_bench(const std::string& path, const Bench& b, int w, int h, float scale, const char* renderer) {
  std::ostringstream o;
  o << "{\n  \"size\": [" << w << ", " << h << "],\n  \"scale\": " << scale << ",\n  \"gl_renderer\": \""
    << (renderer ? renderer : "?") << "\",\n"
    << "  \"first_frame_ms_since_main\": " << b.first_frame_ms << ",\n"
    << "  \"startup_ms_since_main\": {";
  for (std::size_t i = 0; i < b.startup.size(); ++i)
    o << (i ? ", " : "") << "\"" << b.startup[i].first << "\": " << b.startup[i].second;
  o << "},\n"
    << "  \"process_age_at_main_ms\": " << b.process_age_at_main_ms << ",\n"
    << "  \"first_frame_ms_since_process_start\": "
    << (b.process_age_at_main_ms >= 0 ? b.first_frame_ms + b.process_age_at_main_ms : -1) << ",\n"
    << "  \"device\": " << (b.device ? "true" : "false") << ",\n  \"result_frames\": [";
  for (std::size_t i = 0; i < b.result_frames.size(); ++i) {
    const Bench::ResultFrame& r = b.result_frames[i];
    o << (i ? ", " : "") << "{\"frame\": " << r.frame << ", \"what\": \"" << r.what << "\", \"ms\": " << r.ms
      << ", \"ui_ms\": " << r.ui_ms << ", \"since_main_ms\": " << r.since_main_ms
      << ", \"cuda_init_ms\": " << r.cuda_init_ms << ", \"probe_ms\": " << r.probe_ms << "}";
  }
  o << "],\n  \"cuda_start\": \"" << (b.cuda_start.empty() ? "probe" : b.cuda_start)
    << "\", \"cuda_thread_ms_since_main\": [" << b.cuda_thread_start << ", " << b.cuda_thread_end << "],\n"
    << "  \"probe_starts\": [";
  for (std::size_t i = 0; i < b.probe_starts.size(); ++i)
    o << (i ? ", " : "") << "{\"frame\": " << b.probe_starts[i].first
      << ", \"since_main_ms\": " << b.probe_starts[i].second << "}";
  o << "],\n  \"slow_frames\": [";
  for (std::size_t i = 0; i < b.slow_frames.size(); ++i) {
    const Bench::SlowFrame& f = b.slow_frames[i];
    o << (i ? ",\n    " : "") << "{\"frame\": " << f.frame << ", \"ms\": " << f.ms
      << ", \"ui_ms\": " << f.ui_ms << ", \"raster_ms\": " << f.raster_ms << ", \"swap_ms\": " << f.swap_ms
      << ", \"since_main_ms\": " << f.since_main_ms << "}";
  }
  o << "],\n"
    << "  \"steady\": " << phase_json(b.steady) << ",\n  \"changing\": " << phase_json(b.changing) << "\n}";
  return write_output(path, o.str());
}

}  // namespace

int main(int argc, char** argv) {
  Bench bench;
  bench.main_start = Clock::now();
  bench.process_age_at_main_ms = process_age_ms();

  LaunchOptions opt;
  fragviz::app::WindowOptions wopt;
  if (const int exit_status = fragviz::app::parse_command_line(argc, argv, opt, wopt); exit_status >= 0)
    return exit_status;
  // Diagnostic: where the CUDA context is created (LaunchOptions::cuda_start, from
  // $FRAGVIZ_CUDA_START). "main" and "before-gl" create it on a thread of main's own, started now;
  // "before-gl" waits for it before the window (and so its GL context) exists.
  bench.cuda_start = opt.cuda_start;
  struct JoinOnExit {
    std::thread t;
    ~JoinOnExit() {
      if (t.joinable()) t.join();
    }
  } cuda_thread;
  if (!opt.no_device && (opt.cuda_start == "main" || opt.cuda_start == "before-gl")) {
    bench.cuda_thread_start = ms_between(bench.main_start, Clock::now());
    cuda_thread.t = std::thread([&bench] {
      double ms = 0;
      const std::string e = fragviz::start_cuda_context(&ms);
      bench.cuda_thread_end = ms_between(bench.main_start, Clock::now());
      std::fprintf(stderr, "fragviz: CUDA context on main's thread: %.1f ms%s%s\n", ms, e.empty() ? "" : ": ",
                   e.c_str());
    });
  }
  // Files the run will write are judged before a window opens, as fragviz-cli judges its outputs
  // (output_path.hpp): no folder, no FIFO nobody reads (opening it would hang), nothing in /proc,
  // an existing parent folder we may write in, not one file for two options.
  {
    const std::vector<fragviz::cli::OutputOption> outputs = {
        {"--bench", opt.bench}, {"--dump-state", opt.dump_state}, {"--screenshot", opt.screenshot}};
    for (const fragviz::cli::OutputOption& o : outputs)
      if (o.path == fragviz::cli::kStdoutPath) {
        std::fprintf(stderr, "fragviz: %s -: the app writes files only; give a file name\n",
                     o.option.c_str());
        return 2;
      }
    if (const auto why = fragviz::cli::outputs_problem(outputs)) {
      std::fprintf(stderr, "fragviz: %s\n", why->c_str());
      return 2;
    }
  }
  // The assets first: the layout names the default window size. A bad override file is reported
  // here and in the status strip, and the embedded one is used.
  fragviz::app::set_assets(fragviz::app::load_assets(wopt.assets_dir));
  for (const std::string& n : fragviz::app::assets().notices)
    std::fprintf(stderr, "fragviz: %s\n", n.c_str());
  // Settings are read from the config folder if it exists. Only a run that saves them creates it,
  // and never a missing home folder; without a folder the run saves nothing.
  const fragviz::app::ConfigDir config = fragviz::app::resolve_config_dir(opt.config_dir);
  // Every fault of the folder or the file goes to stderr and the status strip; a settings file that
  // cannot be read is never saved over (save_dir is then "").
  AppState state;
  const std::string save_dir =
      fragviz::app::start_settings(config, fragviz::app::persists_settings(opt), state);
  for (const std::string& n : state.settings_notices) std::fprintf(stderr, "fragviz: %s\n", n.c_str());
  const bool benching = !opt.bench.empty();
  bench.device = !opt.no_device;
  if (benching) state.windows = fragviz::app::WindowsOpen{};  // every view open

  glfwSetErrorCallback(
      [](int code, const char* text) { std::fprintf(stderr, "fragviz: GLFW error %d: %s\n", code, text); });
  if (!glfwInit()) {
    std::fprintf(stderr, "fragviz: cannot initialise GLFW (no display?)\n");
    return 1;
  }
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
  DisplayScale display;
  GLFWmonitor* monitor = glfwGetPrimaryMonitor();
  if (wopt.scale > 0) {
    display.scale = wopt.scale;
  } else if (monitor) {
    float sx = 1.f, sy = 1.f;
    glfwGetMonitorContentScale(monitor, &sx, &sy);
    display.scale = sane_scale(sx);
  }
  // --size is in pixels, as a screenshot is. Without it, the layout's size in logical pixels (times
  // the scale), made to fit the screen's work area.
  int width = opt.width, height = opt.height;
  if (!wopt.size_given) {
    const fragviz::app::Layout& layout = fragviz::app::assets().layout;
    width = static_cast<int>(std::lround(static_cast<float>(layout.window_width) * display.scale));
    height = static_cast<int>(std::lround(static_cast<float>(layout.window_height) * display.scale));
    int ax = 0, ay = 0, aw = 0, ah = 0;
    if (monitor) glfwGetMonitorWorkarea(monitor, &ax, &ay, &aw, &ah);
    if (aw > 0 && ah > 0) {
      width = std::min(width, aw);
      height = std::min(height, ah);
    }
  }
  // A window larger than the screen makes some X servers refuse the frame (Xvfb: BadValue on
  // X_ShmPutImage), so the requested size is clamped to the primary monitor's mode.
  if (monitor)
    if (const GLFWvidmode* mode = glfwGetVideoMode(monitor)) {
      if (width > mode->width || height > mode->height)
        std::fprintf(stderr, "fragviz: %dx%d is larger than the screen; using at most %dx%d\n", width, height,
                     mode->width, mode->height);
      width = std::min(width, mode->width);
      height = std::min(height, mode->height);
    }
  bench.mark("glfw_init");
  if (opt.cuda_start == "before-gl" && cuda_thread.t.joinable()) {
    cuda_thread.t.join();
    bench.mark("cuda_context");
  }
  GLFWwindow* window = glfwCreateWindow(width, height, "fragviz", nullptr, nullptr);
  bench.mark("window");
  if (!window) {
    std::fprintf(stderr, "fragviz: cannot create a GL 3.3 core window\n");
    glfwTerminate();
    return 1;
  }
  glfwMakeContextCurrent(window);
  const bool free_running = benching || opt.frames > 0;
  glfwSwapInterval(free_running ? 0 : 1);
  if (!gladLoadGL(glfwGetProcAddress)) {
    std::fprintf(stderr, "fragviz: cannot load OpenGL 3.3 functions\n");
    glfwDestroyWindow(window);
    glfwTerminate();
    return 1;
  }
  if (const GLubyte* r = glGetString(GL_RENDERER)) state.gl_renderer = reinterpret_cast<const char*>(r);

  // The window may never grow past what GL can draw into (a 32767x32767 window crashes llvmpipe).
  const int max_side = fragviz::app::gl_max_side();
  glfwSetWindowSizeLimits(window, GLFW_DONT_CARE, GLFW_DONT_CARE, max_side, max_side);
  fit_framebuffer(window, width, height);
  // The window may have opened on another monitor than the primary one; from now on GLFW says
  // when its scale changes (moved to another monitor, or the desktop's setting changed).
  if (wopt.scale <= 0) {
    float sx = 1.f, sy = 1.f;
    glfwGetWindowContentScale(window, &sx, &sy);
    if (std::abs(sane_scale(sx) - display.scale) > 0.01f) {
      g_scale_reported = true;
      g_reported_scale = sane_scale(sx);
    }
  }
  glfwSetWindowContentScaleCallback(window, [](GLFWwindow*, float sx, float) {
    g_scale_reported = true;
    g_reported_scale = sane_scale(sx);
    g_activity = true;
  });

  bench.mark("gl_loaded");
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  static std::string ini_path;  // ImGui keeps the pointer
  ini_path = config.path + "/imgui.ini";
  // Test and automation runs (--frames, --screenshot, --bench) read the user's layout but never
  // write it: a 200x200 screenshot run must not squash every panel of the next normal start.
  if (!save_dir.empty()) {
    io.IniFilename = ini_path.c_str();
  } else {
    io.IniFilename = nullptr;
    if (!config.path.empty()) ImGui::LoadIniSettingsFromDisk(ini_path.c_str());
  }
  // A double click as desktops count it (GNOME 400 ms, Windows 500 ms): ImGui's 0.30 s made a
  // user's ordinary double click in the file browser two single clicks, which only select.
  io.MouseDoubleClickTime = fragviz::app::kDoubleClickSeconds;
  apply_style();
  if (const std::string& notice =
          fragviz::app::load_fonts(fragviz::app::assets().fonts, display.scale).notice;
      !notice.empty()) {
    std::fprintf(stderr, "fragviz: %s\n", notice.c_str());
    fragviz::app::add_asset_notice(notice);
  }
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  install_activity_callbacks(window);
  // Dear ImGui's own OpenGL 3 backend draws the UI. GLSL 3.30 matches the GL 3.3 core context
  // asked for above. Its objects (and the font texture) are made now rather than on the first
  // NewFrame, so that a failure is reported here.
  bench.mark("fonts");
  const bool gl3_started = ImGui_ImplOpenGL3_Init("#version 330 core");
  if (!gl3_started || !ImGui_ImplOpenGL3_CreateDeviceObjects()) {
    std::fprintf(stderr, "fragviz: Dear ImGui's OpenGL 3 backend did not start (no shaders or fonts)\n");
    if (gl3_started) ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    glfwDestroyWindow(window);
    glfwTerminate();
    return 1;
  }

  int rc = 0;
  {
    App app(state, opt, save_dir);
    bench.mark("gl3_backend");
    if (std::string e = app.start(); !e.empty()) std::fprintf(stderr, "fragviz: %s\n", e.c_str());
    bench.mark("app_start");

    std::string last_dump;
    int frame = 0, active_frames = 10;
    Clock::time_point last_swap = Clock::now();
    while (!glfwWindowShouldClose(window) && !state.quit_requested) {
      // --rescale-at N:S: what GLFW's content-scale callback does when the window moves to a
      // monitor of scale S, after frame N (for the tests; Xvfb has one monitor of scale 1).
      if (wopt.rescale_frame > 0 && frame >= wopt.rescale_frame) {
        wopt.rescale_frame = -1;
        wopt.scale = 0;  // a forced --scale gives way, as it would not to a real monitor change
        g_scale_reported = true;
        g_reported_scale = wopt.rescale_to;
        g_activity = true;
      }
      // Idle: sleep until input; a frame is drawn only when something happened (input, expose,
      // resize), while a background job runs or has a result to collect, and for a few frames
      // after input so ImGui can settle hovers and popups. A text field being edited keeps a slow
      // 4 Hz redraw for its cursor. --frames and --bench draw every frame.
      if (free_running || app.busy() || active_frames > 0) {
        glfwPollEvents();
        --active_frames;
      } else {
        glfwWaitEventsTimeout(0.25);
        if (!g_activity && !io.WantTextInput) continue;
      }
      if (g_activity) active_frames = std::max(active_frames, 6);
      g_activity = false;
      // A new content scale (ignored under --scale): outside NewFrame..Render, as the font atlas
      // may not change in between.
      if (g_scale_reported) {
        g_scale_reported = false;
        if (wopt.scale <= 0 && std::abs(g_reported_scale - display.scale) > 0.001f) {
          change_scale(window, display, g_reported_scale, max_side);
          active_frames = std::max(active_frames, 6);
        }
      }
      {
        // Without a window manager nothing enforces the size limits (xdotool windowsize 32767
        // 32767 under Xvfb): shrink the window back before anything is drawn at that size.
        int ww = 0, wh = 0;
        glfwGetWindowSize(window, &ww, &wh);
        if (ww > max_side || wh > max_side) {
          glfwSetWindowSize(window, std::min(ww, max_side), std::min(wh, max_side));
          g_activity = true;
          continue;
        }
      }
      // --bench: which phase this frame belongs to (see Bench).
      const bool in_changing = benching && static_cast<int>(bench.steady.frame_ms.size()) >= opt.bench_frames;
      Phase& phase = in_changing ? bench.changing : bench.steady;
      if (in_changing) state.selected_lane = static_cast<int>(bench.changing.frame_ms.size() % 32);
      const auto ui_start = Clock::now();
      ImGui_ImplGlfw_NewFrame();
      const float to_logical = to_logical_pixels(window, display);
      // A --screenshot shows the app as configured, not whatever the pointer happens to hover.
      if (!opt.screenshot.empty()) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
      if (g_press_frames > 0) {
        --g_press_frames;
        io.MousePos =
            ImVec2(static_cast<float>(g_press_x) * to_logical, static_cast<float>(g_press_y) * to_logical);
      }
      ImGui::NewFrame();
      app.frame();
      ImGui::Render();
      const auto ui_end = Clock::now();
      if (frame == 0) bench.mark("first_ui");
      int fw = 0, fh = 0;
      glfwGetFramebufferSize(window, &fw, &fh);
      glViewport(0, 0, fw, fh);
      glClearColor(0.06f, 0.06f, 0.07f, 1.f);
      glClear(GL_COLOR_BUFFER_BIT);
      ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
      double raster_ms = 0;
      if (benching) {
        // Only the benchmark splits the frame: glFinish waits for llvmpipe's rasteriser threads, so
        // what follows is the cost of presenting alone.
        glFinish();
        raster_ms = ms_between(ui_end, Clock::now());
      }
      deliver_held_releases();
      ++frame;
      const bool last = opt.frames > 0 && frame >= opt.frames;
      if (last && !opt.screenshot.empty() && !write_screenshot(opt.screenshot, fw, fh)) {
        std::fprintf(stderr,
                     "fragviz: cannot write %s (the disk full, or the folder gone?); nothing written, an "
                     "existing file is kept\n",
                     opt.screenshot.c_str());
        rc = 1;
      }
      const auto swap_start = Clock::now();
      glfwSwapBuffers(window);
      const auto now = Clock::now();
      if (benching && !state.frame.results_taken.empty()) {
        Bench::ResultFrame r;
        r.frame = frame - 1;
        for (const char* w : state.frame.results_taken)
          r.what += (r.what.empty() ? "" : "+") + std::string(w);
        r.ms = ms_between(last_swap, now);
        r.ui_ms = ms_between(ui_start, ui_end);
        r.since_main_ms = ms_between(bench.main_start, now);
        if (r.what.find("probe") != std::string::npos && state.probe.origin == "live" && state.probe.report) {
          r.cuda_init_ms = state.probe.report->cuda_init_ms;
          r.probe_ms = state.probe.report->probe_ms;
        }
        bench.result_frames.push_back(std::move(r));
      }
      if (benching) {
        for (const char* w : state.frame.jobs_started)
          if (std::string(w) == "probe")
            bench.probe_starts.emplace_back(frame - 1, ms_between(bench.main_start, now));
        if (frame > 1 && ms_between(last_swap, now) > 30.0)
          bench.slow_frames.push_back({frame - 1, ms_between(last_swap, now), ms_between(ui_start, ui_end),
                                       raster_ms, ms_between(swap_start, now),
                                       ms_between(bench.main_start, now)});
      }
      if (frame == 1) {
        bench.mark("first_swap");
        glFinish();  // the first frame counts once it is really on screen
        bench.first_frame_ms = ms_between(bench.main_start, Clock::now());
      } else if (benching) {
        phase.frame_ms.push_back(ms_between(last_swap, now));
        phase.ui_ms.push_back(ms_between(ui_start, ui_end));
        phase.raster_ms.push_back(raster_ms);
        phase.swap_ms.push_back(ms_between(swap_start, now));
        const ImDrawData* dd = ImGui::GetDrawData();
        phase.vertices = dd->TotalVtxCount;
        phase.indices = dd->TotalIdxCount;
        phase.draw_lists = dd->CmdListsCount;
        phase.draw_cmds = 0;
        for (int i = 0; i < dd->CmdListsCount; ++i) phase.draw_cmds += dd->CmdLists[i]->CmdBuffer.Size;
      }
      last_swap = Clock::now();
      if (!opt.dump_state.empty()) {
        std::string text = app.state_json();
        if (text != last_dump) {
          if (!write_output(opt.dump_state, text)) rc = 1;
          last_dump = std::move(text);
        }
      }
      if (last) break;
      // With a device the run goes on (at most 60 s more) until the device query and the probes
      // are in, so that the frames that apply their results are among the timed ones.
      if (benching && static_cast<int>(bench.changing.frame_ms.size()) >= opt.bench_frames &&
          (!bench.device || !app.busy() || ms_between(bench.main_start, Clock::now()) > 60000.0))
        break;
    }
    app.shutdown();
    if (cuda_thread.t.joinable()) cuda_thread.t.join();  // bench.cuda_thread_end is read below
    if (!opt.dump_state.empty() && !write_output(opt.dump_state, app.state_json())) rc = 1;
    if (benching) {
      int fw = 0, fh = 0;
      glfwGetFramebufferSize(window, &fw, &fh);
      if (!write_bench(opt.bench, bench, fw, fh, display.scale,
                       reinterpret_cast<const char*>(glGetString(GL_RENDERER))))
        rc = 1;
    }
  }
  if (io.IniFilename) ImGui::SaveIniSettingsToDisk(io.IniFilename);
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return rc;
}
