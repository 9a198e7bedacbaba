// Model of ldmatrix.sync.aligned.m8n8{.x1,.x2,.x4}{,.trans}.shared.b16 and of how its
// destination registers become mma fragment registers.
//
// Source: PTX ISA 8.5, section "Warp Level Matrix Load Instruction: ldmatrix"
// (https://docs.nvidia.com/cuda/parallel-thread-execution/index.html): "The eight addresses
// required for each matrix are provided by eight threads" (threads 0-7 for matrix 0, 8-15 for
// matrix 1, ...); "a group of four consecutive threads loads 16 bytes"; with .trans "the matrix is
// loaded in column-major format". Each matrix row is 8 .b16 elements = 16 bytes.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "fragviz/layout.hpp"

namespace fragviz {

/// ldmatrix .num: how many 8x8 matrices one instruction loads (one destination register each).
enum class LdmNum { x1 = 1, x2 = 2, x4 = 4 };
constexpr int matrices(LdmNum n) { return static_cast<int>(n); }

/// One ldmatrix variant.
struct LdmatrixConfig {
  LdmNum num = LdmNum::x4;
  bool trans = false;
};

/// Lanes that supply row addresses: 8 per matrix (x1: 0-7, x2: 0-15, x4: 0-31).
constexpr int address_lanes(LdmNum n) { return 8 * matrices(n); }
/// True when `lane`'s address is used by the instruction.
constexpr bool supplies_address(LdmNum n, int lane) { return lane < address_lanes(n); }
/// Matrix whose row `lane` addresses (lane / 8).
constexpr int address_matrix(int lane) { return lane / 8; }
/// Row within that matrix (lane % 8).
constexpr int address_row(int lane) { return lane % 8; }

/// Position inside 8x8 matrix `r` (= destination register r) of the 16-bit half `half` (0 = low
/// bits) that `lane` receives. Plain: row lane/4, col (lane%4)*2 + half. .trans: the matrix is
/// read column-major, so the same register slot holds the transposed position.
constexpr Coord ldmatrix_element(bool trans, int lane, int half) {
  const Coord plain{lane / 4, (lane % 4) * 2 + half};
  return trans ? Coord{plain.col, plain.row} : plain;
}

/// How the explorer lays the .num matrices out in a tile: matrix j at rows 8*(j%2), cols
/// 8*(j/2) (x2 stacks two matrices, x4 is a 2x2 block). This is exactly the A-operand use (x2 for
/// m16n8k8 A, x4 for m16n8k16 A); bank behaviour per matrix depends only on the row stride and
/// the matrix's column, so other arrangements have the same wavefronts on unswizzled tiles.
constexpr Coord explorer_matrix_origin(int matrix) { return Coord{8 * (matrix % 2), 8 * (matrix / 2)}; }

/// One ldmatrix that fills an mma operand fragment, as the seed's kernel issues it. The operand
/// is stored row-major in shared memory: A as MxK, B as KxN (so B needs .trans to arrive in the
/// "col" layout mma .row.col wants). Destination register j == fragment register j.
struct FragmentLoad {
  Operand operand;
  LdmatrixConfig config;
  /// Top-left (row, col) of matrix j inside the stored operand; only the first `.num` are used.
  std::array<Coord, 4> matrix_origin;
};

/// The one ldmatrix that fills operand A or B of `in` from a row-major stored operand (A as
/// M x K, B as K x N), derived from the catalogue: register j must be one 8x8 .b16 matrix whose
/// lanes hold exactly what ldmatrix delivers (plain for A, .trans for B), for every lane and
/// element. That holds for the 16-bit types of m16n8k8 (A .x2, B .x1.trans) and m16n8k16 (A .x4,
/// B .x2.trans); nullopt for every other operand (C/D, 8/4/1-bit, 32/64-bit, m8n8k4).
std::optional<FragmentLoad> fragment_load(const Instruction& in, Operand op);

/// Operand (row, col) that `lane` receives in `half` of destination register `reg` of `load`.
constexpr Coord loaded_coord(const FragmentLoad& load, int lane, int reg, int half) {
  const Coord in = ldmatrix_element(load.config.trans, lane, half);
  const Coord o = load.matrix_origin[reg];
  return Coord{o.row + in.row, o.col + in.col};
}

/// Operand (row, col) whose row start `lane` must pass as its address for `load`.
constexpr Coord address_coord(const FragmentLoad& load, int lane) {
  const Coord o = load.matrix_origin[address_matrix(lane)];
  return Coord{o.row + address_row(lane), o.col};
}

/// Parses "x1" / "x2" / "x4".
std::optional<LdmNum> parse_num(std::string_view text);
std::string_view to_string(LdmNum n);
/// The PTX mnemonic, e.g. "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16".
std::string ldmatrix_mnemonic(LdmatrixConfig c);

}  // namespace fragviz
