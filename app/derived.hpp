// Derived data: every table the views draw, computed from Controls (and the probe report) by the
// pure model and cached, so a frame only reads arrays. The instruction tables are recomputed only
// when the controls change, the measured tables only when the report changes. The largest
// instruction (b1 m16n8k256: A 16x256, B 256x8) has 6272 cells; nothing here runs per frame.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app_state.hpp"
#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/fragment.hpp"
#include "fragviz/isa/ldmatrix.hpp"
#include "fragviz/report/report.hpp"
#include "fragviz/smem/banks.hpp"
#include "fragviz/viewmodel/bank_lines.hpp"
#include "fragviz/viewmodel/fragments_measured.hpp"
#include "fragviz/viewmodel/ldmatrix_table.hpp"
#include "run_status.hpp"

namespace fragviz::app {

/// One operand of the mma: who owns each cell and which cells each lane owns.
struct OperandTable {
  Operand operand = Operand::A;
  ElemType type = ElemType::f16;
  int rows = 0, cols = 0, products = 1;
  int per_lane = 0;                                      ///< elements each lane holds
  int registers = 0;                                     ///< registers each lane holds
  std::vector<Owner> owner;                              ///< cell-major (cell): owner_table
  std::array<std::vector<Coord>, kWarpSize> lane_cells;  ///< per lane, indexed by element
  std::optional<FragmentLoad> load;                      ///< the ldmatrix that fills it (fragment_load)
  std::string no_load;                                   ///< why there is none (ldmatrix_problem), when !load
  /// For a loaded operand: lane whose ldmatrix row address covers each cell, else -1.
  std::vector<int> address_lane;
  /// A/B: each lane's registers as the tensor-core probe feeds them in its first label pass
  /// (digit 0 of every slot's label), lane-major, words_per_lane words per lane. Empty for C.
  std::vector<std::uint32_t> probe_words;
  int words = 0;             ///< 32-bit words per lane
  int label_digits = 0;      ///< passes (digits) the probe spreads one label over
  int label_digit_bits = 0;  ///< bits per digit
  int cell(Coord c) const { return cell_index(rows, cols, c); }
  const Owner& at(int row, int col, int product = 0) const {
    return owner[static_cast<std::size_t>(cell(Coord{row, col, product}))];
  }
};

/// Measured data for the selected instruction (FragmentsMeasured: its probes, each cell's mark,
/// the counts; File > Export reads the same) and a per-instruction summary of the report.
struct MeasuredTable : FragmentsMeasured {
  std::shared_ptr<const ProbeReport> report;  ///< what this was computed from (null: none)

  /// One catalogue entry as the report has it.
  struct Entry {
    enum class State : std::uint8_t { absent, skipped, matched, differs } state = State::absent;
    std::string detail;  ///< why skipped, or the first mismatch
  };
  std::vector<Entry> catalogue;  ///< by catalogue index
  int in_report = 0, measured = 0, matched = 0, skipped = 0;
};

/// A tile laid out in 128-byte lines of 32 banks, plus its bank report.
struct BankTable {
  TileGeometry tile;
  BankReport report;
  int lines = 0;                ///< 128-byte lines drawn
  std::vector<BankWord> words;  ///< lines * 32
  /// The selected instruction's own loads of A and B over this tile (the operand stored in it as
  /// its ldmatrix assumes): their lanes' byte addresses, and the bank figures of those addresses.
  using OperandLoad = BankOperandLoad;
  std::vector<OperandLoad> operand_loads;  ///< A, B: those with an ldmatrix form
};

/// Everything derived from one Controls value (and, in `measured`, from the probe report).
struct Derived {
  Controls key;
  const Instruction* instr = nullptr;    ///< the selected catalogue entry, never null
  std::array<OperandTable, 3> operands;  ///< A, B, C
  /// Whether A or B of the instruction is loaded with ldmatrix (the explorer and bank view relate
  /// to it); else `no_ldmatrix` says why (A's reason: the PTX's words).
  bool has_ldmatrix_form = false;
  std::string no_ldmatrix;
  LdmatrixTable ldmatrix;  ///< the explorer's (ldmatrix_table.hpp: its export draws the same)
  BankTable unpadded, padded;
  MeasuredTable measured;
  const OperandTable& op(Operand o) const { return operands[static_cast<std::size_t>(o)]; }
};

/// Computes every table for `c` (measured left empty). Pure; a few milliseconds for the largest
/// instruction.
Derived compute_derived(const Controls& c);

/// Measured tables of `d`'s instruction from `report` (null: none).
MeasuredTable compute_measured(const Derived& d, std::shared_ptr<const ProbeReport> report);

/// Byte offset in `tile` (its stride and swizzle) of byte `byte` of stored row `row`.
std::uint32_t tile_byte(const TileGeometry& tile, int row, int byte);

/// run_status_text for the app's state (run_status.hpp).
std::string run_status(const AppState& s, const Instruction& in);

/// The tensor-core probe's label of slot (lane, element): lane * per_lane + element + 1
/// (model/probe/mma_probe.cpp, plan_mma_probe).
inline long probe_label(const OperandTable& t, int lane, int element) {
  return static_cast<long>(lane) * t.per_lane + element + 1;
}

}  // namespace fragviz::app
