// A software tensor core for the probe tests (test_mma_probe.cpp, test_ldmatrix_feed.cpp): it
// reads registers through a map of its own ("the hardware's"), computes D = A*B + C (or the .b1
// popc forms) in double precision, and writes D back through its map.
#pragma once

#include <functional>
#include <vector>

#include "fragviz/isa/element_codec.hpp"
#include "fragviz/probe/mma_probe.hpp"

namespace fragviz {
namespace {

/// (lane, element) -> coordinate, as a software tensor core lays out its operands.
using Map = std::function<Coord(Operand, int, int)>;

Map catalogue_map(const Instruction& in) {
  return [&in](Operand op, int lane, int i) { return fragment_coord(in, op, lane, i); };
}

/// D words (passes x 32 x words) of every pass of `plan`, its A and B registers read through `hw`.
std::vector<std::uint32_t> emulate(const MmaProbePlan& plan, const Map& hw) {
  const Instruction& in = *plan.instr;
  const int M = in.m, N = in.n, K = in.k, P = in.products;
  const int wa = words_per_lane(in, Operand::A), wb = words_per_lane(in, Operand::B);
  const int wc = words_per_lane(in, Operand::C);
  std::vector<std::uint32_t> d;
  for (int pass = 0; pass < plan.passes; ++pass) {
    std::vector<double> a(static_cast<std::size_t>(M * K * P)), b(static_cast<std::size_t>(K * N * P)),
        c(static_cast<std::size_t>(M * N * P));
    auto take = [&](Operand op, const std::vector<std::uint32_t>& words, int w, std::vector<double>& to) {
      for (int lane = 0; lane < 32; ++lane)
        for (int i = 0; i < elements_per_lane(in, op); ++i) {
          const std::uint32_t* lw = &words[static_cast<std::size_t>((pass * 32 + lane) * w)];
          const auto v = decode_element(operand_spec(in, op).type, element_bits_of(in, op, lw, i));
          to[static_cast<std::size_t>(cell_index(in, op, hw(op, lane, i)))] = v.value_or(0);
        }
    };
    take(Operand::A, plan.a, wa, a);
    take(Operand::B, plan.b, wb, b);
    take(Operand::C, plan.c, wc, c);
    std::vector<std::uint64_t> cells(c.size());
    for (int p = 0; p < P; ++p)
      for (int m = 0; m < M; ++m)
        for (int n = 0; n < N; ++n) {
          double s = c[static_cast<std::size_t>(p * M * N + m * N + n)];
          for (int k = 0; k < K; ++k) {
            const double x = a[static_cast<std::size_t>(p * M * K + m * K + k)];
            const double y = b[static_cast<std::size_t>(p * K * N + k * N + n)];
            s += in.op == MmaOp::multiply_add ? x * y
                 : in.op == MmaOp::and_popc   ? (x != 0 && y != 0)
                                              : (x != y);
          }
          cells[static_cast<std::size_t>(p * M * N + m * N + n)] = encode_element(in.c.type, s).value_or(0);
        }
    // Write D through the hardware's map.
    std::vector<std::uint64_t> slots(static_cast<std::size_t>(32 * elements_per_lane(in, Operand::C)));
    for (int lane = 0; lane < 32; ++lane)
      for (int i = 0; i < elements_per_lane(in, Operand::C); ++i)
        slots[static_cast<std::size_t>(lane * elements_per_lane(in, Operand::C) + i)] =
            cells[static_cast<std::size_t>(cell_index(in, Operand::C, hw(Operand::C, lane, i)))];
    // pack_operand takes cell-major images under the catalogue's map: re-key the slots by the
    // catalogue's cell of each slot so the words carry the hardware's placement.
    std::vector<std::uint64_t> by_model_cell(cells.size());
    for (int lane = 0; lane < 32; ++lane)
      for (int i = 0; i < elements_per_lane(in, Operand::C); ++i)
        by_model_cell[static_cast<std::size_t>(
            cell_index(in, Operand::C, fragment_coord(in, Operand::C, lane, i)))] =
            slots[static_cast<std::size_t>(lane * elements_per_lane(in, Operand::C) + i)];
    const auto words = pack_operand(in, Operand::C, by_model_cell);
    d.insert(d.end(), words.begin(), words.end());
  }
  return d;
}

}  // namespace
}  // namespace fragviz
