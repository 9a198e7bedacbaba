// The sm_120a block-scale probe (fragviz/probe/block_scale_probe.hpp) through a stand-in of the
// block-scaled mma.sync written from PTX ISA 9.2, 9.7.14.3 as docs/guide/blackwell.md states it, not
// from the code: row m of A is scaled by byte byte-id of lane 4(m % 8) + 2 thread-id-a + m / 8
// (CuTe's SFALayout and a public hardware probe take the pair's lower lane for row m < 8), column
// n of B by byte byte-id of lane 4n + thread-id-b; .scale_vec::1X: one scale over all 32 of K. D is
// laid out as the m16n8 f32 C fragment: c0 c1 at row lane / 4, columns 2(lane % 4) and +1; c2 c3
// eight rows down. Planted faults: rows 0-7 and 8-15 swapped within the thread pair, and the bytes
// of scale-b-data read high first.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "fragviz/probe/blackwell_probe.hpp"
#include "fragviz/probe/block_scale_probe.hpp"
#include "fragviz/report/report_json.hpp"

namespace {

using fragviz::ScaleOperand;
using Regs = std::array<std::array<std::uint32_t, 4>, 32>;

float ue8m0(std::uint32_t word, int byte) {
  return std::ldexp(1.0f, static_cast<int>((word >> (8 * byte)) & 0xFF) - 127);
}

enum class Fault { none, swapped_pair, b_bytes_reversed };

Regs emulate(const fragviz::BlockScaleProbePlan& p, Fault fault) {
  Regs d{};
  for (int lane = 0; lane < 32; ++lane)
    for (int i = 0; i < 4; ++i) {
      const int row = lane / 4 + 8 * (i / 2), col = 2 * (lane % 4) + i % 2;
      const int upper = fault == Fault::swapped_pair ? 1 - row / 8 : row / 8;
      const int a_lane = 4 * (row % 8) + 2 * p.sel_a.thread_id + upper;
      const int b_lane = 4 * col + p.sel_b.thread_id;
      const int b_byte = fault == Fault::b_bytes_reversed ? 3 - p.sel_b.byte_id : p.sel_b.byte_id;
      const float v = 32.0f * ue8m0(p.sfa[static_cast<std::size_t>(a_lane)], p.sel_a.byte_id) *
                      ue8m0(p.sfb[static_cast<std::size_t>(b_lane)], b_byte);
      std::memcpy(&d[static_cast<std::size_t>(lane)][static_cast<std::size_t>(i)], &v, sizeof v);
    }
  return d;
}

TEST(BlockScaleProbe, PlanLabelsEveryByteOfTheProbedOperandOnly) {
  ASSERT_NE(fragviz::block_scale_probe_instruction(), nullptr);
  const auto p = fragviz::plan_block_scale_probe(ScaleOperand::A, {0, 0});
  EXPECT_EQ(p.sfa[0], 0x4241403Fu);   // lane 0: 2^-64 .. 2^-61 (ue8m0 63 .. 66)
  EXPECT_EQ(p.sfa[31], 0xBEBDBCBBu);  // lane 31: labels 124-127, ue8m0 187-190
  EXPECT_EQ(p.sfb[7], 0x7F7F7F7Fu);   // B: 2^0 in every byte
}

TEST(BlockScaleProbe, JudgesBothOperandsAndBothSelectors) {
  for (ScaleOperand op : {ScaleOperand::A, ScaleOperand::B})
    for (const fragviz::ScaleSelector sel : fragviz::kBlockScaleProbeSelectors) {
      const auto plan = fragviz::plan_block_scale_probe(op, sel);
      const fragviz::MatrixMoveProbe r = fragviz::judge_block_scale_probe(plan, emulate(plan, Fault::none));
      EXPECT_TRUE(r.ran);
      EXPECT_EQ(r.cells.size(), 128u);
      EXPECT_EQ(r.mismatches(), 0) << r.mnemonic;
    }
  // Row 9 of A under {3, 1}: lane 4 * 1 + 2 + 1 = 7, byte 3.
  const auto plan = fragviz::plan_block_scale_probe(ScaleOperand::A, {3, 1});
  const auto r = fragviz::judge_block_scale_probe(plan, emulate(plan, Fault::none));
  bool seen = false;
  for (const auto& c : r.cells)
    if (c.lane == 9) {
      EXPECT_EQ(c.expected.row, 7);
      EXPECT_EQ(c.expected.col, 3);
      seen = true;
    }
  EXPECT_TRUE(seen);
  EXPECT_EQ(r.mnemonic,
            "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e4m3.f32."
            "ue8m0 sfa "
            "{3, 1}");
}

TEST(BlockScaleProbe, SeesPlantedFaults) {
  // The thread pair's rows swapped: every element of A's 16 rows is scaled by the wrong lane.
  const auto a = fragviz::plan_block_scale_probe(ScaleOperand::A, {0, 0});
  EXPECT_EQ(fragviz::judge_block_scale_probe(a, emulate(a, Fault::swapped_pair)).mismatches(), 128);
  // B's bytes read high first: byte-id 0 reads byte 3, so every column is wrong; A's pass is blind to it.
  const auto b = fragviz::plan_block_scale_probe(ScaleOperand::B, {0, 0});
  EXPECT_EQ(fragviz::judge_block_scale_probe(b, emulate(b, Fault::b_bytes_reversed)).mismatches(), 128);
  EXPECT_EQ(fragviz::judge_block_scale_probe(a, emulate(a, Fault::b_bytes_reversed)).mismatches(), 0);
  // A value that is no single labelled power of two (two bytes summed) is measured as nothing.
  Regs d = emulate(a, Fault::none);
  const float three = 3.0f;
  std::memcpy(&d[0][0], &three, sizeof three);
  EXPECT_EQ(fragviz::judge_block_scale_probe(a, d).mismatches(), 1);
}

// fragviz-cli probe --instr block-scale reaches it through the Blackwell names, and a saved report
// with it (one fault planted) reads back with its cells.
TEST(BlockScaleProbe, IsNamedAndReportsRoundTrip) {
  EXPECT_TRUE(fragviz::is_blackwell_probe_name("block-scale"));
  const auto a = fragviz::plan_block_scale_probe(ScaleOperand::A, {3, 1});
  EXPECT_TRUE(fragviz::is_blackwell_probe_name(fragviz::block_scale_probe_name(a)));
  fragviz::ProbeReport r;
  r.moves.push_back(fragviz::judge_block_scale_probe(a, emulate(a, Fault::swapped_pair)));
  fragviz::ReportFile f;
  f.probe = r;
  const std::string text = fragviz::to_json_text(f);
  const auto back = fragviz::parse_report(text);
  ASSERT_TRUE(back) << back.error.message;
  EXPECT_EQ(fragviz::to_json_text(*back.value), text);
  EXPECT_EQ(back.value->probe->moves[0].mismatches(), 128);
}

}  // namespace
