#include "fragviz/ldmatrix.hpp"

namespace fragviz {

std::optional<FragmentLoad> fragment_load(Shape s, Operand op) {
  // Matrix j of the load becomes fragment register j, so the origins below are read off the
  // fragment tables: A's registers cover rows 0-7 / 8-15 (and cols 8-15 from a4 on at k16);
  // B's registers cover k rows 0-7 / 8-15 of one n8 column block.
  switch (op) {
    case Operand::A:
      if (s == Shape::m16n8k8) return FragmentLoad{op, {LdmNum::x2, false}, {{{0, 0}, {8, 0}, {}, {}}}};
      return FragmentLoad{op, {LdmNum::x4, false}, {{{0, 0}, {8, 0}, {0, 8}, {8, 8}}}};
    case Operand::B:
      if (s == Shape::m16n8k8) return FragmentLoad{op, {LdmNum::x1, true}, {{{0, 0}, {}, {}, {}}}};
      return FragmentLoad{op, {LdmNum::x2, true}, {{{0, 0}, {8, 0}, {}, {}}}};
    case Operand::C:
      return std::nullopt;
  }
  return std::nullopt;
}

std::optional<LdmNum> parse_num(std::string_view text) {
  if (text == "x1" || text == ".x1" || text == "1") return LdmNum::x1;
  if (text == "x2" || text == ".x2" || text == "2") return LdmNum::x2;
  if (text == "x4" || text == ".x4" || text == "4") return LdmNum::x4;
  return std::nullopt;
}

std::string_view to_string(LdmNum n) {
  switch (n) {
    case LdmNum::x1:
      return "x1";
    case LdmNum::x2:
      return "x2";
    case LdmNum::x4:
      return "x4";
  }
  return "?";
}

std::string ldmatrix_mnemonic(LdmatrixConfig c) {
  return "ldmatrix.sync.aligned.m8n8." + std::string(to_string(c.num)) + (c.trans ? ".trans" : "") +
         ".shared.b16";
}

}  // namespace fragviz
