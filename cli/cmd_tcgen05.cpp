// `fragviz-cli tcgen05-desc` and `fragviz-cli tmem`: Blackwell (sm_100) tcgen05 descriptors
// encoded and decoded field by field, and what each tcgen05.ld/st shape moves between each
// thread's registers and tensor memory. Model only: no Blackwell GPU has run any of it
// (fragviz/isa/tcgen05_desc.hpp, fragviz/isa/tmem.hpp); every output says so.
#include <algorithm>
#include <cstdint>
#include <iostream>
#include <string>
#include <utility>

#include "commands.hpp"
#include "fragviz/isa/sm100_wording.hpp"
#include "fragviz/isa/tcgen05_desc.hpp"
#include "fragviz/isa/tmem.hpp"
#include "fragviz/util/name_suggest.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz::cli {
namespace {

const char* const kModelOnly = sm100_model_only_line();

/// Hex digits (an optional 0x) of at most `max_digits`: the value, or nullopt.
std::optional<std::uint64_t> parse_hex(const std::string& text, std::size_t max_digits) {
  const std::string digits = text.rfind("0x", 0) == 0 || text.rfind("0X", 0) == 0 ? text.substr(2) : text;
  if (digits.empty() || digits.size() > max_digits ||
      digits.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos)
    return std::nullopt;
  return std::stoull(digits, nullptr, 16);
}

/// The type names of operand 'a', 'b' or 'd' that `kind`'s descriptor table lists, space-separated:
/// what a refused --a, --b or --d accepts.
std::string format_names(UmmaKind kind, char operand) {
  static const char* const kAb[] = {"f16",  "bf16", "tf32", "e4m3", "e5m2",
                                    "e2m3", "e3m2", "e2m1", "u8",   "s8"};
  static const char* const kD[] = {"f16", "f32", "s32"};
  std::string names;
  const auto add = [&](const char* n) {
    if (umma_format_code(kind, operand, n)) names += (names.empty() ? "" : " ") + std::string(n);
  };
  if (operand == 'd')
    for (const char* n : kD) add(n);
  else
    for (const char* n : kAb) add(n);
  return names;
}

void print_lines(const std::vector<std::string>& lines) {
  for (const std::string& l : lines) std::cout << l << "\n";
}

/// Prints the verdict on a decoded descriptor and returns the exit code: 0 readable (also with a
/// warning, which fragviz cannot settle from the bits alone), 3 refused.
int verdict(const std::optional<std::string>& why, const std::optional<std::string>& warning = std::nullopt) {
  if (why) {
    std::cout << "verdict          refused: " << *why << "\n";
    return kExitRefused;
  }
  if (warning) {
    std::cout << "verdict          warning: " << *warning << "\n";
    return kExitOk;
  }
  std::cout << "verdict          an sm_100 tcgen05.mma can read it\n";
  return kExitOk;
}

/// The heading of an instruction descriptor, decoded or encoded: its PTX ISA section and the table
/// that lays out `kind`'s bits (Table 42: tf32/f16/f8f6f4/i8, 43: mxf8f6f4, 44: mxf4/mxf4nvf4).
std::string idesc_heading(UmmaKind kind) {
  const char* table = umma_kind_block_scaled(kind) ? (kind == UmmaKind::mxf8f6f4 ? "43" : "44") : "42";
  return std::string("PTX ISA 9.1, 9.7.16.4.2 \"Instruction descriptor\" (Table ") + table + ")";
}

}  // namespace

int decode_sm100_smem_descriptor(const std::string& hex, const char* command, const char* flag) {
  const auto bits = parse_hex(hex, 16);
  if (!bits) {
    std::cerr << command << ": " << flag
              << " wants a hexadecimal 64-bit value (1-16 hex digits, optional 0x), got '" << echo_text(hex)
              << "'\n";
    return kExitUsage;
  }
  std::cout << kModelOnly << "\nPTX ISA 9.1, 9.7.16.4.1 \"Shared memory descriptor\" (Table 40)\n";
  print_lines(describe_umma_smem_descriptor(*bits));
  const UmmaSmemDescriptor d = decode_umma_smem_descriptor(*bits);
  return verdict(validate_umma_smem_descriptor(d), umma_base_offset_warning(d));
}

void add_tcgen05_desc_command(CLI::App& app, int& exit_code) {
  struct Opts {
    std::string smem, idesc, kind = "f16", a = "f16", b = "f16", d = "f32", swizzle = "128B", scale = "ue8m0";
    bool encode_smem = false, encode_idesc = false;
    std::uint32_t start = 0, lbo = 16, sbo = 1024;
    int base_offset = 0, lbo_mode = 0, m = 128, n = 256, sparse_selector = 0, max_shift = 0, a_sf = 0,
        b_sf = 0;
    bool transpose_a = false, transpose_b = false, negate_a = false, negate_b = false, sparse = false,
         saturate = false, k96 = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand(
      "tcgen05-desc",
      "Blackwell sm_100 tcgen05 descriptors (shared-memory, instruction) encoded or decoded field by field "
      "(model only)");
  auto* smem = cmd->add_option("--smem", o->smem, "decode these 64 shared-memory descriptor bits (hex)");
  auto* idesc =
      cmd->add_option("--idesc", o->idesc, "decode these 32 instruction descriptor bits (hex), with --kind");
  auto* esmem = cmd->add_flag("--encode-smem", o->encode_smem,
                              "encode a shared-memory descriptor from --start --lbo --sbo --base-offset "
                              "--lbo-mode --swizzle");
  auto* eidesc =
      cmd->add_flag("--encode-idesc", o->encode_idesc,
                    "encode an instruction descriptor from --kind --a --b --d --m --n and the flags");
  smem->excludes(idesc)->excludes(esmem)->excludes(eidesc);
  idesc->excludes(esmem)->excludes(eidesc);
  esmem->excludes(eidesc);
  auto* kind_opt =
      cmd->add_option("--kind", o->kind,
                      "f16 tf32 f8f6f4 i8 mxf8f6f4 mxf4 mxf4nvf4 (selects the descriptor layout; "
                      "required with --idesc, f16 by default with --encode-idesc)");
  cmd->add_option("--start", o->start, "start address, bytes");
  cmd->add_option("--lbo", o->lbo, "leading dimension byte offset, bytes");
  cmd->add_option("--sbo", o->sbo, "stride dimension byte offset, bytes");
  cmd->add_option("--base-offset", o->base_offset, "matrix base offset (0-7)");
  cmd->add_option("--lbo-mode", o->lbo_mode, "0 byte offset relative, 1 byte address absolute (sm_103a)");
  cmd->add_option("--swizzle", o->swizzle, "none, 128B_base32b, 128B, 64B, 32B (or the code 0-7)");
  cmd->add_option("--a", o->a, "A type: f16 bf16 tf32 e4m3 e5m2 e2m3 e3m2 e2m1 u8 s8");
  cmd->add_option("--b", o->b, "B type (as --a)");
  cmd->add_option("--d", o->d, "D type: f16 f32 s32 (dense kinds)");
  cmd->add_option("--m", o->m, "M: 64, 128 or 256");
  cmd->add_option("--n", o->n, "N: 8 to 256");
  cmd->add_flag("--transpose-a", o->transpose_a, "A is M-major");
  cmd->add_flag("--transpose-b", o->transpose_b, "B is N-major");
  cmd->add_flag("--negate-a", o->negate_a, "negate A");
  cmd->add_flag("--negate-b", o->negate_b, "negate B");
  cmd->add_flag("--sparse", o->sparse, "sparse A");
  cmd->add_option("--sparse-selector", o->sparse_selector, "sparsity selector (0-3, dense kinds)");
  cmd->add_flag("--saturate", o->saturate, "saturate (.kind::i8)");
  cmd->add_option("--max-shift", o->max_shift, "0 none, 1 8, 2 16, 3 32 (.ws B reuse, dense kinds)");
  cmd->add_option("--scale", o->scale, "scale factor type of block-scaled kinds: ue8m0 or ue4m3");
  cmd->add_option("--a-sf-id", o->a_sf, "matrix A scale factor data ID (0-3)");
  cmd->add_option("--b-sf-id", o->b_sf, "matrix B scale factor data ID (0-3)");
  cmd->add_flag("--k96", o->k96, "K 96 (.kind::mxf4, mxf4nvf4, dense)");
  cmd->callback([o, smem, idesc, kind_opt, &exit_code] {
    const char* name = "fragviz-cli tcgen05-desc";
    if (smem->count() == 0 && idesc->count() == 0 && !o->encode_smem && !o->encode_idesc) {
      std::cerr << name << ": give one of --smem HEX, --idesc HEX, --encode-smem, --encode-idesc\n";
      exit_code = kExitUsage;
      return;
    }
    if (smem->count() > 0) {
      exit_code = finish_output(decode_sm100_smem_descriptor(o->smem, name, "--smem"));
      return;
    }
    // The 32 bits alone do not say which table (42, 43 or 44) lays them out: decoding them under a
    // guessed kind would print plausible, wrong fields.
    if (idesc->count() > 0 && kind_opt->count() == 0) {
      std::cerr
          << name << ": --idesc needs --kind (f16 tf32 f8f6f4 i8 mxf8f6f4 mxf4 mxf4nvf4): the kind "
          << "decides which table lays the bits out, as in `fragviz-cli tcgen05-desc --idesc 0x08400490 "
             "--kind f16`\n";
      exit_code = kExitUsage;
      return;
    }
    const auto kind = parse_umma_kind(o->kind);
    if (!kind && !o->encode_smem) {
      std::cerr << name << ": --kind must be one of f16 tf32 f8f6f4 i8 mxf8f6f4 mxf4 mxf4nvf4, got '"
                << echo_text(o->kind) << "'\n";
      exit_code = kExitUsage;
      return;
    }
    if (idesc->count() > 0) {
      const auto bits = parse_hex(o->idesc, 8);
      if (!bits) {
        std::cerr << name << ": --idesc wants a hexadecimal 32-bit value (1-8 hex digits, optional 0x), got '"
                  << echo_text(o->idesc) << "'\n";
        exit_code = kExitUsage;
        return;
      }
      const auto word = static_cast<std::uint32_t>(*bits);
      std::cout << kModelOnly << "\n" << idesc_heading(*kind) << "\n";
      print_lines(describe_umma_instr_descriptor(word, *kind));
      exit_code = finish_output(
          verdict(validate_umma_instr_descriptor(decode_umma_instr_descriptor(word, *kind), *kind)));
      return;
    }
    if (o->encode_smem) {
      const auto code = parse_umma_swizzle(o->swizzle);
      if (!code) {
        std::cerr << name
                  << ": --swizzle must be none, 128B_base32b, 128B, 64B or 32B (or the code 0-7), got '"
                  << echo_text(o->swizzle) << "'\n";
        exit_code = kExitUsage;
        return;
      }
      // Fields wider than their bits would be cut by the encoding: refused first, naming the flag
      // (the model's own refusal would speak of "LBO mode 1" for --lbo-mode 5).
      if (o->base_offset < 0 || o->base_offset > 7 || o->lbo_mode < 0 || o->lbo_mode > 1) {
        std::cerr << name << ": refused: "
                  << (o->base_offset < 0 || o->base_offset > 7
                          ? "--base-offset " + std::to_string(o->base_offset) + ": a 3-bit field (0-7)"
                          : "--lbo-mode " + std::to_string(o->lbo_mode) + ": a 1-bit field (0 or 1)")
                  << "\n";
        exit_code = kExitRefused;
        return;
      }
      UmmaSmemDescriptor d;
      d.start_address = o->start;
      d.leading_byte_offset = o->lbo;
      d.stride_byte_offset = o->sbo;
      d.base_offset = o->base_offset;
      d.lbo_mode = o->lbo_mode;
      d.swizzle = *code;
      if (auto why = validate_umma_smem_descriptor(d)) {
        std::cerr << name << ": refused: " << *why << "\n";
        exit_code = kExitRefused;
        return;
      }
      const std::uint64_t bits = encode_umma_smem_descriptor(d);
      std::cout << kModelOnly << "\nPTX ISA 9.1, 9.7.16.4.1 \"Shared memory descriptor\" (Table 40)\n";
      print_lines(describe_umma_smem_descriptor(bits));
      if (auto warning = umma_base_offset_warning(d)) std::cout << "warning: " << *warning << "\n";
      exit_code = finish_output(kExitOk);
      return;
    }
    // --encode-idesc
    UmmaInstrDescriptor d;
    const auto a = umma_format_code(*kind, 'a', o->a);
    const auto b = umma_format_code(*kind, 'b', o->b);
    const auto dt =
        umma_kind_block_scaled(*kind) ? std::optional<int>(1) : umma_format_code(*kind, 'd', o->d);
    if (!a || !b || !dt) {
      const char op = !a ? 'a' : !b ? 'b' : 'd';
      const std::string& given = !a ? o->a : !b ? o->b : o->d;
      std::cerr << name << ": --" << op << " " << echo_text(given) << ": .kind::" << to_string(*kind)
                << " has no " << static_cast<char>(op - 'a' + 'A') << " type '" << echo_text(given)
                << "'; it takes " << format_names(*kind, op) << " (PTX ISA 9.1 Tables 42-44)\n";
      exit_code = kExitRefused;
      return;
    }
    if (o->scale != "ue8m0" && o->scale != "ue4m3") {
      std::cerr << name << ": --scale is ue8m0 or ue4m3, got '" << echo_text(o->scale) << "'\n";
      exit_code = kExitUsage;
      return;
    }
    d.a_format = *a;
    d.b_format = *b;
    d.d_format = *dt;
    d.m = o->m;
    d.n = o->n;
    d.transpose_a = o->transpose_a;
    d.transpose_b = o->transpose_b;
    d.negate_a = o->negate_a;
    d.negate_b = o->negate_b;
    d.sparse = o->sparse;
    d.sparse_selector = o->sparse_selector;
    d.saturate = o->saturate;
    d.max_shift = o->max_shift;
    d.scale_format = o->scale == "ue8m0" ? 1 : 0;
    d.a_scale_id = o->a_sf;
    d.b_scale_id = o->b_sf;
    d.k_dimension = o->k96 ? 1 : 0;
    // Fields wider than their bits would be cut by the encoding: refused first.
    const std::pair<const char*, int> two_bit[] = {{"--sparse-selector", o->sparse_selector},
                                                   {"--max-shift", o->max_shift},
                                                   {"--a-sf-id", o->a_sf},
                                                   {"--b-sf-id", o->b_sf}};
    for (const auto& [flag, value] : two_bit) {
      if (value < 0 || value > 3) {
        std::cerr << name << ": refused: " << flag << " " << value << ": a 2-bit field, 0-3\n";
        exit_code = kExitRefused;
        return;
      }
    }
    if (auto why = validate_umma_instr_descriptor(d, *kind)) {
      std::cerr << name << ": refused: " << *why << "\n";
      exit_code = kExitRefused;
      return;
    }
    const std::uint32_t bits = encode_umma_instr_descriptor(d, *kind);
    std::cout << kModelOnly << "\n" << idesc_heading(*kind) << "\n";
    print_lines(describe_umma_instr_descriptor(bits, *kind));
    exit_code = finish_output(kExitOk);
  });
}

void add_tmem_command(CLI::App& app, int& exit_code) {
  struct Opts {
    std::string shape = "32x32b", num = "x1", cp, decompress = "none";
    int split = -1, warp = 0, lane = -1, column = 0, m = 128, n = 64, cta_group = 1;
    bool csv = false, pack16 = false, accumulator = false, sparse = false, ws = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("tmem",
                                 "Which tensor-memory lane and column each register of each thread moves "
                                 "with tcgen05.ld/st, where tcgen05.mma keeps D (--accumulator) and where "
                                 "tcgen05.cp puts shared memory (--cp) (model only)");
  auto* shape_opt = cmd->add_option("--shape", o->shape, "32x32b, 16x64b, 16x128b, 16x256b or 16x32bx2");
  auto* num_opt = cmd->add_option("--num", o->num,
                                  "repeat count: x1, x2, x4, ... x128 (x64 for 16x128b, x32 for 16x256b)");
  auto* split_opt =
      cmd->add_option("--split", o->split, "16x32bx2's immHalfSplitoff in columns (default: --num's count)")
          ->check(CLI::Range(0, kTmemColumns - 1));
  cmd->add_option("--warp", o->warp, "warp id in the CTA: it reaches lanes 32*(warp%4) to 32*(warp%4)+31")
      ->check(CLI::Range(0, kCtaMaxWarps - 1));
  // A negative lane or column is no TMEM address at all: a bad command line (64); one past what the
  // warp or the copy reaches is refused below (3).
  auto* lane_opt =
      cmd->add_option("--lane", o->lane,
                      "taddr's lane (default: the warp's first lane; with --cp: 0, see --column)")
          ->check(whole_number(false));
  auto* pack_opt =
      cmd->add_flag("--pack16", o->pack16,
                    ".pack::16b (ld) / .unpack::16b (st): each register's two 16-bit halves, each in the low "
                    "half of an adjacent column");
  cmd->add_flag("--csv", o->csv,
                "CSV: thread,register,lane,column (with --pack16: thread,register,half,lane,column; with "
                "--accumulator: row,column,cta,lane,tmem_column,warp; with --cp: "
                "row,chunk,copy,lane,first_column,last_column)");
  auto* acc =
      cmd->add_flag("--accumulator", o->accumulator,
                    "where tcgen05.mma's D lives: TMEM lanes and columns per row and column of D, the "
                    "PTX data-path layout letter (with --m --n --cta-group --sparse --ws)");
  auto* m = cmd->add_option(
      "--m", o->m,
      "--accumulator: M, 64 or 128 (cta_group::1), 128 or 256 (cta_group::2), 32, 64 or 128 (--ws)");
  auto* n = cmd->add_option(
      "--n", o->n, "--accumulator: N, 8-256 in steps of 8 (M 64) or 16 (M 128, 256); 64, 128 or 256 (--ws)");
  auto* cg = cmd->add_option("--cta-group", o->cta_group, "--accumulator, --cp: 1 or 2 (a CTA pair)");
  auto* cp = cmd->add_option("--cp", o->cp,
                             "tcgen05.cp from shared memory: where each 128-bit chunk of each source row "
                             "lands: 128x256b, 4x256b, 128x128b, 64x128b.warpx2::02_13, "
                             "64x128b.warpx2::01_23, 32x128b.warpx4");
  auto* dec = cmd->add_option("--decompress", o->decompress,
                              "--cp: none, b6x16_p32 or b4x16_p64 (.b8x16.b6x16_p32 / .b8x16.b4x16_p64)");
  auto* column_opt = cmd->add_option("--column", o->column,
                                     "--cp: taddr's column (default 0); with --lane, where the copy starts")
                         ->check(whole_number(false));
  acc->excludes(cp);
  dec->needs(cp);
  column_opt->needs(cp);
  // tcgen05.cp is issued by one thread and takes no register shape: the ld/st options mean nothing
  // (--lane is taddr's lane in both).
  for (CLI::Option* ldst : {shape_opt, num_opt, split_opt, pack_opt}) cp->excludes(ldst);
  auto* sp =
      cmd->add_flag("--sparse", o->sparse, "--accumulator: sparse A (Layout C for M 128, cta_group::2)");
  auto* ws =
      cmd->add_flag("--ws", o->ws,
                    "--accumulator: the weight-stationary tcgen05.mma.ws (Layouts G, E, D for M 32, 64, "
                    "128; cta_group::1 only)");
  m->needs(acc);
  n->needs(acc);
  sp->needs(acc);
  ws->needs(acc);
  cmd->callback([o, cg, cp, lane_opt, &exit_code] {
    const char* name = "fragviz-cli tmem";
    if (cg->count() > 0 && !o->accumulator && cp->count() == 0) {
      std::cerr << name << ": --cta-group goes with --accumulator or --cp\n";
      exit_code = kExitUsage;
      return;
    }
    if (cp->count() > 0) {
      const auto shape = parse_tmem_cp_shape(o->cp);
      if (!shape) {
        std::cerr << name << ": --cp: tcgen05.cp has no shape '" << echo_text(o->cp)
                  << "'; it takes 128x256b, 4x256b, 128x128b, 64x128b.warpx2::02_13, 64x128b.warpx2::01_23 "
                     "or 32x128b.warpx4"
                  << did_you_mean(o->cp, tmem_cp_shape_names()) << "\n";
        exit_code = kExitUsage;
        return;
      }
      const auto dec = parse_tmem_cp_decompress(o->decompress);
      if (!dec) {
        std::cerr << name << ": --decompress is none, b6x16_p32 or b4x16_p64, got '"
                  << echo_text(o->decompress) << "'\n";
        exit_code = kExitUsage;
        return;
      }
      if (o->cta_group != 1 && o->cta_group != 2) {
        std::cerr << name << ": refused: .cta_group is ::1 or ::2, not " << o->cta_group << "\n";
        exit_code = kExitRefused;
        return;
      }
      const int lane = lane_opt->count() > 0 ? o->lane : 0;
      if (auto why = tmem_cp_taddr_refusal(*shape, lane, o->column)) {
        std::cerr << name << ": refused: " << *why << "\n";
        exit_code = kExitRefused;
        return;
      }
      exit_code = finish_output(print_tmem_cp(*shape, o->cta_group, *dec, o->csv, lane, o->column));
      return;
    }
    if (o->accumulator) {
      const UmmaAccumulator a{o->m, o->n, o->cta_group, o->sparse, o->ws};
      if (auto why = umma_accumulator_refusal(a)) {
        std::cerr << name << ": refused: " << *why << "\n";
        exit_code = kExitRefused;
        return;
      }
      exit_code = finish_output(print_tmem_accumulator(a, o->csv));
      return;
    }
    const auto shape = parse_tmem_shape(o->shape);
    const auto num = parse_tmem_num(o->num);
    if (!shape || !num) {
      std::cerr << name << ": "
                << (!shape ? "--shape must be 32x32b, 16x64b, 16x128b, 16x256b or 16x32bx2, got '" +
                                 echo_text(o->shape)
                           : "--num must be x1, x2, x4, ... x128, got '" + echo_text(o->num))
                << "'\n";
      exit_code = kExitUsage;
      return;
    }
    const int lane0 = tmem_taddr_lane(o->warp, o->lane);
    if (auto why = tmem_access_refusal(*shape, *num, o->warp, lane0)) {
      std::cerr << name << ": refused: " << *why << "\n";
      exit_code = kExitRefused;
      return;
    }
    // CuTe issues .16x32bx2 with immHalfSplitoff = the columns one half spans: .num, twice that packed.
    const int split = o->split >= 0 ? o->split : (o->pack16 ? 2 : 1) * *num;
    const int regs = tmem_registers(*shape, *num);
    // Tensor memory has 512 columns per lane: an access (with its split) must end inside them.
    int last_column = 0;
    for (int t = 0; t < 32; ++t)
      for (int r = 0; r < regs; ++r)
        last_column =
            std::max(last_column, o->pack16 ? tmem_cell_packed16(*shape, *num, t, r, 1, split).column
                                            : tmem_cell(*shape, *num, t, r, split).column);
    if (last_column >= kTmemColumns) {
      std::cerr << name << ": refused: the access reaches column " << last_column << " from taddr's column; "
                << "tensor memory has " << kTmemColumns << " columns (0-" << kTmemColumns - 1 << ")\n";
      exit_code = kExitRefused;
      return;
    }
    if (o->csv) {
      std::cerr << kModelOnly << "\n";  // standard output carries the CSV alone
      std::cout << (o->pack16 ? "thread,register,half,lane,column\n" : "thread,register,lane,column\n");
    } else {
      std::cout << kModelOnly << "\n"
                << "tcgen05.ld/st .sync.aligned." << to_string(*shape) << ".x" << *num
                << (o->pack16 ? ".{pack,unpack}::16b" : "")
                << ".b32 (PTX ISA 9.1, 9.7.16.2.3.1 \"Memory Layout\""
                << (o->pack16 ? ", 9.7.16.8.2 \"Packing and Unpacking\"" : "") << "): " << regs
                << (regs == 1 ? " register" : " registers") << " per thread; warp " << o->warp
                << " (warp id % 4 = " << o->warp % 4 << ") reaches lanes " << tmem_warp_lane_base(o->warp)
                << "-" << tmem_warp_lane_base(o->warp) + 31 << "\n";
      if (*shape == TmemShape::s16x32bx2)
        std::cout << "threads 16-31 read taddr + immHalfSplitoff = " << split << " columns\n";
      if (*shape == TmemShape::s16x256b && !o->pack16) std::cout << tmem_16x256b_relation() << "\n";
      std::cout << (o->pack16
                        ? "thread: register -> (lane, column) of its low 16 bits | of its high 16 bits; "
                          "each from the low half of a TMEM word\n"
                        : "thread: register -> (lane, column from taddr's column)\n");
    }
    for (int t = 0; t < 32; ++t) {
      if (!o->csv) std::cout << "  T" << t << (t < 10 ? " " : "") << ":";
      for (int r = 0; r < regs; ++r) {
        if (o->pack16) {
          const TmemCell lo = tmem_cell_packed16(*shape, *num, t, r, 0, split);
          const TmemCell hi = tmem_cell_packed16(*shape, *num, t, r, 1, split);
          if (o->csv)
            for (int h = 0; h < 2; ++h)
              std::cout << t << ',' << r << ',' << h << ',' << lane0 + (h ? hi : lo).lane << ','
                        << (h ? hi : lo).column << '\n';
          else
            std::cout << " r" << r << "(" << lane0 + lo.lane << "," << lo.column << "|" << lane0 + hi.lane
                      << "," << hi.column << ")";
          continue;
        }
        const TmemCell c = tmem_cell(*shape, *num, t, r, split);
        if (o->csv)
          std::cout << t << ',' << r << ',' << lane0 + c.lane << ',' << c.column << '\n';
        else
          std::cout << " r" << r << "(" << lane0 + c.lane << "," << c.column << ")";
      }
      if (!o->csv) std::cout << "\n";
    }
    exit_code = finish_output(kExitOk);
  });
}

}  // namespace fragviz::cli
