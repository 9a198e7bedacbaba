// Report-loading errors in words (report_words.hpp).
#include "report_words.hpp"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace fragviz {

std::string dotted(const std::string& pointer) {
  std::string out;
  std::size_t i = 0;
  while (i < pointer.size()) {
    std::size_t end = pointer.find('/', i + 1);
    if (end == std::string::npos) end = pointer.size();
    std::string token;
    for (std::size_t k = i + 1; k < end; ++k) {
      if (pointer[k] == '~' && k + 1 < end && (pointer[k + 1] == '0' || pointer[k + 1] == '1')) {
        token += pointer[k + 1] == '0' ? '~' : '/';
        ++k;
      } else {
        token += pointer[k];
      }
    }
    const bool index = !token.empty() && token.find_first_not_of("0123456789") == std::string::npos;
    out += index ? "[" + token + "]" : (out.empty() ? "" : ".") + token;
    i = end;
  }
  return out;
}

namespace {

/// "a string", "an array", "null": nlohmann's type name with its article, for a message.
std::string with_article(const std::string& t) {
  if (t == "null") return t;
  return (t == "array" || t == "object" ? "an " : "a ") + t;
}

/// nlohmann's own words (after its tag and path) as a report's reader says them, or nullopt for a
/// message this loader does not know. The loader reads values through json_strict's checks, checks
/// sizes before it indexes and walks only arrays (entries), so what a report can still provoke is a
/// get<T>() or a field of the wrong kind: a library's wording ("cannot use at() with array") names
/// its API, not the file.
std::optional<std::string> report_words(const std::string& m) {
  const auto starts = [&m](const std::string& p) { return m.rfind(p, 0) == 0; };
  const auto after = [&m](const std::string& p) { return m.substr(p.size()); };
  // type_error.302: get<T>() of the wrong type.
  if (const std::string must = "type must be ", but = ", but is "; starts(must)) {
    const auto b = m.find(but);
    if (b != std::string::npos)
      return "expected " + with_article(m.substr(must.size(), b - must.size())) + ", got " +
             with_article(m.substr(b + but.size()));
  }
  // type_error.304 to 306: at(), operator[] or value() of a value that is not an object. This
  // loader reads a field by at("key") from any value; an index only from an array it has checked
  // (so "with object" means an index into an object).
  for (const std::string use : {"cannot use at() with ", "cannot use value() with ",
                                "cannot use operator[] with a string argument with ",
                                "cannot use operator[] with a numeric argument with "}) {
    if (!starts(use)) continue;
    const std::string got = after(use);
    const bool index = got == "object" || use.find("numeric") != std::string::npos;
    return std::string("expected ") + (index ? "an array" : "an object") + ", got " + with_article(got);
  }
  return std::nullopt;
}

/// A loader error as the user reads it: the bad field's path first, then what is wrong with it.
/// nlohmann's messages start with "[json.exception.type_error.302] " and, built with
/// JSON_DIAGNOSTICS, the value's JSON pointer: "(/gate/device/name) type must be string, but is
/// null" becomes "gate.device.name: expected a string, got null"; "(/gate/device) key 'name' not
/// found" becomes "gate.device.name: missing"; "(/probe) cannot use at() with array" becomes
/// "probe: expected an object, got an array". A message not known here keeps its words, without
/// the library's tag.
}  // namespace

std::string plain(const std::exception& e) {
  std::string what = e.what();
  if (what.rfind("[json.exception.", 0) != 0) return what;
  const auto close = what.find("] ");
  if (close == std::string::npos) return what;
  what = what.substr(close + 2);
  std::string path;
  if (what.rfind("(/", 0) == 0) {
    const auto end = what.find(") ");
    if (end != std::string::npos) {
      path = dotted(what.substr(1, end - 1));
      what = what.substr(end + 2);
    }
  } else if (what.rfind("() ", 0) == 0) {
    what = what.substr(3);  // the document itself (an empty pointer)
  }
  const std::string key = "key '", not_found = "' not found";
  if (what.rfind(key, 0) == 0 && what.size() > key.size() + not_found.size() &&
      what.compare(what.size() - not_found.size(), not_found.size(), not_found) == 0) {
    const std::string name = what.substr(key.size(), what.size() - key.size() - not_found.size());
    return (path.empty() ? "" : path + ".") + name + ": missing";
  }
  if (auto words = report_words(what)) what = *words;
  return path.empty() ? what : path + ": " + what;
}

}  // namespace fragviz
