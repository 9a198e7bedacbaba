// `fragviz-cli layout --instr` for the 8-bit and sub-byte matrix moves of sm_100a / sm_120a
// (fragviz/isa/matrix_move_b8.hpp): per lane, register and byte, the element and where it sits in
// shared memory, which lane gives which row address, and what CuTe's atom does after the
// instruction. Model only; every output says so.
#include <iostream>
#include <string>

#include "commands.hpp"
#include "fragviz/isa/matrix_move_b8.hpp"
#include "fragviz/isa/sm100_wording.hpp"

namespace fragviz::cli {

namespace {

/// `lane`'s registers, one line per byte: the element it holds and where that sits in shared
/// memory (CSV: the table's rows of that lane).
void print_one_lane(MatrixMoveB8 m, int lane, bool csv) {
  const bool store = matrix_move_b8_is_store(m);
  if (!csv)
    std::cout << "lane " << lane << ": register.byte " << (store ? "<- " : "-> ") << "matrix(row,col)\n";
  for (int r = 0; r < matrix_move_b8_registers(m); ++r)
    for (int b = 0; b < 4; ++b) {
      const MatrixMoveB8Cell c = matrix_move_b8_cell(m, lane, r, b);
      if (csv)
        std::cout << lane << ',' << r << ',' << b << ',' << c.matrix << ',' << c.row << ',' << c.col << ','
                  << c.stored_row << ',' << c.stored_col << ',' << c.address_lane << '\n';
      else
        std::cout << "  r" << r << "." << b << " = m" << c.matrix << "(" << c.row << "," << c.col
                  << ")  stored row " << c.stored_row << ", byte " << c.stored_col
                  << " (row address from lane " << c.address_lane << ")\n";
    }
  if (csv) return;
  if (lane < matrix_move_b8_address_lanes(m))
    std::cout << "lane " << lane << " gives the address of matrix " << lane / matrix_move_b8_stored_rows(m)
              << "'s stored row " << lane % matrix_move_b8_stored_rows(m) << "\n";
  else
    std::cout << "lane " << lane << " gives no row address\n";
}

}  // namespace

bool print_matrix_move_b8(const std::string& name, bool csv, int only_lane) {
  const auto m = parse_matrix_move_b8(name);
  if (!m) return false;
  const bool store = matrix_move_b8_is_store(*m);
  const int regs = matrix_move_b8_registers(*m);
  if (csv) {
    std::cerr << matrix_move_b8_status(*m) << "\n";  // standard output carries the CSV alone
    std::cout << "lane,register,byte,matrix,row,col,stored_row,stored_col,address_lane\n";
  } else {
    std::cout << matrix_move_b8_status(*m) << "\n"
              << name << "  (sm_100a, sm_120a; PTX ISA 9.0, \"Warp Level Matrix "
              << (store ? "Store Instruction: stmatrix" : "Load Instruction: ldmatrix") << "\")\n"
              << matrix_move_b8_shape_line(*m) << "\n"
              << "row addresses: matrix m's stored row i from lane " << matrix_move_b8_stored_rows(*m)
              << "m + i (lanes 0-" << matrix_move_b8_address_lanes(*m) - 1 << ")\n"
              << matrix_move_b8_cute_line(*m) << "\n";
    if (only_lane < 0)
      std::cout << "lane: register.byte " << (store ? "<- " : "-> ")
                << "matrix(row,col) [stored row, byte]\n";
  }
  if (only_lane >= 0) {
    print_one_lane(*m, only_lane, csv);
    return true;
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
