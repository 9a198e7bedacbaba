// One field list per report struct (issue 23): each struct of report.hpp that is walked field by
// field names its fields once, in report order, through `field_list(FieldsOf<S>, f)` beside it;
// the JSON writer and reader (model/report/json/) and the differ (report_diff.cpp) walk that list
// with visit_fields instead of typing the fields again. Plain C++: no JSON types.
#pragma once

#include <type_traits>

namespace fragviz {

/// What a field list says of one field besides its value.
struct Field {
  const char* name = "";  ///< the JSON key, and the field's name in a report difference
  /// A timestamp or a time: differs between any two runs, so report_diff lists it as timing.
  bool timing = false;
  /// Added within a format version: a file without the key reads as the member's default.
  bool absent_means_default = false;

  /// A field always written and read.
  static constexpr Field named(const char* n) { return Field{n, false, false}; }
  /// A time or timestamp.
  static constexpr Field time(const char* n) { return Field{n, true, false}; }
  /// A field older files of the same version lack.
  static constexpr Field added_later(const char* n) { return Field{n, false, true}; }
};

/// Tag that selects a struct's field list by overload (found by argument-dependent lookup).
template <class S>
struct FieldsOf {};

/// Calls `f(field, value)` for each field of `s` in its list's order; `value` is a reference to the
/// member (const when `s` is).
template <class S, class F>
void visit_fields(S& s, F&& f) {
  field_list(FieldsOf<std::remove_const_t<S>>{},
             [&](const Field& field, auto member) { f(field, s.*member); });
}

/// Calls `f(field, a_value, b_value)` for each field of two structs of one type, side by side.
template <class S, class F>
void visit_fields(const S& a, const S& b, F&& f) {
  field_list(FieldsOf<S>{}, [&](const Field& field, auto member) { f(field, a.*member, b.*member); });
}

}  // namespace fragviz
