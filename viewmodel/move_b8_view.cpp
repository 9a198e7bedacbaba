#include "fragviz/viewmodel/move_b8_view.hpp"

#include <algorithm>

#include "fragviz/isa/sm100_wording.hpp"

namespace fragviz::app {

std::vector<MatrixMoveB8> matrix_move_b8_forms() {
  std::vector<MatrixMoveB8> out;
  for (MatrixMoveB8Form f : {MatrixMoveB8Form::ldsm_m16n16_trans_b8, MatrixMoveB8Form::ldsm_m8n16_b6x16_p32,
                             MatrixMoveB8Form::ldsm_m8n16_b4x16_p64, MatrixMoveB8Form::stsm_m16n8_trans_b8})
    for (int n : {1, 2, 4})
      if (matrix_move_b8_valid(MatrixMoveB8{f, n})) out.push_back(MatrixMoveB8{f, n});
  return out;
}

MoveB8Model make_move_b8_model(MatrixMoveB8 m) {
  MoveB8Model out;
  out.mnemonic = matrix_move_b8_mnemonic(m);
  out.status = matrix_move_b8_status(m);
  out.cute = matrix_move_b8_cute_line(m);
  out.shape = matrix_move_b8_shape_line(m);
  out.store = matrix_move_b8_is_store(m);
  if (!matrix_move_b8_valid(m)) return out;
  // The register-side matrix's extent: the largest row and column any byte reaches.
  int rows = 0, cols = 0;
  const int regs = matrix_move_b8_registers(m);
  for (int lane = 0; lane < 32; ++lane)
    for (int r = 0; r < regs; ++r)
      for (int b = 0; b < 4; ++b) {
        const MatrixMoveB8Cell c = matrix_move_b8_cell(m, lane, r, b);
        rows = std::max(rows, c.row + 1);
        cols = std::max(cols, c.col + 1);
      }
  out.matrices.assign(static_cast<std::size_t>(m.num), MoveB8Grid{rows, cols, {}});
  for (MoveB8Grid& g : out.matrices) g.cells.assign(static_cast<std::size_t>(rows * cols), MoveB8GridCell{});
  for (int lane = 0; lane < 32; ++lane)
    for (int r = 0; r < regs; ++r)
      for (int b = 0; b < 4; ++b) {
        const MatrixMoveB8Cell c = matrix_move_b8_cell(m, lane, r, b);
        if (c.matrix < 0) continue;
        MoveB8Grid& g = out.matrices[static_cast<std::size_t>(c.matrix)];
        g.cells[static_cast<std::size_t>(c.row * cols + c.col)] =
            MoveB8GridCell{lane, r, b, c.stored_row, c.stored_col, c.address_lane};
      }
  return out;
}

std::string move_b8_cell_label(const MoveB8GridCell& c) {
  if (c.lane < 0) return "";
  return "T" + std::to_string(c.lane) + " r" + std::to_string(c.reg) + "." + std::to_string(c.byte);
}

std::string move_b8_cell_text(const MoveB8Model& m, int matrix, int row, int col) {
  if (matrix < 0 || matrix >= static_cast<int>(m.matrices.size())) return "";
  const MoveB8Grid& g = m.matrices[static_cast<std::size_t>(matrix)];
  if (row < 0 || row >= g.rows || col < 0 || col >= g.cols) return "";
  const MoveB8GridCell& c = g.at(row, col);
  if (c.lane < 0) return "";
  return "M" + std::to_string(matrix) + "(" + std::to_string(row) + ", " + std::to_string(col) +
         ") <-> lane " + std::to_string(c.lane) + ", register r" + std::to_string(c.reg) + ", byte " +
         std::to_string(c.byte) + "; stored row " + std::to_string(c.stored_row) + ", " +
         (m.mnemonic.find("m8n16") != std::string::npos ? "value " : "byte ") + std::to_string(c.stored_col) +
         " (its address from lane " + std::to_string(c.address_lane) + ")";
}

}  // namespace fragviz::app
