// The visible-region rule File > Export and the state dump share (fragviz/viewmodel/visible_region.hpp),
// on cells 10 long from 100: cell i spans [100 + 10i, 110 + 10i], its centre at 105 + 10i.
#include <gtest/gtest.h>

#include "fragviz/viewmodel/visible_region.hpp"

namespace fragviz::app {
namespace {

TEST(VisibleRegion, ASliverOfACellIsNotVisible) {
  // [118, 152]: cell 1 shows 2 of 10, cell 5 shows 2 of 10: neither belongs, 2..4 do.
  const IndexSpan s = visible_span(100.f, 10.f, 16, 118.f, 152.f);
  EXPECT_EQ(s.first, 2);
  EXPECT_EQ(s.last, 4);
}

TEST(VisibleRegion, HalfOrMoreOfACellIsVisible) {
  // [115, 155]: cells 1 and 5 show exactly half; [113, 157]: 7 of 10 each.
  IndexSpan s = visible_span(100.f, 10.f, 16, 115.f, 155.f);
  EXPECT_EQ(s.first, 1);
  EXPECT_EQ(s.last, 5);
  s = visible_span(100.f, 10.f, 16, 113.f, 157.f);
  EXPECT_EQ(s.first, 1);
  EXPECT_EQ(s.last, 5);
  // 4 of 10 of cell 1 and of cell 5.
  s = visible_span(100.f, 10.f, 16, 116.f, 154.f);
  EXPECT_EQ(s.first, 2);
  EXPECT_EQ(s.last, 4);
}

TEST(VisibleRegion, KeptInsideTheGrid) {
  const IndexSpan s = visible_span(100.f, 10.f, 4, 0.f, 1000.f);
  EXPECT_EQ(s.first, 0);
  EXPECT_EQ(s.last, 3);
  EXPECT_TRUE(visible_span(100.f, 10.f, 4, 0.f, 104.f).empty());    // 4 of cell 0
  EXPECT_TRUE(visible_span(100.f, 10.f, 4, 136.f, 500.f).empty());  // 4 of cell 3
  EXPECT_TRUE(visible_span(100.f, 10.f, 4, 200.f, 300.f).empty());
  EXPECT_TRUE(visible_span(100.f, 10.f, 0, 0.f, 1000.f).empty());
  EXPECT_TRUE(visible_span(100.f, 10.f, 4, 130.f, 130.f).empty());  // no area
}

}  // namespace
}  // namespace fragviz::app
