// Counts in words: "1 wavefront", "4 wavefronts". Every message that prints a count with a noun
// (CLI lines, model refusals, report describers, loader errors) goes through these, so a count of
// one is never followed by a plural ("1 wavefronts", "tile has 1 rows").
#pragma once

#include <string>
#include <string_view>

namespace fragviz {

/// "1 wavefront", "0 wavefronts"; `singular` for exactly 1 (or -1), else `plural_form`, which
/// defaults to `singular` + "s" (pass it for "matrix" / "matrices", "pass" / "passes").
inline std::string plural(long long n, std::string_view singular, std::string_view plural_form = {}) {
  std::string out = std::to_string(n);
  out += ' ';
  if (n == 1 || n == -1) {
    out += singular;
  } else if (!plural_form.empty()) {
    out += plural_form;
  } else {
    out += singular;
    out += 's';
  }
  return out;
}

/// The verb form that agrees with a count of `n`: agree(1, "differs", "differ") == "differs".
inline std::string_view agree(long long n, std::string_view one, std::string_view many) {
  return n == 1 || n == -1 ? one : many;
}

}  // namespace fragviz
