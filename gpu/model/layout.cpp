#include "fragviz/layout.hpp"

namespace fragviz {

std::optional<Owner> owner_of(const Instruction& in, Operand op, Coord c) {
  const OperandSpec& s = operand_spec(in, op);
  if (c.row < 0 || c.col < 0 || c.product < 0 || c.row >= s.rows || c.col >= s.cols ||
      c.product >= in.products)
    return std::nullopt;
  // At most 128 threads x 128 elements: a direct search keeps the inverse tied to the one table.
  for (int lane = 0; lane < in.threads; ++lane)
    for (int e = 0; e < elements_per_lane(in, op); ++e)
      if (fragment_coord(in, op, lane, e) == c) return Owner{lane, e};
  return std::nullopt;
}

std::string shape_name(const Instruction& in) {
  return "m" + std::to_string(in.m) + "n" + std::to_string(in.n) + "k" + std::to_string(in.k);
}

}  // namespace fragviz
