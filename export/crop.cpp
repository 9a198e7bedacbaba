// Crops (views.hpp): the text of --crop and --operand, and the block of a grid a crop keeps.
#include <cctype>
#include <string>

#include "fragviz/util/words.hpp"
#include "fragviz_export/views.hpp"
#include "grid.hpp"

namespace fragviz::scene {
namespace {

/// A whole number of `text` (digits only); nullopt for anything else or one past 1e6.
std::optional<int> whole(std::string_view text) {
  if (text.empty() || text.size() > 7) return std::nullopt;
  int v = 0;
  for (char c : text) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v;
}

std::string_view trim(std::string_view t) {
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.remove_suffix(1);
  return t;
}

}  // namespace

Outcome<Crop> parse_crop(std::string_view text) {
  Crop crop;
  const auto refuse = [&](const std::string& why) {
    return Outcome<Crop>::fail(ErrorKind::refused,
                               "--crop '" + echo_text(std::string(text)) + "': " + why +
                                   " (give rows=FIRST:LAST and/or cols=FIRST:LAST, LAST excluded, e.g. "
                                   "rows=0:16,cols=0:8)");
  };
  std::string_view rest = text;
  if (trim(rest).empty()) return refuse("empty");
  for (bool more = true; more;) {
    const std::size_t comma = rest.find(',');
    const std::string_view part = trim(rest.substr(0, comma));
    more = comma != std::string_view::npos;
    rest = more ? rest.substr(comma + 1) : std::string_view();
    const std::size_t eq = part.find('='), colon = part.find(':');
    if (eq == std::string_view::npos || colon == std::string_view::npos || colon < eq)
      return refuse("'" + std::string(part) + "' is not NAME=FIRST:LAST");
    const std::string_view name = trim(part.substr(0, eq));
    const auto first = whole(trim(part.substr(eq + 1, colon - eq - 1)));
    const auto last = whole(trim(part.substr(colon + 1)));
    if (!first || !last) return refuse("'" + std::string(part) + "': FIRST and LAST are whole numbers");
    if (*first >= *last) return refuse("'" + std::string(part) + "' is empty: FIRST must be below LAST");
    std::optional<IndexRange>* range = name == "rows" ? &crop.rows : name == "cols" ? &crop.cols : nullptr;
    if (!range) return refuse("'" + std::string(name) + "' is neither rows nor cols");
    if (*range) return refuse(std::string(name) + " is given twice");
    *range = IndexRange{*first, *last};
  }
  return Outcome<Crop>::ok(std::move(crop));
}

std::optional<std::string> parse_crop_operand(std::string_view text) {
  std::string t(trim(text));
  for (char& c : t) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (t == "A" || t == "B") return t;
  if (t == "C" || t == "D" || t == "C/D") return std::string("C");
  return std::nullopt;
}

bool croppable(View v) { return v == View::fragments || v == View::warpgroup || v == View::banks; }

Outcome<Block> crop_block(const Crop& c, const std::string& grid, int rows, int cols) {
  Block b{0, rows, 0, cols};
  const auto fit = [&](const std::optional<IndexRange>& r, const char* what, int count, int& first,
                       int& n) -> std::optional<std::string> {
    if (!r) return std::nullopt;
    if (r->last > count)
      return std::string(what) + "=" + std::to_string(r->first) + ":" + std::to_string(r->last) +
             " is outside " + grid + "'s " + std::to_string(rows) + " x " + std::to_string(cols) + " (" +
             what + " 0:" + std::to_string(count) + ")";
    first = r->first;
    n = r->last - r->first;
    return std::nullopt;
  };
  if (auto why = fit(c.rows, "rows", rows, b.row0, b.rows))
    return Outcome<Block>::fail(ErrorKind::refused, *why);
  if (auto why = fit(c.cols, "cols", cols, b.col0, b.cols))
    return Outcome<Block>::fail(ErrorKind::refused, *why);
  return Outcome<Block>::ok(b);
}

}  // namespace fragviz::scene
