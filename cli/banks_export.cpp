#include "banks_export.hpp"

#include <filesystem>
#include <iostream>

#include "commands.hpp"
#include "fragviz/util/output_path.hpp"
#include "fragviz/viewmodel/assets.hpp"
#include "fragviz_export/writers.hpp"

namespace fragviz::cli {
namespace {

/// The format a file's extension names: .svg, .png, .pdf, .tex (TikZ); nullopt for any other.
std::optional<scene::Format> format_of(const std::string& path) {
  const std::string ext = std::filesystem::path(path).extension().string();
  if (ext == ".svg") return scene::Format::svg;
  if (ext == ".png") return scene::Format::png;
  if (ext == ".pdf") return scene::Format::pdf;
  if (ext == ".tex") return scene::Format::tikz;
  return std::nullopt;
}

}  // namespace

void add_banks_export_options(CLI::App* cmd, BanksExportOptions& o) {
  auto* file = cmd->add_option("--export", o.path,
                               "also write the access as the app's bank view exports it (its tile picture, "
                               "as fragviz-cli export --view banks --picture tile): FILE.svg, .png, .pdf "
                               "or .tex (TikZ)")
                   ->check(kNonEmpty);
  cmd->add_option("--crop", o.crop,
                  "with --export: a block of the tile's rows and columns, as fragviz-cli export's --crop "
                  "(File > Export's visible region or crop), e.g. rows=0-7,cols=8-15 (both ends included)")
      ->check(kNonEmpty)
      ->needs(file);
}

Outcome<PreparedExport> prepare_banks_export(const BanksExportOptions& o, scene::ViewRequest r) {
  using Out = Outcome<PreparedExport>;
  if (auto why = output_path_problem({"--export", o.path})) return Out::fail(ErrorKind::io, *why);
  const auto format = format_of(o.path);
  if (!format)
    return Out::fail(ErrorKind::malformed,
                     "--export " + o.path + ": name the file .svg, .png, .pdf or .tex (TikZ)");
  if ((*format == scene::Format::png || *format == scene::Format::pdf) && !scene::cairo_available())
    return Out::fail(ErrorKind::refused, "--export " + o.path + ": this fragviz-cli was " +
                                             scene::cairo_description() + "; .svg and .tex work without it");
  if (!o.crop.empty()) {
    const auto crop = scene::parse_crop(o.crop);
    // Text that does not read is a bad command line, as export's --crop says it (exit 64).
    if (!crop) return Out::fail(ErrorKind::malformed, "--crop: " + crop.error.message);
    r.crop = *crop;
  }
  r.view = scene::View::banks;
  r.bank_picture = scene::BankPicture::tile;
  r.palette = app::assets().palette;
  const auto s = scene::build_scene(r);
  if (!s) return Out::from(s);
  constexpr double kScale = 2;  // fragviz-cli export's default PNG scale
  auto bytes = scene::scene_bytes(*s, *format, kScale);
  if (!bytes) return Out::from(bytes);
  PreparedExport p;
  p.path = o.path;
  p.bytes = std::move(*bytes.value);
  p.said = "wrote " + o.path + " (" + std::string(scene::to_string(*format)) + "): " + s->title;
  if (const std::string crop = scene::describe_crop(r.crop); !crop.empty()) p.said += "; " + crop;
  return Out::ok(std::move(p));
}

int write_banks_export(const PreparedExport& p) {
  const Error e = scene::write_file(p.path, p.bytes);
  if (e.kind != ErrorKind::none) {
    std::cerr << "fragviz-cli banks: " << e.message << "\n";
    return exit_code_for(e.kind);
  }
  std::cout << p.said << "\n";
  return kExitOk;
}

}  // namespace fragviz::cli
