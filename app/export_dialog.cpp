#include "export_dialog.hpp"

#include "app_state.hpp"
#include "assets.hpp"
#include "output_path.hpp"

namespace fragviz::app {

scene::ViewRequest export_request(const AppState& s, scene::View v) {
  scene::ViewRequest r;
  r.view = v;
  r.palette = assets().palette;
  const Controls& c = s.controls;
  switch (v) {
    case scene::View::fragments:
      r.instr = c.instruction;
      break;
    case scene::View::warpgroup:
      r.instr = s.hopper.wgmma;
      break;
    case scene::View::ldmatrix:
      r.ldmatrix = c.ldmatrix();
      break;
    case scene::View::stmatrix:
      r.ldmatrix = s.hopper.moves.stmatrix;
      break;
    case scene::View::movmatrix:
      break;
    case scene::View::banks:
      // The bank view's configured (padded) tile and the explorer's ldmatrix, as the app draws it.
      r.ldmatrix = c.ldmatrix();
      r.width_halves = c.width_halves;
      r.pad_halves = c.pad_halves;
      r.swizzle = c.swizzle == Swizzle::xor_row_mod8 ? "xor" : "none";
      break;
    case scene::View::output:
      r.gate = s.gate.report;
      break;
  }
  return r;
}

std::string default_export_path(scene::View v, scene::Format f) {
  const char* ext = f == scene::Format::svg   ? "svg"
                    : f == scene::Format::png ? "png"
                    : f == scene::Format::pdf ? "pdf"
                                              : "tex";
  return "fragviz-" + std::string(scene::to_string(v)) + "." + ext;
}

ExportOutcome run_export(const AppState& s, scene::View v, scene::Format f, const std::string& path,
                         double scale) {
  if (path.empty()) return {false, "no file name given"};
  // Judged as fragviz-cli judges its outputs (output_path.hpp), before anything is drawn: a folder,
  // /dev/full or a folder that does not exist is said in those words.
  if (auto why = cli::output_path_problem({"to", path})) return {false, *why};
  const auto built = scene::build_scene(export_request(s, v));
  if (!built) return {false, built.error.message};
  const auto bytes = scene::scene_bytes(*built.value, f, scale);
  if (!bytes) return {false, bytes.error.message};
  const Error e = scene::write_file(path, *bytes.value);
  if (e.kind != ErrorKind::none) return {false, e.message};
  return {true, "wrote " + path + " (" + std::string(scene::to_string(f)) + "): " + built.value->title};
}

}  // namespace fragviz::app
