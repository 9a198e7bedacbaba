// A value, or the error (error.hpp: kind + message) that stopped it: what functions return at their
// boundaries instead of throwing (the layout, lane and access models, the probes' plans, the report
// loader). The kind decides what callers do (the CLI's exit code through exit_code_for, the app's
// wording); the message is for people.
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "fragviz/util/error.hpp"

namespace fragviz {

/// A value or the error that stopped it. `column` is the 1-based character position a parse error
/// points at (0 when the error is not about one position); the message already starts with
/// "col N: " when it is set.
template <class T>
struct Outcome {
  std::optional<T> value;
  Error error;
  int column = 0;
  static Outcome ok(T v) { return Outcome{std::move(v), {}, 0}; }
  static Outcome fail(ErrorKind kind, std::string message, int column = 0) {
    return Outcome{std::nullopt, Error{kind, std::move(message)}, column};
  }
  /// The same error for another value type.
  template <class U>
  static Outcome from(const Outcome<U>& other) {
    return Outcome{std::nullopt, other.error, other.column};
  }
  explicit operator bool() const { return value.has_value(); }
  const T& operator*() const { return *value; }
  const T* operator->() const { return &*value; }
};

}  // namespace fragviz
