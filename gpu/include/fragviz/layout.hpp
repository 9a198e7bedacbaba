// PTX ISA fragment tables for mma.sync.aligned.{m16n8k8,m16n8k16}.row.col.f32.f16.f16.f32.
//
// Pure model: no CUDA, no GL. Every function is a function of explicit (lane, element), never of
// threadIdx, so kernels, tests and views share one definition.
//
// Source: PTX ISA 8.5, section "Warp-level Matrix Fragment Storage", subsections
// "Matrix Fragments for mma.m16n8k8" and "Matrix Fragments for mma.m16n8k16 with floating point
// type" (https://docs.nvidia.com/cuda/parallel-thread-execution/index.html).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace fragviz {

/// The two f16 mma shapes the tool models. m16n8k8 needs sm_75, m16n8k16 needs sm_80
/// (PTX ISA, mma "Target ISA notes").
enum class Shape { m16n8k8, m16n8k16 };

/// mma operands. C and D share one fragment layout (PTX ISA: "C/D"), so `C` stands for both.
enum class Operand { A, B, C };

/// A (row, col) position inside an operand matrix, in elements.
struct Coord {
  int row = 0;
  int col = 0;
  friend constexpr bool operator==(Coord a, Coord b) { return a.row == b.row && a.col == b.col; }
  friend constexpr bool operator!=(Coord a, Coord b) { return !(a == b); }
};

/// Number of lanes in a warp.
inline constexpr int kWarpSize = 32;

/// M, N, K of a shape.
struct ShapeDims {
  int m, n, k;
};
constexpr ShapeDims dims(Shape s) { return s == Shape::m16n8k8 ? ShapeDims{16, 8, 8} : ShapeDims{16, 8, 16}; }

/// Minimum compute capability (major*10+minor) that has the shape: 75 for m16n8k8, 80 for
/// m16n8k16 (PTX ISA, mma "Target ISA notes").
constexpr int min_sm(Shape s) { return s == Shape::m16n8k8 ? 75 : 80; }

/// Operand matrix rows: A is MxK, B is KxN, C/D is MxN.
constexpr int operand_rows(Shape s, Operand op) { return op == Operand::B ? dims(s).k : dims(s).m; }
/// Operand matrix columns.
constexpr int operand_cols(Shape s, Operand op) { return op == Operand::A ? dims(s).k : dims(s).n; }

/// Fragment elements each lane holds: rows*cols/32 (A: 4 or 8 halves, B: 2 or 4 halves, C: 4
/// floats).
constexpr int elements_per_lane(Shape s, Operand op) {
  return operand_rows(s, op) * operand_cols(s, op) / kWarpSize;
}

/// PTX: groupID = %laneid >> 2.
constexpr int group_id(int lane) { return lane >> 2; }
/// PTX: threadID_in_group = %laneid % 4.
constexpr int thread_id_in_group(int lane) { return lane % 4; }

/// (row, col) of fragment element `element` (a_i, b_i or c_i) held by `lane`.
/// Preconditions: 0 <= lane < 32, 0 <= element < elements_per_lane(s, op).
constexpr Coord fragment_coord([[maybe_unused]] Shape s, Operand op, int lane, int i) {
  const int g = group_id(lane);
  const int t = thread_id_in_group(lane);
  switch (op) {
    case Operand::A:
      // k8: row = groupID for a0,a1, groupID+8 for a2,a3; col = tig*2 + (i & 1).
      // k16: row = groupID for 0<=i<2 || 4<=i<6, else groupID+8; col += 8 for i >= 4.
      return Coord{g + ((i & 2) ? 8 : 0), t * 2 + (i & 1) + (i >= 4 ? 8 : 0)};
    case Operand::B:
      // k8: row = tig*2 + i for b0,b1. k16: row = tig*2 + (i & 1), +8 for i >= 2. col = groupID.
      return Coord{t * 2 + (i & 1) + (i >= 2 ? 8 : 0), g};
    case Operand::C:
      // row = groupID for c0,c1, groupID+8 for c2,c3; col = tig*2 + (i & 1).
      return Coord{g + (i >= 2 ? 8 : 0), t * 2 + (i & 1)};
  }
  return Coord{};
}

/// Where a fragment element sits in the lane's registers. A and B are .f16x2 registers that
/// hold two elements, the lower-numbered one in the low 16 bits (PTX ISA, "Matrix Fragments":
/// elements listed "low to high"); C/D are .f32 registers with one element each.
struct RegisterSlot {
  int reg;   ///< register index within the operand's vector expression ({a0a1, a2a3, ...})
  int half;  ///< 0 = low 16 bits, 1 = high 16 bits; -1 for a whole f32 register
};
constexpr RegisterSlot register_slot(Operand op, int element) {
  return op == Operand::C ? RegisterSlot{element, -1} : RegisterSlot{element / 2, element % 2};
}
/// Registers per lane for the operand: A 2 (k8) / 4 (k16), B 1 / 2, C 4.
constexpr int registers_per_lane(Shape s, Operand op) {
  return op == Operand::C ? elements_per_lane(s, op) : elements_per_lane(s, op) / 2;
}

/// Inverse lookup: which lane and element hold (row, col) of the operand. Every cell has exactly
/// one owner (tests check the bijection). Returns nullopt outside the matrix.
struct Owner {
  int lane;
  int element;
};
std::optional<Owner> owner_of(Shape s, Operand op, Coord c);

/// Names as PTX spells them: "m16n8k8", "A", "B", "C".
std::string_view to_string(Shape s);
std::string_view to_string(Operand op);
/// Parses "m16n8k8" / "m16n8k16"; nullopt otherwise.
std::optional<Shape> parse_shape(std::string_view text);
/// The full PTX mnemonic of the modelled instruction, e.g.
/// "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32".
std::string mma_mnemonic(Shape s);

}  // namespace fragviz
