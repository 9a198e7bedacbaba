#include "command_line.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/fragment.hpp"
#include "fragviz/isa/wmma.hpp"
#include "fragviz/util/cli_checks.hpp"
#include "fragviz/util/name_suggest.hpp"
#include "fragviz/util/words.hpp"
#include "image_file.hpp"

namespace fragviz::app {

int parse_command_line(int argc, char** argv, LaunchOptions& o, WindowOptions& win) {
  CLI::App cli{
      "fragviz: which lane of a warp holds which element of the mma.sync fragments, what ldmatrix\n"
      "delivers, and the shared-memory banks its row addresses hit.",
      "fragviz"};
  cli.footer(
      "Without --config-dir: $FRAGVIZ_CONFIG_DIR, else $XDG_CONFIG_HOME/fragviz, else ~/.config/fragviz\n"
      "(created when settings are saved, never a missing home folder; --frames, --screenshot and --bench\n"
      "runs save nothing and create nothing).\n"
      "--assets DIR: palette.json, layout.json and fonts.json found there replace the built-in ones\n"
      "(copies of the source tree's assets/ are a start); a bad file is reported and the built-in one used.\n"
      "--bench: launch to first frame, then --bench-frames steady frames and as many frames with the\n"
      "selected lane changing every frame (every grid drawn again), every view open. With a device (no\n"
      "--no-device) it runs on until the device query and the probes are in (60 s at most) and times\n"
      "the frames that apply their results (result_frames).\n"
      "$FRAGVIZ_CUDA_START (a diagnostic for --bench on a GPU machine): where the CUDA context is created:\n"
      "probe (the default: the first probe job), query (the device-query job), main (a thread started\n"
      "with the process) or before-gl (that thread, waited for before the window opens).");
  cli.add_option("report", o.report_path,
                 "a report written by fragviz-cli probe/gate --json, shown as measured data; or a ladder "
                 "bench (fragviz-cli bench --csv), shown in Gate > Ladder")
      ->type_name("REPORT.json|BENCH.csv");
  cli.add_option("--config-dir", o.config_dir, "settings.json and imgui.ini live here")
      ->type_name("DIR")
      ->envname("FRAGVIZ_CONFIG_DIR");
  std::string size;
  cli.add_option("--size", size, "window size in pixels (default 1600x1000 times the display scale)")
      ->type_name("WxH")
      ->check(
          [](const std::string& v) -> std::string {
            int w = 0, h = 0;
            char tail = 0;
            // The upper bound keeps the window inside what X servers and GL drivers allocate
            // (16384 is llvmpipe's and most GPUs' largest framebuffer side).
            if (std::sscanf(v.c_str(), "%dx%d%c", &w, &h, &tail) != 2 || w < 200 || h < 200 || w > 16384 ||
                h > 16384)
              return "needs WxH between 200x200 and 16384x16384, e.g. 1600x1000, got '" + echo_text(v) + "'";
            return {};
          },
          "");
  auto* frames = cli.add_option("--frames", o.frames, "run N frames, then exit")
                     ->type_name("N")
                     ->check(whole_range(1, 100000000));
  auto* screenshot =
      cli.add_option("--screenshot", o.screenshot,
                     "write the window to FILE after --frames N (default 10), then exit; PNG or JPEG by the\n"
                     "name's extension (.png, .jpg, .jpeg)")
          ->type_name("FILE")
          ->check([](const std::string& v) { return screenshot_path_problem(v); }, "");
  cli.add_option("--dump-state", o.dump_state, "write the UI state as JSON whenever it changes and at exit")
      ->type_name("FILE");
  // --bench runs its own frames, so a --screenshot (taken at the last of --frames) would never be.
  cli.add_option("--bench", o.bench,
                 "time launch to first frame and frames with every view open (JSON to FILE)")
      ->type_name("FILE")
      ->excludes(frames)
      ->excludes(screenshot);
  cli.add_option("--bench-frames", o.bench_frames, "frames per --bench phase (default 300)")
      ->type_name("N")
      ->check(whole_range(1, 100000000));
  cli.add_flag("--no-device", o.no_device, "do not look for a CUDA device (model only)");
  cli.add_option("--instr", o.instruction,
                 "select this catalogue instruction at start, by its PTX mnemonic, e.g.\n"
                 "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32, or without 'mma.sync.aligned.'\n"
                 "(fragviz-cli layout --list lists them)")
      ->type_name("MNEMONIC")
      ->check(
          [](const std::string& v) -> std::string {
            if (find_instruction_named(v)) return {};
            // The nearest names; where none is near, the entries of the shape it names.
            std::string near = did_you_mean(v, kMmaSyncNames);
            if (near.empty())
              for (const Instruction& in : catalogue())
                if (v.find(shape_name(in)) != std::string::npos)
                  near +=
                      (near.empty() ? "; entries of that shape:" : "") + std::string("\n  ") + in.mnemonic;
            return "'" + echo_text(v) +
                   "' is not in the instruction catalogue (fragviz-cli layout --list lists it)" + near;
          },
          "");
  cli.add_option("--wmma", o.wmma,
                 "show this nvcuda::wmma fragment kind in the fragments view at start, as measured (e.g.\n"
                 "wmma.m16n16k16.matrix_a.row.f16; fragviz-cli probe --list-wmma lists them)")
      ->type_name("KIND")
      ->check(
          [](const std::string& v) -> std::string {
            if (find_wmma_kind(v)) return {};
            return "'" + echo_text(v) +
                   "' is no WMMA fragment kind (fragviz-cli probe --list-wmma lists them)";
          },
          "");
  cli.add_option("--scale", win.scale,
                 "display scale (default: the screen's, from GLFW; 2 on most HiDPI screens)")
      ->type_name("S")
      ->check(
          [](const std::string& v) -> std::string {
            float sc = 0;
            char tail = 0;
            if (std::sscanf(v.c_str(), "%f%c", &sc, &tail) != 1 || !(sc >= kMinScale) || sc > kMaxScale)
              return "needs a scale from 0.5 to 4, e.g. 2, got '" + echo_text(v) + "'";
            return {};
          },
          "");
  cli.add_option("--assets", win.assets_dir, "read palette.json, layout.json, fonts.json from DIR")
      ->type_name("DIR")
      ->envname("FRAGVIZ_ASSETS");
  std::string rescale;
  cli.add_option("--rescale-at", rescale,
                 "for tests: after frame N, act as if the window moved to a screen of scale S")
      ->type_name("N:S")
      ->check(
          [](const std::string& v) -> std::string {
            int n = 0;
            float sc = 0;
            char tail = 0;
            if (std::sscanf(v.c_str(), "%d:%f%c", &n, &sc, &tail) != 2 || n < 1 || !(sc >= kMinScale) ||
                sc > kMaxScale)
              return "needs N:S, a frame N >= 1 and a scale S from 0.5 to 4, e.g. 5:2, got '" + echo_text(v) +
                     "'";
            return {};
          },
          "");
  // As in fragviz-cli: no option takes an empty value (`--dump-state ''` is a slip, not "none").
  for (CLI::Option* opt : cli.get_options())
    if (opt->get_items_expected_min() > 0) opt->check(kNonEmpty);
  try {
    cli.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return cli.exit(e);  // prints the help to stdout, returns 0
  } catch (const CLI::ParseError& e) {
    // CLI11 echoes what was typed ("not expected: ..."): a control character in it is written as
    // an escape (words.hpp's escape_controls), never sent to the terminal; its lines stay lines.
    std::string what = e.what(), shown;
    for (std::size_t start = 0; start <= what.size();) {
      const std::size_t end = std::min(what.find('\n', start), what.size());
      shown += escape_controls(std::string_view(what).substr(start, end - start));
      if (end < what.size()) shown += '\n';
      start = end + 1;
    }
    std::fprintf(stderr, "fragviz: %s\nRun 'fragviz --help' for the options.\n", shown.c_str());
    return 2;
  }
  if (!size.empty()) std::sscanf(size.c_str(), "%dx%d", &o.width, &o.height);
  win.size_given = !size.empty();
  if (!rescale.empty()) std::sscanf(rescale.c_str(), "%d:%f", &win.rescale_frame, &win.rescale_to);
  if (!o.screenshot.empty() && o.frames < 0) o.frames = 10;
  // A diagnostic for the GPU machine (LaunchOptions::cuda_start); "probe" is the default.
  if (const char* v = std::getenv("FRAGVIZ_CUDA_START"); v && *v) {
    const std::string where = v;
    if (where != "probe" && where != "query" && where != "main" && where != "before-gl") {
      std::fprintf(stderr, "fragviz: FRAGVIZ_CUDA_START=%s is not one of probe, query, main, before-gl\n",
                   where.c_str());
      return 2;
    }
    o.cuda_start = where == "probe" ? "" : where;
  }
  return -1;
}

}  // namespace fragviz::app
