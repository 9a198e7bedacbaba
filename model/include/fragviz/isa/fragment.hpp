// Fragment coordinates of any catalogue instruction: which (row, col) of which operand each
// lane's fragment element holds, which register and bits it sits in, and the inverse.
//
// Pure model: no CUDA, no GL. Every function is a function of explicit (lane, element), never of
// threadIdx, and the FRAGVIZ_HD ones compile for host and device, so kernels, tests and views
// share one definition. The maps themselves are data in catalogue_table.hpp.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/util/host_device.hpp"

namespace fragviz {

/// A (row, col) position inside an operand matrix, in elements; `product` names which of an
/// instruction's independent products it belongs to (the quad pair of m8n8k4 .f16, else 0).
struct Coord {
  int row = 0;
  int col = 0;
  int product = 0;
  friend constexpr bool operator==(Coord a, Coord b) {
    return a.row == b.row && a.col == b.col && a.product == b.product;
  }
  friend constexpr bool operator!=(Coord a, Coord b) { return !(a == b); }
};

/// Number of lanes in a warp.
inline constexpr int kWarpSize = 32;

/// PTX: groupID = %laneid >> 2.
FRAGVIZ_HD constexpr int group_id(int lane) { return lane >> 2; }
/// PTX: threadID_in_group = %laneid % 4.
FRAGVIZ_HD constexpr int thread_id_in_group(int lane) { return lane % 4; }

/// Operand matrix rows: A is M x K, B is K x N, C/D is M x N.
FRAGVIZ_HD constexpr int operand_rows(const Instruction& in, Operand op) { return operand_spec(in, op).rows; }
/// Operand matrix columns.
FRAGVIZ_HD constexpr int operand_cols(const Instruction& in, Operand op) { return operand_spec(in, op).cols; }
/// Fragment elements each thread holds: rows*cols*products/threads.
FRAGVIZ_HD constexpr int elements_per_lane(const Instruction& in, Operand op) {
  return operand_rows(in, op) * operand_cols(in, op) * in.products / in.threads;
}

/// (row, col, product) of fragment element `i` held by `lane` in an operand: its TvLayout offset
/// read column-major. Takes the OperandSpec alone so kernels can hold it as a constexpr value.
FRAGVIZ_HD constexpr Coord operand_coord(const OperandSpec& s, int lane, int i) {
  const int offset = tv_offset(s.map, lane, i);
  const int cell = offset % (s.rows * s.cols);
  return Coord{cell % s.rows, cell / s.rows, offset / (s.rows * s.cols)};
}

/// (row, col, product) of fragment element `i` held by `lane`.
/// Preconditions: 0 <= lane < threads, 0 <= i < elements_per_lane.
FRAGVIZ_HD constexpr Coord fragment_coord(const Instruction& in, Operand op, int lane, int i) {
  return operand_coord(operand_spec(in, op), lane, i);
}

/// Where element `i` sits in the lane's registers: register `reg` of the operand's vector
/// expression ({a0a1, a2a3, ...}), value bits [bit, bit + bits). .f64 registers are 64 bits wide.
/// For an element in a wider container (.kind::f8f6f4's .e2m1: bits 2-5 of its byte) `bit` is
/// the value's lowest bit and `bits` its width, not the container's.
struct RegisterSlot {
  int reg;
  int bit;
  int bits;
};
/// Elements per register: 32 / bits, at least 1 (an .f64 register holds one element).
FRAGVIZ_HD constexpr int elements_per_register(ElemType t) {
  return element_bits(t) >= 32 ? 1 : 32 / element_bits(t);
}
/// Elements per register of an operand: 32 / slot_bits (8 .e2m1 in .kind::mxf4, 4 in .kind::f8f6f4).
FRAGVIZ_HD constexpr int elements_per_register(const OperandSpec& s) {
  return slot_bits(s) >= 32 ? 1 : 32 / slot_bits(s);
}
/// Where element `i` of an operand of element type `t` sits (mma.sync and wgmma pack alike).
FRAGVIZ_HD constexpr RegisterSlot register_slot(ElemType t, int i) {
  const int p = elements_per_register(t);
  return RegisterSlot{i / p, (i % p) * element_bits(t), element_bits(t)};
}
/// Where element `i` of operand `s` sits: its container's place, shifted by value_lsb, and the
/// value's own width (value_bits) inside a container.
FRAGVIZ_HD constexpr RegisterSlot register_slot(const OperandSpec& s, int i) {
  const int p = elements_per_register(s), container = slot_bits(s);
  return RegisterSlot{i / p, (i % p) * container + s.value_lsb, value_bits(s.type)};
}
FRAGVIZ_HD constexpr RegisterSlot register_slot(const Instruction& in, Operand op, int i) {
  return register_slot(operand_spec(in, op), i);
}
/// Registers per lane for the operand (e.g. A of m16n8k16 .f16: 4; C of m8n8k4 .f32: 8).
FRAGVIZ_HD constexpr int registers_per_lane(const Instruction& in, Operand op) {
  return elements_per_lane(in, op) / elements_per_register(operand_spec(in, op));
}
/// 32-bit words per lane for the operand (an .f64 register is two words).
FRAGVIZ_HD constexpr int words_per_lane(const Instruction& in, Operand op) {
  return registers_per_lane(in, op) * (element_bits(operand_spec(in, op).type) == 64 ? 2 : 1);
}

/// Which lane and element hold (row, col, product) of the operand. Every cell has exactly one
/// owner (tests check the bijection). nullopt outside the matrix.
struct Owner {
  int lane;
  int element;
};
std::optional<Owner> owner_of(const Instruction& in, Operand op, Coord c);
/// The same for any operand map over `threads` threads (a wgmma operand: 128): which thread and
/// element hold (row, col, product); nullopt outside the matrix or where no thread holds it.
std::optional<Owner> operand_owner(const OperandSpec& s, int threads, int products, Coord c);

/// Index of (row, col, product) in a cell-major image of a rows x cols operand: product * rows *
/// cols + row * cols + col (row-major within a product, products one after another).
FRAGVIZ_HD constexpr int cell_index(int rows, int cols, Coord c) {
  return (c.product * rows + c.row) * cols + c.col;
}
FRAGVIZ_HD constexpr int cell_index(const OperandSpec& s, Coord c) { return cell_index(s.rows, s.cols, c); }
FRAGVIZ_HD constexpr int cell_index(const Instruction& in, Operand op, Coord c) {
  return cell_index(operand_spec(in, op), c);
}

/// The owner of every cell of an operand at once, in cell_index order (rows * cols * products
/// entries): entry cell_index(c) is owner_of(c), Owner{-1, -1} where no lane holds c. One pass over
/// the map, for views and probes that look up many cells.
std::vector<Owner> owner_table(const Instruction& in, Operand op);
/// The same for any operand map over `threads` threads and `products` products (a wgmma
/// operand: 128 threads, 1 product).
std::vector<Owner> owner_table(const OperandSpec& s, int threads, int products);

/// The instruction's shape as PTX spells it: "m16n8k8".
std::string shape_name(const Instruction& in);

}  // namespace fragviz
