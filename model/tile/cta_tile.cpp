// The CTA tile: its construction and analysis (cta_tile.hpp).
#include "fragviz/tile/cta_tile.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <unordered_map>

#include "fragviz/tile/copy_atoms.hpp"
#include "fragviz/tile/copy_text.hpp"
#include "fragviz/tile/mma_atoms.hpp"
#include "fragviz/util/name_suggest.hpp"

namespace fragviz::tile {

namespace {

int index_of(Operand op) { return op == Operand::A ? 0 : op == Operand::B ? 1 : 2; }
const Operand kOps[] = {Operand::A, Operand::B, Operand::C};
std::string field(Operand op, const char* what) {
  return std::string("--") + what + "-" + static_cast<char>(std::tolower(to_string(op)[0]));
}

template <class T>
Result<T> refuse(std::string message, Refusal r = Refusal::bad_input) {
  return Result<T>::fail(r, std::move(message));
}

/// (thread, value) of a rank-2 TV layout, evaluated: index thread + threads * value.
std::int64_t at(const Layout& tv, std::int64_t thread, std::int64_t value) {
  return algebra::evaluate(tv, thread + algebra::size(tv.mode(0)) * value);
}

/// The shape of an operand's CTA fragment: (FrgV, RestM_in, RestK_in) of one MMA tile and the tiles
/// of the extent (R0, R1).
struct FragmentGeometry {
  std::int64_t frg_v = 1, rest0 = 1, rest1 = 1;  ///< one MMA tile's fragment
  std::int64_t tiles0 = 1, tiles1 = 1;           ///< MMA tiles over the extent
  std::int64_t rows = 0, cols = 0;               ///< one MMA tile's extent
  std::int64_t slots() const { return frg_v * rest0 * rest1; }
  std::int64_t size() const { return slots() * tiles0 * tiles1; }
  std::int64_t mode1() const { return rest0 * tiles0; }  ///< CuTe's MMA_M (or MMA_N for B)
  std::int64_t mode2() const { return rest1 * tiles1; }  ///< MMA_K (MMA_N for C)
  /// CTA fragment value V -> (slot of the MMA tile's fragment, tile r0, tile r1).
  std::array<std::int64_t, 3> split(std::int64_t reg) const {
    const std::int64_t v = reg % frg_v, rest = reg / frg_v;
    const std::int64_t m = rest % mode1(), k = rest / mode1();
    return {v + frg_v * (m % rest0 + rest0 * (k % rest1)), m / rest0, k / rest1};
  }
  /// The inverse of split.
  std::int64_t reg(std::int64_t slot, std::int64_t r0, std::int64_t r1) const {
    const std::int64_t v = slot % frg_v, mi = (slot / frg_v) % rest0, ki = slot / (frg_v * rest0);
    return v + frg_v * ((mi + rest0 * r0) + mode1() * (ki + rest1 * r1));
  }
};

FragmentGeometry geometry(const TiledMma& mma, Operand op, std::array<std::int64_t, 2> extent) {
  FragmentGeometry g;
  const auto shape = fragment_shape(mma, op);
  if (shape) {
    const IntTuple& s = *shape.value;
    g.frg_v = algebra::product(s.items[0]);
    g.rest0 = algebra::product(s.items[1]);
    g.rest1 = algebra::product(s.items[2]);
  }
  g.rows = tile_rows(mma, op);
  g.cols = tile_cols(mma, op);
  g.tiles0 = extent[0] / g.rows;
  g.tiles1 = extent[1] / g.cols;
  return g;
}

Cell fragment_cell(const TiledMma& mma, Operand op, const FragmentGeometry& g, std::int64_t thread,
                   std::int64_t reg) {
  const auto [slot, r0, r1] = g.split(reg);
  const std::int64_t index = at(layout_tv(mma, op), thread, slot);
  return Cell{index % g.rows + r0 * g.rows, index / g.rows + r1 * g.cols};
}

/// The layout's byte offset of (row, col) before its swizzle (what a descriptor's start holds).
std::int64_t unswizzled_byte_offset(const SmemLayout& l, int row, int col) {
  const TileMap& t = l.map;
  return t.units == LayoutUnits::bytes
             ? t.layout.offset + layout_linear(t.layout, row, std::int64_t{col} * t.element_bytes)
             : (t.layout.offset + layout_linear(t.layout, row, col)) * t.element_bytes;
}

/// The shared-memory instruction a copy issues, for the bank model.
struct BankOp {
  std::optional<SharedOp> op;
  LdmatrixConfig ldm{};
  std::string instruction, note;
};

BankOp bank_op(const TiledCopy& copy, bool store, std::int64_t mem_values) {
  BankOp b;
  const CopyAtom& a = copy.atom;
  if (a.kind != CopyKind::universal) {
    b.op = a.kind == CopyKind::ldmatrix ? SharedOp::ldmatrix : SharedOp::stmatrix;
    b.ldm = LdmatrixConfig{a.matrices == 1 ? LdmNum::x1 : a.matrices == 2 ? LdmNum::x2 : LdmNum::x4, a.trans};
    b.instruction = a.instruction;
    return b;
  }
  const std::int64_t bits = mem_values * copy.values.value_bits;
  const bool cp_async = a.name.rfind("SM80_CP_ASYNC", 0) == 0;
  if (cp_async && a.instruction.rfind("cp.async.ca", 0) != 0) {
    b.note = kCpAsyncCgNotModelled;
    return b;
  }
  if (bits == 32) b.op = cp_async ? SharedOp::cpasync4 : store ? SharedOp::sts32 : SharedOp::lds32;
  if (bits == 64) b.op = cp_async ? SharedOp::cpasync8 : store ? SharedOp::sts64 : SharedOp::lds64;
  if (bits == 128) b.op = cp_async ? SharedOp::cpasync16 : store ? SharedOp::sts128 : SharedOp::lds128;
  if (!b.op) {
    b.note = "a " + std::to_string(bits) +
             "-bit vector per thread: the bank model counts 32-, 64- and 128-bit accesses";
    return b;
  }
  const SharedOpInfo& info = shared_op_info(*b.op);
  b.instruction = std::string(info.ptx) + " (" + info.sass + ")";
  if (cp_async) b.instruction = a.instruction + " (its shared-memory write, " + info.sass + ")";
  return b;
}

/// cta_copy_addresses over `layout`.
std::vector<CopyAddress> copy_addresses(const CtaTile& tile, Operand op, const SmemLayout& layout) {
  std::vector<CopyAddress> out;
  const auto& copy = tile.copy[static_cast<std::size_t>(index_of(op))];
  if (!copy) return out;
  const bool store = op == Operand::C;
  const Layout& memory = store ? copy->layout_d_tv : copy->layout_s_tv;
  const std::int64_t mem_values = store ? copy->values.num_val_dst : copy->values.num_val_src;
  const std::int64_t calls = copy->values_per_thread() / copy->atom_values;
  const std::int64_t threads = copy->threads();
  const FragmentGeometry g = geometry(tile.mma, op, tile.extent(op));
  std::vector<Cell> starts(static_cast<std::size_t>(threads * calls));
  for (std::int64_t t = 0; t < threads; ++t)
    for (std::int64_t x = 0; x < calls; ++x) {
      const std::int64_t index = at(memory, t, mem_values * x);
      starts[static_cast<std::size_t>(t * calls + x)] = Cell{index % g.rows, index / g.rows};
    }
  out.reserve(static_cast<std::size_t>(g.tiles0 * g.tiles1 * threads * calls));
  for (std::int64_t r1 = 0; r1 < g.tiles1; ++r1)
    for (std::int64_t r0 = 0; r0 < g.tiles0; ++r0)
      for (std::int64_t t = 0; t < threads; ++t)
        for (std::int64_t x = 0; x < calls; ++x) {
          const Cell& s = starts[static_cast<std::size_t>(t * calls + x)];
          CopyAddress a;
          a.thread = t;
          a.call = x;
          a.tile0 = r0;
          a.tile1 = r1;
          a.k_block = op == Operand::C ? -1 : r1 * g.cols / tile.k_block;
          a.cell = Cell{s.row + r0 * g.rows, s.col + r1 * g.cols};
          a.byte = layout.byte_offset(static_cast<int>(a.cell.row), static_cast<int>(a.cell.col));
          out.push_back(a);
        }
  return out;
}

/// Every warp's every copy instruction of `op` over `layout`, counted by the measured bank model.
CtaBanks count_banks(const CtaTile& tile, Operand op, const SmemLayout& layout) {
  CtaBanks b;
  const TiledCopy& copy = *tile.copy[static_cast<std::size_t>(index_of(op))];
  const bool store = op == Operand::C;
  const std::int64_t mem_values = store ? copy.values.num_val_dst : copy.values.num_val_src;
  const std::int64_t calls = copy.values_per_thread() / copy.atom_values;
  const std::int64_t threads = copy.threads();
  const FragmentGeometry g = geometry(tile.mma, op, tile.extent(op));
  const BankOp bo = bank_op(copy, store, mem_values);
  b.instruction = bo.instruction;
  b.note = bo.note;
  b.ldmatrix = bo.ldm;
  if (!bo.op) return b;
  b.op = *bo.op;
  const int warps = static_cast<int>((threads + kWarpSize - 1) / kWarpSize);
  const int k_rows = op == Operand::C ? 1 : static_cast<int>(tile.k_blocks());
  init_bank_rows(b, warps, k_rows, op == Operand::C);
  const int lanes = is_matrix_op(b.op) ? address_lanes(b.ldmatrix.num) : kWarpSize;
  std::vector<std::uint32_t> addresses(static_cast<std::size_t>(lanes));
  const std::vector<CopyAddress> all = copy_addresses(tile, op, layout);
  const std::int64_t per_tile = threads * calls;
  for (std::int64_t tile_index = 0; tile_index < g.tiles0 * g.tiles1; ++tile_index)
    for (int w = 0; w < warps; ++w)
      for (std::int64_t x = 0; x < calls; ++x) {
        const CopyAddress& first =
            all[static_cast<std::size_t>(tile_index * per_tile + w * kWarpSize * calls + x)];
        WarpBanks& row =
            b.rows[static_cast<std::size_t>(w * k_rows + (op == Operand::C ? 0 : first.k_block))];
        for (int l = 0; l < lanes; ++l) {
          const std::int64_t t = std::min<std::int64_t>(threads - 1, w * kWarpSize + l);
          addresses[static_cast<std::size_t>(l)] = static_cast<std::uint32_t>(
              all[static_cast<std::size_t>(tile_index * per_tile + t * calls + x)].byte);
        }
        add_bank_instruction(b, row, addresses);
      }
  sum_bank_rows(b, k_rows, op == Operand::C);
  return b;
}

/// One operand's join and banks over `layout` (no suggestion).
struct OperandResult {
  CtaJoin join;
  CtaBanks banks;
};

Result<OperandResult> analyze_copy(const CtaTile& tile, Operand op, const SmemLayout& layout, bool keep) {
  const TiledCopy& copy = *tile.copy[static_cast<std::size_t>(index_of(op))];
  const TiledMma& mma = tile.mma;
  const auto j = join(copy, mma, op);
  if (!j) return Result<OperandResult>::fail(j.refusal, j.message);
  const Join& tj = *j.value;
  const bool store = tj.store;
  const FragmentGeometry g = geometry(mma, op, tile.extent(op));
  const Layout& memory = store ? copy.layout_d_tv : copy.layout_s_tv;
  const std::int64_t mem_values = store ? copy.values.num_val_dst : copy.values.num_val_src;
  const std::int64_t av = copy.atom_values;
  const std::int64_t value_bytes = copy.values.value_bits / 8;
  const std::vector<ByteOwner> owners = tile_byte_owners(layout);

  // One MMA tile: per (thread, copy value) the first cell of the vector that holds it and its byte.
  struct Source {
    Cell start;
    std::int64_t byte;
    std::int64_t call, register_byte;  ///< the atom call and the value's byte in its registers
  };
  std::vector<Source> sources;
  sources.reserve(tj.cells.size());
  for (const JoinCell& c : tj.cells) {
    const CopySource s = copy_source(copy, c.thread, c.copy_value % av);
    const std::int64_t index = at(memory, s.thread, mem_values * (c.copy_value / av));
    sources.push_back(Source{Cell{index % g.rows, index / g.rows}, s.element * value_bytes, c.copy_value / av,
                             (c.copy_value % av) * value_bytes});
  }

  OperandResult out;
  CtaJoin& cj = out.join;
  cj.operand = op;
  cj.store = store;
  const std::int64_t kb_cols = tile.k_block;
  const auto k_block_of = [&](std::int64_t r1) -> std::int64_t {
    return op == Operand::C ? -1 : r1 * g.cols / kb_cols;
  };
  const bool swap = tile.swap && tile.swap->operand == op;
  std::optional<std::pair<std::int64_t, std::int64_t>> first_key;
  CtaCellTally tally;
  const auto account = [&](const CtaJoinCell& x) {
    tally.add(x);
    ++cj.cells;
    if (!x.match()) {
      ++cj.mismatches;
      const std::pair<std::int64_t, std::int64_t> key{x.thread, x.reg};
      if (!first_key || key < *first_key) {
        first_key = key;
        cj.first = x;
      }
    }
  };
  std::vector<CtaJoinCell> cells;  // every cell, where the swap needs them all or the caller does
  for (std::int64_t r1 = 0; r1 < g.tiles1; ++r1)
    for (std::int64_t r0 = 0; r0 < g.tiles0; ++r0)
      for (std::size_t i = 0; i < tj.cells.size(); ++i) {
        const JoinCell& c = tj.cells[i];
        const Source& s = sources[i];
        CtaJoinCell x;
        x.thread = c.thread;
        x.reg = g.reg(c.slot, r0, r1);
        x.k_block = k_block_of(r1);
        x.expected = Cell{c.expected.row + r0 * g.rows, c.expected.col + r1 * g.cols};
        x.instruction = (r1 * g.tiles0 + r0) * (copy.values_per_thread() / av) + s.call;
        x.register_byte = s.register_byte;
        x.byte = layout.byte_offset(static_cast<int>(s.start.row + r0 * g.rows),
                                    static_cast<int>(s.start.col + r1 * g.cols)) +
                 s.byte;
        if (x.byte >= 0 && x.byte < static_cast<std::int64_t>(owners.size())) {
          const ByteOwner& o = owners[static_cast<std::size_t>(x.byte)];
          if (o.cell >= 0 && o.byte == 0) {
            const Coord rc = cell_coord(layout, o.cell);
            x.moved = Cell{rc.row, rc.col};
          }
        }
        if (swap || keep)
          cells.push_back(x);
        else
          account(x);
      }
  if (swap || keep)
    std::sort(cells.begin(), cells.end(), [](const CtaJoinCell& a, const CtaJoinCell& b) {
      return a.thread != b.thread ? a.thread < b.thread : a.reg < b.reg;
    });
  if (swap) {
    // Within each thread: the register the MMA reads for cell (r, c) holds what the copy moved into
    // the register that expected (partner(r), c). A thread without that partner cannot swap.
    const RegisterSwap& rs = *tile.swap;
    cj.swap = rs.text();
    const std::int64_t width = tile.extent(op)[1];
    const auto key = [&](const Cell& e) { return e.row * width + e.col; };
    std::unordered_map<std::int64_t, std::size_t> held;
    for (std::size_t begin = 0; begin < cells.size();) {
      std::size_t end = begin;
      held.clear();
      while (end < cells.size() && cells[end].thread == cells[begin].thread) {
        held.emplace(key(cells[end].expected), end);
        ++end;
      }
      for (std::size_t k = begin; k < end; ++k) {
        CtaJoinCell& x = cells[k];
        const std::int64_t partner = rs.partner(x.expected.row);
        if (partner == x.expected.row) continue;
        const auto it = held.find(key(Cell{partner, x.expected.col}));
        if (it == held.end())
          return Result<OperandResult>::fail(
              Refusal::bad_input, "--register-swap '" + rs.text() + "': thread " + std::to_string(x.thread) +
                                      " holds " + to_string(x.expected) + " but not " +
                                      to_string(Cell{partner, x.expected.col}) +
                                      ": registers are swapped within a thread");
        x.swapped = true;
        x.fed = cells[it->second].moved;
      }
      begin = end;
    }
  }
  for (const CtaJoinCell& x : cells) account(x);
  tally.into(cj);
  if (keep) cj.all = std::move(cells);

  out.banks = count_banks(tile, op, layout);
  return Result<OperandResult>::ok(std::move(out));
}

/// The layout's notation without its swizzle, and whether it counts bytes.
std::pair<std::string, bool> unswizzled_notation(const SmemLayout& l) {
  std::string s = l.notation;
  const bool bytes = s.rfind("B:", 0) == 0;
  if (bytes) s = s.substr(2);
  while (!s.empty() && s.front() == ' ') s.erase(0, 1);
  if (s.rfind("Swizzle<", 0) == 0 || s.rfind("Sw<", 0) == 0) {
    const std::size_t o = s.find(" o ");
    if (o != std::string::npos) s = s.substr(o + 3);
  }
  return {s, bytes};
}

std::optional<SwizzleSuggestion> suggest_swizzle(const CtaTile& tile, Operand op, const SmemLayout& layout,
                                                 const OperandResult& now) {
  const auto [base, bytes] = unswizzled_notation(layout);
  const int unit = bytes ? 1 : layout.element_bytes();
  const int access = access_bytes(now.banks.op);
  int m0 = 0;
  while ((unit << m0) < access) ++m0;  // a vector stays whole: 2^M units cover one access
  // Count every candidate's banks, then judge the join of the best ones until one keeps it.
  struct Candidate {
    SmemLayout layout;
    CuteSwizzle swizzle;
    CtaBanks banks;
  };
  std::vector<Candidate> better;
  for (int bb = 1; bb <= 3; ++bb)
    for (int m = m0; m <= m0 + 2; ++m)
      for (int s = bb; s <= 7; ++s) {
        const CuteSwizzle sw{bb, m, s};
        if (sw == layout.map.layout.swizzle) continue;
        const std::string text = std::string(bytes ? "B:" : "") + to_string(sw) + " o " + base;
        auto parsed = parse_smem_layout(text, LayoutUnits::elements, layout.element_bytes());
        if (!parsed || parsed->footprint_bytes != layout.footprint_bytes) continue;
        CtaBanks b = count_banks(tile, op, *parsed);
        if (b.misaligned > now.banks.misaligned || b.wavefronts >= now.banks.wavefronts) continue;
        better.push_back(Candidate{std::move(*parsed.value), sw, std::move(b)});
      }
  std::stable_sort(better.begin(), better.end(), [](const Candidate& a, const Candidate& b) {
    return a.banks.wavefronts < b.banks.wavefronts;
  });
  for (const Candidate& c : better) {
    const auto r = analyze_copy(tile, op, c.layout, false);
    if (!r || r->join.mismatches > now.join.mismatches) continue;
    return SwizzleSuggestion{c.layout.notation, c.swizzle, c.banks.wavefronts, c.banks.ideal,
                             c.banks.conflicts};
  }
  return std::nullopt;
}

CtaDescriptors match_descriptors(const CtaTile& tile, Operand op, const SmemLayout& layout) {
  const MmaAtom& atom = tile.mma.atom;
  const ElemType type = op == Operand::A ? atom.a_type : atom.b_type;
  const int mn = op == Operand::A ? atom.m : atom.n;
  const int k = atom.k;
  const auto extent = tile.extent(op);
  const int slices = static_cast<int>(extent[0] / mn);
  const int k_steps = static_cast<int>(extent[1] / k);
  struct Candidate {
    Major major;
    SmemSwizzle swizzle;
  };
  const Candidate candidates[] = {{Major::K, SmemSwizzle::b128},  {Major::K, SmemSwizzle::b64},
                                  {Major::K, SmemSwizzle::b32},   {Major::K, SmemSwizzle::none},
                                  {Major::MN, SmemSwizzle::b128}, {Major::MN, SmemSwizzle::b64},
                                  {Major::MN, SmemSwizzle::b32},  {Major::MN, SmemSwizzle::none}};
  CtaDescriptors out;
  std::vector<DescriptorSlice> first_try;
  for (const Candidate& c : candidates) {
    if (c.major == Major::MN && element_bits(type) != 16) continue;
    SmemOperandLayout cl = canonical_layout(type, c.major, c.swizzle, mn, k);
    // LBO and SBO as the user's layout spaces its core matrices (CuTe's make_gmma_desc reads them
    // off the layout the same way); the canonical ones where the tile is too small to say.
    const int t_units = 16 / (element_bits(type) / 8), w = swizzle_units(c.swizzle);
    const auto gap = [&](int mn1, int k1) -> std::int64_t {
      if (mn1 >= extent[0] || k1 >= extent[1]) return -1;
      return unswizzled_byte_offset(layout, mn1, k1) - unswizzled_byte_offset(layout, 0, 0);
    };
    const bool swz = c.swizzle != SmemSwizzle::none;
    const std::int64_t lbo =
        c.major == Major::K ? (swz ? -1 : gap(0, t_units)) : (swz ? gap(t_units * w, 0) : gap(0, 8));
    const std::int64_t sbo = c.major == Major::K ? gap(8, 0) : (swz ? gap(0, 8) : gap(t_units, 0));
    if (lbo > 0) cl.lbo = static_cast<std::uint32_t>(lbo);
    if (sbo > 0) cl.sbo = static_cast<std::uint32_t>(sbo);
    std::vector<DescriptorSlice> got;
    std::int64_t bad = 0;
    for (int s = 0; s < slices; ++s)
      for (int kb = 0; kb < k_steps; ++kb) {
        DescriptorSlice d;
        d.slice = s;
        d.k_block = kb;
        const auto start = static_cast<std::uint32_t>(unswizzled_byte_offset(layout, s * mn, kb * k));
        d.descriptor = descriptor_for(cl, start);
        for (int r = 0; r < mn; ++r)
          for (int q = 0; q < k; ++q)
            if (smem_operand_address(cl, start, r, q) != layout.byte_offset(s * mn + r, kb * k + q))
              ++d.mismatches;
        bad += d.mismatches;
        got.push_back(d);
      }
    if (first_try.empty()) first_try = got;
    if (bad == 0) {
      out.layout = cl;
      out.slices = std::move(got);
      out.verdict = std::string(to_string(c.major)) + "-major, " + std::string(to_string(c.swizzle)) +
                    " swizzle (LBO " + std::to_string(cl.lbo) + ", SBO " + std::to_string(cl.sbo) +
                    " bytes): every element of " + std::to_string(out.slices.size()) +
                    " descriptors reads the layout's byte";
      return out;
    }
  }
  out.slices = std::move(first_try);
  std::int64_t bad = 0;
  for (const DescriptorSlice& d : out.slices) bad += d.mismatches;
  out.verdict =
      "no canonical GMMA layout (K- or MN-major, any swizzle) equals this layout: K-major 128B reads " +
      std::to_string(bad) + " elements from other bytes";
  return out;
}

Result<ReuseJoin> reuse_join(const CtaTile& tile) {
  const TiledMma& mma = tile.mma;
  const std::array<std::int64_t, 2> c_extent{tile.tile_mnk[0], tile.tile_mnk[1]};
  const FragmentGeometry gc = geometry(mma, Operand::C, c_extent);
  if (tile.tile_mnk[1] % tile_cols(mma, Operand::A) != 0)
    return refuse<ReuseJoin>("reuse of C as A: the tile's N (" + std::to_string(tile.tile_mnk[1]) +
                             ") is the next GEMM's K and must be a multiple of the TiledMMA's K (" +
                             std::to_string(tile_cols(mma, Operand::A)) + ")");
  const FragmentGeometry ga = geometry(mma, Operand::A, c_extent);
  // FA2 (mma.sync: A's FrgV a multiple of C's) joins q C fragments into one A fragment; FA3 (wgmma:
  // C's FrgV (2,2,N/8) a multiple of A's (2,2,2)) splits one C fragment into p k16 blocks of A,
  // ((2,2,N/8),MMA_M,MMA_N) -> ((2,2,2),MMA_M,(N/16,MMA_N)) (hopper/utils.h convert_layout_acc_Aregs).
  const bool join = ga.frg_v % gc.frg_v == 0, split = !join && gc.frg_v % ga.frg_v == 0;
  const std::int64_t q = join ? ga.frg_v / gc.frg_v : 1, p = split ? gc.frg_v / ga.frg_v : 1;
  if ((!join && !split) || ga.mode1() != gc.mode1() || gc.mode2() * p != q * ga.mode2())
    return refuse<ReuseJoin>("reuse of C as A: C's fragment (" + std::to_string(gc.frg_v) + "," +
                             std::to_string(gc.mode1()) + "," + std::to_string(gc.mode2()) +
                             ") cannot be read as A's (" + std::to_string(ga.frg_v) + "," +
                             std::to_string(ga.mode1()) + "," + std::to_string(ga.mode2()) + ")");
  const auto n = [](std::int64_t v) { return std::to_string(v); };
  ReuseJoin r;
  r.conversion = "(" + n(gc.frg_v) + "," + n(gc.mode1()) + "," + n(gc.mode2()) + ") -> " +
                 (join ? "((" + n(gc.frg_v) + "," + n(q) + ")," + n(ga.mode1()) + "," + n(ga.mode2()) + ")"
                       : "(" + n(ga.frg_v) + "," + n(ga.mode1()) + ",(" + n(p) + "," + n(gc.mode2()) + "))");
  for (std::int64_t t = 0; t < mma.threads(); ++t)
    for (std::int64_t reg = 0; reg < ga.size(); ++reg) {
      const std::int64_t v = reg % ga.frg_v, rest = reg / ga.frg_v;
      const std::int64_t m = rest % ga.mode1(), k = rest / ga.mode1();
      const std::int64_t c_reg = join ? v % gc.frg_v + gc.frg_v * (m + gc.mode1() * (q * k + v / gc.frg_v))
                                      : v + ga.frg_v * (k % p) + gc.frg_v * (m + gc.mode1() * (k / p));
      const Cell c = fragment_cell(mma, Operand::C, gc, t, c_reg);
      const Cell a = fragment_cell(mma, Operand::A, ga, t, reg);
      ++r.cells;
      if (c != a) {
        ++r.mismatches;
        if (!r.first) r.first = ReuseJoin::Mismatch{t, reg, c_reg, c, a};
      }
    }
  return Result<ReuseJoin>::ok(std::move(r));
}

}  // namespace

std::array<std::int64_t, 2> CtaTile::extent(Operand op) const {
  return op == Operand::A   ? std::array<std::int64_t, 2>{tile_mnk[0], tile_mnk[2]}
         : op == Operand::B ? std::array<std::int64_t, 2>{tile_mnk[1], tile_mnk[2]}
                            : std::array<std::int64_t, 2>{tile_mnk[0], tile_mnk[1]};
}

Result<std::array<std::int64_t, 3>> parse_tile_mnk(std::string_view text) {
  std::array<std::int64_t, 3> v{};
  int n = 0;
  std::size_t i = 0;
  // `at`: the 0-based byte the refusal points at (npos: the text as a whole).
  const auto bad = [&](std::size_t at) {
    const int column = at == std::string_view::npos ? 0 : static_cast<int>(at) + 1;
    return Result<std::array<std::int64_t, 3>>::fail(
        Refusal::bad_input,
        (column ? "col " + std::to_string(column) + ": " : std::string()) + "tile '" + std::string(text) +
            "': expected M x N x K, e.g. 128x128x32",
        column);
  };
  while (i < text.size()) {
    const char c = text[i];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      if (n == 3) return bad(i);
      const std::size_t first = i;
      std::int64_t x = 0;
      while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
        x = x * 10 + (text[i] - '0');
        if (x > (1 << 20)) return bad(first);
        ++i;
      }
      if (x == 0) return bad(first);
      v[static_cast<std::size_t>(n++)] = x;
      continue;
    }
    if (c != 'x' && c != 'X' && c != ',' && c != ' ' && c != '(' && c != ')' && c != '_') return bad(i);
    ++i;
  }
  if (n != 3) return bad(std::string_view::npos);
  return Result<std::array<std::int64_t, 3>>::ok(v);
}

Result<CtaTile> make_cta_tile(const CtaTileSpec& spec, CtaConfigError* where) {
  // Every refusal names its field (and its column in that field's text) for the app's fields.
  const auto fail = [where](CtaField f, std::string message, Refusal r = Refusal::bad_input, int column = 0) {
    if (where) *where = CtaConfigError{f, column, r, message};
    return Result<CtaTile>::fail(r, std::move(message), column);
  };
  CtaTile t;
  t.spec = spec;
  const MmaAtom* atom = find_mma_atom(spec.mma);
  if (!atom)
    return fail(CtaField::mma, "--mma: no MMA atom '" + spec.mma + "' (CuTe's names; tiled --list)" +
                                   did_you_mean(spec.mma, mma_atom_names()));
  const auto layout = parse_atom_layout(spec.atoms);
  if (!layout)
    return fail(CtaField::atoms, "--atoms '" + spec.atoms + "': " + layout.message, layout.refusal,
                layout.column);
  const auto perm = parse_permutation(spec.permute);
  if (!perm)
    return fail(CtaField::permute, "--permute '" + spec.permute + "': " + perm.message, perm.refusal,
                perm.column);
  const auto made = make_tiled_mma(*atom, *layout.value, *perm.value);
  // The atom layout and the permutation meet here: CuTe's words, the atom layout's field.
  if (!made)
    return fail(
        CtaField::atoms,
        made.message.rfind("make_tiled_mma", 0) == 0 ? made.message : "make_tiled_mma: " + made.message,
        made.refusal);
  t.mma = *made.value;
  if (t.mma.threads() > kMaxCtaThreads)
    return fail(CtaField::atoms, "--atoms '" + spec.atoms + "': " + std::to_string(t.mma.threads()) +
                                     " threads (" + std::to_string(algebra::size(t.mma.atom_layout_mnk)) +
                                     " atoms of " + std::to_string(algebra::size(atom->thr_id)) +
                                     "); a CTA has at most " + std::to_string(kMaxCtaThreads));
  // This CuTe sizes the TiledMMA's tile by the permutation alone (tile_size_mnk =
  // size(permutation_mnk)): an entry smaller than its atoms' reach gives thread-value layouts past
  // that tile. CuTe compiles it (and fragviz's layouts equal CuTe's), but a CTA tile's partitions
  // would then reach outside the CTA tile; later CuTe sizes the tile by the larger of the two.
  for (int i = 0; i < 3; ++i) {
    const std::int64_t atoms = algebra::size(t.mma.thr_layout_vmnk.mode(i + 1));
    const std::int64_t reach = atoms * (i == 0 ? atom->m : i == 1 ? atom->n : atom->k);
    if (t.mma.tile_mnk[static_cast<std::size_t>(i)] < reach)
      return fail(CtaField::atoms,
                  "--atoms '" + spec.atoms + "' with --permute '" + spec.permute + "': the permutation's " +
                      "MNK"[i] + " (" + std::to_string(t.mma.tile_mnk[static_cast<std::size_t>(i)]) +
                      ") is smaller than the atoms' " + std::to_string(atoms) + " x " +
                      std::to_string(reach / atoms) + " = " + std::to_string(reach) +
                      ": CuTe's thread-value layouts then reach past the tile; make that entry at least " +
                      std::to_string(reach) + " (or `_`)",
                  Refusal::cute_wrong);
  }
  t.tile_mnk = t.mma.tile_mnk;
  if (!spec.tile.empty()) {
    const auto p = parse_tile_mnk(spec.tile);
    if (!p) return fail(CtaField::tile, "--tile: " + p.message, p.refusal, p.column);
    t.tile_mnk = *p.value;
  }
  const char* axes = "MNK";
  for (int i = 0; i < 3; ++i)
    if (t.tile_mnk[static_cast<std::size_t>(i)] % t.mma.tile_mnk[static_cast<std::size_t>(i)] != 0)
      return fail(CtaField::tile, "--tile: the CTA's " + std::string(1, axes[i]) + " (" +
                                      std::to_string(t.tile_mnk[static_cast<std::size_t>(i)]) +
                                      ") is not a multiple of the TiledMMA's (" +
                                      std::to_string(t.mma.tile_mnk[static_cast<std::size_t>(i)]) + ")");
  if (spec.k_block < 0)
    return fail(CtaField::k_block, "--k-block " + std::to_string(spec.k_block) + ": negative");
  t.k_block = spec.k_block > 0 ? spec.k_block : t.mma.tile_mnk[2];
  if (t.k_block % t.mma.tile_mnk[2] != 0 || t.tile_mnk[2] % t.k_block != 0)
    return fail(CtaField::k_block, "--k-block " + std::to_string(t.k_block) +
                                       ": must be a multiple of the TiledMMA's K (" +
                                       std::to_string(t.mma.tile_mnk[2]) + ") that divides the CTA's K (" +
                                       std::to_string(t.tile_mnk[2]) + ")");
  for (Operand op : kOps) {
    const std::size_t i = static_cast<std::size_t>(index_of(op));
    const CtaField copy_field = cta_operand_field(CtaField::copy_a, i);
    const CtaField smem_field = cta_operand_field(CtaField::smem_a, i);
    const ElemType type = op == Operand::A ? atom->a_type : op == Operand::B ? atom->b_type : atom->c_type;
    int bits = element_bits(type);
    if (spec.value_bits[i] < 0 || spec.value_bits[i] > 128)
      return fail(cta_operand_field(CtaField::value_bits_a, i),
                  "--value-bits " + std::to_string(spec.value_bits[i]) + ": 1 to 128 (0: the element width)");
    if (is_make_tiled_copy(spec.copy[i])) {
      // make_tiled_copy(ATOM, THR, VAL): the user's own TiledCopy, held to the TiledMMA's threads
      // and operand tile (copy_text.hpp); the analysis then reads it as it reads make_tiled_copy_X.
      const auto tc = make_operand_tiled_copy(spec.copy[i], spec.value_bits[i], bits, t.mma, op);
      if (!tc)
        return fail(copy_field, field(op, "copy") + " '" + spec.copy[i] + "': " + tc.message, tc.refusal,
                    tc.column);
      bits = tc->values.value_bits;
      t.copy[i] = *tc.value;
    } else if (!spec.copy[i].empty()) {
      // A bare atom name, or CuTe's spelling make_tiled_copy_X(ATOM, tiled_mma) of the same copy.
      const CopyAtom* c = nullptr;
      int value_bits = spec.value_bits[i];
      if (is_make_tiled_copy_for_mma(spec.copy[i])) {
        const auto p = parse_make_tiled_copy_for_mma(spec.copy[i], op, value_bits);
        if (!p)
          return fail(copy_field, field(op, "copy") + " '" + spec.copy[i] + "': " + p.message, p.refusal,
                      p.column);
        c = p->atom;
        value_bits = p->value_bits;
      } else {
        c = find_copy_atom(spec.copy[i]);
        if (!c)
          return fail(copy_field, field(op, "copy") + ": no copy atom '" + spec.copy[i] + "' (tiled --list)" +
                                      did_you_mean(spec.copy[i], copy_atom_names()));
      }
      bits = value_bits > 0 ? value_bits : c->kind == CopyKind::stmatrix ? 16 : bits;
      const auto tc = make_tiled_copy_for(*c, bits, t.mma, op);
      if (!tc)
        return fail(copy_field,
                    field(op, "copy") + " " + c->name + ": make_tiled_copy_" + std::string(to_string(op)) +
                        ": " + tc.message,
                    tc.refusal);
      t.copy[i] = *tc.value;
    }
    if (spec.smem[i].empty()) continue;
    if (bits % 8 != 0 || !valid_element_bytes(bits / 8))
      return fail(smem_field, field(op, "smem") + ": " + std::to_string(bits) +
                                  "-bit elements have no shared layout here (1, 2, 4 or 8 bytes)");
    const auto l = parse_smem_layout(spec.smem[i], LayoutUnits::elements, bits / 8);
    if (!l)
      return fail(smem_field, field(op, "smem") + " '" + spec.smem[i] + "': " + l.error.message,
                  Refusal::bad_input, l.column);
    const auto e = t.extent(op);
    if (l->rows() != e[0] || l->cols() != e[1])
      return fail(smem_field, field(op, "smem") + " '" + spec.smem[i] + "': its shape is " +
                                  std::to_string(l->rows()) + " x " + std::to_string(l->cols()) +
                                  ", the CTA's " + std::string(to_string(op)) + " is " +
                                  std::to_string(e[0]) + " x " + std::to_string(e[1]) +
                                  (op == Operand::B ? " (N x K)" : ""));
    t.smem[i] = *l.value;
  }
  for (std::size_t i = 0; i < 2; ++i) {
    if (spec.gmem_copy[i].empty()) continue;
    const Operand op = kOps[i];
    const CtaField f = cta_operand_field(CtaField::gmem_copy_a, i);
    const std::string flag = field(op, "gmem-copy");
    if (!t.smem[i])
      return fail(f, flag + ": the global -> shared copy needs " + field(op, "smem") +
                         ", the shared layout it fills");
    const auto g = make_gmem_copy(spec.gmem_copy[i], t.smem[i]->element_bytes() * 8, t.extent(op));
    if (!g) return fail(f, flag + " '" + spec.gmem_copy[i] + "': " + g.message, g.refusal, g.column);
    const std::int64_t threads = g->copy.threads();
    if (threads != t.mma.threads())
      return fail(f, flag + " '" + spec.gmem_copy[i] + "': " + std::to_string(threads) +
                         " threads; the TiledMMA's CTA has " + std::to_string(t.mma.threads()));
    t.gmem_copy[i] = *g.value;
  }
  if (!spec.register_swap.empty()) {
    const auto rs = parse_register_swap(spec.register_swap);
    if (!rs) return fail(CtaField::register_swap, "--register-swap: " + rs.message, rs.refusal, rs.column);
    const Operand op = rs->operand;
    const std::size_t i = static_cast<std::size_t>(index_of(op));
    const char* rows = op == Operand::A ? "M" : "N";
    if (!t.copy[i])
      return fail(CtaField::register_swap, "--register-swap '" + spec.register_swap +
                                               "': " + std::string(to_string(op)) +
                                               " has no copy into registers to swap after");
    if (t.extent(op)[0] % rs->period != 0)
      return fail(CtaField::register_swap, "--register-swap '" + spec.register_swap + "': the period (" +
                                               std::to_string(rs->period) + " rows) must divide the CTA's " +
                                               rows + " (" + std::to_string(t.extent(op)[0]) + ")");
    // Registers are exchanged within a thread: every cell's partner must be the same thread's.
    const std::int64_t threads = t.mma.threads();
    for (std::int64_t th = 0; th < threads; ++th) {
      const std::vector<Cell> held = cta_fragment_cells(t, op, th);
      const std::set<std::pair<std::int64_t, std::int64_t>> set = [&] {
        std::set<std::pair<std::int64_t, std::int64_t>> out;
        for (const Cell& c : held) out.emplace(c.row, c.col);
        return out;
      }();
      for (const Cell& c : held) {
        const Cell partner{rs->partner(c.row), c.col};
        if (!set.count({partner.row, partner.col}))
          return fail(CtaField::register_swap, "--register-swap '" + spec.register_swap + "': thread " +
                                                   std::to_string(th) + " holds " + to_string(c) +
                                                   " but not " + to_string(partner) +
                                                   ": registers swap within a thread");
      }
    }
    t.swap = *rs.value;
  }
  if (where) *where = CtaConfigError{};
  return Result<CtaTile>::ok(std::move(t));
}

std::string wrong_values_text(std::int64_t wrong_values, std::int64_t values, std::int64_t wrong_cells,
                              std::int64_t cells) {
  std::string out = std::to_string(wrong_values) + " of " + std::to_string(values) + " values";
  if (cells > 0) out += " (" + std::to_string(wrong_cells) + " of " + std::to_string(cells) + " cells)";
  return out + " wrong";
}

void CtaCellTally::add(const CtaJoinCell& c) {
  const std::pair<std::int64_t, std::int64_t> key{c.expected.row, c.expected.col};
  all_.insert(key);
  if (!c.match()) wrong_.insert(key);
}

void CtaCellTally::into(CtaJoin& j) const {
  j.tile_cells = static_cast<std::int64_t>(all_.size());
  j.wrong_cells = static_cast<std::int64_t>(wrong_.size());
}

std::string CtaJoin::verdict(std::int64_t threads) const {
  const std::string shape = "(" + std::to_string(threads) + " threads x " +
                            std::to_string(threads ? cells / threads : 0) + " values)";
  if (!first) return "all " + std::to_string(cells) + " match " + shape;
  const CtaJoinCell& m = *first;
  if (m.swapped && m.moved && *m.moved == m.expected)
    return "thread " + std::to_string(m.thread) + " V" + std::to_string(m.reg) +
           (m.k_block >= 0 ? " (k-block " + std::to_string(m.k_block) + ")" : "") + ": the copy delivered " +
           to_string(m.expected) + ", but after the register swap " + swap + " the MMA reads " +
           (m.fed ? to_string(*m.fed) : std::string("no element")) + " (" +
           wrong_values_text(mismatches, cells, wrong_cells, tile_cells) + ")";
  return "thread " + std::to_string(m.thread) + " V" + std::to_string(m.reg) +
         (m.k_block >= 0 ? " (k-block " + std::to_string(m.k_block) + ")" : "") + ": " +
         (store ? "stored to " : "delivered ") + (m.moved ? to_string(*m.moved) : std::string("no element")) +
         " at byte " + std::to_string(m.byte) +
         (m.swapped ? ", after the register swap " + swap + " the MMA reads " +
                          (m.fed ? to_string(*m.fed) : std::string("no element"))
                    : std::string()) +
         ", expected " + to_string(m.expected) + " (" +
         wrong_values_text(mismatches, cells, wrong_cells, tile_cells) + ")";
}

std::string ReuseJoin::verdict(std::int64_t threads) const {
  if (!first)
    return "all " + std::to_string(cells) + " match (" + std::to_string(threads) + " threads x " +
           std::to_string(threads ? cells / threads : 0) + " values)";
  return "thread " + std::to_string(first->thread) + " A V" + std::to_string(first->a_value) + " (C V" +
         std::to_string(first->c_value) + "): holds C " + to_string(first->c_cell) + ", A expects " +
         to_string(first->a_expected) + " (" + std::to_string(mismatches) + " of " + std::to_string(cells) +
         " differ)";
}

bool CtaReport::joins_ok() const {
  for (const CtaOperandReport& o : operands)
    if ((o.join && o.join->mismatches) || (o.fill && !o.fill->ok())) return false;
  return !reuse || reuse->mismatches == 0;
}

Result<CtaReport> analyze_cta_tile(const CtaTile& tile, const CtaOptions& options) {
  CtaReport report;
  for (Operand op : kOps) {
    const std::size_t i = static_cast<std::size_t>(index_of(op));
    CtaOperandReport& o = report.operands[i];
    o.operand = op;
    if (i < 2 && tile.gmem_copy[i] && tile.smem[i]) {
      o.fill = analyze_fill(*tile.gmem_copy[i], *tile.smem[i], op);
      o.fill_banks = count_fill_banks(*tile.gmem_copy[i], *tile.smem[i], tile.k_block);
      if (!o.fill_banks) o.fill_no_banks = kCpAsyncCgNotModelled;
    }
    const bool descriptor = (op == Operand::A && tile.mma.atom.a_source == OperandSource::descriptor) ||
                            (op == Operand::B && tile.mma.atom.b_source == OperandSource::descriptor);
    if (descriptor) {
      if (tile.smem[i])
        o.descriptors = match_descriptors(tile, op, *tile.smem[i]);
      else
        o.skipped = tile.mma.atom.name + " reads " + std::string(to_string(op)) +
                    " through a descriptor; no shared layout given";
      continue;
    }
    if (op == Operand::A && !tile.copy[i] && tile.mma.atom.warpgroup) {
      // An _RS atom's A without a copy: registers a kernel fills itself (FA3's P), joined only
      // when the spec says they are the reused C.
      o.skipped = tile.spec.reuse_c_as_a ? "A from registers: the accumulator reused (C as the next A)"
                                         : "A from registers (" + tile.mma.atom.name +
                                               "): no copy for A, its registers' source not judged";
      continue;
    }
    if (!tile.copy[i] || !tile.smem[i]) {
      o.skipped = !tile.copy[i] ? "no copy for " + std::string(to_string(op))
                                : "no shared layout for " + std::string(to_string(op));
      continue;
    }
    auto r = analyze_copy(tile, op, *tile.smem[i], options.keep_cells);
    if (!r) return Result<CtaReport>::fail(r.refusal, field(op, "copy") + ": " + r.message);
    if (options.suggest && r->banks.conflicts > 0)
      o.suggestion = suggest_swizzle(tile, op, *tile.smem[i], *r);
    o.join = std::move(r.value->join);
    o.banks = std::move(r.value->banks);
  }
  if (tile.spec.reuse_c_as_a) {
    auto r = reuse_join(tile);
    if (!r) return Result<CtaReport>::fail(r.refusal, r.message);
    report.reuse = std::move(*r.value);
  }
  return Result<CtaReport>::ok(std::move(report));
}

std::vector<CopyAddress> cta_copy_addresses(const CtaTile& tile, Operand op) {
  const auto& layout = tile.smem[static_cast<std::size_t>(index_of(op))];
  return layout ? copy_addresses(tile, op, *layout) : std::vector<CopyAddress>{};
}

Cell cta_fragment_cell(const CtaTile& tile, Operand op, std::int64_t thread, std::int64_t reg) {
  return fragment_cell(tile.mma, op, geometry(tile.mma, op, tile.extent(op)), thread, reg);
}

std::vector<Cell> cta_fragment_cells(const CtaTile& tile, Operand op, std::int64_t thread) {
  const FragmentGeometry g = geometry(tile.mma, op, tile.extent(op));
  std::vector<Cell> out;
  out.reserve(static_cast<std::size_t>(g.size()));
  for (std::int64_t r = 0; r < g.size(); ++r) out.push_back(fragment_cell(tile.mma, op, g, thread, r));
  return out;
}

std::int64_t cta_fragment_size(const CtaTile& tile, Operand op) {
  return geometry(tile.mma, op, tile.extent(op)).size();
}

void init_bank_rows(CtaBanks& b, int warps, int k_rows, bool epilogue) {
  b.rows.assign(static_cast<std::size_t>(warps * k_rows), WarpBanks{});
  for (int w = 0; w < warps; ++w)
    for (int k = 0; k < k_rows; ++k) {
      WarpBanks& row = b.rows[static_cast<std::size_t>(w * k_rows + k)];
      row.warp = w;
      row.k_block = epilogue ? -1 : k;
    }
}

void add_bank_instruction(const CtaBanks& b, WarpBanks& row, const std::vector<std::uint32_t>& addresses) {
  ++row.instructions;
  const std::uint32_t access = static_cast<std::uint32_t>(access_bytes(b.op));
  for (std::uint32_t a : addresses)
    if (a % access != 0) {
      ++row.misaligned;
      return;
    }
  const SharedCount n = count_shared_access(b.op, b.ldmatrix, addresses);
  row.wavefronts += n.wavefronts;
  row.ideal += n.ideal_wavefronts;
  row.conflicts += n.bank_conflicts;
}

void sum_bank_rows(CtaBanks& b, int k_rows, bool epilogue) {
  b.per_k_block.assign(static_cast<std::size_t>(k_rows), WarpBanks{});
  for (int k = 0; k < k_rows; ++k) {
    b.per_k_block[static_cast<std::size_t>(k)].warp = -1;
    b.per_k_block[static_cast<std::size_t>(k)].k_block = epilogue ? -1 : k;
  }
  const auto add = [](WarpBanks& to, const WarpBanks& r) {
    to.instructions += r.instructions;
    to.wavefronts += r.wavefronts;
    to.ideal += r.ideal;
    to.conflicts += r.conflicts;
    to.misaligned += r.misaligned;
  };
  WarpBanks total;
  for (const WarpBanks& r : b.rows) {
    add(b.per_k_block[static_cast<std::size_t>(r.k_block < 0 ? 0 : r.k_block)], r);
    add(total, r);
  }
  b.instructions = total.instructions;
  b.wavefronts = total.wavefronts;
  b.ideal = total.ideal;
  b.conflicts = total.conflicts;
  b.misaligned = total.misaligned;
}

std::string bank_count_cell(const WarpBanks& r, int value) {
  return bank_row_counted(r) ? std::to_string(value) : "-";
}

const char* const kMisalignedNote =
    "misaligned: copy instructions where some lane's shared-memory address is not a multiple of its "
    "access size; such an instruction faults (misaligned address) instead of running, so it has no "
    "wavefronts: a row with any is not counted (shown as -)";

}  // namespace fragviz::tile
