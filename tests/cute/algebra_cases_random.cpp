// Random cases of every operation (algebra_cases.hpp): shapes of 1 to 8 per mode, sizes up to a
// few hundred, strides from compact orders (so modes merge, divide and invert) and from anywhere
// (so the divisibility conditions fail too), nested up to three levels. Deterministic: the
// generator is std::mt19937_64, whose sequence the C++ standard fixes, and no std distribution.
#include <algorithm>
#include <random>

#include "algebra_cases.hpp"

namespace algebra_gen {

namespace {

class Random {
 public:
  explicit Random(std::uint64_t seed) : g_(seed) {}
  /// 0 .. n-1.
  int below(int n) { return static_cast<int>(g_() % static_cast<std::uint64_t>(n)); }
  bool chance(int percent) { return below(100) < percent; }
  template <class T>
  const T& pick(const std::vector<T>& v) {
    return v[static_cast<std::size_t>(below(static_cast<int>(v.size())))];
  }

 private:
  std::mt19937_64 g_;
};

/// A tree shape: `leaves` leaf modes grouped into nested tuples at random (depth <= 3).
IntTuple group(Random& r, std::vector<std::int64_t> leaves, int depth) {
  if (leaves.size() == 1 && (depth >= 2 || !r.chance(15))) return IntTuple::number(leaves[0]);
  std::vector<IntTuple> items;
  std::size_t k = 0;
  while (k < leaves.size()) {
    const std::size_t n =
        depth < 2 && r.chance(30) ? std::min<std::size_t>(1 + r.below(3), leaves.size() - k) : 1;
    std::vector<std::int64_t> part(leaves.begin() + static_cast<std::ptrdiff_t>(k),
                                   leaves.begin() + static_cast<std::ptrdiff_t>(k + n));
    items.push_back(n == 1 ? IntTuple::number(part[0]) : group(r, part, depth + 1));
    k += n;
  }
  return IntTuple::tuple(std::move(items));
}

/// Regroups a flat stride list like `shape`.
IntTuple like(const IntTuple& shape, const std::vector<std::int64_t>& flat, std::size_t& k) {
  if (!shape.is_tuple) return IntTuple::number(flat[k++]);
  std::vector<IntTuple> items;
  for (const IntTuple& s : shape.items) items.push_back(like(s, flat, k));
  return IntTuple::tuple(std::move(items));
}

struct Maker {
  Random& r;

  std::int64_t extent() { return r.pick<std::int64_t>({1, 2, 2, 2, 3, 4, 4, 4, 6, 8, 8}); }

  /// `n` leaf extents with product at most `max_size`.
  std::vector<std::int64_t> extents(int n, std::int64_t max_size) {
    std::vector<std::int64_t> out;
    std::int64_t p = 1;
    for (int i = 0; i < n; ++i) {
      std::int64_t e = extent();
      while (p * e > max_size && e > 1) e /= 2;
      out.push_back(std::max<std::int64_t>(e, 1));
      p *= out.back();
    }
    return out;
  }

  /// Strides: a compact order (a random permutation of the modes, optional gaps and zeros), or
  /// strides from anywhere.
  std::vector<std::int64_t> strides(const std::vector<std::int64_t>& ext, int style) {
    const std::size_t n = ext.size();
    std::vector<std::int64_t> d(n);
    if (style == 0) {
      std::vector<std::size_t> order(n);
      for (std::size_t i = 0; i < n; ++i) order[i] = i;
      for (std::size_t i = n; i > 1; --i)
        std::swap(order[i - 1], order[static_cast<std::size_t>(r.below(static_cast<int>(i)))]);
      std::int64_t p = r.chance(20) ? r.pick<std::int64_t>({2, 3, 4}) : 1;
      for (std::size_t i : order) {
        d[i] = p;
        p *= ext[i] * (r.chance(15) ? r.pick<std::int64_t>({2, 3}) : 1);
      }
      if (r.chance(15)) d[static_cast<std::size_t>(r.below(static_cast<int>(n)))] = 0;
    } else {
      for (auto& s : d) s = r.pick<std::int64_t>({0, 1, 1, 2, 3, 4, 4, 6, 8, 8, 12, 16, 24, 32, 64});
    }
    return d;
  }

  Layout layout(int max_leaves, std::int64_t max_size, int compact_percent = 70) {
    const int n = 1 + r.below(max_leaves);
    const std::vector<std::int64_t> ext = extents(n, max_size);
    const std::vector<std::int64_t> d = strides(ext, r.chance(compact_percent) ? 0 : 1);
    const IntTuple shape = group(r, ext, 0);
    std::size_t k = 0;
    return fragviz::algebra::make_layout(shape, like(shape, d, k));
  }

  /// A layout of rank exactly `rank` at the top (each mode possibly nested).
  Layout ranked(int rank, int max_leaves, std::int64_t max_size, int compact_percent = 70) {
    std::vector<Layout> modes;
    for (int i = 0; i < rank; ++i)
      modes.push_back(layout(std::max(1, max_leaves / rank), std::max<std::int64_t>(2, max_size / (rank * 2)),
                             compact_percent));
    if (rank == 1) return modes[0];
    return Layout::tuple(std::move(modes));
  }

  /// A tiler for a layout of rank `rank`: a layout, a number, or a tuple of those.
  Tiler tiler(int rank, std::int64_t max_size) {
    const auto leaf = [&](std::int64_t m) -> Tiler {
      if (r.chance(40))
        return Tiler::of(std::max<std::int64_t>(1, std::min<std::int64_t>(extent() * extent(), m)));
      return Tiler::of(layout(2, m, 80));
    };
    if (rank == 1 || r.chance(30)) return leaf(max_size);
    std::vector<Tiler> items;
    const int n = 1 + r.below(rank);
    for (int i = 0; i < n; ++i) items.push_back(leaf(std::max<std::int64_t>(2, max_size / 4)));
    return Tiler::tuple(std::move(items));
  }

  IntTuple shape(int max_leaves, std::int64_t max_size) {
    return group(r, extents(1 + r.below(max_leaves), max_size), 0);
  }

  CuteSwizzle swizzle() {
    const int b = 1 + r.below(3), m = r.below(4), s = b + r.below(3);
    return CuteSwizzle{b, m, r.chance(15) ? -s : s};
  }

  /// A power-of-two layout, as swizzled shared-memory tiles are.
  Layout pow2_layout() {
    const int rows = 1 << (1 + r.below(3)), cols = 1 << (2 + r.below(4));
    if (r.chance(50))
      return fragviz::algebra::make_layout(IntTuple::tuple({IntTuple::number(rows), IntTuple::number(cols)}),
                                           IntTuple::tuple({IntTuple::number(cols), IntTuple::number(1)}));
    return fragviz::algebra::make_layout(IntTuple::tuple({IntTuple::number(rows), IntTuple::number(cols)}));
  }
};

}  // namespace

std::vector<Case> random_cases(std::uint64_t seed, double scale) {
  Random r(seed);
  Maker m{r};
  std::vector<Case> out;
  const auto count = [&](int n) { return std::max(1, static_cast<int>(n * scale)); };
  const auto add = [&](std::string op, std::vector<Arg> args) {
    out.push_back(Case{std::move(op), std::move(args), "random"});
  };

  for (int i = 0; i < count(100); ++i) {
    const Layout l = m.layout(6, 256);
    add(r.pick<std::string>({"size", "cosize", "rank", "depth", "flatten"}), {layout_arg(l)});
    std::vector<Arg> args{layout_arg(l)};
    const Layout* at = &l;
    while (args.size() < 3 && (args.size() == 1 || r.chance(50))) {
      const int k = r.below(at->rank());
      args.push_back(index_arg(k));
      at = &at->mode(k);
    }
    add("get", args);
    if (l.rank() > 1)
      add("select", {layout_arg(l), index_arg(r.below(l.rank())), index_arg(r.below(l.rank()))});
  }
  for (int i = 0; i < count(1100); ++i) {
    const Layout l = m.layout(6, 512);
    if (r.chance(70) || l.rank() == 1) {
      add("coalesce", {layout_arg(l)});
    } else {
      std::vector<IntTuple> profile;
      for (int k = 0; k < 1 + r.below(l.rank()); ++k) profile.push_back(IntTuple::number(1));
      add("coalesce", {layout_arg(l), tuple_arg(IntTuple::tuple(std::move(profile)))});
    }
    if (i % 4 == 0) add("filter", {layout_arg(l)});
  }
  for (int i = 0; i < count(250); ++i) {
    const Layout a = m.layout(4, 256);
    add("composition", {layout_arg(a), layout_arg(m.layout(3, 64, 60))});
    if (i % 3 == 0) add("composition", {layout_arg(a), tiler_arg(m.tiler(a.rank(), 16))});
    if (i % 5 == 0) add("with_shape", {layout_arg(a), tuple_arg(m.shape(3, 64))});
  }
  for (int i = 0; i < count(250); ++i) {
    const Layout a = m.layout(4, 64, 80);
    if (r.chance(30))
      add("complement", {layout_arg(a)});
    else
      add("complement",
          {layout_arg(a), tuple_arg(r.chance(70) ? IntTuple::number(1 + r.below(600)) : m.shape(3, 512))});
  }
  for (int i = 0; i < count(1000); ++i) {
    add("right_inverse", {layout_arg(m.layout(5, 256, 80))});
    add("left_inverse", {layout_arg(m.layout(5, 256, 80))});
  }
  for (int i = 0; i < count(200); ++i) {
    const Layout a = m.ranked(1 + r.below(3), 5, 512);
    const Tiler t = m.tiler(a.rank(), 32);
    add(r.pick<std::string>({"logical_divide", "zipped_divide", "tiled_divide", "flat_divide"}),
        {layout_arg(a), tiler_arg(t)});
  }
  for (int i = 0; i < count(200); ++i) {
    const Layout a = m.ranked(1 + r.below(2), 3, 32);
    const Tiler t = m.tiler(a.rank(), 16);
    add(r.pick<std::string>({"logical_product", "zipped_product", "tiled_product", "flat_product"}),
        {layout_arg(a), tiler_arg(t)});
  }
  for (int i = 0; i < count(150); ++i) {
    const Layout a = m.ranked(1 + r.below(3), 3, 24), b = m.ranked(1 + r.below(3), 3, 24);
    add(r.chance(50) ? "blocked_product" : "raked_product", {layout_arg(a), layout_arg(b)});
  }
  for (int i = 0; i < count(300); ++i) {
    const CuteSwizzle s = m.swizzle();
    const Layout l = m.pow2_layout();
    switch (r.below(6)) {
      case 0:
        add("composition", {layout_arg(r.chance(70) ? l : m.layout(3, 64)), swizzle_arg(s)});
        break;
      case 1:
        add("composition", {layout_arg(m.pow2_layout()), composed_arg(s, 0, l)});
        break;
      case 2:
        add(r.chance(50) ? "right_inverse" : "left_inverse", {composed_arg(s, 0, l)});
        break;
      case 3:
        add("composition", {composed_arg(s, r.chance(30) ? 8 : 0, l), tiler_arg(m.tiler(2, 16))});
        break;
      case 4:
        add(r.pick<std::string>({"logical_divide", "zipped_divide", "tiled_divide", "flat_divide"}),
            {composed_arg(s, 0, l), tiler_arg(m.tiler(2, 16))});
        break;
      default:
        add(r.pick<std::string>({"coalesce", "size", "cosize"}), {composed_arg(s, 0, l)});
    }
  }
  return out;
}

std::vector<Case> dynamic_cases(std::uint64_t seed, double scale) {
  Random r(seed);
  Maker m{r};
  std::vector<Case> out;
  const auto count = [&](int n) { return std::max(1, static_cast<int>(n * scale)); };
  const auto add = [&](std::string op, std::vector<Arg> args) {
    out.push_back(Case{std::move(op), std::move(args), "random-dynamic", true});
  };
  // A flat layout of `rank` modes (a leaf for rank 1), extents 2 to 8, positive strides (a stride
  // 0 now and then, which stays static).
  const auto flat = [&](int rank, std::int64_t max_size, bool zeros) {
    const std::vector<std::int64_t> ext = m.extents(rank, max_size);
    std::vector<std::int64_t> d = m.strides(ext, r.chance(70) ? 0 : 1);
    std::vector<Layout> modes;
    for (std::size_t k = 0; k < ext.size(); ++k)
      modes.push_back(Layout::leaf(std::max<std::int64_t>(2, ext[k]), zeros || d[k] != 0 ? d[k] : 1));
    return rank == 1 ? modes[0] : Layout::tuple(std::move(modes));
  };
  // Coalesced, mode by mode: CuTe merges no run-time modes, so the inputs come merged.
  const auto coalesced = [&](int rank, std::int64_t max_size) {
    if (rank == 1) return fragviz::algebra::coalesce(flat(1 + r.below(3), max_size, false));
    std::vector<Layout> modes;
    for (int i = 0; i < rank; ++i)
      modes.push_back(fragviz::algebra::coalesce(flat(1 + r.below(2), max_size / rank, false)));
    return Layout::tuple(std::move(modes));
  };
  // A rank-1 tile n:d, n > 1 and d > 0, or a number n > 1.
  const auto tile = [&]() -> Tiler {
    if (r.chance(30)) return Tiler::of(r.pick<std::int64_t>({2, 3, 4, 6, 8, 16}));
    return Tiler::of(
        Layout::leaf(r.pick<std::int64_t>({2, 2, 3, 4, 4, 8}), r.pick<std::int64_t>({1, 1, 2, 3, 4, 8})));
  };
  for (int i = 0; i < count(5000); ++i) {
    const Layout l = flat(1 + r.below(3), 512, true);
    add(r.pick<std::string>({"size", "cosize", "flatten", "rank", "depth"}), {layout_arg(l)});
    add("get", {layout_arg(l), index_arg(r.below(l.rank()))});
    add("select", {layout_arg(l), index_arg(r.below(l.rank()))});
  }
  for (int i = 0; i < count(4000); ++i) {
    const Layout a = coalesced(1, 256);
    add("composition", {layout_arg(a), layout_arg(flat(1 + r.below(2), 64, true))});
    if (i % 2 == 0)
      add("with_shape", {layout_arg(a), tuple_arg(fragviz::algebra::shape(flat(1 + r.below(2), 64, false)))});
  }
  for (int i = 0; i < count(3000); ++i) {
    const Layout a = flat(1, 64, false);
    add("complement", {layout_arg(a), tuple_arg(IntTuple::number(2 + r.below(1000)))});
  }
  for (int i = 0; i < count(8000); ++i) {
    // A tiler of one tile divides the whole layout, which must then be coalesced as a whole; a
    // tiler of two divides each mode, coalesced on its own.
    const bool by_mode = r.chance(50);
    const Layout a = by_mode ? coalesced(2, 512) : coalesced(1, 512);
    const Tiler t = by_mode ? Tiler::tuple({tile(), tile()}) : tile();
    add(r.pick<std::string>({"logical_divide", "zipped_divide", "tiled_divide", "flat_divide"}),
        {layout_arg(a), tiler_arg(t)});
  }
  for (int i = 0; i < count(6000); ++i) {
    const Layout a = Layout::leaf(r.pick<std::int64_t>({2, 3, 4, 8}), r.pick<std::int64_t>({1, 2, 3, 4}));
    add(r.pick<std::string>({"logical_product", "zipped_product", "tiled_product", "flat_product"}),
        {layout_arg(a), tiler_arg(Tiler::of(flat(1 + r.below(2), 32, true)))});
    // A rank-2 tiler: with a rank-1 one CuTe's run-time composition keeps a mode the static one
    // drops, and its zip of the two modes does not compile.
    add(r.chance(50) ? "blocked_product" : "raked_product", {layout_arg(a), layout_arg(flat(2, 32, true))});
  }
  return out;
}

}  // namespace algebra_gen
