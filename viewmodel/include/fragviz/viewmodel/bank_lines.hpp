// The bank view's explorer grids as plain tables: an ldmatrix's BankReport over a tile laid out as
// 128-byte lines of 32 four-byte words, each word with its tile row, whether it is padding and which
// lanes' row addresses read it, and the lines the screen writes above each grid. The app's bank view
// draws them and export/ (banks_scene, the "lines" picture) draws the same tables into a picture, so
// the two cannot disagree. Every address and bank comes from the model (analyze_ldmatrix). No ImGui.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "fragviz/smem/banks.hpp"

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

}  // namespace fragviz::app
