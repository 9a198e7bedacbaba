// CuTe's layouts with run-time integers: hierarchical integer tuples, shape:stride layouts, their
// swizzled compositions and tilers, evaluated and printed as CuTe evaluates and prints them
// (NVIDIA/cutlass include/cute/int_tuple.hpp, stride.hpp, layout.hpp, layout_composed.hpp).
//
//  - An IntTuple is a number or a tuple of IntTuples; `8` and `(8)` differ (rank-1 tuple), as in
//    CuTe, and both print as CuTe prints them, without the underscores of static integers.
//  - A Layout is an IntTuple shape and a congruent stride, kept as one tree: a leaf is one mode
//    shape:stride, a tuple a tuple of Layouts. Every shape is at least 1.
//  - layout(i) for a 1-D index i splits i colexicographically over the leaves, first leaf
//    fastest, the last mode of each tuple taking what is left unreduced (CuTe's crd2idx): a
//    layout extends beyond its size along its last mode.
//  - A ComposedLayout is CuTe's `Swizzle<B,M,S> o K o L`: index i maps to swizzle(K + L(i)).
//  - A Tiler is a tuple of Tilers or a Layout (a number n in a tiler is the layout n:1).
//
// Values are 64-bit; the operations refuse (never wrap) a result that leaves that range, and
// algebra/expression.hpp refuses any layout whose size or cosize passes 2^40. size, cosize,
// product and evaluate take layouts within those bounds (beyond them they throw).
// Pure model: no CUDA, no GL. The operations are in algebra/operations.hpp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "fragviz/smem/tile_map.hpp"

namespace fragviz::algebra {

/// A number or a tuple of IntTuples (CuTe's IntTuple: shapes, strides, coordinates, profiles).
struct IntTuple {
  bool is_tuple = false;
  std::int64_t value = 0;       ///< the number, when !is_tuple
  std::vector<IntTuple> items;  ///< the entries, when is_tuple

  static IntTuple number(std::int64_t v) { return IntTuple{false, v, {}}; }
  static IntTuple tuple(std::vector<IntTuple> items) { return IntTuple{true, 0, std::move(items)}; }
  /// CuTe's rank: 1 for a number, the number of entries for a tuple.
  int rank() const { return is_tuple ? static_cast<int>(items.size()) : 1; }
  friend bool operator==(const IntTuple& a, const IntTuple& b) {
    return a.is_tuple == b.is_tuple && a.value == b.value && a.items == b.items;
  }
  friend bool operator!=(const IntTuple& a, const IntTuple& b) { return !(a == b); }
};

/// CuTe's depth: 0 for a number, 1 + the deepest entry for a tuple.
int depth(const IntTuple& t);
/// The product of every number in `t` (CuTe's size; 1 for an empty tuple).
std::int64_t product(const IntTuple& t);
/// Every number of `t` in order, depth-first.
std::vector<std::int64_t> leaves(const IntTuple& t);
/// "(8,(2,4))", numbers plain.
std::string to_string(const IntTuple& t);

/// A shape:stride layout as one congruent tree (see the header comment).
struct Layout {
  bool is_tuple = false;
  std::int64_t shape = 1;     ///< a leaf's shape (at least 1)
  std::int64_t stride = 0;    ///< a leaf's stride
  std::vector<Layout> modes;  ///< a tuple's modes

  static Layout leaf(std::int64_t shape, std::int64_t stride) { return Layout{false, shape, stride, {}}; }
  static Layout tuple(std::vector<Layout> modes) { return Layout{true, 1, 0, std::move(modes)}; }
  /// 1 for a leaf, the number of modes for a tuple (CuTe's rank).
  int rank() const { return is_tuple ? static_cast<int>(modes.size()) : 1; }
  /// CuTe's get<i>: mode i of a tuple; a leaf's mode 0 is the leaf itself. Precondition: i < rank().
  const Layout& mode(int i) const { return is_tuple ? modes[static_cast<std::size_t>(i)] : *this; }
  friend bool operator==(const Layout& a, const Layout& b) {
    return a.is_tuple == b.is_tuple && a.shape == b.shape && a.stride == b.stride && a.modes == b.modes;
  }
  friend bool operator!=(const Layout& a, const Layout& b) { return !(a == b); }
};

/// The shape as an IntTuple.
IntTuple shape(const Layout& l);
/// The stride as an IntTuple.
IntTuple stride(const Layout& l);
/// A layout from a shape and a stride; nullopt-free precondition: congruent (the parser checks).
Layout make_layout(const IntTuple& shape, const IntTuple& stride);
/// CuTe's make_layout(shape): the compact column-major layout (LayoutLeft), a shape-1 mode
/// getting stride 0 as CuTe gives it.
Layout make_layout(const IntTuple& shape);
/// Number of coordinates (product of the shape).
std::int64_t size(const Layout& l);
/// CuTe's cosize: 1 + sum over the leaves of (shape - 1) * |stride|.
std::int64_t cosize(const Layout& l);
/// CuTe's depth of the shape.
int depth(const Layout& l);
/// The leaves (shape:stride modes) in order, depth-first.
std::vector<Layout> leaf_modes(const Layout& l);
/// layout(i) for a 1-D index (CuTe's crd2idx; any i, negative too, as C++ division splits it).
std::int64_t evaluate(const Layout& l, std::int64_t i);
/// layout(i) for every i < size(l), in index order: a view's table, without evaluate()'s
/// divisions (an odometer over the leaves).
std::vector<std::int64_t> offsets(const Layout& l);
/// "(8,64):(64,1)", numbers plain.
std::string to_string(const Layout& l);

/// CuTe's `Swizzle<B,M,S> o K o L`; B = 0 and K = 0 is L itself.
struct ComposedLayout {
  CuteSwizzle swizzle{};
  std::int64_t offset = 0;  ///< K
  Layout layout;
  /// True when there is a swizzle or an offset to print and apply.
  bool composed() const { return swizzle.bits != 0 || offset != 0; }
  friend bool operator==(const ComposedLayout& a, const ComposedLayout& b) {
    return a.swizzle == b.swizzle && a.offset == b.offset && a.layout == b.layout;
  }
};

/// swizzle(K + L(i)).
std::int64_t evaluate(const ComposedLayout& c, std::int64_t i);
/// c(i) for every i < size(c.layout), in index order.
std::vector<std::int64_t> offsets(const ComposedLayout& c);
/// "Swizzle<3,3,3> o (8,64):(64,1)", "Swizzle<3,3,3> o 8 o (8,64):(64,1)", or the layout alone.
std::string to_string(const ComposedLayout& c);

/// A tiler: a tuple of tilers, a layout, or a number (CuTe's Tile; the shape (8,8) is a tuple of
/// two numbers). A number n acts as n:1, except that CuTe's make_layout(1) is 1:0 (logical_divide
/// and logical_product build it so) while composition takes it as 1:1: both are kept apart here.
struct Tiler {
  enum class Kind : std::uint8_t { tuple, layout, number };
  Kind kind = Kind::number;
  std::int64_t number = 1;   ///< when kind == number
  Layout layout;             ///< when kind == layout
  std::vector<Tiler> items;  ///< when kind == tuple

  static Tiler of(Layout l) { return Tiler{Kind::layout, 1, std::move(l), {}}; }
  static Tiler of(std::int64_t n) { return Tiler{Kind::number, n, {}, {}}; }
  static Tiler tuple(std::vector<Tiler> items) { return Tiler{Kind::tuple, 1, {}, std::move(items)}; }
  bool is_tuple() const { return kind == Kind::tuple; }
  int rank() const { return is_tuple() ? static_cast<int>(items.size()) : 1; }
};

/// The tiler of a shape: a tuple of numbers (a number alone stays a number).
Tiler tiler_of(const IntTuple& shape);
/// "(8:1,(2,4):(1,8))".
std::string to_string(const Tiler& t);

}  // namespace fragviz::algebra
