// Limits every recursive-descent parser of user text shares (lane expressions, CuTe layouts, the
// launch expressions of user kernels): text is parsed by recursion, so its nesting is bounded,
// or 10000 nested parentheses overflow the stack (found by a newcomer: fragviz-cli exited 139).
#pragma once

#include <string>

namespace fragviz {

/// The deepest nesting of parentheses or unary operators any parser of user text accepts.
/// Layouts and expressions people write nest a few levels; 200 leaves room and stays far from
/// the stack's limit (each level is a few frames of a few hundred bytes).
inline constexpr int kMaxParseNesting = 200;

/// The refusal for text nested deeper than kMaxParseNesting.
inline std::string nesting_too_deep_message() {
  return "nested more than " + std::to_string(kMaxParseNesting) + " levels deep";
}

}  // namespace fragviz
