// CLI11 validators shared by every command line of the project (fragviz-cli, the app, the kernel
// runner), so that a value is refused in the same words wherever it is typed. Each names what the
// option wants and echoes what it got (words.hpp's echo_text clips a long value).
#pragma once

#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>

#include "fragviz/util/words.hpp"

namespace fragviz {

/// Accepts only plain decimal digits that fit 64 bits: a seed of "-1" or "1e9" is refused rather than
/// wrapped or cut.
inline const CLI::Validator kUnsignedDecimal(
    [](std::string& v) -> std::string {
      const bool digits =
          !v.empty() && v.size() <= 20 && v.find_first_not_of("0123456789") == std::string::npos;
      if (!digits || (v.size() == 20 && v > "18446744073709551615"))
        return "must be a non-negative whole number below 2^64, got '" + echo_text(v) + "'";
      return {};
    },
    "UINT64");

/// A whole number in [lo, hi] written in plain decimal digits (a leading '-' only where lo < 0).
/// Unlike CLI::Range, "abc", "2.5" and "1e3" are named for what they are, not "not in range".
inline CLI::Validator whole_range(std::int64_t lo, std::int64_t hi) {
  return CLI::Validator(
      [lo, hi](std::string& v) -> std::string {
        const std::size_t start = !v.empty() && v[0] == '-' && lo < 0 ? 1 : 0;
        const bool digits = v.size() > start && v.size() - start <= 18 &&
                            v.find_first_not_of("0123456789", start) == std::string::npos;
        const long long x = digits ? std::stoll(v) : 0;
        if (!digits || x < lo || x > hi)
          return "must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) +
                 ", got '" + echo_text(v) + "'";
        return {};
      },
      "INT");
}

/// A number in [lo, hi]: unlike CLI::Range it refuses NaN (every comparison with NaN is false, so
/// CLI::Range lets it through) and names the option's unit-free bounds.
inline CLI::Validator finite_range(double lo, double hi) {
  return CLI::Validator(
      [lo, hi](std::string& v) -> std::string {
        std::size_t used = 0;
        double x = 0;
        try {
          x = std::stod(v, &used);
        } catch (const std::exception&) {
          used = 0;
        }
        if (used == 0 || used != v.size() || !std::isfinite(x) || x < lo || x > hi) {
          std::ostringstream s;
          s << "must be a number from " << lo << " to " << hi << ", got '" << echo_text(v) << "'";
          return s.str();
        }
        return {};
      },
      "NUMBER");
}

/// A whole number in plain decimal digits ('-' first where `is_signed`), at most 18 digits, or
/// unsigned up to 2^64 - 1 (the gate's seed: round 34 found the app's largest seed refused); its
/// range is the command's to judge (the model's words, exit 3). fragviz-cli puts it on every
/// whole-number option, so "nan", "72.5" and "1e99" are named for what they are, not CLI11's
/// "Could not convert".
inline CLI::Validator whole_number(bool is_signed) {
  return CLI::Validator(
      [is_signed](std::string& v) -> std::string {
        const std::size_t start = is_signed && !v.empty() && v[0] == '-' ? 1 : 0;
        const bool digits = v.size() > start && v.find_first_not_of("0123456789", start) == std::string::npos;
        if (digits && v.size() - start <= 18) return {};
        if (digits && !is_signed && (v.size() == 19 || (v.size() == 20 && v <= "18446744073709551615")))
          return {};  // a narrower option's own conversion still says "too large" (cli/main.cpp)
        if (digits) return "the number '" + echo_text(v) + "' is too large for it";
        return std::string("must be a ") + (is_signed ? "" : "non-negative ") + "whole number, got '" +
               echo_text(v) + "'";
      },
      "");
}

/// Refuses an empty value, which CLI11 would otherwise read as 0.
inline const CLI::Validator kNonEmpty(
    [](std::string& v) -> std::string { return v.empty() ? "is empty" : ""; }, "");

}  // namespace fragviz
