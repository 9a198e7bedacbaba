// Counts in words: "1 wavefront", "4 wavefronts". Every message that prints a count with a noun
// (CLI lines, model refusals, report describers, loader errors) goes through these, so a count of
// one is never followed by a plural ("1 wavefronts", "tile has 1 rows"). And user text echoed in
// a message, clipped (echo_text, echo_at), so a 10 kB input cannot flood a terminal.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>

namespace fragviz {

/// "1 wavefront", "0 wavefronts"; `singular` for exactly 1 (or -1), else `plural_form`, which
/// defaults to `singular` + "s" (pass it for "matrix" / "matrices", "pass" / "passes").
inline std::string plural(long long n, std::string_view singular, std::string_view plural_form = {}) {
  std::string out = std::to_string(n);
  out += ' ';
  if (n == 1 || n == -1) {
    out += singular;
  } else if (!plural_form.empty()) {
    out += plural_form;
  } else {
    out += singular;
    out += 's';
  }
  return out;
}

/// The verb form that agrees with a count of `n`: agree(1, "differs", "differ") == "differs".
inline std::string_view agree(long long n, std::string_view one, std::string_view many) {
  return n == 1 || n == -1 ? one : many;
}

/// Longest user text a message echoes whole.
inline constexpr std::size_t kEchoChars = 80;

namespace detail {
/// `i` moved back to the start of a UTF-8 character (never into a multi-byte sequence).
inline std::size_t char_start(std::string_view s, std::size_t i) {
  while (i > 0 && i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) --i;
  return i;
}
}  // namespace detail

/// `text` with each control character (U+0000 to U+001F, U+007F) written as an escape, "\\n",
/// "\\t", "\\r" or "\\x1b": user text echoed to a terminal must not move its cursor, recolour
/// it or ring it (a newcomer's ESC in a CLI argument did).
inline std::string escape_controls(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char ch : text) {
    const auto u = static_cast<unsigned char>(ch);
    if (u >= 0x20 && u != 0x7f) {
      out += ch;
    } else if (ch == '\n') {
      out += "\\n";
    } else if (ch == '\t') {
      out += "\\t";
    } else if (ch == '\r') {
      out += "\\r";
    } else {
      static const char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 15];
    }
  }
  return out;
}

/// `text` as a message echoes it: control characters escaped (escape_controls), whole up to
/// kEchoChars bytes, else its first kEchoChars - 3, "..." and its length: "xxxx... (10014
/// characters)".
inline std::string echo_text(std::string_view text) {
  const std::string shown = escape_controls(text);
  if (shown.size() <= kEchoChars) return shown;
  const std::size_t keep = detail::char_start(shown, kEchoChars - 3);
  return shown.substr(0, keep) + "... (" + std::to_string(text.size()) + " characters)";
}

/// The part of `text` around its 1-based `column` (a parser's error position; size + 1 is its
/// end) that fits in kEchoChars, "..." marking each clipped side, and that column's 0-based place
/// in it, for a caret line under it.
struct EchoExcerpt {
  std::string text;
  std::size_t caret = 0;
};
inline EchoExcerpt echo_at(std::string_view text, int column) {
  const std::size_t at = column > 0 ? std::min(static_cast<std::size_t>(column - 1), text.size()) : 0;
  if (text.size() <= kEchoChars) return {std::string(text), at};
  constexpr std::size_t kWindow = kEchoChars - 6;  // room for "..." on both sides
  std::size_t begin = at > kWindow / 2 ? at - kWindow / 2 : 0;
  begin = detail::char_start(text, std::min(begin, text.size() - kWindow));
  const std::size_t end = detail::char_start(text, std::min(text.size(), begin + kWindow));
  EchoExcerpt e;
  if (begin > 0) e.text = "...";
  e.text += std::string(text.substr(begin, end - begin));
  if (end < text.size()) e.text += "...";
  e.caret = (begin > 0 ? 3 : 0) + (at - begin);
  return e;
}

}  // namespace fragviz
