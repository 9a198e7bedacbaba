// The tensor-core probe's host side, without a GPU: a software tensor core stands in for the
// hardware. It reads registers through a map of its own ("the hardware's"), computes D = A*B + C
// (or the .b1 popc forms) in double precision, and writes D back through its map. With the
// catalogue's maps the judge must find nothing (its decoding inverts its encoding); with a
// planted fault (two elements swapped, a wrong D cell) it must name exactly the elements
// affected, with the coordinates the fault put them at.
#include <gtest/gtest.h>

#include <functional>

#include "fragviz/probe/mma_probe.hpp"
#include "soft_tensor_core.hpp"

namespace fragviz {
namespace {

class EveryInstruction : public ::testing::TestWithParam<int> {};

TEST_P(EveryInstruction, CatalogueHardwareMatchesEverywhere) {
  const Instruction& in = catalogue()[static_cast<std::size_t>(GetParam())];
  const MmaProbePlan plan = plan_mma_probe(in);
  const InstructionProbe r = judge_mma_probe(plan, emulate(plan, catalogue_map(in)));
  ASSERT_TRUE(r.ran);
  EXPECT_EQ(r.mismatches(), 0) << describe_instruction_probe(r);
  EXPECT_TRUE(r.tile_exact) << r.tile_detail;
  EXPECT_EQ(r.checked(Operand::A), in.m * in.k * in.products);
  EXPECT_EQ(r.checked(Operand::B), in.k * in.n * in.products);
  EXPECT_EQ(r.checked(Operand::C), in.m * in.n * in.products);
}

TEST_P(EveryInstruction, SwappedElementsAreNamedInEveryOperand) {
  const Instruction& in = catalogue()[static_cast<std::size_t>(GetParam())];
  const MmaProbePlan plan = plan_mma_probe(in);
  for (Operand op : {Operand::A, Operand::B, Operand::C}) {
    // The "hardware" holds lane 5's first two elements of `op` the other way round (for
    // one-element operands: lane 5's and lane 6's element 0).
    const bool two = elements_per_lane(in, op) > 1;
    const auto swapped = [&](Operand o, int lane, int i) {
      if (o == op && two && lane == 5 && (i == 0 || i == 1)) return fragment_coord(in, o, 5, 1 - i);
      if (o == op && !two && i == 0 && (lane == 5 || lane == 6)) return fragment_coord(in, o, 11 - lane, 0);
      return fragment_coord(in, o, lane, i);
    };
    const InstructionProbe r = judge_mma_probe(plan, emulate(plan, swapped));
    // Each operand is decoded through the other two as the model lays them out, so the faulty
    // operand's two elements are named exactly; other operands may show collateral mismatches
    // where the faulty cells served as their selections (a fault is never hidden, only echoed).
    int in_op = 0;
    for (const ElementCheck& e : r.elements) in_op += e.operand == op && !e.match() ? 1 : 0;
    EXPECT_EQ(in_op, 2) << to_string(op) << ": " << describe_instruction_probe(r);
    for (const ElementCheck& e : r.elements) {
      if (e.match() || e.operand != op) continue;
      ASSERT_TRUE(e.measured.has_value());
      EXPECT_EQ(*e.measured, swapped(op, e.lane, e.element));  // named where the fault put it
    }
  }
}

INSTANTIATE_TEST_SUITE_P(All, EveryInstruction, ::testing::Range(0, static_cast<int>(catalogue().size())),
                         [](const ::testing::TestParamInfo<int>& p) {
                           std::string n = catalogue()[static_cast<std::size_t>(p.param)].mnemonic;
                           for (char& ch : n)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return n;
                         });

TEST(MmaProbe, AWrongDValueBreaksOnlyTheTile) {
  const Instruction& in = *find_instruction("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32");
  const MmaProbePlan plan = plan_mma_probe(in);
  auto d = emulate(plan, catalogue_map(in));
  // The last pass is the tile: lane 3's D register 2 off by one.
  const std::size_t at = (static_cast<std::size_t>(plan.passes - 1) * 32 + 3) * 4 + 2;
  const auto v = decode_element(ElemType::f32, d[at]);
  d[at] = static_cast<std::uint32_t>(*encode_element(ElemType::f32, *v + 1));
  const InstructionProbe r = judge_mma_probe(plan, d);
  EXPECT_EQ(r.mismatches(), 0);
  EXPECT_FALSE(r.tile_exact);
  // Lane 3 element 2: row groupID + 8 = 8, col 2 * threadID_in_group + 0 = 6 (PTX ISA C/D map).
  EXPECT_EQ(r.tile_detail.rfind("D(8,6): got", 0), 0u) << r.tile_detail;
}

TEST(MmaProbe, PassCountsFollowTheScheme) {
  // m16n8k8 .f16: A 128 labels fit one 11-bit digit, one window (K = N = 8); B 64 labels, one
  // window (K = 8 < M = 16); 16 row + 8 column one-hot passes; one tile: 1 + 1 + 24 + 1.
  EXPECT_EQ(plan_mma_probe(*find_instruction("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32")).passes, 27);
  // m16n8k256 .b1 .and.popc: A 4096 labels need 13 one-bit digits x 32 windows; B 2048 labels,
  // 12 digits x 16 windows; 24 one-hot; 1 tile.
  EXPECT_EQ(
      plan_mma_probe(*find_instruction("mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc")).passes,
      13 * 32 + 12 * 16 + 24 + 1);
  // .xor.popc adds one baseline pass per digit of A and of B.
  EXPECT_EQ(
      plan_mma_probe(*find_instruction("mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.xor.popc")).passes,
      13 * 32 + 13 + 12 * 16 + 12 + 24 + 1);
  // m8n8k4 .f16: four quad-pair products add four product passes: 1 + 1 + 8 + 8 + 4 + 1.
  EXPECT_EQ(plan_mma_probe(*find_instruction("mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32")).passes, 23);
}

TEST(MmaProbe, ShortOutputIsAModelErrorNotAMatch) {
  const Instruction& in = *find_instruction("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32");
  const InstructionProbe r = judge_mma_probe(plan_mma_probe(in), std::vector<std::uint32_t>(10, 0));
  EXPECT_FALSE(r.ran);
  EXPECT_NE(r.skipped.find("model error"), std::string::npos);
}

TEST(MmaProbe, Wording) {
  InstructionProbe p;
  p.mnemonic = "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32";
  p.skipped = "skipped: needs sm_89 or newer (device is sm_80)";
  EXPECT_EQ(
      describe_instruction_probe(p),
      "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32: skipped: needs sm_89 or newer (device is sm_80)");
}

}  // namespace
}  // namespace fragviz
