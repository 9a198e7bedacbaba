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

namespace {

/// Reads "rows=FIRST-LAST,cols=FIRST-LAST" (either part alone; `allow_empty`: neither) into `rows`
/// and `cols`; the reason it does not read otherwise.
std::optional<std::string> read_ranges(std::string_view text, bool allow_empty,
                                       std::optional<IndexRange>& rows, std::optional<IndexRange>& cols) {
  std::string_view rest = text;
  if (trim(rest).empty()) {
    if (allow_empty) return std::nullopt;
    return std::string("empty");
  }
  for (bool more = true; more;) {
    const std::size_t comma = rest.find(',');
    const std::string_view part = trim(rest.substr(0, comma));
    more = comma != std::string_view::npos;
    rest = more ? rest.substr(comma + 1) : std::string_view();
    const std::size_t eq = part.find('=');
    const std::string_view name = trim(part.substr(0, eq));
    const std::string_view span = eq == std::string_view::npos ? std::string_view() : part.substr(eq + 1);
    // The older half-open spelling (first:last, last excluded) is refused with its range in this
    // convention, never read as either: the same numbers would otherwise mean one row less or more.
    if (const std::size_t colon = span.find(':'); colon != std::string_view::npos) {
      const auto first = whole(trim(span.substr(0, colon)));
      const auto last = whole(trim(span.substr(colon + 1)));
      if (first && last && *first < *last)
        return "'" + std::string(part) +
               "' is the older form with LAST excluded; ranges include both ends now: " + std::string(name) +
               "=" + std::to_string(*first) + "-" + std::to_string(*last - 1);
    }
    const std::size_t dash = span.find('-');
    if (eq == std::string_view::npos || dash == std::string_view::npos)
      return "'" + std::string(part) + "' is not NAME=FIRST-LAST";
    const auto first = whole(trim(span.substr(0, dash)));
    const auto last = whole(trim(span.substr(dash + 1)));
    if (!first || !last) return "'" + std::string(part) + "': FIRST and LAST are whole numbers";
    if (*first > *last) return "'" + std::string(part) + "' is empty: FIRST must not be above LAST";
    std::optional<IndexRange>* range = name == "rows" ? &rows : name == "cols" ? &cols : nullptr;
    if (!range) return "'" + std::string(name) + "' is neither rows nor cols";
    if (*range) return std::string(name) + " is given twice";
    *range = IndexRange{*first, *last};
  }
  return std::nullopt;
}

/// Whether `part` starts with a grid's name, "NAME:" (a colon before any '=').
bool names_grid(std::string_view part) {
  const std::size_t colon = part.find(':');
  return colon != std::string_view::npos && colon < part.find('=');
}

}  // namespace

Outcome<Crop> parse_crop(std::string_view text) {
  Crop crop;
  const auto refuse = [&](const std::string& why) {
    return Outcome<Crop>::fail(ErrorKind::refused,
                               "--crop '" + echo_text(std::string(text)) + "': " + why +
                                   " (give rows=FIRST-LAST and/or cols=FIRST-LAST, both ends included, e.g. "
                                   "rows=0-15,cols=0-7; or one block per grid, e.g. "
                                   "A:rows=0-7,cols=0-3;C:rows=0-7,cols=0-7)");
  };
  if (!names_grid(text)) {
    if (text.find(';') != std::string_view::npos)
      return refuse("';' separates grids, each named first (GRID:rows=..,cols=..)");
    if (auto why = read_ranges(text, false, crop.rows, crop.cols)) return refuse(*why);
    return Outcome<Crop>::ok(std::move(crop));
  }
  std::string_view rest = text;
  for (bool more = true; more;) {
    const std::size_t semi = rest.find(';');
    const std::string_view part = trim(rest.substr(0, semi));
    more = semi != std::string_view::npos;
    rest = more ? rest.substr(semi + 1) : std::string_view();
    if (part.empty() && !more) break;  // a trailing ';'
    if (!names_grid(part)) return refuse("'" + std::string(part) + "' names no grid (GRID:rows=..,cols=..)");
    const std::size_t colon = part.find(':');
    GridCrop g;
    g.grid = std::string(trim(part.substr(0, colon)));
    if (g.grid.empty()) return refuse("'" + std::string(part) + "' names no grid before its ':'");
    if (auto why = read_ranges(part.substr(colon + 1), true, g.rows, g.cols))
      return refuse(g.grid + ": " + *why);
    crop.grids.push_back(std::move(g));
  }
  return Outcome<Crop>::ok(std::move(crop));
}

std::string crop_text(const Crop& c) {
  const auto range = [](IndexRange r) { return std::to_string(r.first) + "-" + std::to_string(r.last); };
  const auto ranges = [&](const std::optional<IndexRange>& rows, const std::optional<IndexRange>& cols) {
    std::string t;
    if (rows) t = "rows=" + range(*rows);
    if (cols) t += (t.empty() ? "cols=" : ",cols=") + range(*cols);
    return t;
  };
  if (c.grids.empty()) return ranges(c.rows, c.cols);
  std::string t;
  for (const GridCrop& g : c.grids) t += (t.empty() ? "" : ";") + g.grid + ":" + ranges(g.rows, g.cols);
  return t;
}

std::string describe_range(std::string_view axis, IndexRange r) {
  const std::string one(axis.substr(0, axis.size() - (!axis.empty() && axis.back() == 's' ? 1 : 0)));
  return std::string(axis) + " " + std::to_string(r.first) + "-" + std::to_string(r.last) + " (" +
         std::to_string(r.count()) + " " + (r.count() == 1 ? one : std::string(axis)) + ")";
}

std::string describe_crop(const Crop& c) {
  if (!c.grids.empty()) {
    std::string t;
    for (const GridCrop& g : c.grids) {
      const bool bank = g.grid == "unpadded" || g.grid == "padded" || g.grid == "layout";
      const auto range = [](IndexRange r) { return std::to_string(r.first) + "-" + std::to_string(r.last); };
      std::string one = g.grid == "C" ? "C/D" : g.grid;
      if (g.rows) one += (bank ? " lines " : " rows ") + range(*g.rows);
      if (g.cols) one += std::string(g.rows ? "," : "") + (bank ? " banks " : " cols ") + range(*g.cols);
      t += (t.empty() ? "" : "; ") + one;
    }
    return t;
  }
  std::string t;
  if (c.rows) t = describe_range("rows", *c.rows);
  if (c.cols) t += (t.empty() ? "" : ", ") + describe_range("columns", *c.cols);
  return t;
}

std::optional<std::string> parse_crop_operand(std::string_view text) {
  std::string t(trim(text));
  for (char& c : t) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (t == "A" || t == "B") return t;
  if (t == "C" || t == "D" || t == "C/D") return std::string("C");
  return std::nullopt;
}

bool croppable(View v) {
  return v == View::fragments || v == View::warpgroup || v == View::banks || v == View::cta ||
         v == View::tmem;
}

std::string_view to_string(BankPicture p) { return p == BankPicture::tile ? "tile" : "lines"; }

std::optional<BankPicture> parse_bank_picture(std::string_view text) {
  if (text == "lines") return BankPicture::lines;
  if (text == "tile") return BankPicture::tile;
  return std::nullopt;
}

Outcome<Block> crop_block(const Crop& c, const std::string& grid, int rows, int cols) {
  Block b{0, rows, 0, cols};
  const auto fit = [&](const std::optional<IndexRange>& r, const char* what, const char* axis, int count,
                       int& first, int& n) -> std::optional<std::string> {
    if (!r) return std::nullopt;
    if (r->last >= count)
      return std::string(what) + "=" + std::to_string(r->first) + "-" + std::to_string(r->last) +
             " is outside " + grid + "'s " + std::to_string(rows) + " x " + std::to_string(cols) + " (" +
             axis + " 0-" + std::to_string(count - 1) + ")";
    first = r->first;
    n = r->count();
    return std::nullopt;
  };
  if (auto why = fit(c.rows, "rows", "rows", rows, b.row0, b.rows))
    return Outcome<Block>::fail(ErrorKind::refused, *why);
  if (auto why = fit(c.cols, "cols", "columns", cols, b.col0, b.cols))
    return Outcome<Block>::fail(ErrorKind::refused, *why);
  return Outcome<Block>::ok(b);
}

std::string block_text(const Block& b) {
  return describe_range("rows", IndexRange{b.row0, b.row0 + b.rows - 1}) + ", " +
         describe_range("columns", IndexRange{b.col0, b.col0 + b.cols - 1});
}

}  // namespace fragviz::scene
