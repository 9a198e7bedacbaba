// A JSON parser's complaint about a user's file, said in the file's words (json_text.hpp finds
// the complaint). No JSON library here: the model stays free of it, and the words are testable
// from plain text.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace fragviz {

/// What a JSON parser said about `text`: the 1-based byte after the last one it read (nlohmann's
/// chars_read_total), the token it read last, as it prints it, and its message (without its tag).
struct JsonParserComplaint {
  std::size_t byte = 0;
  std::string token;
  std::string message;
  bool overflow = false;  ///< a number beyond double (nlohmann's out_of_range.406)
};

/// `c` as a reader of the file says it: "line L, column C: <what>", the place counted in lines and
/// UTF-8 characters of `text`. Empty or white-space-only text is "the file is empty".
std::string json_syntax_words(std::string_view text, const JsonParserComplaint& c);

/// Line and 1-based column (in UTF-8 characters) of 0-based byte `at` in `text`, as "line 3,
/// column 7".
std::string line_column(std::string_view text, std::size_t at);

}  // namespace fragviz
