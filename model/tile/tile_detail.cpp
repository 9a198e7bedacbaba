// model/tile/'s share of CuTe's algebra (tile_detail.hpp), on the algebra's throwing operations.
#include "tile_detail.hpp"

#include <stdexcept>

#include "fragviz/algebra/expression.hpp"

namespace fragviz::tile::detail {

using algebra::detail::cute_refuses;

Layout layout_of_text(const char* text) {
  const algebra::Result<algebra::Value> v = algebra::evaluate_expression(text);
  if (!v || v->kind != algebra::Value::Kind::layout || v->layout.composed())
    throw std::logic_error(std::string("fragviz tile table: '") + text + "' is no layout: " + v.message);
  return v->layout.layout;
}

namespace {

std::string spec_text(const Spec& s) {
  switch (s.kind) {
    case Spec::Kind::underscore:
      return "_";
    case Spec::Kind::tiler:
      return algebra::to_string(s.tiler);
    case Spec::Kind::tuple:
      break;
  }
  std::string out = "(";
  for (std::size_t i = 0; i < s.items.size(); ++i) out += (i ? "," : "") + spec_text(s.items[i]);
  return out + ")";
}

}  // namespace

Layout compose(const Layout& a, const Spec& s) {
  switch (s.kind) {
    case Spec::Kind::underscore:
      return a;
    case Spec::Kind::tiler:
      return algebra::detail::compose(a, s.tiler);
    case Spec::Kind::tuple:
      break;
  }
  if (s.rank() > a.rank())
    cute_refuses("composition " + algebra::to_string(a) + " o " + spec_text(s) + ": the tile has " +
                     std::to_string(s.rank()) + " modes and the layout " + std::to_string(a.rank()),
                 "static_assert(tuple_size<Tiler>::value <= Layout::rank)");
  std::vector<Layout> modes;
  for (int i = 0; i < s.rank(); ++i)
    modes.push_back(compose(a.mode(i), s.items[static_cast<std::size_t>(i)]));
  return tuple(std::move(modes));
}

Layout divide(const Layout& a, const Spec& s) {
  switch (s.kind) {
    case Spec::Kind::underscore:
      return a;
    case Spec::Kind::tiler:
      return algebra::detail::divide(a, s.tiler);
    case Spec::Kind::tuple:
      break;
  }
  if (s.rank() > a.rank())
    cute_refuses("logical_divide of " + algebra::to_string(a) + " by " + spec_text(s) + ": the tile has " +
                     std::to_string(s.rank()) + " modes and the layout " + std::to_string(a.rank()),
                 "logical_divide: Too many modes in tiler.");
  std::vector<Layout> modes;
  for (int i = 0; i < a.rank(); ++i)
    modes.push_back(i < s.rank() ? divide(a.mode(i), s.items[static_cast<std::size_t>(i)]) : a.mode(i));
  return tuple(std::move(modes));
}

Layout zip2_by(const Layout& l, const Spec& guide) {
  if (guide.kind == Spec::Kind::tiler && guide.tiler.is_tuple())
    return algebra::detail::zip2_by(l, guide.tiler);
  if (guide.kind != Spec::Kind::tuple) {
    if (!l.is_tuple || l.rank() != 2)
      cute_refuses("zip2_by of " + algebra::to_string(l) + ": a tile's mode needs a rank-2 mode under it",
                   "Mismatched ranks");
    return l;
  }
  if (!l.is_tuple || l.rank() < guide.rank())
    cute_refuses(
        "zip2_by of " + algebra::to_string(l) + " by " + spec_text(guide) + ": the tile has more modes",
        "Mismatched ranks");
  std::vector<Layout> tiles, rests;
  for (int i = 0; i < guide.rank(); ++i) {
    const Layout split = zip2_by(l.mode(i), guide.items[static_cast<std::size_t>(i)]);
    tiles.push_back(split.modes[0]);
    rests.push_back(split.modes[1]);
  }
  for (int i = guide.rank(); i < l.rank(); ++i) rests.push_back(l.mode(i));
  return tuple({tuple(std::move(tiles)), tuple(std::move(rests))});
}

Layout zipped_divide(const Layout& a, const Spec& s) { return zip2_by(divide(a, s), s); }

Layout zip(const Layout& l) {
  if (!l.is_tuple || !l.modes[0].is_tuple) return tuple({l});
  const int r = l.modes[0].rank();
  for (const Layout& m : l.modes)
    if (!m.is_tuple || m.rank() != r)
      cute_refuses("zip of " + algebra::to_string(l) + ": its modes differ in rank", "Mismatched Ranks");
  std::vector<Layout> out;
  for (int i = 0; i < r; ++i) {
    std::vector<Layout> column;
    for (const Layout& m : l.modes) column.push_back(m.mode(i));
    out.push_back(tuple(std::move(column)));
  }
  return tuple(std::move(out));
}

IntTuple product_each(const Layout& l) {
  if (!l.is_tuple) return IntTuple::number(algebra::size(l));
  std::vector<IntTuple> out;
  for (const Layout& m : l.modes) out.push_back(IntTuple::number(algebra::size(m)));
  return IntTuple::tuple(std::move(out));
}

const Layout& mode(const Layout& l, int i, const char* step) {
  if (i < 0 || i >= l.rank())
    cute_refuses(std::string(step) + ": " + algebra::to_string(l) + " has no mode " + std::to_string(i),
                 "Index out of range");
  return l.mode(i);
}

}  // namespace fragviz::tile::detail
