// CuTe's notation, read (algebra/notation.hpp).
#include "fragviz/algebra/notation.hpp"

#include <cctype>
#include <cstdlib>

#include "fragviz/util/parse_limits.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz::notation {

namespace {
constexpr std::string_view kCompose = "\xE2\x88\x98";  // U+2218 RING OPERATOR
}  // namespace

int column_of(std::string_view text, std::size_t i) {
  int col = 1;
  for (std::size_t k = 0; k < i && k < text.size(); ++k)
    if ((static_cast<unsigned char>(text[k]) & 0xC0) != 0x80) ++col;
  return col;
}

std::string node_text(const Node& n) {
  if (n.leaf) return std::to_string(n.value);
  std::string s = "(";
  for (std::size_t k = 0; k < n.kids.size(); ++k) s += (k ? "," : "") + node_text(n.kids[k]);
  return s + ")";
}

void Parser::fail(std::size_t pos, std::string message) const { throw Failure{pos, std::move(message)}; }

void Parser::ws() {
  while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
}

bool Parser::at_end() {
  ws();
  return i_ >= s_.size();
}

char Parser::peek() {
  ws();
  return i_ < s_.size() ? s_[i_] : '\0';
}

std::size_t Parser::pos() {
  ws();
  return i_;
}

bool Parser::take(char c) {
  if (peek() != c) return false;
  ++i_;
  return true;
}

void Parser::expect(char c, const std::string& what) {
  if (!take(c)) fail(pos(), "expected " + what + found());
}

std::string Parser::found() {
  if (at_end()) return ", found the end of the text";
  const unsigned char c = static_cast<unsigned char>(s_[i_]);
  if (c < 0x80) return std::string(", found '") + s_[i_] + "'";
  std::size_t n = 1;
  while (i_ + n < s_.size() && (static_cast<unsigned char>(s_[i_ + n]) & 0xC0) == 0x80) ++n;
  return ", found '" + std::string(s_.substr(i_, n)) + "'";
}

bool Parser::starts_with(std::string_view word) {
  ws();
  return s_.substr(i_, word.size()) == word;
}

bool Parser::take_compose() {
  ws();
  if (s_.substr(i_, kCompose.size()) == kCompose) {
    i_ += kCompose.size();
    return true;
  }
  if (i_ < s_.size() && s_[i_] == 'o') {
    const char next = i_ + 1 < s_.size() ? s_[i_ + 1] : ' ';
    if (!std::isalnum(static_cast<unsigned char>(next)) && next != '<') {
      ++i_;
      return true;
    }
  }
  return false;
}

std::string Parser::take_word() {
  ws();
  std::size_t end = i_;
  if (end >= s_.size() || !std::islower(static_cast<unsigned char>(s_[end]))) return {};
  while (end < s_.size() && (std::islower(static_cast<unsigned char>(s_[end])) ||
                             std::isdigit(static_cast<unsigned char>(s_[end])) || s_[end] == '_'))
    ++end;
  std::string w(s_.substr(i_, end - i_));
  i_ = end;
  return w;
}

bool Parser::at_number() {
  const char c = peek();
  if (std::isdigit(static_cast<unsigned char>(c))) return true;
  if (c != '_' && c != '-') return false;
  const std::size_t k = c == '_' && i_ + 1 < s_.size() && s_[i_ + 1] == '-' ? i_ + 2 : i_ + 1;
  return k < s_.size() && std::isdigit(static_cast<unsigned char>(s_[k]));
}

std::int64_t Parser::number(const char* what) {
  const std::size_t start = pos();
  take('_');
  bool negative = false;
  if (i_ < s_.size() && s_[i_] == '-') {
    negative = true;
    ++i_;
  }
  if (i_ >= s_.size() || !std::isdigit(static_cast<unsigned char>(s_[i_])))
    fail(i_ == start ? start : i_, std::string("expected ") + what + found());
  std::int64_t v = 0;
  while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) {
    v = v * 10 + (s_[i_] - '0');
    if (v > kMaxNumber) fail(start, "number too large (fragviz takes numbers up to 2147483647)");
    ++i_;
  }
  return negative ? -v : v;
}

Node Parser::tuple(const char* what) {
  Node n;
  n.pos = pos();
  if (take('(')) {
    if (++depth_ > kMaxParseNesting) fail(n.pos, nesting_too_deep_message());
    n.leaf = false;
    n.kids.push_back(tuple(what));
    for (;;) {
      if (take(',')) {
        n.kids.push_back(tuple(what));
      } else if (take(')')) {
        --depth_;
        break;
      } else {
        fail(pos(), "expected ',' or ')'" + found());
      }
    }
    return n;
  }
  const char c = peek();
  if (c != '_' && c != '-' && !std::isdigit(static_cast<unsigned char>(c)))
    fail(pos(), std::string("expected ") + what + " or '('" + found());
  n.value = number(what);
  return n;
}

bool Parser::at_swizzle() { return starts_with("Swizzle") || starts_with("Sw<"); }

CuteSwizzle Parser::swizzle() {
  const std::size_t at = pos();
  rewind(at + (starts_with("Swizzle") ? 7 : 2));
  expect('<', "'<' after Swizzle");
  const std::size_t b_pos = pos();
  const std::int64_t b = number("the swizzle's B (bits)");
  expect(',', "',' after B in Swizzle<B,M,S>");
  const std::size_t m_pos = pos();
  const std::int64_t m = number("the swizzle's M (base)");
  // CuTe's Swizzle has three parameters and no default: two numbers are refused, not read as S = B
  // (newcomer round 12: Swizzle<3,3> ran as Swizzle<3,3,3> without a word).
  if (!take(','))
    fail(pos(), "Swizzle<B,M,S> takes three numbers, as CuTe's does (did you mean Swizzle<" +
                    std::to_string(b) + "," + std::to_string(m) + "," + std::to_string(b) + ">?)");
  const std::size_t s_pos = pos();
  const std::int64_t s = number("the swizzle's S (shift)");
  if (!take('>')) fail(pos(), "expected '>' after S in Swizzle<B,M,S>" + found());
  if (take('{')) expect('}', "'}' after Swizzle<...>{");
  // CuTe's own static_asserts (include/cute/swizzle.hpp).
  if (b < 0) fail(b_pos, "Swizzle<B,M,S> needs B >= 0 (CuTe: \"BBits must be positive\")");
  if (m < 0) fail(m_pos, "Swizzle<B,M,S> needs M >= 0 (CuTe: \"MBase must be positive\")");
  if (std::llabs(s) < b)
    fail(s_pos, "Swizzle<" + std::to_string(b) + "," + std::to_string(m) + "," + std::to_string(s) +
                    "> needs |S| >= B (CuTe: \"abs(SShift) must be more than BBits\")");
  if (b + m + std::llabs(s) > 30)
    fail(at, "Swizzle<" + std::to_string(b) + "," + std::to_string(m) + "," + std::to_string(s) +
                 "> reaches bit " + std::to_string(b + m + std::llabs(s)) +
                 "; fragviz's tiles (at most 227 KB) use bits below 30");
  return CuteSwizzle{static_cast<int>(b), static_cast<int>(m), static_cast<int>(s)};
}

void check_congruent(const Parser& p, const Node& shape, const Node& stride) {
  if (shape.leaf) {
    if (shape.value < 1) p.fail(shape.pos, "a shape must be at least 1, got " + std::to_string(shape.value));
    if (!stride.leaf)
      p.fail(stride.pos, "the stride " + node_text(stride) + " is a tuple where the shape has the number " +
                             std::to_string(shape.value) + " (shape and stride must be congruent)");
    return;
  }
  if (stride.leaf)
    p.fail(stride.pos, "the stride " + std::to_string(stride.value) + " is a number where the shape has " +
                           node_text(shape) + " (shape and stride must be congruent)");
  if (stride.kids.size() != shape.kids.size())
    p.fail(stride.pos, "the stride " + node_text(stride) + " has " +
                           plural(static_cast<long long>(stride.kids.size()), "entry", "entries") +
                           " where the shape " + node_text(shape) + " has " +
                           std::to_string(shape.kids.size()) + " (shape and stride must be congruent)");
  for (std::size_t k = 0; k < shape.kids.size(); ++k) check_congruent(p, shape.kids[k], stride.kids[k]);
}

std::string swizzle_text(CuteSwizzle w) {
  return "Swizzle<" + std::to_string(w.bits) + "," + std::to_string(w.base) + "," + std::to_string(w.shift) +
         ">";
}

}  // namespace fragviz::notation
