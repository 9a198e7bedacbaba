// FrameLoop: see frame_loop.hpp.
#include "frame_loop.hpp"

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cfloat>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "backends/imgui_impl_opengl3.h"
#include "image_file.hpp"
#include "imgui.h"
#include "input_fixups.hpp"
#include "output_file.hpp"

namespace fragviz::app {
namespace {

/// Writes the back buffer, `w` x `h` pixels, to `path` as PNG or JPEG by its extension.
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
  const auto format = image_format_of(path).value_or(ImageFormat::png);
  return write_image(path, format, w, h, flipped.data(), static_cast<int>(row));
}

/// FNV-1a's step over `n` bytes taken 8 at a time (then the rest one by one), continuing from `h`:
/// a frame's draw data is about a megabyte, hashed in well under a millisecond.
std::uint64_t fnv1a(std::uint64_t h, const void* data, std::size_t n) {
  constexpr std::uint64_t kPrime = 0x100000001b3ull;
  const auto* p = static_cast<const unsigned char*>(data);
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t w = 0;
    std::memcpy(&w, p + i, 8);
    h = (h ^ w) * kPrime;
    h ^= h >> 32;  // high bits of a word reach the low ones (each step stays one-to-one)
  }
  for (; i < n; ++i) h = (h ^ p[i]) * kPrime;
  return h;
}

/// A hash of everything ImGui's OpenGL backend draws from (vertices, indices, commands with their
/// clip rectangles and textures, the display rectangle) and of the framebuffer size: two frames
/// with the same hash put the same pixels on screen.
std::uint64_t draw_data_hash(const ImDrawData& dd, int fb_w, int fb_h) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  const float display[6] = {dd.DisplayPos.x,  dd.DisplayPos.y,       dd.DisplaySize.x,
                            dd.DisplaySize.y, dd.FramebufferScale.x, dd.FramebufferScale.y};
  const int fb[2] = {fb_w, fb_h};
  h = fnv1a(h, display, sizeof display);
  h = fnv1a(h, fb, sizeof fb);
  for (int i = 0; i < dd.CmdListsCount; ++i) {
    const ImDrawList& l = *dd.CmdLists[i];
    h = fnv1a(h, l.VtxBuffer.Data, static_cast<std::size_t>(l.VtxBuffer.Size) * sizeof(ImDrawVert));
    h = fnv1a(h, l.IdxBuffer.Data, static_cast<std::size_t>(l.IdxBuffer.Size) * sizeof(ImDrawIdx));
    for (const ImDrawCmd& c : l.CmdBuffer) {
      const float clip[4] = {c.ClipRect.x, c.ClipRect.y, c.ClipRect.z, c.ClipRect.w};
      const unsigned counts[3] = {c.ElemCount, c.IdxOffset, c.VtxOffset};
      const void* texture = c.TextureId;
      const bool callback = c.UserCallback != nullptr;
      h = fnv1a(h, clip, sizeof clip);
      h = fnv1a(h, counts, sizeof counts);
      h = fnv1a(h, &texture, sizeof texture);
      h = fnv1a(h, &callback, sizeof callback);
    }
  }
  return h == 0 ? 1 : h;
}

DrawCounts draw_counts(const ImDrawData& dd) {
  DrawCounts c;
  c.vertices = dd.TotalVtxCount;
  c.indices = dd.TotalIdxCount;
  c.draw_lists = dd.CmdListsCount;
  for (int i = 0; i < dd.CmdListsCount; ++i) c.draw_cmds += dd.CmdLists[i]->CmdBuffer.Size;
  return c;
}

}  // namespace

FrameLoop::FrameLoop(Window& window, App& app, AppState& state, const LaunchOptions& options,
                     const WindowOptions& window_options, BenchRecorder& bench)
    : window_(window),
      app_(app),
      state_(state),
      opt_(options),
      bench_(bench),
      rescale_frame_(window_options.rescale_frame),
      rescale_to_(window_options.rescale_to),
      free_running_(bench.enabled() || options.frames > 0) {}

int FrameLoop::run() {
  last_swap_ = BenchClock::now();
  while (!glfwWindowShouldClose(window_.glfw()) && !state_.quit_requested) {
    if (!frame_due()) continue;
    if (!draw_frame()) break;
  }
  return rc_;
}

bool FrameLoop::frame_due() {
  // --rescale-at N:S: what GLFW's content-scale callback does when the window moves to a monitor
  // of scale S, after frame N (for the tests; Xvfb has one monitor of scale 1).
  if (rescale_frame_ > 0 && frame_ >= rescale_frame_) {
    rescale_frame_ = -1;
    window_.report_scale(rescale_to_);
  }
  // Idle: sleep until input; a frame is drawn only when something happened (input, expose,
  // resize), while a background job runs or has a result to collect, and for a few frames after
  // input so ImGui can settle hovers and popups. A text field being edited keeps a slow 4 Hz
  // redraw for its cursor. --frames and --bench draw every frame.
  if (free_running_ || app_.busy() || active_frames_ > 0) {
    glfwPollEvents();
    --active_frames_;
  } else {
    glfwWaitEventsTimeout(0.25);
    if (!activity_pending() && !ImGui::GetIO().WantTextInput) return false;
  }
  if (take_activity()) active_frames_ = std::max(active_frames_, 6);
  // A new content scale: outside NewFrame..Render, as the font atlas may not change in between.
  if (window_.apply_reported_scale()) active_frames_ = std::max(active_frames_, 6);
  return !window_.shrink_oversized();
}

bool FrameLoop::draw_frame() {
  FrameTimes t;
  t.frame = frame_;
  t.last_swap = last_swap_;
  bench_.before_frame(state_);  // --bench: the changing phase selects its lane
  ImGuiIO& io = ImGui::GetIO();
  t.ui_start = BenchClock::now();
  const float to_logical = window_.new_frame();
  // A --screenshot shows the app as configured, not whatever the pointer happens to hover.
  if (!opt_.screenshot.empty()) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  pin_mouse_to_press(to_logical);
  ImGui::NewFrame();
  if (close_popups_on_escape()) note_activity();  // the next frames settle the closed menu
  app_.frame();
  ImGui::Render();
  t.ui_end = BenchClock::now();
  if (frame_ == 0) bench_.mark("first_ui");
  int fw = 0, fh = 0;
  window_.framebuffer_size(&fw, &fh);
  // The frames that settle after input mostly repeat the last one: then the pixels on screen are
  // already right, and a software rasteriser would spend most of the frame drawing them again.
  if (!must_present(fw, fh)) {
    ++state_.frames_skipped;
    input_frame_done();
    ++frame_;
    dump_state_if_changed();
    return true;
  }
  glViewport(0, 0, fw, fh);
  glClearColor(0.06f, 0.06f, 0.07f, 1.f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  if (bench_.enabled()) {
    // Only the benchmark splits the frame: glFinish waits for llvmpipe's rasteriser threads, so
    // what follows is the cost of presenting alone.
    glFinish();
    t.raster_ms = ms_between(t.ui_end, BenchClock::now());
  }
  input_frame_done();
  ++frame_;
  const bool last = opt_.frames > 0 && frame_ >= opt_.frames;
  if (last && !opt_.screenshot.empty() && !write_screenshot(opt_.screenshot, fw, fh)) {
    std::fprintf(stderr,
                 "fragviz: cannot write %s (the disk full, or the folder gone?); nothing written, an "
                 "existing file is kept\n",
                 opt_.screenshot.c_str());
    rc_ = 1;
  }
  t.swap_start = BenchClock::now();
  glfwSwapBuffers(window_.glfw());
  t.swap_end = BenchClock::now();
  bench_.record_frame(t, state_, draw_counts(*ImGui::GetDrawData()));
  if (frame_ == 1) {
    bench_.mark("first_swap");
    glFinish();  // the first frame counts once it is really on screen
    bench_.first_frame_shown();
  }
  last_swap_ = BenchClock::now();
  dump_state_if_changed();
  return !last && !bench_.done(app_.busy());
}

bool FrameLoop::must_present(int fb_w, int fb_h) {
  const bool requested = take_present_request();
  if (free_running_) return true;  // every frame is shown: no hash to pay for (--bench times them)
  const std::uint64_t h = draw_data_hash(*ImGui::GetDrawData(), fb_w, fb_h);
  const bool present = requested || h != shown_hash_;
  shown_hash_ = h;
  return present;
}

void FrameLoop::dump_state_if_changed() {
  if (opt_.dump_state.empty()) return;
  std::string text = app_.state_json();
  if (text == last_dump_) return;
  if (!write_output(opt_.dump_state, text)) rc_ = 1;
  last_dump_ = std::move(text);
}

}  // namespace fragviz::app
