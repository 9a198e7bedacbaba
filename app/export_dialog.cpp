#include "export_dialog.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

#include "app_state.hpp"
#include "fragviz/util/output_path.hpp"
#include "fragviz/viewmodel/assets.hpp"
#include "window_names.hpp"

namespace fragviz::app {

std::optional<scene::View> export_view_of_window(std::string_view name) {
  static const std::pair<const char*, scene::View> kWindows[] = {
      {kWinFragments, scene::View::fragments}, {kWinLdmatrix, scene::View::ldmatrix},
      {kWinBanks, scene::View::banks},         {kWinOutput, scene::View::output},
      {kWinWarpgroup, scene::View::warpgroup}, {kWinMatrixMoves, scene::View::stmatrix},
      {kWinAlgebra, scene::View::algebra},     {kWinTmem, scene::View::tmem},
      {kWinCtaTile, scene::View::cta}};
  for (const auto& [window, view] : kWindows)
    if (name == window) return view;
  return std::nullopt;
}

std::optional<scene::View> moves_page_view(const AppState& s, std::optional<scene::View> v) {
  if (v != scene::View::stmatrix && v != scene::View::movmatrix) return v;
  return s.hopper.moves.view == MoveView::movmatrix && !s.moves_b8.shown ? scene::View::movmatrix
                                                                         : scene::View::stmatrix;
}

void note_focus(ExportDialog& d, std::string_view focused, bool settled, bool clicked) {
  const bool moved = focused != d.focused_last;
  d.focused_last = std::string(focused);
  if (!settled || (!moved && !clicked)) return;
  if (const auto v = export_view_of_window(focused)) d.looked_at = v;
}

void note_pointer(ExportDialog& d, std::string_view hovered, bool moved, bool wheel, bool settled) {
  if (!settled) return;
  const auto v = export_view_of_window(hovered);
  if (moved) {
    d.pointed_at = v;
    d.pointed_window = std::string(hovered);
  }
  if (wheel && v) d.looked_at = v;
}

std::optional<scene::View> export_target(const ExportDialog& d) {
  if (d.requested_by_key && d.pointed_at) return d.pointed_at;
  return d.looked_at;
}

std::string export_dialog_title(scene::View v) {
  return "Export the " + std::string(scene::to_string(v)) + " view";
}

void open_export_dialog(ExportDialog& d, const std::string& folder) {
  const auto target = export_target(d);
  d.opened_note.clear();
  // Ctrl+E over a window of no picture (the Gate, Controls): say which view opens instead, and why.
  if (d.requested_by_key && !d.pointed_at && target && !d.pointed_window.empty() &&
      d.pointed_window.rfind("##", 0) != 0) {
    const std::string w = d.pointed_window.substr(0, d.pointed_window.find(':'));
    d.opened_note = "The " + w + " window has no picture: the " + std::string(scene::to_string(*target)) +
                    " view, looked at last, is chosen (the View list below picks another).";
  }
  d.open_requested = false;
  d.requested_by_key = false;
  d.enter_to_field = false;
  d.message.clear();
  d.message_ok = false;
  d.overwrite_pending.clear();
  d.written.clear();
  if (!target || *target == d.view) return;
  d.path = follow_export_path(d.path, folder, d.view, d.format, *target, d.format);
  d.view = *target;
}

scene::Crop export_crop(const ExportDialog& d, scene::View v) {
  scene::Crop c;
  const ExportOptions o = export_options(v, false);
  if (!o.crop) return c;
  // One grid (the bank tile, the tensor memory): rows and columns of it, no operand.
  if (o.operand) c.operand = d.operand;
  if (d.crop && (!o.operand || !d.operand.empty())) {
    c.rows = scene::IndexRange{d.first_row, d.last_row};
    c.cols = scene::IndexRange{d.first_col, d.last_col};
  }
  return c;
}

std::optional<VisibleRegion> visible_region(const AppState& s, scene::View v, const std::string& operand) {
  // Each grid in view, cropped to its rows and columns in view: the export draws them as placed on
  // screen and leaves out a grid with nothing in view.
  const auto of = [](const std::string& name, const VisibleGrid& g) {
    return scene::GridCrop{name, scene::IndexRange{g.first_row, g.last_row},
                           scene::IndexRange{g.first_col, g.last_col}};
  };
  // The CTA tile (three grids of different shapes) and the Tensor memory: one grid's rows and columns.
  const auto single = [](const VisibleGrid& g) {
    VisibleRegion one;
    one.crop.rows = scene::IndexRange{g.first_row, g.last_row};
    one.crop.cols = scene::IndexRange{g.first_col, g.last_col};
    return one;
  };
  if (v == scene::View::cta) {
    const auto& grids = s.frame.cta_visible;
    std::string key = operand;
    if (key.empty()) {
      int most = 0;
      for (const char* k : {"C", "A", "B"})
        if (const auto it = grids.find(k); it != grids.end() && it->second.cells() > most) {
          most = it->second.cells();
          key = k;
        }
    }
    const auto it = grids.find(key);
    if (it == grids.end() || it->second.empty()) return std::nullopt;
    VisibleRegion one = single(it->second);
    one.crop.operand = key;
    one.grid = key;
    for (const auto& [k, g] : grids) one.partial = one.partial || !g.whole();
    return one;
  }
  if (v == scene::View::tmem) {
    const VisibleGrid& g = s.frame.tmem_visible;
    if (g.empty()) return std::nullopt;
    VisibleRegion one = single(g);
    one.partial = !g.whole();
    return one;
  }
  VisibleRegion r;
  if (v == scene::View::fragments || v == scene::View::warpgroup) {
    const bool wg = v == scene::View::warpgroup;
    const auto& grids = wg ? s.frame.warpgroup_visible : s.frame.fragments_view.visible;
    for (const char* key : {"A", "B", "C"}) {
      if (!operand.empty() && operand != key) continue;  // the dialog names one operand
      const auto it = grids.find(key);
      if (it == grids.end() || it->second.empty()) continue;
      r.crop.grids.push_back(of(std::string(key) == "C" && wg ? "D" : key, it->second));
    }
    for (const auto& [k, g] : grids) r.partial = r.partial || !g.whole();
  } else if (v == scene::View::banks) {
    const BanksViewRecord& b = s.frame.banks_view;
    if (!b.drawn) return std::nullopt;
    // The tile picture (T/B cells of the padded tile): its rows and columns with a word in view.
    if (!s.layout.enabled && s.export_dialog.bank_picture == scene::BankPicture::tile) {
      if (b.visible_tile.empty()) return std::nullopt;
      VisibleRegion one = single(b.visible_tile);
      one.grid = "tile";
      one.partial = !b.visible_tile.whole();
      return one;
    }
    // Layout mode: its one lines x banks grid, "layout"; the tile view: its two.
    const std::vector<const char*> keys = s.layout.enabled ? std::vector<const char*>{"layout"}
                                                           : std::vector<const char*>{"unpadded", "padded"};
    for (const char* key : keys)
      if (const auto it = b.visible.find(key); it != b.visible.end() && !it->second.empty())
        r.crop.grids.push_back(of(key, it->second));
    for (const char* key : keys)
      if (const auto it = b.visible.find(key); it != b.visible.end())
        r.partial = r.partial || !it->second.whole();
  }
  if (r.crop.grids.empty()) return std::nullopt;
  // The CTA tile's and Tensor memory's single grids (above) are never a sliver: their whole tile is
  // thousands of pixels (issue 25), what shows is what the user can mean.
  r.sliver = std::none_of(r.crop.grids.begin(), r.crop.grids.end(), [](const scene::GridCrop& g) {
    return (!g.rows || g.rows->count() > 1) && (!g.cols || g.cols->count() > 1);  // unset: every one
  });
  return r;
}

std::string visible_region_text(const std::optional<VisibleRegion>& r) {
  if (!r) return "Visible region (this view has none)";
  return "Visible region: " + (r->grid.empty() ? std::string() : r->grid + " ") +
         scene::describe_crop(r->crop);
}

ExportOptions export_options(scene::View v, bool layout_mode) {
  // picture, operand, visible region, cell labels; "Crop" is scene::croppable's (fragviz-cli
  // export's own rule).
  struct Row {
    scene::View view;
    bool picture, operand, visible, labels;
  };
  static const Row kTable[] = {
      {scene::View::fragments, false, true, true, true},   {scene::View::warpgroup, false, true, true, true},
      {scene::View::ldmatrix, false, false, false, false}, {scene::View::stmatrix, false, false, false, true},
      {scene::View::movmatrix, false, false, false, true}, {scene::View::banks, true, false, true, true},
      {scene::View::output, false, false, false, false},   {scene::View::algebra, false, false, false, false},
      {scene::View::tmem, false, false, true, false},      {scene::View::cta, false, true, true, false}};
  for (const Row& r : kTable)
    if (r.view == v) {
      ExportOptions out{r.picture, r.operand, scene::croppable(v), r.visible, r.labels};
      if (v == scene::View::banks && layout_mode) out.picture = false;  // one picture
      return out;
    }
  return {};
}

bool bank_picture_applies(const AppState& s, scene::View v) {
  return export_options(v, s.layout.enabled).picture;
}

ExportPart default_export_part(ExportPart current, const std::optional<VisibleRegion>& r) {
  if (current == ExportPart::chosen) return current;
  // A sliver is where the layout squeezed or scrolled the view, not a part the user framed: the whole
  // view (newcomer round 31: "Visible region: B rows 0-14, cols 0-0" was offered first).
  return r && r->partial && !r->sliver ? ExportPart::visible : ExportPart::whole;
}

bool export_has_labels(scene::View v) { return export_options(v, false).labels; }

scene::CellLabels screen_labels(const AppState& s, scene::View v) {
  switch (v) {
    case scene::View::fragments:
      return s.fragments_labels;
    case scene::View::warpgroup:
      return s.warpgroup_labels;
    case scene::View::stmatrix:
      return s.stmatrix_labels;
    case scene::View::movmatrix:
      return s.movmatrix_labels;
    case scene::View::banks:
      return s.banks_labels;
    default:
      return scene::CellLabels::full;
  }
}

void start_on_screen(ExportDialog& d, const std::optional<VisibleRegion>& all) {
  d.operand.clear();
  d.labels.reset();
  d.part = default_export_part(ExportPart::whole, all);
}

std::optional<std::string> export_crop_problem(const AppState& s, ExportDialog& d, scene::View v) {
  if (d.part != ExportPart::chosen) return std::nullopt;
  const scene::Crop crop = export_crop(d, v);
  if (!crop.rows && !crop.cols) return std::nullopt;
  const std::string key =
      std::string(scene::to_string(v)) + " " + crop.operand + " " + scene::crop_text(crop);
  if (key == d.crop_problem_key) return d.crop_problem;
  d.crop_problem_key = key;
  d.crop_problem.reset();
  // The crop's own problem: the picture builds without the ranges but not with them (another
  // refusal, e.g. no gate run for the output view, is for Export to say).
  scene::ViewRequest r = export_request(s, v);
  const auto built = scene::build_scene(r);
  if (built) return std::nullopt;
  r.crop.rows.reset();
  r.crop.cols.reset();
  if (scene::build_scene(r)) d.crop_problem = in_app_words(built.error.message);
  return d.crop_problem;
}

scene::ViewRequest export_request(const AppState& s, scene::View v) {
  scene::ViewRequest r;
  r.view = v;
  const ExportDialog& d = s.export_dialog;
  if (d.part == ExportPart::chosen) {
    r.crop = export_crop(d, v);
  } else if (d.part == ExportPart::visible) {
    if (const auto region = visible_region(s, v, scene::croppable(v) ? d.operand : std::string()))
      r.crop = region->crop;
  }
  r.palette = assets().palette;
  r.dark = s.export_dialog.dark;
  r.title_and_legend = s.export_dialog.title_and_legend;
  // The words the screen's cells say at its zoom, unless the dialog chose a level.
  r.labels = d.labels.value_or(screen_labels(s, v));
  const Controls& c = s.controls;
  switch (v) {
    case scene::View::fragments:
      r.instr = c.instruction;
      r.lane = s.selected_lane;
      r.report = s.probe.report;  // its marks and "measured on" line, as on screen
      r.report_label = s.probe.label;
      if (const auto& w = s.fragments_goto.where)  // the Find ring, as on screen
        r.found = scene::FoundCell{w->op == Operand::A   ? "A"
                                   : w->op == Operand::B ? "B"
                                                         : "C",
                                   w->row, w->col, w->product};
      break;
    case scene::View::warpgroup:
      r.instr = s.hopper.wgmma;
      r.lane = s.hopper.selected_thread;
      r.report = s.probe.report;  // its marks and measured line, as on screen
      r.report_label = s.probe.label;
      r.descriptor = s.hopper.descriptor;
      if (const auto& w = s.warpgroup_goto.where)  // the Find ring, as on screen (A, or the accumulator D)
        r.found = scene::FoundCell{w->op == Operand::A ? "A" : "D", w->row, w->col, -1};
      break;
    case scene::View::ldmatrix:
      r.instr = c.instruction;  // its unit (bytes for s8) and words, as the view draws them
      r.ldmatrix = c.ldmatrix();
      r.lane = s.selected_lane;
      break;
    case scene::View::stmatrix:
      r.ldmatrix = s.hopper.moves.stmatrix;
      r.lane = s.selected_lane;  // the matrix-move pages select the app's lane (draw_matrix_moves)
      break;
    case scene::View::movmatrix:
      r.lane = s.selected_lane;
      break;
    case scene::View::banks:
      r.lane = s.selected_lane;
      if (s.layout.enabled) {
        // Layout mode: the screen's lines x banks grid of the same write and read sides, lanes,
        // instruction and element type (banks_layout_scene over the shared LayoutView).
        const LayoutControls& l = s.layout;
        r.layout_mode = true;
        // The dialog's crop is the tile view's: this picture is the whole grid, or what the view
        // shows of it (visible_region's "layout" grid: its lines and banks in view).
        if (d.part != ExportPart::visible) r.crop = {};
        r.layout = l.write_layout;
        r.read_layout = l.read_layout;
        r.lanes = l.lanes;
        r.access = std::string(to_string(l.op));
        r.ldmatrix = LdmatrixConfig{l.num, l.trans};
        r.elem = l.element_type;
        break;
      }
      // The bank view's configured (padded) tile and the explorer's ldmatrix, as the app draws it;
      // the instruction sets the unit its widths are given in (bytes for 8-bit data).
      r.bank_picture = d.bank_picture;
      r.instr = c.instruction;
      r.ldmatrix = c.ldmatrix();
      r.width_halves = c.width_halves;
      r.pad_halves = c.pad_halves;
      r.swizzle = c.swizzle == Swizzle::xor_row_mod8 ? "xor" : "none";
      break;
    case scene::View::output:
      r.gate = s.gate.report;
      break;
    case scene::View::algebra:
      r.expression = s.algebra.expression;
      r.step = s.algebra.step;
      r.colour = to_string(s.algebra.colour);
      break;
    case scene::View::tmem:
      r.tmem = tmem_controls_text(s.tmem);
      break;
    case scene::View::cta:
      r.cta = s.cta_tile;
      break;
  }
  return r;
}

std::string default_export_folder(const ExportDialog& d) {
  std::error_code ec;
  // Kept across restarts (settings.json's "export_folder"), so it may be gone by now.
  if (!d.last_folder.empty() && std::filesystem::is_directory(d.last_folder, ec)) return d.last_folder;
  const char* home = std::getenv("HOME");
  if (home == nullptr || *home == '\0') return ".";
  const std::string pictures = std::string(home) + "/Pictures";
  if (std::filesystem::is_directory(pictures, ec)) return pictures;
  return home;
}

std::string default_export_path(const std::string& folder, scene::View v, scene::Format f) {
  return (folder.empty() || folder == "." ? std::string() : folder + "/") + "fragviz-" +
         std::string(scene::to_string(v)) + "." + scene::format_extension(f);
}

std::string path_for_format(const std::string& path, scene::Format f) {
  const std::size_t dot = path.rfind('.');
  const std::size_t slash = path.rfind('/');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return path;
  const std::string ext = path.substr(dot + 1);
  for (scene::Format g : {scene::Format::svg, scene::Format::png, scene::Format::pdf, scene::Format::tikz})
    if (ext == scene::format_extension(g)) return path.substr(0, dot + 1) + scene::format_extension(f);
  return path;
}

std::optional<std::string> export_path_problem(scene::Format f, const std::string& path) {
  if (path.empty()) return "no file name given";
  // Judged as fragviz-cli judges its outputs (output_path.hpp), before anything is drawn: a folder,
  // /dev/full or a folder that does not exist is said in those words.
  if (auto why = cli::output_path_problem({"to", path})) return *why;
  // A name ending in another picture format's extension would get bytes its viewers can't read
  // (newcomer round 10: SVG written to x.png); the user chose one of the two by mistake.
  if (auto why = scene::extension_mismatch(f, path)) return "not written: " + *why;
  return std::nullopt;
}

std::string in_app_words(const std::string& message) {
  // The options whose refusals the app's own views can cause, and where the app sets each.
  static const std::pair<const char*, const char*> kFields[] = {
      {"--layout", "the layout's write field"},
      {"--lanes", "the layout's lanes field"},
      {"--elem", "the layout's element type"},
      {"--swizzle", "the swizzle"},
      {"--crop", "Crop"},
      {"--operand", "the operand"},
  };
  std::string m = message;
  for (const auto& [flag, field] : kFields) {
    const std::size_t n = std::strlen(flag);
    if (m.compare(0, n, flag) == 0 && m.size() > n && (m[n] == ':' || m[n] == ' ')) {
      m = field + m.substr(n);
      break;
    }
  }
  const std::string report = "(--report FILE)";
  if (const std::size_t at = m.find(report); at != std::string::npos)
    m.replace(at, report.size(), "(Run gate on a GPU, or File > Open report with a gate report)");
  return m;
}

ExportOutcome run_export(const AppState& s, scene::View v, scene::Format f, const std::string& path,
                         double scale) {
  if (auto why = export_path_problem(f, path)) return {false, *why};
  const auto built = scene::build_scene(export_request(s, v));
  if (!built) return {false, in_app_words(built.error.message)};
  const auto bytes = scene::scene_bytes(*built.value, f, scale);
  if (!bytes) return {false, bytes.error.message};
  const Error e = scene::write_file(path, *bytes.value);
  if (e.kind != ErrorKind::none) return {false, e.message};
  return {true, "wrote " + path + " (" + std::string(scene::to_string(f)) + "): " + built.value->title};
}

void forget_stale_outcome(ExportDialog& d, scene::View old_view, scene::Format old_format,
                          const std::string& old_path) {
  if (d.view == old_view && d.format == old_format && d.path == old_path) return;
  d.message.clear();
  d.message_ok = false;
  d.overwrite_pending.clear();
  d.written.clear();
}

KeptScale keep_export_scale(float typed, float before) {
  const auto text = [](float v) {
    char b[32];
    std::snprintf(b, sizeof b, "%g", static_cast<double>(v));
    return std::string(b);
  };
  const std::string range = text(kMinExportScale) + " to " + text(kMaxExportScale);
  if (std::isnan(typed)) return {before, "not a number: kept at " + text(before) + " (" + range + ")"};
  if (typed >= kMinExportScale && typed <= kMaxExportScale) return {typed, {}};
  const float kept = typed < kMinExportScale ? kMinExportScale : kMaxExportScale;
  return {kept, text(typed) + " is past " + range + ": kept at " + text(kept)};
}

void take_export_outcome(ExportDialog& d, const ExportOutcome& o) {
  d.message = o.message;
  d.message_ok = o.ok;
  d.overwrite_pending.clear();
  d.written = o.ok ? d.path : std::string();
}

bool export_pressed(ExportDialog& d, bool exists) {
  if (!exists) return true;
  // Never replace a file silently: the user says so with Overwrite.
  d.overwrite_pending = d.path;
  d.message_ok = !d.written.empty() && d.written == d.path;
  d.message = d.message_ok ? "wrote " + d.path + " (just now); Overwrite replaces it"
                           : d.path + " exists: Overwrite replaces it, or type another name";
  return false;
}

std::string follow_export_path(const std::string& path, const std::string& folder, scene::View old_view,
                               scene::Format old_format, scene::View view, scene::Format format) {
  if (path.empty() || path == default_export_path(folder, old_view, old_format))
    return default_export_path(folder, view, format);
  if (view != old_view) {
    const std::string typed_folder = std::filesystem::path(path).parent_path().string();
    return default_export_path(typed_folder.empty() ? folder : typed_folder, view, format);
  }
  return format != old_format ? path_for_format(path, format) : path;
}

}  // namespace fragviz::app
