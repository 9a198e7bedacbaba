#include "fragviz/isa/fragment_names.hpp"

namespace fragviz {

char element_letter(Operand op, FragmentScope scope) {
  if (op == Operand::A) return 'a';
  if (op == Operand::B) return 'b';
  return scope == FragmentScope::warpgroup ? 'd' : 'c';
}

std::string element_name(Operand op, int element, FragmentScope scope) {
  return std::string(1, element_letter(op, scope)) + std::to_string(element);
}

std::string operand_title(Operand op, FragmentScope scope) {
  if (op != Operand::C) return std::string(to_string(op));
  return scope == FragmentScope::warpgroup ? "D" : "C/D";
}

std::string register_name(Operand op, ElemType type, int reg, FragmentScope scope) {
  return register_name_per(op, elements_per_register(type), reg, scope);
}

std::string register_name(Operand op, const OperandSpec& s, int reg, FragmentScope scope) {
  return register_name_per(op, elements_per_register(s), reg, scope);
}

std::string register_name_per(Operand op, int per, int reg, FragmentScope scope) {
  const int first = reg * per;
  if (per > 4)
    return "{" + element_name(op, first, scope) + ".." + element_name(op, first + per - 1, scope) + "}";
  std::string out = "{";
  for (int e = first; e < first + per; ++e) out += (e > first ? "," : "") + element_name(op, e, scope);
  return out + "}";
}

std::string register_index_name(int reg) { return "reg " + std::to_string(reg); }

std::string register_part(const RegisterSlot& s) {
  const int k = s.bits > 0 ? s.bit / s.bits : 0;
  // A value inside an 8-bit container (.kind::f8f6f4: .e2m1 in bits 2-5, .e3m2/.e2m3 in 0-5).
  if (s.bits > 1 && s.bits < 8 && (s.bits == 6 || s.bit % s.bits != 0))
    return "bits " + std::to_string(s.bit % 8 + s.bits - 1) + ".." + std::to_string(s.bit % 8) + " of byte " +
           std::to_string(s.bit / 8);
  switch (s.bits) {
    case 64:
      return "whole 64-bit register";
    case 32:
      return "whole register";
    case 16:
      return k == 0 ? "low half" : "high half";
    case 8:
      return "byte " + std::to_string(k);
    case 4:
      return "nibble " + std::to_string(k);
    case 1:
      return "bit " + std::to_string(s.bit);
    default:
      return bit_range(s);
  }
}

std::string bit_range(const RegisterSlot& s) {
  if (s.bits == 1) return "bit " + std::to_string(s.bit);
  return "bits " + std::to_string(s.bit + s.bits - 1) + ".." + std::to_string(s.bit);
}

}  // namespace fragviz
