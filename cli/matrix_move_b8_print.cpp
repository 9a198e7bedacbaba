// `fragviz-cli layout --instr` for the 8-bit and sub-byte matrix moves of sm_100a / sm_120a
// (fragviz/isa/matrix_move_b8.hpp): per lane, register and byte, the element and where it sits in
// shared memory, which lane gives which row address, and what CuTe's atom does after the
// instruction. Model only; every output says so.
#include <iostream>
#include <string>

#include "commands.hpp"
#include "fragviz/isa/matrix_move_b8.hpp"

namespace fragviz::cli {
namespace {

/// The model-only line: the loads are the PTX text's and CuTe agrees; the store's fragment figure was
/// not available as text, so its map is CuTe's and says so.
std::string model_only_line(MatrixMoveB8 m) {
  if (matrix_move_b8_is_store(m))
    return "model only: the map is CuTe 4.2's (SM100_U8x*_STSM_T; the PTX ISA 9.0 figure was not read as "
           "text); not yet run on a GPU (tests/cute/cute_sm100_matrix_move.cpp)";
  return "model only: PTX ISA 9.0 and CuTe 4.2 agree; not yet run on a GPU "
         "(tests/cute/cute_sm100_matrix_move.cpp)";
}

/// CuTe's atom of the instruction and what it does to the raw registers.
std::string cute_atom_line(MatrixMoveB8 m) {
  const std::string n = std::to_string(m.num);
  switch (m.form) {
    case MatrixMoveB8Form::ldsm_m16n16_trans_b8:
      return std::string("CuTe: ") + (m.num == 1 ? "SM100_U8x8_LDSM_T" : "SM100_U8x16_LDSM_T") +
             " permutes bytes after the instruction, deliberately (cutlass issue #2901): its register d, "
             "byte k "
             "is raw register 2(d/2) + k/2, byte 2(d%2) + k%2, so each register holds D(r,c) D(r,c+1) "
             "D(r+8,c) "
             "D(r+8,c+1), the register layout stmatrix.m16n8.x2.trans.b8 stores";
    case MatrixMoveB8Form::ldsm_m8n16_b6x16_p32:
      return "CuTe: SM100_SU6_DU8x16_x" + n + "_LDSM_N, the raw registers";
    case MatrixMoveB8Form::ldsm_m8n16_b4x16_p64:
      return "CuTe: SM100_SU4_DU8x16_x" + n + "_LDSM_N, the raw registers";
    case MatrixMoveB8Form::stsm_m16n8_trans_b8:
      return std::string("CuTe: SM100_U8x") +
             (m.num == 1   ? "4"
              : m.num == 2 ? "8"
                           : "16") +
             "_STSM_T, the raw registers";
  }
  return "";
}

/// What the register-side matrix is and how it is stored.
std::string shape_line(MatrixMoveB8 m) {
  switch (m.form) {
    case MatrixMoveB8Form::ldsm_m16n16_trans_b8:
      return "each matrix: 16 stored rows of 16 bytes, loaded transposed: D = S^T, lane t register 2m+r byte "
             "j = "
             "D(t/4 + 8r, 4(t%4) + j) = stored row 4(t%4)+j, byte t/4 + 8r";
    case MatrixMoveB8Form::ldsm_m8n16_b6x16_p32:
      return "each matrix: 8 stored rows of 16 packed 6-bit values + 32 bits of padding, each value widened "
             "to a "
             "byte (2 bits of padding): lane t register m byte j = M_m(t/4, 4(t%4) + j)";
    case MatrixMoveB8Form::ldsm_m8n16_b4x16_p64:
      return "each matrix: 8 stored rows of 16 packed 4-bit values + 64 bits of padding, each value widened "
             "to a "
             "byte (4 bits of padding): lane t register m byte j = M_m(t/4, 4(t%4) + j)";
    case MatrixMoveB8Form::stsm_m16n8_trans_b8:
      return "each matrix: a 16x8 matrix of bytes in registers, the mma.sync m16n8 accumulator layout (byte "
             "k = "
             "c_k: row t/4 + 8(k/2), column 2(t%4) + k%2), stored transposed as 8 rows of 16 bytes";
  }
  return "";
}

}  // namespace

bool print_matrix_move_b8(const std::string& name, bool csv) {
  const auto m = parse_matrix_move_b8(name);
  if (!m) return false;
  const bool store = matrix_move_b8_is_store(*m);
  const int regs = matrix_move_b8_registers(*m);
  if (csv) {
    std::cerr << model_only_line(*m) << "\n";  // standard output carries the CSV alone
    std::cout << "lane,register,byte,matrix,row,col,stored_row,stored_col,address_lane\n";
  } else {
    std::cout << model_only_line(*m) << "\n"
              << name << "  (sm_100a, sm_120a; PTX ISA 9.0, \"Warp Level Matrix "
              << (store ? "Store Instruction: stmatrix" : "Load Instruction: ldmatrix") << "\")\n"
              << shape_line(*m) << "\n"
              << "row addresses: matrix m's stored row i from lane " << matrix_move_b8_stored_rows(*m)
              << "m + i (lanes 0-" << matrix_move_b8_address_lanes(*m) - 1 << ")\n"
              << cute_atom_line(*m) << "\n"
              << "lane: register.byte " << (store ? "<- " : "-> ") << "matrix(row,col) [stored row, byte]\n";
  }
  for (int lane = 0; lane < 32; ++lane) {
    if (!csv) std::cout << "  lane " << (lane < 10 ? " " : "") << lane << ":";
    for (int r = 0; r < regs; ++r)
      for (int b = 0; b < 4; ++b) {
        const MatrixMoveB8Cell c = matrix_move_b8_cell(*m, lane, r, b);
        if (csv)
          std::cout << lane << ',' << r << ',' << b << ',' << c.matrix << ',' << c.row << ',' << c.col << ','
                    << c.stored_row << ',' << c.stored_col << ',' << c.address_lane << '\n';
        else
          std::cout << " r" << r << "." << b << "=m" << c.matrix << "(" << c.row << "," << c.col << ")["
                    << c.stored_row << "," << c.stored_col << "]";
      }
    if (!csv && lane < matrix_move_b8_address_lanes(*m))
      std::cout << "   [address: matrix " << lane / matrix_move_b8_stored_rows(*m) << " stored row "
                << lane % matrix_move_b8_stored_rows(*m) << "]";
    if (!csv) std::cout << "\n";
  }
  return true;
}

}  // namespace fragviz::cli
