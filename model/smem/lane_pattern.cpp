// Lane address patterns: presets, the expression language in `lane`, tables (lane_pattern.hpp).
#include "fragviz/smem/lane_pattern.hpp"

#include <cctype>
#include <limits>
#include <utility>

#include "fragviz/smem/banks.hpp"  // kRowBytes
#include "fragviz/util/parse_limits.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz {

namespace {

// The presets as expressions. `explorer`: PTX-FACTS section 2 and the m16n8k16 A fragment: ldmatrix.x4
// with lane l at row l & 15, k offset 8 * (l >> 4) gives {a0a1, a2a3, a4a5, a6a7}. `b-tiles`: the seed's B
// load (.x4.trans), matrix j = lanes 8j..8j+7 at k rows 0-7, n columns 8j. `b-pair`: m16n8k16's B
// (.x2.trans): k rows 0-15 of one n8 column block; lanes 16-31 repeat 0-15 so every lane's address
// is valid (the sm_75 rule). tests/unit/test_lane_pattern.cpp checks each against the loads the
// catalogue derives (fragment_load).
// `E` is the elements in one 16-byte matrix row (8 halves, 16 bytes of b8, 4 b32, 2 b64): each
// address lane points at a 16-byte row, so a matrix's columns span 16 bytes of whatever element
// the tile counts (written with 8 for halves, a b8 tile read its second matrix 8 bytes in: refused
// as misaligned). lane_preset substitutes it.
// `explorer` first: the default of the app and the CLI.
const std::vector<LanePreset> kPresets = {
    {"explorer", "row=lane&15, col=E*(lane>>4)",
     "the app's bank view, and A of m16n8k16 (.x4) or m16n8k8 (.x2): matrix j at rows 8(j%2), cols "
     "8(j/2); lanes .x1/.x2 ignore repeat lower lanes"},
    {"b-tiles", "row=lane&7, col=E*(lane>>3)",
     "four 8x8 B tiles of m16n8k8 side by side (.x4.trans): k rows 0-7, n columns 0, 8, 16, 24"},
    {"b-pair", "row=lane&15, col=0", "B of m16n8k16 (.x2.trans): k rows 0-15 of one n8 column block"},
    {"rows", "row=lane, col=0", "lane l at row l, column 0 (e.g. one 16-byte row per lane for LDS.128)"},
};

/// Names that were presets of their own and are now another's: `a` was `explorer`'s expression
/// under a second name (the same addresses on every lane an ldmatrix reads).
constexpr std::pair<std::string_view, std::string_view> kPresetAliases[] = {{"a", "explorer"}};

struct Failure {
  std::size_t pos;
  std::string message;
};

int column_of(std::string_view text, std::size_t i) {
  int col = 1;
  for (std::size_t k = 0; k < i && k < text.size(); ++k)
    if ((static_cast<unsigned char>(text[k]) & 0xC0) != 0x80) ++col;
  return col;
}

/// Recursive descent over [i, end) of `s`, evaluating for one lane as it goes.
class Expr {
 public:
  Expr(std::string_view s, std::size_t begin, std::size_t end, int lane)
      : s_(s), i_(begin), end_(end), lane_(lane) {}

  [[noreturn]] void fail(std::size_t pos, std::string m) const { throw Failure{pos, std::move(m)}; }
  void ws() {
    while (i_ < end_ && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  char peek() {
    ws();
    return i_ < end_ ? s_[i_] : '\0';
  }
  char peek2() {
    ws();
    return i_ + 1 < end_ ? s_[i_ + 1] : '\0';
  }
  bool at_end() {
    ws();
    return i_ >= end_;
  }
  std::size_t pos() {
    ws();
    return i_;
  }
  std::string found() {
    if (at_end()) return ", found the end of the text";
    return std::string(", found '") + s_[i_] + "'";
  }
  bool word(std::string_view w) {
    ws();
    if (s_.substr(i_, w.size()) != w || i_ + w.size() > end_) return false;
    const std::size_t after = i_ + w.size();
    if (after < end_ && (std::isalnum(static_cast<unsigned char>(s_[after])) || s_[after] == '_'))
      return false;
    i_ = after;
    return true;
  }
  void expect(char c, const std::string& what) {
    if (peek() != c) fail(pos(), "expected " + what + found());
    ++i_;
  }

  /// Fails with the overflow message when `overflow` (a __builtin_*_overflow result, computed in a
  /// statement of its own: argument order is unspecified).
  void check(bool overflow, std::size_t at) const {
    if (overflow) fail(at, "the value overflows 64 bits for lane " + std::to_string(lane_));
  }

  std::int64_t expr() { return bit_or(); }
  std::int64_t bit_or() {
    std::int64_t v = bit_xor();
    while (peek() == '|') {
      ++i_;
      v |= bit_xor();
    }
    return v;
  }
  std::int64_t bit_xor() {
    std::int64_t v = bit_and();
    while (peek() == '^') {
      ++i_;
      v ^= bit_and();
    }
    return v;
  }
  std::int64_t bit_and() {
    std::int64_t v = shift();
    while (peek() == '&') {
      ++i_;
      v &= shift();
    }
    return v;
  }
  std::int64_t shift() {
    std::int64_t v = add();
    for (;;) {
      const char c = peek();
      if ((c != '<' && c != '>') || peek2() != c) {
        if (c == '<' || c == '>')
          fail(pos(), std::string("expected '") + c + c + "' (comparisons are not expressions here)");
        return v;
      }
      const std::size_t at = pos();
      i_ += 2;
      const std::int64_t n = add();
      if (n < 0 || n > 62)
        fail(at,
             "shift by " + std::to_string(n) + " for lane " + std::to_string(lane_) + " (0 to 62 allowed)");
      if (c == '<') {
        std::int64_t r = 0;
        check(__builtin_mul_overflow(v, std::int64_t{1} << n, &r), at);
        v = r;
      } else {
        v >>= n;  // arithmetic for negatives, as every compiler fragviz builds with does
      }
    }
  }
  std::int64_t add() {
    std::int64_t v = mul();
    for (;;) {
      const char c = peek();
      if (c != '+' && c != '-') return v;
      const std::size_t at = pos();
      ++i_;
      const std::int64_t w = mul();
      std::int64_t r = 0;
      check(c == '+' ? __builtin_add_overflow(v, w, &r) : __builtin_sub_overflow(v, w, &r), at);
      v = r;
    }
  }
  std::int64_t mul() {
    std::int64_t v = unary();
    for (;;) {
      const char c = peek();
      if (c != '*' && c != '/' && c != '%') return v;
      const std::size_t at = pos();
      ++i_;
      const std::int64_t w = unary();
      if (c == '*') {
        std::int64_t r = 0;
        check(__builtin_mul_overflow(v, w, &r), at);
        v = r;
      } else {
        if (w == 0)
          fail(at, std::string(c == '/' ? "division" : "remainder") + " by zero for lane " +
                       std::to_string(lane_));
        check(v == std::numeric_limits<std::int64_t>::min() && w == -1, at);
        v = c == '/' ? v / w : v % w;
      }
    }
  }
  /// Enters one level of nesting (a parenthesis or a unary operator) at `at`.
  void nest(std::size_t at) {
    if (++depth_ > kMaxParseNesting) fail(at, nesting_too_deep_message());
  }
  std::int64_t unary() {
    const char c = peek();
    if (c == '-' || c == '+' || c == '~') {
      const std::size_t at = pos();
      ++i_;
      nest(at);
      const std::int64_t v = unary();
      --depth_;
      if (c == '~') return ~v;
      check(c == '-' && v == std::numeric_limits<std::int64_t>::min(), at);
      return c == '-' ? -v : v;
    }
    return primary();
  }
  std::int64_t primary() {
    const char c = peek();
    if (c == '(') {
      nest(pos());
      ++i_;
      const std::int64_t v = expr();
      expect(')', "')'");
      --depth_;
      return v;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      const std::size_t at = pos();
      std::int64_t v = 0;
      while (i_ < end_ && std::isdigit(static_cast<unsigned char>(s_[i_]))) {
        if (v > (std::numeric_limits<std::int64_t>::max() - 9) / 10) fail(at, "number too large");
        v = v * 10 + (s_[i_++] - '0');
      }
      if (i_ < end_ && (std::isalpha(static_cast<unsigned char>(s_[i_])) || s_[i_] == '_'))
        fail(i_, "expected an operator after the number" + found());
      return v;
    }
    if (word("lane")) return lane_;
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      const std::size_t at = pos();
      std::size_t n = 0;
      while (i_ + n < end_ && (std::isalnum(static_cast<unsigned char>(s_[i_ + n])) || s_[i_ + n] == '_'))
        ++n;
      fail(at, "unknown name '" + echo_text(s_.substr(i_, n)) + "': the only variable is 'lane'");
    }
    fail(pos(), "expected a number, 'lane' or '('" + found());
  }

  /// `[row=] EXPR , [col=] EXPR` to the end of the range.
  Coord pair() {
    const std::size_t save = pos();
    if (!(word("row") && peek() == '='))
      i_ = save;
    else
      ++i_;
    const std::int64_t row = expr();
    if (peek() != ',') fail(pos(), "expected ',' and the column" + found());
    ++i_;
    const std::size_t save2 = pos();
    if (!(word("col") && peek() == '='))
      i_ = save2;
    else
      ++i_;
    const std::size_t col_at = pos();
    const std::int64_t col = expr();
    if (!at_end()) fail(pos(), "unexpected text after the column" + found());
    const auto fits = [](std::int64_t v) {
      return v >= std::numeric_limits<int>::min() / 2 && v <= std::numeric_limits<int>::max() / 2;
    };
    if (!fits(row) || !fits(col))
      fail(fits(row) ? col_at : save, "lane " + std::to_string(lane_) + " points at (" + std::to_string(row) +
                                          "," + std::to_string(col) + "), far outside any tile");
    return Coord{static_cast<int>(row), static_cast<int>(col)};
  }

 private:
  std::string_view s_;
  std::size_t i_, end_;
  int lane_;
  int depth_ = 0;  ///< parentheses and unary operators open at i_
};

template <class T>
Outcome<T> failed(std::string_view text, const Failure& f) {
  const int col = column_of(text, f.pos);
  return Outcome<T>::fail(ErrorKind::malformed, "col " + std::to_string(col) + ": " + f.message, col);
}

std::string trimmed(std::string_view t) {
  std::size_t b = 0, e = t.size();
  while (b < e && std::isspace(static_cast<unsigned char>(t[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(t[e - 1]))) --e;
  return std::string(t.substr(b, e - b));
}

}  // namespace

const std::vector<LanePreset>& lane_presets() { return kPresets; }

Outcome<std::int64_t> eval_lane_expression(std::string_view expr, int lane) {
  try {
    Expr e(expr, 0, expr.size(), lane);
    if (e.at_end()) e.fail(0, "empty expression");
    const std::int64_t v = e.expr();
    if (!e.at_end()) e.fail(e.pos(), "unexpected text after the expression" + e.found());
    return Outcome<std::int64_t>::ok(v);
  } catch (const Failure& f) {
    return failed<std::int64_t>(expr, f);
  }
}

Outcome<LanePattern> lane_expression(std::string_view text) {
  LanePattern p;
  p.notation = trimmed(text);
  const auto run = [&](std::size_t begin, std::size_t end) {
    for (int lane = 0; lane < kWarpSize; ++lane) {
      Expr e(text, begin, end, lane);
      if (e.at_end()) e.fail(begin, "empty lane expression: expected e.g. row=lane&15, col=8*(lane>>4)");
      p.at[static_cast<std::size_t>(lane)] = e.pair();
    }
  };
  try {
    run(0, text.size());
    return Outcome<LanePattern>::ok(std::move(p));
  } catch (const Failure& whole) {
    // `(EXPR, EXPR)`: the pair in parentheses.
    std::size_t b = 0, e = text.size();
    while (b < e && std::isspace(static_cast<unsigned char>(text[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(text[e - 1]))) --e;
    if (e - b >= 2 && text[b] == '(' && text[e - 1] == ')') {
      try {
        run(b + 1, e - 1);
        return Outcome<LanePattern>::ok(std::move(p));
      } catch (const Failure&) {
      }
    }
    return failed<LanePattern>(text, whole);
  }
}

Outcome<LanePattern> lane_table(std::string_view text) {
  LanePattern p;
  std::string notation;
  std::size_t i = 0;
  int lane = 0;
  const auto skip = [&] {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r')) ++i;
  };
  const auto fail = [&](std::size_t at, const std::string& m) {
    return failed<LanePattern>(text, Failure{at, m});
  };
  const auto number = [&](int& out) -> bool {
    skip();
    const std::size_t start = i;
    bool neg = false;
    if (i < text.size() && text[i] == '-') {
      neg = true;
      ++i;
    }
    if (i >= text.size() || !std::isdigit(static_cast<unsigned char>(text[i]))) {
      i = start;
      return false;
    }
    std::int64_t v = 0;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
      v = v * 10 + (text[i++] - '0');
      if (v > 1'000'000'000) return false;
    }
    out = static_cast<int>(neg ? -v : v);
    return true;
  };
  for (;;) {
    skip();
    if (i >= text.size()) break;
    if (text[i] == ';' || text[i] == '\n') {
      ++i;
      continue;  // empty entries (a trailing ';', blank lines) hold nothing
    }
    if (lane >= kWarpSize) return fail(i, "more than 32 entries: a warp has 32 lanes");
    if (text[i] == '-' && (i + 1 >= text.size() || !std::isdigit(static_cast<unsigned char>(text[i + 1])))) {
      ++i;
      notation += std::string(notation.empty() ? "" : "; ") + "-";
    } else {
      const bool paren = text[i] == '(';
      if (paren) ++i;
      int r = 0, c = 0;
      if (!number(r)) return fail(i, "expected the row of lane " + std::to_string(lane) + "'s entry");
      skip();
      if (i >= text.size() || text[i] != ',')
        return fail(i, "expected ',' between lane " + std::to_string(lane) + "'s row and column");
      ++i;
      if (!number(c)) return fail(i, "expected the column of lane " + std::to_string(lane) + "'s entry");
      skip();
      if (paren) {
        if (i >= text.size() || text[i] != ')')
          return fail(i, "expected ')' after lane " + std::to_string(lane) + "'s entry");
        ++i;
      }
      p.at[static_cast<std::size_t>(lane)] = Coord{r, c};
      notation += std::string(notation.empty() ? "" : "; ") + std::to_string(r) + "," + std::to_string(c);
    }
    skip();
    if (i < text.size() && text[i] != ';' && text[i] != '\n')
      return fail(i, "expected ';' or a new line after lane " + std::to_string(lane) + "'s entry" +
                         std::string(", found '") + text[i] + "'");
    ++lane;
  }
  if (lane == 0) return fail(0, "empty lane table: expected entries like 0,0; 1,0; 2,0");
  p.notation = notation;
  return Outcome<LanePattern>::ok(std::move(p));
}

std::string lane_preset_names() {
  std::string out;
  for (const LanePreset& p : kPresets) {
    out += std::string(out.empty() ? "" : ", ") + std::string(p.name);
    for (const auto& [alias, kept] : kPresetAliases)
      if (kept == p.name) out += " (or " + std::string(alias) + ")";
  }
  return out;
}

std::string_view canonical_lane_preset(std::string_view name) {
  for (const auto& [alias, kept] : kPresetAliases)
    if (name == alias) return kept;
  return name;
}

std::string lane_preset_expression(const LanePreset& preset, int element_bytes) {
  const std::string e = std::to_string(kRowBytes / element_bytes);
  std::string out;
  for (char c : preset.expression) out += c == 'E' ? e : std::string(1, c);
  return out;
}

std::optional<LanePattern> lane_preset(std::string_view name, LdmNum num, int element_bytes) {
  name = canonical_lane_preset(name);
  if (element_bytes <= 0 || element_bytes > kRowBytes || kRowBytes % element_bytes != 0) return std::nullopt;
  for (const LanePreset& preset : kPresets) {
    if (preset.name != name) continue;
    std::string expr = lane_preset_expression(preset, element_bytes);
    if (name == "explorer") {
      // The explorer's matrix j sits at rows 8 (j % 2), cols 8 (j / 2) halves (explorer_matrix_origin);
      // lanes beyond the .num's address lanes repeat lane % address_lanes (analyze_ldmatrix does the same).
      if (num == LdmNum::x2) expr = "row=lane&15, col=0";
      if (num == LdmNum::x1) expr = "row=lane&7, col=0";
    }
    auto p = lane_expression(expr);
    if (!p) return std::nullopt;  // the presets are fixed text that parses (tested)
    LanePattern out = *p;
    out.preset = std::string(name);
    return out;
  }
  return std::nullopt;
}

Outcome<LanePattern> parse_lane_pattern(std::string_view text, LdmNum num, int element_bytes) {
  const std::string t = trimmed(text);
  if (auto p = lane_preset(t, num, element_bytes)) return Outcome<LanePattern>::ok(std::move(*p));
  if (t.find(';') != std::string::npos || t.find('\n') != std::string::npos) return lane_table(text);
  bool word_only = !t.empty();
  for (char c : t) word_only = word_only && (std::isalnum(static_cast<unsigned char>(c)) || c == '-');
  if (word_only && std::isalpha(static_cast<unsigned char>(t[0])) && t.find("lane") == std::string::npos) {
    return Outcome<LanePattern>::fail(
        ErrorKind::malformed, "unknown lane preset '" + echo_text(t) + "' (presets: " + lane_preset_names() +
                                  "; or an expression like row=lane&15, col=8*(lane>>4), or a table like "
                                  "0,0; 1,0; 2,0)");
  }
  return lane_expression(text);
}

}  // namespace fragviz
