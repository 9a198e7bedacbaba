// CuTe layout notation: parser, presets of the app's tile controls, byte owners and the round trip
// (smem_layout.hpp).
#include "fragviz/smem/smem_layout.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "fragviz/algebra/notation.hpp"
#include "fragviz/util/words.hpp"

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

using notation::check_congruent;
using notation::column_of;
using notation::Node;
using notation::node_text;
using notation::Parser;
using notation::swizzle_text;
using ParseFailure = notation::Failure;

void flatten(const Node& shape, const Node& stride, std::vector<Mode>& out) {
  if (shape.leaf) {
    out.push_back(Mode{static_cast<int>(shape.value), static_cast<int>(stride.value)});
    return;
  }
  for (std::size_t k = 0; k < shape.kids.size(); ++k) flatten(shape.kids[k], stride.kids[k], out);
}

struct Parsed {
  FlatLayout layout;
  std::string notation;
  std::string shape;           ///< the shape as written, e.g. (100000,100000)
  std::size_t layout_pos = 0;  ///< where the shape starts
};

Parsed parse_notation(Parser& p) {
  Parsed out;
  std::string prefix;
  if (p.at_end()) p.fail(0, "empty layout: expected e.g. (8,64):(64,1) or Swizzle<3,3,3> o (8,64):(64,1)");
  // The swizzle and the composed offset: `Swizzle<B,M,S> o [K o]`.
  if (p.at_swizzle()) {
    out.layout.swizzle = p.swizzle();
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
    // A second swizzle: the layout holds one (two swizzles compose into no Swizzle<B,M,S> in
    // general), so say so at its column rather than call it an unknown word.
    if (p.at_swizzle())
      p.fail(p.pos(),
             "only one Swizzle<B,M,S> may be composed with the layout: fragviz takes Swizzle<B,M,S> o "
             "[offset o] (shape):(stride)");
  }
  // A word where a shape starts: the only word a layout holds is the swizzle, misspelt ("Swizle").
  if (std::isalpha(static_cast<unsigned char>(p.peek()))) {
    const std::size_t at = p.pos();
    std::string word;
    while (std::isalnum(static_cast<unsigned char>(p.peek())) || p.peek() == '_') {
      if (p.pos() != at + word.size() || word.size() == 32) break;  // whitespace ends the word
      word += p.peek();
      p.rewind(p.index() + 1);
    }
    p.fail(at, "unknown word '" + word + "'; did you mean Swizzle<B,M,S>?");
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
  out.shape = node_text(shape);
  out.notation = prefix + out.shape + ":" + node_text(stride);
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
    return Outcome<SmemLayout>::fail(ErrorKind::malformed, "col " + std::to_string(col) + ": " + f.message,
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
  // Sizes first, so that no offset below can overflow: the number of cells is bounded by the largest
  // tile, and so is every mode's reach. The shape is checked first and named as written: a huge
  // shape was refused by its first leaf mode's span ("its mode 100000:100000 spans more than ...",
  // a mode the user never wrote; newcomer round 25).
  {
    constexpr std::int64_t kMostCounted = 1'000'000'000'000'000'000;  // 10^18: no overflow below
    std::int64_t cells = 1;
    for (int m = 0; m < 2; ++m)
      for (int k = 0; k < l.leaves[m]; ++k) {
        const std::int64_t n = l.mode[m][k].shape;  // at most 2^31 - 1
        cells = n > 0 && cells > kMostCounted / n ? kMostCounted + 1 : cells * n;
      }
    const bool bytes = units == LayoutUnits::bytes;
    const std::int64_t most = bytes ? kMaxTileBytes : kMaxTileBytes / element_bytes;
    if (cells > most)
      return refuse("its shape " + parsed.shape + " has " +
                    (cells > kMostCounted ? std::string("more than 10^18") : std::to_string(cells)) +
                    (bytes ? " bytes; at most " + std::to_string(most) + " bytes"
                           : " elements; at most " + std::to_string(most) + " elements of " +
                                 plural(element_bytes, "byte")) +
                    " fit in the 227 KB of shared memory one block can have");
  }
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
    if (!p.at_swizzle()) p.fail(p.pos(), "expected Swizzle<B,M,S>" + p.found());
    const CuteSwizzle w = p.swizzle();
    if (!p.at_end()) p.fail(p.pos(), "unexpected text after the swizzle" + p.found());
    return Outcome<CuteSwizzle>::ok(w);
  } catch (const ParseFailure& f) {
    const int col = column_of(text, f.pos);
    return Outcome<CuteSwizzle>::fail(ErrorKind::malformed, "col " + std::to_string(col) + ": " + f.message,
                                      col);
  }
}

std::string to_string(CuteSwizzle w) { return swizzle_text(w); }

std::optional<std::string> idle_swizzle_note(const SmemLayout& l) {
  const FlatLayout& f = l.map.layout;
  const CuteSwizzle w = f.swizzle;
  if (w.bits == 0) {
    // Swizzle<0,M,S> written out is CuTe's identity: it moves no bit of any offset (newcomer round
    // 30: it passed unsaid, as if it swizzled). No swizzle written, nothing to say.
    if (l.notation.find("Swizzle<") == std::string::npos) return std::nullopt;
    return to_string(w) + " changes no offset of any layout: with B = 0 it moves no bits";
  }
  // The bits the swizzle reads (CuTe's yyy_msk): it XORs them into others, so clear bits change nothing.
  const int low = w.base + std::max(0, w.shift), high = low + w.bits - 1;
  const std::int64_t reads = ((std::int64_t{1} << w.bits) - 1) << low;
  std::int64_t largest = 0;
  const std::int64_t rows = layout_mode_size(f, 0), cols = layout_mode_size(f, 1);
  for (std::int64_t r = 0; r < rows; ++r)
    for (std::int64_t c = 0; c < cols; ++c) {
      const std::int64_t at = f.offset + layout_linear(f, r, c);
      if (at & reads) return std::nullopt;
      largest = std::max(largest, at);
    }
  const std::string bits =
      low == high ? "bit " + std::to_string(low) : "bits " + std::to_string(low) + "-" + std::to_string(high);
  return to_string(w) + " changes no offset of this layout: it reads " + bits + " of an offset (in " +
         std::string(to_string(l.map.units)) + "), and " +
         (largest < (std::int64_t{1} << low)
              ? "the largest offset is " + std::to_string(largest)
              : "no offset has " + std::string(low == high ? "it" : "any of them") + " set (the largest is " +
                    std::to_string(largest) + ")");
}

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
