// What CuTe computed for one generated case of the layout-algebra cross-check: its result as CuTe
// prints it, as a function (its value at every index), coalesced, and for the cases where fragviz
// says CuTe's result is wrong, whether CuTe's own result keeps its own postcondition. Included by
// the generated sources (gen_algebra_cases.cpp writes them) and by test_cute_algebra.cpp, which
// compares each record with fragviz's answer.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

namespace algebra_oracle {

struct Record {
  int id = 0;
  const char* operation = "";
  const char* source = "";      ///< "cute-unit-test", "cute-docs", "random", ...
  const char* expression = "";  ///< the case in fragviz's notation (algebra/expression.hpp)
  bool dynamic = false;         ///< CuTe ran it with run-time integers
  bool expect_wrong = false;    ///< fragviz refuses it as cute_wrong
  bool postcondition = true;    ///< CuTe's result keeps its postcondition, judged by CuTe itself
  bool is_number = false;
  long long number = 0;
  std::string printed;            ///< CuTe's operator<< of the result (a layout, or "SW B M S K | layout")
  std::string coalesced;          ///< CuTe's coalesce of the result (static cases)
  std::vector<long long> values;  ///< result(i) for i < size(result)
};

/// Every record of the generated sources (algebra_cases_index.cpp).
void all_records(std::vector<Record>& out);

#ifdef ALGEBRA_ORACLE_CUTE
template <class T>
std::string printed(const T& t) {
  std::ostringstream os;
  os << t;
  return os.str();
}

template <class Shape, class Stride>
void fill(Record& r, const cute::Layout<Shape, Stride>& l) {
  r.printed = printed(l);
  if constexpr (cute::is_static<Shape>::value && cute::is_static<Stride>::value)
    r.coalesced = printed(cute::coalesce(l));
  for (int i = 0; i < int(cute::size(l)); ++i) r.values.push_back(static_cast<long long>(l(i)));
}

template <int B, int M, int S, class Offset, class Inner>
void fill(Record& r, const cute::ComposedLayout<cute::Swizzle<B, M, S>, Offset, Inner>& l) {
  r.printed = "SW " + std::to_string(B) + " " + std::to_string(M) + " " + std::to_string(S) + " " +
              std::to_string(static_cast<long long>(l.offset())) + " | " + printed(l.layout_b());
  r.coalesced = printed(cute::coalesce(l.layout_b()));
  for (int i = 0; i < int(cute::size(l)); ++i) r.values.push_back(static_cast<long long>(l(i)));
}

template <class T, std::enable_if_t<cute::is_integral<T>::value, int> = 0>
void fill(Record& r, const T& n) {
  r.is_number = true;
  r.number = static_cast<long long>(n);
  r.printed = std::to_string(r.number);
}
#endif

}  // namespace algebra_oracle
