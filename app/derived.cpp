#include "derived.hpp"

#include <algorithm>
#include <cmath>

#include "fragviz/device/device.hpp"
#include "fragviz/isa/element_codec.hpp"
#include "fragviz/probe/mma_probe.hpp"
#include "fragviz/viewmodel/tile_units.hpp"

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
  t.owner = owner_table(in, op);
  for (int lane = 0; lane < kWarpSize; ++lane) {
    t.lane_cells[static_cast<std::size_t>(lane)].resize(static_cast<std::size_t>(t.per_lane));
    for (int e = 0; e < t.per_lane; ++e)
      t.lane_cells[static_cast<std::size_t>(lane)][static_cast<std::size_t>(e)] =
          fragment_coord(in, op, lane, e);
  }
  t.load = fragment_load(in, op);
  if (!t.load) t.no_load = ldmatrix_problem(in, op);
  t.address_lane.assign(t.owner.size(), -1);
  if (t.load) {
    // A row address covers 16 bytes of its stored row: the lane whose row start covers each cell.
    const FragmentLoad& l = *t.load;
    for (int lane = 0; lane < address_lanes(l.config.num); ++lane) {
      const Coord a = address_byte(l, lane);
      for (int k = 0; k < row_elements(l); ++k) {
        const Coord c = operand_cell(l, Coord{a.row, a.col * 8 / l.element_bits + k});
        if (c.row < t.rows && c.col < t.cols) t.address_lane[static_cast<std::size_t>(t.cell(c))] = lane;
      }
    }
  }
  // The registers the tensor-core probe feeds in its first label pass of this operand (digit 0 of
  // every slot's label, slot + 1, in the probe's digit width), packed by the probe's own packing:
  // the one encoding the inspector shows (model/probe/mma_probe.cpp, plan_mma_probe).
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

BankTable make_banks(const Instruction& in, LdmatrixConfig cfg, const TileGeometry& tile) {
  BankTable b;
  b.tile = tile;
  // Messages in the unit the Controls view shows the tile in (bytes for s8, halves for f16).
  const TileUnit unit = tile_field_unit(in.a.type);
  b.report = analyze_ldmatrix(cfg, tile, unit);
  // The instruction's own loads (bank_lines.hpp: the export counts the same).
  b.operand_loads = bank_operand_loads(in, tile, unit);
  // The words as 128-byte lines (bank_lines.hpp: the export draws the same).
  BankLines lines = bank_lines(b.report);
  b.lines = lines.lines;
  b.words = std::move(lines.words);
  return b;
}

}  // namespace

Derived compute_derived(const Controls& c) {
  Derived d;
  d.key = c;
  d.instr = &c.instr();
  for (Operand op : {Operand::A, Operand::B, Operand::C})
    d.operands[static_cast<std::size_t>(op)] = make_operand(*d.instr, op);
  const std::optional<std::string> none = no_ldmatrix_form(*d.instr);  // the ldmatrix export's words too
  d.has_ldmatrix_form = !none;
  d.no_ldmatrix = none.value_or("");
  d.ldmatrix = make_ldmatrix(*d.instr, c.ldmatrix());
  d.unpadded = make_banks(*d.instr, c.ldmatrix(), c.unpadded_tile());
  d.padded = make_banks(*d.instr, c.ldmatrix(), c.tile());
  return d;
}

MeasuredTable compute_measured(const Derived& d, std::shared_ptr<const ProbeReport> report) {
  MeasuredTable m;
  static_cast<FragmentsMeasured&>(m) = fragments_measured(*d.instr, report.get());
  m.report = std::move(report);
  const std::vector<Instruction>& cat = catalogue();
  m.catalogue.assign(cat.size(), MeasuredTable::Entry{});
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

  // An entry the tensor core matched but whose run through ldmatrix differs is marked so.
  for (const LdmatrixFedProbe& p : r.through_ldmatrix) {
    const int i = catalogue_index(find_instruction(p.mnemonic));
    if (i < 0 || !p.ran) continue;
    MeasuredTable::Entry& e = m.catalogue[static_cast<std::size_t>(i)];
    const int bad = p.mismatches();
    if (e.state != MeasuredTable::Entry::State::matched || (bad == 0 && p.mma.tile_exact)) continue;
    e.state = MeasuredTable::Entry::State::differs;
    e.detail = "through ldmatrix: " + (bad ? std::to_string(bad) + " elements differ" : "tile not exact");
    --m.matched;
  }

  return m;
}

std::uint32_t tile_byte(const TileGeometry& tile, int row, int byte) {
  // The swizzle moves whole 16-byte chunks: the byte keeps its place inside its half.
  return byte_offset(tile, Coord{row, byte / kHalfBytes}) + static_cast<std::uint32_t>(byte % kHalfBytes);
}

std::string run_status(const AppState& s, const Instruction& in) {
  return run_status_text(built_with_cuda(), s.device_known, s.device, shown_report_label(s, in), in);
}

}  // namespace fragviz::app
