// fragment_probes_line: the Device panel counts the fragment probes (ldmatrix, then mma) apart from
// the register-fed tensor-core probes (newcomer round 14: a report with only the first kind read
// "no tensor-core instruction probes" beside a fragments view saying m16n8k16 was measured).
#include <gtest/gtest.h>

#include "run_status.hpp"

namespace fragviz::app {
namespace {

FragmentProbe probe(bool ran, bool exact, bool element_ok) {
  FragmentProbe f;
  f.ran = ran;
  f.tile_exact = exact;
  ElementCheck e;
  e.expected = {1, 2};
  e.measured = element_ok ? e.expected : Coord{2, 1};
  f.elements.push_back(e);
  return f;
}

TEST(FragmentProbesLine, NoneSaysNothing) { EXPECT_EQ(fragment_probes_line(ProbeReport{}), ""); }

TEST(FragmentProbesLine, CountsMeasuredMatchedAndNotRun) {
  ProbeReport r;
  r.fragments = {probe(true, true, true), probe(true, true, true)};
  EXPECT_EQ(fragment_probes_line(r),
            "fragment probes (ldmatrix, then mma): 2 instructions measured, 2 match every element");
  r.fragments = {probe(true, true, true), probe(true, true, false), probe(true, false, true),
                 probe(false, false, false)};
  EXPECT_EQ(
      fragment_probes_line(r),
      "fragment probes (ldmatrix, then mma): 3 instructions measured, 1 matches every element; 1 not run");
  r.fragments = {probe(true, true, true)};
  EXPECT_EQ(fragment_probes_line(r),
            "fragment probes (ldmatrix, then mma): 1 instruction measured, 1 matches every element");
}

}  // namespace
}  // namespace fragviz::app
