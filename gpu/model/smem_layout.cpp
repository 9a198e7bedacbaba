// CuTe layout notation: parser, presets of the app's tile controls, byte owners and the round trip
// (smem_layout.hpp).
#include "fragviz/smem_layout.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <limits>

#include "fragviz/parse_limits.hpp"
#include "fragviz/words.hpp"

namespace fragviz {

std::string_view to_string(LayoutUnits u) { return u == LayoutUnits::bytes ? "bytes" : "elements"; }

std::optional<LayoutUnits> parse_layout_units(std::string_view text) {
  if (text == "elements") return LayoutUnits::elements;
  if (text == "bytes") return LayoutUnits::bytes;
  return std::nullopt;
}

std::optional<int> parse_element_type(std::string_view t) {
  for (std::string_view n : {"b8", "s8", "u8", "e4m3", "e5m2"})
    if (t == n) return 1;
  for (std::string_view n : {"b16", "f16", "bf16", "s16", "u16"})
    if (t == n) return 2;
  for (std::string_view n : {"b32", "f32", "tf32", "s32", "u32"})
    if (t == n) return 4;
  for (std::string_view n : {"b64", "f64", "s64", "u64"})
    if (t == n) return 8;
  return std::nullopt;
}

// [SECTION] parser ---------------------------------------------------------------------------------

namespace {

/// 1-based character position of byte `i` of `text`: UTF-8 continuation bytes do not count, so
/// `∘` (three bytes) is one column.
int column_of(std::string_view text, std::size_t i) {
  int col = 1;
  for (std::size_t k = 0; k < i && k < text.size(); ++k)
    if ((static_cast<unsigned char>(text[k]) & 0xC0) != 0x80) ++col;
  return col;
}

/// One node of a shape or stride tuple: a number or a tuple of nodes.
struct Node {
  bool leaf = true;
  std::int64_t value = 0;
  std::vector<Node> kids;
  std::size_t pos = 0;  ///< byte where it starts
};

struct ParseFailure {
  std::size_t pos;
  std::string message;
};

constexpr std::int64_t kMaxNumber = std::numeric_limits<std::int32_t>::max();
constexpr std::string_view kCompose = "\xE2\x88\x98";  // U+2218 RING OPERATOR

class Parser {
 public:
  explicit Parser(std::string_view text) : s_(text) {}

  [[noreturn]] void fail(std::size_t pos, std::string message) const {
    throw ParseFailure{pos, std::move(message)};
  }

  void ws() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }
  bool at_end() {
    ws();
    return i_ >= s_.size();
  }
  char peek() {
    ws();
    return i_ < s_.size() ? s_[i_] : '\0';
  }
  std::size_t pos() {
    ws();
    return i_;
  }
  bool take(char c) {
    if (peek() != c) return false;
    ++i_;
    return true;
  }
  void expect(char c, const std::string& what) {
    if (!take(c)) fail(pos(), "expected " + what + found());
  }
  /// ", found 'x'" or ", found the end of the text".
  std::string found() {
    if (at_end()) return ", found the end of the text";
    const unsigned char c = static_cast<unsigned char>(s_[i_]);
    if (c < 0x80) return std::string(", found '") + s_[i_] + "'";
    std::size_t n = 1;
    while (i_ + n < s_.size() && (static_cast<unsigned char>(s_[i_ + n]) & 0xC0) == 0x80) ++n;
    return ", found '" + std::string(s_.substr(i_, n)) + "'";
  }
  bool starts_with(std::string_view word) {
    ws();
    return s_.substr(i_, word.size()) == word;
  }
  /// The composition operator: `o` or `∘`.
  bool take_compose() {
    ws();
    if (s_.substr(i_, kCompose.size()) == kCompose) {
      i_ += kCompose.size();
      return true;
    }
    if (i_ < s_.size() && s_[i_] == 'o') {
      const char next = i_ + 1 < s_.size() ? s_[i_ + 1] : ' ';
      if (!std::isalnum(static_cast<unsigned char>(next)) && next != '<') {
        ++i_;
        return true;
      }
    }
    return false;
  }

  /// A number: optional `_` (CuTe's static integers print as _8), optional `-`, digits.
  std::int64_t number(const char* what) {
    const std::size_t start = pos();
    take('_');
    bool negative = false;
    if (i_ < s_.size() && s_[i_] == '-') {
      negative = true;
      ++i_;
    }
    if (i_ >= s_.size() || !std::isdigit(static_cast<unsigned char>(s_[i_])))
      fail(i_ == start ? start : i_, std::string("expected ") + what + found());
    std::int64_t v = 0;
    while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) {
      v = v * 10 + (s_[i_] - '0');
      if (v > kMaxNumber) fail(start, "number too large (fragviz takes numbers up to 2147483647)");
      ++i_;
    }
    return negative ? -v : v;
  }

  /// A number or a parenthesised tuple of them.
  Node tuple(const char* what) {
    Node n;
    n.pos = pos();
    if (take('(')) {
      if (++depth_ > kMaxParseNesting) fail(n.pos, nesting_too_deep_message());
      n.leaf = false;
      n.kids.push_back(tuple(what));
      for (;;) {
        if (take(',')) {
          n.kids.push_back(tuple(what));
        } else if (take(')')) {
          --depth_;
          break;
        } else {
          fail(pos(), "expected ',' or ')'" + found());
        }
      }
      return n;
    }
    const char c = peek();
    if (c != '_' && c != '-' && !std::isdigit(static_cast<unsigned char>(c)))
      fail(pos(), std::string("expected ") + what + " or '('" + found());
    n.value = number(what);
    return n;
  }

  std::size_t index() const { return i_; }
  void rewind(std::size_t i) { i_ = i; }

 private:
  std::string_view s_;
  std::size_t i_ = 0;
  int depth_ = 0;  ///< tuples open at i_
};

std::string node_text(const Node& n) {
  if (n.leaf) return std::to_string(n.value);
  std::string s = "(";
  for (std::size_t k = 0; k < n.kids.size(); ++k) s += (k ? "," : "") + node_text(n.kids[k]);
  return s + ")";
}

/// The stride must have the shape's tree: a number where the shape has one, a tuple of as many
/// entries where it has a tuple.
void check_congruent(const Parser& p, const Node& shape, const Node& stride) {
  if (shape.leaf) {
    if (shape.value < 1) p.fail(shape.pos, "a shape must be at least 1, got " + std::to_string(shape.value));
    if (!stride.leaf)
      p.fail(stride.pos, "the stride " + node_text(stride) + " is a tuple where the shape has the number " +
                             std::to_string(shape.value) + " (shape and stride must be congruent)");
    return;
  }
  if (stride.leaf)
    p.fail(stride.pos, "the stride " + std::to_string(stride.value) + " is a number where the shape has " +
                           node_text(shape) + " (shape and stride must be congruent)");
  if (stride.kids.size() != shape.kids.size())
    p.fail(stride.pos, "the stride " + node_text(stride) + " has " +
                           plural(static_cast<long long>(stride.kids.size()), "entry", "entries") +
                           " where the shape " + node_text(shape) + " has " +
                           std::to_string(shape.kids.size()) + " (shape and stride must be congruent)");
  for (std::size_t k = 0; k < shape.kids.size(); ++k) check_congruent(p, shape.kids[k], stride.kids[k]);
}

void flatten(const Node& shape, const Node& stride, std::vector<Mode>& out) {
  if (shape.leaf) {
    out.push_back(Mode{static_cast<int>(shape.value), static_cast<int>(stride.value)});
    return;
  }
  for (std::size_t k = 0; k < shape.kids.size(); ++k) flatten(shape.kids[k], stride.kids[k], out);
}

/// `Swizzle<B,M,S>` (or `Sw<B,M,S>`, `Swizzle<B,M>`, a trailing `{}`), checked as CuTe's
/// static_asserts check it.
CuteSwizzle swizzle_part(Parser& p) {
  const std::size_t at = p.pos();
  p.rewind(at + (p.starts_with("Swizzle") ? 7 : 2));
  p.expect('<', "'<' after Swizzle");
  const std::size_t b_pos = p.pos();
  const std::int64_t b = p.number("the swizzle's B (bits)");
  p.expect(',', "',' after B in Swizzle<B,M,S>");
  const std::size_t m_pos = p.pos();
  const std::int64_t m = p.number("the swizzle's M (base)");
  std::int64_t s = b;
  std::size_t s_pos = p.pos();
  if (p.take(',')) {
    s_pos = p.pos();
    s = p.number("the swizzle's S (shift)");
  }
  if (!p.take('>')) p.fail(p.pos(), "expected ',' or '>' in Swizzle<B,M,S>" + p.found());
  if (p.take('{')) p.expect('}', "'}' after Swizzle<...>{");
  // CuTe's own static_asserts (include/cute/swizzle.hpp).
  if (b < 0) p.fail(b_pos, "Swizzle<B,M,S> needs B >= 0 (CuTe: \"BBits must be positive\")");
  if (m < 0) p.fail(m_pos, "Swizzle<B,M,S> needs M >= 0 (CuTe: \"MBase must be positive\")");
  if (std::llabs(s) < b)
    p.fail(s_pos, "Swizzle<" + std::to_string(b) + "," + std::to_string(m) + "," + std::to_string(s) +
                      "> needs |S| >= B (CuTe: \"abs(SShift) must be more than BBits\")");
  if (b + m + std::llabs(s) > 30)
    p.fail(at, "Swizzle<" + std::to_string(b) + "," + std::to_string(m) + "," + std::to_string(s) +
                   "> reaches bit " + std::to_string(b + m + std::llabs(s)) +
                   "; fragviz's tiles (at most 227 KB) use bits below 30");
  return CuteSwizzle{static_cast<int>(b), static_cast<int>(m), static_cast<int>(s)};
}

std::string swizzle_text(CuteSwizzle w) {
  return "Swizzle<" + std::to_string(w.bits) + "," + std::to_string(w.base) + "," + std::to_string(w.shift) +
         ">";
}

struct Parsed {
  FlatLayout layout;
  std::string notation;
  std::size_t layout_pos = 0;  ///< where the shape starts
};

Parsed parse_notation(Parser& p) {
  Parsed out;
  std::string prefix;
  if (p.at_end()) p.fail(0, "empty layout: expected e.g. (8,64):(64,1) or Swizzle<3,3,3> o (8,64):(64,1)");
  // The swizzle and the composed offset: `Swizzle<B,M,S> o [K o]`.
  if (p.starts_with("Swizzle") || p.starts_with("Sw<")) {
    out.layout.swizzle = swizzle_part(p);
    prefix = swizzle_text(out.layout.swizzle) + " o ";
    if (!p.take_compose()) p.fail(p.pos(), "expected 'o' (or '\xE2\x88\x98') after the swizzle" + p.found());
    // A number followed by another `o` is the composed offset (CuTe prints `Sw<3,3,3> o _0 o ...`).
    const std::size_t before = p.index();
    const char c = p.peek();
    if (c == '_' || c == '-' || std::isdigit(static_cast<unsigned char>(c))) {
      const std::int64_t k = p.number("a number");
      if (p.take_compose()) {
        out.layout.offset = static_cast<std::int32_t>(k);
        if (k != 0) prefix += std::to_string(k) + " o ";
      } else {
        p.rewind(before);
      }
    }
  }
  out.layout_pos = p.pos();
  const Node shape = p.tuple("a shape number");
  if (!p.take(':')) {
    if (p.at_end())
      p.fail(p.pos(), "expected ':' and the stride after the shape " + node_text(shape) +
                          ", found the end of the text");
    p.fail(p.pos(), "expected ':' and the stride after the shape" + p.found());
  }
  const Node stride = p.tuple("a stride number");
  if (!p.at_end()) p.fail(p.pos(), "unexpected text after the layout" + p.found());
  check_congruent(p, shape, stride);
  if (shape.leaf || shape.kids.size() != 2)
    p.fail(out.layout_pos, "a tile layout has two top-level modes, (rows, columns), e.g. (8,64):(64,1); " +
                               node_text(shape) + ":" + node_text(stride) + " has " +
                               plural(shape.leaf ? 1 : static_cast<long long>(shape.kids.size()), "mode"));
  for (int m = 0; m < 2; ++m) {
    std::vector<Mode> leaves;
    flatten(shape.kids[static_cast<std::size_t>(m)], stride.kids[static_cast<std::size_t>(m)], leaves);
    if (static_cast<int>(leaves.size()) > kMaxLayoutLeaves)
      p.fail(shape.kids[static_cast<std::size_t>(m)].pos,
             std::string(m == 0 ? "the row" : "the column") + " mode has " +
                 plural(static_cast<long long>(leaves.size()), "leaf mode") + "; fragviz holds at most " +
                 std::to_string(kMaxLayoutLeaves));
    out.layout.leaves[m] = static_cast<int>(leaves.size());
    for (std::size_t k = 0; k < leaves.size(); ++k) out.layout.mode[m][k] = leaves[k];
  }
  out.notation = prefix + node_text(shape) + ":" + node_text(stride);
  return out;
}

std::string coord_text(std::int64_t r, std::int64_t c) {
  return "(" + std::to_string(r) + "," + std::to_string(c) + ")";
}

}  // namespace

Outcome<SmemLayout> parse_smem_layout(std::string_view text, LayoutUnits units, int element_bytes) {
  if (!valid_element_bytes(element_bytes))
    return Outcome<SmemLayout>::fail(ErrorKind::refused,
                                     "element size " + plural(element_bytes, "byte") +
                                         ": fragviz lays out elements of 1, 2, 4 or 8 bytes");
  Parser p(text);
  Parsed parsed;
  try {
    // `B:` in front: this layout counts bytes, whatever the caller's default.
    if (p.starts_with("B:")) {
      units = LayoutUnits::bytes;
      p.rewind(p.pos() + 2);
    }
    parsed = parse_notation(p);
  } catch (const ParseFailure& f) {
    const int col = column_of(text, f.pos);
    return Outcome<SmemLayout>::fail(ErrorKind::refused, "col " + std::to_string(col) + ": " + f.message,
                                     col);
  }
  const auto refuse = [&](const std::string& why) {
    return Outcome<SmemLayout>::fail(ErrorKind::refused, parsed.notation + ": " + why);
  };
  SmemLayout out;
  out.map.layout = parsed.layout;
  out.map.units = units;
  out.map.element_bytes = element_bytes;
  const FlatLayout& l = out.map.layout;
  // Sizes first, so that no offset below can overflow: every mode's reach is bounded by the largest
  // tile, and so is the number of cells.
  for (int m = 0; m < 2; ++m)
    for (int k = 0; k < l.leaves[m]; ++k) {
      const Mode& d = l.mode[m][k];
      if (d.shape > 1 && (std::int64_t{d.shape} - 1) * std::llabs(d.stride) > kMaxTileBytes)
        return refuse("its mode " + std::to_string(d.shape) + ":" + std::to_string(d.stride) +
                      " spans more than " + std::to_string(kMaxTileBytes) +
                      " (227 KB, the most shared memory one block can have)");
    }
  // Mode sizes saturate: eight leaves of 2^31 would overflow 64 bits.
  const auto capped_size = [&l](int m) {
    std::int64_t n = 1;
    for (int k = 0; k < l.leaves[m]; ++k)
      n = std::min<std::int64_t>(n * l.mode[m][k].shape, kMaxTileBytes + 1);
    return n;
  };
  const std::int64_t rows = capped_size(0);
  std::int64_t cols = capped_size(1);
  if (rows * cols > kMaxTileBytes)
    return refuse("its " + std::to_string(rows) + " x " + std::to_string(cols) +
                  " coordinates are more than " + std::to_string(kMaxTileBytes) + " (227 KB)");
  if (units == LayoutUnits::bytes) {
    if (cols % element_bytes != 0)
      return refuse("in byte units its column mode spans " + plural(cols, "byte") +
                    ", not a whole number of " + plural(element_bytes, "byte") + " elements");
    cols /= element_bytes;
  }
  out.map.rows = static_cast<int>(rows);
  out.map.cols = static_cast<int>(cols);
  if (rows * cols * element_bytes > kMaxTileBytes)
    return refuse("its " + std::to_string(rows * cols) + " elements of " + plural(element_bytes, "byte") +
                  " need more than " + std::to_string(kMaxTileBytes) + " bytes (227 KB)");
  std::int64_t end = 0;
  for (int r = 0; r < out.map.rows; ++r)
    for (int c = 0; c < out.map.cols; ++c) {
      const std::int64_t b = out.byte_offset(r, c);
      if (b < 0)
        return refuse("it places element " + coord_text(r, c) + " at byte offset " + std::to_string(b) +
                      ", before the tile's first byte");
      if (units == LayoutUnits::bytes)
        for (int k = 1; k < element_bytes; ++k) {
          const std::int64_t bk = layout_offset(l, r, std::int64_t{c} * element_bytes + k);
          if (bk != b + k)
            return refuse("in byte units it tears element " + coord_text(r, c) + " apart: its byte " +
                          std::to_string(k) + " lies at offset " + std::to_string(bk) + ", not " +
                          std::to_string(b + k) + " (a " + plural(element_bytes, "byte") +
                          " element needs its bytes together; with a swizzle, M >= " +
                          std::to_string(element_bytes == 2   ? 1
                                         : element_bytes == 4 ? 2
                                                              : 3) +
                          ")");
        }
      end = std::max(end, b + element_bytes);
    }
  if (end > kMaxTileBytes)
    return refuse("it reaches byte " + std::to_string(end) + ", beyond the " + std::to_string(kMaxTileBytes) +
                  " bytes (227 KB) one block can have");
  out.footprint_bytes = end;
  out.notation = (units == LayoutUnits::bytes ? "B:" : "") + parsed.notation;
  return Outcome<SmemLayout>::ok(std::move(out));
}

Outcome<CuteSwizzle> parse_cute_swizzle(std::string_view text) {
  Parser p(text);
  try {
    if (!p.starts_with("Swizzle") && !p.starts_with("Sw<"))
      p.fail(p.pos(), "expected Swizzle<B,M,S>" + p.found());
    const CuteSwizzle w = swizzle_part(p);
    if (!p.at_end()) p.fail(p.pos(), "unexpected text after the swizzle" + p.found());
    return Outcome<CuteSwizzle>::ok(w);
  } catch (const ParseFailure& f) {
    const int col = column_of(text, f.pos);
    return Outcome<CuteSwizzle>::fail(ErrorKind::refused, "col " + std::to_string(col) + ": " + f.message,
                                      col);
  }
}

std::string to_string(CuteSwizzle w) { return swizzle_text(w); }

// [SECTION] the app's controls as presets ------------------------------------------------------------

Outcome<std::string> tile_geometry_notation(const TileGeometry& t) {
  if (t.width_halves < 1 || t.pad_halves < 0 || t.rows < 1)
    return Outcome<std::string>::fail(ErrorKind::refused,
                                      "a tile needs a width and rows of at least 1 and a pad of "
                                      "at least 0");
  const int stride = t.stride_halves();
  const std::string plain = "(" + std::to_string(t.rows) + "," + std::to_string(t.width_halves) + "):(" +
                            std::to_string(stride) + ",1)";
  if (t.swizzle == Swizzle::none) return Outcome<std::string>::ok(plain);
  if (stride % 64 != 0)
    return Outcome<std::string>::fail(
        ErrorKind::refused,
        "the XOR swizzle permutes 16-byte chunks inside 128-byte groups: it needs a row stride "
        "that is a multiple of 64 halves (got " +
            std::to_string(stride) + ")");
  // Row r starts at r * 64k halves, so the offset's bits from 6 up hold r * k + col / 64. The XOR
  // swizzle wants r % 8 in bits [3, 6): Swizzle<3,3,S> reads bits [3+S, 6+S), which hold r % 8 exactly
  // when k = 2^(S-3) (and col / 64 < k, true since width <= stride).
  const int k = stride / 64;
  if ((k & (k - 1)) != 0)
    return Outcome<std::string>::fail(
        ErrorKind::refused,
        "the XOR swizzle on a row stride of " + std::to_string(stride) + " halves (64 x " +
            std::to_string(k) + ") is no CuTe Swizzle<B,M,S> of a row-major layout: row r starts at r x " +
            std::to_string(k) +
            " in 128-byte units, and only for a power-of-two multiple of 64 do the row's low three bits sit "
            "together in the offset");
  int j = 0;
  while ((1 << j) < k) ++j;
  return Outcome<std::string>::ok("Swizzle<3,3," + std::to_string(3 + j) + "> o " + plain);
}

// [SECTION] byte owners and the round trip -------------------------------------------------------------

std::vector<ByteOwner> tile_byte_owners(const SmemLayout& l) {
  std::vector<ByteOwner> owners(static_cast<std::size_t>(l.footprint_bytes));
  for (int r = 0; r < l.rows(); ++r)
    for (int c = 0; c < l.cols(); ++c) {
      const std::int64_t b = l.byte_offset(r, c);
      for (int k = 0; k < l.element_bytes(); ++k)
        owners[static_cast<std::size_t>(b + k)] = ByteOwner{r * l.cols() + c, static_cast<std::int8_t>(k)};
    }
  return owners;
}

Outcome<RoundTrip> round_trip(const SmemLayout& write, const SmemLayout& read) {
  if (write.rows() != read.rows() || write.cols() != read.cols())
    return Outcome<RoundTrip>::fail(ErrorKind::refused,
                                    "the write layout covers " + std::to_string(write.rows()) + " x " +
                                        std::to_string(write.cols()) + " elements and the read layout " +
                                        std::to_string(read.rows()) + " x " + std::to_string(read.cols()) +
                                        ": a round trip needs one logical tile");
  if (write.element_bytes() != read.element_bytes())
    return Outcome<RoundTrip>::fail(ErrorKind::refused, "the write layout holds " +
                                                            plural(write.element_bytes(), "byte") +
                                                            " elements and the read layout " +
                                                            plural(read.element_bytes(), "byte") + " ones");
  RoundTrip rt;
  rt.elements = std::int64_t{write.rows()} * write.cols();
  const std::int64_t size = std::max(write.footprint_bytes, read.footprint_bytes);
  std::vector<ByteOwner> memory(static_cast<std::size_t>(size));
  for (int r = 0; r < write.rows(); ++r)
    for (int c = 0; c < write.cols(); ++c) {
      const std::int64_t b = write.byte_offset(r, c);
      for (int k = 0; k < write.element_bytes(); ++k) {
        ByteOwner& o = memory[static_cast<std::size_t>(b + k)];
        if (o.cell >= 0 && !rt.write_overlap)
          rt.write_overlap = std::array<Coord, 2>{cell_coord(write, o.cell), Coord{r, c}};
        o = ByteOwner{r * write.cols() + c, static_cast<std::int8_t>(k)};
      }
    }
  rt.ok.assign(static_cast<std::size_t>(rt.elements), 1);
  for (int r = 0; r < read.rows(); ++r)
    for (int c = 0; c < read.cols(); ++c) {
      const std::int32_t cell = r * read.cols() + c;
      const std::int64_t b = read.byte_offset(r, c);
      bool whole = true;
      for (int k = 0; k < read.element_bytes() && whole; ++k) {
        const ByteOwner o = memory[static_cast<std::size_t>(b + k)];
        whole = o.cell == cell && o.byte == k;
      }
      if (whole) continue;
      rt.ok[static_cast<std::size_t>(cell)] = 0;
      if (rt.mismatches++ == 0) {
        RoundTripMismatch m;
        m.logical = Coord{r, c};
        m.read_byte = b;
        m.written_byte = write.byte_offset(r, c);
        const ByteOwner o = memory[static_cast<std::size_t>(b)];
        if (o.cell >= 0) {
          m.found = cell_coord(write, o.cell);
          m.found_byte = o.byte;
        }
        rt.first = m;
      }
    }
  return Outcome<RoundTrip>::ok(std::move(rt));
}

}  // namespace fragviz
