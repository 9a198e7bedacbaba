// Why a user's JSON file (a report, settings.json, a palette) cannot be read, in the words of the
// file rather than of the parser: "line 3, column 7: the text ends before the JSON value is
// complete", not nlohmann's "syntax error while parsing value - unexpected end of input; expected
// '[', '{', or a literal". Every loader of user JSON (reports, settings, asset files) asks
// json_parser_complaint once its parse failed, so none shows the library's wording. Needs
// nlohmann/json.hpp (the fragviz_json target); the words themselves are json_words.hpp's, which
// need no JSON library.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "fragviz/util/json_words.hpp"

namespace fragviz {

namespace detail {
/// A SAX reader that keeps nothing but the parser's first complaint.
template <class Json>
struct ComplaintRecorder : nlohmann::json_sax<Json> {
  using typename nlohmann::json_sax<Json>::number_integer_t;
  using typename nlohmann::json_sax<Json>::number_unsigned_t;
  using typename nlohmann::json_sax<Json>::number_float_t;
  using typename nlohmann::json_sax<Json>::string_t;
  using typename nlohmann::json_sax<Json>::binary_t;
  std::optional<JsonParserComplaint> complaint;
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t position, const std::string& last_token,
                   const nlohmann::detail::exception& ex) override {
    JsonParserComplaint c;
    c.byte = position;
    c.token = last_token;
    c.message = ex.what();
    // nlohmann's "[json.exception.parse_error.101] parse error at line 1, column 2: " prefix is
    // its own; the words are made from the place and the message's core.
    if (const auto tag = c.message.find("] "); tag != std::string::npos)
      c.message = c.message.substr(tag + 2);
    if (const auto at = c.message.find("column ");
        c.message.rfind("parse error", 0) == 0 && at != std::string::npos)
      if (const auto colon = c.message.find(": ", at); colon != std::string::npos)
        c.message = c.message.substr(colon + 2);
    c.overflow = ex.id == 406;
    complaint = std::move(c);
    return false;
  }
};
}  // namespace detail

/// Why `text` is not one JSON value, as the parser of `Json` (nlohmann::json or an ABI-tagged
/// variant) reads it; nullopt when it is. A number too large for a double counts as a complaint
/// (overflow set), so a reader may read that value as missing instead of refusing the file.
template <class Json = nlohmann::json>
std::optional<JsonParserComplaint> json_parser_complaint(std::string_view text) {
  detail::ComplaintRecorder<Json> r;
  Json::sax_parse(text.begin(), text.end(), &r);
  return r.complaint;
}

}  // namespace fragviz
