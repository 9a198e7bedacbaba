// Tensor memory maps of tcgen05.ld/st (fragviz/isa/tmem.hpp). Expected cells read off the PTX
// ISA 9.1 figures of 9.7.16.2.3.1 ("Matrix fragments for shape .32x32b" ... ".16x32bx2", Figures
// 183-187) and the mma.sync m16n8 accumulator formulas (9.7.14.5, groupID = laneid >> 2,
// threadID_in_group = laneid % 4); CuTe's copy traits check the same maps in
// tests/cute/test_cute_sm100.cpp.
#include <gtest/gtest.h>

#include <set>
#include <utility>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/fragment.hpp"
#include "fragviz/isa/tmem.hpp"

namespace {

using fragviz::TmemCell;
using fragviz::TmemShape;

void expect_cell(TmemShape s, int num, int t, int r, int lane, int col, int split = 0) {
  const TmemCell c = fragviz::tmem_cell(s, num, t, r, split);
  EXPECT_EQ(c.lane, lane) << to_string(s) << ".x" << num << " thread " << t << " r" << r;
  EXPECT_EQ(c.column, col) << to_string(s) << ".x" << num << " thread " << t << " r" << r;
}

TEST(Tmem, Shape32x32bGivesThreadTItsOwnLane) {
  // Figure 183: thread t holds lane t; r0, r1, ... are consecutive columns.
  expect_cell(TmemShape::s32x32b, 1, 0, 0, 0, 0);
  expect_cell(TmemShape::s32x32b, 4, 7, 3, 7, 3);
  expect_cell(TmemShape::s32x32b, 128, 31, 127, 31, 127);
}

TEST(Tmem, Shape16x64bPairsLaneGWithLaneGPlus8) {
  // Figure 184: lane 0 holds T0 r0 then T2 r0, lane 8 holds T1 r0 then T3 r0, lane 1 T4, T6 ...
  expect_cell(TmemShape::s16x64b, 1, 0, 0, 0, 0);
  expect_cell(TmemShape::s16x64b, 1, 2, 0, 0, 1);
  expect_cell(TmemShape::s16x64b, 1, 1, 0, 8, 0);
  expect_cell(TmemShape::s16x64b, 1, 3, 0, 8, 1);
  expect_cell(TmemShape::s16x64b, 1, 4, 0, 1, 0);
  expect_cell(TmemShape::s16x64b, 1, 31, 0, 15, 1);
  expect_cell(TmemShape::s16x64b, 2, 31, 1, 15, 3);  // the second repetition, two columns on
}

TEST(Tmem, Shape16x128bPutsR1EightLanesBelowR0) {
  // Figure 185: four threads per lane (columns 0-3), r0 in lanes 0-7, r1 in lanes 8-15.
  expect_cell(TmemShape::s16x128b, 1, 6, 0, 1, 2);
  expect_cell(TmemShape::s16x128b, 1, 6, 1, 9, 2);
  expect_cell(TmemShape::s16x128b, 4, 6, 7, 9, 14);  // repetition 3 starts at column 12
}

TEST(Tmem, Shape16x256bIsTheMmaSyncAccumulatorFragment) {
  // Figure 186: r0, r1 in lane t/4 at columns 2*(t%4), +1; r2, r3 eight lanes down.
  expect_cell(TmemShape::s16x256b, 1, 5, 0, 1, 2);
  expect_cell(TmemShape::s16x256b, 1, 5, 1, 1, 3);
  expect_cell(TmemShape::s16x256b, 1, 5, 2, 9, 2);
  expect_cell(TmemShape::s16x256b, 1, 5, 3, 9, 3);
  expect_cell(TmemShape::s16x256b, 2, 0, 4, 0, 8);  // the second repetition, 8 columns on

  // Every register of .16x256b.x1 is the element of the m16n8 f32 accumulator the same thread
  // holds in mma.sync (c0-c3), one TMEM column per accumulator column.
  const fragviz::Instruction* mma =
      fragviz::find_instruction("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32");
  ASSERT_NE(mma, nullptr);
  for (int t = 0; t < 32; ++t)
    for (int r = 0; r < 4; ++r) {
      const fragviz::Coord c = fragviz::fragment_coord(*mma, fragviz::Operand::C, t, r);
      expect_cell(TmemShape::s16x256b, 1, t, r, c.row, c.col);
    }
}

TEST(Tmem, Shape16x32bx2SplitsTheWarpAtImmHalfSplitoff) {
  // Figure 187: threads 0-15 read lanes 0-15 at taddr, threads 16-31 the same lanes at taddr +
  // immHalfSplitoff columns.
  expect_cell(TmemShape::s16x32bx2, 2, 3, 0, 3, 0, 8);
  expect_cell(TmemShape::s16x32bx2, 2, 17, 1, 1, 9, 8);
  expect_cell(TmemShape::s16x32bx2, 1, 31, 0, 15, 64, 64);
}

TEST(Tmem, EveryShapeCoversItsCellsOnce) {
  for (TmemShape s : {TmemShape::s32x32b, TmemShape::s16x64b, TmemShape::s16x128b, TmemShape::s16x256b,
                      TmemShape::s16x32bx2})
    for (int num = 1; num <= fragviz::tmem_max_num(s); num *= 2) {
      const int split = num;  // the two halves of .16x32bx2 side by side
      std::set<std::pair<int, int>> seen;
      for (int t = 0; t < 32; ++t)
        for (int r = 0; r < fragviz::tmem_registers(s, num); ++r) {
          const TmemCell c = fragviz::tmem_cell(s, num, t, r, split);
          EXPECT_TRUE(seen.insert({c.lane, c.column}).second) << to_string(s) << ".x" << num << " t" << t;
        }
      const int cols = num * fragviz::tmem_shape_columns(s) * (s == TmemShape::s16x32bx2 ? 2 : 1);
      EXPECT_EQ(static_cast<int>(seen.size()), fragviz::tmem_shape_lanes(s) * cols) << to_string(s) << num;
      EXPECT_EQ(seen.begin()->first, 0);
      EXPECT_EQ(seen.rbegin()->first, fragviz::tmem_shape_lanes(s) - 1);
    }
}

TEST(Tmem, Pack16bTakesTwoAdjacentColumnsPerRegister) {
  // 9.7.16.8.2: .pack::16b packs two 16-bit chunks from adjacent columns into one register, the
  // first column's in the low half. .16x256b.x1 thread 5 r0: unpacked column 2, so columns 4, 5.
  const TmemCell lo = fragviz::tmem_cell_packed16(TmemShape::s16x256b, 1, 5, 0, 0);
  const TmemCell hi = fragviz::tmem_cell_packed16(TmemShape::s16x256b, 1, 5, 0, 1);
  EXPECT_EQ(lo.lane, 1);
  EXPECT_EQ(lo.column, 4);
  EXPECT_EQ(hi.lane, 1);
  EXPECT_EQ(hi.column, 5);
  // .32x32b.x2: thread 9 r1 covers columns 2 and 3 of lane 9.
  EXPECT_EQ(fragviz::tmem_cell_packed16(TmemShape::s32x32b, 2, 9, 1, 1).column, 3);
  // .16x32bx2.x1 with immHalfSplitoff 2: thread 16 reads lane 0, columns 2 and 3.
  EXPECT_EQ(fragviz::tmem_cell_packed16(TmemShape::s16x32bx2, 1, 16, 0, 0, 2).column, 2);
  EXPECT_EQ(fragviz::tmem_cell_packed16(TmemShape::s16x32bx2, 1, 16, 0, 1, 2).column, 3);
  EXPECT_EQ(fragviz::tmem_cell_packed16(TmemShape::s16x32bx2, 1, 16, 0, 2, 2).lane, -1);  // no third half
}

TEST(Tmem, NumAndRegisterCounts) {
  EXPECT_EQ(fragviz::tmem_registers(TmemShape::s16x256b, 32), 128);
  EXPECT_EQ(fragviz::tmem_registers(TmemShape::s16x128b, 64), 128);
  EXPECT_FALSE(fragviz::tmem_num_valid(TmemShape::s16x256b, 64));
  EXPECT_FALSE(fragviz::tmem_num_valid(TmemShape::s32x32b, 3));
  EXPECT_TRUE(fragviz::tmem_num_valid(TmemShape::s16x32bx2, 128));
  EXPECT_EQ(fragviz::tmem_cell(TmemShape::s16x256b, 1, 0, 4).lane, -1);  // only r0-r3
  EXPECT_EQ(fragviz::parse_tmem_num(".x16"), 16);
  EXPECT_EQ(fragviz::parse_tmem_num("x12"), std::nullopt);
  EXPECT_EQ(fragviz::parse_tmem_shape(".16x32bx2"), TmemShape::s16x32bx2);
  EXPECT_EQ(fragviz::parse_tmem_shape("16x512b"), std::nullopt);
}

TEST(Tmem, AWarpReachesTheSubPartitionOfItsIdModulo4) {
  EXPECT_EQ(fragviz::tmem_warp_lane_base(0), 0);
  EXPECT_EQ(fragviz::tmem_warp_lane_base(5), 32);
  EXPECT_EQ(fragviz::tmem_warp_lane_base(7), 96);
  EXPECT_EQ(fragviz::tmem_access_refusal(TmemShape::s32x32b, 1, 5, 32), std::nullopt);
  EXPECT_EQ(fragviz::tmem_access_refusal(TmemShape::s16x256b, 1, 6, 80), std::nullopt);
  EXPECT_TRUE(fragviz::tmem_access_refusal(TmemShape::s32x32b, 1, 6, 80).has_value());   // lanes 80-111
  EXPECT_TRUE(fragviz::tmem_access_refusal(TmemShape::s32x32b, 1, 1, 0).has_value());    // warp 1: 32-63
  EXPECT_TRUE(fragviz::tmem_access_refusal(TmemShape::s16x256b, 64, 0, 0).has_value());  // no .x64
}

// A CTA has up to 32 warps (1024 threads); warp 20 reaches lanes 0-31 (20 % 4 = 0), warp 31 96-127.
TEST(Tmem, WarpIdsRunTo31) {
  EXPECT_EQ(fragviz::tmem_access_refusal(TmemShape::s16x256b, 1, 20, 0), std::nullopt);
  EXPECT_EQ(fragviz::tmem_access_refusal(TmemShape::s32x32b, 1, 31, 96), std::nullopt);
  EXPECT_EQ(fragviz::tmem_warp_refusal(31), std::nullopt);
  EXPECT_EQ(fragviz::tmem_warp_refusal(32),
            "the warp id is 0-31 (a CTA has up to 32 warps, 1024 threads), not 32");
  EXPECT_TRUE(fragviz::tmem_warp_refusal(-1).has_value());
  EXPECT_TRUE(fragviz::tmem_access_refusal(TmemShape::s32x32b, 1, 32, 0).has_value());
}

}  // namespace
