// `fragviz-cli export`: any view as SVG, PNG, PDF or TikZ, from the same scene code the app's
// File -> Export runs (export/: views.hpp builds the Scene, writers.hpp writes it).
//
// Everything is judged before the first file is written: the view's options, the report, the
// scene itself and every requested format's bytes (a PNG too large, a build without cairo). Only
// then are the files written; one that cannot be written fails the command (exit 5). Every output
// path is judged first of all (its folder exists and is writable, it is no folder): a bad later
// path leaves no earlier file written. "-" is standard output.
#include <cctype>
#include <iostream>
#include <map>
#include <set>

#include "commands.hpp"
#include "cta_flags.hpp"
#include "fragviz/report/report_json.hpp"
#include "fragviz/smem/lane_pattern.hpp"
#include "fragviz/smem/smem_access.hpp"
#include "fragviz/util/name_suggest.hpp"
#include "fragviz/util/words.hpp"
#include "fragviz/viewmodel/assets.hpp"
#include "fragviz/viewmodel/fragments_measured.hpp"
#include "fragviz_export/views.hpp"
#include "fragviz_export/writers.hpp"
#include "input_path.hpp"
#include "shared_op_options.hpp"
#include "view_options.hpp"

namespace fragviz::cli {
namespace {

struct Opts {
  std::string view, instr, num = "x4", swizzle = "none", layout, lanes, access = "ldmatrix", report,
                           elem = "b16", operand, crop, expression, colour = "offset", palette = "light",
                           tmem = app::tmem_controls_text(app::TmemControls{});
  std::string labels = "full";    ///< fragments, warpgroup, banks: --labels, as the app's views show them
  std::string read_layout;        ///< banks: --read-layout (Layout mode)
  std::string picture = "lines";  ///< banks: --picture, the screen's lines x banks or the T/B tile
  bool trans = false, layout_mode = false;
  bool no_title = false;  ///< --no-title: no title and legend, the screen's view only
  int width = 64, pad = 8, sm = 0, lane = -1, step = -1;
  double scale = 2;
  std::string svg, png, pdf, tikz;
  std::string load, store;    ///< banks: --load / --store, as `banks` takes them (--access names either)
  CtaFlags cta;               ///< cta: the configuration, as `tiled` takes it (cta_flags.hpp)
  long long cta_thread = -1;  ///< cta: --thread
  std::map<std::string, CLI::Option*> given;  ///< view options by name, to refuse those a view ignores
};

/// The options each view reads (the rest are refused for it, so nothing given is silently dropped).
const std::map<scene::View, std::set<std::string>> kViewOptions = {
    // --thread: the same index as --lane (a warp's lane, a warpgroup's thread), as layout takes it.
    {scene::View::fragments,
     {"--instr", "--lane", "--thread", "--operand", "--crop", "--labels", "--report"}},
    {scene::View::warpgroup,
     {"--instr", "--lane", "--thread", "--operand", "--crop", "--labels", "--report"}},
    {scene::View::ldmatrix, {"--instr", "--num", "--trans", "--lane"}},
    {scene::View::stmatrix, {"--num", "--trans", "--lane", "--labels"}},
    {scene::View::movmatrix, {"--lane", "--labels"}},
    {scene::View::banks,
     {"--instr", "--num", "--trans", "--width", "--pad", "--swizzle", "--layout", "--lanes", "--access",
      "--load", "--store", "--sm", "--elem", "--lane", "--crop", "--layout-mode", "--read-layout",
      "--picture", "--labels"}},
    {scene::View::output, {"--report"}},
    {scene::View::algebra, {"--expression", "--step", "--colour"}},
    {scene::View::tmem, {"--tmem", "--crop"}},
    {scene::View::cta, {"--operand", "--crop",    "--preset",       "--mma",           "--atoms",
                        "--permute", "--copy-a",  "--copy-b",       "--copy-c",        "--value-bits",
                        "--smem-a",  "--smem-b",  "--smem-c",       "--gmem-copy-a",   "--gmem-copy-b",
                        "--tile",    "--k-block", "--reuse-c-as-a", "--register-swap", "--thread"}},
};

/// "--svg" for Format::svg: the option that names the format's file.
std::string option_of(scene::Format f) {
  std::string name(scene::to_string(f));
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return "--" + name;
}

int refuse(const std::string& why, int code = kExitRefused) {
  std::cerr << "fragviz-cli export: " << why << "\n";
  return finish_output(code);
}

int run(const Opts& o) {
  const auto view = scene::parse_view(o.view);
  if (!view) {
    return refuse("--view: '" + echo_text(o.view) + "' is none of " + scene::view_names() +
                      did_you_mean(o.view, scene::view_name_list()),
                  kExitUsage);
  }
  const auto& takes = kViewOptions.at(*view);
  for (const auto& [name, opt] : o.given)
    if (opt->count() > 0 && !takes.count(name))
      return refuse(name + " is not an option of --view " + o.view + " (it takes " +
                        (takes.empty() ? std::string("none") : [&] {
                          std::string s;
                          for (const auto& t : takes) s += (s.empty() ? "" : ", ") + t;
                          return s;
                        }()) +
                        ")",
                    kExitUsage);
  if (*view == scene::View::banks && o.picture == "tile" && o.given.at("--instr")->count() > 0 &&
      o.given.at("--num")->count() > 0)
    return refuse(
        "--instr picks the ldmatrix of its A operand (and its .num): give --instr or --num, not both",
        kExitUsage);
  // The tile picture's cells always say "T<lane> B<bank>"; --labels is the lines pictures' words.
  if (*view == scene::View::banks && o.picture == "tile" && o.given.at("--labels")->count() > 0)
    return refuse(
        "--labels sets what the lines pictures' words say; --picture tile labels every cell "
        "T<lane> B<bank>",
        kExitUsage);
  // The Layout mode draws its own layout, lanes and access: the tile controls and an instruction's
  // ldmatrix would be dropped. Its --crop is of its lines and banks (banks_layout_scene judges it).
  if (*view == scene::View::banks && o.layout_mode)
    for (const char* name : {"--instr", "--width", "--pad", "--swizzle", "--sm", "--picture"})
      if (o.given.at(name)->count() > 0)
        return refuse(std::string(name) +
                          " is not an option of the Layout mode (--layout-mode draws --layout, "
                          "--read-layout, --lanes, the access, --num/--trans and --elem)",
                      kExitUsage);
  // The outputs: at least one, no path twice.
  std::vector<std::pair<scene::Format, std::string>> outputs;
  for (const auto& [f, path] : {std::pair{scene::Format::svg, o.svg}, std::pair{scene::Format::png, o.png},
                                std::pair{scene::Format::pdf, o.pdf}, std::pair{scene::Format::tikz, o.tikz}})
    if (!path.empty()) outputs.emplace_back(f, path);
  if (outputs.empty()) return refuse("nothing to write: give --svg, --png, --pdf or --tikz FILE", kExitUsage);
  for (std::size_t i = 0; i < outputs.size(); ++i)
    for (std::size_t j = i + 1; j < outputs.size(); ++j)
      if (outputs[i].second != kStdoutPath && outputs[j].second != kStdoutPath &&
          same_output_file(outputs[i].second, outputs[j].second))
        return refuse("the same file '" + outputs[i].second + "' is given for " +
                          std::string(scene::to_string(outputs[i].first)) + " and " +
                          std::string(scene::to_string(outputs[j].first)),
                      kExitUsage);
  int to_stdout = 0;
  for (const auto& [f, path] : outputs) to_stdout += path == kStdoutPath ? 1 : 0;
  if (to_stdout > 1) return refuse("standard output ('-') can take one file only", kExitUsage);
  // Every path before any work: a later unwritable path leaves no earlier file written.
  for (const auto& [f, path] : outputs)
    if (auto why = output_path_problem({option_of(f), path}))
      return refuse(*why, exit_code_for(ErrorKind::io));
  // A name in another format (--png x.jpg, x.txt) would hold bytes its viewers can't read; judged
  // after the paths, as File > Export judges it (export_path_problem).
  for (const auto& [f, path] : outputs)
    if (path != kStdoutPath)
      if (auto why = scene::extension_mismatch(f, path)) return refuse(option_of(f) + " " + *why, kExitUsage);
  if (!scene::cairo_available())
    for (const auto& [f, path] : outputs)
      if (f == scene::Format::png || f == scene::Format::pdf)
        return refuse(std::string(scene::to_string(f)) + " (" + path + "): this fragviz-cli was " +
                      scene::cairo_description() + "; --svg and --tikz work without it");

  scene::ViewRequest r;
  r.view = *view;
  r.instr = o.instr;
  r.ldmatrix = LdmatrixConfig{*parse_num(o.num), o.trans};
  r.width_halves = o.width;
  r.pad_halves = o.pad;
  r.swizzle = o.swizzle;
  r.layout = o.layout;
  r.lanes = o.lanes;
  r.access = !o.load.empty() ? o.load : !o.store.empty() ? o.store : o.access;
  r.elem = o.elem;
  r.sm = o.sm;
  r.expression = o.expression;
  r.step = o.step > 0 ? o.step - 1 : -1;  // 1-based on the command line, as the window lists them
  r.colour = o.colour;
  r.tmem = o.tmem;
  r.labels = *scene::parse_cell_labels(o.labels);          // checked by the option
  r.bank_picture = *scene::parse_bank_picture(o.picture);  // checked by the option
  if (o.layout_mode) {
    r.layout_mode = true;
    r.layout = o.layout.empty() ? default_layout_mode_layout() : o.layout;
    r.read_layout = o.read_layout;
  }
  if (*view == scene::View::algebra && o.expression.empty())
    return refuse(
        "--view algebra draws an expression: give --expression 'logical_divide((16,64):(64,1), (8,8))'",
        kExitUsage);
  // Outside the cta view, --thread is --lane under its other name (fragments, warpgroup): messages
  // name the one typed.
  const bool lane_given = o.given.at("--lane")->count() > 0;
  const bool thread_as_lane = *view != scene::View::cta && o.given.at("--thread")->count() > 0;
  if (lane_given && thread_as_lane)
    return refuse("--lane and --thread name the same index (a warp's lane, a warpgroup's thread): give one",
                  kExitUsage);
  const long long lane = thread_as_lane ? o.cta_thread : o.lane;
  if (lane > (*view == scene::View::warpgroup ? 127 : 31))
    return refuse(std::string(thread_as_lane ? "--thread " : "--lane ") + std::to_string(lane) + ": --view " +
                  o.view + " has " + (*view == scene::View::warpgroup ? "threads 0-127" : "lanes 0-31"));
  r.lane = static_cast<int>(lane);
  if (*view == scene::View::banks && r.bank_picture == scene::BankPicture::tile &&
      o.given.at("--elem")->count() > 0 && o.layout.empty() && !o.layout_mode)
    return refuse("--elem counts a --layout's numbers: give --layout too (the tile controls are halves)",
                  kExitUsage);
  if (!o.operand.empty()) {
    if (!scene::parse_crop_operand(o.operand))
      return refuse("--operand '" + echo_text(o.operand) + "': give A, B or C (D and C/D name C too)",
                    kExitUsage);
    r.crop.operand = o.operand;
  }
  if (!o.crop.empty()) {
    const auto crop = scene::parse_crop(o.crop);
    if (!crop) return refuse(crop.error.message, kExitUsage);
    r.crop.rows = crop->rows;
    r.crop.cols = crop->cols;
    r.crop.grids = crop->grids;  // one block per grid (the app's visible region)
  }
  r.palette = app::assets().palette;
  r.dark = *scene::parse_palette_name(o.palette);  // checked by the option
  r.title_and_legend = !o.no_title;
  if (*view == scene::View::output) {
    if (o.report.empty()) return refuse("--view output needs --report FILE (a gate report)", kExitUsage);
    if (auto why = input_file_problem("--report", o.report))
      return refuse(*why, exit_code_for(ErrorKind::io));
    auto file = load_report(o.report);
    if (!file) return refuse(file.error.message, exit_code_for(file.error.kind));  // it names the file
    if (!file.value->gate) return refuse(o.report + " holds no gate report (it is a probe report)");
    r.gate = std::make_shared<const GateReport>(*file.value->gate);
  }
  if ((*view == scene::View::fragments || *view == scene::View::warpgroup) && !o.report.empty()) {
    // A probe report's marks and "measured on" line, as the app shows it opened (File > Open).
    if (auto why = input_file_problem("--report", o.report))
      return refuse(*why, exit_code_for(ErrorKind::io));
    auto file = load_report(o.report);
    if (!file) return refuse(file.error.message, exit_code_for(file.error.kind));  // it names the file
    if (!file.value->probe) return refuse(o.report + " holds no probe report (it is a gate report)");
    r.report = std::make_shared<const ProbeReport>(*file.value->probe);
    r.report_label = app::probe_report_label(*r.report);
  }
  if (*view == scene::View::cta) {
    // The configuration as `tiled` reads it: a preset and the flags on top (tile/cta_config.hpp).
    const tile::CtaSpecOutcome spec = tile::apply_cta_overrides(o.cta.overrides());
    if (!spec) return refuse(echo_text(spec.error.message), kExitUsage);
    r.cta.preset = o.cta.preset;
    r.cta.spec = *spec.spec;
    r.cta.thread = static_cast<int>(o.cta_thread);
  }
  const auto s = scene::build_scene(r);
  if (!s) return refuse(s.error.message, exit_code_for(s.error.kind));
  // Every file's bytes before the first is written: a refused PNG leaves no SVG behind.
  std::vector<std::string> bytes;
  for (const auto& [f, path] : outputs) {
    auto b = scene::scene_bytes(*s.value, f, o.scale);
    if (!b)
      return refuse(std::string(scene::to_string(f)) + " (" + path + "): " + b.error.message,
                    exit_code_for(b.error.kind));
    bytes.push_back(std::move(*b.value));
  }
  int code = kExitOk;
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const auto& [f, path] = outputs[i];
    const bool piped = path == kStdoutPath;
    Error e;
    if (piped) {
      std::cout.write(bytes[i].data(), static_cast<std::streamsize>(bytes[i].size()));
      if (!std::cout.flush()) e = Error{ErrorKind::io, "could not write to standard output"};
    } else {
      e = scene::write_file(path, bytes[i]);
    }
    if (e.kind != ErrorKind::none) {
      std::cerr << "fragviz-cli export: " << e.message << "\n";
      code = exit_code_for(e.kind);
      continue;
    }
    // With a file on standard output, what was written is said on standard error.
    std::ostream& said = to_stdout > 0 ? std::cerr : std::cout;
    said << "wrote " << (piped ? std::string("standard output") : escape_controls(path)) << " ("
         << scene::to_string(f);
    if (f == scene::Format::png) {
      const auto [w, h] = scene::png_size(*s.value, o.scale);
      said << ", " << w << " x " << h << " pixels";
    } else {
      said << ", " << static_cast<int>(s.value->width + 0.5) << " x "
           << static_cast<int>(s.value->height + 0.5) << " pt";
    }
    said << "): " << s.value->title;
    // The crop in the words File > Export shows it in ("rows 0-7 (8 rows)"): both ends included.
    if (const std::string crop = scene::describe_crop(r.crop); !crop.empty()) said << "; " << crop;
    said << "\n";
  }
  return finish_output(code);
}

}  // namespace

void add_export_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("export",
                                 "Any view as SVG, PNG, PDF or TikZ: fragments, warpgroup, ldmatrix, "
                                 "stmatrix, movmatrix, banks, output, algebra, tmem, cta");
  cmd->add_option("--view", o->view, scene::view_names())->required();
  o->given["--instr"] =
      cmd->add_option("--instr", o->instr,
                      "fragments: an mma.sync mnemonic; warpgroup: a wgmma one; ldmatrix: the "
                      "mma.sync whose cells it shows (bytes for s8); banks: an mma.sync "
                      "whose A ldmatrix loads")
          ->check(kNonEmpty);
  o->given["--num"] =
      cmd->add_option("--num", o->num, "x1, x2 or x4")->check(CLI::IsMember({"x1", "x2", "x4"}));
  o->given["--trans"] = cmd->add_flag("--trans", o->trans, ".trans");
  o->given["--width"] = cmd->add_option("--width", o->width, "banks: tile width in halves")->check(kNonEmpty);
  o->given["--pad"] =
      cmd->add_option("--pad", o->pad, "banks: pad in halves after each row")->check(kNonEmpty);
  o->given["--swizzle"] = cmd->add_option("--swizzle", o->swizzle,
                                          "banks: none, xor or a CuTe 'Swizzle<B,M,S>' on element offsets");
  o->given["--layout"] =
      cmd->add_option("--layout", o->layout,
                      "banks: the tile in CuTe notation instead of --width/--pad/--swizzle")
          ->check(kNonEmpty);
  o->given["--lanes"] = cmd->add_option("--lanes", o->lanes,
                                        "banks: each lane's address: a preset (" + lane_preset_names() +
                                            "), an expression or a table")
                            ->check(kNonEmpty);
  o->given["--access"] = cmd->add_option("--access", o->access, "banks: " + shared_op_names())
                             ->check(CLI::Validator(
                                 [](std::string& v) -> std::string {
                                   return parse_shared_op(v) ? ""
                                                             : "must be one of " + shared_op_names() +
                                                                   ", got '" + echo_text(v) + "'";
                                 },
                                 "ACCESS"));
  // --load/--store as `banks` spells them; --access (documented) stays, naming any of them.
  const SharedOpOptions plain = add_shared_op_options(cmd, o->load, o->store, "banks: ");
  for (CLI::Option* p : {plain.load, plain.store}) p->excludes(o->given["--access"]);
  o->given["--load"] = plain.load;
  o->given["--store"] = plain.store;
  const LayoutModeOptions mode = add_layout_mode_options(cmd, o->layout_mode, o->read_layout, "banks: ");
  o->given["--layout-mode"] = mode.mode;
  o->given["--read-layout"] = mode.read;
  o->given["--labels"] =
      add_labels_option(cmd, o->labels,
                        "fragments, warpgroup; banks (a word: lane or number only); stmatrix (full: T<lane> "
                        "r<register>.lo|hi, as its view's two lines); movmatrix (full: T<lane>.lo|hi and "
                        "M<row>,<col> or <T<lane>.lo|hi): ");
  o->given["--picture"] =
      cmd->add_option(
             "--picture", o->picture,
             "banks: lines (default: the bank view's screen, the unpadded and padded tile as 128-byte "
             "lines x 32 banks; --width, --pad, --swizzle none|xor, --num, --trans, --instr for the "
             "widths' unit) or tile (the tile "
             "as T/B cells with a words-per-bank chart; any --layout, --lanes, --access, --instr)")
          ->check(CLI::IsMember({"lines", "tile"}));
  o->given["--elem"] =
      cmd->add_option("--elem", o->elem,
                      "banks with --layout: element type its numbers count (b8, b16, b32, b64)")
          ->check(kNonEmpty);
  o->given["--lane"] = cmd->add_option("--lane", o->lane,
                                       "highlight one lane (warpgroup: thread 0-127): its cells outlined, "
                                       "the others faded")
                           ->check(whole_range(0, 127));
  o->given["--expression"] =
      cmd->add_option("--expression", o->expression,
                      "algebra: an expression of CuTe's layout algebra, as fragviz-cli algebra takes it")
          ->check(kNonEmpty);
  o->given["--step"] = cmd->add_option("--step", o->step,
                                       "algebra: which operation of a nested expression to draw, 1 = the "
                                       "innermost (default: the outermost)")
                           ->check(whole_range(1, 1000));
  o->given["--colour"] =
      cmd->add_option("--colour", o->colour, "algebra: colour cells by offset, row or column")
          ->check(CLI::IsMember({"offset", "row", "column"}));
  o->given["--tmem"] =
      cmd->add_option("--tmem", o->tmem,
                      "tmem: what the Tensor memory view draws, e.g. 'ld shape=16x256b num=2 warp=1 [pack16] "
                      "[split=N]' or 'accumulator m=64 n=64 cta_group=1 [sparse] [cta=0]' (model only)")
          ->check(kNonEmpty);
  for (const auto& [name, opt] : add_cta_flags(cmd, o->cta, "cta: ")) o->given[name] = opt;
  o->given["--thread"] = cmd->add_option("--thread", o->cta_thread,
                                         "cta: the thread whose cells are outlined, as the window's thread "
                                         "field (default: none); fragments, warpgroup: the same as --lane (a "
                                         "warpgroup's thread 0-127, a warp's lane 0-31): give one of them")
                             ->check(whole_range(0, 1 << 20));
  o->given["--operand"] =
      cmd->add_option("--operand", o->operand,
                      "fragments, warpgroup, cta: draw one operand only: A, B or C (C/D; D for warpgroup)")
          ->check(kNonEmpty);
  o->given["--crop"] =
      cmd->add_option(
             "--crop", o->crop,
             "fragments, warpgroup, cta, with --operand: a block of its rows and columns; banks: of the "
             "grids' lines and banks (--picture tile: of the tile's rows and columns); tmem: TMEM lanes "
             "(rows) and columns; e.g. rows=0-15,cols=0-7 (both ends included, as File > Export's; either "
             "part alone). Or a block per grid, the grids not named left out, laid out as on screen: "
             "'A:rows=0-7,cols=0-3;B:rows=0-3,cols=0-7;C:rows=0-7,cols=0-7' (fragments A, B, C; "
             "warpgroup A, D; banks unpadded, padded)")
          ->check(kNonEmpty);
  std::vector<std::string> palettes;
  for (const scene::PaletteName& p : scene::palette_names()) palettes.emplace_back(p.name);
  cmd->add_flag("--no-title", o->no_title,
                "no title and no lane or bank legend: the picture holds what the screen's view holds "
                "(File > Export's \"Title and legend\" off)");
  cmd->add_option("--palette", o->palette,
                  "light or document (default: the document palette, dark text on white) or dark or screen "
                  "(the screen's: the app's window background and text); every view")
      ->check(CLI::IsMember(palettes));
  o->given["--sm"] =
      cmd->add_option("--sm", o->sm, "banks: oldest target, e.g. 75 or 80")->check(whole_range(70, 200));
  o->given["--report"] =
      cmd->add_option(
             "--report", o->report,
             "output: a gate report (JSON); fragments, warpgroup: a probe report, its marks and measured "
             "line")
          ->check(kNonEmpty);
  // Each takes a file, or '-' for standard output (one of them; "wrote ..." then goes to standard error).
  cmd->add_option("--svg", o->svg,
                  "write SVG (vector, one <text> per label) to this file, or '-' for standard output")
      ->check(kNonEmpty);
  cmd->add_option("--png", o->png, "write PNG (cairo), or '-'")->check(kNonEmpty);
  cmd->add_option("--pdf", o->pdf, "write PDF (cairo), or '-'")->check(kNonEmpty);
  cmd->add_option("--tikz", o->tikz, "write a standalone LaTeX/TikZ document, or '-'")->check(kNonEmpty);
  cmd->add_option("--scale", o->scale, "PNG pixels per point, 0.5 to 8 (default 2)")
      ->check(finite_range(scene::kMinPngScale, scene::kMaxPngScale));
  cmd->callback([o, &exit_code] { exit_code = run(*o); });
}

}  // namespace fragviz::cli
