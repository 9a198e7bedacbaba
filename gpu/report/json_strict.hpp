// Strict reading of JSON values for the report loader: a report must say exactly what it means,
// so nothing is truncated, wrapped or silently defaulted. Internal to gpu/report/.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

namespace fragviz::json_strict {

using nlohmann::json;

// [SECTION] strict numbers -------------------------------------------------------------------------
// nlohmann's get<int>() truncates 1.5 and wraps 2^32+3; a report must say exactly what it means.

template <class T>
inline T integer(const json& v, const std::string& what) {
  if (!v.is_number_integer()) throw std::runtime_error(what + " must be an integer");
  if (v.is_number_unsigned()) {
    const auto u = v.get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(std::numeric_limits<T>::max()))
      throw std::runtime_error(what + " is out of range");
    return static_cast<T>(u);
  }
  const auto i = v.get<std::int64_t>();
  if (i < static_cast<std::int64_t>(std::numeric_limits<T>::min()) ||
      (i > 0 && static_cast<std::uint64_t>(i) > static_cast<std::uint64_t>(std::numeric_limits<T>::max())))
    throw std::runtime_error(what + " is out of range");
  return static_cast<T>(i);
}

template <class T>
inline T number(const json& v, const std::string& what) {
  if (!v.is_number()) throw std::runtime_error(what + " must be a number");
  // 1e39 read as a float is infinity: a figure the file never wrote, and one JSON cannot write back.
  const T x = v.get<T>();
  if (!std::isfinite(x)) throw std::runtime_error(what + " is out of range");
  return x;
}

inline bool boolean(const json& v, const std::string& what) {
  if (!v.is_boolean()) throw std::runtime_error(what + " must be true or false");
  return v.get<bool>();
}

// [SECTION] enums as text ------------------------------------------------------------------------

template <class T, class Parse>
inline T enum_from(const json& j, const char* what, Parse parse) {
  const auto text = j.get<std::string>();
  if (auto v = parse(text)) return *v;
  throw std::runtime_error(std::string("unknown ") + what + " \"" + text + "\"");
}

}  // namespace fragviz::json_strict
