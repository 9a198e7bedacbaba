// The matrix-move view's 8-bit page, window-free: the 11 sm_100a / sm_120a 8-bit and sub-byte
// ldmatrix / stmatrix forms (fragviz/isa/matrix_move_b8.hpp), each matrix of the register side as a
// grid whose cell names the lane, register and byte that holds it and where it is stored, under the
// model's own status and CuTe lines (fragviz/isa/sm100_wording.hpp). Model only.
#pragma once

#include <string>
#include <vector>

#include "fragviz/isa/matrix_move_b8.hpp"

namespace fragviz::app {

/// The page's controls (AppState::moves_b8).
struct MoveB8Controls {
  bool shown = false;  ///< the matrix-move view shows this page instead of stmatrix/movmatrix/epilogue
  MatrixMoveB8 move{};
  std::string hover;  ///< the hover text of the cell under the mouse last frame (state dump), or ""
};

/// Every form, in the order the page lists them (m16n16 .x1 .x2, m8n16 b6 and b4 .x1 .x2 .x4,
/// stmatrix.m16n8 .x1 .x2 .x4).
std::vector<MatrixMoveB8> matrix_move_b8_forms();

/// One element of a register-side matrix: who holds it (lane, register, byte) and where it is
/// stored (row, byte or packed value, the lane whose address names that row).
struct MoveB8GridCell {
  int lane = -1, reg = -1, byte = -1;
  int stored_row = -1, stored_col = -1, address_lane = -1;
};

/// One matrix of the .num.
struct MoveB8Grid {
  int rows = 0, cols = 0;
  std::vector<MoveB8GridCell> cells;  ///< rows x cols, row-major
  const MoveB8GridCell& at(int r, int c) const {
    return cells[static_cast<std::size_t>(r) * static_cast<std::size_t>(cols) + static_cast<std::size_t>(c)];
  }
};

/// The page for one form.
struct MoveB8Model {
  std::string mnemonic, status, cute, shape;
  bool store = false;
  std::vector<MoveB8Grid> matrices;
};
MoveB8Model make_move_b8_model(MatrixMoveB8 m);

/// "T5 r1.2": lane, register and byte of a cell.
std::string move_b8_cell_label(const MoveB8GridCell& c);
/// The hover text: "M0(9, 6) <-> lane 5, register r1, byte 2; stored row 6, byte 9 (address from lane 6)".
std::string move_b8_cell_text(const MoveB8Model& m, int matrix, int row, int col);

}  // namespace fragviz::app
