// coalesce, by-mode coalesce, filter, flatten, get and select (CuTe's layout.hpp, static integers).
#include "detail.hpp"

namespace fragviz::algebra {

namespace {

/// CuTe's detail::bw_coalesce over flat modes, from the back: `last` is the mode to start with
/// (the last leaf, or 2:stride for coalesce_x). While nothing has been prepended the result is a
/// single mode, which is replaced where its shape is 1.
Layout bw_coalesce(const std::vector<Layout>& flat, Layout last) {
  std::vector<Layout> out{std::move(last)};
  bool single = true;
  for (std::size_t k = flat.size() - 1; k-- > 0;) {
    const Layout& m = flat[k];
    if (m.shape == 1) continue;
    Layout& front = out.front();
    if (single && front.shape == 1) {
      front = m;
    } else if (detail::mul(m.shape, m.stride) == front.stride) {
      front = Layout::leaf(detail::mul(m.shape, front.shape), m.stride);
    } else {
      out.insert(out.begin(), m);
      single = false;
    }
  }
  if (single) return out.front().shape == 1 ? Layout::leaf(1, 0) : out.front();
  return Layout::tuple(std::move(out));
}

}  // namespace

namespace detail {

Layout coalesce_x(const Layout& l) {
  const std::vector<Layout> flat = leaf_modes(l);
  const Layout& last = flat.back();
  return bw_coalesce(flat, last.shape == 1 ? Layout::leaf(2, last.stride) : last);
}

Layout coalesce_by(const Layout& l, const IntTuple& profile) {
  if (!profile.is_tuple) return coalesce(l);
  if (profile.rank() > l.rank())
    cute_refuses("coalesce by the profile " + to_string(profile) + ": it has " +
                     std::to_string(profile.rank()) + " modes and the layout " + to_string(l) + " " +
                     std::to_string(l.rank()),
                 "static_assert(tuple_size<IntTuple>::value <= Layout::rank)");
  std::vector<Layout> modes;
  for (int i = 0; i < l.rank(); ++i)
    modes.push_back(i < profile.rank() ? coalesce_by(l.mode(i), profile.items[static_cast<std::size_t>(i)])
                                       : l.mode(i));
  return concat(std::move(modes));
}

}  // namespace detail

Layout coalesce(const Layout& l) {
  const std::vector<Layout> flat = leaf_modes(l);
  return bw_coalesce(flat, flat.back());
}

Result<Layout> coalesce(const Layout& l, const IntTuple& profile) {
  return detail::guarded<Layout>([&] { return detail::coalesce_by(l, profile); });
}

Layout filter(const Layout& l) {
  std::vector<Layout> flat = leaf_modes(l);
  for (Layout& m : flat)
    if (m.stride == 0) m.shape = 1;
  return bw_coalesce(flat, flat.back());
}

Layout flatten(const Layout& l) {
  if (!l.is_tuple) return l;
  return Layout::tuple(leaf_modes(l));
}

Result<Layout> get(const Layout& l, const std::vector<int>& path) {
  const Layout* at = &l;
  std::string where;
  for (int i : path) {
    if (i < 0 || i >= at->rank())
      return Result<Layout>::fail(Refusal::cute_refuses,
                                  "get<" + where + std::to_string(i) + ">: " + to_string(*at) + " has " +
                                      std::to_string(at->rank()) + (at->rank() == 1 ? " mode" : " modes") +
                                      " (CuTe refuses it too: \"Index out of range\")");
    at = &at->mode(i);
    where += std::to_string(i) + ",";
  }
  return Result<Layout>::ok(*at);
}

Result<Layout> select(const Layout& l, const std::vector<int>& modes) {
  std::vector<Layout> out;
  for (int i : modes) {
    Result<Layout> m = get(l, {i});
    if (!m) return m;
    out.push_back(*m.value);
  }
  return Result<Layout>::ok(Layout::tuple(std::move(out)));
}

}  // namespace fragviz::algebra
