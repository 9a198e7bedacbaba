// Fitting the status strip (text_fit.hpp), with a measure of one pixel per byte: segments that fit
// keep their width; otherwise the narrow keep theirs and the wide share the rest, never beyond the
// line; elided text ends in "..." and never splits a UTF-8 character.
#include <gtest/gtest.h>

#include <numeric>
#include <string>
#include <vector>

#include "text_fit.hpp"

namespace fragviz::app {
namespace {

float bytes(std::string_view t) { return static_cast<float>(t.size()); }

TEST(FitWidths, EverythingFits) {
  EXPECT_EQ(fit_widths({10, 20, 30}, 100), (std::vector<float>{10, 20, 30}));
  EXPECT_EQ(fit_widths({}, 100), std::vector<float>{});
}

TEST(FitWidths, NarrowSegmentsKeepTheirWidthWideOnesShare) {
  // 300 px for 10 + 100 + 1000: 10 is under an equal share (100), then 100 under half of the 290
  // left (145); the 1000 gets the remaining 190.
  EXPECT_EQ(fit_widths({10, 100, 1000}, 300), (std::vector<float>{10, 100, 190}));
  // A very long first message no longer pushes the second out of the line.
  const std::vector<float> w = fit_widths({5000, 200}, 1000);
  EXPECT_EQ(w[1], 200);
  EXPECT_EQ(w[0], 800);
}

TEST(FitWidths, NeverMoreThanTheLine) {
  for (float avail : {0.f, 1.f, 37.f, 999.f}) {
    const std::vector<float> w = fit_widths({400, 30, 700, 5, 90}, avail);
    EXPECT_LE(std::accumulate(w.begin(), w.end(), 0.f), avail + 1e-3f) << avail;
    for (float x : w) EXPECT_GE(x, 0.f);
  }
  EXPECT_EQ(fit_widths({10}, -5), std::vector<float>{0});
}

TEST(FitWidthsFirst, HeadlineKeepsItsShare) {
  // A 1000 px headline and two 300 px notices in 1000 px: the headline keeps 60%, 200 each for the rest.
  EXPECT_EQ(fit_widths_first({1000, 300, 300}, 1000, 0.6f), (std::vector<float>{600, 200, 200}));
  // A headline under its share is whole; the notices share what is left.
  EXPECT_EQ(fit_widths_first({500, 300, 300}, 1000, 0.6f), (std::vector<float>{500, 250, 250}));
  // Short notices leave the headline more than its share.
  EXPECT_EQ(fit_widths_first({1000, 100}, 1000, 0.6f), (std::vector<float>{900, 100}));
  EXPECT_EQ(fit_widths_first({100, 200}, 1000, 0.6f), (std::vector<float>{100, 200}));
  EXPECT_EQ(fit_widths_first({}, 1000, 0.6f), std::vector<float>{});
}

TEST(Elide, WholeTextWhenItFits) { EXPECT_EQ(elide("status", 6, bytes), "status"); }

TEST(Elide, CutWithDots) {
  EXPECT_EQ(elide("abcdefghij", 6, bytes), "abc...");
  EXPECT_LE(bytes(elide("abcdefghij", 9, bytes)), 9);
  EXPECT_EQ(elide("ab cdefgh", 6, bytes), "ab...");  // no space before the dots
}

TEST(Elide, NothingWhenNotEvenTheDotsFit) { EXPECT_EQ(elide("abcdef", 2, bytes), ""); }

TEST(Elide, NeverSplitsAUtf8Character) {
  const std::string e = "\xc3\xa9";  // é, two bytes
  // 6 px: "é" (2) + "..." (3) = 5 fits, "éé..." (7) does not; never "é\xc3...".
  EXPECT_EQ(elide(e + e + e + e, 6, bytes), e + "...");
}

// Newcomer round 33: the Find answer broke "register bits 31..16" after its first dot (ImGui's
// wrap breaks after '.'). Lines break at spaces only; each fits the width where its words can.
TEST(WrapAtSpaces, BreaksAtSpacesOnly) {
  const std::string a = "A[9][3]: lane 5, high half, register bits 31..16";
  // 40 bytes a line: "...register bits" is 45 bytes, so "bits" would pass; "31..16" stays whole.
  EXPECT_EQ(wrap_at_spaces(a, 40, bytes), "A[9][3]: lane 5, high half, register\nbits 31..16");
  EXPECT_EQ(wrap_at_spaces(a, 100, bytes), a);
  EXPECT_EQ(wrap_at_spaces("ab cd ef", 5, bytes), "ab cd\nef");
  EXPECT_EQ(wrap_at_spaces("ab cd ef", 2, bytes), "ab\ncd\nef");
}

TEST(WrapAtSpaces, KeepsItsNewlinesAndAWordWiderThanTheLine) {
  EXPECT_EQ(wrap_at_spaces("one two\nthree four", 9, bytes), "one two\nthree\nfour");
  EXPECT_EQ(wrap_at_spaces("x averyveryverylongword y", 6, bytes), "x\naveryveryverylongword\ny");
  EXPECT_EQ(wrap_at_spaces("averyveryverylongword", 6, bytes), "averyveryverylongword");
  EXPECT_EQ(wrap_at_spaces("", 6, bytes), "");
  EXPECT_EQ(wrap_at_spaces("a\n\nb", 6, bytes), "a\n\nb");
}

}  // namespace
}  // namespace fragviz::app
