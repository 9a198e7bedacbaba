// tools/gen_ptx_ops: writes the committed PTX wrapper headers from the model's catalogues, one mode
// per output (gen_ptx_ops.cpp). Each writer prints the whole file to stdout.
#pragma once

#include <string>

namespace fragviz::gen {

/// gpu/cuda/mma_wrappers.cuh from kInstructions (catalogue_table.hpp): one MmaWrapper<Index> each.
void write_mma_wrappers();
/// gpu/cuda/hopper/wgmma_ops.cuh from wgmma_catalogue(): one WgmmaOp<Index> each.
void write_wgmma_ops();

/// An asm vector operand of `count` numbered operands from `first`: "{%4, %5, %6}".
inline std::string reg_list(int first, int count) {
  std::string s = "{";
  for (int i = 0; i < count; ++i) {
    if (i) s += ", ";
    s += "%" + std::to_string(first + i);
  }
  return s + "}";
}

}  // namespace fragviz::gen
