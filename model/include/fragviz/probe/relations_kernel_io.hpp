// What the K-split relation kernel (gpu/cuda/relation_kernels.cu) takes besides buffers, as plain
// data: packed by the model (fragviz/probe/relations_family.hpp), brought into fragviz::cuda by
// gpu/cuda/relation_kernels.hpp. Apart from kernel_io.hpp so the other kernels do not see it.
#pragma once

#include <cstdint>

namespace fragviz::kernel_io {

/// Most 32-bit words of A and B a K-split whole instruction has per lane (A of m16n8k16 .f64: 8
/// registers of 64 bits; B: 4).
inline constexpr int kMaxSplitAWords = 16;
inline constexpr int kMaxSplitBWords = 8;

/// Per word of the whole instruction's A and B: the half (0 or 1) and the word of the half
/// instruction's operand it becomes.
struct KSplitWordMap {
  std::int8_t a_half[kMaxSplitAWords];
  std::int8_t a_word[kMaxSplitAWords];
  std::int8_t b_half[kMaxSplitBWords];
  std::int8_t b_word[kMaxSplitBWords];
};

}  // namespace fragviz::kernel_io
