// Re-proving a loaded report (report_checks.hpp).
#include "report_checks.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "fragviz/gate/gate_host.hpp"
#include "fragviz/gate/user_kernel.hpp"
#include "fragviz/probe/ldmatrix_feed.hpp"
#include "fragviz/probe/probe_decode.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz {
namespace {

void require(bool ok, const std::string& what) {
  if (!ok) throw std::runtime_error(what);
}

bool inside(const Coord& c, int rows, int cols, int products = 1) {
  return c.row >= 0 && c.row < rows && c.col >= 0 && c.col < cols && c.product >= 0 && c.product < products;
}

/// Every element list of one instruction: one entry per (operand, lane, element), each expected
/// cell the catalogue's (a file may not redefine the model, or an edited report could turn a
/// mismatch into a match), each measured cell inside its operand.
void check_elements(const Instruction& in, const std::vector<ElementCheck>& elements,
                    const std::string& where) {
  std::size_t expected_count = 0;
  for (Operand op : {Operand::A, Operand::B, Operand::C})
    expected_count += static_cast<std::size_t>(in.threads * elements_per_lane(in, op));
  require(elements.size() == expected_count,
          where + ": " + in.mnemonic + " needs " + plural(static_cast<long long>(expected_count), "element"));
  std::set<std::tuple<int, int, int>> seen;
  for (std::size_t i = 0; i < elements.size(); ++i) {
    const ElementCheck& e = elements[i];
    const std::string at_i = where + ": " + in.mnemonic + " elements[" + std::to_string(i) + "]";
    const int rows = operand_rows(in, e.operand), cols = operand_cols(in, e.operand);
    require(e.lane >= 0 && e.lane < in.threads, at_i + ": lane out of range");
    require(e.element >= 0 && e.element < elements_per_lane(in, e.operand), at_i + ": element out of range");
    require(inside(e.expected, rows, cols, in.products), at_i + ": expected cell outside the operand");
    require(!e.measured || inside(*e.measured, rows, cols, in.products),
            at_i + ": measured cell " + format_coord(e.measured) + " outside the operand");
    require(e.expected == fragment_coord(in, e.operand, e.lane, e.element),
            where + ": expected cell is not the PTX table's for " + std::string(to_string(e.operand)) +
                " lane " + std::to_string(e.lane) + " element " + std::to_string(e.element));
    require(seen.insert({static_cast<int>(e.operand), e.lane, e.element}).second,
            where + ": an (operand, lane, element) twice");
  }
}

void check_device(const DeviceInfo& d) {
  const std::pair<const char*, long long> figures[] = {{"cc_major", d.cc_major},
                                                       {"cc_minor", d.cc_minor},
                                                       {"driver_version", d.driver_version},
                                                       {"runtime_version", d.runtime_version},
                                                       {"sm_count", d.sm_count},
                                                       {"clock_khz", d.clock_khz}};
  for (const auto& [field, value] : figures)
    require(value >= 0,
            std::string("device.") + field + " is " + std::to_string(value) + " (a negative figure)");
}

/// "error" and "error_kind" say the same thing: a kind exactly when there is a message.
void check_error(const Error& error, const std::string& where) {
  require((error.kind == ErrorKind::none) == error.message.empty(),
          where + ".error_kind is \"" + std::string(to_string(error.kind)) + "\" but " + where +
              ".error is " + (error.message.empty() ? "empty" : "\"" + error.message + "\""));
}

std::string at(const std::string& list, std::size_t i) { return list + "[" + std::to_string(i) + "]"; }

bool same_tile(const TileGeometry& a, const TileGeometry& b) {
  return a.width_halves == b.width_halves && a.pad_halves == b.pad_halves && a.rows == b.rows &&
         a.swizzle == b.swizzle;
}
bool same_config(LdmatrixConfig a, LdmatrixConfig b) { return a.num == b.num && a.trans == b.trans; }

/// A tile the report says was loaded: inside the one tile range (banks.hpp) and legal for `c`.
void check_loaded_tile(const TileGeometry& t, LdmatrixConfig c, const std::string& where) {
  if (auto why = tile_range_problem(t)) require(false, where + ": " + *why);
  if (auto why = validate(t, c)) require(false, where + " ran on a geometry the model refuses: " + *why);
}

/// A probe's "tile_exact" and "tile_detail" agree: a first mismatch is named exactly when the tile
/// was not exact, and a probe that did not run has neither.
void check_tile_verdict(bool ran, bool tile_exact, const std::string& tile_detail, const std::string& where) {
  if (!ran) {
    require(!tile_exact && tile_detail.empty(),
            where + " did not run but has a tile verdict (tile_exact, tile_detail)");
    return;
  }
  require(tile_exact == tile_detail.empty(),
          tile_exact ? where + ".tile_exact is true but tile_detail names a mismatch: \"" + tile_detail + "\""
                     : where + ".tile_exact is false but tile_detail names no mismatch");
}

/// The explorer's measured cells are what its raw registers decode to (decode_explorer_value over
/// its tile): the registers are the measurement, the cells only their reading.
void check_explorer_cells(const LdmatrixProbe& l) {
  for (std::size_t i = 0; i < l.elements.size(); ++i) {
    const LdmatrixCheck& e = l.elements[i];
    const std::uint32_t reg = l.registers[static_cast<std::size_t>(e.lane)][static_cast<std::size_t>(e.reg)];
    const std::optional<Coord> decoded = decode_explorer_value(l.tile, register_half(reg, e.half));
    require(decoded == e.measured, at("ldmatrix.elements", i) + ".measured is " + format_coord(e.measured) +
                                       " but ldmatrix.registers[" + std::to_string(e.lane) + "][" +
                                       std::to_string(e.reg) + "] half " + std::to_string(e.half) +
                                       " decodes to " + format_coord(decoded));
  }
}

/// An ldmatrix-loaded fragment probe's measured cells are what its raw values decode to: A and B
/// halves with decode_fragment_value, C/D floats with decode_accumulator_value.
void check_fragment_cells(const Instruction& in, const FragmentProbe& f, std::size_t index) {
  for (std::size_t i = 0; i < f.elements.size(); ++i) {
    const ElementCheck& e = f.elements[i];
    const std::string where = at(at("fragments", index) + ".elements", i);
    std::optional<Coord> decoded;
    if (e.operand == Operand::C) {
      decoded = decode_accumulator_value(e.raw);
    } else {
      require(e.raw <= 0xFFFFu,
              where + ".raw must be a 16-bit pattern for operand " + std::string(to_string(e.operand)));
      decoded = decode_fragment_value(in, e.operand, static_cast<std::uint16_t>(e.raw));
    }
    require(decoded == e.measured, where + ".measured is " + format_coord(e.measured) +
                                       " but its raw value " + std::to_string(e.raw) + " decodes to " +
                                       format_coord(decoded));
  }
}

/// A tensor-core probe's A and B cells are what its raw labels say (mma_probe.hpp): each element's
/// `raw` is the label read at its expected cell, label s + 1 naming slot s = lane * per_lane +
/// element; so the labels of all elements place every label, and an element's measured cell is the
/// one cell holding its label (none when its label is seen in no cell or in two). A file cannot
/// turn a mismatch into a match by editing `measured` or `raw` alone. C/D cells are named by
/// one-hot passes the file does not keep (its raw is one pass's value): not recomputable here.
void check_instruction_cells(const Instruction& in, const InstructionProbe& p, const std::string& list) {
  for (Operand op : {Operand::A, Operand::B}) {
    const int per_lane = elements_per_lane(in, op);
    const std::size_t slots = static_cast<std::size_t>(in.threads * per_lane);
    // Cells known from the file: each element's expected cell holds its raw label.
    std::map<std::tuple<int, int, int>, std::uint32_t> label_at;
    for (const ElementCheck& e : p.elements)
      if (e.operand == op) label_at[{e.expected.product, e.expected.row, e.expected.col}] = e.raw;
    const bool every_cell_known =
        label_at.size() ==
        static_cast<std::size_t>(operand_rows(in, op) * operand_cols(in, op) * std::max(1, in.products));
    std::vector<int> seen(slots, 0);
    std::vector<Coord> where(slots);
    for (const auto& [cell, label] : label_at) {
      if (label < 1 || label > slots) continue;
      if (seen[label - 1]++ == 0)
        where[label - 1] = Coord{std::get<1>(cell), std::get<2>(cell), std::get<0>(cell)};
    }
    for (std::size_t i = 0; i < p.elements.size(); ++i) {
      const ElementCheck& e = p.elements[i];
      if (e.operand != op) continue;
      const std::size_t s = static_cast<std::size_t>(e.lane * per_lane + e.element);
      std::optional<Coord> from_labels;
      if (seen[s] == 1) from_labels = where[s];
      // With cells the file does not cover, a label may sit in one of them: only a measured cell
      // the file covers can be judged then.
      const bool judged =
          every_cell_known || from_labels ||
          (e.measured && label_at.count({e.measured->product, e.measured->row, e.measured->col}));
      if (!judged) continue;
      require(from_labels == e.measured, at(list + ".elements", i) + ".measured is " +
                                             format_coord(e.measured) + " but the raw labels put " +
                                             std::string(to_string(op)) + " lane " + std::to_string(e.lane) +
                                             " element " + std::to_string(e.element) + "'s label (" +
                                             std::to_string(s + 1) + ") " +
                                             (from_labels    ? "at " + format_coord(from_labels)
                                              : seen[s] == 0 ? std::string("in no cell")
                                                             : "in " + std::to_string(seen[s]) + " cells"));
    }
  }
}

/// A through-ldmatrix probe's received bytes: one row per element of each operand the model loads
/// (fragment_load), the PTX table's cell expected, and the measured cell what its raw label (the
/// stored byte the register byte came from) names in the probe's stored image (decode_feed_label).
/// Addresses of a loaded operand lie on 16-byte row starts inside its image; the other's are 0.
void check_fed_probe(const Instruction& in, const LdmatrixFedProbe& p, std::size_t index) {
  const std::string where = at("through_ldmatrix", index);
  require(feed_problem(in).empty(), where + ": " + in.mnemonic + " has no ldmatrix form, yet it ran");
  std::size_t expected = 0;
  std::set<std::tuple<int, int, int>> seen;
  for (Operand op : {Operand::A, Operand::B}) {
    const FeedOperand o = feed_operand(in, op);
    const auto& addresses = op == Operand::A ? p.a_addresses : p.b_addresses;
    for (std::uint32_t a : addresses)
      require(
          o.load ? a % 16 == 0 && a < static_cast<std::uint32_t>(o.image_bytes) : a == 0,
          where + "." + (op == Operand::A ? "a" : "b") + "_addresses: " + std::to_string(a) +
              (o.load ? " is no row start inside the stored operand" : " for an operand fed from registers"));
    if (o.load) expected += static_cast<std::size_t>(in.threads * elements_per_lane(in, op));
    for (std::size_t i = 0; i < p.bytes.size(); ++i) {
      const ElementCheck& e = p.bytes[i];
      if (e.operand != op) continue;
      const std::string at_i = at(where + ".bytes", i);
      require(o.load.has_value(),
              at_i + ": operand " + std::string(to_string(op)) + " is not loaded with ldmatrix");
      require(e.lane >= 0 && e.lane < in.threads && e.element >= 0 && e.element < elements_per_lane(in, op),
              at_i + ": lane or element out of range");
      require(e.expected == fragment_coord(in, op, e.lane, e.element),
              at_i + ": expected cell is not the PTX table's");
      require(seen.insert({static_cast<int>(op), e.lane, e.element}).second, at_i + ": an element twice");
      const std::optional<Coord> decoded = decode_feed_label(o, e.raw, register_slot(in, op, e.element).bit);
      require(decoded == e.measured, at_i + ".measured is " + format_coord(e.measured) +
                                         " but its stored byte " + std::to_string(e.raw) + " names " +
                                         format_coord(decoded));
    }
  }
  for (const ElementCheck& e : p.bytes)
    require(e.operand != Operand::C, where + ".bytes: C/D is never loaded with ldmatrix");
  require(p.bytes.size() == expected,
          where + ".bytes: " + in.mnemonic + " loads " + plural(static_cast<long long>(expected), "element"));
  check_elements(in, p.mma.elements, where);
  check_instruction_cells(in, p.mma, where);
}

/// Every figure of the cycles table the model can compute is recomputed: predicted_wavefronts from
/// the row's instruction and tile (a file may not redefine the model's prediction), and
/// measured_wavefronts from the row's addresses. Version 1 rows have no addresses except the
/// explorer's (ldmatrix.addresses): the others stay marked not recomputable (CyclesRow::addresses).
void check_cycles(ProbeReport& r, int version) {
  const LdmatrixProbe& l = r.ldmatrix;
  // The user's own request is the table's last row whenever the explorer ran (gpu/cuda/probes.cpp).
  if (r.request.cycles_table && l.ran && !r.cycles.empty()) {
    CyclesRow& last = r.cycles.back();
    const std::string where = at("cycles", r.cycles.size() - 1);
    require(same_config(last.config, l.config) && same_tile(last.tile, l.tile),
            where + ": the last row must be the explorer's own ldmatrix and tile");
    if (version < 2) {
      last.addresses = l.addresses;
    } else {
      require(last.addresses == l.addresses,
              where + ".addresses differ from ldmatrix.addresses (the same load)");
      require(last.cycles_per_instruction == l.cycles_per_instruction,
              where + ".cycles_per_instruction differs from ldmatrix.cycles_per_instruction (the same load)");
    }
  }
  for (std::size_t i = 0; i < r.cycles.size(); ++i) {
    const CyclesRow& c = r.cycles[i];
    const std::string where = at("cycles", i);
    require(c.cycles_per_instruction >= 0 && c.predicted_wavefronts >= 0 && c.measured_wavefronts >= 0,
            where + ": negative figure");
    check_loaded_tile(c.tile, c.config, where);
    const int predicted = analyze_ldmatrix(c.config, c.tile).wavefronts;
    require(c.predicted_wavefronts == predicted,
            where + ".predicted_wavefronts is " + std::to_string(c.predicted_wavefronts) +
                " but the model predicts " + plural(predicted, "wavefront"));
    if (!c.addresses) continue;  // version 1: marked not recomputable
    const int measured = analyze_addresses(c.config, *c.addresses).wavefronts;
    require(c.measured_wavefronts == measured,
            where + ".measured_wavefronts is " + std::to_string(c.measured_wavefronts) +
                " but its addresses give " + plural(measured, "wavefront"));
  }
}

}  // namespace

void check_probe(ProbeReport& r, int version) {
  check_device(r.device);
  if (!r.device.present) {
    bool ran = r.ldmatrix.ran;
    for (const FragmentProbe& f : r.fragments) ran = ran || f.ran;
    for (const InstructionProbe& p : r.instructions) ran = ran || p.ran;
    for (const LdmatrixFedProbe& p : r.through_ldmatrix) ran = ran || p.ran;
    require(!ran, "probe: device.present is false but probes ran (a run needs a device)");
  }
  check_error(r.error, "probe");
  require(r.cuda_init_ms >= 0 && r.probe_ms >= 0 && r.ldmatrix.cycles_per_instruction >= 0,
          "probe: negative time");
  // The one tile range (banks.hpp) holds for every tile a report names, run or not: the CLI and
  // the app read the same file the same way, and no view is shown a tile it cannot draw.
  if (auto why = tile_range_problem(r.request.tile)) require(false, "probe.request.tile: " + *why);
  if (auto why = tile_range_problem(r.ldmatrix.tile)) require(false, "probe.ldmatrix.tile: " + *why);
  const LdmatrixProbe& l = r.ldmatrix;
  if (l.ran) {
    check_loaded_tile(l.tile, l.config, "ldmatrix");
    if (auto plan = plan_explorer(l.config, l.tile); !plan)
      require(false, "ldmatrix ran on a tile the probe refuses: " + plan.error.message);
    require(l.elements.size() == static_cast<std::size_t>(kWarpSize * matrices(l.config.num) * 2),
            "ldmatrix.elements: expected 32 lanes x .num registers x 2 halves");
    std::set<std::tuple<int, int, int>> seen;
    for (const LdmatrixCheck& e : l.elements) {
      require(e.lane >= 0 && e.lane < kWarpSize, "ldmatrix.elements: lane out of range");
      require(e.reg >= 0 && e.reg < matrices(l.config.num), "ldmatrix.elements: register out of range");
      require(e.half == 0 || e.half == 1, "ldmatrix.elements: half must be 0 or 1");
      require(inside(e.expected, l.tile.rows, l.tile.width_halves),
              "ldmatrix.elements: expected cell outside the tile");
      require(!e.measured || inside(*e.measured, l.tile.rows, l.tile.width_halves),
              "ldmatrix.elements: measured cell outside the tile");
      // "expected" is the model's prediction: a file may not redefine it, or an edited report
      // could turn a mismatch into a match.
      const Coord o = explorer_matrix_origin(e.reg), in = ldmatrix_element(l.config.trans, e.lane, e.half);
      require(e.expected == Coord{o.row + in.row, o.col + in.col},
              "ldmatrix.elements: expected cell is not the model's for lane " + std::to_string(e.lane));
      require(seen.insert({e.lane, e.reg, e.half}).second,
              "ldmatrix.elements: a (lane, register, half) twice");
    }
    check_explorer_cells(l);
  } else {
    require(l.elements.empty(), "ldmatrix did not run but lists elements");
  }
  for (std::size_t i = 0; i < r.fragments.size(); ++i) {
    const FragmentProbe& f = r.fragments[i];
    const Instruction* in = find_instruction(f.mnemonic);
    require(in != nullptr,
            at("fragments", i) + ".mnemonic: unknown instruction \"" + echo_text(f.mnemonic) + "\"");
    // The seed's fragment kernel: 16-bit A and B, both loaded with ldmatrix (its values are halves).
    require(
        fragment_load(*in, Operand::A) && fragment_load(*in, Operand::B) && element_bits(in->a.type) == 16,
        "fragments: " + f.mnemonic + " has no 16-bit ldmatrix fragment load");
    if (f.ran) {
      check_elements(*in, f.elements, "fragments");
      check_fragment_cells(*in, f, i);
    } else {
      require(f.elements.empty(), "fragments: " + f.mnemonic + " did not run but lists elements");
    }
    check_tile_verdict(f.ran, f.tile_exact, f.tile_detail, at("fragments", i));
  }
  std::set<std::string> probed;
  for (std::size_t i = 0; i < r.instructions.size(); ++i) {
    const InstructionProbe& p = r.instructions[i];
    const Instruction* in = find_instruction(p.mnemonic);
    require(in != nullptr,
            at("instructions", i) + ".mnemonic: unknown instruction \"" + echo_text(p.mnemonic) + "\"");
    require(probed.insert(p.mnemonic).second, "instructions: " + p.mnemonic + " twice");
    require(p.passes >= 0, "instructions: negative pass count");
    if (p.ran) {
      check_elements(*in, p.elements, "instructions");
      check_instruction_cells(*in, p, at("instructions", i));
    } else
      require(p.elements.empty(), "instructions: " + p.mnemonic + " did not run but lists elements");
    check_tile_verdict(p.ran, p.tile_exact, p.tile_detail, at("instructions", i));
  }
  std::set<std::string> fed;
  for (std::size_t i = 0; i < r.through_ldmatrix.size(); ++i) {
    const LdmatrixFedProbe& p = r.through_ldmatrix[i];
    const Instruction* in = find_instruction(p.mnemonic);
    require(in != nullptr,
            at("through_ldmatrix", i) + ".mnemonic: unknown instruction \"" + echo_text(p.mnemonic) + "\"");
    require(fed.insert(p.mnemonic).second, "through_ldmatrix: " + p.mnemonic + " twice");
    require(p.mma.passes >= 0, "through_ldmatrix: negative pass count");
    if (p.ran)
      check_fed_probe(*in, p, i);
    else
      require(p.bytes.empty() && p.mma.elements.empty(),
              "through_ldmatrix: " + p.mnemonic + " did not run but lists elements");
    check_tile_verdict(p.ran, p.mma.tile_exact, p.mma.tile_detail, at("through_ldmatrix", i));
  }
  check_cycles(r, version);
}

namespace {

/// Row-major position of a mismatch in an n x n output.
std::uint64_t linear(const Mismatch& m, int n) {
  return static_cast<std::uint64_t>(m.row) * static_cast<std::uint64_t>(n) +
         static_cast<std::uint64_t>(m.col);
}

/// The rates follow from n and the times as the gate computes them (gpu/cuda/gate_run.cu): GFLOP/s
/// = 2 n^3 / (ms * 1e6), 0 for a time of 0, and ratio_to_cublas = cublas_ms / kernel_ms. Compared
/// to a relative 1e-9, the rounding of another compiler's arithmetic, so an edited figure shows.
void check_gate_rates(const GateReport& g) {
  const double n = g.request.n, flop = 2.0 * n * n * n;
  const auto close = [](double a, double b) {
    return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b));
  };
  const auto say = [](double v) {
    std::ostringstream o;
    o.precision(10);
    o << v;
    return o.str();
  };
  const double gflops = g.kernel_ms > 0 ? flop / (g.kernel_ms * 1e6) : 0;
  require(close(g.gflops, gflops), "gate.gflops is " + say(g.gflops) +
                                       " but n = " + std::to_string(g.request.n) + " in " + say(g.kernel_ms) +
                                       " ms is " + say(gflops) + " GFLOP/s");
  const double cublas_gflops = g.cublas_ms > 0 ? flop / (g.cublas_ms * 1e6) : 0;
  require(close(g.cublas_gflops, cublas_gflops),
          "gate.cublas_gflops is " + say(g.cublas_gflops) + " but n = " + std::to_string(g.request.n) +
              " in " + say(g.cublas_ms) + " ms is " + say(cublas_gflops) + " GFLOP/s");
  const double ratio = g.kernel_ms > 0 ? g.cublas_ms / g.kernel_ms : 0;
  require(close(g.ratio_to_cublas, ratio), "gate.ratio_to_cublas is " + say(g.ratio_to_cublas) +
                                               " but cublas_ms / kernel_ms is " + say(ratio));
}

}  // namespace

void check_gate(const GateReport& g) {
  check_device(g.device);
  check_error(g.error, "gate");
  // A version 1 message's kind is unrecorded; every other kind says whether the run was cancelled.
  if (g.error.kind != ErrorKind::unrecorded)
    require(g.cancelled == (g.error.kind == ErrorKind::cancelled),
            "gate.cancelled disagrees with gate.error_kind \"" + std::string(to_string(g.error.kind)) + "\"");
  require(g.kernel_ms >= 0 && g.gflops >= 0 && g.cublas_ms >= 0 && g.cublas_gflops >= 0 &&
              g.ratio_to_cublas >= 0 && g.verdict_ms >= 0 && g.spot_checks >= 0 &&
              g.spot_check_failures >= 0 && g.spot_check_failures <= g.spot_checks,
          "gate: negative or inconsistent figure");
  require(g.resources.registers >= 0 && g.resources.static_shared_bytes >= 0 &&
              g.resources.dynamic_shared_bytes >= 0 && g.resources.local_bytes >= 0,
          "gate: negative resource figure");
  require(g.request.kernel.has_value() == (g.request.variant == GateVariant::user_kernel),
          g.request.kernel ? "gate.request.kernel is given but the variant is not user-kernel"
                           : "gate.request.variant is user-kernel but gate.request.kernel is missing");
  if (!g.ran) {
    // A refusal records the request as asked, whatever it was; it must say why it did not run.
    require(!g.error.message.empty(), "gate did not run but gives no error");
    return;
  }
  if (g.request.kernel) {
    const Dim3& b = g.request.kernel->block;
    const Dim3& gr = g.request.kernel->grid;
    require(b.x >= 1 && b.y >= 1 && b.z >= 1 && b.count() <= 1024 && gr.x >= 1 && gr.y >= 1 && gr.z >= 1 &&
                g.request.kernel->dynamic_smem_bytes >= 0,
            "gate.request.kernel: a launch no GPU runs (block of 1 to 1024 threads, grid >= 1, smem >= 0)");
  }
  if (auto why = gate_size_problem(g.request.n, 0, g.request.variant))
    require(false, "gate ran at an impossible size: " + *why);
  require(g.device.present, "gate ran but gate.device.present is false (a run needs a device)");
  require(g.request.timed_runs >= 1, "gate ran but gate.request.timed_runs is " +
                                         std::to_string(g.request.timed_runs) + " (at least 1)");
  require(g.kernel_ms > 0, "gate ran but gate.kernel_ms is 0 (a timed kernel takes time)");
  check_gate_rates(g);
  // The limits of every GPU (CUDA C++ Programming Guide, "Technical Specifications per Compute
  // Capability"): 255 registers per thread, 48 KiB of static and 227 KiB of dynamic shared memory
  // per block, 512 KiB of local memory per thread.
  require(g.resources.registers <= 255, "gate.resources.registers is " +
                                            std::to_string(g.resources.registers) +
                                            " (no GPU gives a thread more than 255)");
  require(g.resources.static_shared_bytes <= 48 * 1024, "gate.resources.static_shared_bytes is " +
                                                            std::to_string(g.resources.static_shared_bytes) +
                                                            " (static shared memory is at most 48 KiB)");
  require(g.resources.dynamic_shared_bytes <= kMaxDynamicSmemOptinBytes,
          "gate.resources.dynamic_shared_bytes is " + std::to_string(g.resources.dynamic_shared_bytes) +
              " (at most 227 KiB on any GPU)");
  require(g.resources.local_bytes <= 512 * 1024, "gate.resources.local_bytes is " +
                                                     std::to_string(g.resources.local_bytes) +
                                                     " (local memory is at most 512 KiB per thread)");
  const int n = g.request.n;
  const std::uint64_t cells = static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n);
  require(g.mismatch_count <= cells, "gate: more mismatches than elements");
  require(g.mismatches.size() <= GateReport::kMaxRecordedMismatches, "gate: too many recorded mismatches");
  require(g.mismatches.size() <= g.mismatch_count, "gate: more recorded mismatches than counted");
  require(g.exact == (g.mismatch_count == 0), "gate: \"exact\" disagrees with the mismatch count");
  require(g.first.has_value() == (g.mismatch_count != 0),
          "gate: \"first\" disagrees with the mismatch count");
  // The run records min(mismatch_count, kMaxRecordedMismatches) mismatches (gpu/cuda/gate_run.cu):
  // all of them, or the first 65536, or (beyond n = 8192) a sample of the device's records.
  const std::uint64_t recorded =
      std::min<std::uint64_t>(g.mismatch_count, GateReport::kMaxRecordedMismatches);
  require(g.mismatches.size() == recorded,
          "gate.mismatches lists " +
              plural(static_cast<long long>(g.mismatches.size()), "mismatch", "mismatches") +
              " but mismatch_count " + std::to_string(g.mismatch_count) + " means " +
              std::to_string(recorded) + std::string(agree(static_cast<long long>(recorded), " is", " are")) +
              " recorded");
  auto in_range = [&](const Mismatch& m) { return m.row >= 0 && m.row < n && m.col >= 0 && m.col < n; };
  require(!g.first || in_range(*g.first), "gate: first mismatch outside the n x n output");
  require(!g.first || g.first->got != g.first->want, "gate.first: got equals want, which is no mismatch");
  for (std::size_t i = 0; i < g.mismatches.size(); ++i) {
    const Mismatch& m = g.mismatches[i];
    require(in_range(m), "gate: recorded mismatch outside the n x n output");
    require(m.got != m.want, at("gate.mismatches", i) + ": got equals want, which is no mismatch");
    require(i == 0 || linear(g.mismatches[i - 1], n) < linear(m, n),
            at("gate.mismatches", i) + " is not after " + at("gate.mismatches", i - 1) +
                " in row-major order (the list is strictly increasing, no duplicates)");
  }
  if (g.first && !g.mismatches.empty()) {
    const Mismatch& f = *g.first;
    const Mismatch& m0 = g.mismatches.front();
    // The first mismatch is the list's first whenever the list holds the first ones (n up to
    // kMaxInOrderListN, or every mismatch recorded); a sample (beyond both) may start later.
    const bool sampled =
        n > GateReport::kMaxInOrderListN && g.mismatch_count > GateReport::kMaxRecordedMismatches;
    const bool same = f.row == m0.row && f.col == m0.col && f.got == m0.got && f.want == m0.want;
    require(sampled ? linear(f, n) <= linear(m0, n) : same,
            sampled ? "gate.first comes after gate.mismatches[0] in row-major order"
                    : "gate.first differs from gate.mismatches[0] (the first recorded mismatch)");
    if (sampled && linear(f, n) == linear(m0, n))
      require(same, "gate.first differs from gate.mismatches[0] at the same element");
  }
}

}  // namespace fragviz
