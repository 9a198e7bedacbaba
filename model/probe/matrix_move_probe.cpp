// The stmatrix, movmatrix and epilogue probes' inputs and judges (fragviz/probe/hopper_probe.hpp).
#include <map>

#include "fragviz/isa/element_codec.hpp"
#include "fragviz/isa/matrix_move_b8.hpp"
#include "fragviz/probe/hopper_probe.hpp"
#include "fragviz/probe/mma_probe.hpp"

namespace fragviz {
namespace {

constexpr int kTileRows = 16;
constexpr int kStride = 24;  // halves: 48-byte rows keep every row start 16-byte aligned

/// Label of half `half` of register `reg` of `lane`: never 0, so an unwritten cell names nothing.
std::uint16_t label(int lane, int reg, int half) {
  return static_cast<std::uint16_t>(1 + lane * 8 + reg * 2 + half);
}

std::uint32_t offset_of(int row, int col) { return static_cast<std::uint32_t>((row * kStride + col) * 2); }

MovePlan stmatrix_plan(LdmatrixConfig c) {
  MovePlan p;
  p.config = c;
  p.probe.kind = "stmatrix";
  p.probe.mnemonic = stmatrix_mnemonic(c);
  p.tile_rows = kTileRows;
  p.tile_stride_halves = kStride;
  const int num = matrices(c.num);
  for (int lane = 0; lane < kWarpSize; ++lane) {
    for (int j = 0; j < 4; ++j)
      p.registers[j][static_cast<std::size_t>(lane)] =
          static_cast<std::uint32_t>(label(lane, j, 1)) << 16 | label(lane, j, 0);
    // Lanes whose address the form ignores still pass a valid one (the sm_75 rule, kept here).
    const int src = lane % (8 * num);
    const Coord o = explorer_matrix_origin(address_matrix(src));
    p.lane_offset[static_cast<std::size_t>(lane)] = offset_of(o.row + address_row(src), o.col);
  }
  for (int j = 0; j < num; ++j) {
    for (int lane = 0; lane < kWarpSize; ++lane) {
      for (int half = 0; half < 2; ++half) {
        MoveCheck m;
        m.lane = lane;
        m.reg = j;
        m.half = half;
        const Coord o = explorer_matrix_origin(j), e = stmatrix_element(c.trans, lane, half);
        m.expected = Coord{o.row + e.row, o.col + e.col};
        p.probe.cells.push_back(m);
      }
    }
  }
  return p;
}

MovePlan movmatrix_plan() {
  MovePlan p;
  p.probe.kind = "movmatrix";
  p.probe.mnemonic = kMovmatrixMnemonic;
  for (int lane = 0; lane < kWarpSize; ++lane) {
    p.registers[0][static_cast<std::size_t>(lane)] =
        static_cast<std::uint32_t>(label(lane, 0, 1)) << 16 | label(lane, 0, 0);
    for (int half = 0; half < 2; ++half) {
      MoveCheck m;
      m.lane = lane;
      m.half = half;
      const LaneHalf s = movmatrix_source(lane, half);
      m.expected = ldmatrix_element(false, s.lane, s.half);  // the source element it holds
      p.probe.cells.push_back(m);
    }
  }
  return p;
}

MovePlan epilogue_plan(const Instruction& mma, const EpilogueStore& e) {
  MovePlan p;
  p.config = e.store;
  p.probe.kind = "epilogue";
  p.probe.mnemonic = stmatrix_mnemonic(e.store);
  p.probe.detail = e.name + " (" + mma.mnemonic + " accumulator packed to f16x2)";
  p.tile_rows = kTileRows;
  p.tile_stride_halves = kStride;
  p.order = e.order;
  p.tiles = e.tiles;
  for (int lane = 0; lane < kWarpSize; ++lane) {
    const int num = matrices(e.store.num);
    const int src = lane % (8 * num);
    const Coord o = e.origin[static_cast<std::size_t>(address_matrix(src))];
    const int i = address_row(src);
    // Row-major output tile; .trans stores it column-major (memory row = output column).
    p.lane_offset[static_cast<std::size_t>(lane)] =
        e.store.trans ? offset_of(o.col + i, o.row) : offset_of(o.row + i, o.col);
  }
  // Tile t: D(r, c) = 16 r + (c + 8 t) + 1, from A(r, 0..2) = r, 1, 1 and B(0..2, c) = 16, c + 8t, 1.
  for (int t = 0; t < e.tiles; ++t) {
    std::vector<std::uint64_t> a(static_cast<std::size_t>(mma.m * mma.k), 0),
        b(static_cast<std::size_t>(mma.k * mma.n), 0);
    for (int r = 0; r < mma.m; ++r) {
      a[static_cast<std::size_t>(cell_index(mma, Operand::A, Coord{r, 0, 0}))] =
          *encode_element(mma.a.type, r);
      a[static_cast<std::size_t>(cell_index(mma, Operand::A, Coord{r, 1, 0}))] =
          *encode_element(mma.a.type, 1);
      a[static_cast<std::size_t>(cell_index(mma, Operand::A, Coord{r, 2, 0}))] =
          *encode_element(mma.a.type, 1);
    }
    for (int c = 0; c < mma.n; ++c) {
      b[static_cast<std::size_t>(cell_index(mma, Operand::B, Coord{0, c, 0}))] =
          *encode_element(mma.b.type, 16);
      b[static_cast<std::size_t>(cell_index(mma, Operand::B, Coord{1, c, 0}))] =
          *encode_element(mma.b.type, c + 8 * t);
      b[static_cast<std::size_t>(cell_index(mma, Operand::B, Coord{2, c, 0}))] =
          *encode_element(mma.b.type, 1);
    }
    const auto aw = pack_operand(mma, Operand::A, a), bw = pack_operand(mma, Operand::B, b);
    p.mma_a.insert(p.mma_a.end(), aw.begin(), aw.end());
    p.mma_b.insert(p.mma_b.end(), bw.begin(), bw.end());
  }
  for (const EpilogueCell& c : epilogue_cells(mma, e)) {
    MoveCheck m;
    m.lane = c.lane;
    m.reg = c.reg;
    m.half = c.half;
    m.expected = c.stored;
    m.fragment = c.fragment;
    p.probe.cells.push_back(m);
  }
  return p;
}

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

}  // namespace

bool is_hopper_probe_name(std::string_view name) {
  // The 8-bit stmatrix of sm_100a is a Blackwell probe (blackwell_probe.hpp), not a Hopper one.
  if (parse_matrix_move_b8(name)) return false;
  return starts_with(name, "wgmma.") || starts_with(name, "stmatrix") || starts_with(name, "movmatrix") ||
         starts_with(name, "epilogue");
}

bool move_probe_selected(const MatrixMoveProbe& p, std::string_view name) {
  if (p.kind == "epilogue")
    return name == "epilogue" || name == "epilogue:" + p.detail.substr(0, p.detail.find(' '));
  return name == p.mnemonic || name == p.kind;
}

std::vector<MovePlan> plan_matrix_moves(const Instruction& mma) {
  std::vector<MovePlan> plans;
  for (LdmNum num : {LdmNum::x1, LdmNum::x2, LdmNum::x4})
    for (bool trans : {false, true}) plans.push_back(stmatrix_plan(LdmatrixConfig{num, trans}));
  plans.push_back(movmatrix_plan());
  for (const EpilogueStore& e : epilogue_presets()) plans.push_back(epilogue_plan(mma, e));
  return plans;
}

MatrixMoveProbe judge_matrix_move(const MovePlan& plan, const std::vector<std::uint16_t>& tile,
                                  const std::array<std::uint32_t, 32>& regs) {
  MatrixMoveProbe out = plan.probe;
  out.ran = true;
  const int stride = plan.tile_stride_halves;
  if (out.kind == "movmatrix") {
    for (MoveCheck& m : out.cells) {
      const std::uint16_t v =
          static_cast<std::uint16_t>(regs[static_cast<std::size_t>(m.lane)] >> (16 * m.half));
      // label(lane, 0, half) = 1 + 8 lane + half
      if (v >= 1 && (v - 1) / 8 < kWarpSize && (v - 1) % 8 < 2) {
        const int src_lane = (v - 1) / 8, src_half = (v - 1) % 8;
        m.measured = ldmatrix_element(false, src_lane, src_half);
      }
    }
    return out;
  }
  // Where each value was found: stmatrix labels are raw; epilogue values are f16 numbers 16r + c + 1.
  std::map<int, Coord> found;
  std::map<int, int> times;
  for (int r = 0; r < plan.tile_rows; ++r) {
    for (int c = 0; c < stride; ++c) {
      const std::uint16_t raw = tile[static_cast<std::size_t>(r * stride + c)];
      if (raw == 0) continue;
      int key = raw;
      Coord at{r, c, 0};
      if (out.kind == "epilogue") {
        const auto v = decode_element(ElemType::f16, raw);
        key = v ? static_cast<int>(*v) : -1;
        if (plan.config.trans) at = Coord{c, r, 0};  // column-major tile: memory (r, c) = output (c, r)
      }
      found[key] = at;
      ++times[key];
    }
  }
  int reached = 0;
  for (MoveCheck& m : out.cells) {
    const int key =
        out.kind == "epilogue" ? 16 * m.fragment.row + m.fragment.col + 1 : label(m.lane, m.reg, m.half);
    const auto it = found.find(key);
    if (it != found.end() && times[key] == 1) {
      m.measured = it->second;
      ++reached;
    }
  }
  int written = 0;
  for (const auto& [key, n] : times) written += n;
  out.stray_writes = written - reached;
  return out;
}

}  // namespace fragviz
