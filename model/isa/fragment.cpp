#include "fragviz/isa/fragment.hpp"

namespace fragviz {

std::optional<Owner> owner_of(const Instruction& in, Operand op, Coord c) {
  return operand_owner(operand_spec(in, op), in.threads, in.products, c);
}

std::optional<Owner> operand_owner(const OperandSpec& s, int threads, int products, Coord c) {
  if (c.row < 0 || c.col < 0 || c.product < 0 || c.row >= s.rows || c.col >= s.cols ||
      c.product >= products || threads <= 0)
    return std::nullopt;
  // At most 128 threads x 128 elements: a direct search keeps the inverse tied to the one table.
  const int per_thread = s.rows * s.cols * products / threads;
  for (int t = 0; t < threads; ++t)
    for (int e = 0; e < per_thread; ++e)
      if (operand_coord(s, t, e) == c) return Owner{t, e};
  return std::nullopt;
}

std::vector<Owner> owner_table(const Instruction& in, Operand op) {
  return owner_table(operand_spec(in, op), in.threads, in.products);
}

std::vector<Owner> owner_table(const OperandSpec& s, int threads, int products) {
  std::vector<Owner> out(static_cast<std::size_t>(s.rows * s.cols * (products > 0 ? products : 0)),
                         Owner{-1, -1});
  if (threads <= 0 || out.empty()) return out;
  const int per_thread = s.rows * s.cols * products / threads;
  for (int t = 0; t < threads; ++t)
    for (int e = 0; e < per_thread; ++e)
      out[static_cast<std::size_t>(cell_index(s, operand_coord(s, t, e)))] = Owner{t, e};
  return out;
}

std::string shape_name(const Instruction& in) {
  return "m" + std::to_string(in.m) + "n" + std::to_string(in.n) + "k" + std::to_string(in.k);
}

}  // namespace fragviz
