// Integer tuples and layouts: size, cosize, evaluation, printing (algebra/layout.hpp), and the
// checked arithmetic the operations share (detail.hpp).
#include "fragviz/algebra/layout.hpp"

#include <algorithm>

#include "detail.hpp"
#include "fragviz/algebra/notation.hpp"

namespace fragviz::algebra {

namespace detail {

void stop(Refusal r, std::string message) { throw Stop{r, std::move(message)}; }

std::optional<Stop>& pending_wrong() {
  thread_local std::optional<Stop> pending;
  return pending;
}

void wrong(std::string message) {
  if (!pending_wrong()) pending_wrong() = Stop{Refusal::cute_wrong, std::move(message)};
}

void cute_refuses(const std::string& what, const std::string& cute_message) {
  stop(Refusal::cute_refuses, what + " (CuTe refuses it too: \"" + cute_message + "\")");
}

std::int64_t mul(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r))
    stop(Refusal::beyond_fragviz, std::to_string(a) + " x " + std::to_string(b) + " is beyond 64 bits");
  return r;
}

std::int64_t add(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  if (__builtin_add_overflow(a, b, &r))
    stop(Refusal::beyond_fragviz, std::to_string(a) + " + " + std::to_string(b) + " is beyond 64 bits");
  return r;
}

std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return add(a, b - 1) / b; }

std::int64_t abs64(std::int64_t a) { return a < 0 ? mul(a, -1) : a; }

Layout concat(std::vector<Layout> modes) { return Layout::tuple(std::move(modes)); }

void require_nonnegative(const Layout& l, const char* operation) {
  for (const Layout& m : leaf_modes(l))
    if (m.stride < 0)
      stop(Refusal::beyond_fragviz, std::string(operation) + " of " + to_string(l) +
                                        ": fragviz takes no negative strides here (CuTe's own tests "
                                        "call them beta; its result has negative shapes)");
}

}  // namespace detail

using detail::add;
using detail::mul;

const char* to_string(Refusal r) {
  switch (r) {
    case Refusal::none:
      return "none";
    case Refusal::cute_refuses:
      return "cute_refuses";
    case Refusal::cute_wrong:
      return "cute_wrong";
    case Refusal::beyond_fragviz:
      return "beyond_fragviz";
    case Refusal::bad_input:
      break;
  }
  return "bad_input";
}

int depth(const IntTuple& t) {
  if (!t.is_tuple) return 0;
  int d = 0;
  for (const IntTuple& i : t.items) d = std::max(d, depth(i));
  return 1 + d;
}

std::int64_t product(const IntTuple& t) {
  if (!t.is_tuple) return t.value;
  std::int64_t p = 1;
  for (const IntTuple& i : t.items) p = mul(p, product(i));
  return p;
}

std::vector<std::int64_t> leaves(const IntTuple& t) {
  if (!t.is_tuple) return {t.value};
  std::vector<std::int64_t> out;
  for (const IntTuple& i : t.items)
    for (std::int64_t v : leaves(i)) out.push_back(v);
  return out;
}

std::string to_string(const IntTuple& t) {
  if (!t.is_tuple) return std::to_string(t.value);
  std::string s = "(";
  for (std::size_t k = 0; k < t.items.size(); ++k) s += (k ? "," : "") + to_string(t.items[k]);
  return s + ")";
}

IntTuple shape(const Layout& l) {
  if (!l.is_tuple) return IntTuple::number(l.shape);
  std::vector<IntTuple> items;
  for (const Layout& m : l.modes) items.push_back(shape(m));
  return IntTuple::tuple(std::move(items));
}

IntTuple stride(const Layout& l) {
  if (!l.is_tuple) return IntTuple::number(l.stride);
  std::vector<IntTuple> items;
  for (const Layout& m : l.modes) items.push_back(stride(m));
  return IntTuple::tuple(std::move(items));
}

Layout make_layout(const IntTuple& shape, const IntTuple& stride) {
  if (!shape.is_tuple) return Layout::leaf(shape.value, stride.value);
  std::vector<Layout> modes;
  for (std::size_t k = 0; k < shape.items.size(); ++k)
    modes.push_back(make_layout(shape.items[k], stride.items[k]));
  return Layout::tuple(std::move(modes));
}

namespace {
/// CuTe's compact<LayoutLeft>: strides are the running product, a shape-1 mode gets 0.
Layout compact_left(const IntTuple& shape, std::int64_t& current) {
  if (!shape.is_tuple) {
    const Layout l = Layout::leaf(shape.value, shape.value == 1 ? 0 : current);
    current = mul(current, shape.value);
    return l;
  }
  std::vector<Layout> modes;
  for (const IntTuple& s : shape.items) modes.push_back(compact_left(s, current));
  return Layout::tuple(std::move(modes));
}
}  // namespace

Layout make_layout(const IntTuple& shape) {
  std::int64_t current = 1;
  return compact_left(shape, current);
}

std::int64_t size(const Layout& l) {
  if (!l.is_tuple) return l.shape;
  std::int64_t p = 1;
  for (const Layout& m : l.modes) p = mul(p, size(m));
  return p;
}

std::int64_t cosize(const Layout& l) {
  std::int64_t c = 1;
  for (const Layout& m : leaf_modes(l)) c = add(c, mul(m.shape - 1, detail::abs64(m.stride)));
  return c;
}

int depth(const Layout& l) { return depth(shape(l)); }

namespace {
void collect(const Layout& l, std::vector<Layout>& out) {
  if (!l.is_tuple) {
    out.push_back(l);
    return;
  }
  for (const Layout& m : l.modes) collect(m, out);
}
}  // namespace

std::vector<Layout> leaf_modes(const Layout& l) {
  std::vector<Layout> out;
  collect(l, out);
  return out;
}

namespace {
/// CuTe's crd2idx of a 1-D index, leaf by leaf: each leaf takes its digit of what is left and
/// passes the quotient on; the last leaf takes all that is left (the last mode of every tuple
/// is unreduced, and the last leaf is the last mode's last mode, all the way down).
std::int64_t evaluate_leaves(const Layout& l, std::int64_t& i, bool last) {
  if (!l.is_tuple) {
    const std::int64_t digit = last ? i : i % l.shape;
    i = last ? 0 : i / l.shape;
    return mul(digit, l.stride);
  }
  std::int64_t offset = 0;
  for (std::size_t k = 0; k < l.modes.size(); ++k)
    offset = add(offset, evaluate_leaves(l.modes[k], i, last && k + 1 == l.modes.size()));
  return offset;
}
}  // namespace

std::int64_t evaluate(const Layout& l, std::int64_t i) { return evaluate_leaves(l, i, true); }

std::vector<std::int64_t> offsets(const Layout& l) {
  const std::vector<Layout> leaves = leaf_modes(l);
  std::vector<std::int64_t> digit(leaves.size(), 0);
  std::vector<std::int64_t> out(static_cast<std::size_t>(size(l)));
  std::int64_t at = 0;
  for (std::int64_t& o : out) {
    o = at;
    for (std::size_t k = 0; k < leaves.size(); ++k) {  // the next index: carry through the leaves
      at += leaves[k].stride;
      if (++digit[k] < leaves[k].shape) break;
      at -= leaves[k].stride * leaves[k].shape;
      digit[k] = 0;
    }
  }
  return out;
}

std::vector<std::int64_t> offsets(const ComposedLayout& c) {
  std::vector<std::int64_t> out = offsets(c.layout);
  if (c.composed())
    for (std::int64_t& o : out) o = c.swizzle(c.offset + o);
  return out;
}

std::string to_string(const Layout& l) { return to_string(shape(l)) + ":" + to_string(stride(l)); }

std::int64_t evaluate(const ComposedLayout& c, std::int64_t i) {
  return c.swizzle(add(c.offset, evaluate(c.layout, i)));
}

std::string to_string(const ComposedLayout& c) {
  if (!c.composed()) return to_string(c.layout);
  return notation::swizzle_text(c.swizzle) + " o " + (c.offset != 0 ? std::to_string(c.offset) + " o " : "") +
         to_string(c.layout);
}

Tiler tiler_of(const IntTuple& shape) {
  if (!shape.is_tuple) return Tiler::of(shape.value);
  std::vector<Tiler> items;
  for (const IntTuple& s : shape.items) items.push_back(tiler_of(s));
  return Tiler::tuple(std::move(items));
}

std::string to_string(const Tiler& t) {
  switch (t.kind) {
    case Tiler::Kind::number:
      return std::to_string(t.number);
    case Tiler::Kind::layout:
      return to_string(t.layout);
    case Tiler::Kind::tuple:
      break;
  }
  std::string s = "(";
  for (std::size_t k = 0; k < t.items.size(); ++k) s += (k ? "," : "") + to_string(t.items[k]);
  return s + ")";
}

}  // namespace fragviz::algebra
