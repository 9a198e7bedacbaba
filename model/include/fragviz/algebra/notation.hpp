// The one reader of CuTe's notation: numbers (`8`, CuTe's static `_8`, `-1`), nested tuples
// `(8,(2,4))`, the composition operator (`o` or `∘`) and `Swizzle<B,M,S>` (also `Sw<B,M,S>`; three
// numbers, as CuTe's). Tile layouts (smem_layout.cpp) and the layout algebra's expressions
// (algebra/expression.cpp) both read their text with it, so both accept the same spellings and
// refuse them in the same words.
//
// A parse error is thrown as notation::Failure (a byte position and a message) and turned into an
// Outcome with a 1-based column by the caller (failure_column). Pure model: no CUDA, no GL.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/smem/tile_map.hpp"

namespace fragviz::notation {

/// Where a text could not be read: byte `pos` of the text, and why.
struct Failure {
  std::size_t pos;
  std::string message;
};

/// Largest number the notation takes (2^31 - 1, as CuTe's int).
inline constexpr std::int64_t kMaxNumber = 2147483647;

/// 1-based character position of byte `i` of `text`: UTF-8 continuation bytes do not count, so
/// `∘` (three bytes) is one column.
int column_of(std::string_view text, std::size_t i);

/// One node of a tuple: a number or a tuple of nodes, with the byte where it starts.
struct Node {
  bool leaf = true;
  std::int64_t value = 0;
  std::vector<Node> kids;
  std::size_t pos = 0;
};

/// "(8,(2,4))": a node as CuTe prints it without the static underscores.
std::string node_text(const Node& n);

/// A cursor over the text. Every read skips whitespace first; fail() throws Failure.
class Parser {
 public:
  explicit Parser(std::string_view text) : s_(text) {}

  [[noreturn]] void fail(std::size_t pos, std::string message) const;
  bool at_end();
  /// The next character, '\0' at the end.
  char peek();
  /// The byte where the next token starts.
  std::size_t pos();
  /// Takes `c` if it comes next.
  bool take(char c);
  /// Takes `c` or fails with "expected WHAT, found ...".
  void expect(char c, const std::string& what);
  /// ", found 'x'" or ", found the end of the text".
  std::string found();
  bool starts_with(std::string_view word);
  /// Takes the composition operator, `o` (not followed by a letter, digit or '<') or `∘`.
  bool take_compose();
  /// Takes a lower-case word of letters, digits and '_' starting with a letter ("logical_divide");
  /// empty when none comes next.
  std::string take_word();
  /// A number: optional `_` (CuTe's static integers print as _8), optional `-`, digits, at most
  /// kMaxNumber. `what` names it in the failure ("expected a shape number").
  std::int64_t number(const char* what);
  /// True when a number starts here.
  bool at_number();
  /// A number or a parenthesised tuple of them, nested at most kMaxParseNesting deep.
  Node tuple(const char* what);
  /// `Swizzle<B,M,S>` (or `Sw<B,M,S>`, a trailing `{}`; two numbers are refused), checked as CuTe's
  /// static_asserts check it (B >= 0, M >= 0, |S| >= B) and kept below bit 30.
  CuteSwizzle swizzle();
  /// True when a swizzle starts here.
  bool at_swizzle();

  std::size_t index() const { return i_; }
  void rewind(std::size_t i) { i_ = i; }
  /// Tuples open at the cursor: a caller that nests its own parentheses counts them here too.
  int& depth() { return depth_; }

 private:
  void ws();
  std::string_view s_;
  std::size_t i_ = 0;
  int depth_ = 0;
};

/// The stride must have the shape's tree: a number where the shape has one, a tuple of as many
/// entries where it has a tuple; every shape at least 1. Fails at the first stride (or shape) that
/// breaks this.
void check_congruent(const Parser& p, const Node& shape, const Node& stride);

/// "Swizzle<3,3,3>".
std::string swizzle_text(CuteSwizzle s);

}  // namespace fragviz::notation
