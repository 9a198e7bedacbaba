// A broken JSON file is said in the file's words: the place in lines and characters, what is
// wrong there, and none of nlohmann's wording ("syntax error while parsing value", "last read").
// Each expected place is counted by hand from the text in the test.
#include <gtest/gtest.h>

#include <string>

#include "fragviz/util/json_text.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz {
namespace {

std::string words(const std::string& text) {
  const auto c = json_parser_complaint(text);
  if (!c) return "(parsed)";
  return json_syntax_words(text, *c);
}

TEST(JsonWords, GoodTextHasNoComplaint) {
  EXPECT_FALSE(json_parser_complaint("{\"a\": [1, 2.5, \"x\", null]}"));
  EXPECT_FALSE(json_parser_complaint("1e308"));
}

TEST(JsonWords, EmptyAndWhiteSpace) {
  EXPECT_EQ(words(""), "the file is empty");
  EXPECT_EQ(words(" \n\t"), "the file holds only white space");
}

TEST(JsonWords, CutShortSaysWhereTheTextEnds) {
  // 2 lines; the second is `"a": 1,` (7 characters): the end is line 2, column 8.
  EXPECT_EQ(words("{\n\"a\": 1,"),
            "line 2, column 8: the text ends before the JSON value is complete (the file may be cut short)");
  EXPECT_EQ(words("["),
            "line 1, column 2: the text ends before the JSON value is complete (the file may be cut short)");
}

TEST(JsonWords, NanAndInfinityAreNamed) {
  EXPECT_EQ(words("{\"x\": NaN}"),
            "line 1, column 7: \"NaN\": JSON has no NaN or infinity, only finite numbers");
  EXPECT_EQ(words("[-Infinity]"),
            "line 1, column 3: \"-Infinity\": JSON has no NaN or infinity, only finite numbers");
  EXPECT_EQ(
      words("[tru]"),
      "line 1, column 5: \"tru\" is not a JSON value (a value is a number, a \"string\", true, false, null, "
      "an [array] or an {object})");
}

TEST(JsonWords, StringFaults) {
  // The 0xFF byte is the 8th byte of line 1 (after `{"a": "`).
  EXPECT_EQ(words("{\"a\": \"\xff\"}"),
            "line 1, column 8: a byte that is not UTF-8 text (a report or settings file is UTF-8)");
  EXPECT_EQ(
      words("[\"\\ud800\"]"),
      "line 1, column 9: a \\u escape that is one half of a UTF-16 surrogate pair, without the other half");
  EXPECT_EQ(words("[\"a\x1b\"]"),
            "line 1, column 4: the control character U+001B inside a string (JSON writes it as \\u001B)");
  EXPECT_EQ(words("[\"abc"), "line 1, column 6: a string without its closing quote");
  EXPECT_EQ(words("[\"\\q\"]"),
            "line 1, column 4: a backslash escape JSON does not have (it has \\\" \\\\ \\/ \\b \\f \\n \\r "
            "\\t and \\u)");
}

TEST(JsonWords, MisplacedTokens) {
  EXPECT_EQ(words("[1,]"), "line 1, column 4: found \"]\" where a value should be");
  EXPECT_EQ(words("{\"a\" 1}"), "line 1, column 6: found a number where a \":\" should follow a key");
  EXPECT_EQ(words("{1: 2}"), "line 1, column 2: found a number where a key in double quotes should be");
  EXPECT_EQ(words("{} x"),
            "line 1, column 4: \"x\" is not a JSON value (a value is a number, a \"string\", true, "
            "false, null, an [array] or an {object})");
  EXPECT_EQ(words("[1 2]"), "line 1, column 4: found a number where a \",\" or the closing \"]\" should be");
  // Newcomer round 7: a missing comma was placed at the end of the string after it (column 17).
  EXPECT_EQ(words("{\"a\": 1\n  \"selected_lane\": 24}"),
            "line 2, column 3: found a string where a \",\" or the closing \"}\" should be");
  EXPECT_EQ(words("[1 22.5]"),
            "line 1, column 4: found a number where a \",\" or the closing \"]\" should be");
  EXPECT_EQ(words("{} {}"),
            "line 1, column 4: found \"{\" after the end of the JSON value (only white space may follow it)");
}

TEST(JsonWords, NumberFaults) {
  EXPECT_EQ(words("[1.]"), "line 1, column 4: the number \"1.\" is cut off (a digit must follow '.')");
  const auto c = json_parser_complaint("{\"w\": 1e400}");
  ASSERT_TRUE(c);
  EXPECT_TRUE(c->overflow);
  EXPECT_EQ(c->token, "1e400");
  // The position is the byte after the number: the token is the text just before it.
  EXPECT_EQ(std::string("{\"w\": 1e400}").substr(c->byte - c->token.size(), c->token.size()), "1e400");
  EXPECT_EQ(words("{\"w\": 1e400}"),
            "line 1, column 7: the number 1e400 is too large to read (numbers go to about 1.8e308)");
}

TEST(JsonWords, ColumnsCountCharactersNotBytes) {
  // "é" is two bytes: the ']' after it is character 5 of the line.
  EXPECT_EQ(line_column("[\"\xc3\xa9\"]", 5), "line 1, column 5");
  EXPECT_EQ(line_column("a\nbc", 3), "line 2, column 2");
}

TEST(JsonWords, NoLibraryWording) {
  for (const std::string text : {"", "[", "{\"a\":}", "[NaN]", "[\"\xff\"]", "{\"a\" 1}", "[1 2]", "[1e400]",
                                 "nul", "[1,]", "{,}", "[\"\\u12\"]", "/* c */ 1"}) {
    const std::string w = words(text);
    for (const char* lib : {"syntax error", "last read", "literal", "parse error", "json.exception", "<U+"})
      EXPECT_EQ(w.find(lib), std::string::npos) << text << " -> " << w;
  }
}

TEST(EchoText, ControlCharactersAreEscaped) {
  EXPECT_EQ(echo_text("a\x1b[31mb"), "a\\x1b[31mb");
  EXPECT_EQ(echo_text("tab\there\nnext\r\x7f"), "tab\\there\\nnext\\r\\x7f");
  EXPECT_EQ(escape_controls("plain é"), "plain é");
  // Clipped after escaping, the length is the original's.
  const std::string long_text(100, '\x07');
  EXPECT_EQ(echo_text(long_text).substr(0, 8), "\\x07\\x07");
  EXPECT_NE(echo_text(long_text).find("(100 characters)"), std::string::npos);
}

}  // namespace
}  // namespace fragviz
