// `fragviz-cli layout`: the catalogue's fragment tables, one line per (operand, lane, element),
// with the ldmatrix that fills A and B (or why none does), and `--list`, every catalogue instruction with its
// minimum SM: mma.sync, wgmma (threads 0-127), stmatrix and movmatrix; `--where` and `--lane` ask the
// tables one question (fragviz/isa/fragment_query.hpp, which the app's Find field asks too); `--operand
// sfa|sfb` prints a block-scaled mma's scale-factor registers under a selector (fragviz/isa/block_scale.hpp).
#include <iostream>
#include <string>

#include "commands.hpp"
#include "fragviz/isa/block_scale.hpp"
#include "fragviz/isa/fragment.hpp"
#include "fragviz/isa/fragment_query.hpp"
#include "fragviz/isa/ldmatrix.hpp"
#include "fragviz/isa/matrix_move.hpp"
#include "fragviz/isa/matrix_move_b8.hpp"
#include "fragviz/isa/wgmma.hpp"
#include "fragviz/isa/wmma.hpp"
#include "fragviz/util/name_suggest.hpp"
#include "fragviz/util/words.hpp"
#include "fragviz/viewmodel/hopper_derived.hpp"

namespace fragviz::cli {
namespace {

/// "sm_80", "sm_120a".
std::string target_name(const Instruction& in) {
  return "sm_" + std::to_string(in.min_sm) + (in.arch_specific ? "a" : "");
}

/// Every catalogue entry and the target it needs, as text ("MNEMONIC  sm_80") or as CSV
/// ("mnemonic,target").
void print_list(bool csv) {
  const char* sep = csv ? "," : "  ";
  if (csv) std::cout << "mnemonic,target\n";
  for (const Instruction& in : catalogue()) std::cout << in.mnemonic << sep << target_name(in) << "\n";
  for (const WgmmaInstruction& in : wgmma_catalogue()) std::cout << in.mnemonic << sep << "sm_90a\n";
  for (LdmNum num : {LdmNum::x1, LdmNum::x2, LdmNum::x4})
    for (bool trans : {false, true}) std::cout << stmatrix_mnemonic({num, trans}) << sep << "sm_90\n";
  std::cout << kMovmatrixMnemonic << sep << "sm_75\n";
}

/// wgmma: D and A-from-registers over the warpgroup's 128 threads; B (and A in the SS form) come
/// through a shared-memory descriptor, which `fragviz-cli descriptor` prints.
void print_wgmma(const WgmmaInstruction& in, bool csv) {
  if (csv) {
    std::cout << csv_header(FragmentScope::warpgroup, false) << "\n";
  } else {
    std::cout
        << in.mnemonic << "  (sm_90a, PTX ISA 8.0, \"Register Fragments and Shared Memory Matrix Layouts\")\n"
        << "warpgroup of 128 threads: warp w = thread / 32 owns rows 16w..16w+15; B always, and A in the\n"
        << "descriptor form, come from shared memory: fragviz-cli descriptor --instr " << in.mnemonic << "\n";
  }
  for (const FragmentOperand& f : fragment_operands(in)) {
    if (!csv)
      std::cout << "\n"
                << (f.op == Operand::A ? "A from registers" : operand_title(f.op, f.scope)) << " ("
                << f.spec->rows << "x" << f.spec->cols << ", ." << to_string(f.spec->type) << ", "
                << f.per_thread() << " elements in " << f.registers() << " registers per thread)\n";
    for (int t = 0; t < kWarpgroupSize; ++t) {
      if (!csv) std::cout << "  thread " << (t < 10 ? "  " : t < 100 ? " " : "") << t << ":";
      for (int e = 0; e < f.per_thread(); ++e) {
        const Coord c = operand_coord(*f.spec, t, e);
        if (csv)
          std::cout << csv_row(f, t, e) << '\n';
        else
          std::cout << "  " << element_name(f.op, e, f.scope) << "=(" << c.row << "," << c.col << ")";
      }
      if (!csv) std::cout << "\n";
    }
  }
}

/// stmatrix (as ldmatrix's register layout, inverted) and movmatrix (the table the app draws):
/// per lane and register half.
void print_move(const std::string& name, bool csv) {
  const bool mov = name == kMovmatrixMnemonic;
  const app::MovmatrixTable moves = app::make_movmatrix_table(nullptr);
  LdmatrixConfig c{LdmNum::x4, name.find(".trans.") != std::string::npos};
  for (LdmNum num : {LdmNum::x1, LdmNum::x2, LdmNum::x4})
    if (name.find(std::string(".") + std::string(to_string(num)) + ".") != std::string::npos) c.num = num;
  if (csv) {
    std::cout << (mov ? "lane,half,source_row,source_col,dest_row,dest_col\n"
                      : "lane,register,half,matrix,row,col\n");
  } else if (mov) {
    std::cout
        << name << "  (sm_75, PTX ISA 7.8, \"Warp Level Matrix Transpose Instruction: movmatrix\")\n"
        << "lane l holds row l/4, cols 2(l%4), 2(l%4)+1 before; after, the same positions of the transpose\n";
  } else {
    std::cout << name << "  (sm_90, PTX ISA 7.8, \"Warp Level Matrix Store Instruction: stmatrix\")\n"
              << "lanes 8j..8j+7 give the row addresses of matrix j; register j of each lane is stored to "
                 "matrix j\n";
  }
  for (int lane = 0; lane < kWarpSize; ++lane) {
    if (!csv) std::cout << "  lane " << (lane < 10 ? " " : "") << lane << ":";
    if (mov) {
      for (int h = 0; h < 2; ++h) {
        const auto& half = moves.lanes[static_cast<std::size_t>(lane)][static_cast<std::size_t>(h)];
        const Coord before = half.before, after = half.after;
        if (csv)
          std::cout << lane << ',' << h << ',' << before.row << ',' << before.col << ',' << after.row << ','
                    << after.col << '\n';
        else
          std::cout << "  half" << h << ": before (" << before.row << "," << before.col << ") after ("
                    << after.row << "," << after.col << ")";
      }
    } else {
      for (int j = 0; j < matrices(c.num); ++j)
        for (int h = 0; h < 2; ++h) {
          const Coord e = stmatrix_element(c.trans, lane, h);
          if (csv)
            std::cout << lane << ',' << j << ',' << h << ',' << j << ',' << e.row << ',' << e.col << '\n';
          else
            std::cout << "  r" << j << "." << h << "->m" << j << "(" << e.row << "," << e.col << ")";
        }
      if (!csv && lane < 8 * matrices(c.num))
        std::cout << "   [address: matrix " << address_matrix(lane) << " row " << address_row(lane) << "]";
    }
    if (!csv) std::cout << "\n";
  }
}

bool is_move_name(const std::string& name) {
  if (name == kMovmatrixMnemonic) return true;
  for (LdmNum num : {LdmNum::x1, LdmNum::x2, LdmNum::x4})
    for (bool trans : {false, true})
      if (name == stmatrix_mnemonic({num, trans})) return true;
  return false;
}

/// How ldmatrix fills operand `op` (text only): the load, the stored layout it assumes and which
/// lanes address which stored rows; the other storage's load when there is one; or why none does.
void print_ldmatrix(const Instruction& in, Operand op) {
  const auto load = fragment_load(in, op);
  if (!load) {
    std::cout << "  ldmatrix: " << ldmatrix_problem(in, op) << "\n";
    return;
  }
  std::cout << "  ldmatrix: " << ldmatrix_mnemonic(load->config) << ", " << storage_words(in, *load) << "\n";
  for (int j = 0; j < matrices(load->config.num); ++j) {
    const Coord a = address_byte(*load, 8 * j);
    std::cout << "    register " << j << " = matrix " << j << ": lanes " << 8 * j << "-" << 8 * j + 7
              << " address stored rows " << a.row << "-" << a.row + 7 << " at byte " << a.col << "\n";
  }
  std::cout
      << (load->config.trans
              ? "    .trans: lane l gets the halves in rows 2(l%4), 2(l%4)+1 at column l/4 of each matrix\n"
              : "    lane l gets bytes 4(l%4)..4(l%4)+3 of row l/4 of each matrix\n");
  for (LdmStorage s : {LdmStorage::k_contiguous, LdmStorage::mn_contiguous}) {
    if (s == load->storage) continue;
    const LdmatrixFit other = plan_ldmatrix(in, op, s);
    if (other.load)
      std::cout << "    also: " << ldmatrix_mnemonic(other.load->config) << ", "
                << storage_words(in, *other.load) << "\n";
  }
}

/// What an unmeasured entry rests on (model_status), after a --lane/--where answer or a CSV: on
/// standard error with --csv, so standard output carries the CSV alone.
void print_model_status(const Instruction* in, bool csv) {
  if (!in) return;
  if (const std::string status = model_status(*in); !status.empty())
    (csv ? std::cerr : std::cout) << status << "\n";
}

void print_table(const Instruction& in, bool csv) {
  const bool products = in.products > 1;
  if (csv) {
    std::cout << csv_header(FragmentScope::warp, products) << "\n";
  } else {
    std::cout << in.mnemonic << "  (" << target_name(in) << ", PTX ISA " << in.ptx_major << "."
              << in.ptx_minor << ", \"" << in.ptx_section << "\")\n"
              << "groupID = lane >> 2, threadID_in_group = lane % 4";
    if (*in.note) std::cout << "\n" << in.note;
    if (const std::string status = model_status(in); !status.empty()) std::cout << "\n" << status;
    if (in.scale.vec > 0)
      std::cout << "\nscale factors: fragviz-cli layout --instr " << in.mnemonic
                << " --operand sfa|sfb [--byte-id N] [--thread-id N]";
    std::cout << "\n";
  }
  for (const FragmentOperand& f : fragment_operands(in)) {
    const Operand op = f.op;
    const int per_lane = elements_per_lane(in, op);
    if (!csv) {
      std::cout << "\n"
                << operand_title(op) << " (" << operand_rows(in, op) << "x" << operand_cols(in, op)
                << (products ? " per quad pair" : "") << ", ." << to_string(operand_spec(in, op).type) << ", "
                << per_lane << (per_lane == 1 ? " element" : " elements") << " in "
                << registers_per_lane(in, op)
                << (registers_per_lane(in, op) == 1 ? " register" : " registers") << " per lane)\n";
    }
    for (int lane = 0; lane < in.threads; ++lane) {
      if (!csv) std::cout << "  lane " << (lane < 10 ? " " : "") << lane << ":";
      for (int e = 0; e < per_lane; ++e) {
        const Coord c = fragment_coord(in, op, lane, e);
        if (csv) {
          std::cout << csv_row(f, lane, e) << '\n';
        } else {
          std::cout << "  " << element_name(op, e) << "=(" << c.row << "," << c.col;
          if (products) std::cout << ",q" << c.product;
          std::cout << ")";
        }
      }
      if (!csv) std::cout << "\n";
    }
    if (!csv && op != Operand::C) print_ldmatrix(in, op);
  }
}

/// The scale-factor registers of a block-scaled mma under selector `sel`: per lane, each byte the
/// mma reads and the row (sfa) or column (sfb) and K range it scales; CSV:
/// operand,lane,byte,row_or_col,k_block,k_first,k_last.
void print_scales(const Instruction& in, ScaleOperand op, ScaleSelector sel, bool csv) {
  const int chunk = scale_chunk_k(in);
  const bool a = op == ScaleOperand::A;
  if (csv) {
    std::cout << "operand,lane,byte,row_or_col,k_block,k_first,k_last\n";
  } else {
    std::cout << in.mnemonic << "  (" << target_name(in) << ", PTX ISA 9.2, \"Block Scaling for mma.sync\")\n"
              << (a ? "scale-a-data: scale_A is " : "scale-b-data: scale_B is ")
              << (a ? std::to_string(in.m) + " x " + std::to_string(in.scale.vec)
                    : std::to_string(in.scale.vec) + " x " + std::to_string(in.n))
              << " ." << to_string(in.scale.type) << ", one scale per " << (a ? "row of A" : "column of B")
              << " and " << chunk << " of K (.scale_vec::" << in.scale.vec << "X)\n"
              << "selector {byte-id " << sel.byte_id << ", thread-id-" << (a ? "a " : "b ") << sel.thread_id
              << "}: "
              << (a ? "lanes with lane % 4 = " + std::to_string(2 * sel.thread_id) + " or " +
                          std::to_string(2 * sel.thread_id + 1)
                    : "lanes with lane % 4 = " + std::to_string(sel.thread_id))
              << " provide it; other lanes and bytes are ignored\n"
              << model_status(in) << "\n\n";
  }
  for (int lane = 0; lane < kWarpSize; ++lane) {
    std::string line;
    for (int byte = 0; byte < 4; ++byte) {
      const std::optional<ScaleCell> c = scale_factor_cell(in, op, sel, lane, byte);
      if (!c) continue;
      const int first = c->k_block * chunk, last = first + chunk - 1;
      if (csv)
        std::cout << to_string(op) << "," << lane << "," << byte << "," << c->index << "," << c->k_block
                  << "," << first << "," << last << "\n";
      else
        line += "  byte" + std::to_string(byte) + "=(" + (a ? "row " : "col ") + std::to_string(c->index) +
                ", k " + std::to_string(first) + "-" + std::to_string(last) + ")";
    }
    if (!csv)
      std::cout << "  lane " << (lane < 10 ? " " : "") << lane << ":" << (line.empty() ? "  -" : line)
                << "\n";
  }
}

}  // namespace

void add_layout_command(CLI::App& app, int& exit_code) {
  struct Opts {
    std::string shape;
    std::string instr;
    std::string where;
    std::string lane;    // parse_thread_number's text, as the app's Find takes `lane N`
    std::string thread;  // --thread: the same index, as typed under that name
    bool csv = false;
    bool list = false;
    std::string operand;
    int byte_id = 0;
    int thread_id = 0;
  };
  auto opts = std::make_shared<Opts>();
  auto* cmd =
      app.add_subcommand("layout", "Print each fragment element's (row, col) for operands A, B and C/D");
  auto* list = cmd->add_flag("--list", opts->list,
                             "Every catalogue instruction's PTX mnemonic and minimum SM, one per line "
                             "(with --csv: mnemonic,target)");
  auto* instr = cmd->add_option("--instr", opts->instr,
                                "Full PTX mnemonic (see --list); mma.sync also without 'mma.sync.aligned.', "
                                "wgmma without 'wgmma.mma_async.sync.aligned.'")
                    ->excludes(list);
  cmd->add_option("--shape", opts->shape,
                  "m16n8k8 or m16n8k16: shorthand for mma.sync.aligned.<shape>.row.col.f32.f16.f16.f32")
      ->check(CLI::IsMember({"m16n8k8", "m16n8k16"}))
      ->excludes(instr)
      ->excludes(list);
  auto* where = cmd->add_option("--where", opts->where,
                                "Who holds this element: OPERAND,ROW,COL (A, B, C or D; e.g. A,9,3; m8n8k4 "
                                ".f16 also ,PRODUCT): lane, element, register, its part and bits")
                    ->type_name("OP,ROW,COL")
                    ->excludes(list);
  // --lane and --thread name one index (a warp's lane, a warpgroup's thread): two options, so that
  // every message names the one the user typed. A negative one is no index of any instruction: a
  // bad command line (64); one past this instruction's lanes or threads is refused (3).
  const auto index_option = [&](const char* name, std::string& into, const std::string& help) {
    return cmd->add_option(name, into, help)
        ->type_name("N")
        // The Find field's parse: a number of any length, one too large is out of range.
        ->check(CLI::Validator(
            [](std::string& v) -> std::string {
              const std::optional<int> n = parse_thread_number(v);
              if (!n) return "must be a whole number, got '" + echo_text(v) + "'";
              if (*n < 0)
                return "must be 0 or more (a warp's lanes 0-31, a wgmma warpgroup's threads 0-127), got '" +
                       echo_text(v) + "'";
              return "";
            },
            ""))
        ->excludes(list)
        ->excludes(where);
  };
  auto* lane =
      index_option("--lane", opts->lane,
                   "One lane's registers (0-31; a wgmma warpgroup's thread 0-127) and what each holds");
  auto* thread =
      index_option("--thread", opts->thread,
                   "The same as --lane, named for a wgmma warpgroup's thread (0-127; a warp's lane "
                   "0-31): give one of them");
  auto* operand = cmd->add_option("--operand", opts->operand,
                                  "sfa or sfb: a block-scaled mma's scale-factor registers (scale-a-data, "
                                  "scale-b-data), per lane and byte, under --byte-id and --thread-id")
                      ->type_name("sfa|sfb")
                      ->excludes(list)
                      ->excludes(where)
                      ->excludes(lane)
                      ->excludes(thread);
  cmd->add_option("--byte-id", opts->byte_id, "With --operand: the selector's byte-id (default 0)")
      ->type_name("N")
      ->needs(operand);
  cmd->add_option("--thread-id", opts->thread_id, "With --operand: the selector's thread-id (default 0)")
      ->type_name("N")
      ->needs(operand);
  cmd->add_flag("--csv", opts->csv,
                "CSV: operand,lane,element,register,bit,bits,row,col (and product for m8n8k4 .f16); "
                "wgmma: operand,thread,warp,lane,element,register,bit,bits,row,col");
  cmd->callback([opts, lane, thread, &exit_code] {
    if (lane->count() > 0 && thread->count() > 0) {
      std::cerr
          << "fragviz-cli layout: --lane and --thread name the same index (a warp's lane, a warpgroup's "
             "thread): give one\n";
      exit_code = kExitUsage;
      return;
    }
    // The index asked for, under the name the user typed it with.
    const bool index_given = lane->count() > 0 || thread->count() > 0;
    const std::string index_flag = thread->count() > 0 ? "--thread" : "--lane";
    const std::string& index_text = thread->count() > 0 ? opts->thread : opts->lane;
    if (opts->list) {
      print_list(opts->csv);
      exit_code = finish_output(kExitOk);
      return;
    }
    std::string name = !opts->instr.empty() ? opts->instr
                       : !opts->shape.empty()
                           ? "mma.sync.aligned." + opts->shape + ".row.col.f32.f16.f16.f32"
                           : std::string("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32");
    // An entry spelled in upper case is still that entry.
    if (std::string exact = catalogue_name_ignoring_case(name, kMmaSyncNames | kWgmmaNames | kMoveNames);
        !exact.empty())
      name = std::move(exact);
    const bool query = !opts->where.empty() || index_given;
    const WgmmaInstruction* w = find_wgmma_named(name);
    const Instruction* in = w ? nullptr : find_instruction_named(name);
    if (!w && !in && parse_matrix_move_b8(name)) {
      // --lane N: that lane's registers, each byte and the element it holds.
      if (!opts->where.empty()) {
        std::cerr << "fragviz-cli layout: --where takes an mma.sync or wgmma entry; for " << name
                  << " ask one lane's bytes: fragviz-cli layout --instr " << name << " --lane N\n";
        exit_code = kExitUsage;
        return;
      }
      const int b8_lane = index_given ? parse_thread_number(index_text).value_or(-1) : -1;
      if (index_given && (b8_lane < 0 || b8_lane > 31)) {
        std::cerr << "fragviz-cli layout: refused: " << index_flag << " " << echo_text(index_text) << ": "
                  << name << " is a warp's: lanes 0-31\n";
        exit_code = kExitRefused;
        return;
      }
      print_matrix_move_b8(name, opts->csv, b8_lane);
      exit_code = finish_output(kExitOk);
      return;
    }
    if (!w && !in && is_move_name(name)) {
      if (query) {
        std::cerr << "fragviz-cli layout: --where and " << index_flag << " take an mma.sync or wgmma entry; "
                  << name << " moves matrices (its table: fragviz-cli layout --instr " << name << ")\n";
        exit_code = kExitUsage;
        return;
      }
      print_move(name, opts->csv);
      exit_code = finish_output(kExitOk);
      return;
    }
    if (const WmmaKind* wk = find_wmma_kind(name)) {
      // No model to print: the map is only ever measured.
      std::cerr << "fragviz-cli layout: WMMA has no published mapping, so there is no layout of "
                << wmma_name(*wk) << " to print; measure it on a GPU: `fragviz-cli probe --instr "
                << wmma_name(*wk) << "`\n";
      exit_code = kExitRefused;
      return;
    }
    if (!w && !in) {
      std::cerr << "fragviz-cli layout: no catalogue instruction is named '" << echo_text(name)
                << "' (fragviz-cli layout --list prints them all)"
                << did_you_mean(name, kMmaSyncNames | kWgmmaNames | kMoveNames) << "\n";
      exit_code = kExitUsage;
      return;
    }
    if (!opts->operand.empty()) {
      const std::optional<ScaleOperand> op = parse_scale_operand(opts->operand);
      if (!op) {
        std::cerr
            << "fragviz-cli layout: --operand takes sfa or sfb (A, B and C/D are printed together), got '"
            << echo_text(opts->operand) << "'\n";
        exit_code = kExitUsage;
        return;
      }
      // A well-formed selector this instruction refuses (its range follows .scale_vec): exit 3.
      const std::string why =
          !in ? name + " is a wgmma; --operand sfa|sfb takes a block-scaled mma.sync"
              : scale_selector_problem(*in, *op, ScaleSelector{opts->byte_id, opts->thread_id});
      if (!why.empty()) {
        std::cerr << "fragviz-cli layout: refused: " << why << "\n";
        exit_code = kExitRefused;
        return;
      }
      print_scales(*in, *op, ScaleSelector{opts->byte_id, opts->thread_id}, opts->csv);
      exit_code = finish_output(kExitOk);
      return;
    }
    if (query) {
      const std::vector<FragmentOperand> operands = w ? fragment_operands(*w) : fragment_operands(*in);
      const std::string mnemonic = w ? w->mnemonic : std::string(in->mnemonic);
      if (index_given) {
        const int t = parse_thread_number(index_text).value_or(-1);  // checked above
        if (const std::string why = thread_problem(operands, t); !why.empty()) {
          // Named as typed: either flag takes a warp's lane and a warpgroup's thread.
          std::cerr << "fragviz-cli layout: refused: " << index_flag << " " << echo_text(index_text) << ": "
                    << why << "\n";
          exit_code = kExitRefused;
          return;
        }
        std::cout << thread_answer(mnemonic, operands, t, opts->csv);
        print_model_status(in, opts->csv);
      } else {
        std::string why;
        const std::optional<WhereRequest> req = parse_where(opts->where, why);
        if (!req) {  // not of the form OPERAND,ROW,COL: a bad command line
          std::cerr << "fragviz-cli layout: --where: " << why << "\n";
          exit_code = kExitUsage;
          return;
        }
        // Well formed but outside this instruction's operand: refused, said with the range (newcomer
        // round 13). A negative row or column is outside every operand's: a bad command line, as
        // --lane -1 (README's exit rule; newcomer round 28 saw A,-1,3 exit 3).
        why = where_problem(operands, *req);
        if (!why.empty() && (req->row < 0 || req->col < 0)) {
          std::cerr << "fragviz-cli layout: --where: " << why << "\n";
          exit_code = kExitUsage;
          return;
        }
        if (!why.empty()) {
          std::cerr << "fragviz-cli layout: refused: --where: " << why << "\n";
          exit_code = kExitRefused;
          return;
        }
        std::cout << where_answer(mnemonic, operands, *req, opts->csv);
        print_model_status(in, opts->csv);
      }
      exit_code = finish_output(kExitOk);
      return;
    }
    if (w)
      print_wgmma(*w, opts->csv);
    else
      print_table(*in, opts->csv);
    if (in && opts->csv) print_model_status(in, true);  // the table's own header says it otherwise
    exit_code = finish_output(kExitOk);
  });
}

}  // namespace fragviz::cli
