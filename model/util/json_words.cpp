// A JSON parser's complaint in the file's words (json_words.hpp). The parser's messages are
// nlohmann 3.11's (lexer.hpp, parser.hpp); one it does not know keeps its own words, place first.
#include "fragviz/util/json_words.hpp"

#include <algorithm>
#include <cctype>

#include "fragviz/util/words.hpp"

namespace fragviz {

namespace {

bool starts(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

bool delimiter(char ch) {
  return ch == ',' || ch == ':' || ch == '[' || ch == ']' || ch == '{' || ch == '}' || ch == '"' ||
         ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t';
}

/// The word of `text` the lexer stopped in or just after, found around 0-based byte `at` (the
/// character it could not take), at most 40 bytes: "NaN" although nlohmann read only "N", "tru"
/// when it stopped at the "]" after it. nlohmann's own token text is no guide: for a bad literal
/// it still holds the tokens before.
std::string word_at(std::string_view text, std::size_t at) {
  if (text.empty()) return {};
  at = std::min(at, text.size() - 1);
  if (delimiter(text[at]) && at > 0) --at;
  std::size_t begin = at;
  while (begin > 0 && at - begin < 40 && !delimiter(text[begin - 1])) --begin;
  std::size_t end = at + 1;
  while (end < text.size() && end - begin < 40 && !delimiter(text[end])) ++end;
  return std::string(text.substr(begin, end - begin));
}

/// nlohmann's name of a token as the file's reader says it: "'}'" is "}", "number literal" a
/// number.
std::string token_words(std::string_view t) {
  if (t.size() == 3 && t.front() == '\'' && t.back() == '\'')
    return "\"" + std::string(t.substr(1, 1)) + "\"";
  if (t == "number literal") return "a number";
  if (t == "string literal") return "a string";
  if (t == "true literal") return "true";
  if (t == "false literal") return "false";
  if (t == "null literal") return "null";
  return std::string(t);
}

/// Where nlohmann expected something else, as "where a value should be".
std::string expected_words(std::string_view e) {
  if (e == "end of input") return "after the end of the JSON value (only white space may follow it)";
  if (e == "'[', '{', or a literal") return "where a value should be";
  if (e == "string literal") return "where a key in double quotes should be";
  if (e == "':'") return "where a \":\" should follow a key";
  if (e == "']'") return "where a \",\" or the closing \"]\" should be";
  if (e == "'}'") return "where a \",\" or the closing \"}\" should be";
  return "where " + token_words(e) + " should be";
}

/// A lexer's complaint (a malformed string, number or literal) in plain words.
std::string lexer_words(std::string_view core, std::string_view text, const JsonParserComplaint& c) {
  const std::size_t at = c.byte > 0 ? c.byte - 1 : 0;
  {
    const std::string w = word_at(text, at);
    std::string lower = w;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char ch) { return std::tolower(ch); });
    for (const char* p : {"nan", "inf", "-inf", "+inf", "-nan"})
      if (starts(lower, p))
        return "\"" + echo_text(w) + "\": JSON has no NaN or infinity, only finite numbers";
  }
  if (core == "invalid string: ill-formed UTF-8 byte")
    return "a byte that is not UTF-8 text (a report or settings file is UTF-8)";
  if (core == "invalid string: missing closing quote") return "a string without its closing quote";
  if (core.find("surrogate") != std::string_view::npos)
    return "a \\u escape that is one half of a UTF-16 surrogate pair, without the other half";
  if (starts(core, "invalid string: '\\u' must be followed by 4 hex digits"))
    return "a \\u escape without its 4 hex digits";
  if (core == "invalid string: forbidden character after backslash")
    return "a backslash escape JSON does not have (it has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u)";
  if (starts(core, "invalid string: control character ")) {
    const std::string_view code =
        core.substr(std::string_view("invalid string: control character ").size(), 6);
    return "the control character " + std::string(code) + " inside a string (JSON writes it as \\u" +
           std::string(code.substr(2)) + ")";
  }
  if (starts(core, "invalid number; expected digit after "))
    return "the number \"" + echo_text(word_at(text, at)) + "\" is cut off (a digit must follow " +
           std::string(core.substr(std::string_view("invalid number; expected digit after ").size())) + ")";
  if (core == "invalid literal") {
    return "\"" + echo_text(word_at(text, at)) +
           "\" is not a JSON value (a value is a number, a \"string\", true, false, null, an [array] or an "
           "{object})";
  }
  if (starts(core, "invalid comment")) return "a comment: JSON has none";
  if (starts(core, "invalid BOM")) return "a damaged byte-order mark at the start";
  return std::string(core);
}

}  // namespace

std::string line_column(std::string_view text, std::size_t at) {
  at = std::min(at, text.size());
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i < at; ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
      ++column;  // a UTF-8 continuation byte is part of the character before it
    }
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

std::string json_syntax_words(std::string_view text, const JsonParserComplaint& c) {
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
    return text.empty() ? "the file is empty" : "the file holds only white space";
  // nlohmann's position is the byte after the last one read: the character it stopped at.
  const std::size_t at = c.byte > 0 ? c.byte - 1 : 0;
  const std::string place = line_column(text, at) + ": ";
  if (c.overflow)  // said where the number starts: the position is the byte after it
    return line_column(text, c.byte >= c.token.size() ? c.byte - c.token.size() : at) + ": the number " +
           echo_text(c.token) + " is too large to read (numbers go to about 1.8e308)";
  const std::string_view m = c.message;
  const std::size_t dash = m.find(" - ");
  if (!starts(m, "syntax error") || dash == std::string_view::npos) return place + echo_text(m);
  std::string_view core = m.substr(dash + 3);
  std::string_view expected;
  const std::size_t last_read = core.find("; last read: ");
  if (last_read != std::string_view::npos) return place + lexer_words(core.substr(0, last_read), text, c);
  if (const std::size_t e = core.find("; expected "); e != std::string_view::npos) {
    expected = core.substr(e + std::string_view("; expected ").size());
    core = core.substr(0, e);
  }
  if (core == "unexpected end of input")
    return line_column(text, text.size()) +
           ": the text ends before the JSON value is complete (the file may be cut short)";
  if (starts(core, "unexpected ")) {
    const std::string_view found = core.substr(std::string_view("unexpected ").size());
    // A string or a number is said where it starts (its token is exactly it; other tokens'
    // text holds what came before them): a missing comma before `  "selected_lane"` is at its
    // quote, column 3, not at the last character the parser read.
    const bool whole_token = found == "string literal" || found == "number literal";
    const std::string where =
        whole_token && c.byte >= c.token.size() ? line_column(text, c.byte - c.token.size()) + ": " : place;
    return where + "found " + token_words(found) + (expected.empty() ? "" : " " + expected_words(expected));
  }
  return place + echo_text(core);
}

}  // namespace fragviz
