// The cases of the layout-algebra cross-check, before they are written as C++ (gen_algebra_cases.cpp):
// an operation and its arguments as fragviz values, which print both as fragviz's notation and as
// CuTe code (static integers, or run-time ones read from a row of numbers).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "fragviz/algebra/expression.hpp"

namespace algebra_gen {

using fragviz::CuteSwizzle;
using fragviz::algebra::ComposedLayout;
using fragviz::algebra::IntTuple;
using fragviz::algebra::Layout;
using fragviz::algebra::Tiler;

/// One argument of an operation.
struct Arg {
  enum class Kind { layout, tiler, tuple, index, swizzle } kind = Kind::layout;
  ComposedLayout layout;  ///< kind layout (plain or Swizzle o K o L)
  Tiler tiler;            ///< kind tiler
  IntTuple tuple;         ///< kind tuple: a shape, cotarget or profile (a number is a rank-0 tuple)
  int index = 0;          ///< kind index: get/select's mode
  CuteSwizzle swizzle{};  ///< kind swizzle
};

Arg layout_arg(Layout l);
Arg composed_arg(CuteSwizzle s, std::int64_t offset, Layout l);
Arg tiler_arg(Tiler t);
Arg tuple_arg(IntTuple t);
Arg index_arg(int i);
Arg swizzle_arg(CuteSwizzle s);

/// One case: `operation(args...)`, where it comes from, and whether CuTe runs it with run-time
/// integers.
struct Case {
  std::string operation;
  std::vector<Arg> args;
  std::string source;
  bool dynamic = false;
};

/// The case in fragviz's notation: "logical_divide((4,2,3):(2,1,8),4:2)".
std::string expression_text(const Case& c);

/// CuTe code computing the case into `auto x`. Static: every number an Int<n>{}. Dynamic: every
/// number but 0 read from v[k] (k counts up), its value appended to `values`; 0 stays static, as
/// CuTe needs for a stride-0 mode.
std::string cute_code(const Case& c, std::vector<std::int64_t>* values);

/// The cases every run has: CuTe's own unit tests' (test/unit/cute/core/*.cpp of CUTLASS) and the
/// CuTe documentation's worked examples (media/docs/cpp/cute/02_layout_algebra.md), whose figures
/// the CuTe layout paper (arXiv:2603.02298) draws.
std::vector<Case> fixed_cases();

/// Random cases of every operation; `scale` multiplies the counts. Deterministic for a seed.
std::vector<Case> random_cases(std::uint64_t seed, double scale);

/// Random cases CuTe runs with run-time integers, as far as it takes them without changing its
/// answer: inputs already coalesced (CuTe merges no run-time modes), complements and products of
/// rank-1 layouts (CuTe sorts only static strides), 0 kept static; flat layouts of a few shapes, so
/// that a few instantiations run them all.
std::vector<Case> dynamic_cases(std::uint64_t seed, double scale);

}  // namespace algebra_gen
