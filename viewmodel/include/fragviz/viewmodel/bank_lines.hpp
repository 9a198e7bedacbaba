// The bank view's explorer grids as plain tables: an ldmatrix's BankReport over a tile laid out as
// 128-byte lines of 32 four-byte words, each word with its tile row, whether it is padding and which
// lanes' row addresses read it, and the lines the screen writes above each grid. The app's bank view
// draws them and export/ (banks_scene, the "lines" picture) draws the same tables into a picture, so
// the two cannot disagree. Every address and bank comes from the model (analyze_ldmatrix). No ImGui.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/smem/banks.hpp"
#include "fragviz/viewmodel/status_tone.hpp"

namespace fragviz::app {

/// One 4-byte shared-memory word in the bank view.
struct BankWord {
  int tile_row = -1;          ///< tile row the word belongs to; -1 beyond the tile
  bool pad = false;           ///< a padding word
  std::uint32_t readers = 0;  ///< bit l set: lane l's ldmatrix row reads this word
  bool misaligned = false;    ///< read by a row address that is not 16-byte aligned
};

/// `report`'s tile (report.tile) as 128-byte lines of 32 words, row after row.
struct BankLines {
  int lines = 0;                ///< 128-byte lines the tile spans
  std::vector<BankWord> words;  ///< lines * 32, word w in line w / 32 and bank w % 32
};
BankLines bank_lines(const BankReport& report);

/// The side's totals as the screen writes them: "wavefronts 4   ideal 4   bank conflicts 0   (1-way)".
std::string bank_totals_text(const BankReport& r);
/// Per phase (matrix): "per matrix  m0: 1 wf   m1: 1 wf   ..." as the screen writes it.
std::string bank_phases_text(const BankReport& r);

/// An instruction's own ldmatrix load of A or B over a tile (the operand stored in it as that
/// ldmatrix assumes): its lanes' byte addresses and their bank figures, or why it cannot be.
struct BankOperandLoad {
  Operand operand = Operand::A;
  LdmatrixConfig config{};
  std::string problem;  ///< why the tile cannot hold the stored operand (then no report)
  std::array<std::uint32_t, kWarpSize> addresses{};
  BankReport report;
};
/// `in`'s loads of A and B (those with an ldmatrix form) over `tile`, messages in `unit`.
std::vector<BankOperandLoad> bank_operand_loads(const Instruction& in, const TileGeometry& tile,
                                                TileUnit unit);

/// One line the bank view writes above a side's grid, and its colour's meaning.
struct BankStatusLine {
  std::string key;  ///< "tile", "error", "totals", "phases", "load_A", "load_B"
  std::string text;
  Tone tone = Tone::dim;
};
/// The lines above a side's grid, in order, as the screen writes them and File > Export writes them:
/// the tile (`tile_text`), "Illegal: ..." or the totals and phases of `report`, then each of `loads`
/// ("A's own ldmatrix...: 8 wavefronts, 0 bank conflicts", or why it cannot be).
std::vector<BankStatusLine> bank_side_lines(const std::string& tile_text, const BankReport& report,
                                            const std::vector<BankOperandLoad>& loads);

}  // namespace fragviz::app
