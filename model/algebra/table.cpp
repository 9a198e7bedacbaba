// A layout's print_layout table and natural coordinates (table.hpp).
#include "fragviz/algebra/table.hpp"

namespace fragviz::algebra {

TableExtent table_extent(const Layout& l) {
  const std::int64_t n = size(l);
  if (l.rank() == 1) return TableExtent{1, n};
  const std::int64_t rows = size(l.mode(0));
  return TableExtent{rows, rows ? n / rows : 0};
}

LayoutTable layout_table(const ComposedLayout& l) { return LayoutTable{table_extent(l.layout), offsets(l)}; }

namespace {

/// idx2crd: splits `i` over `shape` colexicographically (the first mode fastest).
std::string coordinate(const IntTuple& shape, std::int64_t& i) {
  if (!shape.is_tuple) {
    const std::int64_t n = shape.value > 0 ? shape.value : 1;
    const std::int64_t c = i % n;
    i /= n;
    return std::to_string(c);
  }
  std::string s = "(";
  for (std::size_t k = 0; k < shape.items.size(); ++k) s += (k ? "," : "") + coordinate(shape.items[k], i);
  return s + ")";
}

}  // namespace

std::string natural_coordinate(const IntTuple& shape, std::int64_t i) { return coordinate(shape, i); }

}  // namespace fragviz::algebra
