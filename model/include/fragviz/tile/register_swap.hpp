// A register swap after the copy: a kernel that exchanges two blocks of an operand's fragment
// registers between the copy and the MMA (the gate's broken-swap-b swaps the B fragments of n tiles
// 1 and 2 of every warp's 32 columns). The copy still delivers the right cells; the MMA reads the
// wrong ones. The CTA join applies the swap to what each register holds before it compares.
//
// Text: "<op> <a>-<b>:<c>-<d>/<period>", op A (rows are M) or B (rows are N), the two row ranges
// inclusive and the same length, not overlapping, inside [0, period): rows a..b and c..d of every
// `period` rows exchange registers. "B 8-15:16-23/32" is broken-swap-b's.
// Pure model: no CUDA, no GL.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "fragviz/algebra/operations.hpp"
#include "fragviz/isa/catalogue.hpp"

namespace fragviz::tile {

/// Rows first..first+width-1 and second..second+width-1 of every `period` rows of `operand`'s first
/// coordinate (M for A, N for B) exchange registers after the copy.
struct RegisterSwap {
  Operand operand = Operand::B;
  std::int64_t first = 0, second = 0, width = 0, period = 0;
  /// The row whose register now feeds the MMA's row `row`: rows of the two blocks exchanged.
  std::int64_t partner(std::int64_t row) const;
  /// "B 8-15:16-23/32".
  std::string text() const;
};
bool operator==(const RegisterSwap& a, const RegisterSwap& b);

/// Reads the text form (header). Refused (bad_input) with the 1-based column of what does not read:
/// another operand than A or B, a range that is empty, reversed, of another length than the other,
/// overlapping it or reaching the period.
algebra::Result<RegisterSwap> parse_register_swap(std::string_view text);

}  // namespace fragviz::tile
