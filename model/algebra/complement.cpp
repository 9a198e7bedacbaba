// complement (CuTe's layout.hpp, detail::complement, static integers).
//
// CuTe's complement fills the gaps between A's strides with floor(stride / what lies below), and
// where a stride is no multiple of what lies below, its result can fall short of the cotarget,
// breaking the first postcondition of CuTe's own unit test, cosize(A ++ R) >= size(cotarget):
// complement((8,3):(16,3), 382) is (3,3):(1,128), and (8,3):(16,3) ++ (3,3):(1,128) reaches only
// 377. fragviz refuses such a result (cute_wrong); a divide or product built on it with it.
#include "detail.hpp"

namespace fragviz::algebra {

namespace {

/// CuTe's ceil_div(IntTuple, int): each entry divided by what the entries before it left over.
IntTuple ceil_div_tuple(const IntTuple& a, std::int64_t b) {
  if (!a.is_tuple) return IntTuple::number(detail::ceil_div(a.value, b));
  std::vector<IntTuple> out;
  std::int64_t rest = b;
  for (const IntTuple& ai : a.items) {
    out.push_back(ceil_div_tuple(ai, rest));
    rest = detail::ceil_div(rest, product(ai));
  }
  return IntTuple::tuple(std::move(out));
}

}  // namespace

namespace detail {

Layout complement_of(const Layout& a, const IntTuple& cotarget) {
  require_nonnegative(a, "complement");
  const Layout f = filter(a);
  // All strides 0 (filter gives 1:0): the whole cotarget, CuTe's make_layout(coalesce(cotarget)).
  if (!f.is_tuple && f.stride == 0) return make_layout(IntTuple::number(product(cotarget)));
  std::vector<Layout> modes = leaf_modes(f);
  std::vector<Layout> result;  // shapes with strides 1, then the running products
  std::int64_t last_stride = 1;
  const auto non_injective = [&] {
    cute_refuses("complement of " + to_string(a) + ": it is not injective (two coordinates meet)",
                 "Non-injective Layout detected in complement.");
  };
  while (modes.size() > 1) {
    std::size_t min_idx = 0;
    for (std::size_t k = 1; k < modes.size(); ++k)
      if (modes[k].stride < modes[min_idx].stride) min_idx = k;
    const Layout m = modes[min_idx];
    const std::int64_t new_shape = m.stride / last_stride;
    if (new_shape == 0) non_injective();
    result.push_back(Layout::leaf(new_shape, last_stride));
    last_stride = mul(m.stride, m.shape);
    modes.erase(modes.begin() + static_cast<std::ptrdiff_t>(min_idx));
  }
  const std::int64_t new_shape = modes[0].stride / last_stride;
  if (new_shape == 0) non_injective();
  result.push_back(Layout::leaf(new_shape, last_stride));
  const std::int64_t new_stride = mul(modes[0].stride, modes[0].shape);
  const std::int64_t rest_shape = product(ceil_div_tuple(cotarget, new_stride));
  result.push_back(Layout::leaf(rest_shape, rest_shape == 1 ? 0 : new_stride));
  Layout r = coalesce(Layout::tuple(std::move(result)));
  const std::int64_t reach = cosize(concat({a, r})), target = product(cotarget);
  if (reach < target)
    detail::wrong("complement of " + to_string(a) + " against " + to_string(cotarget) + ": CuTe's result " +
                  to_string(r) + " leaves A ++ R short of the cotarget (cosize " + std::to_string(reach) +
                  " < " + std::to_string(target) +
                  "): A's strides leave a gap no multiple of what lies below it, which CuTe's complement "
                  "cannot fill (its unit test's first postcondition)");
  return r;
}

}  // namespace detail

Result<Layout> complement(const Layout& a, const IntTuple& cotarget) {
  return detail::guarded<Layout>([&] { return detail::complement_of(a, cotarget); });
}

Result<Layout> complement(const Layout& a) {
  return detail::guarded<Layout>(
      [&] { return detail::complement_of(a, IntTuple::number(cosize(filter(a)))); });
}

}  // namespace fragviz::algebra
