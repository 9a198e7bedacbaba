// A thread-value layout in CuTe's sense: (thread, value) -> offset into a column-major operand
// matrix. CuTe writes these as `Layout<Shape<...>, Stride<...>>` in its MMA_Traits
// (include/cute/atom/mma_traits_sm80.hpp); here they are plain data usable on host and device.
//
// The thread index (lane 0-31, or 0-127 for a warpgroup) is split into modes, first mode
// fastest; so is the value (fragment element) index. Offset = sum of (digit * stride).
// The codomain is rows x cols (x products), column-major: offset = row + rows*col +
// rows*cols*product. Every mma.sync fragment map in the PTX ISA is of this affine form.
#pragma once

#include "fragviz/util/host_device.hpp"

namespace fragviz {

/// One mode of a layout: `shape` digits, each step worth `stride` offset units.
struct Mode {
  int shape = 1;
  int stride = 0;
};

/// Up to six thread modes and six value modes; unused modes have shape 1.
struct TvLayout {
  Mode thread[6];
  Mode value[6];
};

/// Offset of (thread, value) in the layout's column-major codomain.
FRAGVIZ_HD constexpr int tv_offset(const TvLayout& l, int thread, int value) {
  int offset = 0;
  for (const Mode& m : l.thread) {
    offset += (thread % m.shape) * m.stride;
    thread /= m.shape;
  }
  for (const Mode& m : l.value) {
    offset += (value % m.shape) * m.stride;
    value /= m.shape;
  }
  return offset;
}

/// Number of threads the layout's thread modes cover (their shapes' product).
FRAGVIZ_HD constexpr int tv_threads(const TvLayout& l) {
  int n = 1;
  for (const Mode& m : l.thread) n *= m.shape;
  return n;
}

/// Number of values per thread (product of the value shapes).
FRAGVIZ_HD constexpr int tv_values(const TvLayout& l) {
  int n = 1;
  for (const Mode& m : l.value) n *= m.shape;
  return n;
}

}  // namespace fragviz
