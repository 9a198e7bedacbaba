// `fragviz-cli banks`: each lane's shared-memory address, its banks, and the wavefronts of one warp's
// ldmatrix / stmatrix / LDS.32/64/128 over a tile.
//
// Two ways in. The row-stride form (`--stride-halves N [--swizzle none|xor]`, the app's tile
// controls) prints what it always printed. Anything else (`--swizzle 'Swizzle<B,M,S>'`, `--layout`,
// `--write-layout`/`--read-layout`, `--lanes`, `--load`, `--stmatrix`, `--at`, `--base`, `--units`,
// `--elem`, `--sm`) goes through the layout model (smem_layout.hpp, lane_pattern.hpp,
// smem_access.hpp). Either way every input is judged before the first line of a table: a refusal
// prints its reasons on standard error and nothing on standard output. `--gate-variant NAME` prints
// the A and B loads of a gate kernel through its own geometry (gate_ladder.hpp).
#include <algorithm>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "banks_export.hpp"
#include "commands.hpp"
#include "fragviz/gate/gate_ladder.hpp"
#include "fragviz/smem/banks.hpp"
#include "fragviz/smem/lane_pattern.hpp"
#include "fragviz/smem/smem_access.hpp"
#include "fragviz/util/words.hpp"
#include "input_path.hpp"
#include "shared_op_options.hpp"

namespace fragviz::cli {
namespace {

struct Opts {
  std::string num = "x4";
  bool trans = false;
  bool stmatrix = false;
  std::string load;
  std::string store;  ///< --store: sts32, sts64 or sts128
  int stride = 0;
  std::string swizzle = "none";
  std::string layout, write_layout, read_layout;
  std::string units = "elements";
  std::string elem = "b16";
  std::string lanes;
  std::string at;
  std::int64_t base = 0;
  int sm = 75;
  std::string gate_variant;
  std::string operand;     ///< with --gate-variant: A, B or empty (both)
  BanksExportOptions exp;  ///< --export FILE [--crop C]: the access's picture too
  // Which options were given (CLI11 counts).
  CLI::Option* stride_opt = nullptr;
  std::vector<CLI::Option*> layout_opts;  ///< any of these given: the layout path
};

/// "row stride 65 halves" refusals of the row-stride form speak of the stride the user gave, never of
/// a tile width or pad they did not give.
int refuse_stride(int stride, const std::string& why) {
  std::cerr << "illegal geometry (row stride " << plural(stride, "half", "halves") << "): " << why << "\n";
  return finish_output(kExitRefused);
}

/// A refused --export or --crop, said before any table.
int refuse_export(const Error& e) {
  std::cerr << "fragviz-cli banks: " << e.message << "\n";
  return finish_output(exit_code_for(e.kind));
}

// [SECTION] the row-stride form (the app's controls) --------------------------------------------------

int run_stride_form(const Opts& o) {
  const LdmatrixConfig c{*parse_num(o.num), o.trans};
  const int stride = o.stride;
  if (stride < kMinTileWidthHalves || stride > kMaxTileStrideHalves)
    return refuse_stride(stride, "fragviz accepts row strides of " + std::to_string(kMinTileWidthHalves) +
                                     " to " + std::to_string(kMaxTileStrideHalves) +
                                     " halves (tile widths of " + std::to_string(kMinTileWidthHalves) +
                                     " to " + std::to_string(kMaxTileWidthHalves) + " plus pads of 0 to " +
                                     std::to_string(kMaxTilePadHalves) + ")");
  if (stride < min_tile_width_halves(c.num))
    return refuse_stride(stride, "ldmatrix ." + std::string(to_string(c.num)) + " reads " +
                                     plural(min_tile_width_halves(c.num), "column") +
                                     " of every row, so the row stride must be at least " +
                                     plural(min_tile_width_halves(c.num), "half", "halves"));
  // The widest tile in range with this stride: banks depend on the stride alone.
  TileGeometry t;
  t.width_halves = std::min(stride, kMaxTileWidthHalves);
  t.pad_halves = stride - t.width_halves;
  t.swizzle = *parse_swizzle(o.swizzle);
  const BankReport r = analyze_ldmatrix(c, t);
  if (r.error) {
    // Refused before any table: name the lanes whose row starts break the rule, if that is the rule.
    std::vector<int> misaligned;
    if (r.addresses_valid)
      for (int lane = 0; lane < address_lanes(c.num); ++lane)
        if (!r.lanes[lane].aligned) misaligned.push_back(lane);
    std::string why = *r.error;
    if (!misaligned.empty())
      why += " (" + lane_list(misaligned) + " would start at byte " +
             std::to_string(r.lanes[misaligned[0]].byte_address) +
             (misaligned.size() > 1 ? " and others" : "") + ", off 16-byte boundaries)";
    return refuse_stride(stride, why);
  }
  // --export: the same tile (16 rows, as the explorer's lanes need) as the app's tile controls draw it.
  std::optional<PreparedExport> picture;
  if (!o.exp.path.empty()) {
    scene::ViewRequest req;
    req.width_halves = t.width_halves;
    req.pad_halves = t.pad_halves;
    req.swizzle = o.swizzle;
    req.ldmatrix = c;
    auto p = prepare_banks_export(o.exp, req);
    if (!p) return refuse_export(p.error);
    picture = std::move(*p.value);
  }
  std::cout << ldmatrix_mnemonic(c) << ", row stride " << plural(t.stride_halves(), "half", "halves") << " ("
            << plural(t.stride_bytes(), "byte") << "), swizzle " << to_string(t.swizzle) << "\n";
  std::cout << "lane  matrix  row  byte_address  banks\n";
  for (int lane = 0; lane < address_lanes(c.num); ++lane) {
    const LaneAddress& l = r.lanes[lane];
    std::cout << std::setw(4) << lane << std::setw(8) << address_matrix(lane) << std::setw(5) << l.logical.row
              << std::setw(14) << l.byte_address << "  " << l.banks[0] << "," << l.banks[1] << ","
              << l.banks[2] << "," << l.banks[3] << "\n";
  }
  for (const PhaseBanks& p : r.phases)
    std::cout << "matrix " << p.matrix << ": " << plural(p.wavefronts, "wavefront") << " ("
              << (p.wavefronts == 1 ? std::string("conflict-free")
                                    : std::to_string(p.wavefronts) + "-way conflict")
              << ")\n";
  std::cout << "total: wavefronts " << r.wavefronts << ", ideal wavefronts " << r.ideal_wavefronts
            << ", bank conflicts " << r.bank_conflicts << "\n";
  return finish_output(picture ? write_banks_export(*picture) : kExitOk);
}

// [SECTION] the layout form ---------------------------------------------------------------------------

/// Prints a refusal of `what` (an option's text) on standard error, with a caret under the column a
/// parse error names, and returns the exit code of its kind.
int refuse(const std::string& option, const std::string& text, const Error& e, int column) {
  std::cerr << "fragviz-cli banks: " << option << ": " << e.message << "\n";
  if (column > 0) print_caret(text, column);
  return finish_output(exit_code_for(e.kind));
}

/// Reads `--lanes @FILE`.
/// Only a regular file (a FIFO would block, /dev/zero never end), and never more than 64 KiB + 1
/// bytes read, whatever size the file claims.
Outcome<std::string> read_text_file(const std::string& path) {
  constexpr std::size_t kMax = 64 * 1024;
  if (auto why = input_file_problem("--lanes @FILE", path))
    return Outcome<std::string>::fail(ErrorKind::io, *why);
  std::ifstream in(path, std::ios::binary);
  if (!in) return Outcome<std::string>::fail(ErrorKind::io, "cannot read " + path);
  std::string text(kMax + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (text.size() > kMax) return Outcome<std::string>::fail(ErrorKind::refused, path + " is over 64 KiB");
  return Outcome<std::string>::ok(text);
}

std::string coord_text(Coord c) { return "(" + std::to_string(c.row) + "," + std::to_string(c.col) + ")"; }

std::string conflict_words(int wavefronts) {
  return wavefronts == 1 ? std::string("conflict-free") : std::to_string(wavefronts) + "-way conflict";
}

int run_layout_form(const Opts& o) {
  const int eb = *parse_element_type(o.elem);
  const LayoutUnits units = *parse_layout_units(o.units);
  AccessRequest req;
  req.op = !o.load.empty()    ? *parse_shared_op(o.load)
           : !o.store.empty() ? *parse_shared_op(o.store)
           : o.stmatrix       ? SharedOp::stmatrix
                              : SharedOp::ldmatrix;
  req.ldmatrix = LdmatrixConfig{*parse_num(o.num), o.trans};
  req.base_bytes = o.base;
  req.sm = o.sm;
  if (!o.at.empty()) {
    const auto comma = o.at.find(',');
    req.origin = Coord{std::stoi(o.at.substr(0, comma)), std::stoi(o.at.substr(comma + 1))};  // validated
  }

  // Lanes first: the row-stride tile is as tall as they need.
  std::string lanes_text = o.lanes.empty() ? std::string("explorer") : o.lanes;
  std::string lanes_option = "--lanes";
  if (!lanes_text.empty() && lanes_text[0] == '@') {
    const auto file = read_text_file(lanes_text.substr(1));
    if (!file) return refuse(lanes_option, lanes_text, file.error, 0);
    lanes_option += " " + lanes_text;
    lanes_text = *file.value;
  }
  const auto lanes = parse_lane_pattern(lanes_text, req.ldmatrix.num, eb);
  if (!lanes) return refuse(lanes_option, lanes_text, lanes.error, lanes.column);

  // The layouts: --layout, --write-layout/--read-layout, or the row-stride tile with a swizzle.
  std::string write_text = o.layout.empty() ? o.write_layout : o.layout;
  std::string read_text = o.layout.empty() ? o.read_layout : o.layout;
  std::string write_option = o.layout.empty() ? "--write-layout" : "--layout";
  std::string read_option = o.layout.empty() ? "--read-layout" : "--layout";
  if (o.stride_opt->count() > 0) {
    if (o.stride < kMinTileWidthHalves || o.stride > kMaxTileStrideHalves)
      return refuse_stride(o.stride, "fragviz accepts row strides of " + std::to_string(kMinTileWidthHalves) +
                                         " to " + std::to_string(kMaxTileStrideHalves) + " halves");
    int rows = 16;
    for (const auto& at : lanes->at)
      if (at) rows = std::max(rows, at->row + req.origin.row + 1);
    // Whole 8-row matrices, within the largest tile: a lane beyond it is then reported out of bounds.
    const int most = static_cast<int>(kMaxTileBytes / (std::int64_t{o.stride} * kHalfBytes)) / 8 * 8;
    rows = std::min((rows + 7) / 8 * 8, most);
    TileGeometry t{o.stride, 0, rows, Swizzle::none};
    std::string text;
    if (o.swizzle == "xor") {
      t.swizzle = Swizzle::xor_row_mod8;
      const auto preset = tile_geometry_notation(t);
      if (!preset) return refuse_stride(o.stride, preset.error.message);
      text = *preset.value;
    } else {
      text = *tile_geometry_notation(t).value;
      if (o.swizzle != "none") {
        const auto sw = parse_cute_swizzle(o.swizzle);
        if (!sw) return refuse("--swizzle", o.swizzle, sw.error, sw.column);
        text = to_string(*sw.value) + " o " + text;
      }
    }
    write_text = read_text = text;
    write_option = read_option = "--stride-halves " + std::to_string(o.stride) + " --swizzle";
  }
  const auto write = parse_smem_layout(write_text, units, eb);
  if (!write) return refuse(write_option, write_text, write.error, write.column);
  const auto read = read_text == write_text ? write : parse_smem_layout(read_text, units, eb);
  if (!read) return refuse(read_option, read_text, read.error, read.column);
  const bool two_layouts = !o.write_layout.empty();
  std::optional<RoundTrip> trip;
  if (two_layouts) {
    const auto rt = round_trip(*write, *read);
    if (!rt) return refuse("--write-layout/--read-layout", "", rt.error, 0);
    trip = *rt.value;
  }
  const AccessReport r = analyze_access(*read, *lanes, req);
  if (r.refused()) {
    std::cerr << "fragviz-cli banks: refused before anything ran: " << r.mnemonic << " over "
              << read->notation << "\n";
    for (const AccessProblem& p : r.problems)
      if (p.fatal) std::cerr << "  " << p.message << "\n";
    return finish_output(exit_code_for(r.error.kind));
  }

  // --export: the tile picture of the same layout, lanes and access, judged before any table. Its
  // tile starts at shared byte 0 with the lanes as given: a shift (--at, --base), a byte-counted
  // layout or a round trip would draw another tile.
  std::optional<PreparedExport> picture;
  if (!o.exp.path.empty()) {
    if (two_layouts || req.origin != Coord{} || req.base_bytes != 0 || units != LayoutUnits::elements)
      return refuse_export(Error{ErrorKind::refused,
                                 "--export draws one tile at shared byte 0 in elements: give it without "
                                 "--write-layout/--read-layout, --at, --base and --units bytes"});
    scene::ViewRequest pic;
    pic.layout = read_text;
    pic.elem = o.elem;
    pic.lanes = lanes_text;
    pic.access = std::string(to_string(req.op));
    pic.ldmatrix = req.ldmatrix;
    pic.sm = req.sm;
    auto p = prepare_banks_export(o.exp, pic);
    if (!p) return refuse_export(p.error);
    picture = std::move(*p.value);
  }

  // [SECTION] everything judged: the tables.
  const SmemLayout& l = *read;
  const bool matrix = is_matrix_op(req.op);
  std::cout << "layout: " << l.notation << " (" << l.rows() << " x " << l.cols() << " elements of "
            << plural(eb, "byte") << ", numbers in " << to_string(l.map.units) << "; "
            << plural(l.footprint_bytes, "byte") << " at shared byte " << req.base_bytes << ")\n";
  // A swizzle that moves nothing reads like the unswizzled layout's answer: said (newcomer round 22).
  if (two_layouts && write->notation != read->notation) {
    if (const auto idle = idle_swizzle_note(*write)) std::cout << "note: write layout: " << *idle << "\n";
    if (const auto idle = idle_swizzle_note(*read)) std::cout << "note: read layout: " << *idle << "\n";
  } else if (const auto idle = idle_swizzle_note(l)) {
    std::cout << "note: " << *idle << "\n";
  }
  std::cout << r.mnemonic << ", lanes "
            << (lanes->preset.empty() ? lanes->notation : lanes->preset + ": " + lanes->notation);
  if (req.origin != Coord{}) std::cout << ", at " << coord_text(req.origin);
  std::cout << "\n";
  if (trip) {
    std::cout << "round trip: written through " << write->notation << ", read through " << read->notation
              << ": ";
    if (trip->agree()) {
      std::cout << "all " << plural(trip->elements, "element") << " read back\n";
    } else {
      const RoundTripMismatch& m = *trip->first;
      std::cout << trip->mismatches << " of " << plural(trip->elements, "element")
                << " read back wrong; first " << coord_text(m.logical) << ": read at tile byte "
                << m.read_byte << " (shared byte " << req.base_bytes + m.read_byte << "), which holds "
                << (!m.found ? std::string("no element (pad)")
                    : m.found_byte == 0
                        ? coord_text(*m.found)
                        : "byte " + std::to_string(m.found_byte) + " of " + coord_text(*m.found))
                << "; it was written at tile byte " << m.written_byte << "\n";
    }
    if (trip->write_overlap)
      std::cout << "note: the write layout puts " << coord_text((*trip->write_overlap)[0]) << " and "
                << coord_text((*trip->write_overlap)[1]) << " on the same bytes (the later write is kept)\n";
  }
  for (const AccessProblem& p : r.problems) std::cout << "note: " << p.message << "\n";
  if (r.packed_pairs) std::cout << "note: " << packing_note(req.op, r.packed_pairs) << "\n";
  const int lanes_per_phase = r.phases.empty() ? phase_lanes(req.op) : r.phases.front().lanes;
  std::cout << "lane  " << (matrix ? "matrix" : " phase") << "  row,col    byte_address  banks\n";
  const int used = matrix ? address_lanes(req.ldmatrix.num) : kWarpSize;
  const int words = access_bytes(req.op) / kBankBytes;
  for (int lane = 0; lane < used; ++lane) {
    const LaneAccess& a = r.lanes[static_cast<std::size_t>(lane)];
    std::cout << std::setw(4) << lane << std::setw(8) << lane / lanes_per_phase << "  " << std::left
              << std::setw(9) << coord_text(a.logical) << std::right << std::setw(14) << a.byte_address
              << "  ";
    for (int w = 0; w < words; ++w) std::cout << (w ? "," : "") << a.banks[static_cast<std::size_t>(w)];
    std::cout << "\n";
  }
  for (const AccessPhase& p : r.phases) {
    if (matrix)
      std::cout << "matrix " << p.index;
    else
      std::cout << "phase " << p.index << " (lanes " << p.first_lane << "-" << p.first_lane + p.lanes - 1
                << ")";
    std::cout << ": " << plural(p.wavefronts, "wavefront") << " (" << conflict_words(p.wavefronts) << ")\n";
  }
  std::cout << "total: wavefronts " << r.wavefronts << ", ideal wavefronts " << r.ideal_wavefronts
            << ", bank conflicts " << r.bank_conflicts << "\n";
  std::cout << "Nsight Compute, per warp instruction: " << wavefronts_metric(req.op) << " " << r.wavefronts
            << ", " << bank_conflicts_metric(req.op) << " " << r.bank_conflicts
            << (is_cp_async(req.op) ? " (a kernel's all-ops shared wavefronts read 4 more for its cp.async)"
                                    : "")
            << "\n";
  std::cout << "rule: " << phase_rule_text(req.op) << "\n";
  if (trip && !trip->agree()) return finish_output(kExitMismatch);  // no --export with a round trip
  return finish_output(picture ? write_banks_export(*picture) : kExitOk);
}

// [SECTION] the gate-variant form --------------------------------------------------------------------

/// Each operand load of a gate variant: the geometry the kernel uses, then its wavefronts.
int run_gate_variant_form(const Opts& o) {
  // user-kernel parses as a variant but has no geometry of ours: the table is the list.
  const std::optional<GateVariant> v = parse_variant(o.gate_variant);
  const GateVariantInfo* found = v ? find_gate_variant(*v) : nullptr;
  if (found == nullptr) {
    // The names on a line of their own: with the echo beside them a 10000-character typo made a
    // line of 400 bytes once the ladder had 14 rungs.
    std::cerr << "fragviz-cli banks: --gate-variant: unknown variant '" << echo_text(o.gate_variant)
              << "'; one of:\n  " << gate_variant_names() << "\n";
    return finish_output(kExitRefused);
  }
  const GateVariantInfo& info = *found;
  std::vector<GateOperand> operands{GateOperand::A, GateOperand::B};
  if (!o.operand.empty()) operands = {*parse_gate_operand(o.operand)};  // validated
  // Judge everything first: a load that does not parse or is refused prints nothing on stdout.
  std::vector<GateLoadAnalysis> loads;
  for (GateOperand op : operands) {
    loads.push_back(analyze_gate_load(info, op));
    const GateLoadAnalysis& l = loads.back();
    if (l.access && l.access->refused()) {
      std::cerr << "fragviz-cli banks: " << info.name << " operand " << to_string(op)
                << ": refused: " << l.access->error.message << "\n";
      return finish_output(exit_code_for(l.access->error.kind));
    }
    if (!l.access && info.operand(op).op) {
      std::cerr << "fragviz-cli banks: " << info.name << " operand " << to_string(op) << ": " << l.why
                << "\n";
      return finish_output(kExitRefused);
    }
  }
  const gate::TileConfig& t = info.tile;
  std::cout << info.name << " (rung " << info.rung << "): " << info.technique << "\n";
  std::cout << "block " << t.block_m << "x" << t.block_n << "x" << t.block_k << ", warp " << t.warp_m() << "x"
            << t.warp_n() << ", " << plural(t.threads(), "thread") << ", " << plural(t.stages, "stage")
            << ", " << plural(t.smem_bytes(), "byte") << " of shared memory"
            << (info.dynamic_shared_bytes > 0 ? " (dynamic)" : " (static)") << ", n a multiple of "
            << info.n_multiple << "\n";
  for (const GateLoadAnalysis& l : loads) {
    const OperandGeometry& g = info.operand(l.operand);
    // wgmma names no lane addresses: its operands come from shared memory through the descriptor.
    const bool wgmma = g.mnemonic.rfind("wgmma.", 0) == 0;
    std::cout << to_string(l.operand) << ": " << g.mnemonic << " over " << g.layout << ", lanes "
              << (wgmma && g.lanes.empty() ? std::string("none (wgmma reads the operand from shared memory "
                                                         "through its matrix descriptor: no per-lane "
                                                         "ldmatrix, no lane addresses)")
                  : g.lanes.empty()        ? std::string("none recorded")
                                           : g.lanes);
    if (g.origin != Coord{}) std::cout << ", at " << coord_text(g.origin);
    std::cout << "\n";
    if (!l.access) {
      std::cout << "  " << l.why << "\n";
      continue;
    }
    const AccessReport& r = *l.access;
    std::cout << "  per matrix:";
    for (const AccessPhase& p : r.phases) std::cout << " " << p.wavefronts;
    std::cout << "; total: wavefronts " << r.wavefronts << ", ideal wavefronts " << r.ideal_wavefronts
              << ", bank conflicts " << r.bank_conflicts << "\n";
  }
  return finish_output(kExitOk);
}

/// `--at ROW,COL`: two integers.
const CLI::Validator kRowCol(
    [](std::string& v) -> std::string {
      const auto comma = v.find(',');
      const auto integer = [](const std::string& s) {
        std::size_t i = s.size() > 1 && s[0] == '-' ? 1 : 0;
        return s.size() > i && s.size() <= 7 && s.find_first_not_of("0123456789", i) == std::string::npos;
      };
      if (comma == std::string::npos || !integer(v.substr(0, comma)) || !integer(v.substr(comma + 1)))
        return "must be ROW,COL (two whole numbers, elements), got '" + echo_text(v) + "'";
      return {};
    },
    "ROW,COL");

const CLI::Validator kSwizzleName(
    [](std::string& v) -> std::string {
      if (v == "none" || v == "xor" || v.rfind("Swizzle", 0) == 0 || v.rfind("Sw<", 0) == 0) return {};
      return "must be none, xor or a CuTe swizzle such as 'Swizzle<3,3,3>', got '" + echo_text(v) + "'";
    },
    "none|xor|Swizzle<B,M,S>");

}  // namespace

void add_banks_command(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand(
      "banks",
      "Row addresses, banks and wavefronts of one ldmatrix, stmatrix, LDS or STS over a shared-memory tile");
  auto* num = cmd->add_option("--num", opts->num, "x1, x2 or x4")->check(CLI::IsMember({"x1", "x2", "x4"}));
  auto* trans =
      cmd->add_flag("--trans", opts->trans, ".trans (same addresses and banks; changes what lanes receive)");
  auto* st = cmd->add_flag("--stmatrix", opts->stmatrix,
                           "stmatrix (sm_90) instead of ldmatrix: the same address table, op_st metrics");
  const SharedOpOptions plain = add_shared_op_options(cmd, opts->load, opts->store);
  for (CLI::Option* o : {plain.load, plain.store}) o->excludes(num)->excludes(trans)->excludes(st);
  CLI::Option* load = plain.load;
  opts->stride_opt =
      cmd->add_option("--stride-halves", opts->stride,
                      "row-major tile with this row stride in halves (tile width + pad), " +
                          std::to_string(kMinTileWidthHalves) + " to " + std::to_string(kMaxTileStrideHalves))
          ->check(kNonEmpty)
          ->check(whole_range(kMinTileWidthHalves, kMaxTileStrideHalves));  // its fixed range: 64 outside
  auto* swz = cmd->add_option("--swizzle", opts->swizzle,
                              "with --stride-halves: none, xor (16-byte chunk ^= row % 8) or a CuTe "
                              "'Swizzle<B,M,S>' on element offsets")
                  ->check(kSwizzleName)
                  ->needs(opts->stride_opt);
  auto* layout =
      cmd->add_option("--layout", opts->layout,
                      "the tile in CuTe notation, e.g. 'Swizzle<3,3,3> o (16,64):(64,1)' (written and "
                      "read through it)")
          ->check(kNonEmpty)
          ->excludes(opts->stride_opt);
  auto* wr = cmd->add_option("--write-layout", opts->write_layout,
                             "the layout the tile is written through (needs --read-layout): round trip")
                 ->check(kNonEmpty)
                 ->excludes(opts->stride_opt)
                 ->excludes(layout);
  auto* rd = cmd->add_option("--read-layout", opts->read_layout,
                             "the layout it is read through; the access is judged on it")
                 ->check(kNonEmpty)
                 ->excludes(opts->stride_opt)
                 ->excludes(layout)
                 ->needs(wr);
  wr->needs(rd);
  auto* units = cmd->add_option("--units", opts->units,
                                "what the layout's numbers count: elements (default) or bytes (Hopper's "
                                "Swizzle<3,4,3> ...)")
                    ->check(CLI::IsMember({"elements", "bytes"}))
                    ->excludes(opts->stride_opt);
  auto* elem =
      cmd->add_option("--elem", opts->elem, "element type: b8, b16 (default), b32, b64 or f16, tf32, ...")
          ->check(CLI::Validator(
              [](std::string& v) -> std::string {
                return parse_element_type(v)
                           ? ""
                           : "must be an element type such as b16 or f32, got '" + echo_text(v) + "'";
              },
              "TYPE"))
          ->excludes(opts->stride_opt);
  auto* lanes =
      cmd->add_option(
             "--lanes", opts->lanes,
             "each lane's address: a preset (" + lane_preset_names() +
                 "), an expression 'row=lane&15, col=8*(lane>>4)', a table 'r,c; r,c; ...', or @FILE")
          ->check(kNonEmpty);
  auto* at =
      cmd->add_option("--at", opts->at, "ROW,COL: where the matrices sit in the tile (added to every lane)")
          ->check(kRowCol);
  auto* base = cmd->add_option("--base", opts->base, "shared-memory byte address of the tile's first byte")
                   ->check(kNonEmpty)
                   ->check(whole_range(0, kMaxTileBytes));
  auto* sm = cmd->add_option("--sm", opts->sm,
                             "oldest target, e.g. 75 (default: every lane needs a valid address) or 80")
                 ->check(kNonEmpty)
                 ->check(whole_range(70, 200));
  opts->layout_opts = {swz, layout, wr, rd, units, elem, lanes, at, base, sm, st, load};
  auto* gv = cmd->add_option("--gate-variant", opts->gate_variant,
                             "a gate kernel (" + gate_variant_names() +
                                 "): its A and B loads through the shared-memory geometry it uses")
                 ->check(kNonEmpty)
                 ->excludes(opts->stride_opt);
  for (CLI::Option* o : opts->layout_opts) gv->excludes(o);
  gv->excludes(num)->excludes(trans);
  cmd->add_option("--operand", opts->operand, "with --gate-variant: A or B only")
      ->check(CLI::IsMember({"A", "B", "a", "b"}))
      ->needs(gv);
  add_banks_export_options(cmd, opts->exp);
  cmd->callback([opts, &exit_code] {
    if (!opts->gate_variant.empty() && !opts->exp.path.empty()) {
      std::cerr << "fragviz-cli banks: --export draws one access over one tile, not a gate variant's "
                   "loads\n";
      exit_code = kExitUsage;
      return;
    }
    if (!opts->gate_variant.empty()) {
      exit_code = run_gate_variant_form(*opts);
      return;
    }
    if (opts->stride_opt->count() == 0 && opts->layout.empty() && opts->write_layout.empty()) {
      std::cerr
          << "fragviz-cli banks: one of --stride-halves, --layout, --write-layout with --read-layout or "
             "--gate-variant is required\n";
      exit_code = kExitUsage;
      return;
    }
    // The row-stride form with its own two swizzles prints what it always printed.
    bool layout_form = opts->swizzle != "none" && opts->swizzle != "xor";
    for (CLI::Option* o : opts->layout_opts)
      if (o->count() > 0 && o->get_name() != "--swizzle") layout_form = true;
    exit_code = layout_form ? run_layout_form(*opts) : run_stride_form(*opts);
  });
}

}  // namespace fragviz::cli
