// CuTe's layout algebra on algebra/layout.hpp's run-time layouts, computed as CuTe computes it
// with static integers (NVIDIA/cutlass include/cute/layout.hpp, swizzle.hpp, swizzle_layout.hpp,
// layout_composed.hpp of CUTLASS 4.2): the same result, mode for mode, and the same refusals.
//
// Every operation returns a Result: the layout, or why there is none, with what CuTe does there:
//  - cute_refuses: CuTe refuses it too (one of its static_asserts: "Stride Divisibility
//    Condition", "Non-injective Layout detected in complement.", ...); the message quotes it.
//  - cute_wrong: CuTe accepts it and returns a layout that breaks its own postcondition (a
//    composition R with R(i) != A(B(i)), a Layout o Swizzle that is not one); the message names the
//    first index where it goes wrong. tests/cute/ shows each such case with CuTe itself, and
//    docs/layout-algebra.md lists them.
//  - beyond_fragviz: fragviz does not compute it (negative strides where CuTe's own tests call them
//    beta, a number beyond 64 bits, a nested swizzle); the message says which.
// tests/cute/test_cute_algebra.cpp holds every result against CuTe's own host code.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fragviz/algebra/layout.hpp"

namespace fragviz::algebra {

/// Why an operation gave no layout (see the header comment); bad_input: the text of an expression
/// (algebra/expression.hpp) is no CuTe notation, or an argument has the wrong kind.
enum class Refusal : std::uint8_t { none, cute_refuses, cute_wrong, beyond_fragviz, bad_input };

/// "cute_refuses", "cute_wrong", "beyond_fragviz", "bad_input" ("none").
const char* to_string(Refusal r);

/// A value, or the refusal that stopped it and its message.
template <class T>
struct Result {
  std::optional<T> value;
  Refusal refusal = Refusal::none;
  std::string message;
  int column = 0;  ///< 1-based character an expression's error is about (0: none); in the message too
  static Result ok(T v) { return Result{std::move(v), Refusal::none, {}, 0}; }
  static Result fail(Refusal r, std::string m, int column = 0) {
    return Result{std::nullopt, r, std::move(m), column};
  }
  explicit operator bool() const { return value.has_value(); }
  const T& operator*() const { return *value; }
  const T* operator->() const { return &*value; }
};

// [SECTION] modes -----------------------------------------------------------------------------------

/// CuTe's get<i0,i1,...>(layout): the sub-layout at that path of mode indices. Refused past a rank.
Result<Layout> get(const Layout& l, const std::vector<int>& path);
/// CuTe's select<i0,i1,...>(layout): the tuple of those top-level modes (a 1-tuple for one index).
Result<Layout> select(const Layout& l, const std::vector<int>& modes);
/// CuTe's flatten: the leaves as one flat tuple (a leaf stays a leaf).
Layout flatten(const Layout& l);

// [SECTION] coalesce ---------------------------------------------------------------------------------

/// CuTe's coalesce: the same function on [0, size) with as few modes as possible (depth <= 1).
Layout coalesce(const Layout& l);
/// CuTe's coalesce(layout, profile): coalesce applied at the numbers of `profile`, recursing into
/// its tuples; modes past the profile's rank are kept. Refused when the profile has more modes.
Result<Layout> coalesce(const Layout& l, const IntTuple& profile);
/// CuTe's filter: coalesce after dropping stride-0 modes.
Layout filter(const Layout& l);

// [SECTION] composition, complement, inverses -----------------------------------------------------------

/// CuTe's composition(A, B): R with R(i) = A(B(i)) for i < size(B), shaped like B.
Result<Layout> composition(const Layout& a, const Layout& b);
/// CuTe's by-mode composition with a tiler (only the modes the tiler names are kept).
Result<Layout> composition(const Layout& a, const Tiler& b);
/// CuTe's complement(A, cotarget): the ordered layout of what A leaves out of `cotarget` (a
/// number or a shape); A's strides must not be negative.
Result<Layout> complement(const Layout& a, const IntTuple& cotarget);
/// CuTe's complement(A): against cosize(filter(A)).
Result<Layout> complement(const Layout& a);
/// CuTe's right_inverse: R with A(R(i)) = i for i < size(R). Strides must not be negative.
Result<Layout> right_inverse(const Layout& a);
/// CuTe's left_inverse: R with R(A(i)) = i for an injective A. Strides must not be negative.
Result<Layout> left_inverse(const Layout& a);
/// CuTe's Layout::with_shape(shape): composition(A, make_layout(shape)).
Result<Layout> with_shape(const Layout& a, const IntTuple& shape);

// [SECTION] divides and products ---------------------------------------------------------------------

/// CuTe's logical_divide(A, tiler): ((tile, rest), ...) by mode.
Result<Layout> logical_divide(const Layout& a, const Tiler& tiler);
/// ((tiles), (rests, other modes)).
Result<Layout> zipped_divide(const Layout& a, const Tiler& tiler);
/// ((tiles), rest0, rest1, ...).
Result<Layout> tiled_divide(const Layout& a, const Tiler& tiler);
/// (tile0, tile1, ..., rest0, rest1, ...).
Result<Layout> flat_divide(const Layout& a, const Tiler& tiler);
/// Notes for a divide of A by `tiler` whose tiles overhang a mode (the tile's size does not divide
/// the mode's, so CuTe's complement rounds the rest mode up): one "note: 7 does not divide 16 (mode
/// 0): ..." per such mode, naming the numbers and how far the result's offsets reach past cosize(A).
/// CuTe accepts these divides with static shapes too (its divides check no divisibility); none for a
/// clean divide or a refused one.
std::vector<std::string> divide_notes(const Layout& a, const Tiler& tiler);
/// CuTe's logical_product(A, tiler): (A, complement(A) o B) by mode.
Result<Layout> logical_product(const Layout& a, const Tiler& tiler);
/// ((blocks), (products, other modes)).
Result<Layout> zipped_product(const Layout& a, const Tiler& tiler);
/// ((blocks), product0, product1, ...).
Result<Layout> tiled_product(const Layout& a, const Tiler& tiler);
/// (block0, block1, ..., product0, product1, ...).
Result<Layout> flat_product(const Layout& a, const Tiler& tiler);
/// CuTe's blocked_product: B's modes of blocks of A, mode by mode (rank max(rank A, rank B)).
Result<Layout> blocked_product(const Layout& a, const Layout& b);
/// CuTe's raked_product: A's elements interleaved across B, mode by mode.
Result<Layout> raked_product(const Layout& a, const Layout& b);

// [SECTION] swizzles -----------------------------------------------------------------------------------

/// CuTe's composition(Layout, Swizzle): the swizzle CuTe derives from A(Y mask) and A(Z mask)
/// composed with A. cute_wrong where that is not A(swizzle(i)) for every i < size(A).
Result<ComposedLayout> composition(const Layout& a, CuteSwizzle s);
/// CuTe's composition(Layout, Swizzle o K o L) = (A o Swizzle) o L; refused for K != 0 (CuTe
/// drops K) and where the result is not A(swizzle(K + L(i))).
Result<ComposedLayout> composition(const Layout& a, const ComposedLayout& b);

/// Applies `op` to a composed layout's inner layout and keeps its swizzle and offset, as CuTe's
/// ComposedLayout overloads do (coalesce, composition with a tiler, divides, products, get, ...).
template <class Op>
Result<ComposedLayout> inside(const ComposedLayout& c, Op&& op) {
  Result<Layout> r = op(c.layout);
  if (!r) return Result<ComposedLayout>::fail(r.refusal, r.message);
  return Result<ComposedLayout>::ok(ComposedLayout{c.swizzle, c.offset, std::move(*r.value)});
}

/// CuTe's right_inverse of Swizzle o L: right_inverse(L) o Swizzle (K = 0 only), checked.
Result<ComposedLayout> right_inverse(const ComposedLayout& c);
/// CuTe's left_inverse of Swizzle o L: left_inverse(L) o Swizzle (K = 0 only), checked.
Result<ComposedLayout> left_inverse(const ComposedLayout& c);

}  // namespace fragviz::algebra
