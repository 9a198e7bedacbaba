// Properties of the layout algebra (algebra/operations.hpp) on random layouts: the postconditions
// CuTe states for each operation (its unit tests' checks, include/cute/layout.hpp's comments) must
// hold for every result fragviz returns, and every refusal must be a refusal, never a crash:
//  - coalesce: same size, depth <= 1, same value at every index
//  - composition: R(i) = A(B(i)) for i < size(B), R's modes sized as B's; associativity
//  - complement: ordered, disjoint from A, A ++ R injective, CuTe's size and cosize bounds
//  - right_inverse: A(R(i)) = i; left_inverse: R(A(i)) = i for injective A
//  - zipped_divide: its tile mode is composition(A, B); logical_product: mode 0 is A
//  - a swizzled layout's value is the swizzle of the layout's
// Which results these are is not checked here: tests/cute/test_cute_algebra.cpp holds them against
// CuTe.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "fragviz/algebra/expression.hpp"

using namespace fragviz::algebra;

namespace {

class Random {
 public:
  explicit Random(std::uint64_t seed) : g_(seed) {}
  int below(int n) { return static_cast<int>(g_() % static_cast<std::uint64_t>(n)); }
  std::int64_t pick(std::initializer_list<std::int64_t> v) {
    return *(v.begin() + below(static_cast<int>(v.size())));
  }

  /// A layout of up to `leaves` leaves, nested, shapes 1..8, size <= max_size, strides compact
  /// (permuted, with gaps) or anywhere.
  Layout layout(int leaves, std::int64_t max_size) {
    const int n = 1 + below(leaves);
    std::vector<std::int64_t> ext;
    std::int64_t p = 1;
    for (int i = 0; i < n; ++i) {
      std::int64_t e = pick({1, 2, 2, 3, 4, 4, 6, 8});
      while (p * e > max_size && e > 1) e /= 2;
      ext.push_back(e);
      p *= e;
    }
    std::vector<std::int64_t> d(ext.size());
    if (below(10) < 7) {
      std::vector<std::size_t> order(ext.size());
      for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
      for (std::size_t i = order.size(); i > 1; --i)
        std::swap(order[i - 1], order[static_cast<std::size_t>(below(static_cast<int>(i)))]);
      std::int64_t s = pick({1, 1, 1, 2, 3});
      for (std::size_t i : order) {
        d[i] = s;
        s *= ext[i] * pick({1, 1, 1, 2});
      }
    } else {
      for (auto& s : d) s = pick({0, 1, 2, 3, 4, 6, 8, 16});
    }
    std::vector<Layout> modes;
    for (std::size_t i = 0; i < ext.size(); ++i) modes.push_back(Layout::leaf(ext[i], d[i]));
    if (modes.size() == 1) return modes[0];
    if (modes.size() > 2 && below(2)) {  // nest the first two
      std::vector<Layout> nested{Layout::tuple({modes[0], modes[1]})};
      nested.insert(nested.end(), modes.begin() + 2, modes.end());
      return Layout::tuple(std::move(nested));
    }
    return Layout::tuple(std::move(modes));
  }

 private:
  std::mt19937_64 g_;
};

/// CuTe's compatible(B, R) on shapes: a number is compatible with any shape of that size, a tuple
/// with a tuple of as many compatible entries.
bool compatible(const IntTuple& b, const IntTuple& r) {
  if (!b.is_tuple) return b.value == product(r);
  if (!r.is_tuple || r.items.size() != b.items.size()) return false;
  for (std::size_t k = 0; k < b.items.size(); ++k)
    if (!compatible(b.items[k], r.items[k])) return false;
  return true;
}

/// Every value of `l` lies in [0, n).
bool within(const Layout& l, std::int64_t n) {
  for (std::int64_t i = 0; i < size(l); ++i)
    if (evaluate(l, i) < 0 || evaluate(l, i) >= n) return false;
  return true;
}

bool injective(const Layout& l) {
  std::set<std::int64_t> seen;
  for (std::int64_t i = 0; i < size(l); ++i)
    if (!seen.insert(evaluate(l, i)).second) return false;
  return true;
}

constexpr int kCases = 3000;

}  // namespace

TEST(AlgebraProperties, CoalesceKeepsTheFunction) {
  Random r(1);
  for (int k = 0; k < kCases; ++k) {
    const Layout a = r.layout(6, 512);
    const Layout c = coalesce(a);
    ASSERT_EQ(size(c), size(a)) << to_string(a);
    ASSERT_LE(depth(c), 1) << to_string(a);
    for (std::int64_t i = 0; i < size(a); ++i)
      ASSERT_EQ(evaluate(c, i), evaluate(a, i)) << to_string(a) << " at " << i;
  }
}

TEST(AlgebraProperties, CompositionIsAOfB) {
  Random r(2);
  int computed = 0;
  for (int k = 0; k < kCases; ++k) {
    const Layout a = r.layout(4, 256), b = r.layout(3, 64);
    const auto c = composition(a, b);
    if (!c) {
      EXPECT_NE(c.refusal, Refusal::none);
      EXPECT_FALSE(c.message.empty());
      continue;
    }
    ++computed;
    ASSERT_TRUE(compatible(shape(b), shape(*c)))
        << to_string(a) << " o " << to_string(b) << " = " << to_string(*c);
    for (std::int64_t i = 0; i < size(b); ++i)
      ASSERT_EQ(evaluate(*c, i), evaluate(a, evaluate(b, i)))
          << to_string(a) << " o " << to_string(b) << " = " << to_string(*c) << " at " << i;
  }
  EXPECT_GT(computed, kCases / 4);
}

// A o B is A(B(i)) on B's domain only (outside it its last mode extends), so (A o B) o C and
// A o (B o C) agree where C stays inside B's domain.
TEST(AlgebraProperties, CompositionIsAssociative) {
  Random r(3);
  int checked = 0;
  for (int k = 0; k < kCases; ++k) {
    const Layout a = r.layout(4, 256), b = r.layout(3, 64), c = r.layout(2, 16);
    if (!within(c, size(b))) continue;
    const auto ab = composition(a, b), bc = composition(b, c);
    if (!ab || !bc) continue;
    const auto ab_c = composition(*ab, c), a_bc = composition(a, *bc);
    if (!ab_c || !a_bc) continue;
    ++checked;
    for (std::int64_t i = 0; i < size(c); ++i)
      ASSERT_EQ(evaluate(*ab_c, i), evaluate(*a_bc, i))
          << "(" << to_string(a) << " o " << to_string(b) << ") o " << to_string(c) << " at " << i;
  }
  EXPECT_GT(checked, 100);
}

TEST(AlgebraProperties, ComplementIsOrderedDisjointAndBounded) {
  Random r(4);
  int checked = 0;
  for (int k = 0; k < kCases; ++k) {
    const Layout a = r.layout(4, 64);
    const std::int64_t m = 1 + r.below(600);
    const auto c = complement(a, IntTuple::number(m));
    if (!c) continue;
    ++checked;
    std::set<std::int64_t> image;
    for (std::int64_t j = 0; j < size(a); ++j) image.insert(evaluate(a, j));
    const std::string what = "complement(" + to_string(a) + ", " + std::to_string(m) + ") = " + to_string(*c);
    for (std::int64_t i = 1; i < size(*c); ++i) {
      ASSERT_LT(evaluate(*c, i - 1), evaluate(*c, i)) << what;
      ASSERT_EQ(image.count(evaluate(*c, i)), 0u) << what << " at " << i;
    }
    const Layout completed = Layout::tuple({a, *c});
    ASSERT_GE(cosize(completed), m) << what;
    // CuTe's unit test also observes cosize(R) <= round_up(M, cosize(A)) and size(R) >=
    // M / size(filter(A)); CuTe's own results break both for some layouts (the two tests below),
    // so they are not asserted here.
    if (injective(a)) ASSERT_TRUE(injective(completed)) << what;
  }
  EXPECT_GT(checked, kCases / 4);
}

// CuTe's complement unit test asserts cosize(R) <= round_up(M, cosize(A)); for this A (injective,
// with a gap) CuTe computes the same R as fragviz (tests/cute holds this case against CuTe), whose
// cosize is 24 + 5 * 96 + 1 = 505 > round_up(481, 72) = 504. Written down in
// docs/layout-algebra.md; R is still ordered and disjoint from A.
TEST(AlgebraProperties, ComplementUpperBoundOfCuteDoesNotAlwaysHold) {
  const auto a = evaluate_expression("((1,6),4,2):((1,4),1,48)");
  ASSERT_TRUE(a);
  const auto c = complement(a->layout.layout, IntTuple::number(481));
  ASSERT_TRUE(c) << c.message;
  EXPECT_EQ(cosize(a->layout.layout), 72);
  EXPECT_EQ(cosize(*c), 505);
}

// CuTe's complement unit test observes size(R) >= M / size(filter(A)). For A = (3,2):(3,16)
// ({0,3,6,16,19,22}: the gap 9..15 is no multiple of 9) CuTe computes R = (3,17):(1,32) (held
// against CuTe in tests/cute), 51 < 524 / 6: R fills 1, 2 but cannot fill the gap 9..15.
TEST(AlgebraProperties, ComplementSizeBoundOfCuteDoesNotAlwaysHold) {
  const auto a = evaluate_expression("(3,2):(3,16)");
  ASSERT_TRUE(a);
  const auto c = complement(a->layout.layout, IntTuple::number(524));
  ASSERT_TRUE(c) << c.message;
  EXPECT_EQ(size(*c), 51);
  EXPECT_LT(size(*c), 524 / 6);
}

TEST(AlgebraProperties, InversesRoundTrip) {
  Random r(5);
  int right = 0, left = 0;
  for (int k = 0; k < kCases; ++k) {
    const Layout a = r.layout(5, 256);
    if (const auto inv = right_inverse(a)) {
      ++right;
      for (std::int64_t i = 0; i < size(*inv); ++i)
        ASSERT_EQ(evaluate(a, evaluate(*inv, i)), i)
            << "right_inverse(" << to_string(a) << ") = " << to_string(*inv);
    }
    if (!injective(a)) continue;
    if (const auto inv = left_inverse(a)) {
      ++left;
      for (std::int64_t i = 0; i < size(a); ++i)
        ASSERT_EQ(evaluate(*inv, evaluate(a, i)), i)
            << "left_inverse(" << to_string(a) << ") = " << to_string(*inv);
    }
  }
  EXPECT_GT(right, kCases / 2);
  EXPECT_GT(left, 100);
}

TEST(AlgebraProperties, DivideTileIsCompositionAndProductKeepsTheBlock) {
  Random r(6);
  int divided = 0, multiplied = 0;
  for (int k = 0; k < kCases; ++k) {
    const Layout a = r.layout(4, 256), t = r.layout(2, 16);
    const auto z = zipped_divide(a, Tiler::of(t));
    const auto c = composition(a, t);
    if (z && c) {
      ++divided;
      ASSERT_EQ(to_string(z->mode(0)), to_string(*c)) << to_string(a) << " / " << to_string(t);
    }
    const Layout block = r.layout(3, 16);
    if (const auto p = logical_product(block, Tiler::of(t))) {
      ++multiplied;
      ASSERT_EQ(to_string(p->mode(0)), to_string(block));
      ASSERT_EQ(size(p->mode(1)), size(t))
          << to_string(block) << " x " << to_string(t) << " = " << to_string(*p);
    }
  }
  EXPECT_GT(divided, 100);
  EXPECT_GT(multiplied, 100);
}

TEST(AlgebraProperties, SwizzledLayoutIsTheSwizzleOfTheLayout) {
  Random r(7);
  for (int k = 0; k < 500; ++k) {
    const fragviz::CuteSwizzle s{1 + r.below(3), r.below(4), 3 + r.below(2)};
    const Layout l = r.layout(3, 256);
    const ComposedLayout c{s, 0, l};
    for (std::int64_t i = 0; i < size(l); ++i) ASSERT_EQ(evaluate(c, i), s(evaluate(l, i)));
    if (const auto ls = composition(l, s))
      for (std::int64_t i = 0; i < size(l); ++i)
        ASSERT_EQ(evaluate(*ls, i), evaluate(l, s(i))) << to_string(*ls);
  }
}

TEST(AlgebraProperties, AnyTextIsReadOrRefusedNeverCrashes) {
  const std::string alphabet = "()<>,:o_-0123456789 Swizzle<>logical_dividecompositionsize";
  Random r(8);
  for (int k = 0; k < 20000; ++k) {
    std::string text;
    const int n = 1 + r.below(40);
    for (int i = 0; i < n; ++i)
      text += alphabet[static_cast<std::size_t>(r.below(static_cast<int>(alphabet.size())))];
    const auto v = evaluate_expression(text);
    if (!v) {
      EXPECT_FALSE(v.message.empty()) << text;
      EXPECT_NE(v.refusal, Refusal::none) << text;
    }
  }
}
