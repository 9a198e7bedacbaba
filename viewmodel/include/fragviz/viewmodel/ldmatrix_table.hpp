// The explorer's ldmatrix as a table of tile cells: which lane and which part of which register
// receives each cell it loads, and which lane's row address covers it (PTX ISA, "Warp-level matrix
// load instruction: ldmatrix"). One definition for the ldmatrix view and its export
// (export/view_matrix_moves.cpp), so the picture holds the screen's cells and words.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/ldmatrix.hpp"

namespace fragviz::app {

/// The explorer's ldmatrix: which lane and which part of which register receives each tile cell it
/// loads. Cells are `unit_bytes` wide: the selected instruction's element where ldmatrix moves
/// whole ones (1 byte for 8-, 4- and 1-bit data, 2 for 16-bit, 4 for tf32), always 2 with .trans
/// (which moves 16-bit elements).
struct LdmatrixTable {
  LdmatrixConfig config;
  int unit_bytes = 2;
  int rows = 0, cols = 0;  ///< region of the tile covered by the .num matrices, in cells
  struct Cell {
    int lane = -1, reg = 0;
    int part = 0;           ///< which unit of the 32-bit register: byte 0-3, half 0-1 (0 = low), or 0
    int address_lane = -1;  ///< lane that supplied this cell's row start
  };
  std::vector<Cell> cells;  ///< row-major rows*cols
  const Cell& at(int row, int col) const { return cells[static_cast<std::size_t>(row * cols + col)]; }
};

/// Why the explorer's ldmatrix belongs with no operand of `in`: neither A nor B is loaded by
/// ldmatrix (f64, m8n8k4), said in A's words (ldmatrix_problem: "no ldmatrix form: ..."); nullopt
/// where one is. The ldmatrix and bank views say it in place of their grids (no_ldmatrix_hint under
/// it), and the ldmatrix export refuses with the same words (issue 22: it drew a halves grid).
std::optional<std::string> no_ldmatrix_form(const Instruction& in);

/// The line under no_ldmatrix_form's reason, `who` ("The explorer models") starting it: what the
/// explorer's ldmatrix fills instead.
std::string no_ldmatrix_hint(const std::string& who);

/// Who starts the hint in each view that shows no_ldmatrix_form in place of its grids: the screen
/// and its export say the same words.
inline constexpr const char* kLdmatrixViewWho = "The explorer models";
inline constexpr const char* kBankViewWho = "The bank view shows the row addresses of";

/// An export's refusal of a view that shows only no_ldmatrix_form for `in`, in the screen's words:
/// "<mnemonic>: <no_ldmatrix_form>. <no_ldmatrix_hint(who)>"; nullopt where `in` has a form (issue
/// 22: the bank view's export drew a picture the screen did not show).
std::optional<std::string> no_ldmatrix_refusal(const Instruction& in, const std::string& who);

/// Explorer cell width for `in`: the element where ldmatrix moves whole ones (bytes for 8-bit and
/// narrower data, words for tf32), halves with .trans or without a form.
int explorer_unit_bytes(const Instruction& in, LdmatrixConfig cfg);

/// The table of `cfg` in cells of `unit` bytes (matrix j at rows 8(j%2), bytes 16(j/2)).
LdmatrixTable make_ldmatrix(LdmatrixConfig cfg, int unit);

/// The explorer's table for instruction `in`: make_ldmatrix at explorer_unit_bytes.
inline LdmatrixTable make_ldmatrix(const Instruction& in, LdmatrixConfig cfg) {
  return make_ldmatrix(cfg, explorer_unit_bytes(in, cfg));
}

/// "r0.b2", "r0.hi", "r0": register `reg` and the part of it a unit of `unit_bytes` is.
std::string register_part_name(int reg, int part, int unit_bytes);

/// The most cells one label covers: a register's four bytes where cells are bytes (a label per
/// byte is too small to read), else 1 (a half or a word names its own part).
int label_run(const LdmatrixTable& t);

/// The cells of row `r` from `c` on that one label covers: up to label_run(t) of them, while they
/// go to the same lane and register.
int run_length(const LdmatrixTable& t, int r, int c);

/// The register a run of `n` cells from (r, c) names: "r2" for a register's bytes, its part of one
/// for a single cell ("r2.lo", "r2.b1", "r2" for a word: register_part_name).
std::string run_register(const LdmatrixTable& t, int r, int c, int n);

/// What a run of `n` cells from (r, c) says in full, "T<lane> " and run_register: "T<lane> r<reg>" for a
/// register's bytes, "T<lane> r<reg>.lo" for a half, "T<lane> r<reg>" for a word (register_part_name for one
/// cell).
std::string run_label(const LdmatrixTable& t, int r, int c, int n);

/// The cell in which the row address of `lane` starts (a lane below address_lanes(t.config.num)):
/// its tile row and the first cell of its 16 bytes.
Coord row_start_cell(const LdmatrixTable& t, int lane);

}  // namespace fragviz::app
