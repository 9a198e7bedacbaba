// Inside the algebra (model/algebra/): the operations throw Stop where CuTe would not compile
// or fragviz will not go, and the public functions of operations.hpp turn it into a Result.
// Arithmetic is checked: a value beyond 64 bits stops the operation, never wraps.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "fragviz/algebra/operations.hpp"

namespace fragviz::algebra::detail {

/// Why an operation stopped.
struct Stop {
  Refusal refusal;
  std::string message;
};

[[noreturn]] void stop(Refusal r, std::string message);
/// CuTe's refusal, quoting its static_assert: "CuTe refuses: ... (CuTe: \"Stride Divisibility
/// Condition\")".
[[noreturn]] void cute_refuses(const std::string& what, const std::string& cute_message);

std::int64_t mul(std::int64_t a, std::int64_t b);
std::int64_t add(std::int64_t a, std::int64_t b);
/// CuTe's ceil_div on integers, (a + b - 1) / b with C++ division.
std::int64_t ceil_div(std::int64_t a, std::int64_t b);
std::int64_t abs64(std::int64_t a);
/// CuTe's signum: -1, 0 or 1.
inline std::int64_t signum(std::int64_t a) { return (0 < a) - (a < 0); }

/// Notes that CuTe's answer is wrong here (cute_wrong) and goes on: CuTe's static_asserts fire
/// wherever they are in an operation, so a refusal of CuTe's later in the same operation still
/// wins. guarded() reports the first note once the operation is done.
void wrong(std::string message);

/// The notes of the operation running on this thread (guarded keeps them apart when nested).
std::optional<Stop>& pending_wrong();

/// Runs `f` and returns its value, or the Stop it threw, or the first wrong() it noted, as a Result.
template <class T, class F>
Result<T> guarded(F&& f) {
  std::optional<Stop> outer = std::move(pending_wrong());
  pending_wrong().reset();
  Result<T> r;
  try {
    T v = f();
    r = pending_wrong() ? Result<T>::fail(Refusal::cute_wrong, pending_wrong()->message)
                        : Result<T>::ok(std::move(v));
  } catch (const Stop& s) {
    r = Result<T>::fail(s.refusal, s.message);
  }
  pending_wrong() = std::move(outer);
  return r;
}

/// A layout's values, looked up for indices inside it (its offsets() table, for a layout of at
/// most kMaxTable indices) and evaluated elsewhere: the checks' A(B(i)) without a division per
/// index.
class Lookup {
 public:
  static constexpr std::int64_t kMaxTable = std::int64_t{1} << 22;
  explicit Lookup(const Layout& l) : Lookup(ComposedLayout{{}, 0, l}) {}
  explicit Lookup(ComposedLayout c)
      : c_(std::move(c)), table_(size(c_.layout) <= kMaxTable ? offsets(c_) : std::vector<std::int64_t>{}) {}
  std::int64_t operator()(std::int64_t i) const {
    return i >= 0 && i < static_cast<std::int64_t>(table_.size()) ? table_[static_cast<std::size_t>(i)]
                                                                  : evaluate(c_, i);
  }

 private:
  ComposedLayout c_;
  std::vector<std::int64_t> table_;
};

// The throwing operations behind operations.hpp's Results.
Layout coalesce_x(const Layout& l);  ///< CuTe's detail::coalesce_x (keeps the function outside too)
Layout coalesce_by(const Layout& l, const IntTuple& profile);
Layout compose(const Layout& a, const Layout& b);
Layout compose(const Layout& a, const Tiler& b);
Layout complement_of(const Layout& a, const IntTuple& cotarget);
Layout right_inverse_of(const Layout& a);
Layout left_inverse_of(const Layout& a);
Layout divide(const Layout& a, const Tiler& t);       ///< logical_divide
Layout multiply(const Layout& a, const Tiler& t);     ///< logical_product
Layout zip2_by(const Layout& l, const Tiler& guide);  ///< CuTe's tile_unzip
/// CuTe's concatenation make_layout(a, b, ...): a tuple of the given layouts.
Layout concat(std::vector<Layout> modes);
/// Refuses layouts with a negative stride for `operation` (beyond_fragviz).
void require_nonnegative(const Layout& l, const char* operation);

}  // namespace fragviz::algebra::detail
