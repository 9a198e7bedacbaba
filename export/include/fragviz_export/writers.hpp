// Writing a Scene (scene.hpp) to files. SVG and TikZ are text written from the scene here: the SVG
// keeps every label a <text> element (searchable, editable, pasteable into a paper), which cairo's
// SVG surface cannot (it draws glyph outlines). PDF and PNG go through cairo's one drawing path
// (draw_scene in cairo_writer.cpp), when the build found cairo; without it they are refused with a
// message saying so.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "fragviz/util/outcome.hpp"
#include "fragviz_export/scene.hpp"

namespace fragviz::scene {

enum class Format : std::uint8_t { svg, pdf, png, tikz };
std::string_view to_string(Format f);
/// By a path's extension: .svg, .pdf, .png, .tex or .tikz; nullopt for anything else.
std::optional<Format> format_of_path(std::string_view path);
/// The file extension of `f`, without the dot: svg, png, pdf, tex.
const char* format_extension(Format f);
/// Why a file named `path` should not hold `f`'s bytes, or nullopt: it has an extension and it is
/// not `f`'s (.svg, .png, .pdf, .tex or .tikz for TikZ), case-insensitive: the name follows the
/// format. A name with no extension is fine. The words: "x.jpg ends in .jpg but the format is PNG;
/// name the file .png" (with "choose SVG or" where the extension is another format's).
std::optional<std::string> extension_mismatch(Format f, std::string_view path);

/// Whether this build can write PDF and PNG (cairo found at configure time).
bool cairo_available();
/// "cairo 1.16.0", or "built without cairo (apt-get install libcairo2-dev and reconfigure)".
std::string cairo_description();

/// The SVG document of `s` (SVG 1.1, sizes in pt, one <text> per label, DejaVu Sans).
std::string svg_text(const Scene& s);
/// A standalone LaTeX document (`pdflatex` builds it) whose one tikzpicture draws `s` (1pt units).
std::string tikz_text(const Scene& s);
/// The PNG scale (pixels per point) every entry point accepts, both ends included: the Export
/// dialog's slider and typed values, its saved "export_scale" and `fragviz-cli export --scale` all
/// read this one range, so a value one of them takes is never refused by another.
inline constexpr double kMinPngScale = 0.5, kMaxPngScale = 8.0;
/// True for a scale inside [kMinPngScale, kMaxPngScale] (false for NaN).
constexpr bool png_scale_ok(double scale) { return scale >= kMinPngScale && scale <= kMaxPngScale; }

/// PNG or PDF bytes of `s` through cairo; PNG at `scale` pixels per point. Errors: kind refused
/// without cairo, for a scale outside png_scale_ok or for an image over 32767 pixels a side or 2^28
/// pixels; internal for a cairo failure.
Outcome<std::string> cairo_bytes(const Scene& s, Format f, double scale);

/// Pixel size of the PNG of `s` at `scale`: ceil(width * scale) x ceil(height * scale).
std::pair<int, int> png_size(const Scene& s, double scale);

/// The file's bytes of `s` in format `f` (svg_text, tikz_text or cairo_bytes), errors as cairo_bytes'.
Outcome<std::string> scene_bytes(const Scene& s, Format f, double scale);
/// Writes `bytes` to `path` (truncating it); a failed open, write or close is kind io naming the path.
Error write_file(const std::string& path, const std::string& bytes);

/// Writes `s` in format `f` to `path` (the whole file, or nothing usable: the text is built first,
/// then written, and a failed write or close is an error of kind io naming the path).
Error write_scene(const Scene& s, Format f, const std::string& path, double scale = 2);

}  // namespace fragviz::scene
