#include "derived.hpp"

#include <algorithm>
#include <cmath>

#include "fragviz/device.hpp"
#include "fragviz/element_codec.hpp"
#include "fragviz/mma_probe.hpp"

namespace fragviz::app {

namespace {

OperandTable make_operand(const Instruction& in, Operand op) {
  OperandTable t;
  t.operand = op;
  t.type = operand_spec(in, op).type;
  t.rows = operand_rows(in, op);
  t.cols = operand_cols(in, op);
  t.products = in.products;
  t.per_lane = elements_per_lane(in, op);
  t.registers = registers_per_lane(in, op);
  t.words = words_per_lane(in, op);
  t.owner.assign(static_cast<std::size_t>(t.rows * t.cols * t.products), Owner{-1, -1});
  for (int lane = 0; lane < kWarpSize; ++lane) {
    t.lane_cells[static_cast<std::size_t>(lane)].resize(static_cast<std::size_t>(t.per_lane));
    for (int e = 0; e < t.per_lane; ++e) {
      const Coord c = fragment_coord(in, op, lane, e);
      t.lane_cells[static_cast<std::size_t>(lane)][static_cast<std::size_t>(e)] = c;
      t.owner[static_cast<std::size_t>(t.cell(c))] = Owner{lane, e};
    }
  }
  t.load = fragment_load(in, op);
  if (!t.load) t.no_load = no_ldmatrix_reason(in, op);
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
  // The registers the tensor-core probe feeds in its first label pass of this operand (digit 0 of
  // every slot's label, slot + 1, in the probe's digit width), packed by the probe's own packing:
  // the one encoding the inspector shows (gpu/model/mma_probe.cpp, plan_mma_probe).
  if (op != Operand::C) {
    const int slots = in.threads * t.per_lane;
    t.label_digit_bits = label_digit_bits(t.type);
    int bits = 0;
    for (unsigned v = static_cast<unsigned>(slots); v; v >>= 1) ++bits;
    t.label_digits = t.label_digit_bits > 0 ? (bits + t.label_digit_bits - 1) / t.label_digit_bits : 0;
    const std::uint64_t mask = (1ull << t.label_digit_bits) - 1;
    std::vector<std::uint64_t> cells(t.owner.size(), 0);
    for (std::size_t cell = 0; cell < t.owner.size(); ++cell) {
      const Owner ow = t.owner[cell];
      if (ow.lane < 0) continue;
      const long label = probe_label(t, ow.lane, ow.element);
      cells[cell] =
          encode_element(t.type, static_cast<double>(static_cast<std::uint64_t>(label) & mask)).value_or(0);
    }
    t.probe_words = pack_operand(in, op, cells);
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
  d.instr = &c.instr();
  for (Operand op : {Operand::A, Operand::B, Operand::C})
    d.operands[static_cast<std::size_t>(op)] = make_operand(*d.instr, op);
  d.has_ldmatrix_form = d.op(Operand::A).load || d.op(Operand::B).load;
  if (!d.has_ldmatrix_form) d.no_ldmatrix = no_ldmatrix_reason(*d.instr, Operand::A);
  d.ldmatrix = make_ldmatrix(c.ldmatrix());
  d.unpadded = make_banks(c.ldmatrix(), c.unpadded_tile());
  d.padded = make_banks(c.ldmatrix(), c.tile());
  return d;
}

MeasuredTable compute_measured(const Derived& d, std::shared_ptr<const ProbeReport> report) {
  MeasuredTable m;
  m.report = std::move(report);
  const std::vector<Instruction>& cat = catalogue();
  m.catalogue.assign(cat.size(), MeasuredTable::Entry{});
  for (std::size_t i = 0; i < 3; ++i) {
    const OperandTable& t = d.operands[i];
    m.ip_slot[i].assign(static_cast<std::size_t>(kWarpSize * t.per_lane), -1);
    m.fp_slot[i].assign(static_cast<std::size_t>(kWarpSize * t.per_lane), -1);
    m.cell_state[i].assign(t.owner.size(), 0);
  }
  if (!m.report) return m;
  const ProbeReport& r = *m.report;

  // Catalogue summary: one entry per mnemonic the report probed through the tensor core.
  for (const InstructionProbe& p : r.instructions) {
    const int i = catalogue_index(find_instruction(p.mnemonic));
    if (i < 0) continue;
    MeasuredTable::Entry& e = m.catalogue[static_cast<std::size_t>(i)];
    ++m.in_report;
    if (!p.ran) {
      e.state = MeasuredTable::Entry::State::skipped;
      e.detail = p.skipped.empty() ? "not run" : p.skipped;
      ++m.skipped;
      continue;
    }
    ++m.measured;
    const int bad = p.mismatches();
    if (bad == 0 && p.tile_exact) {
      e.state = MeasuredTable::Entry::State::matched;
      e.detail = "all " + std::to_string(p.elements.size()) + " elements match, tile exact";
      ++m.matched;
    } else {
      e.state = MeasuredTable::Entry::State::differs;
      e.detail = bad ? std::to_string(bad) + " of " + std::to_string(p.elements.size()) + " elements differ"
                     : "tile not exact: " + p.tile_detail;
    }
  }

  // The selected instruction's checks, indexed by slot.
  const std::string mnemonic = d.instr->mnemonic;
  for (const InstructionProbe& p : r.instructions)
    if (p.mnemonic == mnemonic && p.ran) m.instruction = &p;
  for (const FragmentProbe& f : r.fragments)
    if (f.mnemonic == mnemonic && f.ran) m.fragment = &f;
  auto index = [&](const std::vector<ElementCheck>& el, std::array<std::vector<int>, 3>& idx) {
    for (std::size_t i = 0; i < el.size(); ++i) {
      const ElementCheck& e = el[i];
      const OperandTable& t = d.op(e.operand);
      if (e.lane < 0 || e.lane >= kWarpSize || e.element < 0 || e.element >= t.per_lane) continue;
      idx[static_cast<std::size_t>(e.operand)][static_cast<std::size_t>(e.lane * t.per_lane + e.element)] =
          static_cast<int>(i);
    }
  };
  if (m.instruction) index(m.instruction->elements, m.ip_slot);
  if (m.fragment) index(m.fragment->elements, m.fp_slot);
  for (std::size_t o = 0; o < 3; ++o) {
    const OperandTable& t = d.operands[o];
    for (std::size_t cell = 0; cell < t.owner.size(); ++cell) {
      const Owner ow = t.owner[cell];
      if (ow.lane < 0) continue;
      const int slot = ow.lane * t.per_lane + ow.element;
      std::uint8_t state = 0;
      const ElementCheck* ip = m.ip_check(t.operand, slot);
      const ElementCheck* fp = m.fp_check(t.operand, slot);
      if (ip) {
        ++m.ip_checked;
        m.ip_differing += ip->match() ? 0 : 1;
      }
      if (fp) {
        ++m.fp_checked;
        m.fp_differing += fp->match() ? 0 : 1;
      }
      for (const ElementCheck* e : {ip, fp})
        if (e) state = !e->match() ? 2 : state == 0 ? 1 : state;
      m.cell_state[o][cell] = state;
    }
  }
  return m;
}

std::string no_ldmatrix_reason(const Instruction& in, Operand op) {
  if (op == Operand::C) return "C/D lives in registers: mma reads C and writes D, no ldmatrix";
  if (in.products > 1) return "no ldmatrix form for this operand (m8n8k4: four quad-pair products)";
  const int bits = element_bits(operand_spec(in, op).type);
  if (bits == 16) return "no ldmatrix form for this operand (16-bit elements in another layout)";
  return "no ldmatrix form for this operand (" + std::to_string(bits) + "-bit elements)";
}

std::string run_status(const AppState& s, const Instruction& in) {
  return run_status_text(built_with_cuda(), s.device_known, s.device, s.report && s.report->has_probe, in);
}

}  // namespace fragviz::app
