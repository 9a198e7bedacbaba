// One field list per report struct (issue 23): each struct a report holds names its fields once, in
// report order, through `field_list(FieldsOf<S>, f)` in report.hpp (beside the struct, or in its
// section for the probe results declared with their probes); the JSON writer and reader
// (model/report/json/) and the differ (report_diff.cpp) walk that list with visit_fields instead of
// typing the fields again, by hand only where a field is judged against the model. Plain C++: no
// JSON types.
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
  /// The first report version (ReportFile::kVersion) with this field: a file of an older version
  /// lacks it and reads as the member's default, and report_diff marks a difference it makes as
  /// "missing from an older report format version".
  int since = 1;
  /// A list of structs written compactly: each entry as an array of its fields' values in its list's
  /// order ([operand, lane, element, expected, measured, raw]) instead of an object.
  bool rows = false;

  /// A field always written and read.
  static constexpr Field named(const char* n) { return Field{n, false, false, 1, false}; }
  /// A time or timestamp.
  static constexpr Field time(const char* n) { return Field{n, true, false, 1, false}; }
  /// A field older files of the same version lack.
  static constexpr Field added_later(const char* n) { return Field{n, false, true, 1, false}; }
  /// This field, first written in format version `version`.
  constexpr Field in_version(int version) const {
    Field f = *this;
    f.since = version;
    return f;
  }
  /// This field, a list of structs written as rows.
  constexpr Field as_rows() const {
    Field f = *this;
    f.rows = true;
    return f;
  }
};

/// A field a struct keeps in one of its parts but writes among its own: `in_part(&Outer::part,
/// &Part::member)` in a field list (LdmatrixFedProbe's tensor-core half).
template <class Outer, class Part, class T>
struct PartMember {
  using PartPointer = Part Outer::*;
  using MemberPointer = T Part::*;
  PartPointer part = nullptr;
  MemberPointer member = nullptr;
};
template <class Outer, class Part, class T>
constexpr PartMember<Outer, Part, T> in_part(Part Outer::*part, T Part::*member) {
  return {part, member};
}

/// The member of `s` that a field list's entry names: a member pointer or a PartMember.
template <class S, class M>
constexpr decltype(auto) member_of(S& s, M m) {
  if constexpr (std::is_member_object_pointer_v<M>)
    return (s.*m);
  else
    return ((s.*(m.part)).*(m.member));
}

/// Tag that selects a struct's field list by overload (found by argument-dependent lookup).
template <class S>
struct FieldsOf {};

/// Calls `f(field, value)` for each field of `s` in its list's order; `value` is a reference to the
/// member (const when `s` is).
template <class S, class F>
void visit_fields(S& s, F&& f) {
  field_list(FieldsOf<std::remove_const_t<S>>{},
             [&](const Field& field, auto member) { f(field, member_of(s, member)); });
}

/// Calls `f(field, a_value, b_value)` for each field of two structs of one type, side by side.
template <class S, class F>
void visit_fields(const S& a, const S& b, F&& f) {
  field_list(FieldsOf<S>{},
             [&](const Field& field, auto member) { f(field, member_of(a, member), member_of(b, member)); });
}

}  // namespace fragviz
