// SVG and TikZ from a Scene, and the file writing every format shares.
#include <cctype>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

#include "fragviz/util/whole_file.hpp"
#include "fragviz_export/writers.hpp"

namespace fragviz::scene {
namespace {

std::string hex(Colour c) {
  char b[8];
  std::snprintf(b, sizeof b, "#%02x%02x%02x", c.r, c.g, c.b);
  return b;
}

/// Shortest decimal of a coordinate (0.01 pt is far below any output's resolution).
std::string num(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.2f", v);
  std::string s = b;
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

std::string xml_escape(const std::string& t) {
  std::string o;
  for (char c : t) switch (c) {
      case '<':
        o += "&lt;";
        break;
      case '>':
        o += "&gt;";
        break;
      case '&':
        o += "&amp;";
        break;
      case '"':
        o += "&quot;";
        break;
      default:
        o += c;
    }
  return o;
}

std::string tex_escape(const std::string& t) {
  std::string o;
  for (char c : t) switch (c) {
      case '\\':
        o += "\\textbackslash{}";
        break;
      case '{':
      case '}':
      case '$':
      case '&':
      case '#':
      case '_':
      case '%':
        o += '\\';
        o += c;
        break;
      case '^':
        o += "\\^{}";
        break;
      case '~':
        o += "\\~{}";
        break;
      case '<':
        o += "\\textless{}";
        break;
      case '>':
        o += "\\textgreater{}";
        break;
      default:
        o += c;
    }
  return o;
}

}  // namespace

std::string_view to_string(Format f) {
  switch (f) {
    case Format::svg:
      return "SVG";
    case Format::pdf:
      return "PDF";
    case Format::png:
      return "PNG";
    case Format::tikz:
      return "TikZ";
  }
  return "?";
}

std::optional<Format> format_of_path(std::string_view path) {
  const auto dot = path.rfind('.');
  if (dot == std::string_view::npos) return std::nullopt;
  std::string ext(path.substr(dot + 1));
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext == "svg") return Format::svg;
  if (ext == "pdf") return Format::pdf;
  if (ext == "png") return Format::png;
  if (ext == "tex" || ext == "tikz") return Format::tikz;
  return std::nullopt;
}

const char* format_extension(Format f) {
  return f == Format::svg ? "svg" : f == Format::png ? "png" : f == Format::pdf ? "pdf" : "tex";
}

std::optional<std::string> extension_mismatch(Format f, std::string_view path) {
  const auto dot = path.rfind('.');
  if (dot == std::string_view::npos || path.find('/', dot) != std::string_view::npos) return std::nullopt;
  std::string ext(path.substr(dot));
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const std::string own = std::string(".") + format_extension(f);
  const auto said = std::string(path) + " ends in " + std::string(path.substr(dot)) + " but the format is " +
                    std::string(to_string(f)) + "; ";
  if (const auto other = format_of_path(path); other && *other != f)
    return said + "choose " + std::string(to_string(*other)) + " or name the file " + own;
  // Any other extension too (.jpg, .txt): the name follows the format, as --screenshot's does
  // (newcomer round 28 wrote PNG bytes into x.txt).
  if (ext != own && !(f == Format::tikz && ext == ".tikz")) return said + "name the file " + own;
  return std::nullopt;
}

std::string svg_text(const Scene& s) {
  std::ostringstream o;
  o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    << "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" << num(s.width)
    << "pt\" height=\"" << num(s.height) << "pt\" viewBox=\"0 0 " << num(s.width) << " " << num(s.height)
    << "\" font-family=\"DejaVu Sans, Verdana, sans-serif\">\n"
    << "<title>" << xml_escape(s.title) << "</title>\n"
    << "<rect x=\"0\" y=\"0\" width=\"" << num(s.width) << "\" height=\"" << num(s.height) << "\" fill=\""
    << hex(s.background) << "\"/>\n";
  for (const Item& item : s.items) {
    if (const Rect* r = std::get_if<Rect>(&item)) {
      o << "<rect ";
      if (!r->id.empty()) o << "id=\"" << xml_escape(r->id) << "\" ";
      o << "x=\"" << num(r->x) << "\" y=\"" << num(r->y) << "\" width=\"" << num(r->w) << "\" height=\""
        << num(r->h) << "\" fill=\"" << hex(r->fill) << "\"";
      if (r->stroked)
        o << " stroke=\"" << hex(r->stroke) << "\" stroke-width=\"" << num(r->stroke_width) << "\"";
      o << "/>\n";
    } else if (const Text* t = std::get_if<Text>(&item)) {
      o << "<text x=\"" << num(t->x) << "\" y=\"" << num(t->y) << "\" font-size=\"" << num(t->size)
        << "\" fill=\"" << hex(t->colour) << "\"";
      if (t->anchor != Anchor::start)
        o << " text-anchor=\"" << (t->anchor == Anchor::middle ? "middle" : "end") << "\"";
      if (t->bold) o << " font-weight=\"bold\"";
      o << ">" << xml_escape(t->text) << "</text>\n";
    } else if (const Line* l = std::get_if<Line>(&item)) {
      o << "<line x1=\"" << num(l->x0) << "\" y1=\"" << num(l->y0) << "\" x2=\"" << num(l->x1) << "\" y2=\""
        << num(l->y1) << "\" stroke=\"" << hex(l->colour) << "\" stroke-width=\"" << num(l->width) << "\"";
      if (l->alpha != 255) o << " stroke-opacity=\"" << num(l->alpha / 255.0) << "\"";
      o << "/>\n";
    } else if (const Triangle* g = std::get_if<Triangle>(&item)) {
      o << "<polygon ";
      if (!g->id.empty()) o << "id=\"" << xml_escape(g->id) << "\" ";
      o << "points=\"";
      for (std::size_t i = 0; i < 3; ++i) o << (i ? " " : "") << num(g->x[i]) << "," << num(g->y[i]);
      o << "\" fill=\"" << hex(g->fill) << "\"/>\n";
    }
  }
  o << "</svg>\n";
  return o.str();
}

std::string tikz_text(const Scene& s) {
  // One \definecolor per distinct colour, named by its hex digits.
  std::map<std::string, Colour> colours;
  auto name = [&](Colour c) {
    const std::string n = "fv" + hex(c).substr(1);
    colours.emplace(n, c);
    return n;
  };
  const std::string ground = name(s.background);
  std::ostringstream body;
  for (const Item& item : s.items) {
    if (const Rect* r = std::get_if<Rect>(&item)) {
      body << "\\path[fill=" << name(r->fill);
      if (r->stroked) body << ",draw=" << name(r->stroke) << ",line width=" << num(r->stroke_width) << "pt";
      body << "] (" << num(r->x) << "," << num(r->y) << ") rectangle (" << num(r->x + r->w) << ","
           << num(r->y + r->h) << ");\n";
    } else if (const Text* t = std::get_if<Text>(&item)) {
      const char* anchor = t->anchor == Anchor::start    ? "base west"
                           : t->anchor == Anchor::middle ? "base"
                                                         : "base east";
      body << "\\node[anchor=" << anchor << ",inner sep=0,text=" << name(t->colour) << ",font=\\fontsize{"
           << num(t->size) << "}{" << num(t->size * 1.2) << "}\\selectfont" << (t->bold ? "\\bfseries" : "")
           << "] at (" << num(t->x) << "," << num(t->y) << ") {" << tex_escape(t->text) << "};\n";
    } else if (const Line* l = std::get_if<Line>(&item)) {
      body << "\\draw[" << name(l->colour) << ",line width=" << num(l->width) << "pt";
      if (l->alpha != 255) body << ",draw opacity=" << num(l->alpha / 255.0);
      body << "] (" << num(l->x0) << "," << num(l->y0) << ") -- (" << num(l->x1) << "," << num(l->y1)
           << ");\n";
    } else if (const Triangle* g = std::get_if<Triangle>(&item)) {
      body << "\\path[fill=" << name(g->fill) << "]";
      for (std::size_t i = 0; i < 3; ++i) body << " (" << num(g->x[i]) << "," << num(g->y[i]) << ") --";
      body << " cycle;\n";
    }
  }
  std::ostringstream o;
  o << "% " << s.title
    << "\n% Written by fragviz: a standalone document; copy the tikzpicture into a paper.\n"
    << "\\documentclass[tikz,border=2pt]{standalone}\n\\usepackage[T1]{fontenc}\n\\usepackage{lmodern}\n"
    << "\\renewcommand{\\familydefault}{\\sfdefault}\n";
  for (const auto& [n, c] : colours)
    o << "\\definecolor{" << n << "}{RGB}{" << int(c.r) << "," << int(c.g) << "," << int(c.b) << "}\n";
  o << "\\begin{document}\n\\begin{tikzpicture}[x=1pt,y=-1pt]\n"
    << "\\path[fill=" << ground << "] (0,0) rectangle (" << num(s.width) << "," << num(s.height) << ");\n"
    << body.str() << "\\end{tikzpicture}\n\\end{document}\n";
  return o.str();
}

std::pair<int, int> png_size(const Scene& s, double scale) {
  return {static_cast<int>(std::ceil(s.width * scale)), static_cast<int>(std::ceil(s.height * scale))};
}

Outcome<std::string> scene_bytes(const Scene& s, Format f, double scale) {
  if (f == Format::svg) return Outcome<std::string>::ok(svg_text(s));
  if (f == Format::tikz) return Outcome<std::string>::ok(tikz_text(s));
  return cairo_bytes(s, f, scale);
}

Error write_file(const std::string& path, const std::string& bytes) {
  // Whole or not at all (whole_file.hpp): a full disk used to leave a truncated file in place of a
  // good one.
  if (const auto problem = cli::write_whole_file(path, bytes))
    return Error{ErrorKind::io, "could not write " + path + ": " + problem->why +
                                    " (nothing written; an existing file is kept)"};
  return Error{};
}

Error write_scene(const Scene& s, Format f, const std::string& path, double scale) {
  auto bytes = scene_bytes(s, f, scale);
  if (!bytes) return bytes.error;
  return write_file(path, *bytes.value);
}

}  // namespace fragviz::scene
