// The cell label rule the fragments, warpgroup and bank views and File > Export share
// (fragviz/viewmodel/cell_labels.hpp), on made-up sizes: "T31 V7" 40 wide, "T31" 20, "31" 12,
// "V7" 15, lines 10 high. Each case sits on one side of a boundary the rule states.
#include <gtest/gtest.h>

#include "fragviz/viewmodel/cell_labels.hpp"

namespace fragviz::app {
namespace {

constexpr CellLabelSizes kSizes{40, 20, 12, 15, 10};

TEST(CellLabelMode, TheLongestLabelThatFitsTheCell) {
  EXPECT_EQ(cell_label_mode(40, 9, kSizes), CellLabelMode::full);  // a line fits 1 short
  EXPECT_EQ(cell_label_mode(39, 9, kSizes), CellLabelMode::owner);
  EXPECT_EQ(cell_label_mode(40, 8, kSizes), CellLabelMode::none);  // no line fits
  // Two lines: at least 2 lines + 2 high, "T31" and "V7" each fitting the width.
  EXPECT_EQ(cell_label_mode(20, 22, kSizes), CellLabelMode::two_lines);
  EXPECT_EQ(cell_label_mode(20, 21, kSizes), CellLabelMode::owner);
  EXPECT_EQ(cell_label_mode(19, 22, kSizes), CellLabelMode::number);
  EXPECT_EQ(cell_label_mode(12, 9, kSizes), CellLabelMode::number);
  EXPECT_EQ(cell_label_mode(11, 30, kSizes), CellLabelMode::none);
  // A cell wide enough for one line is full, however tall.
  EXPECT_EQ(cell_label_mode(40, 100, kSizes), CellLabelMode::full);
}

// A bank word names its reading lane alone: "T31" where it fits one line (however wide or tall the
// cell, never the full or two-line label), else the number, else nothing.
TEST(CellLabelMode, AnOwnerOnlyCellSaysTheLongestOwnerLabelThatFits) {
  EXPECT_EQ(owner_label_mode(20, 9, kSizes), CellLabelMode::owner);
  EXPECT_EQ(owner_label_mode(40, 9, kSizes), CellLabelMode::owner);   // full would fit a T V cell
  EXPECT_EQ(owner_label_mode(20, 22, kSizes), CellLabelMode::owner);  // two_lines would too
  EXPECT_EQ(owner_label_mode(19, 9, kSizes), CellLabelMode::number);
  EXPECT_EQ(owner_label_mode(12, 9, kSizes), CellLabelMode::number);
  EXPECT_EQ(owner_label_mode(11, 9, kSizes), CellLabelMode::none);
  EXPECT_EQ(owner_label_mode(40, 8, kSizes), CellLabelMode::none);  // no line fits
}

TEST(CellLabelMode, NamesAsTheStateDumpRecordsThem) {
  EXPECT_STREQ(cell_label_mode_name(CellLabelMode::full), "full");
  EXPECT_STREQ(cell_label_mode_name(CellLabelMode::two_lines), "two_lines");
  EXPECT_STREQ(cell_label_mode_name(CellLabelMode::owner), "owner");
  EXPECT_STREQ(cell_label_mode_name(CellLabelMode::number), "number");
  EXPECT_STREQ(cell_label_mode_name(CellLabelMode::none), "none");
}

}  // namespace
}  // namespace fragviz::app
