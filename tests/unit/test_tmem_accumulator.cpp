// tcgen05.mma accumulators in tensor memory (fragviz/isa/tmem_accumulator.hpp). Expected cells
// worked out by hand from PTX ISA 9.1, 9.7.16.10.5 "Data path layout organization" (the table's
// letters and organizations, as TVM's tmem_datapath_layout documentation describes each layout's
// lanes); CuTe's tmem_frg checks the same maps element by element in
// tests/cute/cute_sm100_accumulator.cpp.
#include <gtest/gtest.h>

#include <set>
#include <utility>

#include "fragviz/isa/tmem.hpp"
#include "fragviz/isa/tmem_accumulator.hpp"

namespace {

using fragviz::TmemDataPath;
using fragviz::UmmaAccumulator;

void expect_cell(const UmmaAccumulator& a, int row, int col, int cta, int lane, int column) {
  const fragviz::TmemAccumulatorCell c = fragviz::umma_accumulator_cell(a, row, col);
  EXPECT_EQ(c.cta, cta) << "D(" << row << "," << col << ")";
  EXPECT_EQ(c.lane, lane) << "D(" << row << "," << col << ")";
  EXPECT_EQ(c.column, column) << "D(" << row << "," << col << ")";
  EXPECT_EQ(c.warp, lane / 32) << "D(" << row << "," << col << ")";
}

TEST(TmemAccumulator, LettersFollowThePtxTable) {
  EXPECT_EQ(fragviz::umma_data_path({256, 64, 2, false}), TmemDataPath::A);
  EXPECT_EQ(fragviz::umma_data_path({128, 64, 2, false}), TmemDataPath::B);
  EXPECT_EQ(fragviz::umma_data_path({128, 64, 2, true}), TmemDataPath::C);
  EXPECT_EQ(fragviz::umma_data_path({128, 64, 1, false}), TmemDataPath::D);
  EXPECT_EQ(fragviz::umma_data_path({128, 64, 1, true}), TmemDataPath::D);
  EXPECT_EQ(fragviz::umma_data_path({64, 64, 1, false}), TmemDataPath::F);
  EXPECT_EQ(fragviz::data_path_organization(TmemDataPath::B), "2x2");
  // The .ws forms: G for M = 32, E for M = 64, D for M = 128 (PTX 9.1, 9.7.16.10.5).
  EXPECT_EQ(fragviz::umma_data_path({32, 64, 1, false, true}), TmemDataPath::G);
  EXPECT_EQ(fragviz::umma_data_path({64, 64, 1, false, true}), TmemDataPath::E);
  EXPECT_EQ(fragviz::umma_data_path({128, 64, 1, false, true}), TmemDataPath::D);
  EXPECT_EQ(fragviz::data_path_organization(TmemDataPath::G), "1x4");
  EXPECT_EQ(fragviz::umma_accumulator_mnemonic({32, 64, 1, true, true}), "tcgen05.mma.ws.sp.cta_group::1");
  EXPECT_EQ(fragviz::umma_accumulator_mnemonic({256, 64, 2, false}), "tcgen05.mma.cta_group::2");
}

TEST(TmemAccumulator, LayoutGFoldsColumnQuartersIntoTheFourSubPartitions) {
  // M = 32 .ws, N = 64: columns 0-15 of rows 0-31 in lanes 0-31, columns 16-31 in lanes 32-63, ...
  const UmmaAccumulator a{32, 64, 1, false, true};
  expect_cell(a, 0, 0, 0, 0, 0);
  expect_cell(a, 31, 15, 0, 31, 15);
  expect_cell(a, 5, 16, 0, 37, 0);
  expect_cell(a, 9, 50, 0, 105, 2);  // quarter 3: lanes 96-127, column 50 - 48
}

TEST(TmemAccumulator, LayoutEFoldsColumnHalvesIntoTheTwoLaneHalves) {
  // M = 64 .ws, N = 128: columns 0-63 in lanes 0-63, columns 64-127 in lanes 64-127.
  const UmmaAccumulator a{64, 128, 1, false, true};
  expect_cell(a, 63, 63, 0, 63, 63);
  expect_cell(a, 0, 64, 0, 64, 0);
  expect_cell(a, 20, 100, 0, 84, 36);
}

TEST(TmemAccumulator, LayoutDPutsRowIInLaneI) {
  const UmmaAccumulator a{128, 32, 1, false};
  expect_cell(a, 0, 0, 0, 0, 0);
  expect_cell(a, 37, 5, 0, 37, 5);  // warp 1's sub-partition
  expect_cell(a, 127, 31, 0, 127, 31);
}

TEST(TmemAccumulator, LayoutFUsesTheFirst16LanesOfEachSubPartition) {
  // M = 64: rows 0-15 in lanes 0-15, rows 16-31 in lanes 32-47, 32-47 in 64-79, 48-63 in 96-111.
  const UmmaAccumulator a{64, 8, 1, false};
  expect_cell(a, 15, 0, 0, 15, 0);
  expect_cell(a, 16, 7, 0, 32, 7);
  expect_cell(a, 40, 3, 0, 72, 3);
  expect_cell(a, 63, 7, 0, 111, 7);
  // Lanes 16-31 of each sub-partition are never written.
  for (int r = 0; r < 64; ++r) EXPECT_LT(fragviz::umma_accumulator_cell(a, r, 0).lane % 32, 16) << r;
}

TEST(TmemAccumulator, LayoutASplitsM256BetweenTheTwoCtas) {
  const UmmaAccumulator a{256, 16, 2, false};
  expect_cell(a, 127, 15, 0, 127, 15);
  expect_cell(a, 128, 0, 1, 0, 0);
  expect_cell(a, 200, 9, 1, 72, 9);
}

TEST(TmemAccumulator, LayoutBFoldsTheSecondHalfOfNIntoLanes64To127) {
  // M = 128 dense, cta_group::2: 64 rows per CTA; columns 0 to N/2-1 in lanes 0-63, the rest in
  // lanes 64-127 from column 0 again.
  const UmmaAccumulator a{128, 64, 2, false};
  expect_cell(a, 0, 0, 0, 0, 0);
  expect_cell(a, 0, 31, 0, 0, 31);
  expect_cell(a, 0, 32, 0, 64, 0);
  expect_cell(a, 63, 63, 0, 127, 31);
  expect_cell(a, 64, 0, 1, 0, 0);
  expect_cell(a, 100, 40, 1, 100, 8);  // local row 36, second half: lane 36 + 64, column 8
}

TEST(TmemAccumulator, LayoutCIsLayoutFInEachCta) {
  const UmmaAccumulator a{128, 32, 2, true};
  expect_cell(a, 17, 4, 0, 33, 4);
  expect_cell(a, 64 + 17, 4, 1, 33, 4);
}

TEST(TmemAccumulator, EveryLayoutIsOneToOne) {
  for (const UmmaAccumulator a :
       {UmmaAccumulator{64, 256, 1, false}, UmmaAccumulator{128, 256, 1, false},
        UmmaAccumulator{128, 256, 2, false}, UmmaAccumulator{128, 256, 2, true},
        UmmaAccumulator{256, 256, 2, false}, UmmaAccumulator{32, 256, 1, false, true},
        UmmaAccumulator{64, 256, 1, false, true}}) {
    std::set<std::tuple<int, int, int>> seen;
    for (int r = 0; r < a.m; ++r)
      for (int c = 0; c < a.n; ++c) {
        const auto cell = fragviz::umma_accumulator_cell(a, r, c);
        ASSERT_GE(cell.lane, 0);
        ASSERT_LT(cell.lane, 128);
        ASSERT_LT(cell.column, 256);
        ASSERT_TRUE(seen.insert({cell.cta, cell.lane, cell.column}).second) << r << "," << c;
      }
  }
}

TEST(TmemAccumulator, RefusesShapesOutsideTheTable) {
  EXPECT_TRUE(fragviz::umma_accumulator_refusal({256, 64, 1, false}));
  EXPECT_TRUE(fragviz::umma_accumulator_refusal({64, 64, 2, false}));
  EXPECT_TRUE(fragviz::umma_accumulator_refusal({32, 64, 1, false}));  // M = 32 is .ws only
  // .ws (PTX 9.1 Table 39): cta_group::1 only; N 64, 128, 256; sparse A N 64, 128.
  EXPECT_FALSE(fragviz::umma_accumulator_refusal({32, 256, 1, false, true}));
  EXPECT_TRUE(fragviz::umma_accumulator_refusal({32, 256, 1, true, true}));
  EXPECT_FALSE(fragviz::umma_accumulator_refusal({32, 128, 1, true, true}));
  EXPECT_TRUE(fragviz::umma_accumulator_refusal({64, 96, 1, false, true}));
  EXPECT_TRUE(fragviz::umma_accumulator_refusal({128, 64, 2, false, true}));
  EXPECT_TRUE(fragviz::umma_accumulator_refusal({256, 64, 1, false, true}));
  EXPECT_TRUE(fragviz::umma_accumulator_refusal({128, 24, 1, false}));  // M = 128: steps of 16
  EXPECT_FALSE(fragviz::umma_accumulator_refusal({64, 24, 1, false}));
  EXPECT_TRUE(fragviz::umma_accumulator_refusal({64, 264, 1, false}));
  EXPECT_EQ(fragviz::umma_accumulator_cell({64, 8, 1, false}, 64, 0).lane, -1);
}

// The relation users trip on: in Layouts D and F a warp's tcgen05.ld.16x256b at the first lane of
// a 16-row block gives each thread exactly the mma.sync m16n8 accumulator fragment of that block
// (c0, c1 in row t/4, columns 2*(t%4) and +1; c2, c3 eight rows down).
TEST(TmemAccumulator, Ld16x256bReadsMmaSyncFragmentsOfD) {
  const UmmaAccumulator a{64, 16, 1, false};
  // Rows 16-31 of D live in lanes 32-47: warp 1 reads them with taddr lane 32.
  for (int t = 0; t < 32; ++t)
    for (int r = 0; r < 8; ++r) {  // .x2: two 8-column blocks
      const fragviz::TmemCell ld = fragviz::tmem_cell(fragviz::TmemShape::s16x256b, 2, t, r);
      const int row = 16 + t / 4 + 8 * ((r % 4) / 2);
      const int col = 8 * (r / 4) + 2 * (t % 4) + r % 2;
      const auto cell = fragviz::umma_accumulator_cell(a, row, col);
      EXPECT_EQ(cell.lane, 32 + ld.lane) << t << " r" << r;
      EXPECT_EQ(cell.column, ld.column) << t << " r" << r;
      EXPECT_EQ(cell.warp, 1);
    }
}

}  // namespace
