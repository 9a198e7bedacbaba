// The 8-bit and sub-byte matrix moves of sm_100a (and sm_120a) as raw PTX maps, and beside them
// the byte shuffle CuTe's transposing 8-bit load adds after the instruction.
// MODEL ONLY: no Blackwell GPU has run these; checked against CuTe's SM100 LDSM/STSM copy traits
// (tests/cute/cute_sm100_matrix_move.cpp).
//
// PTX ISA 9.0, "Warp Level Matrix Load Instruction: ldmatrix" and "... Store Instruction:
// stmatrix". Every matrix row is 16 bytes of shared memory whose address one lane supplies.
//   ldmatrix.sync.aligned.m16n16.{x1,x2}.trans.shared.b8: a 16x16 matrix of bytes; .trans is
//     mandatory; "two destination registers r0 and r1 ... in each register four 8-bit elements";
//     "each thread loads 4 consecutive columns across 2 rows" (Figure 105). Matrix m's row i is
//     addressed by lane 16m + i. Lane t, register 2m + r, byte j holds D(t/4 + 8r, 4(t%4) + j) of
//     D = S^T, S being the stored matrix: stored row 4(t%4) + j, byte t/4 + 8r.
//   ldmatrix.sync.aligned.m8n16.{x1,x2,x4}.shared.b8x16.{b6x16_p32,b4x16_p64}: an 8x16 matrix of
//     6-bit (4-bit) values, each stored row 16 packed values then 32 (64) bits of padding,
//     widened to one byte each ("8-bit element will have ... 2 bits [4 bits] of padding"); "each
//     thread loads 4 consecutive columns" (Figure 106): lane t, register m, byte j holds
//     M_m(t/4, 4(t%4) + j), stored row t/4 of matrix m (addressed by lane 8m + t/4), value 4(t%4)+j.
//   stmatrix.sync.aligned.m16n8.{x1,x2,x4}.trans.shared.b8: a 16x8 matrix of bytes in registers,
//     stored transposed as 8 rows of 16 bytes: lane t, register m, byte k holds
//     M_m(t/4 + 8(k/2), 2(t%4) + k%2), the mma.sync m16n8 accumulator layout of 8-bit values;
//     it goes to stored row 2(t%4) + k%2 of matrix m (addressed by lane 8m + that row), byte
//     t/4 + 8(k/2). The PTX text draws this fragment in a figure that was not available as text
//     here: this map is the one CuTe's SM100_U8x*_STSM_T traits encode (an independent source
//     from the ldmatrix text above), so for stmatrix the check against CuTe is not independent
//     of the model, and a GPU run is the real test.
// Which bits of each widened byte hold a 4- or 6-bit value is not modelled here.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace fragviz {

/// The four forms.
enum class MatrixMoveB8Form : unsigned char {
  ldsm_m16n16_trans_b8,  ///< ldmatrix.m16n16 .trans .b8
  ldsm_m8n16_b6x16_p32,  ///< ldmatrix.m8n16 .b8x16.b6x16_p32
  ldsm_m8n16_b4x16_p64,  ///< ldmatrix.m8n16 .b8x16.b4x16_p64
  stsm_m16n8_trans_b8,   ///< stmatrix.m16n8 .trans .b8
};

/// One instruction: a form and its .num (1, 2 or 4).
struct MatrixMoveB8 {
  MatrixMoveB8Form form = MatrixMoveB8Form::ldsm_m16n16_trans_b8;
  int num = 1;
};

/// Whether .num exists for the form: m16n16 takes .x1 and .x2, the others .x1, .x2, .x4.
bool matrix_move_b8_valid(MatrixMoveB8 m);
/// The full PTX mnemonic, e.g. "ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8".
std::string matrix_move_b8_mnemonic(MatrixMoveB8 m);
/// The instruction a full mnemonic names, or nullopt.
std::optional<MatrixMoveB8> parse_matrix_move_b8(std::string_view mnemonic);
/// Whether it is a store (stmatrix).
constexpr bool matrix_move_b8_is_store(MatrixMoveB8 m) {
  return m.form == MatrixMoveB8Form::stsm_m16n8_trans_b8;
}
/// 32-bit registers per lane: 2 per matrix for m16n16, 1 otherwise.
constexpr int matrix_move_b8_registers(MatrixMoveB8 m) {
  return m.form == MatrixMoveB8Form::ldsm_m16n16_trans_b8 ? 2 * m.num : m.num;
}
/// Stored rows (16 bytes each, one address each) per matrix: 16 for m16n16, 8 otherwise.
constexpr int matrix_move_b8_stored_rows(MatrixMoveB8 m) {
  return m.form == MatrixMoveB8Form::ldsm_m16n16_trans_b8 ? 16 : 8;
}
/// Lanes whose addresses the instruction uses: num * matrix_move_b8_stored_rows.
constexpr int matrix_move_b8_address_lanes(MatrixMoveB8 m) { return m.num * matrix_move_b8_stored_rows(m); }

/// One element of one matrix: the register-side matrix (the destination of ldmatrix, 16x16 or
/// 8x16; the source of stmatrix, 16x8), and where it sits in shared memory.
struct MatrixMoveB8Cell {
  int matrix = 0;      ///< which matrix of the .num
  int row = 0;         ///< row in the register-side matrix
  int col = 0;         ///< column in the register-side matrix
  int stored_row = 0;  ///< stored row (whose address lane address_lane gives)
  int stored_col = 0;  ///< byte in the stored row (m8n16: the packed value's index, 0-15)
  int address_lane = 0;
};

/// The element byte `byte` (0-3, 0 = bits 0-7) of register `reg` of lane `lane` moves; lane,
/// register or byte out of range gives matrix -1.
MatrixMoveB8Cell matrix_move_b8_cell(MatrixMoveB8 m, int lane, int reg, int byte);

/// Where CuTe's SM100_U8x8_LDSM_T (.x1) and SM100_U8x16_LDSM_T (.x2) put the raw bytes of
/// ldmatrix.m16n16.trans.b8: their register `reg`, byte `byte` is raw register
/// 2(reg/2) + byte/2, byte 2(reg%2) + byte%2. CuTe does this deliberately (a byte permute after
/// the instruction, cutlass issue #2901) so that its registers match stmatrix.m16n8.x2.trans.b8's:
/// each register then holds D(r, c), D(r, c+1), D(r+8, c), D(r+8, c+1).
struct RegisterByte {
  int reg = 0;
  int byte = 0;
};
constexpr RegisterByte cute_ldsm_t_u8_raw_source(int reg, int byte) {
  return {2 * (reg / 2) + byte / 2, 2 * (reg % 2) + byte % 2};
}

}  // namespace fragviz
