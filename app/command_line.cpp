#include "command_line.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace fragviz::app {

const char* usage_text() {
  return "usage: fragviz [options] [report.json]\n"
         "\n"
         "Shows which lane of a warp holds which element of the mma.sync fragments, what ldmatrix\n"
         "delivers, and the shared-memory banks its row addresses hit. report.json: a report written by\n"
         "fragviz-cli probe/gate --json, shown as measured data.\n"
         "\n"
         "  --config-dir DIR     settings.json and imgui.ini live here (default: $FRAGVIZ_CONFIG_DIR,\n"
         "                       $XDG_CONFIG_HOME/fragviz, ~/.config/fragviz)\n"
         "  --size WxH           window size (default 1600x1000)\n"
         "  --frames N           run N frames, then exit\n"
         "  --screenshot FILE    write the window to FILE (PNG) after --frames N (default 10), exit\n"
         "  --dump-state FILE    write the UI state as JSON whenever it changes and at exit\n"
         "  --bench FILE         time launch-to-first-frame and 300 frames with every view open; JSON\n"
         "  --bench-frames N     frames to time with --bench (default 300)\n"
         "  --no-device          do not look for a CUDA device (model only)\n"
         "  --help               this text\n";
}

std::string parse_command_line(int argc, char** argv, LaunchOptions& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&](std::string* out) -> bool {
      if (i + 1 >= argc) return false;
      *out = argv[++i];
      return true;
    };
    std::string v;
    if (a == "--help" || a == "-h") return "help";
    if (a == "--config-dir") {
      if (!value(&o.config_dir)) return "--config-dir needs a directory";
    } else if (a == "--size") {
      if (!value(&v) || std::sscanf(v.c_str(), "%dx%d", &o.width, &o.height) != 2 || o.width < 200 ||
          o.height < 200)
        return "--size needs WxH, e.g. 1600x1000";
    } else if (a == "--frames") {
      if (!value(&v) || (o.frames = std::atoi(v.c_str())) <= 0) return "--frames needs a positive number";
    } else if (a == "--screenshot") {
      if (!value(&o.screenshot)) return "--screenshot needs a file name";
    } else if (a == "--dump-state") {
      if (!value(&o.dump_state)) return "--dump-state needs a file name";
    } else if (a == "--bench") {
      if (!value(&o.bench)) return "--bench needs a file name";
    } else if (a == "--bench-frames") {
      if (!value(&v) || (o.bench_frames = std::atoi(v.c_str())) <= 0)
        return "--bench-frames needs a positive number";
    } else if (a == "--no-device") {
      o.no_device = true;
    } else if (!a.empty() && a[0] == '-') {
      return "unknown option " + a;
    } else if (o.report_path.empty()) {
      o.report_path = a;
    } else {
      return "only one report file may be given";
    }
  }
  if (!o.screenshot.empty() && o.frames < 0) o.frames = 10;
  return {};
}

}  // namespace fragviz::app
