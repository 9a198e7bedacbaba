// The JSON codec of report structs that have a field list (fragviz/report/report_fields.hpp): one
// key per field, as the list names it, read strictly (json_strict.hpp). A value whose form is not
// one key per member (Dim3 as [x, y, z], a coordinate as [row, col], enums as their names) has its
// own to_json_value and read_json_value overload here. Internal to model/report/json/.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
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

/// How many fields a struct's list names.
template <class S>
std::size_t field_count() {
  std::size_t n = 0;
  field_list(FieldsOf<S>{}, [&](const Field&, auto) { ++n; });
  return n;
}

template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};
template <class T>
struct is_vector : std::false_type {};
template <class T>
struct is_vector<std::vector<T>> : std::true_type {};
template <class T>
struct is_array : std::false_type {};
template <class T, std::size_t N>
struct is_array<std::array<T, N>> : std::true_type {};

// [SECTION] values ------------------------------------------------------------------------------------

template <class S, std::enable_if_t<has_fields<S>::value, int> = 0>
json to_json_value(const S& s);
template <class S, std::enable_if_t<has_fields<S>::value, int> = 0>
void read_json_value(const json& j, const char* what, S& s);

inline json to_json_value(bool v) { return v; }
inline json to_json_value(int v) { return v; }
inline json to_json_value(std::uint32_t v) { return v; }
inline json to_json_value(long v) { return v; }
inline json to_json_value(long long v) { return v; }
inline json to_json_value(std::uint64_t v) { return v; }
inline json to_json_value(float v) { return v; }
inline json to_json_value(double v) { return v; }
inline json to_json_value(const std::string& v) { return v; }
inline json to_json_value(GateVariant v) { return std::string(to_string(v)); }
inline json to_json_value(ErrorKind v) { return std::string(to_string(v)); }
inline json to_json_value(Operand v) { return std::string(to_string(v)); }
inline json to_json_value(LdmNum v) { return std::string(to_string(v)); }
inline json to_json_value(SharedOp v) { return std::string(to_string(v)); }
inline json to_json_value(ElemType v) { return std::string(to_string(v)); }
inline json to_json_value(Major v) { return std::string(to_string(v)); }
inline json to_json_value(SmemSwizzle v) { return std::string(to_string(v)); }
/// A launch extent as [x, y, z].
inline json to_json_value(const Dim3& d) { return json::array({d.x, d.y, d.z}); }
/// [row, col], or [row, col, product] for the quad pairs of m8n8k4 .f16.
inline json to_json_value(Coord c) {
  return c.product == 0 ? json::array({c.row, c.col}) : json::array({c.row, c.col, c.product});
}
inline json to_json_value(LdmatrixConfig c) {
  return {{"num", std::string(to_string(c.num))}, {"trans", c.trans}};
}
inline json to_json_value(const TileGeometry& t) {
  return {{"width_halves", t.width_halves},
          {"pad_halves", t.pad_halves},
          {"rows", t.rows},
          {"swizzle", std::string(to_string(t.swizzle))}};
}
/// A map of figures (Nsight Compute's metrics) as an object.
inline json to_json_value(const std::map<std::string, double>& m) {
  json o = json::object();
  for (const auto& [k, v] : m) o[k] = v;
  return o;
}

inline void read_json_value(const json& j, const char* what, bool& v) { v = json_strict::boolean(j, what); }
inline void read_json_value(const json& j, const char* what, int& v) {
  v = json_strict::integer<int>(j, what);
}
inline void read_json_value(const json& j, const char* what, std::uint32_t& v) {
  v = json_strict::integer<std::uint32_t>(j, what);
}
inline void read_json_value(const json& j, const char* what, long& v) {
  v = json_strict::integer<long>(j, what);
}
inline void read_json_value(const json& j, const char* what, long long& v) {
  v = json_strict::integer<long long>(j, what);
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
/// A fragment's operand: A, B or C.
inline void read_json_value(const json& j, const char* what, Operand& v) {
  v = json_strict::enum_from<Operand>(j, what, [](std::string_view t) -> std::optional<Operand> {
    if (t == "A") return Operand::A;
    if (t == "B") return Operand::B;
    if (t == "C") return Operand::C;
    return std::nullopt;
  });
}
inline void read_json_value(const json& j, const char* what, LdmNum& v) {
  v = json_strict::enum_from<LdmNum>(j, what, parse_num);
}
inline void read_json_value(const json& j, const char* what, SharedOp& v) {
  v = json_strict::enum_from<SharedOp>(j, what, parse_shared_op);
}
inline void read_json_value(const json& j, const char* what, ElemType& v) {
  v = json_strict::enum_from<ElemType>(j, what, [](std::string_view t) -> std::optional<ElemType> {
    for (ElemType e : {ElemType::f16, ElemType::bf16, ElemType::tf32, ElemType::e4m3, ElemType::e5m2,
                       ElemType::s8, ElemType::u8})
      if (to_string(e) == t) return e;
    return std::nullopt;
  });
}
inline void read_json_value(const json& j, const char* what, Major& v) {
  v = json_strict::enum_from<Major>(j, what, parse_major);
}
inline void read_json_value(const json& j, const char* what, SmemSwizzle& v) {
  v = json_strict::enum_from<SmemSwizzle>(j, what, parse_smem_swizzle);
}
inline void read_json_value(const json& j, const char* what, Dim3& d) {
  if (!j.is_array() || j.size() != 3) json_strict::fail_at(j, what, "expected an array of 3 integers");
  d = Dim3{json_strict::integer<int>(j[0], what), json_strict::integer<int>(j[1], what),
           json_strict::integer<int>(j[2], what)};
}
inline void read_json_value(const json& j, const char*, Coord& c) {
  using namespace json_strict;
  if (!j.is_array() || (j.size() != 2 && j.size() != 3))
    fail_at(j, "coordinate", "a coordinate must be [row, col] or [row, col, product], got " + what_is(j));
  c = Coord{integer<int>(j.at(0), "row"), integer<int>(j.at(1), "col")};
  if (j.size() == 3) {
    c.product = integer<int>(j.at(2), "product");
    if (c.product == 0) fail_at(j, "coordinate", "a coordinate of product 0 is written [row, col]");
  }
}
inline void read_json_value(const json& j, const char*, LdmatrixConfig& c) {
  c = LdmatrixConfig{json_strict::enum_from<LdmNum>(j.at("num"), "ldmatrix .num", parse_num),
                     json_strict::boolean(j.at("trans"), "trans")};
}
inline void read_json_value(const json& j, const char*, TileGeometry& t) {
  t.width_halves = json_strict::integer<int>(j.at("width_halves"), "width_halves");
  t.pad_halves = json_strict::integer<int>(j.at("pad_halves"), "pad_halves");
  t.rows = json_strict::integer<int>(j.at("rows"), "rows");
  t.swizzle = json_strict::enum_from<Swizzle>(j.at("swizzle"), "swizzle", parse_swizzle);
}
inline void read_json_value(const json& j, const char* what, std::map<std::string, double>& m) {
  if (!j.is_object())
    json_strict::fail_at(j, what, "expected an object of metric values, got " + json_strict::what_is(j));
  for (auto it = j.begin(); it != j.end(); ++it) m[it.key()] = json_strict::number<double>(*it, what);
}

// Values only their fields' own hooks write and read (hopper_json, wmma_json, report_json): these
// let the generic path compile, and throw if it is ever reached.
[[noreturn]] inline void hook_only(const char* type) {
  throw std::logic_error(std::string("report codec: a ") + type + " is written and read by its field's hook");
}
inline json to_json_value(const MoveCheck&) { hook_only("MoveCheck"); }
inline json to_json_value(const WmmaMap&) { hook_only("WmmaMap"); }
inline json to_json_value(const std::shared_ptr<const LayoutProbe>&) { hook_only("layout probe"); }
inline void read_json_value(const json&, const char*, MoveCheck&) { hook_only("MoveCheck"); }
inline void read_json_value(const json&, const char*, WmmaMap&) { hook_only("WmmaMap"); }
inline void read_json_value(const json&, const char*, std::uint8_t&) {
  hook_only("byte (WMMA's raw passes)");
}
inline void read_json_value(const json&, const char*, std::shared_ptr<const LayoutProbe>&) {
  hook_only("layout probe");
}

// [SECTION] fields --------------------------------------------------------------------------------------

/// No field read or written by hand.
struct NoCustom {
  template <class V>
  bool operator()(const Field&, const V&, json&) const {
    return false;
  }
  template <class V>
  bool operator()(const Field&, V&) const {
    return false;
  }
};

template <class S, class Custom = NoCustom>
json fields_to_json(const S& s, Custom&& custom = Custom{});
template <class S, class Custom = NoCustom>
void fields_from_json(const json& j, S& s, Custom&& custom = Custom{}, int version = ReportFile::kVersion,
                      const std::string& prefix = "");

/// One value as `field` writes it: a struct as an object of its fields, a list of structs as an array
/// (of rows with Field::as_rows), an empty optional as null.
template <class T>
json field_value_json(const Field& field, const T& v) {
  if constexpr (is_optional<T>::value) {
    return v ? field_value_json(field, *v) : json(nullptr);
  } else if constexpr (is_vector<T>::value || is_array<T>::value) {
    json a = json::array();
    for (const auto& x : v) {
      if constexpr (has_fields<std::decay_t<decltype(x)>>::value) {
        if (field.rows) {
          json row = json::array();
          visit_fields(x, [&](const Field& f, const auto& y) { row.push_back(field_value_json(f, y)); });
          a.push_back(std::move(row));
          continue;
        }
      }
      a.push_back(field_value_json(field, x));
    }
    return a;
  } else if constexpr (has_fields<T>::value) {
    return fields_to_json(v);
  } else {
    return to_json_value(v);
  }
}

/// "[operand, lane, element, expected, measured, raw]": the names of a row's cells.
template <class S>
std::string row_shape() {
  std::string names;
  S s{};
  visit_fields(
      s, [&](const Field& f, const auto&) { names += (names.empty() ? "" : ", ") + std::string(f.name); });
  return "[" + names + "]";
}

/// Reads one value as `field` writes it (field_value_json), structs within it as of format `version`.
template <class T>
void read_field_value(const json& j, const Field& field, const char* what, T& v, int version) {
  if constexpr (is_optional<T>::value) {
    if (j.is_null()) {
      v.reset();
      return;
    }
    v.emplace();
    read_field_value(j, field, what, *v, version);
  } else if constexpr (is_vector<T>::value) {
    using E = typename T::value_type;
    for (const json& e : json_strict::entries(j, what)) {
      E x{};
      if constexpr (has_fields<E>::value) {
        if (field.rows) {
          // ElementCheck is the one struct written as rows.
          if (!e.is_array() || e.size() != field_count<E>())
            json_strict::fail_at(e, what, "an element is " + row_shape<E>());
          std::size_t i = 0;
          visit_fields(x,
                       [&](const Field& f, auto& y) { read_field_value(e.at(i++), f, f.name, y, version); });
          v.push_back(std::move(x));
          continue;
        }
      }
      read_field_value(e, field, what, x, version);
      v.push_back(std::move(x));
    }
  } else if constexpr (is_array<T>::value) {
    if (!j.is_array() || j.size() != v.size())
      json_strict::fail_at(j, what,
                           "expected " + plural(static_cast<long long>(v.size()), "entry", "entries"));
    for (std::size_t i = 0; i < v.size(); ++i) read_field_value(j.at(i), field, what, v[i], version);
  } else if constexpr (has_fields<T>::value) {
    fields_from_json(j, v, NoCustom{}, version);
  } else {
    read_json_value(j, what, v);
  }
}

/// Writes `s` as an object, one key per field, calling `custom(field, value, out)` first: where it
/// returns true it has written (or left out) that field itself.
template <class S, class Custom>
json fields_to_json(const S& s, Custom&& custom) {
  json out = json::object();
  visit_fields(s, [&](const Field& f, const auto& v) {
    if (custom(f, v, out)) return;
    // A field added later is left out when empty; any other is written null.
    if constexpr (is_optional<std::decay_t<decltype(v)>>::value)
      if (!v && f.absent_means_default) return;
    out[f.name] = field_value_json(f, v);
  });
  return out;
}

/// Reads `s` from the object `j` written in format `version`, field by field in list order, calling
/// `custom(field, value)` first: where it returns true it has read that field itself. A field newer
/// than `version`, or one added later and absent, keeps its default (and is not shown to `custom`). `prefix`
/// goes before each field's name where a message names it
/// ("layout." for "layout.op").
template <class S, class Custom>
void fields_from_json(const json& j, S& s, Custom&& custom, int version, const std::string& prefix) {
  visit_fields(s, [&](const Field& f, auto& v) {
    if (version < f.since) return;
    if (f.absent_means_default && !j.contains(f.name)) return;
    if (custom(f, v)) return;
    const json& value = j.at(f.name);
    const std::string what = prefix + f.name;
    // Null stands for none, except in a field added later, which is left out instead.
    if constexpr (is_optional<std::decay_t<decltype(v)>>::value) {
      if (f.absent_means_default) {
        v.emplace();
        read_field_value(value, f, what.c_str(), *v, version);
        return;
      }
    }
    read_field_value(value, f, what.c_str(), v, version);
  });
}

template <class S, std::enable_if_t<has_fields<S>::value, int>>
json to_json_value(const S& s) {
  return fields_to_json(s);
}
template <class S, std::enable_if_t<has_fields<S>::value, int>>
void read_json_value(const json& j, const char*, S& s) {
  fields_from_json(j, s);
}

}  // namespace fragviz::fields_json
