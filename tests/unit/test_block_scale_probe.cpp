// The sm_120a block-scale probes (fragviz/probe/block_scale_probe.hpp) through a stand-in of the
// block-scaled mma.sync written from the PTX ISA 9.2 text, not from the code:
// - 9.7.14.3 "Block Scaling for mma.sync": D = (A * scale_A) * (B * scale_B) + C, scale_A M x vec
//   and scale_B vec x N, each row of A and column of B cut along K into vec chunks; row m of A is
//   scaled by lane 4(m % 8) + 2 thread-id-a + m / 8 (the thread pair lane % 4 in {2t, 2t + 1}; CuTe's
//   SFALayout and a public hardware probe take the pair's lower lane for row m < 8), column n of B
//   by lane 4n + thread-id-b; .scale_vec::1X reads byte byte-id, 2X the byte pair byte-id, byte-id
//   + 1 ("0 selects lower two bytes whereas 2 selects upper two bytes"), 4X all four bytes. Which
//   byte of a pair or word serves which chunk is drawn in Figure 45 only; the stand-in takes the
//   lower byte for the lower chunk of K.
// - "Matrix Fragments for mma.m16n8k32" (8-bit): A a0..a15, register i / 4, byte i % 4, row
//   groupID (+ 8 for 4 <= i < 8 and i >= 12), column 4 threadID_in_group + (i & 3) (+ 16 for i >= 8);
//   B b0..b7, row 4 threadID_in_group + (i & 3) (+ 16 for i >= 4), column groupID.
// - "... mma.m16n8k64" (4-bit, eight to a register): A a0..a31, register i / 8, nibble i % 8, row
//   groupID (+ 8 for 8 <= i < 16 and i >= 24), column 8 threadID_in_group + (i & 7) (+ 32 for
//   i >= 16); B b0..b15, row 8 threadID_in_group + (i & 7) (+ 32 for i >= 8), column groupID.
// - D as the m16n8 f32 C fragment: c0 c1 at row lane / 4, columns 2(lane % 4) and + 1; c2 c3 eight
//   rows down. e4m3 1.0 is 0x38, e2m1 1.0 is 0x2; ue8m0 c is 2^(c - 127), ue4m3 the unsigned e4m3.
// Planted faults: the thread pair's rows swapped, B's bytes read high first, the k-blocks' bytes
// of a pair or word taken in reverse, and every k-block scaled by the first byte.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "fragviz/probe/blackwell_probe.hpp"
#include "fragviz/probe/block_scale_probe.hpp"
#include "fragviz/report/report_json.hpp"

namespace {

using fragviz::BlockScaleOut;
using fragviz::BlockScaleProbePlan;
using fragviz::ScaleOperand;

// The four forms, by index into kBlockScaleProbeForms: K, vec and the scale type, as the mnemonics
// spell them.
struct Form {
  int k, vec;
  bool ue4m3;
};
constexpr Form kForms[] = {{32, 1, false}, {64, 2, false}, {64, 2, false}, {64, 4, true}};

double ue8m0(std::uint32_t code) { return std::ldexp(1.0, static_cast<int>(code) - 127); }
double ue4m3(std::uint32_t code) {
  if (code == 0x7F) return std::nan("");
  const int e = static_cast<int>(code >> 3), m = static_cast<int>(code & 7);
  return e == 0 ? std::ldexp(m / 8.0, -6) : std::ldexp(1.0 + m / 8.0, e - 7);
}
/// The two element values the probes use: 0 and 1.0 (else NaN, so a stray pattern shows).
double element(std::uint32_t bits, bool fp4) {
  if (bits == 0) return 0;
  return bits == (fp4 ? 0x2u : 0x38u) ? 1.0 : std::nan("");
}

enum class Fault { none, swapped_pair, b_bytes_reversed, k_blocks_reversed, first_byte_only };

/// A (16 x K) and B (K x 8) of one pass, decoded through the PTX fragment maps above.
struct Dense {
  std::vector<double> a = std::vector<double>(16 * 64), b = std::vector<double>(64 * 8);
};
Dense decode(const fragviz::BlockScalePass& pass, const Form& f) {
  Dense x;
  const bool fp4 = f.k == 64;
  for (int lane = 0; lane < 32; ++lane) {
    const int g = lane / 4, t = lane % 4;
    const int a_elems = fp4 ? 32 : 16, b_elems = fp4 ? 16 : 8, per_reg = fp4 ? 8 : 4, bits = fp4 ? 4 : 8;
    for (int i = 0; i < a_elems; ++i) {
      const int row = fp4 ? g + 8 * ((i / 8) % 2) : g + 8 * ((i / 4) % 2);
      const int col = fp4 ? 8 * t + (i & 7) + 32 * (i / 16) : 4 * t + (i & 3) + 16 * (i / 8);
      const std::uint32_t word =
          pass.a[static_cast<std::size_t>(i / per_reg)][static_cast<std::size_t>(lane)];
      x.a[static_cast<std::size_t>(row * 64 + col)] =
          element((word >> (bits * (i % per_reg))) & ((1u << bits) - 1), fp4);
    }
    for (int i = 0; i < b_elems; ++i) {
      const int row = fp4 ? 8 * t + (i & 7) + 32 * (i / 8) : 4 * t + (i & 3) + 16 * (i / 4);
      const std::uint32_t word =
          pass.b[static_cast<std::size_t>(i / per_reg)][static_cast<std::size_t>(lane)];
      x.b[static_cast<std::size_t>(row * 8 + g)] =
          element((word >> (bits * (i % per_reg))) & ((1u << bits) - 1), fp4);
    }
  }
  return x;
}

std::vector<BlockScaleOut> emulate(const BlockScaleProbePlan& p, Fault fault) {
  const Form& f = kForms[p.form];
  const int chunk = f.k / f.vec;
  const auto scale = [&](const std::array<std::uint32_t, 32>& regs, int lane, int byte) {
    const std::uint32_t code = (regs[static_cast<std::size_t>(lane)] >> (8 * byte)) & 0xFF;
    return f.ue4m3 ? ue4m3(code) : ue8m0(code);
  };
  const auto byte_for = [&](int byte_id, int kb) {
    if (fault == Fault::k_blocks_reversed) return byte_id + (f.vec - 1 - kb);
    if (fault == Fault::first_byte_only) return byte_id;
    return byte_id + kb;
  };
  std::vector<BlockScaleOut> out;
  for (const fragviz::BlockScalePass& pass : p.passes) {
    const Dense x = decode(pass, f);
    BlockScaleOut d{};
    for (int lane = 0; lane < 32; ++lane)
      for (int i = 0; i < 4; ++i) {
        const int row = lane / 4 + 8 * (i / 2), col = 2 * (lane % 4) + i % 2;
        const int upper = fault == Fault::swapped_pair ? 1 - row / 8 : row / 8;
        const int a_lane = 4 * (row % 8) + 2 * p.sel_a.thread_id + upper;
        const int b_lane = 4 * col + p.sel_b.thread_id;
        double sum = 0;
        for (int k = 0; k < f.k; ++k) {
          const int kb = k / chunk;
          int b_byte = byte_for(p.sel_b.byte_id, kb);
          if (fault == Fault::b_bytes_reversed) b_byte = 3 - b_byte;
          sum += x.a[static_cast<std::size_t>(row * 64 + k)] * x.b[static_cast<std::size_t>(k * 8 + col)] *
                 scale(p.sfa, a_lane, byte_for(p.sel_a.byte_id, kb)) * scale(p.sfb, b_lane, b_byte);
        }
        const float v = static_cast<float>(sum);
        std::memcpy(&d[static_cast<std::size_t>(lane)][static_cast<std::size_t>(i)], &v, sizeof v);
      }
    out.push_back(d);
  }
  return out;
}

TEST(BlockScaleProbe, PlanLabelsEveryByteOfTheProbedOperandOnly) {
  const auto p = fragviz::plan_block_scale_probe(0, ScaleOperand::A, 0);
  ASSERT_NE(p.in, nullptr);
  EXPECT_EQ(p.sfa[0], 0x4241403Fu);   // lane 0: 2^-64 .. 2^-61 (ue8m0 63 .. 66)
  EXPECT_EQ(p.sfa[31], 0xBEBDBCBBu);  // lane 31: labels 124-127, ue8m0 187-190
  EXPECT_EQ(p.sfb[7], 0x7F7F7F7Fu);   // B: 2^0 in every byte
  ASSERT_EQ(p.passes.size(), 1u);     // 1X: one k-block, A all 1.0 (e4m3 0x38)
  EXPECT_EQ(p.passes[0].a[3][17], 0x38383838u);
  EXPECT_EQ(p.passes[0].b[1][5], 0x38383838u);
}

// 2X of K 64: chunks of 32. Lane 0 (threadID_in_group 0) holds A columns 0-7 in a0..a15 (registers
// 0, 1) and 32-39 in a16..a31 (registers 2, 3), so pass 0 fills registers 0, 1 and pass 1 2, 3.
TEST(BlockScaleProbe, TwoXPassesFillOneChunkOfKEach) {
  const auto p = fragviz::plan_block_scale_probe(1, ScaleOperand::A, 1);
  ASSERT_NE(p.in, nullptr);
  EXPECT_EQ(p.sel_a.byte_id, 2);
  EXPECT_EQ(p.sel_a.thread_id, 1);
  ASSERT_EQ(p.passes.size(), 2u);
  for (int lane : {0, 13, 31}) {
    const auto l = static_cast<std::size_t>(lane);
    EXPECT_EQ(p.passes[0].a[0][l], 0x22222222u);
    EXPECT_EQ(p.passes[0].a[1][l], 0x22222222u);
    EXPECT_EQ(p.passes[0].a[2][l], 0u);
    EXPECT_EQ(p.passes[0].a[3][l], 0u);
    EXPECT_EQ(p.passes[1].a[0][l], 0u);
    EXPECT_EQ(p.passes[1].a[3][l], 0x22222222u);
    EXPECT_EQ(p.passes[1].b[0][l], 0x22222222u);  // B: 1.0 everywhere, every pass
  }
}

// 4X: chunks of 16. Lanes with threadID_in_group 0, 1 hold columns 0-15 (chunk 0) in registers 0, 1
// and 32-47 (chunk 2) in 2, 3; threadID_in_group 2, 3 columns 16-31 (chunk 1) and 48-63 (chunk 3).
// ue4m3 labels: under thread-id-a 0 the spare lane is 31 (lane % 4 == 3 is not read), so lane 0
// carries codes 1-4 and lane 31 codes 125, 126 and two zeros; under thread-id-a 1 it is lane 29.
TEST(BlockScaleProbe, FourXPassesAndUe4m3Labels) {
  const auto p = fragviz::plan_block_scale_probe(3, ScaleOperand::A, 0);
  ASSERT_NE(p.in, nullptr);
  ASSERT_EQ(p.passes.size(), 4u);
  EXPECT_EQ(p.passes[0].a[0][1], 0x22222222u);  // lane 1: threadID_in_group 1
  EXPECT_EQ(p.passes[0].a[0][2], 0u);           // lane 2: columns 16-23, chunk 1
  EXPECT_EQ(p.passes[1].a[1][2], 0x22222222u);
  EXPECT_EQ(p.passes[2].a[2][0], 0x22222222u);
  EXPECT_EQ(p.passes[3].a[3][3], 0x22222222u);
  EXPECT_EQ(p.passes[3].a[0][3], 0u);
  EXPECT_EQ(p.sfa[0], 0x04030201u);
  EXPECT_EQ(p.sfa[31], 0x00007E7Du);
  EXPECT_EQ(p.sfb[0], 0x38383838u);  // ue4m3 1.0
  const auto q = fragviz::plan_block_scale_probe(3, ScaleOperand::A, 1);
  EXPECT_EQ(q.sfa[30], 0x04030201u);
  EXPECT_EQ(q.sfa[29], 0x00007E7Du);
  // B under thread-id-b 1: lane 31 is not read (31 % 4 == 3).
  EXPECT_EQ(fragviz::plan_block_scale_probe(3, ScaleOperand::B, 1).sfb[31], 0x00007E7Du);
}

TEST(BlockScaleProbe, JudgesEveryFormOperandAndSelector) {
  const std::vector<BlockScaleProbePlan> plans = fragviz::all_block_scale_probe_plans();
  ASSERT_EQ(plans.size(), 16u);
  for (const BlockScaleProbePlan& plan : plans) {
    ASSERT_NE(plan.in, nullptr);
    const fragviz::MatrixMoveProbe r = fragviz::judge_block_scale_probe(plan, emulate(plan, Fault::none));
    EXPECT_TRUE(r.ran);
    EXPECT_EQ(r.cells.size(), 128u * static_cast<std::size_t>(kForms[plan.form].vec)) << r.mnemonic;
    EXPECT_EQ(r.mismatches(), 0) << r.mnemonic;
  }
}

// Expected holders, from the text's rules: row 9 of A, k-block 3, under 4X {0, 1}: lane 4 * 1 + 2 + 1
// = 7, byte 0 + 3. Column 5 of B, k-block 1, under 2X {2, 1}: lane 4 * 5 + 1 = 21, byte 2 + 1.
TEST(BlockScaleProbe, NamesTheHolderOfEachRowColumnAndKBlock) {
  const auto expect_holder = [](const BlockScaleProbePlan& plan, int index, int kb, int lane, int byte) {
    const auto r = fragviz::judge_block_scale_probe(plan, emulate(plan, Fault::none));
    int seen = 0;
    for (const auto& c : r.cells)
      if (c.lane == index && c.half == kb) {
        EXPECT_EQ(c.expected.row, lane);
        EXPECT_EQ(c.expected.col, byte);
        ASSERT_TRUE(c.measured);
        EXPECT_EQ(c.measured->row, lane);
        EXPECT_EQ(c.measured->col, byte);
        ++seen;
      }
    EXPECT_GT(seen, 0);
  };
  expect_holder(fragviz::plan_block_scale_probe(3, ScaleOperand::A, 1), 9, 3, 7, 3);
  expect_holder(fragviz::plan_block_scale_probe(1, ScaleOperand::B, 1), 5, 1, 21, 3);
  expect_holder(fragviz::plan_block_scale_probe(2, ScaleOperand::B, 1), 5, 1, 21, 3);
  expect_holder(fragviz::plan_block_scale_probe(0, ScaleOperand::A, 1), 9, 0, 7, 3);
  const auto plan = fragviz::plan_block_scale_probe(3, ScaleOperand::A, 1);
  EXPECT_EQ(fragviz::judge_block_scale_probe(plan, {}).detail,
            "which scale byte each row of D used in each of its 4 k-blocks; sm_120a, model only until run");
  EXPECT_EQ(
      fragviz::block_scale_probe_name(plan),
      "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3 "
      "sfa {0, 1}");
  EXPECT_EQ(
      fragviz::block_scale_probe_name(fragviz::plan_block_scale_probe(0, ScaleOperand::A, 1)),
      "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e4m3.f32.ue8m0 "
      "sfa {3, 1}");
}

TEST(BlockScaleProbe, SeesPlantedFaults) {
  const auto judge = [](const BlockScaleProbePlan& p, Fault f) {
    return fragviz::judge_block_scale_probe(p, emulate(p, f)).mismatches();
  };
  // The thread pair's rows swapped: every element of A's 16 rows is scaled by the wrong lane.
  const auto a1 = fragviz::plan_block_scale_probe(0, ScaleOperand::A, 0);
  EXPECT_EQ(judge(a1, Fault::swapped_pair), 128);
  const auto a4 = fragviz::plan_block_scale_probe(3, ScaleOperand::A, 1);
  EXPECT_EQ(judge(a4, Fault::swapped_pair), 4 * 128);
  // B's bytes read high first: every column wrong in B's pass; A's pass is blind to it.
  const auto b1 = fragviz::plan_block_scale_probe(0, ScaleOperand::B, 0);
  EXPECT_EQ(judge(b1, Fault::b_bytes_reversed), 128);
  EXPECT_EQ(judge(a1, Fault::b_bytes_reversed), 0);
  // The bytes of a pair or word taken in reverse k order: every k-block wrong (2X: 2 of 2, 4X: 4 of 4).
  for (int form : {1, 2})
    for (ScaleOperand op : {ScaleOperand::A, ScaleOperand::B})
      EXPECT_EQ(judge(fragviz::plan_block_scale_probe(form, op, 1), Fault::k_blocks_reversed), 2 * 128);
  EXPECT_EQ(judge(fragviz::plan_block_scale_probe(3, ScaleOperand::B, 0), Fault::k_blocks_reversed), 4 * 128);
  // Every k-block scaled by the selected first byte: all but k-block 0 wrong. 1X cannot tell.
  EXPECT_EQ(judge(fragviz::plan_block_scale_probe(1, ScaleOperand::A, 0), Fault::first_byte_only), 128);
  EXPECT_EQ(judge(fragviz::plan_block_scale_probe(3, ScaleOperand::A, 0), Fault::first_byte_only), 3 * 128);
  EXPECT_EQ(judge(a1, Fault::first_byte_only), 0);
  // A value that is no label (two bytes summed) is measured as nothing.
  std::vector<BlockScaleOut> d = emulate(a4, Fault::none);
  const float three = 3.0f;
  std::memcpy(&d[2][0][0], &three, sizeof three);
  EXPECT_EQ(fragviz::judge_block_scale_probe(a4, d).mismatches(), 1);
  // A pass that never came back measures nothing in its k-block.
  d = emulate(a4, Fault::none);
  d.pop_back();
  EXPECT_EQ(fragviz::judge_block_scale_probe(a4, d).mismatches(), 128);
}

// fragviz-cli probe --instr block-scale reaches them through the Blackwell names, and a saved report
// with one (one fault planted) reads back with its cells.
TEST(BlockScaleProbe, IsNamedAndReportsRoundTrip) {
  EXPECT_TRUE(fragviz::is_blackwell_probe_name("block-scale"));
  for (const BlockScaleProbePlan& p : fragviz::all_block_scale_probe_plans())
    EXPECT_TRUE(fragviz::is_blackwell_probe_name(fragviz::block_scale_probe_name(p)));
  for (const auto& p : {fragviz::plan_block_scale_probe(0, ScaleOperand::A, 1),
                        fragviz::plan_block_scale_probe(3, ScaleOperand::B, 1)}) {
    fragviz::ProbeReport r;
    r.moves.push_back(fragviz::judge_block_scale_probe(p, emulate(p, Fault::swapped_pair)));
    fragviz::ReportFile f;
    f.probe = r;
    const std::string text = fragviz::to_json_text(f);
    const auto back = fragviz::parse_report(text);
    ASSERT_TRUE(back) << back.error.message;
    EXPECT_EQ(fragviz::to_json_text(*back.value), text);
    EXPECT_EQ(back.value->probe->moves[0].mismatches(), r.moves[0].mismatches());
  }
}

}  // namespace
