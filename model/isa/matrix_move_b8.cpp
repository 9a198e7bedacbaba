// 8-bit and sub-byte ldmatrix/stmatrix (fragviz/isa/matrix_move_b8.hpp).
#include "fragviz/isa/matrix_move_b8.hpp"

namespace fragviz {
namespace {

constexpr MatrixMoveB8Form kForms[] = {
    MatrixMoveB8Form::ldsm_m16n16_trans_b8, MatrixMoveB8Form::ldsm_m8n16_b6x16_p32,
    MatrixMoveB8Form::ldsm_m8n16_b4x16_p64, MatrixMoveB8Form::stsm_m16n8_trans_b8};

}  // namespace

bool matrix_move_b8_valid(MatrixMoveB8 m) {
  if (m.form == MatrixMoveB8Form::ldsm_m16n16_trans_b8) return m.num == 1 || m.num == 2;
  return m.num == 1 || m.num == 2 || m.num == 4;
}

std::string matrix_move_b8_mnemonic(MatrixMoveB8 m) {
  const std::string x = ".x" + std::to_string(m.num);
  switch (m.form) {
    case MatrixMoveB8Form::ldsm_m16n16_trans_b8:
      return "ldmatrix.sync.aligned.m16n16" + x + ".trans.shared.b8";
    case MatrixMoveB8Form::ldsm_m8n16_b6x16_p32:
      return "ldmatrix.sync.aligned.m8n16" + x + ".shared.b8x16.b6x16_p32";
    case MatrixMoveB8Form::ldsm_m8n16_b4x16_p64:
      return "ldmatrix.sync.aligned.m8n16" + x + ".shared.b8x16.b4x16_p64";
    case MatrixMoveB8Form::stsm_m16n8_trans_b8:
      return "stmatrix.sync.aligned.m16n8" + x + ".trans.shared.b8";
  }
  return "?";
}

std::optional<MatrixMoveB8> parse_matrix_move_b8(std::string_view mnemonic) {
  for (MatrixMoveB8Form f : kForms)
    for (int num : {1, 2, 4}) {
      const MatrixMoveB8 m{f, num};
      if (matrix_move_b8_valid(m) && mnemonic == matrix_move_b8_mnemonic(m)) return m;
    }
  return std::nullopt;
}

MatrixMoveB8Cell matrix_move_b8_cell(MatrixMoveB8 m, int lane, int reg, int byte) {
  if (!matrix_move_b8_valid(m) || lane < 0 || lane > 31 || reg < 0 || reg >= matrix_move_b8_registers(m) ||
      byte < 0 || byte > 3)
    return {-1, -1, -1, -1, -1, -1};
  const int g = lane / 4, q = lane % 4;  // groupID, thread in group
  MatrixMoveB8Cell c;
  switch (m.form) {
    case MatrixMoveB8Form::ldsm_m16n16_trans_b8: {
      const int r = reg % 2;
      c.matrix = reg / 2;
      c.row = g + 8 * r;  // of D = S^T
      c.col = 4 * q + byte;
      c.stored_row = c.col;
      c.stored_col = c.row;
      break;
    }
    case MatrixMoveB8Form::ldsm_m8n16_b6x16_p32:
    case MatrixMoveB8Form::ldsm_m8n16_b4x16_p64:
      c.matrix = reg;
      c.row = g;
      c.col = 4 * q + byte;
      c.stored_row = c.row;
      c.stored_col = c.col;
      break;
    case MatrixMoveB8Form::stsm_m16n8_trans_b8:
      c.matrix = reg;
      c.row = g + 8 * (byte / 2);  // of the 16x8 register-side matrix
      c.col = 2 * q + byte % 2;
      c.stored_row = c.col;
      c.stored_col = c.row;
      break;
  }
  c.address_lane = matrix_move_b8_stored_rows(m) * c.matrix + c.stored_row;
  return c;
}

}  // namespace fragviz
