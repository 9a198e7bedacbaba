// Expressions of CuTe's layout algebra as text, read and evaluated: what `fragviz-cli algebra`
// takes, e.g. `logical_divide((16,64):(64,1), (8,8))`,
// `composition(Swizzle<3,3,3> o (8,64):(64,1), (8,8):(8,1))` or `((4,8),(2,2)):((32,1),(16,8))`.
//
// Grammar (whitespace anywhere between tokens; CuTe's spellings of algebra/notation.hpp):
//   expr  := NAME '(' expr {',' expr} ')'          an operation, named as in CuTe
//          | SWIZZLE ['o' [NUMBER 'o'] expr]        a swizzle, or Swizzle o [K o] layout
//          | term [':' term]                        a number, shape or tiler; shape:stride a layout
//   term  := NUMBER | '(' expr {',' expr} ')' | '<' expr {',' expr} '>'
// A parenthesised list of numbers and tuples is a shape (an IntTuple); one holding a layout is a
// tiler, and so is `<...>` (CuTe's notation for tilers, `<3:4, 8:2>`).
//
// Operations: size, cosize, rank, depth, get(L, i...), select(L, i...), flatten, coalesce(L
// [, profile]), filter, composition(A, B), complement(L [, cotarget]), right_inverse,
// left_inverse, logical/zipped/tiled/flat_divide(L, tiler), logical/zipped/tiled/flat_product(L,
// tiler), blocked_product(A, B), raked_product(A, B), with_shape(L, shape), make_layout(shape
// [, stride]). Errors name their 1-based column ("col 16: ...").
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "fragviz/algebra/operations.hpp"

namespace fragviz::algebra {

/// What an expression gives.
struct Value {
  enum class Kind : std::uint8_t { number, shape, tiler, layout, swizzle };
  Kind kind = Kind::number;
  std::int64_t number = 0;
  IntTuple shape;         ///< kind shape: a tuple of numbers and tuples
  Tiler tiler;            ///< kind tiler
  ComposedLayout layout;  ///< kind layout (a plain layout when !layout.composed())
  CuteSwizzle swizzle{};  ///< kind swizzle
};

/// The value in CuTe's notation: "8", "(8,8)", "Swizzle<3,3,3> o (8,64):(64,1)", ...
std::string to_string(const Value& v);
/// "a number", "a shape", "a tiler", "a layout", "a swizzle".
const char* kind_name(Value::Kind k);

/// One operation an expression applied: its name, the 1-based column of the name, its operands'
/// values and its result.
struct Step {
  std::string operation;  ///< CuTe's name, e.g. "logical_divide"
  int column = 0;
  std::vector<Value> args;
  Value result;
  /// What the result hides: a divide whose tiles overhang a mode (divide_notes), "note: ...".
  std::vector<std::string> notes;
};

/// An expression's value and every operation it applied, innermost first (the last is the
/// outermost, whose result is `value`); none for a plain layout, shape or swizzle.
struct Evaluation {
  Value value;
  std::vector<Step> steps;
  /// Every step's notes, innermost first.
  std::vector<std::string> notes() const;
};

/// evaluate_expression, keeping the steps (the app's Algebra view draws each).
Result<Evaluation> evaluate_steps(std::string_view text);

/// Reads and evaluates `text`. A refusal carries the column of the operation (or of the text a
/// parse error stopped at) and says what CuTe does there (operations.hpp).
Result<Value> evaluate_expression(std::string_view text);

}  // namespace fragviz::algebra
