#include "derived.hpp"

#include <cmath>
#include <cstring>

namespace fragviz::app {

namespace {

OperandTable make_operand(Shape s, Operand op, const TileGeometry& /*tile*/) {
  OperandTable t;
  t.operand = op;
  t.rows = operand_rows(s, op);
  t.cols = operand_cols(s, op);
  t.owner.assign(static_cast<std::size_t>(t.rows * t.cols), Owner{-1, -1});
  const int per_lane = elements_per_lane(s, op);
  for (int lane = 0; lane < kWarpSize; ++lane) {
    t.lane_cells[lane].resize(static_cast<std::size_t>(per_lane));
    for (int e = 0; e < per_lane; ++e) {
      const Coord c = fragment_coord(s, op, lane, e);
      t.lane_cells[lane][e] = c;
      t.owner[static_cast<std::size_t>(c.row * t.cols + c.col)] = Owner{lane, e};
    }
  }
  t.load = fragment_load(s, op);
  t.address_lane.assign(t.owner.size(), -1);
  if (t.load) {
    // A row address covers 8 consecutive halves starting at address_coord; find the lane whose
    // row start covers each cell.
    const int lanes = address_lanes(t.load->config.num);
    for (int lane = 0; lane < lanes; ++lane) {
      const Coord a = address_coord(*t.load, lane);
      for (int k = 0; k < 8; ++k)
        if (a.row < t.rows && a.col + k < t.cols)
          t.address_lane[static_cast<std::size_t>(a.row * t.cols + a.col + k)] = lane;
    }
  }
  return t;
}

LdmatrixTable make_ldmatrix(LdmatrixConfig cfg) {
  LdmatrixTable t;
  t.config = cfg;
  const int n = matrices(cfg.num);
  t.rows = n == 1 ? 8 : 16;
  t.cols = n == 4 ? 16 : 8;
  t.cells.assign(static_cast<std::size_t>(t.rows * t.cols), LdmatrixTable::Cell{});
  for (int lane = 0; lane < kWarpSize; ++lane)
    for (int reg = 0; reg < n; ++reg)
      for (int half = 0; half < 2; ++half) {
        const Coord o = explorer_matrix_origin(reg);
        const Coord e = ldmatrix_element(cfg.trans, lane, half);
        auto& cell = t.cells[static_cast<std::size_t>((o.row + e.row) * t.cols + o.col + e.col)];
        cell.lane = lane;
        cell.reg = reg;
        cell.half = half;
      }
  for (int lane = 0; lane < address_lanes(cfg.num); ++lane) {
    const Coord o = explorer_matrix_origin(address_matrix(lane));
    const int row = o.row + address_row(lane);
    for (int k = 0; k < 8; ++k)
      t.cells[static_cast<std::size_t>(row * t.cols + o.col + k)].address_lane = lane;
  }
  return t;
}

BankTable make_banks(LdmatrixConfig cfg, const TileGeometry& tile) {
  BankTable b;
  b.tile = tile;
  b.report = analyze_ldmatrix(cfg, tile);
  const int stride = std::max(1, tile.stride_bytes());
  const int bytes = tile.rows * stride;
  b.lines = (bytes + 127) / 128;
  b.words.assign(static_cast<std::size_t>(b.lines * kBanks), BankWord{});
  for (int w = 0; w < b.lines * kBanks; ++w) {
    const int byte = w * kBankBytes;
    BankWord& word = b.words[static_cast<std::size_t>(w)];
    if (byte >= bytes) continue;
    word.tile_row = byte / stride;
    word.pad = (byte % stride) / kHalfBytes >= tile.width_halves;
  }
  for (int lane = 0; lane < kWarpSize; ++lane) {
    const LaneAddress& a = b.report.lanes[lane];
    if (!a.used) continue;
    for (int k = 0; k < kRowBytes / kBankBytes; ++k) {
      const std::size_t w = (a.byte_address / kBankBytes) + static_cast<std::size_t>(k);
      if (w >= b.words.size()) continue;
      b.words[w].readers |= 1u << lane;
      if (!a.aligned) b.words[w].misaligned = true;
    }
  }
  return b;
}

}  // namespace

Derived compute_derived(const Controls& c) {
  Derived d;
  d.key = c;
  for (Operand op : {Operand::A, Operand::B, Operand::C})
    d.operands[static_cast<std::size_t>(op)] = make_operand(c.shape, op, c.tile());
  d.ldmatrix = make_ldmatrix(c.ldmatrix());
  d.unpadded = make_banks(c.ldmatrix(), c.unpadded_tile());
  d.padded = make_banks(c.ldmatrix(), c.tile());
  return d;
}

std::uint16_t to_half_bits(float f) {
  std::uint32_t x;
  std::memcpy(&x, &f, sizeof x);
  const std::uint32_t sign = (x >> 16) & 0x8000u;
  const int exp = static_cast<int>((x >> 23) & 0xff) - 127 + 15;
  std::uint32_t mant = x & 0x7fffffu;
  if (((x >> 23) & 0xff) == 0xff) return static_cast<std::uint16_t>(sign | 0x7c00u | (mant ? 0x200u : 0u));
  if (exp >= 31) return static_cast<std::uint16_t>(sign | 0x7c00u);
  if (exp <= 0) {
    if (exp < -10) return static_cast<std::uint16_t>(sign);
    mant |= 0x800000u;
    const int shift = 14 - exp;
    std::uint32_t h = mant >> shift;
    const std::uint32_t rem = mant & ((1u << shift) - 1), halfway = 1u << (shift - 1);
    if (rem > halfway || (rem == halfway && (h & 1u))) ++h;
    return static_cast<std::uint16_t>(sign | h);
  }
  std::uint32_t h = (static_cast<std::uint32_t>(exp) << 10) | (mant >> 13);
  const std::uint32_t rem = mant & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (h & 1u))) ++h;
  return static_cast<std::uint16_t>(sign | h);
}

float from_half_bits(std::uint16_t h) {
  const int exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  float v;
  if (exp == 0)
    v = std::ldexp(static_cast<float>(mant), -24);
  else if (exp == 31)
    v = mant ? NAN : INFINITY;
  else
    v = std::ldexp(static_cast<float>(mant | 0x400), exp - 25);
  return (h & 0x8000) ? -v : v;
}

std::uint32_t synthetic_bits(Operand op, int cols, Coord c) {
  const int index = c.row * cols + c.col + (op == Operand::B ? 512 : 0);
  if (op == Operand::C) {
    const float f = static_cast<float>(index);
    std::uint32_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    return bits;
  }
  return to_half_bits(static_cast<float>(index));
}

}  // namespace fragviz::app
