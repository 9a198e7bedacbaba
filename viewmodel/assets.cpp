#include "fragviz/viewmodel/assets.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <vector>

#include "fragviz/util/file_check.hpp"
#include "fragviz/util/json_text.hpp"

namespace fragviz::app {

namespace embedded {
// Generated from assets/ by tools/embed_files.cmake.
extern const std::string_view palette_json;
extern const std::string_view layout_json;
extern const std::string_view fonts_json;
}  // namespace embedded

std::string_view embedded_palette_json() { return embedded::palette_json; }
std::string_view embedded_layout_json() { return embedded::layout_json; }
std::string_view embedded_fonts_json() { return embedded::fonts_json; }

namespace {

using nlohmann::json;

/// Parses `text` into `j`; returns what is wrong ("not JSON: line 3, column 7: ...") or "".
std::string parse_object(std::string_view text, const char* format, json& j) {
  try {
    j = json::parse(text.begin(), text.end());
  } catch (const json::exception&) {
    // In the file's words (json_text.hpp), a number beyond double ("1e400") included.
    const auto c = json_parser_complaint<json>(text);
    return "not JSON: " + (c ? json_syntax_words(text, *c) : std::string("the parser refused it"));
  }
  if (!j.is_object()) return "not a JSON object";
  if (auto it = j.find("format"); it != j.end() && *it != format)
    return std::string("\"format\" is not \"") + format + "\"";
  if (auto it = j.find("version"); it != j.end() && *it != 1) return "\"version\" is not 1";
  return {};
}

/// The first key of `j` that is not in `known`, as an error, or "".
std::string unknown_key(const json& j, std::initializer_list<const char*> known) {
  for (const auto& [k, v] : j.items()) {
    bool ok = k == "format" || k == "version" || k == "about";
    for (const char* n : known) ok = ok || k == n;
    if (!ok) return "unknown key \"" + k + "\"";
  }
  return {};
}

bool parse_hex(const json& v, Rgb& out) {
  if (!v.is_string()) return false;
  const std::string s = v.get<std::string>();
  if (s.size() != 7 || s[0] != '#') return false;
  unsigned rgb = 0;
  for (std::size_t i = 1; i < 7; ++i) {
    const char c = s[i];
    const int d = c >= '0' && c <= '9'   ? c - '0'
                  : c >= 'a' && c <= 'f' ? c - 'a' + 10
                  : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                         : -1;
    if (d < 0) return false;
    rgb = rgb * 16 + static_cast<unsigned>(d);
  }
  out = Rgb{static_cast<std::uint8_t>(rgb >> 16), static_cast<std::uint8_t>(rgb >> 8),
            static_cast<std::uint8_t>(rgb)};
  return true;
}

template <std::size_t N>
std::string parse_colours(const json& j, const char* key, std::array<Rgb, N>& out) {
  auto it = j.find(key);
  if (it == j.end()) return {};
  if (!it->is_array() || it->size() != N)
    return std::string("\"") + key + "\" needs exactly " + std::to_string(N) + " colours";
  std::array<Rgb, N> v{};
  for (std::size_t i = 0; i < N; ++i)
    if (!parse_hex((*it)[i], v[i]))
      return std::string(key) + "[" + std::to_string(i) + "] is " + (*it)[i].dump() + ", not \"#RRGGBB\"";
  out = v;
  return {};
}

/// A number in [lo, hi] at j[key] into out; absent keeps out.
std::string parse_number(const json& j, const char* key, double lo, double hi, float& out) {
  auto it = j.find(key);
  if (it == j.end()) return {};
  if (!it->is_number() || it->get<double>() < lo || it->get<double>() > hi)
    return std::string("\"") + key + "\" needs a number from " + json(lo).dump() + " to " + json(hi).dump();
  out = it->get<float>();
  return {};
}

std::string parse_font(const json& j, const char* key, FontSpec& out) {
  auto it = j.find(key);
  if (it == j.end()) return {};
  const std::string where = std::string("\"") + key + "\"";
  if (!it->is_object()) return where + " needs {\"file\": NAME, \"size\": PIXELS}";
  if (std::string e = unknown_key(*it, {"file", "size"}); !e.empty()) return where + ": " + e;
  FontSpec f = out;
  if (auto file = it->find("file"); file != it->end()) {
    if (!file->is_string() || file->get<std::string>().empty()) return where + ": \"file\" needs a file name";
    f.file = file->get<std::string>();
  }
  if (std::string e = parse_number(*it, "size", 6, 96, f.size); !e.empty()) return where + ": " + e;
  out = f;
  return {};
}

std::string read_file(const std::filesystem::path& p, std::string& out) {
  // Judged before it is opened: a FIFO would block the start forever and /dev/zero never end.
  if (auto why = input_file_problem(p.string())) return *why;
  std::error_code ec;
  if (const auto bytes = std::filesystem::file_size(p, ec); !ec && bytes > kMaxAssetBytes)
    return "is " + std::to_string(bytes) + " bytes; an asset file is at most " +
           std::to_string(kMaxAssetBytes >> 10) + " KiB";
  std::ifstream in(p, std::ios::binary);
  if (!in) return "cannot be read";
  std::stringstream text;
  text << in.rdbuf();
  out = text.str();
  return {};
}

}  // namespace

/// {"background": "#RRGGBB", "ink": .., "dim": ..} at j[key] into out (each part optional); absent
/// keeps out.
std::string parse_paper(const json& j, const char* key, Paper& out) {
  auto it = j.find(key);
  if (it == j.end()) return {};
  const std::string where = std::string("\"") + key + "\"";
  if (!it->is_object()) return where + " needs {\"background\", \"ink\", \"dim\"} as \"#RRGGBB\"";
  if (std::string e = unknown_key(*it, {"background", "ink", "dim"}); !e.empty()) return where + ": " + e;
  Paper p = out;
  for (auto [name, rgb] :
       {std::pair{"background", &p.background}, std::pair{"ink", &p.ink}, std::pair{"dim", &p.dim}})
    if (auto c = it->find(name); c != it->end() && !parse_hex(*c, *rgb))
      return where + "." + name + " is " + c->dump() + ", not \"#RRGGBB\"";
  out = p;
  return {};
}

std::string parse_palette(std::string_view text, Palette& out) {
  json j;
  if (std::string e = parse_object(text, "fragviz-palette", j); !e.empty()) return e;
  if (std::string e = unknown_key(j, {"lanes", "warps", "block_warps", "document", "screen"}); !e.empty())
    return e;
  Palette p = out;
  if (std::string e = parse_colours(j, "lanes", p.lanes); !e.empty()) return e;
  if (std::string e = parse_colours(j, "warps", p.warps); !e.empty()) return e;
  if (std::string e = parse_colours(j, "block_warps", p.block_warps); !e.empty()) return e;
  if (std::string e = parse_paper(j, "document", p.document); !e.empty()) return e;
  if (std::string e = parse_paper(j, "screen", p.screen); !e.empty()) return e;
  out = p;
  return {};
}

namespace {

/// Whether two slots share some area (touching edges do not count).
bool overlap(const LayoutSlot& a, const LayoutSlot& b) {
  return std::min(a.x1, b.x1) > std::max(a.x0, b.x0) && std::min(a.y1, b.y1) > std::max(a.y0, b.y0);
}

/// The largest part of `s` that lies above, below, left or right of `cut`, or `s` itself with no
/// area where `cut` covers all of it.
LayoutSlot outside(const LayoutSlot& s, const LayoutSlot& cut) {
  LayoutSlot parts[4] = {s, s, s, s};
  parts[0].y1 = std::min(s.y1, cut.y0);  // above
  parts[1].y0 = std::max(s.y0, cut.y1);  // below
  parts[2].x1 = std::min(s.x1, cut.x0);  // left
  parts[3].x0 = std::max(s.x0, cut.x1);  // right
  const auto area = [](const LayoutSlot& r) {
    return std::max(0.f, r.x1 - r.x0) * std::max(0.f, r.y1 - r.y0);
  };
  LayoutSlot best = s;
  best.x1 = best.x0;  // no area
  for (const LayoutSlot& p : parts)
    if (area(p) > area(best)) best = p;
  return best;
}

/// Views never overlap (issue 22): a view the file places keeps its place, and a view it leaves
/// where the built-in layout had it gives up the part the file's view took (keeping the largest
/// rectangle left: a gate view moved up takes the bottom of the ldmatrix view's place). Two views
/// the file places over each other, or a view left with no room, are the file's error.
std::string separate(Layout& l, const std::vector<bool>& from_file) {
  const std::size_t n = l.slots.size();
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      if (from_file[i] && from_file[j] && overlap(l.slots[i], l.slots[j]))
        return "windows." + l.slots[i].id + " and windows." + l.slots[j].id + " overlap";
  for (std::size_t i = 0; i < n; ++i) {
    if (!from_file[i]) continue;
    for (std::size_t j = 0; j < n; ++j) {
      if (from_file[j] || !overlap(l.slots[i], l.slots[j])) continue;
      const LayoutSlot left = outside(l.slots[j], l.slots[i]);
      if (!(left.x1 > left.x0 && left.y1 > left.y0))
        return "windows." + l.slots[i].id + " covers all of the " + l.slots[j].id + " view's place; give \"" +
               l.slots[j].id + "\" a place in \"windows\" too";
      l.slots[j] = left;
    }
  }
  return {};
}

}  // namespace

std::string parse_layout(std::string_view text, Layout& out) {
  json j;
  if (std::string e = parse_object(text, "fragviz-layout", j); !e.empty()) return e;
  if (std::string e = unknown_key(j, {"window", "status_height", "design_width", "design_height", "windows"});
      !e.empty())
    return e;
  Layout l = out;
  if (auto it = j.find("window"); it != j.end()) {
    // The same bounds as --size.
    if (!it->is_array() || it->size() != 2 || !(*it)[0].is_number_integer() ||
        !(*it)[1].is_number_integer() || (*it)[0].get<int>() < 200 || (*it)[1].get<int>() < 200 ||
        (*it)[0].get<int>() > 16384 || (*it)[1].get<int>() > 16384)
      return "\"window\" needs [WIDTH, HEIGHT], whole pixels from 200 to 16384";
    l.window_width = (*it)[0].get<int>();
    l.window_height = (*it)[1].get<int>();
  }
  if (std::string e = parse_number(j, "status_height", 10, 200, l.status_height); !e.empty()) return e;
  if (std::string e = parse_number(j, "design_width", 100, 16384, l.design_width); !e.empty()) return e;
  if (std::string e = parse_number(j, "design_height", 100, 16384, l.design_height); !e.empty()) return e;
  if (l.slots.empty())
    for (const char* id : kLayoutIds) l.slots.push_back(LayoutSlot{id});
  std::vector<bool> from_file(l.slots.size(), false);
  if (auto it = j.find("windows"); it != j.end()) {
    if (!it->is_object()) return "\"windows\" needs an object of [x0, y0, x1, y1] by view";
    for (const auto& [k, v] : it->items()) {
      LayoutSlot* slot = nullptr;
      for (std::size_t i = 0; i < l.slots.size(); ++i)
        if (l.slots[i].id == k) {
          slot = &l.slots[i];
          from_file[i] = true;
        }
      if (!slot) {
        std::string ids;
        for (const char* id : kLayoutIds) ids += std::string(ids.empty() ? "" : ", ") + id;
        return "unknown view \"" + k + "\" in \"windows\" (the views: " + ids + ")";
      }
      if (!v.is_array() || v.size() != 4 || !v[0].is_number() || !v[1].is_number() || !v[2].is_number() ||
          !v[3].is_number())
        return "windows." + k + " needs [x0, y0, x1, y1]";
      *slot = LayoutSlot{k, v[0].get<float>(), v[1].get<float>(), v[2].get<float>(), v[3].get<float>()};
    }
  }
  // Every view must be on the design area with some size, whichever file set it.
  for (const LayoutSlot& s : l.slots)
    if (!(s.x0 >= 0 && s.y0 >= 0 && s.x1 > s.x0 && s.y1 > s.y0 && s.x1 <= l.design_width &&
          s.y1 <= l.design_height))
      return "windows." + s.id + " is not a rectangle inside the " + json(l.design_width).dump() + " x " +
             json(l.design_height).dump() + " design area";
  if (std::string e = separate(l, from_file); !e.empty()) return e;
  out = l;
  return {};
}

std::string parse_fonts(std::string_view text, FontSet& out) {
  json j;
  if (std::string e = parse_object(text, "fragviz-fonts", j); !e.empty()) return e;
  if (std::string e = unknown_key(j, {"dirs", "ui", "small", "bold"}); !e.empty()) return e;
  FontSet f = out;
  if (auto it = j.find("dirs"); it != j.end()) {
    if (!it->is_array()) return "\"dirs\" needs a list of folders";
    f.dirs.clear();
    for (const json& d : *it) {
      if (!d.is_string() || d.get<std::string>().empty()) return "\"dirs\" needs a list of folders";
      f.dirs.push_back(d.get<std::string>());
    }
  }
  for (auto [key, spec] : {std::pair{"ui", &f.ui}, {"small", &f.small}, {"bold", &f.bold}})
    if (std::string e = parse_font(j, key, *spec); !e.empty()) return e;
  out = f;
  return {};
}

Assets load_assets(const std::string& override_dir) {
  namespace fs = std::filesystem;
  Assets a;
  a.palette_source = a.layout_source = a.fonts_source = "embedded";
  // The embedded files are checked by the unit tests; should one still be bad, say so, never abort.
  if (std::string e = parse_palette(embedded_palette_json(), a.palette); !e.empty())
    a.notices.push_back("embedded palette.json: " + e);
  if (std::string e = parse_layout(embedded_layout_json(), a.layout); !e.empty())
    a.notices.push_back("embedded layout.json: " + e);
  if (std::string e = parse_fonts(embedded_fonts_json(), a.fonts); !e.empty())
    a.notices.push_back("embedded fonts.json: " + e);
  if (override_dir.empty()) return a;
  a.dir = override_dir;
  std::error_code ec;
  if (!fs::is_directory(override_dir, ec)) {
    a.notices.push_back("assets: " + override_dir +
                        " is not a folder; using the built-in palette, layout and fonts");
    return a;
  }
  const auto apply = [&](const char* name, const char* what, std::string& source, auto parse) {
    const fs::path p = fs::path(override_dir) / name;
    if (!fs::exists(p, ec)) return;  // not overridden
    std::string text;
    std::string e = read_file(p, text);
    if (e.empty()) e = parse(text);
    if (e.empty())
      source = p.string();
    else
      a.notices.push_back("assets: " + p.string() + ": " + e + "; using the built-in " + what);
  };
  apply("palette.json", "palette", a.palette_source,
        [&](const std::string& t) { return parse_palette(t, a.palette); });
  apply("layout.json", "layout", a.layout_source,
        [&](const std::string& t) { return parse_layout(t, a.layout); });
  apply("fonts.json", "fonts", a.fonts_source, [&](const std::string& t) {
    FontSet f = a.fonts;
    std::string e = parse_fonts(t, f);
    if (!e.empty()) return e;
    // Folders named relative to the file are relative to the assets folder, not the working one.
    for (std::string& d : f.dirs)
      if (fs::path(d).is_relative()) d = (fs::path(override_dir) / d).string();
    a.fonts = f;
    return std::string();
  });
  return a;
}

namespace {

Assets& current() {
  static Assets a = load_assets("");
  return a;
}

}  // namespace

const Assets& assets() { return current(); }

void set_assets(Assets a) { current() = std::move(a); }

void add_asset_notice(std::string line) { current().notices.push_back(std::move(line)); }

std::string to_hex(Rgb c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02X%02X%02X", c.r, c.g, c.b);
  return buf;
}

}  // namespace fragviz::app
