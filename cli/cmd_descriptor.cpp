// `fragviz-cli descriptor`: a wgmma shared-memory matrix descriptor decoded, and the shared-memory
// address, core matrix, 16-byte chunk and bank of every element of the operand it describes.
#include <cstdint>
#include <iostream>
#include <string>

#include "commands.hpp"
#include "fragviz/gate/gate_ladder.hpp"
#include "fragviz/isa/smem_descriptor.hpp"
#include "fragviz/isa/wgmma.hpp"
#include "fragviz/util/name_suggest.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz::cli {
namespace {

std::optional<ElemType> type_named(std::string_view t) {
  for (ElemType e : {ElemType::f16, ElemType::bf16, ElemType::tf32, ElemType::e4m3, ElemType::e5m2,
                     ElemType::s8, ElemType::u8})
    if (to_string(e) == t) return e;
  return std::nullopt;
}

void print_lines(const std::vector<std::string>& lines) {
  for (const std::string& l : lines) std::cout << l << "\n";
}

}  // namespace

void add_descriptor_command(CLI::App& app, int& exit_code) {
  struct Opts {
    std::string instr, operand = "B", type = "f16", major = "K", swizzle = "128B", decode, arch = "sm_90";
    int mn = 64;
    std::uint32_t start = 0;
    std::optional<std::uint32_t> lbo, sbo;
    bool csv = false;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand(
      "descriptor", "A wgmma shared-memory descriptor decoded, and the address of every operand element");
  cmd->add_option("--instr", o->instr,
                  "wgmma mnemonic (layout --list), with or without 'wgmma.mma_async.sync.aligned.'; sets "
                  "--type and --mn from --operand")
      ->check(kNonEmpty);
  // The spellings banks --operand takes (parse_gate_operand).
  cmd->add_option("--operand", o->operand, "A (64 x K) or B (K x N); a or b too")
      ->check(CLI::IsMember({"A", "B", "a", "b"}));
  cmd->add_option("--type", o->type, "element type: f16 bf16 tf32 e4m3 e5m2 s8 u8");
  cmd->add_option("--mn", o->mn, "M/N extent in elements (A: 64; B: N)");
  cmd->add_option("--major", o->major, "K or MN (MN: imm-trans = 1, 16-bit types only)");
  cmd->add_option("--swizzle", o->swizzle, "none, 32B, 64B or 128B");
  cmd->add_option("--lbo", o->lbo, "leading dimension byte offset (default: the tight canonical value)");
  cmd->add_option("--sbo", o->sbo, "stride dimension byte offset (default: the tight canonical value)");
  cmd->add_option("--start", o->start, "start address in bytes (from a 1024-byte aligned base)");
  auto* decode = cmd->add_option("--decode", o->decode,
                                 "only decode these 64 descriptor bits (hex, e.g. 0x4000004000010040)");
  cmd->add_flag("--csv", o->csv, "CSV: mn,k,address,core_mn,core_k,row,chunk,bank");
  // The same 64 bits mean different things on Hopper and Blackwell (bits 46-48, 52, 61): the
  // decoder branches on the architecture.
  cmd->add_option("--arch", o->arch,
                  "sm_90 (wgmma, the default) or sm_100 (tcgen05: --decode only, model only; "
                  "fragviz-cli tcgen05-desc encodes)")
      ->check(CLI::IsMember({"sm_90", "sm_90a", "sm90", "sm_100", "sm_100a", "sm100"}));
  cmd->callback([o, decode, &exit_code] {
    if (o->arch.find("100") != std::string::npos) {
      if (decode->count() == 0) {
        std::cerr << "fragviz-cli descriptor: --arch sm_100 decodes (--decode HEX); to encode an sm_100 "
                     "descriptor use fragviz-cli tcgen05-desc --encode-smem\n";
        exit_code = kExitUsage;
        return;
      }
      exit_code =
          finish_output(decode_sm100_smem_descriptor(o->decode, "fragviz-cli descriptor", "--decode"));
      return;
    }
    o->operand = parse_gate_operand(o->operand) == GateOperand::A ? "A" : "B";
    if (decode->count() > 0) {
      // Hex digits only (an optional 0x): stoull alone would take "-1" as 2^64 - 1.
      const std::string digits =
          o->decode.rfind("0x", 0) == 0 || o->decode.rfind("0X", 0) == 0 ? o->decode.substr(2) : o->decode;
      std::size_t used = 0;
      unsigned long long bits = 0;
      const bool hex = !digits.empty() && digits.size() <= 16 &&
                       digits.find_first_not_of("0123456789abcdefABCDEF") == std::string::npos;
      if (hex) bits = std::stoull(digits, &used, 16);
      if (!hex || used != digits.size()) {
        std::cerr << "fragviz-cli descriptor: --decode wants a hexadecimal 64-bit value, got '"
                  << echo_text(o->decode) << "'\n";
        exit_code = kExitUsage;
        return;
      }
      print_lines(describe_descriptor(bits));
      if (auto warning = descriptor_reserved_warning(bits)) std::cout << "warning: " << *warning << "\n";
      if (auto warning = descriptor_base_offset_warning(decode_descriptor(bits)))
        std::cout << "warning: " << *warning << "\n";
      exit_code = finish_output(kExitOk);
      return;
    }
    SmemOperandLayout l;
    if (!o->instr.empty()) {
      const WgmmaInstruction* in = find_wgmma_named(o->instr);
      if (!in) {
        std::cerr << "fragviz-cli descriptor: no wgmma catalogue entry is named '" << echo_text(o->instr)
                  << "' (fragviz-cli layout --list)" << did_you_mean(o->instr, kWgmmaNames) << "\n";
        exit_code = kExitUsage;
        return;
      }
      l.type = o->operand == "A" ? in->a_type : in->b_type;
      l.mn = o->operand == "A" ? 64 : in->n;
    } else {
      if (o->operand == "A" && o->mn != 64) {
        std::cerr << "fragviz-cli descriptor: refused: A of every wgmma is 64 x K, so --mn must be 64 for "
                     "--operand A (got "
                  << o->mn << ")\n";
        exit_code = kExitRefused;
        return;
      }
      const auto t = type_named(o->type);
      if (!t) {
        std::cerr << "fragviz-cli descriptor: --type must be one of f16 bf16 tf32 e4m3 e5m2 s8 u8, got '"
                  << echo_text(o->type) << "'\n";
        exit_code = kExitUsage;
        return;
      }
      l.type = *t;
      l.mn = o->mn;
    }
    const auto major = parse_major(o->major);
    const auto swizzle = parse_smem_swizzle(o->swizzle);
    if (!major || !swizzle) {
      std::cerr << "fragviz-cli descriptor: --major is K or MN and --swizzle none, 32B, 64B or 128B\n";
      exit_code = kExitUsage;
      return;
    }
    const int k = 32 / smem_element_bytes(l.type);
    const SmemOperandLayout canon = canonical_layout(l.type, *major, *swizzle, l.mn, k);
    l = canon;
    if (o->lbo) l.lbo = *o->lbo;
    if (o->sbo) l.sbo = *o->sbo;
    // Refused before anything is printed.
    if (auto why = validate_layout(l, o->start)) {
      std::cerr << "fragviz-cli descriptor: refused: " << *why << "\n";
      exit_code = kExitRefused;
      return;
    }
    const std::uint64_t bits = encode_descriptor(descriptor_for(l, o->start));
    if (!o->csv) {
      std::cout << (o->operand == "A" ? "A" : "B") << ": " << l.mn << " x " << k << " ." << to_string(l.type)
                << ", " << to_string(l.major) << "-major, swizzle " << to_string(l.swizzle)
                << " (PTX ISA \"Matrix Descriptor"
                << " Format\", \"Shared Memory Matrix Layout\")\n";
      print_lines(describe_descriptor(bits));
      std::cout << "footprint        " << layout_footprint_bytes(l, o->start) << " bytes from the start\n\n"
                << "element (mn, k) -> byte address, core matrix (mn, k), its row, 16-byte chunk, bank\n";
    } else {
      std::cout << "mn,k,address,core_mn,core_k,row,chunk,bank\n";
    }
    for (int mn = 0; mn < l.mn; ++mn) {
      for (int kk = 0; kk < k; ++kk) {
        const std::uint32_t a = smem_operand_address(l, o->start, mn, kk);
        const CoreMatrixPlace p = core_matrix_place(l, o->start, mn, kk);
        const int bank = static_cast<int>((a / 4) % 32);
        if (o->csv) {
          std::cout << mn << ',' << kk << ',' << a << ',' << p.core_mn << ',' << p.core_k << ',' << p.row
                    << ',' << p.chunk << ',' << bank << '\n';
        } else {
          char buf[128];
          std::snprintf(buf, sizeof buf, "  (%3d,%2d) 0x%05x  core (%2d,%d) row %d chunk %d bank %2d\n", mn,
                        kk, a, p.core_mn, p.core_k, p.row, p.chunk, bank);
          std::cout << buf;
        }
      }
    }
    exit_code = finish_output(kExitOk);
  });
}

}  // namespace fragviz::cli
