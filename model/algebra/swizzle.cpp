// Layouts composed with swizzles (CuTe's swizzle.hpp make_swizzle, swizzle_layout.hpp,
// layout_composed.hpp).
//
// CuTe's Layout o Swizzle "works in simple cases": it evaluates A at the swizzle's Y and Z masks
// and makes a swizzle of those bits, which equals A(swizzle(i)) only where A moves bits as bits
// (power-of-two shapes and strides). (6,8):(1,16) o Swizzle<1,1,1> gives Swizzle<1,1,1> o
// (6,8):(1,16), which sends 4 to 6 where A(swizzle(4)) = A(6) = 16. fragviz checks CuTe's result
// at every index and refuses it (cute_wrong) where it differs.
#include <cstdint>
#include <cstdlib>

#include "detail.hpp"
#include "fragviz/algebra/notation.hpp"

namespace fragviz::algebra {

namespace {

using detail::stop;

/// Largest size(A) whose Layout o Swizzle fragviz checks index by index.
constexpr std::int64_t kMaxChecked = std::int64_t{1} << 22;

/// CuTe's Swizzle<B,M,S>::yyy_msk and zzz_msk.
std::int64_t yyy_mask(CuteSwizzle s) {
  return ((std::int64_t{1} << s.bits) - 1) << (s.base + std::max(0, s.shift));
}
std::int64_t zzz_mask(CuteSwizzle s) {
  return ((std::int64_t{1} << s.bits) - 1) << (s.base - std::min(0, s.shift));
}

/// CuTe's make_swizzle<Y, Z>(): the swizzle whose Y and Z masks are these bits.
CuteSwizzle make_swizzle(std::int64_t y, std::int64_t z, const std::string& what) {
  if (y < 0 || z < 0 || y > 0xffffffffLL || z > 0xffffffffLL)
    detail::cute_refuses(what + ": the swizzle's bits land on " + std::to_string(y) + " and " +
                             std::to_string(z) + ", not 32-bit masks",
                         "make_swizzle<uint32_t Y, uint32_t Z>: narrowing conversion");
  const auto uy = static_cast<std::uint32_t>(y), uz = static_cast<std::uint32_t>(z);
  const int by = __builtin_popcount(uy), bz = __builtin_popcount(uz);
  if (by != bz)
    detail::cute_refuses(what + ": the swizzle's Y bits land on " + std::to_string(y) + " (" +
                             std::to_string(by) + " bits) and its Z bits on " + std::to_string(z) + " (" +
                             std::to_string(bz) + " bits)",
                         "Number of bits in Y and Z don't match");
  const int tz_y = uy == 0 ? 32 : __builtin_ctz(uy), tz_z = uz == 0 ? 32 : __builtin_ctz(uz);
  const CuteSwizzle s{by, std::min(tz_y, tz_z) % 32, tz_y - tz_z};
  if (std::abs(s.shift) < s.bits)
    detail::cute_refuses(what + ": the bits land on Y = " + std::to_string(y) + ", Z = " + std::to_string(z) +
                             ", overlapping in " + notation::swizzle_text(s),
                         "abs(SShift) must be more than BBits.");
  if (s.bits + s.base + std::abs(s.shift) > 30)
    stop(Refusal::beyond_fragviz, what + ": " + notation::swizzle_text(s) + " reaches past bit 30");
  if ((yyy_mask(s) | zzz_mask(s)) != (y | z))
    detail::cute_refuses(what + ": the bits land on Y = " + std::to_string(y) + ", Z = " + std::to_string(z) +
                             ", which no Swizzle<B,M,S> moves (not contiguous runs)",
                         "Something went wrong.");
  return s;
}

/// C(i) == want(i) for every i < n, else cute_wrong naming the first difference.
template <class Want>
void check_all(const ComposedLayout& c, std::int64_t n, const std::string& what, Want&& want) {
  if (n > kMaxChecked)
    stop(Refusal::beyond_fragviz, what + ": CuTe's result holds only in simple cases, and its " +
                                      std::to_string(n) + " indices are too many to check");
  const std::vector<std::int64_t> table = offsets(c);
  for (std::int64_t i = 0; i < n; ++i) {
    const std::int64_t got = table[static_cast<std::size_t>(i)], expected = want(i);
    if (got != expected) {
      detail::wrong(what + ": CuTe's result " + to_string(c) + " gives " + std::to_string(got) + " at " +
                    std::to_string(i) + " where it should give " + std::to_string(expected) +
                    " (CuTe derives it from two bit masks, right "
                    "only where the layout moves bits as bits)");
      return;
    }
  }
}

ComposedLayout compose_swizzle(const Layout& a, CuteSwizzle s) {
  const std::string what = "composition " + to_string(a) + " o " + notation::swizzle_text(s);
  if (s.bits == 0) return ComposedLayout{{}, 0, a};
  const CuteSwizzle t = make_swizzle(evaluate(a, yyy_mask(s)), evaluate(a, zzz_mask(s)), what);
  const ComposedLayout c{t.bits == 0 ? CuteSwizzle{} : t, 0, a};
  const detail::Lookup at_a(a);
  check_all(c, size(a), what, [&](std::int64_t i) { return at_a(s(i)); });
  return c;
}

}  // namespace

Result<ComposedLayout> composition(const Layout& a, CuteSwizzle s) {
  return detail::guarded<ComposedLayout>([&] { return compose_swizzle(a, s); });
}

Result<ComposedLayout> composition(const Layout& a, const ComposedLayout& b) {
  return detail::guarded<ComposedLayout>([&] {
    const std::string what = "composition " + to_string(a) + " o " + to_string(b);
    if (!b.composed()) return ComposedLayout{{}, 0, detail::compose(a, b.layout)};
    if (b.offset != 0)
      stop(Refusal::beyond_fragviz, what + ": CuTe drops the offset " + std::to_string(b.offset) +
                                        " here (it composes A with the swizzle, then with the layout)");
    const ComposedLayout as = compose_swizzle(a, b.swizzle);
    const ComposedLayout c{as.swizzle, 0, detail::compose(a, b.layout)};
    const detail::Lookup at_a(a);
    const std::vector<std::int64_t> at_b = offsets(b);
    check_all(c, size(b.layout), what,
              [&](std::int64_t i) { return at_a(at_b[static_cast<std::size_t>(i)]); });
    return c;
  });
}

namespace {

/// CuTe's inverse of Swizzle o L: inverse(L) o Swizzle, then the postcondition checked.
template <class Inverse, class Check>
Result<ComposedLayout> inverse_of(const ComposedLayout& c, const char* name, Inverse&& inverse,
                                  Check&& check) {
  return detail::guarded<ComposedLayout>([&] {
    const std::string what = std::string(name) + " of " + to_string(c);
    if (!c.composed()) return ComposedLayout{{}, 0, inverse(c.layout)};
    if (c.offset != 0)
      stop(Refusal::beyond_fragviz, what +
                                        ": CuTe's result is Layout o K o Swizzle, which fragviz does not "
                                        "hold (it holds Swizzle o K o Layout)");
    const ComposedLayout r = compose_swizzle(inverse(c.layout), c.swizzle);
    check(r, what);
    return r;
  });
}

}  // namespace

/// f(g(i)) == i for every i < n, else cute_wrong.
void check_inverse(const ComposedLayout& f, const ComposedLayout& g, std::int64_t n,
                   const std::string& what) {
  if (n > kMaxChecked) stop(Refusal::beyond_fragviz, what + ": too many indices to check CuTe's result");
  const detail::Lookup at_f(f), at_g(g);
  for (std::int64_t i = 0; i < n; ++i) {
    const std::int64_t gi = at_g(i), back = at_f(gi);
    if (back != i) {
      detail::wrong(what + ": CuTe's result is not an inverse: " + std::to_string(i) + " goes to " +
                    std::to_string(gi) + " and comes back as " + std::to_string(back));
      return;
    }
  }
}

Result<ComposedLayout> right_inverse(const ComposedLayout& c) {
  return inverse_of(
      c, "right_inverse", detail::right_inverse_of,
      [&](const ComposedLayout& r, const std::string& w) { check_inverse(c, r, size(r.layout), w); });
}

Result<ComposedLayout> left_inverse(const ComposedLayout& c) {
  // CuTe's postcondition: C(R(C(i))) == C(i), which is R(C(i)) == i where C is injective.
  return inverse_of(c, "left_inverse", detail::left_inverse_of,
                    [&](const ComposedLayout& r, const std::string& w) {
                      const std::int64_t n = size(c.layout);
                      if (n > kMaxChecked)
                        stop(Refusal::beyond_fragviz, w + ": too many indices to check CuTe's result");
                      const detail::Lookup at_c(c), at_r(r);
                      for (std::int64_t i = 0; i < n; ++i) {
                        const std::int64_t ci = at_c(i), back = at_c(at_r(ci));
                        if (back != ci) {
                          detail::wrong(w + ": CuTe's result is not a left inverse: C(" + std::to_string(i) +
                                        ") = " + std::to_string(ci) + " comes back as C(R(" +
                                        std::to_string(ci) + ")) = " + std::to_string(back));
                          return;
                        }
                      }
                    });
}

}  // namespace fragviz::algebra
