// One naming scheme for what a lane holds (fragment_names.hpp), against the PTX ISA's fragment
// figures: elements a0..a7 / b0..b3 / c0..c3 ("Matrix Fragments for mma.m16n8k16"), wgmma's
// accumulator d0.. ("Register Fragments and Shared Memory Matrix Layouts"); registers named by the
// elements they hold, never by an element range that reads as elements. And operand_owner, the
// inverse any view asks ("who holds A[9][3]"), against inverses derived by hand from the PTX
// formulas.
#include <gtest/gtest.h>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/fragment.hpp"
#include "fragviz/isa/fragment_names.hpp"
#include "fragviz/isa/wgmma.hpp"

namespace fragviz {
namespace {

constexpr FragmentScope kWarp = FragmentScope::warp, kWarpgroup = FragmentScope::warpgroup;

TEST(FragmentNames, ElementsAreNamedAsThePtxFiguresNameThem) {
  EXPECT_EQ(element_name(Operand::A, 7), "a7");
  EXPECT_EQ(element_name(Operand::B, 3), "b3");
  EXPECT_EQ(element_name(Operand::C, 3), "c3");                // mma.sync: "c0, c1, c2, c3" for C and D
  EXPECT_EQ(element_name(Operand::C, 63, kWarpgroup), "d63");  // wgmma: D only
  EXPECT_EQ(element_name(Operand::A, 15, kWarpgroup), "a15");
}

TEST(FragmentNames, TheAccumulatorHasOneTitlePerFamily) {
  EXPECT_EQ(operand_title(Operand::A), "A");
  EXPECT_EQ(operand_title(Operand::B), "B");
  EXPECT_EQ(operand_title(Operand::C), "C/D");
  EXPECT_EQ(operand_title(Operand::C, kWarpgroup), "D");
}

TEST(FragmentNames, RegistersAreNamedByTheElementsTheyHold) {
  // .f16: two per register (A of m16n8k16 is {a0,a1}, {a2,a3}, {a4,a5}, {a6,a7}).
  EXPECT_EQ(register_name(Operand::A, ElemType::f16, 0), "{a0,a1}");
  EXPECT_EQ(register_name(Operand::A, ElemType::bf16, 3), "{a6,a7}");
  // .s8 / .e4m3: four per register; register 3 of m16n8k32's A holds a12..a15.
  EXPECT_EQ(register_name(Operand::A, ElemType::s8, 3), "{a12,a13,a14,a15}");
  EXPECT_EQ(register_name(Operand::B, ElemType::e4m3, 1), "{b4,b5,b6,b7}");
  // .s4: eight, .b1: thirty-two per register, written as a range inside the braces.
  EXPECT_EQ(register_name(Operand::A, ElemType::s4, 1), "{a8..a15}");
  EXPECT_EQ(register_name(Operand::B, ElemType::b1, 0), "{b0..b31}");
  // One element per register: .f32/.s32/.tf32 (32 bits) and .f64 (one 64-bit register).
  EXPECT_EQ(register_name(Operand::C, ElemType::f32, 2), "{c2}");
  EXPECT_EQ(register_name(Operand::A, ElemType::tf32, 3), "{a3}");
  EXPECT_EQ(register_name(Operand::C, ElemType::f64, 1), "{c1}");
  // wgmma D: f32 one per register, f16 two.
  EXPECT_EQ(register_name(Operand::C, ElemType::f32, 5, kWarpgroup), "{d5}");
  EXPECT_EQ(register_name(Operand::C, ElemType::f16, 3, kWarpgroup), "{d6,d7}");
  EXPECT_EQ(register_index_name(3), "reg 3");
}

TEST(FragmentNames, PositionInTheRegisterLowBitsFirst) {
  // PTX lists a register's elements low to high: element 1 of a .f16 pair is the high half.
  EXPECT_EQ(register_part(register_slot(ElemType::f16, 0)), "low half");
  EXPECT_EQ(register_part(register_slot(ElemType::f16, 3)), "high half");
  EXPECT_EQ(bit_range(register_slot(ElemType::f16, 3)), "bits 31..16");
  EXPECT_EQ(register_part(register_slot(ElemType::s8, 6)), "byte 2");
  EXPECT_EQ(bit_range(register_slot(ElemType::s8, 6)), "bits 23..16");
  EXPECT_EQ(register_part(register_slot(ElemType::u4, 13)), "nibble 5");
  EXPECT_EQ(bit_range(register_slot(ElemType::u4, 13)), "bits 23..20");
  EXPECT_EQ(register_part(register_slot(ElemType::b1, 37)), "bit 5");
  EXPECT_EQ(bit_range(register_slot(ElemType::b1, 37)), "bit 5");
  EXPECT_EQ(register_part(register_slot(ElemType::f32, 2)), "whole register");
  EXPECT_EQ(bit_range(register_slot(ElemType::f32, 2)), "bits 31..0");
  EXPECT_EQ(register_part(register_slot(ElemType::f64, 1)), "whole 64-bit register");
  EXPECT_EQ(bit_range(register_slot(ElemType::f64, 1)), "bits 63..0");
}

TEST(OperandOwner, MmaSyncAIsThePtxFormulaInverted) {
  // m16n8k16 .f16 A: row = groupID (+8 for a2,a3,a6,a7), col = 2*threadID_in_group + (i&1)
  // (+8 for a4..a7). A[9][3]: groupID 1, threadID_in_group 1 -> lane 5, a3.
  const Instruction* in = find_instruction("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32");
  ASSERT_NE(in, nullptr);
  const auto o = operand_owner(in->a, in->threads, in->products, Coord{9, 3});
  ASSERT_TRUE(o);
  EXPECT_EQ(o->lane, 5);
  EXPECT_EQ(o->element, 3);
  EXPECT_FALSE(operand_owner(in->a, in->threads, in->products, Coord{16, 0}));
  EXPECT_FALSE(operand_owner(in->a, in->threads, in->products, Coord{0, 0, 1})) << "one product only";
}

TEST(OperandOwner, WgmmaDIsThePtxFormulaInvertedOverEveryCell) {
  // D: thread T = 32w + l, element i: row = 16w + l/4 + 8((i>>1)&1), col = 8(i>>2) + 2(l%4) + (i&1).
  // Inverted: w = r/16, l = 4(r%8) + (c%8)/2, i = 4(c/8) + 2((r%16)/8) + c%2.
  const WgmmaInstruction* in = find_wgmma("wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16");
  ASSERT_NE(in, nullptr);
  const OperandSpec* d = wgmma_register_operand(*in, Operand::C);
  ASSERT_NE(d, nullptr);
  for (int r = 0; r < 64; ++r)
    for (int c = 0; c < 64; ++c) {
      const auto o = operand_owner(*d, kWarpgroupSize, 1, Coord{r, c});
      ASSERT_TRUE(o) << r << "," << c;
      EXPECT_EQ(o->lane, 32 * (r / 16) + 4 * (r % 8) + (c % 8) / 2) << r << "," << c;
      EXPECT_EQ(o->element, 4 * (c / 8) + 2 * ((r % 16) / 8) + c % 2) << r << "," << c;
    }
  EXPECT_EQ(wgmma_register_operand(*in, Operand::B), nullptr) << "B comes through a descriptor";
  EXPECT_EQ(wgmma_register_operand(*in, Operand::A), &in->a);
}

}  // namespace
}  // namespace fragviz
