// A layout as CuTe's print_layout draws it: row r, column c holds the offset of the coordinate whose
// mode-0 index is r and whose index over the other modes (colexicographic, as CuTe counts) is c; a
// rank-1 layout is one row. What `fragviz-cli algebra`, its --svg and the app's Algebra view show.
//
// Pure model: no CUDA, no GL.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "fragviz/algebra/layout.hpp"

namespace fragviz::algebra {

/// Rows and columns of `l`'s table: (size of mode 0, size / that), or (1, size) for rank 1.
struct TableExtent {
  std::int64_t rows = 1, cols = 1;
  std::int64_t cells() const { return rows * cols; }
};
TableExtent table_extent(const Layout& l);

/// Every offset of a (composed) layout in index order: cell (r, c) is index r + rows * c.
struct LayoutTable {
  TableExtent extent;
  std::vector<std::int64_t> offsets;  ///< swizzled where the layout is composed
  std::int64_t at(std::int64_t r, std::int64_t c) const {
    return offsets[static_cast<std::size_t>(r + extent.rows * c)];
  }
};
/// The table of `l`. Precondition: its size is what the caller can hold (views cap it).
LayoutTable layout_table(const ComposedLayout& l);

/// The natural (hierarchical) coordinate of 1-D index `i` in `shape`, as CuTe's idx2crd gives it:
/// "(3,(1,2))" for i = 3 + 4 * (1 + 2 * 2) in ((4),(2,3))-like shapes; a number for a number.
std::string natural_coordinate(const IntTuple& shape, std::int64_t i);

}  // namespace fragviz::algebra
