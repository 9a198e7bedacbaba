// fragviz's layout algebra against CuTe's own: every case gen_algebra_cases wrote (CuTe's unit
// tests' and documentation's cases, and thousands of random ones per operation) was computed by
// CuTe's host code (CUTLASS 4.2 headers) in the generated sources; here fragviz computes the same
// expression and must give
//  - with static integers: CuTe's result exactly as CuTe prints it (underscores aside), the same
//    value at every index, and the same coalesced shape:stride;
//  - with run-time integers (CuTe keeps size-1 modes and merges nothing then): the same value at
//    every index and the same shape:stride once both are coalesced;
//  - where fragviz refuses CuTe's answer as wrong: CuTe's own check of its answer fails too.
// Refusals where CuTe refuses are checked by compiling them (check_cute_refusals.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <map>

#include "algebra_record.hpp"
#include "fragviz/algebra/expression.hpp"

namespace {

using algebra_oracle::Record;
using namespace fragviz::algebra;

std::string without_underscores(std::string s) {
  s.erase(std::remove(s.begin(), s.end(), '_'), s.end());
  return s;
}

/// CuTe's printed layout read back by fragviz (run-time results print without underscores).
Layout read_layout(const std::string& cute_text) {
  const auto v = evaluate_expression(without_underscores(cute_text));
  if (!v || v->kind != Value::Kind::layout) throw std::runtime_error("cannot read CuTe's " + cute_text);
  return v->layout.layout;
}

struct Tally {
  int static_ok = 0, dynamic_ok = 0, wrong_ok = 0, failed = 0;
};

/// Compares one record; returns what differs (empty: nothing).
std::string compare(const Record& r) {
  const auto res = evaluate_expression(r.expression);
  if (r.expect_wrong) {
    if (res.refusal != Refusal::cute_wrong)
      return "fragviz should refuse it as CuTe's wrong answer: " + res.message;
    if (r.postcondition)
      return "fragviz calls CuTe's answer " + r.printed + " wrong, but CuTe's own check holds";
    return {};
  }
  if (!res) return "CuTe computes " + r.printed + ", fragviz refuses: " + res.message;
  const Value& v = *res.value;
  if (r.is_number) {
    if (v.kind != Value::Kind::number || v.number != r.number)
      return "CuTe gives " + std::to_string(r.number) + ", fragviz " + to_string(v);
    return {};
  }
  if (v.kind != Value::Kind::layout) return "CuTe gives a layout, fragviz " + to_string(v);
  const ComposedLayout& c = v.layout;
  std::string cute_layout = r.printed;
  if (r.printed.rfind("SW ", 0) == 0) {
    std::istringstream in(r.printed.substr(3));
    int b = 0, m = 0, s = 0;
    long long k = 0;
    std::string bar;
    in >> b >> m >> s >> k >> bar >> cute_layout;
    if (!c.composed() || !(c.swizzle == fragviz::CuteSwizzle{b, m, s}) || c.offset != k)
      return "CuTe gives " + r.printed + ", fragviz " + to_string(c);
  } else if (c.composed()) {
    return "CuTe gives " + r.printed + ", fragviz " + to_string(c);
  }
  const std::int64_t n = size(c.layout);
  if (n != static_cast<std::int64_t>(r.values.size()))
    return "CuTe's result " + r.printed + " has " + std::to_string(r.values.size()) + " indices, fragviz's " +
           to_string(c) + " " + std::to_string(n);
  for (std::int64_t i = 0; i < n; ++i)
    if (evaluate(c, i) != r.values[static_cast<std::size_t>(i)])
      return "at " + std::to_string(i) + " CuTe's " + r.printed + " gives " +
             std::to_string(r.values[static_cast<std::size_t>(i)]) + ", fragviz's " + to_string(c) + " " +
             std::to_string(evaluate(c, i));
  if (r.dynamic) {
    const std::string theirs = to_string(coalesce(read_layout(cute_layout))),
                      ours = to_string(coalesce(c.layout));
    if (theirs != ours) return "coalesced, CuTe's " + cute_layout + " is " + theirs + ", fragviz's " + ours;
    return {};
  }
  if (to_string(c.layout) != without_underscores(cute_layout))
    return "CuTe gives " + cute_layout + ", fragviz " + to_string(c.layout);
  if (to_string(coalesce(c.layout)) != without_underscores(r.coalesced))
    return "coalesced, CuTe gives " + r.coalesced + ", fragviz " + to_string(coalesce(c.layout));
  return {};
}

TEST(CuteAlgebra, EveryCaseAsCuTeComputesIt) {
  std::vector<Record> records;
  algebra_oracle::all_records(records);
  ASSERT_GT(records.size(), 1000u) << "the generated sources hold too few cases";
  std::map<std::string, Tally> tally;
  int shown = 0;
  for (const Record& r : records) {
    Tally& t = tally[r.operation];
    const std::string why = compare(r);
    if (why.empty()) {
      (r.expect_wrong ? t.wrong_ok : r.dynamic ? t.dynamic_ok : t.static_ok)++;
      continue;
    }
    ++t.failed;
    if (shown++ < 40)
      ADD_FAILURE() << "case " << r.id << " (" << r.source << (r.dynamic ? ", run-time integers" : "")
                    << "): " << r.expression << "\n  " << why;
  }
  std::cout << "operation           as CuTe (static)  as CuTe (run-time)  CuTe's answer wrong  failed\n";
  Tally all;
  for (const auto& [op, t] : tally) {
    std::printf("%-20s %16d %19d %20d %7d\n", op.c_str(), t.static_ok, t.dynamic_ok, t.wrong_ok, t.failed);
    all.static_ok += t.static_ok;
    all.dynamic_ok += t.dynamic_ok;
    all.wrong_ok += t.wrong_ok;
    all.failed += t.failed;
  }
  std::printf("%-20s %16d %19d %20d %7d\n", "all", all.static_ok, all.dynamic_ok, all.wrong_ok, all.failed);
  EXPECT_EQ(all.failed, 0);
}

}  // namespace
