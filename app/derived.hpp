// Derived data: every table the views draw, computed from Controls by the pure model and cached,
// so a frame only reads arrays. Recomputed only when the controls change.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "app_state.hpp"
#include "fragviz/banks.hpp"
#include "fragviz/layout.hpp"
#include "fragviz/ldmatrix.hpp"

namespace fragviz::app {

/// One operand of the mma: who owns each cell and which cells each lane owns.
struct OperandTable {
  Operand operand = Operand::A;
  int rows = 0, cols = 0;
  std::vector<Owner> owner;                              ///< row-major, rows*cols
  std::array<std::vector<Coord>, kWarpSize> lane_cells;  ///< per lane, indexed by element
  std::optional<FragmentLoad> load;                      ///< the seed's ldmatrix for A and B; none for C
  /// For A/B: lane whose ldmatrix row address covers each cell (row-major), -1 for C.
  std::vector<int> address_lane;
  const Owner& at(int row, int col) const { return owner[static_cast<std::size_t>(row * cols + col)]; }
};

/// One 4-byte shared-memory word in the bank view.
struct BankWord {
  int tile_row = -1;          ///< tile row the word belongs to; -1 beyond the tile
  bool pad = false;           ///< a padding word
  std::uint32_t readers = 0;  ///< bit l set: lane l's ldmatrix row reads this word
  bool misaligned = false;    ///< read by a row address that is not 16-byte aligned
};

/// A tile laid out in 128-byte lines of 32 banks, plus its bank report.
struct BankTable {
  TileGeometry tile;
  BankReport report;
  int lines = 0;                ///< 128-byte lines drawn
  std::vector<BankWord> words;  ///< lines * 32
};

/// The explorer's ldmatrix: which lane and register half receives each tile cell it loads.
struct LdmatrixTable {
  LdmatrixConfig config;
  int rows = 0, cols = 0;  ///< region of the tile covered by the .num matrices
  struct Cell {
    int lane = -1, reg = 0, half = 0;
    int address_lane = -1;  ///< lane that supplied this cell's row start
  };
  std::vector<Cell> cells;  ///< row-major rows*cols
  const Cell& at(int row, int col) const { return cells[static_cast<std::size_t>(row * cols + col)]; }
};

/// Everything derived from one Controls value.
struct Derived {
  Controls key;
  std::array<OperandTable, 3> operands;  ///< A, B, C
  LdmatrixTable ldmatrix;
  BankTable unpadded, padded;
  const OperandTable& op(Operand o) const { return operands[static_cast<std::size_t>(o)]; }
};

/// Computes every table for `c`. Pure, a few hundred microseconds at most.
Derived compute_derived(const Controls& c);

/// The synthetic value the model puts in a cell when there is no measured data: the cell index
/// (row * cols + col, plus 512 for B so the operands differ) encoded as IEEE fp16 for A/B, as
/// f32 bits for C. Exact: every index is below 2048.
std::uint32_t synthetic_bits(Operand op, int cols, Coord c);

/// IEEE 754 binary16 bits of a float (round to nearest even; values here are small integers).
std::uint16_t to_half_bits(float f);
/// Float value of binary16 bits.
float from_half_bits(std::uint16_t h);

}  // namespace fragviz::app
