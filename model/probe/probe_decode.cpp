// Host side of the probes: tile images, lane addresses and the decoders that turn raw registers
// into coordinates (see probe_decode.hpp for the value schemes). No CUDA here.
#include "fragviz/probe/probe_decode.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <utility>

namespace fragviz {

// [SECTION] float bits -------------------------------------------------------------------------

std::uint32_t float_bits(float v) {
  std::uint32_t b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

float bits_float(std::uint32_t bits) {
  float v;
  std::memcpy(&v, &bits, sizeof v);
  return v;
}

namespace {

/// The integer a float holds exactly, or nullopt.
std::optional<long> exact_integer(float v) {
  if (!std::isfinite(v) || std::floor(v) != v || std::fabs(v) > 1e9f) return std::nullopt;
  return static_cast<long>(v);
}

/// First `rows` rows and `cols` columns an .num's matrices cover at explorer_matrix_origin.
Coord explorer_extent(LdmNum n) {
  Coord extent{0, 0};
  for (int j = 0; j < matrices(n); ++j) {
    const Coord o = explorer_matrix_origin(j);
    extent.row = std::max(extent.row, o.row + 8);
    extent.col = std::max(extent.col, o.col + 8);
  }
  return extent;
}

std::string hex16(std::uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%04x", static_cast<unsigned>(v));
  return buf;
}

std::string format_float(double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

/// splitmix64: a seeded sequence that is the same on every platform (std distributions are not).
std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace

// [SECTION] explorer ---------------------------------------------------------------------------

std::optional<Coord> decode_explorer_value(const TileGeometry& t, std::uint16_t raw) {
  if (raw == kPadSentinel || t.width_halves <= 0) return std::nullopt;
  const int index = raw;
  if (index >= t.rows * t.width_halves) return std::nullopt;
  return Coord{index / t.width_halves, index % t.width_halves};
}

Outcome<ExplorerPlan> plan_explorer(LdmatrixConfig c, const TileGeometry& t) {
  using R = Outcome<ExplorerPlan>;
  const auto refuse = [](std::string why) { return R::fail(ErrorKind::refused, std::move(why)); };
  if (auto why = validate(t, c)) return refuse(*why);
  const Coord extent = explorer_extent(c.num);
  if (t.rows < extent.row || t.width_halves < extent.col) {
    return refuse("the probe's " + std::string(to_string(c.num)) + " needs a tile of at least " +
                  std::to_string(extent.row) + " rows and " + std::to_string(extent.col) +
                  " columns; this one has " + std::to_string(t.rows) + " x " +
                  std::to_string(t.width_halves));
  }
  if (t.rows * t.width_halves > kMaxExplorerCells) {
    return refuse("tile too large for the probe: " + std::to_string(t.rows * t.width_halves) +
                  " cells, but a 16-bit cell index names at most " + std::to_string(kMaxExplorerCells));
  }
  std::uint32_t end = static_cast<std::uint32_t>(t.rows * t.stride_bytes());
  for (int r = 0; r < t.rows; ++r) {
    for (int col = 0; col < t.width_halves; ++col) end = std::max(end, byte_offset(t, Coord{r, col}) + 2);
  }
  const int tile_bytes = static_cast<int>((end + 15) / 16 * 16);
  if (tile_bytes > kMaxExplorerTileBytes) {
    return refuse("tile too large for the probe: " + std::to_string(tile_bytes) +
                  " bytes of shared memory, limit " + std::to_string(kMaxExplorerTileBytes));
  }
  ExplorerPlan plan;
  plan.tile_bytes = tile_bytes;
  plan.tile.assign(static_cast<std::size_t>(tile_bytes / 2), kPadSentinel);
  for (int r = 0; r < t.rows; ++r) {
    for (int col = 0; col < t.width_halves; ++col) {
      const std::uint32_t at = byte_offset(t, Coord{r, col});
      if (at % 2 != 0 || plan.tile[at / 2] != kPadSentinel) {
        return R::fail(ErrorKind::internal, "model error: cell (" + std::to_string(r) + "," +
                                                std::to_string(col) + ") maps to byte " + std::to_string(at) +
                                                ", odd or already taken");
      }
      plan.tile[at / 2] = explorer_cell_value(t, Coord{r, col});
    }
  }
  const int lanes = address_lanes(c.num);
  for (int lane = 0; lane < kWarpSize; ++lane) {
    const int src = lane % lanes;  // sm_75: unused lanes copy a lower lane's valid address
    const Coord o = explorer_matrix_origin(address_matrix(src));
    plan.lane_offsets[lane] = byte_offset(t, Coord{o.row + address_row(src), o.col});
  }
  return R::ok(std::move(plan));
}

std::vector<LdmatrixCheck> check_explorer(LdmatrixConfig c, const TileGeometry& t,
                                          const std::array<std::array<std::uint32_t, 4>, kWarpSize>& regs) {
  std::vector<LdmatrixCheck> out;
  out.reserve(static_cast<std::size_t>(kWarpSize * matrices(c.num) * 2));
  for (int lane = 0; lane < kWarpSize; ++lane) {
    for (int r = 0; r < matrices(c.num); ++r) {
      for (int h = 0; h < 2; ++h) {
        LdmatrixCheck e;
        e.lane = lane;
        e.reg = r;
        e.half = h;
        const Coord o = explorer_matrix_origin(r);
        const Coord in = ldmatrix_element(c.trans, lane, h);
        e.expected = Coord{o.row + in.row, o.col + in.col};
        e.measured = decode_explorer_value(t, register_half(regs[lane][r], h));
        out.push_back(e);
      }
    }
  }
  return out;
}

// [SECTION] fragments --------------------------------------------------------------------------

std::uint16_t fragment_cell_value(const Instruction& s, Operand op, Coord c) {
  const int base = op == Operand::B ? 1024 : 0;
  return half_bits(static_cast<float>(base + c.row * operand_cols(s, op) + c.col));
}

std::optional<Coord> decode_fragment_value(const Instruction& s, Operand op, std::uint16_t raw) {
  if (op == Operand::C) return std::nullopt;
  const auto v = exact_integer(half_to_float(raw));
  if (!v) return std::nullopt;
  const long index = *v - (op == Operand::B ? 1024 : 0);
  const int cols = operand_cols(s, op);
  if (index < 0 || index >= static_cast<long>(operand_rows(s, op)) * cols) return std::nullopt;
  return Coord{static_cast<int>(index / cols), static_cast<int>(index % cols)};
}

std::vector<std::uint16_t> ownership_tile(const Instruction& s, Operand op) {
  const int rows = operand_rows(s, op), cols = operand_cols(s, op);
  std::vector<std::uint16_t> tile(static_cast<std::size_t>(rows * cols));
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c)
      tile[static_cast<std::size_t>(r * cols + c)] = fragment_cell_value(s, op, {r, c});
  }
  return tile;
}

Outcome<std::array<std::uint32_t, kWarpSize>> fragment_lane_offsets(const Instruction& s, Operand op) {
  using R = Outcome<std::array<std::uint32_t, kWarpSize>>;
  const auto load = fragment_load(s, op);
  if (!load)
    return R::fail(ErrorKind::refused,
                   "operand " + std::string(to_string(op)) + " is not loaded with ldmatrix");
  const int stride_bytes = fragment_stride_halves(s, op) * kHalfBytes;
  std::array<std::uint32_t, kWarpSize> offsets{};
  for (int lane = 0; lane < kWarpSize; ++lane) {
    const Coord at = address_byte(*load, lane);  // lane % address lanes: the sm_75 copy rule
    offsets[lane] = static_cast<std::uint32_t>(at.row * stride_bytes + at.col);
  }
  return R::ok(offsets);
}

std::vector<ElementCheck> check_operand(const Instruction& s, Operand op,
                                        const std::vector<std::uint32_t>& regs) {
  const int per_lane = registers_per_lane(s, op);
  std::vector<ElementCheck> out;
  out.reserve(static_cast<std::size_t>(kWarpSize * elements_per_lane(s, op)));
  for (int lane = 0; lane < kWarpSize; ++lane) {
    for (int i = 0; i < elements_per_lane(s, op); ++i) {
      ElementCheck e;
      e.operand = op;
      e.lane = lane;
      e.element = i;
      e.expected = fragment_coord(s, op, lane, i);
      const RegisterSlot slot = register_slot(s, op, i);
      const std::size_t at = static_cast<std::size_t>(lane * per_lane + slot.reg);
      const std::uint32_t reg = at < regs.size() ? regs[at] : 0u;
      if (op == Operand::C) {
        e.raw = reg;
        e.measured = decode_accumulator_value(reg);
      } else {
        e.raw = register_half(reg, slot.bit / 16);
        e.measured = decode_fragment_value(s, op, static_cast<std::uint16_t>(e.raw));
      }
      out.push_back(e);
    }
  }
  return out;
}

// [SECTION] accumulator probe and single tile --------------------------------------------------

MmaTile accumulator_inputs(const Instruction& s) {
  const Instruction& d = s;
  MmaTile t;
  t.instr = &s;
  t.a.assign(static_cast<std::size_t>(d.m * d.k), 0.0f);
  t.b.assign(static_cast<std::size_t>(d.k * d.n), 0.0f);
  t.c.assign(static_cast<std::size_t>(d.m * d.n), 1000.0f);
  for (int r = 0; r < d.m; ++r) {
    t.a[static_cast<std::size_t>(r * d.k + 0)] = 1.0f;
    t.a[static_cast<std::size_t>(r * d.k + 1)] = static_cast<float>(r);
  }
  for (int c = 0; c < d.n; ++c) {
    t.b[static_cast<std::size_t>(0 * d.n + c)] = static_cast<float>(c);
    t.b[static_cast<std::size_t>(1 * d.n + c)] = 8.0f;
  }
  return t;
}

std::optional<Coord> decode_accumulator_value(std::uint32_t bits) {
  const auto v = exact_integer(bits_float(bits));
  if (!v) return std::nullopt;
  const long index = *v - 1000;
  if (index < 0 || index >= 16 * 8) return std::nullopt;
  return Coord{static_cast<int>(index / 8), static_cast<int>(index % 8)};
}

MmaTile random_tile(const Instruction& s, std::uint64_t seed) {
  const Instruction& d = s;
  MmaTile t;
  t.instr = &s;
  std::uint64_t state = seed;
  auto draw = [&state] { return static_cast<float>(static_cast<int>(splitmix64(state) % 17) - 8) * 0.25f; };
  for (int i = 0; i < d.m * d.k; ++i) t.a.push_back(draw());
  for (int i = 0; i < d.k * d.n; ++i) t.b.push_back(draw());
  for (int i = 0; i < d.m * d.n; ++i) t.c.push_back(draw());
  return t;
}

std::vector<double> reference_d(const MmaTile& t) {
  const Instruction& d = *t.instr;
  std::vector<double> out(static_cast<std::size_t>(d.m * d.n));
  for (int r = 0; r < d.m; ++r) {
    for (int c = 0; c < d.n; ++c) {
      double sum = t.c[static_cast<std::size_t>(r * d.n + c)];
      for (int k = 0; k < d.k; ++k) {
        sum += static_cast<double>(t.a[static_cast<std::size_t>(r * d.k + k)]) *
               static_cast<double>(t.b[static_cast<std::size_t>(k * d.n + c)]);
      }
      out[static_cast<std::size_t>(r * d.n + c)] = sum;
    }
  }
  return out;
}

std::vector<float> c_registers(const MmaTile& t) {
  const int n = t.instr->n;
  std::vector<float> regs(static_cast<std::size_t>(kWarpSize * 4));
  for (int lane = 0; lane < kWarpSize; ++lane) {
    for (int i = 0; i < 4; ++i) {
      const Coord at = fragment_coord(*t.instr, Operand::C, lane, i);
      regs[static_cast<std::size_t>(lane * 4 + i)] = t.c[static_cast<std::size_t>(at.row * n + at.col)];
    }
  }
  return regs;
}

TileCompare compare_tile(const Instruction& s, const std::vector<std::uint32_t>& d_regs,
                         const std::vector<double>& reference) {
  const int n = s.n;
  TileCompare out;
  for (int lane = 0; lane < kWarpSize; ++lane) {
    for (int i = 0; i < 4; ++i) {
      const Coord at = fragment_coord(s, Operand::C, lane, i);
      const std::size_t reg = static_cast<std::size_t>(lane * 4 + i);
      const std::size_t cell = static_cast<std::size_t>(at.row * n + at.col);
      const double got = reg < d_regs.size() ? static_cast<double>(bits_float(d_regs[reg])) : NAN;
      const double want = cell < reference.size() ? reference[cell] : NAN;
      if (got == want) continue;  // exact equality: every value here is exact in f32
      if (out.mismatches++ == 0) {
        out.first = "D(" + std::to_string(at.row) + "," + std::to_string(at.col) + "): got " +
                    format_float(got) + ", want " + format_float(want);
      }
    }
  }
  out.exact = out.mismatches == 0;
  return out;
}

// [SECTION] words ------------------------------------------------------------------------------

std::string format_coord(const std::optional<Coord>& c) {
  if (!c) return "(none)";
  return "(" + std::to_string(c->row) + "," + std::to_string(c->col) + ")";
}

std::string describe_lane(const FragmentProbe& probe, int lane) {
  std::string a, b;
  for (const ElementCheck& e : probe.elements) {
    if (e.lane != lane || e.operand == Operand::C) continue;
    std::string& out = e.operand == Operand::A ? a : b;
    out += ' ';
    out += e.measured ? format_coord(e.measured) : std::string("(?)");
  }
  return "lane " + std::to_string(lane) + ": A" + a + "  B" + b;
}

std::string describe_mismatch(const ElementCheck& e) {
  const bool is_float = e.operand == Operand::C;
  char raw[48];
  if (is_float) {
    std::snprintf(raw, sizeof raw, "raw %.9g", static_cast<double>(bits_float(e.raw)));
  } else {
    std::snprintf(raw, sizeof raw, "raw 0x%04x", static_cast<unsigned>(e.raw));
  }
  return std::string(to_string(e.operand)) + " lane " + std::to_string(e.lane) + " element " +
         std::to_string(e.element) + ": expected " + format_coord(e.expected) + ", received " +
         format_coord(e.measured) + " (" + raw + ")";
}

std::string describe_mismatch(const LdmatrixCheck& e, std::uint32_t raw) {
  return "lane " + std::to_string(e.lane) + " reg " + std::to_string(e.reg) + " half " +
         std::to_string(e.half) + ": expected " + format_coord(e.expected) + ", received " +
         format_coord(e.measured) + " (raw " + hex16(raw) + ")";
}

}  // namespace fragviz
