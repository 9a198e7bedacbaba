// WMMA fragment kinds: names, probe tiles and the decoding of what the lanes wrote back
// (fragviz/isa/wmma.hpp). The relation to the mma.sync catalogue is in wmma_relation.cpp.
#include "fragviz/isa/wmma.hpp"

#include <algorithm>
#include <string>

#include "fragviz/isa/element_codec.hpp"
#include "fragviz/isa/wmma_table.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz {
namespace {

/// Bits [bit, bit + width) of a little-endian byte string (width <= 64).
std::uint64_t bits_at(const std::uint8_t* bytes, int bit, int width) {
  std::uint64_t v = 0;
  for (int i = 0; i < width; ++i) {
    const int b = bit + i;
    v |= static_cast<std::uint64_t>((bytes[b / 8] >> (b % 8)) & 1u) << i;
  }
  return v;
}

void put_bits(std::uint8_t* bytes, int bit, int width, std::uint64_t v) {
  for (int i = 0; i < width; ++i) {
    const int b = bit + i;
    if ((v >> i) & 1u) bytes[b / 8] = static_cast<std::uint8_t>(bytes[b / 8] | (1u << (b % 8)));
  }
}

/// The C++ spelling of a kind's element type T.
const char* cxx_type(ElemType t) {
  switch (t) {
    case ElemType::f16:
      return "__half";
    case ElemType::bf16:
      return "__nv_bfloat16";
    case ElemType::tf32:
      return "precision::tf32";
    case ElemType::f32:
      return "float";
    case ElemType::f64:
      return "double";
    case ElemType::s8:
      return "signed char";
    case ElemType::u8:
      return "unsigned char";
    case ElemType::s32:
      return "int";
    case ElemType::s4:
      return "experimental::precision::s4";
    case ElemType::u4:
      return "experimental::precision::u4";
    case ElemType::b1:
      return "experimental::precision::b1";
    default:
      return "?";
  }
}

bool is_integer(ElemType t) {
  return t == ElemType::s8 || t == ElemType::u8 || t == ElemType::s32 || t == ElemType::s4 ||
         t == ElemType::u4 || t == ElemType::b1;
}

std::string shape(const WmmaKind& w) {
  return "m" + std::to_string(w.m) + "n" + std::to_string(w.n) + "k" + std::to_string(w.k);
}

}  // namespace

std::string_view to_string(WmmaUse u) {
  switch (u) {
    case WmmaUse::matrix_a:
      return "matrix_a";
    case WmmaUse::matrix_b:
      return "matrix_b";
    case WmmaUse::accumulator:
      return "accumulator";
  }
  return "?";
}

std::string_view to_string(WmmaLayout l) { return l == WmmaLayout::row ? "row" : "col"; }

const WmmaKind* wmma_kinds() { return kWmmaKinds; }
int wmma_kind_count() { return kWmmaKindCount; }

std::string wmma_name(const WmmaKind& w) {
  return "wmma." + shape(w) + "." + std::string(to_string(w.use)) + "." + std::string(to_string(w.layout)) +
         "." + std::string(to_string(w.type));
}

std::string wmma_ptx(const WmmaKind& w) {
  const char* abc = w.use == WmmaUse::matrix_a ? "a" : w.use == WmmaUse::matrix_b ? "b" : "c";
  return std::string("wmma.load.") + abc + ".sync.aligned." + std::string(to_string(w.layout)) + "." +
         shape(w) + "." + std::string(to_string(w.type));
}

std::string wmma_cxx(const WmmaKind& w) {
  std::string s = "fragment<" + std::string(to_string(w.use)) + ", " + std::to_string(w.m) + ", " +
                  std::to_string(w.n) + ", " + std::to_string(w.k) + ", " + cxx_type(w.type);
  if (w.use != WmmaUse::accumulator) s += std::string(", ") + (wmma_row_major(w) ? "row_major" : "col_major");
  s += ">";
  if (w.use == WmmaUse::accumulator) s += wmma_row_major(w) ? ", mem_row_major" : ", mem_col_major";
  return s;
}

const WmmaKind* find_wmma_kind(std::string_view name) {
  const std::string full = name.substr(0, kWmmaPrefix.size()) == kWmmaPrefix
                               ? std::string(name)
                               : std::string(kWmmaPrefix) + std::string(name);
  for (const WmmaKind& w : kWmmaKinds)
    if (wmma_name(w) == full) return &w;
  return nullptr;
}

int wmma_kind_index(const WmmaKind* w) {
  if (!w || w < kWmmaKinds || w >= kWmmaKinds + kWmmaKindCount) return -1;
  return static_cast<int>(w - kWmmaKinds);
}

bool is_wmma_probe_name(std::string_view name) {
  return name == "wmma" || name.substr(0, kWmmaPrefix.size()) == kWmmaPrefix;
}

// [SECTION] tiles

std::uint64_t wmma_digit_pattern(ElemType t, int v) {
  if (is_integer(t)) return static_cast<std::uint64_t>(v);
  // A whole number below 2^wmma_digit_bits: the type holds it exactly (encode never refuses it).
  return encode_element(t, static_cast<double>(v)).value_or(0);
}

std::optional<int> wmma_digit_value(ElemType t, std::uint64_t bits) {
  const int width = wmma_digit_bits(t);
  bits &= element_bits(t) >= 64 ? ~0ull : (1ull << element_bits(t)) - 1;
  if (is_integer(t)) {
    if (bits >= (1ull << width)) return std::nullopt;
    return static_cast<int>(bits);
  }
  const auto v = decode_element(t, bits);
  if (!v || *v < 0 || *v >= static_cast<double>(1ull << width) ||
      *v != static_cast<double>(static_cast<int>(*v)))
    return std::nullopt;
  // Exactly the pattern a tile holds for that digit: not -0.0, and no tf32 bit below its 19.
  if (wmma_digit_pattern(t, static_cast<int>(*v)) != bits) return std::nullopt;
  return static_cast<int>(*v);
}

std::vector<std::uint8_t> wmma_tile(const WmmaKind& w, int pass) {
  const int bits = wmma_slot_bits(w), dbits = wmma_digit_bits(w.type);
  const int mask = (1 << wmma_index_bits(w)) - 1;
  const int labelling = pass / wmma_digits(w), digit = pass % wmma_digits(w);
  const auto pattern = [&](int index) {
    const int label = labelling == 0 ? index : index ^ mask;
    return wmma_digit_pattern(w.type, (label >> (digit * dbits)) & ((1 << dbits) - 1));
  };
  // Padding names index `mask` (no cell); the matrix's cells their own index.
  std::vector<std::uint64_t> elements(static_cast<std::size_t>(wmma_tile_elements(w)), pattern(mask));
  for (int r = 0; r < wmma_rows(w); ++r)
    for (int c = 0; c < wmma_cols(w); ++c)
      elements[static_cast<std::size_t>(wmma_element_offset(w, r, c))] = pattern(r * wmma_cols(w) + c);
  std::vector<std::uint8_t> tile(static_cast<std::size_t>(wmma_tile_bytes(w)), 0);
  for (std::size_t e = 0; e < elements.size(); ++e)
    put_bits(tile.data(), static_cast<int>(e) * bits, bits, elements[e]);
  return tile;
}

// [SECTION] decoding

WmmaMap decode_wmma(const WmmaKind& w, const std::vector<std::vector<std::uint8_t>>& raw) {
  WmmaMap m;
  const int bits = wmma_slot_bits(w), dbits = wmma_digit_bits(w.type), digits = wmma_digits(w);
  const int mask = (1 << wmma_index_bits(w)) - 1;
  const int lane_bytes = wmma_lane_bytes(w);
  m.cells.assign(static_cast<std::size_t>(kWarpSize * w.elements), kWmmaNoCell);
  for (int lane = 0; lane < kWarpSize; ++lane)
    for (int i = 0; i < w.elements; ++i) {
      int labels[2] = {0, 0};
      bool whole = true;  // every digit read as one the tiles could hold
      for (int p = 0; p < 2 * digits; ++p) {
        const auto& pass = raw[static_cast<std::size_t>(p)];
        const std::uint64_t b =
            bits_at(pass.data() + static_cast<std::size_t>(lane * lane_bytes), i * bits, bits);
        const auto d = wmma_digit_value(w.type, b);
        if (!d) {
          whole = false;
          continue;
        }
        labels[p / digits] |= *d << ((p % digits) * dbits);
      }
      int& cell = m.cells[static_cast<std::size_t>(lane * w.elements + i)];
      if (!whole || labels[0] > mask || labels[1] > mask || labels[0] != (labels[1] ^ mask))
        cell = kWmmaDisagree;
      else
        cell = labels[0] < wmma_cells(w) ? labels[0] : kWmmaNoCell;
    }
  return m;
}

std::vector<int> WmmaMap::holders(const WmmaKind& w) const {
  std::vector<int> n(static_cast<std::size_t>(wmma_cells(w)), 0);
  for (int c : cells)
    if (c >= 0 && c < wmma_cells(w)) ++n[static_cast<std::size_t>(c)];
  return n;
}

int WmmaMap::disagreeing() const {
  return static_cast<int>(std::count(cells.begin(), cells.end(), kWmmaDisagree));
}
int WmmaMap::no_cell() const { return static_cast<int>(std::count(cells.begin(), cells.end(), kWmmaNoCell)); }

const WmmaProbe* wmma_same_map(const std::vector<WmmaProbe>& all, const WmmaProbe& p) {
  const WmmaKind* w = find_wmma_kind(p.name);
  if (!w || !p.ran) return nullptr;
  for (const WmmaProbe& q : all) {
    if (&q == &p) return nullptr;
    const WmmaKind* v = find_wmma_kind(q.name);
    if (q.ran && v && v->m == w->m && v->n == w->n && v->k == w->k && v->use == w->use &&
        v->elements == w->elements && q.map.cells == p.map.cells)
      return &q;
  }
  return nullptr;
}

std::string wmma_cell_text(const WmmaKind& w, int cell) {
  if (cell == kWmmaDisagree) return "labels disagree";
  if (cell < 0) return "no cell";
  return "(" + std::to_string(cell / wmma_cols(w)) + ", " + std::to_string(cell % wmma_cols(w)) + ")";
}

std::string describe_wmma_map(const WmmaKind& w, const WmmaMap& m) {
  const std::vector<int> n = m.holders(w);
  const int cells = wmma_cells(w);
  const int held = static_cast<int>(std::count_if(n.begin(), n.end(), [](int k) { return k > 0; }));
  int most = 0, least = 0;  // over the cells held
  for (int k : n)
    if (k > 0) {
      most = std::max(most, k);
      least = least == 0 ? k : std::min(least, k);
    }
  std::string s = std::to_string(w.elements) + " x ." + std::string(to_string(w.type)) + " per lane (" +
                  std::to_string(kWarpSize * w.elements) + " slots): " + std::to_string(held) + " of " +
                  plural(cells, "cell") + " held";
  if (held > 0 && most == least)
    s += most == 1 ? ", each once" : ", each by " + std::to_string(most) + " slots";
  else if (held > 0)
    s += ", by " + std::to_string(least) + " to " + std::to_string(most) + " slots";
  if (const int none = m.no_cell())
    s += "; " + plural(none, "slot") + " " + std::string(agree(none, "names", "name")) + " no cell";
  if (const int bad = m.disagreeing())
    s += "; " + plural(bad, "slot") + " whose passes DISAGREE (not measured)";
  return s;
}

}  // namespace fragviz
