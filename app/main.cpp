// fragviz: main. Reads the command line, the assets and the settings, opens the Window, and runs
// App in the FrameLoop, shaped like Dear ImGui's examples/example_glfw_opengl3/main.cpp. Everything
// the user sees lives in App and the panels; the window in window.cpp, the loop and its test hooks
// (--frames, --screenshot, --dump-state, --rescale-at) in frame_loop.cpp, --bench in
// bench_recorder.cpp, the ImGui 1.86 input workarounds in input_fixups.cpp.
#include <cstdio>
#include <string>
#include <vector>

#include "app.hpp"
#include "app_state.hpp"
#include "bench_recorder.hpp"
#include "command_line.hpp"
#include "context_thread.hpp"
#include "fragviz/util/output_path.hpp"
#include "fragviz/viewmodel/assets.hpp"
#include "frame_loop.hpp"
#include "output_file.hpp"
#include "settings.hpp"
#include "window.hpp"

namespace {

/// Files the run will write are judged before a window opens, as fragviz-cli judges its outputs
/// (output_path.hpp): no folder, no FIFO nobody reads (opening it would hang), nothing in /proc, an
/// existing parent folder we may write in, not one file for two options. Returns whether they pass.
bool outputs_fine(const fragviz::app::LaunchOptions& opt) {
  const std::vector<fragviz::cli::OutputOption> outputs = {
      {"--bench", opt.bench}, {"--dump-state", opt.dump_state}, {"--screenshot", opt.screenshot}};
  for (const fragviz::cli::OutputOption& o : outputs)
    if (o.path == fragviz::cli::kStdoutPath) {
      std::fprintf(stderr, "fragviz: %s -: the app writes files only; give a file name\n", o.option.c_str());
      return false;
    }
  if (const auto why = fragviz::cli::outputs_problem(outputs)) {
    std::fprintf(stderr, "fragviz: %s\n", why->c_str());
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace fragviz::app;
  BenchRecorder bench;
  LaunchOptions opt;
  WindowOptions wopt;
  if (const int exit_status = parse_command_line(argc, argv, opt, wopt); exit_status >= 0) return exit_status;
  CudaStartThread cuda_thread(opt, bench);
  if (!outputs_fine(opt)) return 2;
  // The assets first: the layout names the default window size. A bad override file is reported
  // here and in the status strip, and the embedded one is used.
  set_assets(load_assets(wopt.assets_dir));
  for (const std::string& n : assets().notices) std::fprintf(stderr, "fragviz: %s\n", n.c_str());
  // Settings are read from the config folder if it exists. Only a run that saves them creates it,
  // and never a missing home folder; without a folder the run saves nothing. Every fault of the
  // folder or the file goes to stderr and the status strip; a settings file that cannot be read is
  // never saved over (save_dir is then "").
  const ConfigDir config = resolve_config_dir(opt.config_dir);
  AppState state;
  const std::string save_dir = start_settings(config, persists_settings(opt), state);
  for (const std::string& n : state.settings_notices) std::fprintf(stderr, "fragviz: %s\n", n.c_str());
  if (!opt.bench.empty()) {
    bench.enable(opt.bench_frames, !opt.no_device);
    state.windows = WindowsOpen{};  // every view open
  }

  WindowSetup setup;
  setup.scale = wopt.scale;
  setup.size_given = wopt.size_given;
  setup.width = opt.width;
  setup.height = opt.height;
  setup.free_running = bench.enabled() || opt.frames > 0;
  // Test and automation runs (--frames, --screenshot, --bench) read the user's layout but never
  // write it: a 200x200 screenshot run must not squash every panel of the next normal start.
  setup.ini_path = config.path.empty() ? "" : config.path + "/imgui.ini";
  setup.save_ini = !save_dir.empty();
  setup.step = [&](const char* step) {
    bench.mark(step);
    if (std::string(step) == "glfw_init") cuda_thread.join_if_before_gl(bench);
  };
  Window window(setup);
  if (!window.ok()) return 1;
  if (const char* r = window.gl_renderer()) state.gl_renderer = r;

  App app(state, opt, save_dir);
  bench.mark("gl3_backend");
  if (std::string e = app.start(); !e.empty()) std::fprintf(stderr, "fragviz: %s\n", e.c_str());
  bench.mark("app_start");
  // An automation run (--frames, --screenshot) whose report named on the command line did not open
  // fails at once (start() said why on stderr); an interactive one shows why and goes on.
  const fragviz::ErrorKind report_failed = app.start_report_error().kind;
  int rc = opt.frames > 0 && report_failed != fragviz::ErrorKind::none
               ? report_open_exit_status(report_failed)
               : FrameLoop(window, app, state, opt, wopt, bench).run();
  app.shutdown();
  cuda_thread.join();  // its end time is in the bench file
  if (!opt.dump_state.empty() && !write_output(opt.dump_state, app.state_json())) rc = 1;
  if (bench.enabled()) {
    int fw = 0, fh = 0;
    window.framebuffer_size(&fw, &fh);
    if (!bench.write(opt.bench, fw, fh, window.scale(), window.gl_renderer())) rc = 1;
  }
  return rc;
}
