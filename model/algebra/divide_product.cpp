// logical, zipped, tiled and flat divides and products, blocked and raked products (CuTe's
// layout.hpp, static integers).
#include "detail.hpp"

namespace fragviz::algebra {

namespace {

using detail::concat;
using detail::cute_refuses;

/// CuTe's make_layout(n) for a number in a tiler (1:0 for 1), or the tiler's layout.
Layout layout_of(const Tiler& t) {
  return t.kind == Tiler::Kind::number ? make_layout(IntTuple::number(t.number)) : t.layout;
}

/// CuTe's transform_layout(layout, tiler, f): f on the modes the tiler names, the rest kept.
template <class F>
Layout by_mode(const Layout& a, const Tiler& t, const char* name, F&& f) {
  if (t.rank() > a.rank())
    cute_refuses(std::string(name) + " of " + to_string(a) + " by " + to_string(t) + ": the tiler has " +
                     std::to_string(t.rank()) + " modes and the layout " + std::to_string(a.rank()),
                 std::string(name) + ": Too many modes in tiler.");
  std::vector<Layout> modes;
  for (int i = 0; i < a.rank(); ++i)
    modes.push_back(i < t.rank() ? f(a.mode(i), t.items[static_cast<std::size_t>(i)]) : a.mode(i));
  return concat(std::move(modes));
}

/// Splices the modes of the top-level modes flagged in `which` into the result, as CuTe's
/// slice with (_, repeat<R1>(_)) does: a mode of rank 1 stays as it is.
Layout splice(const Layout& l, bool first, bool second) {
  std::vector<Layout> out;
  for (int i = 0; i < l.rank(); ++i) {
    const Layout& m = l.mode(i);
    if ((i == 0 ? first : second) && m.rank() > 1) {
      for (const Layout& k : m.modes) out.push_back(k);
    } else {
      out.push_back(m);
    }
  }
  return Layout::tuple(std::move(out));
}

/// CuTe's append<R>(layout): padded with 1:0 modes to rank r.
Layout append_to(const Layout& l, int r) {
  if (l.rank() >= r) return l;
  std::vector<Layout> modes = l.is_tuple ? l.modes : std::vector<Layout>{l};
  while (static_cast<int>(modes.size()) < r) modes.push_back(Layout::leaf(1, 0));
  return Layout::tuple(std::move(modes));
}

/// CuTe's zip(A, B) of two layouts: ((A0,B0),(A1,B1),...), or ((A,B)) when A is a leaf.
Layout zip(const Layout& a, const Layout& b) {
  if (!a.is_tuple) return Layout::tuple({Layout::tuple({a, b})});
  if (!b.is_tuple)  // CuTe's static_assert takes tuple_size of B, which then does not compile
    cute_refuses("zip of " + to_string(a) + " and " + to_string(b) + ": a tuple and a number",
                 "zip: tuple_size of a non-tuple does not compile");
  if (b.rank() != a.rank())
    cute_refuses("zip of " + to_string(a) + " and " + to_string(b) + ": their ranks differ",
                 "Mismatched Ranks");
  std::vector<Layout> modes;
  for (int i = 0; i < a.rank(); ++i) modes.push_back(Layout::tuple({a.mode(i), b.mode(i)}));
  return Layout::tuple(std::move(modes));
}

}  // namespace

namespace detail {

Layout divide(const Layout& a, const Tiler& t) {
  if (t.is_tuple()) return by_mode(a, t, "logical_divide", divide);
  const Layout tile = layout_of(t);
  return compose(a, concat({tile, complement_of(tile, shape(coalesce(a)))}));
}

Layout multiply(const Layout& a, const Tiler& t) {
  if (t.is_tuple()) return by_mode(a, t, "logical_product", multiply);
  const Layout tile = layout_of(t);
  return concat({a, compose(complement_of(a, IntTuple::number(mul(size(a), cosize(tile)))), tile)});
}

Layout zip2_by(const Layout& l, const Tiler& guide) {
  if (!guide.is_tuple()) {
    if (l.rank() != 2 || !l.is_tuple)
      cute_refuses("zip2_by of " + to_string(l) + ": a tiler's mode needs a rank-2 mode under it",
                   "Mismatched ranks");
    return l;
  }
  if (!l.is_tuple || l.rank() < guide.rank())
    cute_refuses("zip2_by of " + to_string(l) + " by " + to_string(guide) + ": the tiler has more modes",
                 "Mismatched ranks");
  std::vector<Layout> tiles, rests;
  for (int i = 0; i < guide.rank(); ++i) {
    const Layout split = zip2_by(l.mode(i), guide.items[static_cast<std::size_t>(i)]);
    tiles.push_back(split.modes[0]);
    rests.push_back(split.modes[1]);
  }
  for (int i = guide.rank(); i < l.rank(); ++i) rests.push_back(l.mode(i));
  return concat({concat(std::move(tiles)), concat(std::move(rests))});
}

}  // namespace detail

Result<Layout> logical_divide(const Layout& a, const Tiler& t) {
  return detail::guarded<Layout>([&] { return detail::divide(a, t); });
}

Result<Layout> zipped_divide(const Layout& a, const Tiler& t) {
  return detail::guarded<Layout>([&] { return detail::zip2_by(detail::divide(a, t), t); });
}

Result<Layout> tiled_divide(const Layout& a, const Tiler& t) {
  return detail::guarded<Layout>(
      [&] { return splice(detail::zip2_by(detail::divide(a, t), t), false, true); });
}

Result<Layout> flat_divide(const Layout& a, const Tiler& t) {
  return detail::guarded<Layout>(
      [&] { return splice(detail::zip2_by(detail::divide(a, t), t), true, true); });
}

namespace {

/// The largest offset a layout reaches (the sum of its leaves' largest positive steps).
std::int64_t max_offset(const Layout& l) {
  std::int64_t m = 0;
  for (const Layout& leaf : leaf_modes(l))
    if (leaf.stride > 0) m = detail::add(m, detail::mul(leaf.shape - 1, leaf.stride));
  return m;
}

/// The number of elements a tiler's tile holds (a tuple: the product of its items').
std::int64_t tiler_size(const Tiler& t) {
  if (t.kind != Tiler::Kind::tuple) return size(layout_of(t));
  std::int64_t n = 1;
  for (const Tiler& i : t.items) n = detail::mul(n, tiler_size(i));
  return n;
}

/// The note for one mode `a` divided by `t` (mode: its index, -1 for a whole-layout tiler), or "".
std::string overhang_note(const Layout& a, const Tiler& t, int mode, const std::string& whole,
                          std::int64_t reach, std::int64_t whole_cosize) {
  const Layout d = detail::divide(a, t);
  const std::int64_t n = size(a), covered = size(d);
  if (covered == n) return {};
  const std::int64_t tile = tiler_size(t);
  std::string s = "note: ";
  s += tile > 0 && n % tile != 0
           ? std::to_string(tile) + " does not divide " + std::to_string(n)
           : "the tile " + to_string(t) + " and its complement overhang " + std::to_string(n);
  s += mode < 0 ? " (the whole layout)" : " (mode " + std::to_string(mode) + ")";
  s += ": CuTe rounds the rest mode up (complement's ceil_div, cute/layout.hpp:1218) and checks no "
       "divisibility here, with static shapes or dynamic; " +
       (mode < 0 ? std::string("the result") : "that mode of the result") + " has " +
       std::to_string(covered) + " coordinates, not " + std::to_string(n);
  if (reach >= whole_cosize)
    s += ", and its offsets reach " + std::to_string(reach) + " beyond the " + std::to_string(whole_cosize) +
         " of " + whole;
  return s;
}

}  // namespace

std::vector<std::string> divide_notes(const Layout& a, const Tiler& t) {
  const auto r = detail::guarded<std::vector<std::string>>([&] {
    std::vector<std::string> notes;
    const std::int64_t reach = max_offset(detail::divide(a, t)), whole_cosize = cosize(a);
    const std::string whole = to_string(a);
    const auto add_note = [&](const Layout& m, const Tiler& mt, int i) {
      std::string n = overhang_note(m, mt, i, whole, reach, whole_cosize);
      if (!n.empty()) notes.push_back(std::move(n));
    };
    if (!t.is_tuple()) {
      add_note(a, t, -1);
    } else {
      for (int i = 0; i < t.rank() && i < a.rank(); ++i)
        add_note(a.mode(i), t.items[static_cast<std::size_t>(i)], i);
    }
    return notes;
  });
  // A refused divide (or one CuTe gets wrong) has its own message instead.
  return r ? *r.value : std::vector<std::string>{};
}

Result<Layout> logical_product(const Layout& a, const Tiler& t) {
  return detail::guarded<Layout>([&] { return detail::multiply(a, t); });
}

Result<Layout> zipped_product(const Layout& a, const Tiler& t) {
  return detail::guarded<Layout>([&] { return detail::zip2_by(detail::multiply(a, t), t); });
}

Result<Layout> tiled_product(const Layout& a, const Tiler& t) {
  return detail::guarded<Layout>(
      [&] { return splice(detail::zip2_by(detail::multiply(a, t), t), false, true); });
}

Result<Layout> flat_product(const Layout& a, const Tiler& t) {
  return detail::guarded<Layout>(
      [&] { return splice(detail::zip2_by(detail::multiply(a, t), t), true, true); });
}

Result<Layout> blocked_product(const Layout& a, const Layout& b) {
  return detail::guarded<Layout>([&] {
    const int r = std::max(a.rank(), b.rank());
    const Layout p = detail::multiply(append_to(a, r), Tiler::of(append_to(b, r)));
    return zip(p.modes[0], p.modes[1]);
  });
}

Result<Layout> raked_product(const Layout& a, const Layout& b) {
  return detail::guarded<Layout>([&] {
    const int r = std::max(a.rank(), b.rank());
    const Layout p = detail::multiply(append_to(a, r), Tiler::of(append_to(b, r)));
    return zip(p.modes[1], p.modes[0]);
  });
}

}  // namespace fragviz::algebra
