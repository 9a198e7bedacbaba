// `fragviz-cli tiled`: CuTe's TiledMMA (and TiledCopy) for an MMA atom named as CuTe names it, an
// atom layout and a permutation tile (model/tile/): thr_layout_vmnk, the tile, get_layoutA/B/C_TV
// in CuTe's notation, and with --copy-a/--copy-b/--copy-c the TiledCopy CuTe's
// make_tiled_copy_A/B/C builds for it and the join: does every value (V0..) a thread receives (or
// stores) hold the cell the MMA's fragment has there. --thread N prints one thread's cells and
// values; --csv one line per (operand, thread, value). Exit 0, 1 when a join finds a
// value wrong, 3 when CuTe (and fragviz) refuse the configuration, 64 for a bad command line.
#include <algorithm>
#include <iostream>
#include <optional>

#include "commands.hpp"
#include "cta_flags.hpp"
#include "fragviz/tile/copy_text.hpp"
#include "fragviz/tile/cta_config.hpp"
#include "fragviz/tile/cta_presets.hpp"
#include "fragviz/tile/join.hpp"
#include "fragviz/util/name_suggest.hpp"
#include "tiled_cta.hpp"

namespace fragviz::cli {
namespace {

struct Opts {
  CtaFlags f;  ///< the configuration (cta_flags.hpp); any CTA field turns the CTA mode on
  long long thread = -1;
  bool csv = false;
  bool list = false;
  std::string json;
  bool presets = false;
  bool no_suggest = false;
  bool device = false;
  bool ncu = false, ncu_child = false;
};

/// The CTA mode's spec: the preset's, with every flag given on top of it.
int run_cta(const Opts& o) {
  CtaCliOptions c;
  const tile::CtaSpecOutcome spec = tile::apply_cta_overrides(o.f.overrides());
  if (!spec) {
    // The model echoes what was typed (echo_text); the message's own lines (did you mean) stay.
    std::cerr << "fragviz-cli tiled: " << spec.error.message << "\n";
    return finish_output(kExitUsage);
  }
  c.spec = *spec.spec;
  c.preset = o.f.preset;
  c.thread = o.thread;
  c.csv = o.csv;
  c.json = o.json;
  c.suggest = !o.no_suggest;
  c.device = o.device;
  c.ncu = o.ncu;
  c.ncu_child = o.ncu_child;
  c.flag_args = cta_flag_args(o.f);
  if (!c.json.empty() && c.json != "-" && refuse_unwritable("tiled", {{"--json", c.json}})) return kExitJson;
  return run_tiled_cta(c);
}

const Operand kOperands[] = {Operand::A, Operand::B, Operand::C};

int refuse(const std::string& why, int code) {
  std::cerr << "fragviz-cli tiled: " << why << "\n";
  return finish_output(code);
}

std::string coalesced(const algebra::Layout& l) {
  const auto r = algebra::coalesce(
      l, algebra::IntTuple::tuple({algebra::IntTuple::number(1), algebra::IntTuple::number(1)}));
  return r ? algebra::to_string(*r.value) : algebra::to_string(algebra::coalesce(l));
}

/// "m + 32*k" for an operand's column-major tile index.
std::string index_words(const tile::TiledMma& m, Operand op) {
  const char* names[3][2] = {{"m", "k"}, {"n", "k"}, {"m", "n"}};
  const int i = op == Operand::A ? 0 : op == Operand::B ? 1 : 2;
  return std::string(names[i][0]) + " + " + std::to_string(tile::tile_rows(m, op)) + "*" + names[i][1];
}

const char* coordinate_names(Operand op) {
  return op == Operand::A ? "(m,k)" : op == Operand::B ? "(n,k)" : "(m,n)";
}

bool from_descriptor(const tile::TiledMma& m, Operand op) {
  return (op == Operand::A && m.atom.a_source == tile::OperandSource::descriptor) ||
         (op == Operand::B && m.atom.b_source == tile::OperandSource::descriptor);
}

int element_bits_of(const tile::MmaAtom& a, Operand op) {
  return element_bits(op == Operand::A ? a.a_type : op == Operand::B ? a.b_type : a.c_type);
}

void print_list(bool csv) {
  if (csv) std::cout << "kind,name,issues\n";
  for (const tile::MmaAtom& a : tile::mma_atoms())
    std::cout << (csv ? "mma," : "mma   ") << a.name << (csv ? "," : "  ") << a.mnemonic << "\n";
  for (const tile::CopyAtom& a : tile::copy_atoms())
    std::cout << (csv ? "copy," : "copy  ") << a.name << (csv ? "," : "  ")
              << (a.instruction.empty() ? "C++ assignment of the vector" : a.instruction) << "\n";
}

struct CopyPart {
  Operand op;
  tile::TiledCopy copy;
  tile::Join join;
};

void print_layout_line(const char* label, const algebra::Layout& l, const std::string& meaning) {
  std::cout << "  " << label << std::string(16 - std::min<std::size_t>(15, std::string(label).size()), ' ')
            << algebra::to_string(l) << "\n"
            << "  " << std::string(16, ' ') << "coalesced " << coalesced(l)
            << (meaning.empty() ? "" : "  " + meaning) << "\n";
}

int run(const Opts& o) {
  if (o.list) {
    print_list(o.csv);
    return finish_output(kExitOk);
  }
  if (o.presets) return print_cta_presets(o.csv);
  if (o.f.overrides().cta_fields() || !o.json.empty() || o.device || o.ncu_child) return run_cta(o);
  if (o.f.mma.empty())
    return refuse("--mma is required (an MMA atom as CuTe names it; --list lists them)", kExitUsage);
  const tile::MmaAtom* atom = tile::find_mma_atom(o.f.mma);
  if (!atom)
    return refuse("no MMA atom '" + echo_text(o.f.mma) +
                      "' (CuTe's names, e.g. SM80_16x8x16_F32F16F16F32_TN; --list)" +
                      did_you_mean(o.f.mma, tile::mma_atom_names()),
                  kExitUsage);
  const std::string atoms = o.f.atoms.empty() ? "(1,1,1)" : o.f.atoms;
  const std::string permute = o.f.permute.empty() ? "Tile<_,_,_>" : o.f.permute;
  const auto layout = tile::parse_atom_layout(atoms);
  if (!layout) return refuse("--atoms '" + echo_text(atoms) + "': " + layout.message, kExitUsage);
  const auto perm = tile::parse_permutation(permute);
  if (!perm)
    return refuse("--permute '" + echo_text(permute) + "': " + perm.message,
                  perm.refusal == algebra::Refusal::cute_refuses ? kExitRefused : kExitUsage);
  std::optional<const tile::CopyAtom*> copies[3];
  int copy_bits[3] = {o.f.value_bits, o.f.value_bits, o.f.value_bits};  // a Copy_Atom's ValType sets its own
  for (int i = 0; i < 3; ++i) {
    if (o.f.copy[i].empty() || tile::is_make_tiled_copy(o.f.copy[i])) continue;  // read below
    if (tile::is_make_tiled_copy_for_mma(o.f.copy[i])) {
      // CuTe's make_tiled_copy_X(ATOM, tiled_mma): the bare atom's copy, read by the CTA tile's parser.
      const auto p = tile::parse_make_tiled_copy_for_mma(o.f.copy[i], kOperands[i], o.f.value_bits);
      if (!p)
        return refuse(std::string("--copy-") + static_cast<char>(std::tolower(to_string(kOperands[i])[0])) +
                          " '" + echo_text(o.f.copy[i]) + "': " + p.message,
                      kExitUsage);
      copies[i] = p->atom;
      copy_bits[i] = p->value_bits;
      continue;
    }
    const tile::CopyAtom* c = tile::find_copy_atom(o.f.copy[i]);
    if (!c)
      return refuse("no copy atom '" + echo_text(o.f.copy[i]) +
                        "' (CuTe's names, e.g. SM75_U32x4_LDSM_N; --list)" +
                        did_you_mean(o.f.copy[i], tile::copy_atom_names()),
                    kExitUsage);
    copies[i] = c;
  }
  const auto made = tile::make_tiled_mma(*atom, *layout.value, *perm.value);
  if (!made) return refuse("make_tiled_mma: " + made.message, kExitRefused);
  const tile::TiledMma& m = *made.value;
  if (o.thread >= m.threads())
    return refuse("refused: --thread " + std::to_string(o.thread) + ": the tiled MMA has threads 0.." +
                      std::to_string(m.threads() - 1),
                  kExitRefused);  // a whole number this tiled MMA does not have: refused (docs/cli.md)
  std::vector<CopyPart> parts;
  for (int i = 0; i < 3; ++i) {
    const Operand op = kOperands[i];
    if (tile::is_make_tiled_copy(o.f.copy[i])) {
      // The user's make_tiled_copy(ATOM, THR, VAL), held to this TiledMMA (copy_text.hpp).
      const std::string flag = std::string("--copy-") + static_cast<char>(std::tolower(to_string(op)[0]));
      const auto tc =
          tile::make_operand_tiled_copy(o.f.copy[i], o.f.value_bits, element_bits_of(*atom, op), m, op);
      if (!tc)
        return refuse(flag + " '" + echo_text(o.f.copy[i]) + "': " + tc.message,
                      tc.refusal == algebra::Refusal::cute_refuses ? kExitRefused : kExitUsage);
      const auto j = tile::join(*tc.value, m, op);
      if (!j) return refuse(flag + ": " + j.message, kExitRefused);
      parts.push_back(CopyPart{op, *tc.value, *j.value});
      continue;
    }
    if (!copies[i]) continue;
    const tile::CopyAtom& c = **copies[i];
    const int bits = copy_bits[i] > 0                     ? copy_bits[i]
                     : c.kind == tile::CopyKind::stmatrix ? 16
                                                          : element_bits_of(*atom, op);
    const std::string what =
        std::string("--copy-") + static_cast<char>(std::tolower(to_string(op)[0])) + " " + c.name;
    const auto tc = tile::make_tiled_copy_for(c, bits, m, op);
    if (!tc)
      return refuse(what + ": make_tiled_copy_" + std::string(to_string(op)) + ": " + tc.message,
                    kExitRefused);
    const auto j = tile::join(*tc.value, m, op);
    if (!j) return refuse(what + ": " + j.message, kExitRefused);
    parts.push_back(CopyPart{op, *tc.value, *j.value});
  }
  const auto part_of = [&](Operand op) -> const CopyPart* {
    for (const CopyPart& p : parts)
      if (p.op == op) return &p;
    return nullptr;
  };
  bool wrong = false;
  for (const CopyPart& p : parts) wrong = wrong || p.join.mismatches != 0 || p.join.unvectorized != 0;

  if (o.csv) {
    std::cout << "operand,thread,value,row,col,copied_row,copied_col,match\n";
    for (Operand op : kOperands) {
      if (from_descriptor(m, op)) continue;
      const CopyPart* p = part_of(op);
      for (std::int64_t t = 0; t < m.threads(); ++t) {
        if (o.thread >= 0 && t != o.thread) continue;
        const std::vector<tile::Cell> cells = tile::thread_cells(m, op, t);
        std::vector<const tile::JoinCell*> by_slot(cells.size(), nullptr);
        if (p)
          for (const tile::JoinCell& c : p->join.cells)
            if (c.thread == t) by_slot[static_cast<std::size_t>(c.slot)] = &c;
        for (std::size_t r = 0; r < cells.size(); ++r) {
          std::cout << to_string(op) << "," << t << "," << r << "," << cells[r].row << "," << cells[r].col
                    << ",";
          if (const tile::JoinCell* c = by_slot[r])
            std::cout << c->moved.row << "," << c->moved.col << "," << (c->match() ? "yes" : "no");
          else
            std::cout << ",,";
          std::cout << "\n";
        }
      }
    }
    return finish_output(wrong ? kExitMismatch : kExitOk);
  }

  std::cout << "TiledMMA " << atom->name << "  (" << atom->mnemonic << ")\n"
            << "  atom layout     " << algebra::to_string(m.atom_layout_mnk) << ", permutation "
            << tile::permutation_text(m.permutation) << "\n"
            << "  thr_layout_vmnk " << algebra::to_string(m.thr_layout_vmnk) << "  (" << m.threads()
            << " threads)\n"
            << (m.threads() > tile::kMaxCtaThreads
                    ? "  note: more threads than the " + std::to_string(tile::kMaxCtaThreads) +
                          " a CTA can have: CuTe builds this TiledMMA, but no kernel launches it\n"
                    : std::string())
            << "  tile            M " << m.tile_mnk[0] << " x N " << m.tile_mnk[1] << " x K " << m.tile_mnk[2]
            << "\n";
  // Atoms along K split one C among several threads each, and CuTe's get_layoutC_TV composes its
  // C layout of one K slice's threads with every thread index: the threads past the first slice
  // map past the M x N tile (newcomer round 27 read it as a wrong layout). Said, not changed: the
  // layout is CuTe's, to the offset.
  if (const std::int64_t k_atoms = algebra::size(m.atom_layout_mnk.mode(2)); k_atoms > 1)
    std::cout
        << "  note: " << k_atoms << " atoms along K: the threads of each K atom past the first (K "
        << "coordinate > 0 in thr_layout_vmnk) hold partial sums of the same C elements as the first's; "
        << "CuTe's LayoutTV C (below, as get_layoutC_TV gives it) maps them past the " << m.tile_mnk[0]
        << " x " << m.tile_mnk[1] << " tile (offsets " << m.tile_mnk[0] * m.tile_mnk[1] << " and up)\n";
  for (Operand op : kOperands) {
    const std::string label = std::string("LayoutTV ") + std::string(to_string(op));
    print_layout_line(
        label.c_str(), tile::layout_tv(m, op),
        "(thread, value) -> " + index_words(m, op) +
            (from_descriptor(m, op) ? " (a shared-memory descriptor: every thread sees all)" : ""));
  }
  for (const CopyPart& p : parts) {
    const tile::TiledCopy& c = p.copy;
    std::cout << "\ncopy " << to_string(p.op) << ": " << c.atom.name << "  ("
              << (c.atom.instruction.empty() ? "a C++ assignment of the vector" : c.atom.instruction) << "), "
              << c.values.value_bits << "-bit values, tiler " << algebra::to_string(c.tiler) << "\n";
    print_layout_line("TiledLayout_TV", c.layout_tv, "");
    print_layout_line("LayoutS_TV", c.layout_s_tv,
                      p.join.store ? "(registers)" : "(shared memory addresses)");
    print_layout_line("LayoutD_TV", c.layout_d_tv,
                      p.join.store ? "(shared memory addresses)" : "(registers)");
    std::cout << "  shared-memory vectors " << p.join.vector_run << "\n"
              << "  join " << to_string(p.op) << ": " << p.join.verdict() << "\n";
    if (p.join.unvectorized)
      std::cout << "  " << p.join.unvectorized
                << " register groups sit in slots that are not consecutive: CuTe's copy_unpack could not "
                   "recast them "
                   "(\"failed to vectorize into registers\")\n";
    if (p.join.cute_disagrees)
      std::cout << "  " << p.join.cute_disagrees
                << " values where CuTe's copy traits and the PTX ISA's instruction part\n";
  }
  if (o.thread >= 0) {
    const auto v = tile::thread_vmnk(m, o.thread);
    std::cout << "\nthread " << o.thread << ": (v,m,n,k) = (" << v[0] << "," << v[1] << "," << v[2] << ","
              << v[3] << "), warp " << o.thread / kWarpSize << " lane " << o.thread % kWarpSize << "\n";
    for (Operand op : kOperands) {
      if (from_descriptor(m, op)) {
        std::cout << "  " << to_string(op) << ": through a shared-memory descriptor\n";
        continue;
      }
      const std::vector<tile::Cell> cells = tile::thread_cells(m, op, o.thread);
      std::cout << "  " << to_string(op) << " " << coordinate_names(op) << ":";
      for (std::size_t r = 0; r < cells.size(); ++r)
        std::cout << " r" << r << " " << tile::to_string(cells[r]);
      std::cout << "\n";
      if (const CopyPart* p = part_of(op)) {
        std::cout << "  " << to_string(op) << " " << (p->join.store ? "stored by " : "from ")
                  << p->copy.atom.name << ":";
        for (const tile::JoinCell& c : p->join.cells)
          if (c.thread == o.thread)
            std::cout << " r" << c.slot << " " << tile::to_string(c.moved) << (c.match() ? "" : " (wrong)");
        std::cout << "\n";
      }
    }
  }
  return finish_output(wrong ? kExitMismatch : kExitOk);
}

}  // namespace

void add_tiled_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand(
      "tiled",
      "CuTe's TiledMMA and TiledCopy: e.g. --mma SM80_16x8x16_F32F16F16F32_TN --atoms '(2,2,1)' --permute "
      "'Tile<_32,_32,_16>' --copy-a SM75_U32x4_LDSM_N (or CuTe's 'make_tiled_copy_A(SM75_U32x4_LDSM_N, "
      "tiled_mma)'); prints the layouts in CuTe notation and whether each "
      "value the copy fills is the cell the MMA expects");
  add_cta_flags(cmd, o->f);
  cmd->add_option("--thread", o->thread, "one thread's cells and values (V0..)")
      ->check(CLI::Range(0LL, 1LL << 20));
  cmd->add_flag("--csv", o->csv,
                "one line per (operand, thread, value): operand,thread,value,row,col,"
                "copied_row,copied_col,match (A (m,k), B (n,k), C (m,n)); in CTA mode the bank table "
                "operand,warp,k_block,instructions,wavefronts,ideal_wavefronts,bank_conflicts,misaligned (a "
                "cp.async.ca fill's rows as operand 'A fill', 'B fill'), or "
                "with --thread that thread's values");
  cmd->add_flag("--list", o->list, "list the MMA and copy atoms");
  cmd->add_flag("--presets", o->presets, "list the CTA tile presets");
  cmd->add_flag("--no-suggest", o->no_suggest, "do not search a swizzle for an operand that conflicts");
  cmd->add_option("--json", o->json, "the CTA report as JSON to this file ('-': standard output)");
  auto* device = cmd->add_flag(
      "--device", o->device,
      "CTA mode: run A's and B's shared-memory loads (ldmatrix, ld.shared) on the GPU and compare "
      "every register with the model (exit 2 without a usable GPU)");
  auto* ncu = cmd->add_flag("--ncu", o->ncu,
                            "with --device: rerun the copies (A's and B's loads, C's store, the cp.async "
                            "fills) under Nsight Compute (ncu on PATH) and print their shared-memory "
                            "wavefronts and bank conflicts beside the bank table's totals (exit 2 without "
                            "ncu)");
  ncu->needs(device);
  cmd->add_flag("--ncu-child", o->ncu_child, "internal: the copy probes --ncu reruns under ncu")->group("");
  cmd->callback([o, &exit_code] { exit_code = run(*o); });
}

}  // namespace fragviz::cli
