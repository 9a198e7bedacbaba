// `fragviz-cli probe` and `fragviz-cli device`: run the probes on the GPU and print the seed's gate
// lines, or say which GPU (if any) this build sees.
//
// Exit codes: 0 every check matched; 1 a mismatch (hardware and PTX tables disagree, or a tile is
// not exact; each one is named), or a WMMA kind whose two labellings disagree; 2 no usable GPU
// (built without CUDA, no driver or device, older than sm_75); 3 the ldmatrix request was refused as illegal
// and not launched (everything else matched); 4 a CUDA error stopped the run; 5 the --json file could not be
// written.
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include "commands.hpp"
#include "fragviz/device/device.hpp"
#include "fragviz/isa/wgmma.hpp"
#include "fragviz/isa/wmma.hpp"
#include "fragviz/probe/blackwell_probe.hpp"
#include "fragviz/probe/hopper_probe.hpp"
#include "fragviz/probe/ldmatrix_feed.hpp"
#include "fragviz/probe/mma_probe.hpp"
#include "fragviz/probe/probe_decode.hpp"
#include "fragviz/report/report_json.hpp"
#include "fragviz/smem/banks.hpp"
#include "fragviz/util/name_suggest.hpp"
#include "fragviz/util/words.hpp"
#include "probe_layout.hpp"

namespace fragviz::cli {
namespace {

/// Mismatch lines printed per check before "... and N more".
constexpr int kMaxListed = 16;

std::string cuda_version(int v) {
  if (v <= 0) return "none";
  return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

std::string fixed(double v, int digits) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(digits) << v;
  return s.str();
}

/// "NVIDIA H200, sm_90, 132 SMs, 1980 MHz, 139.8 GiB, driver 580.159.04 (CUDA 13.0), runtime 13.0".
std::string device_line(const DeviceInfo& d) {
  std::string line = d.name + ", sm_" + std::to_string(d.sm()) + ", " + plural(d.sm_count, "SM") + ", " +
                     std::to_string(d.clock_khz / 1000) + " MHz, " +
                     fixed(static_cast<double>(d.global_mem_bytes) / (1024.0 * 1024.0 * 1024.0), 1) +
                     " GiB, driver ";
  if (!d.driver_release.empty()) line += d.driver_release + " ";
  return line + "(CUDA " + cuda_version(d.driver_version) + "), runtime " + cuda_version(d.runtime_version);
}

/// "no usable GPU", and the commands that show the model of the same request without one
/// (`layout`, `banks`: each hint a command line the CLI accepts as printed).
void print_no_device(const DeviceInfo& d, const std::string& layout_hint, const std::string& banks_hint) {
  std::cerr << "no usable GPU: " << d.error.message << "\n"
            << "the probes need an NVIDIA GPU of sm_75 or newer; the PTX model without one: `" << layout_hint
            << "`, `" << banks_hint << "`\n";
}

/// `fragviz-cli banks` over the explorer's tile of `req` (its row stride and swizzle).
std::string banks_hint(const ProbeRequest& req) {
  return "fragviz-cli banks --num " + std::string(to_string(req.ldmatrix.num)) +
         (req.ldmatrix.trans ? " --trans" : "") + " --stride-halves " +
         std::to_string(req.tile.stride_halves()) +
         (req.tile.swizzle == Swizzle::none ? "" : " --swizzle " + std::string(to_string(req.tile.swizzle)));
}

/// "m16n8k8" for a catalogue mnemonic (the shape field of the entry), or the mnemonic itself.
std::string shape_of(const std::string& mnemonic) {
  const Instruction* in = find_instruction(mnemonic);
  return in ? shape_name(*in) : mnemonic;
}

/// Prints one instruction's ldmatrix-loaded gate lines (the seed's); returns true when everything
/// it checked matched.
bool print_fragment(const FragmentProbe& p) {
  const std::string shape = shape_of(p.mnemonic);
  std::cout << shape << " (" << p.mnemonic << ")\n";
  if (!p.ran) {
    std::cout << "  " << shape << " probe " << p.skipped << "\n";
    return true;  // a shape the GPU lacks is waived, not failed
  }
  int ab = 0, ab_bad = 0, c = 0, c_bad = 0;
  for (const ElementCheck& e : p.elements) {
    const bool is_c = e.operand == Operand::C;
    (is_c ? c : ab) += 1;
    if (!e.match()) (is_c ? c_bad : ab_bad) += 1;
  }
  auto list = [&p](bool accumulator) {
    int shown = 0, total = 0;
    for (const ElementCheck& e : p.elements) {
      if (e.match() || (e.operand == Operand::C) != accumulator) continue;
      if (shown++ < kMaxListed) std::cout << "    " << describe_mismatch(e) << "\n";
      ++total;
    }
    if (total > kMaxListed) std::cout << "    ... and " << total - kMaxListed << " more\n";
  };
  if (ab_bad == 0) {
    std::cout << "  fragment ownership: all " << plural(ab, "element") << " match the PTX tables\n";
  } else {
    std::cout << "  fragment ownership: " << ab_bad << " of " << plural(ab, "element") << " "
              << agree(ab_bad, "DOES NOT", "DO NOT") << " match the PTX tables\n";
    list(false);
  }
  std::cout << "  " << describe_lane(p, 0) << "\n  " << describe_lane(p, 5) << "\n";
  if (c_bad == 0) {
    std::cout << "  accumulator map: all " << plural(c, "D element") << " decoded to their PTX cells\n";
  } else {
    std::cout << "  accumulator map: " << c_bad << " of " << plural(c, "D element") << " NOT at "
              << agree(c_bad, "its PTX cell", "their PTX cells") << "\n";
    list(true);
  }
  std::cout << "  " << shape << " tile against the double reference: "
            << (p.tile_exact ? "exact match" : "MISMATCH, " + p.tile_detail) << "\n";
  return ab_bad == 0 && c_bad == 0 && p.tile_exact;
}

/// Prints one tensor-core probe's line, and its mismatches; returns true unless something differed
/// (an instruction the GPU or build lacks is waived, not failed).
bool print_instruction(const InstructionProbe& p) {
  std::cout << describe_instruction_probe(p) << "\n";
  if (!p.ran) return true;
  int shown = 0;
  const int bad = p.mismatches();
  for (const ElementCheck& e : p.elements) {
    if (e.match() || shown++ >= kMaxListed) continue;
    std::cout << "    " << to_string(e.operand) << " lane " << e.lane << " element " << e.element
              << ": expected " << format_coord(e.expected) << ", received " << format_coord(e.measured)
              << "\n";
  }
  if (bad > kMaxListed) std::cout << "    ... and " << bad - kMaxListed << " more\n";
  return bad == 0 && p.tile_exact;
}

/// Prints one through-ldmatrix probe's line, and its mismatches: which stored byte each wrong
/// element came from, then the tensor core's. Returns true unless something differed.
bool print_fed(const LdmatrixFedProbe& p) {
  const int bad = p.mismatches();
  std::cout << (p.ran ? (bad == 0 && p.mma.tile_exact ? "MATCH    " : "MISMATCH ") : "NOT RUN  ")
            << describe_fed_probe(p) << "\n";
  if (!p.ran) return true;
  int shown = 0;
  for (const ElementCheck& e : p.bytes) {
    if (e.match() || shown++ >= kMaxListed) continue;
    std::cout << "    " << to_string(e.operand) << " lane " << e.lane << " element " << e.element
              << ": expected " << format_coord(e.expected) << ", received " << format_coord(e.measured)
              << " (stored byte " << e.raw << ")\n";
  }
  for (const ElementCheck& e : p.mma.elements) {
    if (e.match() || shown++ >= kMaxListed) continue;
    std::cout << "    mma " << to_string(e.operand) << " lane " << e.lane << " element " << e.element
              << ": expected " << format_coord(e.expected) << ", received " << format_coord(e.measured)
              << "\n";
  }
  if (bad > kMaxListed) std::cout << "    ... and " << bad - kMaxListed << " more\n";
  return bad == 0 && p.mma.tile_exact;
}

std::string tile_words(const TileGeometry& t) {
  return std::to_string(t.rows) + " x " + std::to_string(t.width_halves) + " tile, pad " +
         std::to_string(t.pad_halves) + " (stride " + plural(t.stride_halves(), "half", "halves") +
         "), swizzle " + std::string(to_string(t.swizzle));
}

/// Prints the explorer's line(s); returns 0, kExitMismatch or kExitRefused.
int print_explorer(const LdmatrixProbe& p) {
  std::cout << ldmatrix_mnemonic(p.config) << " over a " << tile_words(p.tile) << "\n";
  if (!p.ran) {
    std::cout << "  refused, not launched: " << p.skipped << "\n";
    return kExitRefused;
  }
  const BankReport predicted = analyze_ldmatrix(p.config, p.tile);
  const BankReport measured = analyze_addresses(p.config, p.addresses);
  const int bad = p.mismatches();
  const auto total = static_cast<long long>(p.elements.size());
  if (bad == 0) {
    std::cout << "  all " << plural(total, "element")
              << " delivered to their predicted lanes and registers\n";
  } else {
    std::cout << "  " << bad << " of " << plural(total, "element") << " NOT where the PTX ISA "
              << agree(bad, "puts it", "puts them") << "\n";
    int shown = 0;
    for (const LdmatrixCheck& e : p.elements) {
      if (e.match() || shown++ >= kMaxListed) continue;
      std::cout << "    " << describe_mismatch(e, register_half(p.registers[e.lane][e.reg], e.half)) << "\n";
    }
    if (bad > kMaxListed) std::cout << "    ... and " << bad - kMaxListed << " more\n";
  }
  std::cout << "  measured addresses: " << plural(measured.wavefronts, "wavefront") << " (predicted "
            << predicted.wavefronts << ", ideal " << predicted.ideal_wavefronts << "), "
            << fixed(p.cycles_per_instruction, 1) << " cycles per instruction\n";
  return bad == 0 && measured.wavefronts == predicted.wavefronts ? 0 : kExitMismatch;
}

int runnable_count(const DeviceInfo& d) {
  int n = 0;
  for (const Instruction& in : catalogue()) n += d.sm() >= in.min_sm && !in.arch_specific ? 1 : 0;
  return n;
}

void print_cycles(const ProbeReport& r) {
  if (r.cycles.empty()) return;
  std::cout
      << "cycles per ldmatrix, one warp, clock64() over 1024 instructions (last row: your request)\n"
      << "  instruction                stride (width + pad)  swizzle  predicted wf  measured wf  cycles\n";
  for (const CyclesRow& row : r.cycles) {
    std::string name =
        "ldmatrix." + std::string(to_string(row.config.num)) + (row.config.trans ? ".trans" : "");
    std::cout << "  " << std::left << std::setw(25) << name << std::right << std::setw(22)
              << cycles_stride_words(row) << std::setw(9) << to_string(row.tile.swizzle) << std::setw(14)
              << row.predicted_wavefronts << std::setw(13) << row.measured_wavefronts << std::setw(8)
              << fixed(row.cycles_per_instruction, 1) << "\n";
  }
}

/// Why nothing is shown for WMMA without a GPU: there is no model to fall back on.
constexpr const char* kWmmaNoModel =
    "WMMA has no published mapping (nvcuda::wmma's fragment layout is \"unspecified and subject to "
    "change\"): without a GPU there is nothing to show, and no model stands in for a measurement";

/// `probe --list-wmma`: every kind, its minimum SM, the PTX it compiles to and its C++ type.
void print_wmma_kinds() {
  for (int i = 0; i < wmma_kind_count(); ++i) {
    const WmmaKind& w = wmma_kinds()[i];
    std::cout << wmma_name(w) << "  sm_" << w.min_sm << "  " << wmma_ptx(w) << "  " << wmma_cxx(w) << "\n";
  }
}

/// Prints the WMMA kinds measured: a headline saying whose measurement it is, then per kind its
/// holders, its relation to mma.sync and any kind with the same map; with `full`, every lane's x[i].
/// Returns false when a kind's passes disagreed somewhere (the measurement failed there).
bool print_wmma(const ProbeReport& r, bool full) {
  if (r.wmma.empty()) return true;
  std::cout << "WMMA fragments, measured on " << r.device.name << ", sm_" << r.device.sm()
            << ": not a contract (nvcuda::wmma's mapping is unspecified and subject to change)\n";
  bool ok = true;
  int ran = 0;
  for (const WmmaProbe& p : r.wmma) {
    const WmmaKind* w = find_wmma_kind(p.name);
    if (!p.ran || !w) {
      std::cout << "NOT RUN  " << p.name << ": " << p.skipped << "\n";
      continue;
    }
    ++ran;
    const bool agreed = p.map.disagreeing() == 0;
    ok = ok && agreed;
    std::cout << (agreed ? "MEASURED " : "FAILED   ") << p.name << " (" << wmma_ptx(*w)
              << "): " << describe_wmma_map(*w, p.map) << "\n";
    std::cout << "         " << describe_relation(*w, relate_to_mma(*w, p.map)) << "\n";
    if (const WmmaProbe* same = wmma_same_map(r.wmma, p))
      std::cout << "         same map as " << same->name << "\n";
    if (!full) continue;
    for (int lane = 0; lane < kWarpSize; ++lane) {
      std::cout << "  lane " << std::setw(2) << lane << ":";
      for (int i = 0; i < w->elements; ++i)
        std::cout << " x[" << i << "] " << wmma_cell_text(*w, p.map.at(*w, lane, i))
                  << (i + 1 < w->elements ? "," : "");
      std::cout << "\n";
    }
  }
  if (r.wmma.size() > 1)
    std::cout << "WMMA probes: " << ran << " of "
              << plural(static_cast<long long>(r.wmma.size()), "fragment kind") << " measured\n";
  return ok;
}

}  // namespace

void add_probe_command(CLI::App& app, int& exit_code) {
  struct Opts {
    std::string shape = "all";
    std::string instr = "all";
    std::string num = "x4";
    bool trans = false;
    int width = 64;
    int pad = 8;
    int rows = 16;
    std::string swizzle = "none";
    std::string json;
    bool no_cycles = false;
    bool list_wmma = false;
    LayoutProbeOptions layout;  ///< --layout and its options (probe_layout.cpp)
  };
  auto opts = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("probe",
                                 "Run ldmatrix and mma.sync on the GPU and check every lane's fragments "
                                 "against the PTX tables. Exit 0: all "
                                 "match; 1: a mismatch (named); 2: no usable GPU; 3: the ldmatrix geometry "
                                 "was refused (not launched); 4: "
                                 "CUDA error; 5: --json not written");
  cmd->add_option("--shape", opts->shape,
                  "m16n8k8, m16n8k16 or all (which ldmatrix-loaded fragment probes to print and gate)")
      ->check(CLI::IsMember({"m16n8k8", "m16n8k16", "all"}));
  cmd->add_option(
         "--instr", opts->instr,
         "what to probe: a full PTX mnemonic (mma.sync or wgmma, fragviz-cli layout --list; also "
         "without 'mma.sync.aligned.' or 'wgmma.mma_async.sync.aligned.'), "
         "stmatrix, movmatrix, epilogue, hopper (wgmma, stmatrix, movmatrix, epilogues), wmma (every "
         "nvcuda::wmma fragment kind) or one kind (--list-wmma), all, or none")
      ->check(kNonEmpty);
  cmd->add_option("--num", opts->num, "explorer ldmatrix .num: x1, x2 or x4")
      ->check(CLI::IsMember({"x1", "x2", "x4"}));
  cmd->add_flag("--trans", opts->trans, "explorer ldmatrix with .trans");
  // Width and pad outside the one tile range (banks.hpp) are refused (exit 3) in the callback, with
  // the model's words, GPU or not.
  cmd->add_option("--width", opts->width,
                  "tile width in halves, " + std::to_string(kMinTileWidthHalves) + " to " +
                      std::to_string(kMaxTileWidthHalves))
      ->check(kNonEmpty)
      ->check(whole_range(kMinTileWidthHalves, kMaxTileWidthHalves));
  cmd->add_option("--pad", opts->pad,
                  "pad halves per row (row stride = width + pad), 0 to " + std::to_string(kMaxTilePadHalves))
      ->check(kNonEmpty)
      ->check(whole_range(0, kMaxTilePadHalves));
  cmd->add_option("--rows", opts->rows, "tile rows")->check(kNonEmpty)->check(whole_range(1, 4096));
  cmd->add_option("--swizzle", opts->swizzle, "none or xor (16-byte chunk ^= row % 8)")
      ->check(CLI::IsMember({"none", "xor"}));
  cmd->add_option("--json", opts->json,
                  "write the whole report to this file (fragviz-report JSON), or '-' for standard output "
                  "(the text then goes to standard error)")
      ->check(kNonEmpty);
  cmd->add_flag("--no-cycles", opts->no_cycles, "skip the cycles table");
  cmd->add_flag("--list-wmma", opts->list_wmma,
                "list the WMMA fragment kinds --instr takes (name, minimum SM, PTX, C++ type) and exit");
  add_layout_probe_options(*cmd, opts->layout);
  cmd->callback([opts, &exit_code] {
    // The report's path is judged before anything else: an unwritable one costs no work.
    if (!opts->layout.ncu_child && refuse_unwritable("probe", {{"--json", opts->json}})) {
      exit_code = finish_output(kExitJson);
      return;
    }
    const TextOnStderr text_on_stderr(opts->json == kStdoutPath);
    if (opts->list_wmma) {
      print_wmma_kinds();
      exit_code = finish_output(kExitOk);
      return;
    }
    // The user's own layout instead of the catalogue (probe_layout.cpp).
    if (!opts->layout.request.write_layout.empty()) {
      opts->layout.json = opts->json;
      exit_code = run_layout_probe_command(opts->layout, LdmatrixConfig{*parse_num(opts->num), opts->trans});
      return;
    }
    if (opts->layout.ncu || opts->layout.ncu_child || !opts->layout.request.read_layout.empty()) {
      std::cerr << "probe: --read-layout, --ncu and --ncu-child need --layout\n";
      exit_code = kExitUsage;
      return;
    }
    ProbeRequest req;
    req.ldmatrix = LdmatrixConfig{*parse_num(opts->num), opts->trans};
    req.tile.width_halves = opts->width;
    req.tile.pad_halves = opts->pad;
    req.tile.rows = opts->rows;
    req.tile.swizzle = *parse_swizzle(opts->swizzle);
    req.cycles_table = !opts->no_cycles;
    if (opts->instr == "none") {
      req.instruction_probes = false;
    } else if (opts->instr == "wmma") {
      req.instructions = {"wmma"};
    } else if (is_wmma_probe_name(opts->instr) || find_wmma_kind(opts->instr)) {
      const WmmaKind* w = find_wmma_kind(opts->instr);
      if (!w) {
        std::cerr << "probe: no WMMA fragment kind is named '" << echo_text(opts->instr)
                  << "' (fragviz-cli probe --list-wmma prints them all)\n";
        exit_code = kExitUsage;
        return;
      }
      req.instructions = {wmma_name(*w)};
    } else if (is_blackwell_probe_name(opts->instr)) {
      req.instructions = {opts->instr};  // sm_100a: skipped with the reason elsewhere
    } else if (opts->instr == "hopper") {
      req.instructions = {"stmatrix", "movmatrix", "epilogue"};
      for (const WgmmaInstruction& w : wgmma_catalogue()) req.instructions.push_back(w.mnemonic);
    } else if (opts->instr != "all") {
      if (const WgmmaInstruction* w = find_wgmma_named(opts->instr)) opts->instr = w->mnemonic;
      if (const Instruction* in = find_instruction_named(opts->instr)) opts->instr = in->mnemonic;
      if (!find_instruction(opts->instr) && !find_wgmma(opts->instr) &&
          !(is_hopper_probe_name(opts->instr) && opts->instr.rfind("wgmma.", 0) != 0)) {
        std::cerr << "probe: no catalogue instruction is named '" << echo_text(opts->instr)
                  << "' (fragviz-cli layout --list prints them all)"
                  << did_you_mean(opts->instr, kMmaSyncNames | kWgmmaNames) << "\n";
        exit_code = kExitUsage;
        return;
      }
      req.instructions = {opts->instr};
    }

    // The user's geometry is judged before anything else, GPU or not: a refused request is the
    // answer the user needs first (and exits 3 even on a machine without a GPU). A tile outside the
    // one range is not run at all; an illegal one in range runs the other probes and is reported.
    if (auto why = tile_range_problem(req.tile)) {
      std::cerr << "probe refused: " << *why << "\n";
      exit_code = finish_output(kExitRefused);
      return;
    }
    const auto geometry_problem = validate(req.tile, req.ldmatrix);
    const ProbeReport r = run_probes(req);
    if (!r.device.present) {
      if (geometry_problem) {
        std::cerr << "probe refused: " << *geometry_problem << "\n";
        exit_code = finish_output(kExitRefused);
        return;
      }
      if (req.instructions.size() == 1 && is_wmma_probe_name(req.instructions[0])) {
        std::cerr << "no usable GPU: " << r.device.error.message << "\n" << kWmmaNoModel << "\n";
        exit_code = finish_output(
            exit_code_for(r.error.kind == ErrorKind::none ? ErrorKind::no_device : r.error.kind));
        return;
      }
      const bool one = req.instructions.size() == 1 &&
                       (find_instruction(req.instructions[0]) || find_wgmma(req.instructions[0]));
      print_no_device(r.device,
                      one ? "fragviz-cli layout --instr " + req.instructions[0] : "fragviz-cli layout --list",
                      banks_hint(req));
      exit_code =
          finish_output(exit_code_for(r.error.kind == ErrorKind::none ? ErrorKind::no_device : r.error.kind));
      return;
    }
    std::cout << "device: " << device_line(r.device) << "\n";
    bool matched = true;
    for (const FragmentProbe& p : r.fragments) {
      if (opts->shape != "all" && opts->shape != shape_of(p.mnemonic)) continue;
      matched = print_fragment(p) && matched;
    }
    int ran = 0, waived = 0;
    for (const InstructionProbe& p : r.instructions) {
      matched = print_instruction(p) && matched;
      (p.ran ? ran : waived) += 1;
    }
    if (ran + waived > 1)
      std::cout << "tensor-core probes: " << plural(ran, "instruction") << " run, " << waived
                << " not runnable here\n";
    int fed_ran = 0;
    for (const LdmatrixFedProbe& p : r.through_ldmatrix) {
      matched = print_fed(p) && matched;
      fed_ran += p.ran ? 1 : 0;
    }
    if (r.through_ldmatrix.size() > 1)
      std::cout << "through ldmatrix: " << plural(fed_ran, "instruction") << " run, "
                << r.through_ldmatrix.size() - static_cast<std::size_t>(fed_ran)
                << " not (no ldmatrix form, or not runnable here)\n";
    int wgmma_ran = 0;
    for (const WgmmaProbe& p : r.wgmma) {
      std::cout << (p.ran ? (p.mismatches() == 0 ? "MATCH    " : "MISMATCH ") : "NOT RUN  ")
                << describe_wgmma_probe(p) << "\n";
      matched = matched && p.mismatches() == 0;
      wgmma_ran += p.ran ? 1 : 0;
    }
    if (r.wgmma.size() > 1)
      std::cout << "wgmma probes: " << wgmma_ran << " of " << plural(r.wgmma.size(), "instruction")
                << " run\n";
    for (const MatrixMoveProbe& p : r.moves) {
      std::cout << (p.ran ? (p.mismatches() == 0 ? "MATCH    " : "MISMATCH ") : "NOT RUN  ")
                << describe_move_probe(p) << "\n";
      matched = matched && p.mismatches() == 0;
    }
    if (!print_wmma(r, req.instructions.size() == 1 && find_wmma_kind(req.instructions[0]))) {
      std::cout << "a WMMA kind's passes disagree where marked FAILED: those slots are not measured\n";
      matched = false;
    }
    const int explorer = r.ldmatrix.ran || !r.ldmatrix.skipped.empty() ? print_explorer(r.ldmatrix) : 0;
    print_cycles(r);
    std::cout << "timings: CUDA start-up " << fixed(r.cuda_init_ms, 1) << " ms (measured apart), probes "
              << fixed(r.probe_ms, 1) << " ms (of which Hopper probes " << fixed(r.hopper_ms, 1) << " ms)\n";

    int code = 0;
    if (r.error.kind != ErrorKind::none) {
      std::cerr << (r.error.kind == ErrorKind::cuda ? "CUDA error: " : "probe stopped: ") << r.error.message
                << "\n";
      code = exit_code_for(r.error.kind);
    } else if (!matched || explorer == kExitMismatch) {
      code = kExitMismatch;
    } else if (explorer == kExitRefused) {
      code = kExitRefused;
    }
    ReportFile file;
    file.probe = r;
    write_report_if_asked(file, opts->json, code);
    exit_code = finish_output(code);
  });
}

void add_device_command(CLI::App& app, int& exit_code) {
  auto* cmd =
      app.add_subcommand("device", "Show the GPU this build sees (exit 2 when there is none it can use)");
  cmd->callback([&exit_code] {
    const DeviceInfo d = query_device();
    std::cout << "built with CUDA: " << (built_with_cuda() ? "yes" : "no") << "\n";
    if (!d.present) {
      if (built_with_cuda()) {
        std::cout << "CUDA runtime:    " << cuda_version(d.runtime_version) << "\n"
                  << "CUDA driver:     " << cuda_version(d.driver_version)
                  << (d.driver_release.empty() ? "" : " (" + d.driver_release + ")") << "\n";
      }
      print_no_device(d, "fragviz-cli layout --list", "fragviz-cli banks --num x4 --stride-halves 72");
      exit_code = finish_output(kExitNoDevice);
      return;
    }
    std::cout << "name:            " << d.name << "\n"
              << "compute:         sm_" << d.sm() << " (" << d.cc_major << "." << d.cc_minor << ")\n"
              << "SMs:             " << d.sm_count << "\n"
              << "clock:           " << d.clock_khz / 1000 << " MHz\n"
              << "memory:          "
              << fixed(static_cast<double>(d.global_mem_bytes) / (1024.0 * 1024.0 * 1024.0), 1) << " GiB\n"
              << "CUDA driver:     " << cuda_version(d.driver_version)
              << (d.driver_release.empty() ? "" : " (" + d.driver_release + ")") << "\n"
              << "CUDA runtime:    " << cuda_version(d.runtime_version) << "\n"
              << "catalogue:       " << runnable_count(d) << " of "
              << plural(catalogue().size(), "instruction") << " "
              << agree(runnable_count(d), "has at least the SM it needs", "have at least the SM they need")
              << "\n";
    exit_code = finish_output(kExitOk);
  });
}

}  // namespace fragviz::cli
