// Inside model/tile/: the pieces of CuTe's algebra that TiledMMA and TiledCopy use and the
// algebra's public operations do not take, built on the algebra's own throwing operations
// (algebra/detail.hpp), so a refusal anywhere stops the whole construction with CuTe's words:
//  - tiles holding CuTe's underscore `_` ("keep this mode"), which composition, logical_divide and
//    zip2_by (hence zipped_divide) accept mode by mode;
//  - slicing a layout with underscores (CuTe's Layout::operator() with `_` coordinates);
//  - CuTe's zip of one layout.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "../algebra/detail.hpp"
#include "fragviz/algebra/operations.hpp"

namespace fragviz::tile::detail {

/// The first leaf of `shape` under 1, if any: a bare shape the expression parser reads (a tuple may be
/// a coordinate there, so 0 is no error to it) taken as a layout's shape must refuse it (0 atoms or 0
/// threads along a mode: complement then divided by 0).
inline std::optional<std::int64_t> leaf_under_one(const algebra::IntTuple& shape) {
  for (const std::int64_t n : algebra::leaves(shape))
    if (n < 1) return n;
  return std::nullopt;
}

using algebra::IntTuple;
using algebra::Layout;
using algebra::Tiler;

/// A layout read from CuTe's notation (the tables' literals); a text that is no layout is a bug
/// of the table and throws std::logic_error.
Layout layout_of_text(const char* text);

/// Stops the construction with `r`'s refusal, its message prefixed by `step`, or returns its value.
template <class T>
T take(algebra::Result<T> r, const std::string& step) {
  if (!r) algebra::detail::stop(r.refusal, step + ": " + r.message);
  return std::move(*r.value);
}

/// A CuTe tile that may hold `_`: underscore, a tiler (a layout or a number, or a tuple of them
/// without `_`), or a tuple of Specs.
struct Spec {
  enum class Kind : std::uint8_t { underscore, tiler, tuple };
  Kind kind = Kind::underscore;
  Tiler tiler;
  std::vector<Spec> items;

  static Spec _() { return Spec{}; }
  static Spec of(Tiler t) { return Spec{Kind::tiler, std::move(t), {}}; }
  static Spec of(Layout l) { return of(Tiler::of(std::move(l))); }
  static Spec tuple(std::vector<Spec> items) { return Spec{Kind::tuple, {}, std::move(items)}; }
  int rank() const { return kind == Kind::tuple ? static_cast<int>(items.size()) : 1; }
};

/// CuTe's composition(layout, tile): `_` keeps the mode, a tuple composes mode by mode and drops
/// the modes it does not reach.
Layout compose(const Layout& a, const Spec& s);
/// CuTe's logical_divide(layout, tile): `_` keeps the mode, a tuple divides mode by mode and keeps
/// the modes it does not reach.
Layout divide(const Layout& a, const Spec& s);
/// CuTe's zip2_by(layout, guide) (tile_unzip): a non-tuple guide (`_` or a layout) needs a rank-2
/// mode under it.
Layout zip2_by(const Layout& l, const Spec& guide);
/// CuTe's zipped_divide(layout, tile).
Layout zipped_divide(const Layout& a, const Spec& s);

/// A tuple of the given modes (CuTe's make_layout(a, b, ...)).
inline Layout tuple(std::vector<Layout> modes) { return Layout::tuple(std::move(modes)); }
/// CuTe's zip(layout): ((A0,A1,...),(B0,B1,...)) -> ((A0,B0),(A1,B1),...); a layout whose first
/// mode is no tuple becomes the 1-tuple (layout).
Layout zip(const Layout& l);
/// The shape of each top-level mode multiplied out (CuTe's product_each(shape(l))).
IntTuple product_each(const Layout& l);
/// Top-level mode `i`, stopping with CuTe's "Index out of range" where there is none.
const Layout& mode(const Layout& l, int i, const char* step);

}  // namespace fragviz::tile::detail
