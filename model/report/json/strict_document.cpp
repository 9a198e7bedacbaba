// The strict reading of a report's text and file (strict_document.hpp).
#include "strict_document.hpp"

#include <sys/stat.h>

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <vector>

#include "fragviz/report/report_json.hpp"
#include "fragviz/util/json_text.hpp"
#include "fragviz/util/parse_limits.hpp"
#include "fragviz/util/words.hpp"
#include "report_words.hpp"

namespace fragviz::report_json {
namespace {

using nlohmann::json;

/// The first string of `j` (keys included) holding a control character (U+0000 to U+001F or
/// U+007F), as "at <JSON path>: U+001B", or "". A tab or newline is allowed only where a report
/// keeps several lines (error messages, ptxas output, details): in `multi_line` fields.
std::string control_character_in(const json& j, const std::string& path) {
  const auto bad = [](const std::string& text, bool lines) -> int {
    for (unsigned char c : text)
      if ((c < 0x20 && !(lines && (c == '\n' || c == '\t'))) || c == 0x7f) return c;
    return -1;
  };
  const auto name = [](int c) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "U+%04X", c);
    return std::string(buf);
  };
  if (j.is_string()) {
    // Fields that are one line (names, mnemonics, versions, kinds) end with these keys.
    static const char* kOneLine[] = {"name",       "mnemonic", "driver_release", "variant",     "format",
                                     "error_kind", "entry",    "source_path",    "created_utc", "arch"};
    bool lines = true;
    for (const char* k : kOneLine) {
      const std::string tail = std::string("/") + k;
      if (path.size() >= tail.size() && path.compare(path.size() - tail.size(), tail.size(), tail) == 0)
        lines = false;
    }
    const int c = bad(j.get_ref<const std::string&>(), lines);
    return c < 0 ? std::string() : "at " + dotted(path) + ": " + name(c);
  }
  if (j.is_object()) {
    for (const auto& [key, value] : j.items()) {
      if (const int c = bad(key, false); c >= 0)
        return "in a key of " + (path.empty() ? std::string("the document") : dotted(path)) + ": " + name(c);
      if (std::string e = control_character_in(value, path + "/" + key); !e.empty()) return e;
    }
  } else if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i)
      if (std::string e = control_character_in(j[i], path + "/" + std::to_string(i)); !e.empty()) return e;
  }
  return {};
}

/// Why `text` is not JSON, in the file's words (json_text.hpp); asked only once the parser has
/// failed, so a good report is read once.
std::string syntax_words(std::string_view text) {
  const auto c = json_parser_complaint<json>(text);
  return c ? json_syntax_words(text, *c) : "the JSON parser refused it";
}

/// Thrown by StrictSax to stop at a document nested too deep.
struct NestedTooDeep {};

/// nlohmann's DOM parser with two checks on the way in: nesting (kMaxParseNesting, as every parser
/// of user text, so the checks after it may recurse) and a key given twice in one object (JSON
/// leaves it undefined which counts, so the file is refused rather than read as the last one; the
/// first such key is kept). nlohmann's callback parser could do both, but after every closed object
/// it scans the whole parent for discarded values: quadratic in an array of objects (a broken-gate
/// report's 65,536 mismatches took ten minutes under the sanitizers). Depths are counted as that
/// parser's callback counts them: a container at the depth of the containers around it, a key or a
/// scalar at the depth of the containers it is in.
class StrictSax {
 public:
  explicit StrictSax(json& out) : dom_(out, /*allow_exceptions=*/true) {}
  /// The first key given twice in one object, or empty.
  const std::string& duplicate() const { return duplicate_; }

  bool null() { return at(open_) && dom_.null(); }
  bool boolean(bool v) { return at(open_) && dom_.boolean(v); }
  bool number_integer(json::number_integer_t v) { return at(open_) && dom_.number_integer(v); }
  bool number_unsigned(json::number_unsigned_t v) { return at(open_) && dom_.number_unsigned(v); }
  bool number_float(json::number_float_t v, const json::string_t& s) {
    return at(open_) && dom_.number_float(v, s);
  }
  bool string(json::string_t& v) { return at(open_) && dom_.string(v); }
  bool binary(json::binary_t& v) { return at(open_) && dom_.binary(v); }
  bool start_object(std::size_t n) {
    at(open_++);
    keys_.emplace_back();
    return dom_.start_object(n);
  }
  bool key(json::string_t& k) {
    at(open_);
    if (duplicate_.empty() && !keys_.back().insert(k).second) duplicate_ = k;
    return dom_.key(k);
  }
  bool end_object() {
    --open_;
    keys_.pop_back();
    return dom_.end_object();
  }
  bool start_array(std::size_t n) {
    at(open_++);
    return dom_.start_array(n);
  }
  bool end_array() {
    --open_;
    return dom_.end_array();
  }
  template <class Exception>
  bool parse_error(std::size_t position, const std::string& token, const Exception& ex) {
    return dom_.parse_error(position, token, ex);
  }

 private:
  static bool at(int depth) {
    if (depth > kMaxParseNesting) throw NestedTooDeep{};
    return true;
  }
  nlohmann::detail::json_sax_dom_parser<json> dom_;
  int open_ = 0;
  std::vector<std::set<std::string>> keys_;
  std::string duplicate_;
};

Outcome<json> refused(std::string why) { return Outcome<json>::fail(ErrorKind::refused, std::move(why)); }

}  // namespace

Outcome<json> parse_strict_document(std::string_view text) {
  // A report is UTF-8 text: a NUL byte (trailing ones included) is damage, not content.
  if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos)
    return refused("not a JSON document: a NUL byte at byte " + std::to_string(nul + 1));
  json j;
  StrictSax sax(j);
  try {
    json::sax_parse(text.begin(), text.end(), &sax);
  } catch (const NestedTooDeep&) {
    return refused("not a JSON document we can read: " + nesting_too_deep_message());
  } catch (const json::exception&) {
    // A syntax error, or a number beyond double ("1e400"): refused, since a report must say
    // exactly what it means.
    return refused("not a JSON document: " + syntax_words(text));
  }
  if (const std::string& duplicate = sax.duplicate(); !duplicate.empty())
    return refused("not a JSON document we can read: the key \"" + echo_text(duplicate) +
                   "\" is given twice in one object");
  if (std::string where = control_character_in(j, ""); !where.empty())
    return refused("a text of the report holds a control character " + where);
  return Outcome<json>::ok(std::move(j));
}

Outcome<std::string> read_report_file(const std::string& path) {
  using R = Outcome<std::string>;
  // Only regular files of sane size: a directory, a FIFO or /dev/zero would otherwise be read
  // without end.
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return R::fail(ErrorKind::io, "cannot open " + path + ": no such file");
  if (S_ISDIR(st.st_mode)) return R::fail(ErrorKind::io, path + " is a directory, not a report file");
  if (!S_ISREG(st.st_mode)) return R::fail(ErrorKind::io, path + " is not a regular file");
  if (static_cast<std::uint64_t>(st.st_size) > kMaxReportBytes)
    return R::fail(ErrorKind::refused, path + " is " + std::to_string(st.st_size) +
                                           " bytes; a report is at most " +
                                           std::to_string(kMaxReportBytes >> 20) + " MiB");
  std::ifstream in(path, std::ios::binary);
  if (!in) return R::fail(ErrorKind::io, "cannot open " + path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return R::ok(ss.str());
}

}  // namespace fragviz::report_json
