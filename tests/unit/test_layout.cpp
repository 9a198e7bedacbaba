// The fragment tables against the PTX ISA text ("Matrix Fragments for mma.m16n8k8" and
// "... mma.m16n8k16 with floating point type"), restated here clause by clause as the ISA words
// them, plus the seed's printed lanes and the bijection onto each operand's tile.
#include <gtest/gtest.h>

#include <set>
#include <utility>

#include "fragviz/isa/fragment.hpp"
#include "seed_instructions.hpp"

using namespace fragviz;

namespace {

// PTX ISA text, written as conditions on i the way the ISA prints them.
Coord ptx_text_coord(const Instruction& s, Operand op, int lane, int i) {
  const int groupID = lane >> 2, threadID_in_group = lane % 4;
  if (s.k == 8) {
    switch (op) {
      case Operand::A:  // row = groupID for a0 and a1, groupID + 8 for a2 and a3
        return {(i == 0 || i == 1) ? groupID : groupID + 8, (threadID_in_group * 2) + (i & 0x1)};
      case Operand::B:  // row = (threadID_in_group * 2) + i for bi where i = {0, 1}; col = groupID
        return {(threadID_in_group * 2) + i, groupID};
      case Operand::C:  // row = groupID for c0 and c1, groupID + 8 for c2 and c3
        return {(i == 0 || i == 1) ? groupID : groupID + 8, (threadID_in_group * 2) + (i & 0x1)};
    }
  }
  switch (op) {
    case Operand::A: {  // row = groupID for ai where 0 <= i < 2 || 4 <= i < 6, groupID + 8 otherwise
      const int row = ((0 <= i && i < 2) || (4 <= i && i < 6)) ? groupID : groupID + 8;
      const int col = i < 4 ? (threadID_in_group * 2) + (i & 0x1) : (threadID_in_group * 2) + (i & 0x1) + 8;
      return {row, col};
    }
    case Operand::B: {  // row = tig*2 + (i & 0x1) for i < 2, + 8 for i >= 2; col = groupID
      const int row = i < 2 ? (threadID_in_group * 2) + (i & 0x1) : (threadID_in_group * 2) + (i & 0x1) + 8;
      return {row, groupID};
    }
    case Operand::C:  // row = groupID for ci where i < 2, groupID + 8 for i >= 2
      return {i < 2 ? groupID : groupID + 8, (threadID_in_group * 2) + (i & 0x1)};
  }
  return {};
}

const Operand kOperands[] = {Operand::A, Operand::B, Operand::C};

}  // namespace

TEST(Layout, DimensionsAndElementCounts) {
  EXPECT_EQ(elements_per_lane(test::seed8(), Operand::A), 4);
  EXPECT_EQ(elements_per_lane(test::seed8(), Operand::B), 2);
  EXPECT_EQ(elements_per_lane(test::seed8(), Operand::C), 4);
  EXPECT_EQ(elements_per_lane(test::seed16(), Operand::A), 8);
  EXPECT_EQ(elements_per_lane(test::seed16(), Operand::B), 4);
  EXPECT_EQ(elements_per_lane(test::seed16(), Operand::C), 4);
  EXPECT_EQ(registers_per_lane(test::seed8(), Operand::A), 2);
  EXPECT_EQ(registers_per_lane(test::seed16(), Operand::A), 4);
  EXPECT_EQ(registers_per_lane(test::seed16(), Operand::B), 2);
  EXPECT_EQ(test::seed8().min_sm, 75);
  EXPECT_EQ(test::seed16().min_sm, 80);
}

TEST(Layout, EveryElementMatchesPtxText) {
  for (const Instruction& s : test::seeds())
    for (Operand op : kOperands)
      for (int lane = 0; lane < kWarpSize; ++lane)
        for (int i = 0; i < elements_per_lane(s, op); ++i)
          EXPECT_EQ(fragment_coord(s, op, lane, i), ptx_text_coord(s, op, lane, i))
              << s.mnemonic << " " << to_string(op) << " lane " << lane << " element " << i;
}

TEST(Layout, SeedLanesZeroAndFiveAtK8) {
  // The seed's run printed these: lane 0 A (0,0) (0,1) (8,0) (8,1), B (0,0) (1,0);
  // lane 5 A (1,2) (1,3) (9,2) (9,3), B (2,1) (3,1).
  const Instruction& s = test::seed8();
  const Coord a0[] = {{0, 0}, {0, 1}, {8, 0}, {8, 1}};
  const Coord a5[] = {{1, 2}, {1, 3}, {9, 2}, {9, 3}};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(fragment_coord(s, Operand::A, 0, i), a0[i]);
    EXPECT_EQ(fragment_coord(s, Operand::A, 5, i), a5[i]);
    // C/D follows A's rule at m16n8k8: the reason the seed checks D by values.
    EXPECT_EQ(fragment_coord(s, Operand::C, 5, i), a5[i]);
  }
  EXPECT_EQ(fragment_coord(s, Operand::B, 0, 0), (Coord{0, 0}));
  EXPECT_EQ(fragment_coord(s, Operand::B, 0, 1), (Coord{1, 0}));
  EXPECT_EQ(fragment_coord(s, Operand::B, 5, 0), (Coord{2, 1}));
  EXPECT_EQ(fragment_coord(s, Operand::B, 5, 1), (Coord{3, 1}));
}

TEST(Layout, K16LaneFiveUpperColumns) {
  // m16n8k16 A, lane 5 (groupID 1, threadID_in_group 1): a4,a5 at row 1 cols 10,11; a6,a7 at row 9.
  EXPECT_EQ(fragment_coord(test::seed16(), Operand::A, 5, 4), (Coord{1, 10}));
  EXPECT_EQ(fragment_coord(test::seed16(), Operand::A, 5, 7), (Coord{9, 11}));
  EXPECT_EQ(fragment_coord(test::seed16(), Operand::B, 5, 2), (Coord{10, 1}));
  EXPECT_EQ(fragment_coord(test::seed16(), Operand::B, 5, 3), (Coord{11, 1}));
}

TEST(Layout, EachOperandMapIsABijectionOntoItsTile) {
  for (const Instruction& s : test::seeds())
    for (Operand op : kOperands) {
      std::set<std::pair<int, int>> seen;
      for (int lane = 0; lane < kWarpSize; ++lane)
        for (int i = 0; i < elements_per_lane(s, op); ++i) {
          const Coord c = fragment_coord(s, op, lane, i);
          ASSERT_GE(c.row, 0);
          ASSERT_LT(c.row, operand_rows(s, op));
          ASSERT_GE(c.col, 0);
          ASSERT_LT(c.col, operand_cols(s, op));
          EXPECT_TRUE(seen.insert({c.row, c.col}).second) << "cell owned twice: " << c.row << "," << c.col;
        }
      EXPECT_EQ(static_cast<int>(seen.size()), operand_rows(s, op) * operand_cols(s, op));
    }
}

TEST(Layout, OwnerOfInvertsTheTable) {
  for (const Instruction& s : test::seeds())
    for (Operand op : kOperands)
      for (int r = 0; r < operand_rows(s, op); ++r)
        for (int c = 0; c < operand_cols(s, op); ++c) {
          const auto o = owner_of(s, op, {r, c});
          ASSERT_TRUE(o.has_value());
          EXPECT_EQ(fragment_coord(s, op, o->lane, o->element), (Coord{r, c}));
        }
  EXPECT_FALSE(owner_of(test::seed8(), Operand::A, {16, 0}).has_value());
  EXPECT_FALSE(owner_of(test::seed8(), Operand::B, {0, 8}).has_value());
}

TEST(Layout, RegisterSlotsLowHalfHoldsLowerElement) {
  // .f16x2: a0 in the low 16 bits of the first register, a1 in its high bits; f32 C one a register.
  const Instruction& s = test::seed8();
  EXPECT_EQ(register_slot(s, Operand::A, 0).reg, 0);
  EXPECT_EQ(register_slot(s, Operand::A, 0).bit, 0);
  EXPECT_EQ(register_slot(s, Operand::A, 1).bit, 16);
  EXPECT_EQ(register_slot(s, Operand::A, 1).bits, 16);
  EXPECT_EQ(register_slot(test::seed16(), Operand::A, 5).reg, 2);
  EXPECT_EQ(register_slot(test::seed16(), Operand::B, 3).reg, 1);
  EXPECT_EQ(register_slot(s, Operand::C, 3).reg, 3);
  EXPECT_EQ(register_slot(s, Operand::C, 3).bits, 32);
}

TEST(Layout, NamesAndLookup) {
  EXPECT_STREQ(test::seed8().mnemonic, "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32");
  EXPECT_EQ(shape_name(test::seed16()), "m16n8k16");
  EXPECT_EQ(find_instruction("mma.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32"),
            nullptr);                               // no such PTX form
  EXPECT_EQ(find_instruction("m16n8k8"), nullptr);  // lookups take the full mnemonic
}
