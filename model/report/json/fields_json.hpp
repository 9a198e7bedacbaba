// The JSON codec of report structs that have a field list (fragviz/report/report_fields.hpp): one
// key per field, as the list names it, read strictly (json_strict.hpp). A value whose form is not
// one key per member (Dim3 as [x, y, z], enums as their names) has its own to_json_value and
// read_json_value overload here. Internal to model/report/json/.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "fragviz/report/report.hpp"
#include "json_strict.hpp"

namespace fragviz::fields_json {

using nlohmann::json;

/// Stands for a visitor in has_fields (a lambda may not appear there before C++20).
struct AnyVisitor {
  template <class M>
  void operator()(const Field&, M) const {}
};
/// True for a struct with a field list.
template <class T, class = void>
struct has_fields : std::false_type {};
template <class T>
struct has_fields<T, std::void_t<decltype(field_list(FieldsOf<T>{}, AnyVisitor{}))>> : std::true_type {};

template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};

// [SECTION] values ------------------------------------------------------------------------------------

inline json to_json_value(bool v) { return v; }
inline json to_json_value(int v) { return v; }
inline json to_json_value(std::uint64_t v) { return v; }
inline json to_json_value(float v) { return v; }
inline json to_json_value(double v) { return v; }
inline json to_json_value(const std::string& v) { return v; }
inline json to_json_value(GateVariant v) { return std::string(to_string(v)); }
inline json to_json_value(ErrorKind v) { return std::string(to_string(v)); }
/// A launch extent as [x, y, z].
inline json to_json_value(const Dim3& d) { return json::array({d.x, d.y, d.z}); }

inline void read_json_value(const json& j, const char* what, bool& v) { v = json_strict::boolean(j, what); }
inline void read_json_value(const json& j, const char* what, int& v) {
  v = json_strict::integer<int>(j, what);
}
inline void read_json_value(const json& j, const char* what, std::uint64_t& v) {
  v = json_strict::integer<std::uint64_t>(j, what);
}
inline void read_json_value(const json& j, const char* what, float& v) {
  v = json_strict::number<float>(j, what);
}
inline void read_json_value(const json& j, const char* what, double& v) {
  v = json_strict::number<double>(j, what);
}
inline void read_json_value(const json& j, const char*, std::string& v) { v = j.get<std::string>(); }
inline void read_json_value(const json& j, const char*, GateVariant& v) {
  v = json_strict::enum_from<GateVariant>(j, "gate variant", parse_variant);
}
inline void read_json_value(const json& j, const char*, ErrorKind& v) {
  v = json_strict::enum_from<ErrorKind>(j, "error_kind", parse_error_kind);
}
inline void read_json_value(const json& j, const char* what, Dim3& d) {
  if (!j.is_array() || j.size() != 3) json_strict::fail_at(j, what, "expected an array of 3 integers");
  d = Dim3{json_strict::integer<int>(j[0], what), json_strict::integer<int>(j[1], what),
           json_strict::integer<int>(j[2], what)};
}

// [SECTION] structs -----------------------------------------------------------------------------------

template <class S, std::enable_if_t<has_fields<S>::value, int> = 0>
json to_json_value(const S& s);
template <class S, std::enable_if_t<has_fields<S>::value, int> = 0>
void read_json_value(const json& j, const char* what, S& s);

/// A list of values as a JSON array.
template <class T>
json to_json_value(const std::vector<T>& v) {
  json a = json::array();
  for (const T& x : v) a.push_back(to_json_value(x));
  return a;
}
template <class T>
void read_json_value(const json& j, const char* what, std::vector<T>& v) {
  for (const json& e : json_strict::entries(j, what)) {
    T x{};
    read_json_value(e, what, x);
    v.push_back(std::move(x));
  }
}

/// Writes `s` as an object, one key per field, calling `custom(field, value, out)` first: where it
/// returns true it has written (or left out) that field itself.
template <class S, class Custom>
json fields_to_json(const S& s, Custom&& custom) {
  json out = json::object();
  visit_fields(s, [&](const Field& f, const auto& v) {
    if (custom(f, v, out)) return;
    if constexpr (is_optional<std::decay_t<decltype(v)>>::value) {
      // A field added later is left out when empty; any other is written null.
      if (v)
        out[f.name] = to_json_value(*v);
      else if (!f.absent_means_default)
        out[f.name] = nullptr;
    } else {
      out[f.name] = to_json_value(v);
    }
  });
  return out;
}

/// Reads `s` from the object `j`, field by field in list order, calling `custom(field, value)`
/// first: where it returns true it has read that field itself.
template <class S, class Custom>
void fields_from_json(const json& j, S& s, Custom&& custom) {
  visit_fields(s, [&](const Field& f, auto& v) {
    if (custom(f, v)) return;
    if (f.absent_means_default && !j.contains(f.name)) return;
    const json& value = j.at(f.name);
    if constexpr (is_optional<std::decay_t<decltype(v)>>::value) {
      // Null stands for none, except in a field added later, which is left out instead.
      if (!f.absent_means_default && value.is_null()) return;
      v.emplace();
      read_json_value(value, f.name, *v);
    } else {
      read_json_value(value, f.name, v);
    }
  });
}

template <class S, std::enable_if_t<has_fields<S>::value, int>>
json to_json_value(const S& s) {
  return fields_to_json(s, [](const Field&, const auto&, json&) { return false; });
}
template <class S, std::enable_if_t<has_fields<S>::value, int>>
void read_json_value(const json& j, const char*, S& s) {
  fields_from_json(j, s, [](const Field&, auto&) { return false; });
}

}  // namespace fragviz::fields_json
