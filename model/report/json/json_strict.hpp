// Strict reading of JSON values for the report loader: a report must say exactly what it means,
// so nothing is truncated, wrapped or silently defaulted. Internal to model/report/json/.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "fragviz/util/words.hpp"

namespace fragviz::json_strict {

using nlohmann::json;

// [SECTION] strict numbers -------------------------------------------------------------------------
// nlohmann's get<int>() truncates 1.5 and wraps 2^32+3; a report must say exactly what it means.

/// "null", "1.5", "true", "a string", "an array", "an object": what a value is, for a message.
inline std::string what_is(const json& v) {
  if (v.is_string()) return "a string";
  if (v.is_array()) return "an array";
  if (v.is_object()) return "an object";
  return v.dump();  // null, a boolean or a number: short, and exactly what the file holds
}

/// Throws `message` about `v`. fragviz_report is built with JSON_DIAGNOSTICS, so nlohmann's
/// type_error carries v's place in the document, which parse_report turns into the field's path
/// ("gate.device.name: expected a string, got null"); a value without one gets `what` instead.
[[noreturn]] inline void fail_at(const json& v, const std::string& what, const std::string& message) {
  auto e = json::type_error::create(302, message, &v);
  if (std::string(e.what()).find("] (/") == std::string::npos)
    throw std::runtime_error(what + ": " + message);
  throw e;
}

/// "out of range (0 to 4294967295), got 1e+30": the bounds of T, which a field may narrow later.
template <class T>
[[noreturn]] inline void out_of_range(const json& v, const std::string& what) {
  fail_at(v, what,
          "out of range (" + std::to_string(std::numeric_limits<T>::min()) + " to " +
              std::to_string(std::numeric_limits<T>::max()) + "), got " + v.dump());
}

template <class T>
inline T integer(const json& v, const std::string& what) {
  if (!v.is_number_integer()) {
    // A whole number written with an exponent ("1e30") is beyond T more often than not: say so,
    // rather than that it is no integer.
    if (v.is_number_float()) {
      const double x = v.get<double>();
      if (std::isfinite(x) && x == std::trunc(x) &&
          (x < static_cast<double>(std::numeric_limits<T>::min()) ||
           x > static_cast<double>(std::numeric_limits<T>::max())))
        out_of_range<T>(v, what);
    }
    fail_at(v, what, "expected an integer, got " + what_is(v));
  }
  if (v.is_number_unsigned()) {
    const auto u = v.get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) out_of_range<T>(v, what);
    return static_cast<T>(u);
  }
  const auto i = v.get<std::int64_t>();
  if (i < static_cast<std::int64_t>(std::numeric_limits<T>::min()) ||
      (i > 0 && static_cast<std::uint64_t>(i) > static_cast<std::uint64_t>(std::numeric_limits<T>::max())))
    out_of_range<T>(v, what);
  return static_cast<T>(i);
}

template <class T>
inline T number(const json& v, const std::string& what) {
  if (!v.is_number()) fail_at(v, what, "expected a number, got " + what_is(v));
  // 1e39 read as a float is infinity: a figure the file never wrote, and one JSON cannot write back.
  const T x = v.get<T>();
  if (!std::isfinite(x)) fail_at(v, what, "out of range, got " + v.dump());
  return x;
}

inline bool boolean(const json& v, const std::string& what) {
  if (!v.is_boolean()) fail_at(v, what, "expected true or false, got " + what_is(v));
  return v.get<bool>();
}

/// `v` itself, when it is an array: the loader's loops go through this, since a range-for over
/// nlohmann's values would read an object's values, a number as one entry and null as none.
/// `what` is a C string: with a std::string parameter, a temporary made for it would lead g++ 13 to
/// warn that the reference returned may dangle (-Wdangling-reference).
inline const json& entries(const json& v, const char* what) {
  if (!v.is_array()) fail_at(v, what, "expected an array, got " + what_is(v));
  return v;
}

// [SECTION] enums as text ------------------------------------------------------------------------

template <class T, class Parse>
inline T enum_from(const json& j, const char* what, Parse parse) {
  if (!j.is_string()) fail_at(j, what, "expected a string, got " + what_is(j));
  const auto text = j.get<std::string>();
  if (auto v = parse(text)) return *v;
  fail_at(j, what, std::string("unknown ") + what + " \"" + echo_text(text) + "\"");
}

}  // namespace fragviz::json_strict
