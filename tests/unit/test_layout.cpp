// The fragment tables against the PTX ISA text ("Matrix Fragments for mma.m16n8k8" and
// "... mma.m16n8k16 with floating point type"), restated here clause by clause as the ISA words
// them, plus the seed's printed lanes and the bijection onto each operand's tile.
#include <gtest/gtest.h>

#include <set>
#include <utility>
#include <vector>

#include "fragviz/isa/fragment.hpp"
#include "fragviz/isa/wgmma.hpp"
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

// owner_table against cells worked out by hand from the PTX ISA's fragment text (groupID =
// %laneid >> 2, threadID_in_group = %laneid % 4, lane = 4 * groupID + threadID_in_group).
TEST(Layout, OwnerTableAtHandDerivedCells) {
  const auto owner_at = [](const Instruction& in, Operand op, Coord c) {
    const std::vector<Owner> t = owner_table(in, op);
    EXPECT_EQ(t.size(), static_cast<std::size_t>(operand_rows(in, op) * operand_cols(in, op) * in.products));
    const Owner o = t.at(static_cast<std::size_t>(cell_index(in, op, c)));
    return std::pair<int, int>{o.lane, o.element};
  };
  const Instruction& k16 = test::seed16();
  // A (16 x 16), "row = groupID for ai where 0 <= i < 2 || 4 <= i < 6, groupID + 8 otherwise;
  // col = threadID_in_group * 2 + (i & 0x1) for i < 4, + 8 for i >= 4". Cell (9, 3): row 9 =
  // groupID + 8, so groupID 1 and i in {2, 3, 6, 7}; col 3 < 8, so i < 4: i in {2, 3}; 3 =
  // threadID_in_group * 2 + (i & 1) gives threadID_in_group 1, i = 3. Lane 4 * 1 + 1 = 5, a3.
  EXPECT_EQ(cell_index(k16, Operand::A, Coord{9, 3}), 9 * 16 + 3);
  EXPECT_EQ(owner_at(k16, Operand::A, {9, 3}), std::make_pair(5, 3));
  // B (16 x 8), "row = threadID_in_group * 2 + (i & 0x1) for i < 2, + 8 for i >= 2; col = groupID".
  // Cell (11, 6): 11 >= 8, so i in {2, 3} and 3 = threadID_in_group * 2 + (i & 1): threadID 1,
  // i = 3; groupID 6. Lane 25, b3.
  EXPECT_EQ(owner_at(k16, Operand::B, {11, 6}), std::make_pair(25, 3));
  // C/D (16 x 8), "row = groupID for i < 2, groupID + 8 for i >= 2; col = threadID_in_group * 2 +
  // (i & 0x1)". Cell (10, 5): groupID 2, i in {2, 3}; 5 = 2 * 2 + 1: threadID 2, i = 3. Lane 10, c3.
  EXPECT_EQ(owner_at(k16, Operand::C, {10, 5}), std::make_pair(10, 3));

  // m8n8k4 .f64, one element a lane: A "row = %laneid >> 2; col = %laneid % 4": (7, 2) is lane 30;
  // B "row = %laneid % 4; col = %laneid >> 2": (3, 5) is lane 23; C/D "row = groupID; col =
  // threadID_in_group * 2 + (i & 0x1)": (6, 7) is groupID 6, threadID 3, i = 1: lane 27, c1.
  const Instruction* f64 = find_instruction("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64");
  ASSERT_NE(f64, nullptr);
  EXPECT_EQ(owner_at(*f64, Operand::A, {7, 2}), std::make_pair(30, 0));
  EXPECT_EQ(owner_at(*f64, Operand::B, {3, 5}), std::make_pair(23, 0));
  EXPECT_EQ(owner_at(*f64, Operand::C, {6, 7}), std::make_pair(27, 1));

  // m8n8k4 .f16: four products (MMA computation q + 1: lanes 4q..4q+3 and 16+4q..16+4q+3).
  const Instruction* qp = find_instruction("mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32");
  ASSERT_NE(qp, nullptr);
  // Row-major A, "row = %laneid % 4 if %laneid < 16, (%laneid % 4) + 4 otherwise; col = i":
  // (5, 2) of product 1 is a high lane of 20-23 with %laneid % 4 = 1: lane 21, a2. Its cell index
  // in the 8 x 4 images: (1 * 8 + 5) * 4 + 2 = 54.
  EXPECT_EQ(cell_index(*qp, Operand::A, Coord{5, 2, 1}), 54);
  EXPECT_EQ(owner_at(*qp, Operand::A, {5, 2, 1}), std::make_pair(21, 2));
  // .f32 C/D, "row = X (+ 4 for %laneid >= 16), X = (%laneid & 0b1) + (i & 0b10); col = (i & 0b100)
  // + (%laneid & 0b10) + (i & 0b1)": (6, 5) of product 3 is a lane of 28-31; X = 2 needs
  // %laneid & 1 = 0 and i & 2 = 2; col 5 needs i & 4 = 4, %laneid & 2 = 0, i & 1 = 1. Lane 28, c7.
  EXPECT_EQ(owner_at(*qp, Operand::C, {6, 5, 3}), std::make_pair(28, 7));
}

// wgmma D over a warpgroup (PTX ISA, figure "WGMMA .m64nNk* register fragment layout for
// accumulator matrix D"): each warp owns 16 rows; d_{4j}, d_{4j+1} at row groupID, d_{4j+2},
// d_{4j+3} at groupID + 8, columns 8j + threadID_in_group * 2 + 0/1. Cell (40, 13) of N = 16:
// 40 = 16 * 2 + 0 + 8: warp 2, groupID 0, i % 4 in {2, 3}; 13 = 8 * 1 + 2 * 2 + 1: j = 1,
// threadID 2, i odd: i = 4 + 3 = 7. Thread 32 * 2 + 4 * 0 + 2 = 66.
TEST(Layout, OwnerTableOfAWarpgroupOperand) {
  const WgmmaInstruction* w = find_wgmma_named("m64n16k16.f32.f16.f16");
  ASSERT_NE(w, nullptr);
  const std::vector<Owner> t = owner_table(w->d, kWarpgroupSize, 1);
  ASSERT_EQ(t.size(), 64u * 16u);
  const Owner o = t[static_cast<std::size_t>(cell_index(w->d, Coord{40, 13}))];
  EXPECT_EQ(std::make_pair(o.lane, o.element), std::make_pair(66, 7));
}

// The table is owner_of for every cell, all at once: every catalogue entry, every operand.
TEST(Layout, OwnerTableIsOwnerOfEverywhere) {
  for (const Instruction& in : catalogue())
    for (Operand op : kOperands) {
      const std::vector<Owner> t = owner_table(in, op);
      for (int p = 0; p < in.products; ++p)
        for (int r = 0; r < operand_rows(in, op); ++r)
          for (int c = 0; c < operand_cols(in, op); ++c) {
            const auto want = owner_of(in, op, {r, c, p});
            ASSERT_TRUE(want) << in.mnemonic;
            const Owner got = t[static_cast<std::size_t>(cell_index(in, op, {r, c, p}))];
            ASSERT_EQ(std::make_pair(got.lane, got.element), std::make_pair(want->lane, want->element))
                << in.mnemonic << " " << r << "," << c << "," << p;
          }
    }
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
