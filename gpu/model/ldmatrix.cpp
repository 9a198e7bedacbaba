#include "fragviz/ldmatrix.hpp"

namespace fragviz {

std::optional<FragmentLoad> fragment_load(const Instruction& in, Operand op) {
  if (op == Operand::C || in.products != 1 || in.threads != kWarpSize) return std::nullopt;
  if (element_bits(operand_spec(in, op).type) != 16) return std::nullopt;
  const int regs = registers_per_lane(in, op);
  if (regs != 1 && regs != 2 && regs != 4) return std::nullopt;
  // Matrix j of the load becomes fragment register j; B is stored K x N row-major while mma
  // wants it "col", so it needs .trans. Origins are read off lane 0's elements; then every
  // lane's every element must be what ldmatrix delivers there, or there is no such load.
  FragmentLoad load{op, {static_cast<LdmNum>(regs), op == Operand::B}, {}};
  for (int j = 0; j < regs; ++j) {
    const Coord c = fragment_coord(in, op, 0, 2 * j);
    load.matrix_origin[static_cast<std::size_t>(j)] = Coord{c.row / 8 * 8, c.col / 8 * 8};
  }
  for (int lane = 0; lane < kWarpSize; ++lane)
    for (int j = 0; j < regs; ++j)
      for (int h = 0; h < 2; ++h)
        if (loaded_coord(load, lane, j, h) != fragment_coord(in, op, lane, 2 * j + h)) return std::nullopt;
  return load;
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
