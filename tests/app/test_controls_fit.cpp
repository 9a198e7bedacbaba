// The Controls view's labelled rows (app/controls_fit.hpp): beside their labels in a wide view,
// stacked under them in a narrow one, never overlapping a label or running past the edge, and a
// field never narrower than its minimum. Widths are those of the app's 13 px font at 1600x1000
// (330 px view), 1200x800 (248) and the 1024x700 minimum (211), written out by hand.
#include <gtest/gtest.h>

#include "controls_fit.hpp"

namespace fragviz::app {
namespace {

ControlRowsNeed need(float avail) {
  ControlRowsNeed n;
  n.avail = avail;
  n.label_w = 85;  // "ldmatrix .num"
  n.spacing = 8;
  n.widest_buttons = 151;  // .x1 .x2 .x4
  n.field_min = 82;        // "0000" and the - and + buttons
  n.suffix_w = 42;         // "halves"
  return n;
}

/// Whether the rows as fitted stay inside `n.avail` and clear of the labels.
void expect_fits(const ControlRowsNeed& n, const ControlRowsFit& f) {
  EXPECT_GE(f.field_w, n.field_min);
  EXPECT_LE(f.control_x + f.field_w + n.spacing + n.suffix_w, n.avail);
  EXPECT_LE(f.control_x + n.widest_buttons, n.avail);
  if (!f.stacked) {
    EXPECT_GE(f.control_x, n.label_w + n.spacing);  // right of the widest label
  }
}

TEST(ControlsFit, BesideTheLabelsInAWideView) {
  const ControlRowsNeed n = need(314);  // 330 less padding
  const ControlRowsFit f = fit_control_rows(n);
  EXPECT_FALSE(f.stacked);
  EXPECT_EQ(f.control_x, 93);
  EXPECT_EQ(f.field_w, 314 - 93 - 8 - 42);  // the rest of the row
  expect_fits(n, f);
}

TEST(ControlsFit, StackedWhereTheButtonsWouldRunOff) {
  // 1200x800: 248 px less padding and the view's scroll bar; beside the labels the .x4 button ended
  // at 93 + 151 = 244.
  for (float avail : {218.f, 181.f}) {
    const ControlRowsNeed n = need(avail);
    const ControlRowsFit f = fit_control_rows(n);
    EXPECT_TRUE(f.stacked) << avail;
    EXPECT_EQ(f.control_x, 0) << avail;
    EXPECT_EQ(f.field_w, avail - 8 - 42) << avail;
    expect_fits(n, f);
  }
}

TEST(ControlsFit, StackedWhereTheFieldWouldBeTooNarrow) {
  ControlRowsNeed n = need(220);  // beside the labels: 93 + 82 + 8 + 42 = 225
  n.widest_buttons = 60;          // the buttons fit beside the labels, a field of 82 and its unit do not
  const ControlRowsFit f = fit_control_rows(n);
  EXPECT_TRUE(f.stacked);
  expect_fits(n, f);
}

TEST(ControlsFit, FieldKeepsItsMinimumInAViewNarrowerStill) {
  // The field is not squeezed below its minimum, though the view may cut its unit off.
  const ControlRowsFit f = fit_control_rows(need(100));
  EXPECT_TRUE(f.stacked);
  EXPECT_EQ(f.field_w, 82);
}

}  // namespace
}  // namespace fragviz::app
