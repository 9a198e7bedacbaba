// composition and with_shape (CuTe's layout.hpp, detail::composition_impl, static integers).
//
// CuTe's result can differ from A(B(i)) in two ways, and fragviz then refuses it (cute_wrong):
//  - CuTe's stride condition, `rest_stride % curr_shape == 0 or rest_stride < curr_shape`, lets
//    through a stride smaller than a mode of A that it does not divide: (4,3):(1,10) o 4:3 is
//    (2,2):(3,10), whose index 2 gives 10 where A(B(2)) = A(6) = 12.
//  - CuTe composes A with each mode of B and adds the results, which is A(B(i)) only where B's
//    modes do not overlap: (4,3,6):(6,24,1) o ((2,6),4):((4,4),2) is ((2,(3,2)),4):((24,(24,1)),12),
//    72 at index 5 where A(B(5)) = A(12) = 1.
// Where a step took such a stride (or a negative one), or B's modes may overlap (sorted by stride,
// one starts before the one below it ends), fragviz checks the result at every index of B.
#include <algorithm>
#include <limits>

#include "detail.hpp"

namespace fragviz::algebra {

namespace {

using detail::abs64;
using detail::mul;

/// Largest size(B) whose composition fragviz checks index by index.
constexpr std::int64_t kMaxChecked = std::int64_t{1} << 22;

struct Composer {
  const Layout& a;  ///< the original A, for messages and the check
  Layout flat;      ///< coalesce_x(A)
  bool needs_check = false;

  /// CuTe's composition_impl(flat A, B).
  Layout impl(const Layout& b) {
    if (b.is_tuple) {
      std::vector<Layout> modes;
      for (const Layout& m : b.modes) modes.push_back(impl(m));
      return Layout::tuple(std::move(modes));
    }
    if (b.stride == 0) return b;
    if (!flat.is_tuple) return Layout::leaf(b.shape, mul(b.stride, flat.stride));
    if (b.stride < 0) needs_check = true;
    std::vector<Layout> result;
    std::int64_t rest_shape = b.shape, rest_stride = b.stride;
    const std::size_t r = flat.modes.size();
    for (std::size_t i = 0; i + 1 < r; ++i) {
      const std::int64_t curr_shape = flat.modes[i].shape, curr_stride = flat.modes[i].stride;
      if (!(rest_stride % curr_shape == 0 || rest_stride < curr_shape))
        detail::cute_refuses("composition " + to_string(a) + " o " + to_string(b) + ": the stride " +
                                 std::to_string(rest_stride) + " is larger than A's mode " +
                                 std::to_string(curr_shape) + " and no multiple of it",
                             "Stride Divisibility Condition");
      if (rest_stride > 0 && rest_stride < curr_shape && curr_shape % rest_stride != 0) needs_check = true;
      const std::int64_t next_shape = detail::ceil_div(curr_shape, abs64(rest_stride));
      const std::int64_t next_stride =
          detail::ceil_div(abs64(rest_stride), curr_shape) * detail::signum(rest_stride);
      if (next_shape != 1 && rest_shape != 1) {
        const std::int64_t new_shape = std::min(next_shape, rest_shape);
        if (rest_shape % new_shape != 0)
          detail::cute_refuses("composition " + to_string(a) + " o " + to_string(b) + ": " +
                                   std::to_string(new_shape) + " elements fit A's mode " +
                                   std::to_string(curr_shape) + " and do not divide the " +
                                   std::to_string(rest_shape) + " left",
                               "Shape Divisibility Condition");
        result.push_back(Layout::leaf(new_shape, mul(rest_stride, curr_stride)));
        rest_shape /= new_shape;
      }
      rest_stride = next_stride;
    }
    const std::int64_t last_stride = flat.modes.back().stride;
    if (result.empty()) return Layout::leaf(rest_shape, mul(rest_stride, last_stride));
    if (rest_shape == 1) return result.size() == 1 ? result.front() : Layout::tuple(std::move(result));
    result.push_back(Layout::leaf(rest_shape, mul(rest_stride, last_stride)));
    return Layout::tuple(std::move(result));
  }
};

/// R(i) == A(B(i)) for every i < size(B), else cute_wrong.
void check_composition(const Layout& a, const Layout& b, const Layout& r) {
  const std::int64_t n = size(b);
  if (n > kMaxChecked)
    detail::stop(Refusal::beyond_fragviz, "composition " + to_string(a) + " o " + to_string(b) +
                                              ": CuTe's stride condition is too weak here to trust its "
                                              "result, and its " +
                                              std::to_string(n) + " indices are too many to check");
  const detail::Lookup at_a(a);
  const std::vector<std::int64_t> at_b = offsets(b), at_r = offsets(r);
  for (std::size_t i = 0; i < at_b.size(); ++i) {
    const std::int64_t want = at_a(at_b[i]), got = at_r[i];
    if (want != got) {
      detail::wrong("composition " + to_string(a) + " o " + to_string(b) + ": CuTe's result " + to_string(r) +
                    " is not A o B: at " + std::to_string(i) + " it gives " + std::to_string(got) + ", A(B(" +
                    std::to_string(i) + ")) = A(" + std::to_string(at_b[i]) + ") = " + std::to_string(want) +
                    " (CuTe's conditions let a stride through that does not divide A's mode, or B's "
                    "modes overlap)");
      return;
    }
  }
}

/// True when B's leaves of nonzero stride, sorted by stride, each start at or past the end of the
/// one below (stride >= stride below x its shape): then B is injective and CuTe's sum over B's
/// modes is A(B(i)). False may still be right; the caller then checks.
bool modes_apart(const Layout& b) {
  std::vector<Layout> leaves;
  for (const Layout& m : leaf_modes(b))
    if (m.stride != 0 && m.shape != 1) leaves.push_back(m);
  std::sort(leaves.begin(), leaves.end(),
            [](const Layout& x, const Layout& y) { return abs64(x.stride) < abs64(y.stride); });
  for (std::size_t k = 1; k < leaves.size(); ++k)
    if (abs64(leaves[k].stride) < mul(abs64(leaves[k - 1].stride), leaves[k - 1].shape)) return false;
  return true;
}

}  // namespace

namespace detail {

Layout compose(const Layout& a, const Layout& b) {
  Composer c{a, coalesce_x(a)};
  Layout r = c.impl(b);
  if (c.needs_check || (b.is_tuple && !modes_apart(b))) check_composition(a, b, r);
  return r;
}

Layout compose(const Layout& a, const Tiler& b) {
  switch (b.kind) {
    case Tiler::Kind::layout:
      return compose(a, b.layout);
    case Tiler::Kind::number:
      return compose(a, Layout::leaf(b.number, 1));
    case Tiler::Kind::tuple:
      break;
  }
  if (b.rank() > a.rank())
    cute_refuses("composition " + to_string(a) + " o " + to_string(b) + ": the tiler has " +
                     std::to_string(b.rank()) + " modes and the layout " + std::to_string(a.rank()),
                 "static_assert(tuple_size<Tiler>::value <= Layout::rank)");
  std::vector<Layout> modes;
  for (int i = 0; i < b.rank(); ++i)
    modes.push_back(compose(a.mode(i), b.items[static_cast<std::size_t>(i)]));
  return concat(std::move(modes));
}

}  // namespace detail

Result<Layout> composition(const Layout& a, const Layout& b) {
  return detail::guarded<Layout>([&] { return detail::compose(a, b); });
}

Result<Layout> composition(const Layout& a, const Tiler& b) {
  return detail::guarded<Layout>([&] { return detail::compose(a, b); });
}

Result<Layout> with_shape(const Layout& a, const IntTuple& shape) {
  return detail::guarded<Layout>([&] { return detail::compose(a, make_layout(shape)); });
}

}  // namespace fragviz::algebra
