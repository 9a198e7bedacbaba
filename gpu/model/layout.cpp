#include "fragviz/layout.hpp"

namespace fragviz {

std::optional<Owner> owner_of(Shape s, Operand op, Coord c) {
  if (c.row < 0 || c.col < 0 || c.row >= operand_rows(s, op) || c.col >= operand_cols(s, op))
    return std::nullopt;
  // 32 lanes x at most 8 elements: a direct search keeps the inverse tied to the one table.
  for (int lane = 0; lane < kWarpSize; ++lane)
    for (int e = 0; e < elements_per_lane(s, op); ++e)
      if (fragment_coord(s, op, lane, e) == c) return Owner{lane, e};
  return std::nullopt;
}

std::string_view to_string(Shape s) { return s == Shape::m16n8k8 ? "m16n8k8" : "m16n8k16"; }

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

std::optional<Shape> parse_shape(std::string_view text) {
  if (text == "m16n8k8") return Shape::m16n8k8;
  if (text == "m16n8k16") return Shape::m16n8k16;
  return std::nullopt;
}

std::string mma_mnemonic(Shape s) {
  return "mma.sync.aligned." + std::string(to_string(s)) + ".row.col.f32.f16.f16.f32";
}

}  // namespace fragviz
