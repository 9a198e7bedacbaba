// right_inverse and left_inverse (CuTe's layout.hpp, static integers).
#include <numeric>

#include "detail.hpp"

namespace fragviz::algebra {

namespace {

/// A coalesced layout's modes, each with the product of the shapes before it (CuTe's
/// preprod_shape), and their order by stride as CuTe's detail::SortByKey orders them: its
/// exchange sort, whose order of equal strides the result depends on.
struct Sorted {
  std::vector<Layout> modes;
  std::vector<std::int64_t> preprod;
  std::vector<std::size_t> order;
};

Sorted sorted_modes(const Layout& a) {
  Sorted s;
  const Layout c = coalesce(a);
  s.modes = c.is_tuple ? c.modes : std::vector<Layout>{c};
  std::int64_t p = 1;
  for (const Layout& m : s.modes) {
    s.preprod.push_back(p);
    p = detail::mul(p, m.shape);
  }
  s.order.resize(s.modes.size());
  std::iota(s.order.begin(), s.order.end(), std::size_t{0});
  for (std::size_t i = 0; i < s.order.size(); ++i)
    for (std::size_t j = i + 1; j < s.order.size(); ++j)
      if (s.modes[s.order[j]].stride < s.modes[s.order[i]].stride) std::swap(s.order[i], s.order[j]);
  return s;
}

}  // namespace

namespace detail {

Layout right_inverse_of(const Layout& a) {
  require_nonnegative(a, "right_inverse");
  const Sorted s = sorted_modes(a);
  std::vector<Layout> result{Layout::leaf(1, 0)};
  std::int64_t curr = 1;
  for (std::size_t i : s.order) {
    const Layout& m = s.modes[i];
    if (m.stride != curr) continue;
    result.push_back(Layout::leaf(m.shape, s.preprod[i]));
    curr = mul(m.shape, m.stride);
  }
  return coalesce(Layout::tuple(std::move(result)));
}

Layout left_inverse_of(const Layout& a) {
  require_nonnegative(a, "left_inverse");
  const Sorted s = sorted_modes(a);
  std::vector<std::int64_t> shapes;
  std::vector<std::int64_t> strides{0};
  std::int64_t size_so_far = 1;
  for (std::size_t i : s.order) {
    const Layout& m = s.modes[i];
    if (m.stride == 0) continue;
    if (m.stride % size_so_far != 0)
      cute_refuses("left_inverse of " + to_string(a) + ": the stride " + std::to_string(m.stride) +
                       " is no multiple of the " + std::to_string(size_so_far) + " indices below it",
                   "Left inverse divisibility condition");
    shapes.push_back(m.stride / size_so_far);
    strides.push_back(s.preprod[i]);
    size_so_far = mul(size_so_far, shapes.back());
  }
  shapes.push_back(s.modes[s.order.back()].shape);
  std::vector<Layout> result;
  for (std::size_t k = 0; k < shapes.size(); ++k) result.push_back(Layout::leaf(shapes[k], strides[k]));
  return coalesce(Layout::tuple(std::move(result)));
}

}  // namespace detail

Result<Layout> right_inverse(const Layout& a) {
  return detail::guarded<Layout>([&] { return detail::right_inverse_of(a); });
}

Result<Layout> left_inverse(const Layout& a) {
  return detail::guarded<Layout>([&] { return detail::left_inverse_of(a); });
}

}  // namespace fragviz::algebra
