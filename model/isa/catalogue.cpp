#include "fragviz/isa/catalogue.hpp"

#include <string>

#include "fragviz/isa/catalogue_table.hpp"

namespace fragviz {

const std::vector<Instruction>& catalogue() {
  static const std::vector<Instruction> all(std::begin(kInstructions), std::end(kInstructions));
  return all;
}

const Instruction* find_instruction(std::string_view mnemonic) {
  for (const Instruction& in : catalogue())
    if (mnemonic == in.mnemonic) return &in;
  return nullptr;
}

const Instruction* find_instruction_named(std::string_view name) {
  if (const Instruction* in = find_instruction(name)) return in;
  if (name.substr(0, kMmaSyncPrefix.size()) == kMmaSyncPrefix) return nullptr;
  return find_instruction(std::string(kMmaSyncPrefix) + std::string(name));
}

int catalogue_index(const Instruction* instr) {
  const auto& all = catalogue();
  if (!instr || instr < all.data() || instr >= all.data() + all.size()) return -1;
  return static_cast<int>(instr - all.data());
}

std::string model_status(const Instruction& in) {
  if (!in.arch_specific) return {};
  if (in.kind == MmaKind::mxf4)
    return "model only: PTX ISA 9.2 only (CuTe 4.2 has no .kind::mxf4 atom; it issues .kind::mxf4nvf4 "
           ".scale_vec::2X for ue8m0 scales); not yet run on a GPU";
  return "model only: PTX ISA 9.2 and CuTe 4.2 agree; not yet run on a GPU";
}

std::string_view to_string(MmaKind k) {
  switch (k) {
    case MmaKind::f8f6f4:
      return "f8f6f4";
    case MmaKind::mxf8f6f4:
      return "mxf8f6f4";
    case MmaKind::mxf4:
      return "mxf4";
    case MmaKind::mxf4nvf4:
      return "mxf4nvf4";
    default:
      return "";
  }
}

std::string_view to_string(ScaleType t) {
  return t == ScaleType::ue8m0 ? "ue8m0" : t == ScaleType::ue4m3 ? "ue4m3" : "";
}

std::string_view to_string(ElemType t) {
  switch (t) {
    case ElemType::f16:
      return "f16";
    case ElemType::bf16:
      return "bf16";
    case ElemType::tf32:
      return "tf32";
    case ElemType::f32:
      return "f32";
    case ElemType::f64:
      return "f64";
    case ElemType::s32:
      return "s32";
    case ElemType::s8:
      return "s8";
    case ElemType::u8:
      return "u8";
    case ElemType::e4m3:
      return "e4m3";
    case ElemType::e5m2:
      return "e5m2";
    case ElemType::s4:
      return "s4";
    case ElemType::u4:
      return "u4";
    case ElemType::b1:
      return "b1";
    case ElemType::e3m2:
      return "e3m2";
    case ElemType::e2m3:
      return "e2m3";
    case ElemType::e2m1:
      return "e2m1";
  }
  return "?";
}

std::string_view to_string(Operand op) {
  switch (op) {
    case Operand::A:
      return "A";
    case Operand::B:
      return "B";
    case Operand::C:
      return "C";
  }
  return "?";
}

std::optional<Operand> parse_operand(std::string_view text) {
  if (text == "A") return Operand::A;
  if (text == "B") return Operand::B;
  if (text == "C" || text == "D") return Operand::C;
  return std::nullopt;
}

}  // namespace fragviz
