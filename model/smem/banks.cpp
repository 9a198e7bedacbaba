#include "fragviz/smem/banks.hpp"

#include <algorithm>

#include "fragviz/util/words.hpp"

namespace fragviz {

std::uint32_t byte_offset(const TileGeometry& t, Coord c) {
  int col = c.col;
  if (t.swizzle == Swizzle::xor_row_mod8) {
    // XOR the 16-byte chunk index with the row inside each 128-byte group, so the 8 row starts
    // of one matrix column land in 8 different 4-bank groups whatever the stride.
    const int chunk = col / 8;
    const int swizzled = (chunk & ~7) | ((chunk ^ c.row) & 7);
    col = swizzled * 8 + col % 8;
  }
  // 64-bit so that even a geometry validate() refuses cannot overflow while it is being drawn.
  const std::int64_t halves = static_cast<std::int64_t>(c.row) * t.stride_halves() + col;
  return static_cast<std::uint32_t>(halves * kHalfBytes);
}

std::string tile_amount_text(int halves, TileUnit u) {
  return plural(static_cast<long long>(halves) * 2 / u.bytes, u.one, u.name);
}

namespace {

/// `halves` in `u`, and its bytes in brackets unless `u` already counts bytes: "24 halves (48
/// bytes)", "48 bytes" (never "48 bytes (48 bytes)").
std::string amount_with_bytes(int halves, TileUnit u) {
  return tile_amount_text(halves, u) +
         (u.bytes == 1 ? "" : " (" + plural(static_cast<long long>(halves) * kHalfBytes, "byte") + ")");
}

/// Size problems: the tile cannot be laid out at all (nothing to draw, no address computed).
std::optional<std::string> size_problem(const TileGeometry& t, LdmatrixConfig c, TileUnit u) {
  const int need_cols = min_tile_width_halves(c.num);
  const int need_rows = c.num == LdmNum::x1 ? 8 : 16;
  if (t.width_halves < need_cols)
    return "tile width " + tile_amount_text(t.width_halves, u) + " is too narrow: ldmatrix ." +
           std::string(to_string(c.num)) + " needs at least " + tile_amount_text(need_cols, u);
  if (t.pad_halves < 0) return "pad must not be negative (got " + tile_amount_text(t.pad_halves, u) + ")";
  if (t.rows < need_rows)
    return "tile has " + plural(t.rows, "row") + "; ." + std::string(to_string(c.num)) + " needs " +
           std::to_string(need_rows);
  const std::int64_t stride = static_cast<std::int64_t>(t.width_halves) + t.pad_halves;
  const std::int64_t bytes = stride * t.rows * kHalfBytes;
  if (bytes > kMaxTileBytes)
    return "a " + std::to_string(t.rows) + "-row tile with a row stride of " +
           tile_amount_text(static_cast<int>(stride), u) + " needs " + std::to_string(bytes) +
           " bytes of shared memory, more than the " + std::to_string(kMaxTileBytes) +
           " bytes (227 KB) one block can have";
  return std::nullopt;
}

}  // namespace

std::optional<std::string> validate(const TileGeometry& t, LdmatrixConfig c, TileUnit u) {
  if (auto why = size_problem(t, c, u)) return why;
  if (t.stride_bytes() % kRowBytes != 0)
    return "row stride " + amount_with_bytes(t.stride_halves(), u) +
           " puts row starts off 16-byte boundaries. PTX ISA, ldmatrix: \"a group of four consecutive "
           "threads loads 16 bytes. The matrix addresses must be naturally aligned accordingly\": every row "
           "start must be 16-byte aligned, so the stride must be a multiple of " +
           tile_amount_text(kRowBytes / kHalfBytes, u);
  if (t.swizzle == Swizzle::xor_row_mod8 && t.stride_halves() % 64 != 0)
    return "the XOR swizzle permutes 16-byte chunks inside 128-byte groups: it needs a row stride that is a "
           "multiple of " +
           tile_amount_text(64, u) + " (got " +
           std::to_string(static_cast<long long>(t.stride_halves()) * 2 / u.bytes) + ")";
  return std::nullopt;
}

int phase_wavefronts(const std::vector<std::uint32_t>& byte_addresses, int bytes_per_lane,
                     std::array<int, kBanks>* words_per_bank, bool lanes_share_words) {
  // Distinct 4-byte words per bank; lanes reading the same word share it (broadcast), except where
  // each lane's write is its own (cp.async).
  std::array<std::vector<std::uint32_t>, kBanks> words;
  for (std::uint32_t a : byte_addresses)
    for (int w = 0; w < bytes_per_lane / kBankBytes; ++w) {
      const std::uint32_t word = (a >> 2) + static_cast<std::uint32_t>(w);
      auto& list = words[word & 31u];
      if (!lanes_share_words || std::find(list.begin(), list.end(), word) == list.end()) list.push_back(word);
    }
  int most = 0;
  for (int b = 0; b < kBanks; ++b) {
    const int n = static_cast<int>(words[b].size());
    if (words_per_bank) (*words_per_bank)[b] = n;
    most = std::max(most, n);
  }
  return most;
}

namespace {

void fill_banks(LaneAddress& l) {
  l.aligned = l.byte_address % kRowBytes == 0;
  for (int w = 0; w < 4; ++w)
    l.banks[w] = bank_of(l.byte_address + static_cast<std::uint32_t>(w * kBankBytes));
}

void fill_phases(BankReport& r) {
  const int n = matrices(r.config.num);
  r.ideal_wavefronts = n;  // 8 rows x 16 bytes = 128 bytes per matrix
  for (int j = 0; j < n; ++j) {
    std::vector<std::uint32_t> addrs;
    for (int l = 8 * j; l < 8 * j + 8; ++l) addrs.push_back(r.lanes[l].byte_address);
    PhaseBanks p;
    p.matrix = j;
    p.wavefronts = phase_wavefronts(addrs, kRowBytes, &p.words);
    r.wavefronts += p.wavefronts;
    r.max_way = std::max(r.max_way, p.wavefronts);
    r.phases.push_back(p);
  }
  r.bank_conflicts = r.wavefronts - r.ideal_wavefronts;
}

}  // namespace

BankReport analyze_ldmatrix(LdmatrixConfig c, const TileGeometry& t, TileUnit u) {
  BankReport r;
  r.config = c;
  r.tile = t;
  r.error = validate(t, c, u);
  r.addresses_valid = !size_problem(t, c, u);
  if (!r.addresses_valid) return r;
  const int used = address_lanes(c.num);
  for (int lane = 0; lane < kWarpSize; ++lane) {
    // Unused lanes carry a lower lane's address, as sm_75 requires ("addresses contained in lower
    // threads can be copied to higher threads").
    const int src = lane % used;
    LaneAddress& l = r.lanes[lane];
    l.used = lane < used;
    const Coord o = explorer_matrix_origin(address_matrix(src));
    l.logical = Coord{o.row + address_row(src), o.col};
    l.byte_address = byte_offset(t, l.logical);
    fill_banks(l);
  }
  if (!r.error) fill_phases(r);
  return r;
}

BankReport analyze_addresses(LdmatrixConfig c, const std::array<std::uint32_t, kWarpSize>& byte_addresses) {
  BankReport r;
  r.config = c;
  r.addresses_valid = true;
  const int used = address_lanes(c.num);
  bool aligned = true;
  for (int lane = 0; lane < kWarpSize; ++lane) {
    LaneAddress& l = r.lanes[lane];
    l.used = lane < used;
    l.logical = Coord{-1, -1};
    l.byte_address = byte_addresses[lane];
    fill_banks(l);
    if (l.used && !l.aligned) aligned = false;
  }
  if (!aligned)
    r.error =
        "a row address is not 16-byte aligned (PTX ISA, ldmatrix: matrix addresses must be naturally "
        "aligned)";
  else
    fill_phases(r);
  return r;
}

std::string_view to_string(Swizzle s) { return s == Swizzle::none ? "none" : "xor"; }

std::optional<Swizzle> parse_swizzle(std::string_view text) {
  if (text == "none") return Swizzle::none;
  if (text == "xor" || text == "xor_row_mod8") return Swizzle::xor_row_mod8;
  return std::nullopt;
}

std::optional<std::string> operand_tile_problem(const Instruction& in, Operand op, const TileGeometry& tile,
                                                TileUnit u) {
  const OperandSpec& spec = operand_spec(in, op);
  const char* name = op == Operand::A ? "A" : op == Operand::B ? "B" : "C/D";
  // The operand as its ldmatrix stores it (fragment_load: 8-bit B is N x K, say), else as the
  // catalogue lays it out; counted in bytes, as the tile holds it.
  const auto load = fragment_load(in, op);
  const int rows = load ? load->stored_rows : spec.rows, cols = load ? load->stored_cols : spec.cols;
  const int bits = load ? load->element_bits : element_bits(spec.type);
  const int row_bytes = cols * bits / 8;
  const std::string what = std::string(name) + " (" + std::to_string(rows) + " x " + std::to_string(cols) +
                           (bits == 16 ? ""
                                       : " ." + std::string(to_string(spec.type)) + ", " +
                                             std::to_string(row_bytes) + " bytes a row") +
                           ")";
  if (row_bytes > tile.width_halves * kHalfBytes)
    return "a tile " + tile_amount_text(tile.width_halves, u) + " wide cannot hold " + what + ": " +
           (bits == 16 ? "column " : "byte ") +
           std::to_string(bits == 16 ? tile.width_halves : tile.width_halves * kHalfBytes) +
           " and beyond lie outside its rows";
  if (rows > tile.rows)
    return std::string("a tile of ") + std::to_string(tile.rows) + " rows cannot hold " + what + ": row " +
           std::to_string(tile.rows) + " and beyond lie outside it";
  return std::nullopt;
}

}  // namespace fragviz
