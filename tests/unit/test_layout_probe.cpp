// `probe --layout`'s host half (fragviz/probe/layout_probe.hpp): the plan's refusals, the labels each
// lane should receive (hand-derived, and against received_element, which derives them another
// way: from each row address's bytes in analyze_access), judging raw words, ncu's CSV and the
// report round trip. The kernel itself is tests/gpu/test_layout_probe_gpu.cpp.
#include <gtest/gtest.h>

#include "fragviz/probe/layout_probe.hpp"
#include "fragviz/report/report_diff.hpp"
#include "fragviz/report/report_json.hpp"

namespace fragviz {
namespace {

LayoutProbeRequest request(const std::string& write, const std::string& read = "",
                           const std::string& lanes = "explorer") {
  LayoutProbeRequest r;
  r.write_layout = write;
  r.read_layout = read;
  r.lanes = lanes;
  return r;
}

TEST(LayoutProbePlan, ExpectedLabelsAgreeWithReceivedElement) {
  for (bool trans : {false, true}) {
    LayoutProbeRequest r = request("Swizzle<3,3,3> o (16,64):(64,1)");
    r.ldmatrix.trans = trans;
    const auto p = plan_layout_probe(r);
    ASSERT_TRUE(p) << p.error.message;
    ASSERT_EQ(p->slots(), 8);
    for (int lane = 0; lane < 32; ++lane)
      for (int slot = 0; slot < 8; ++slot)
        EXPECT_EQ(p->element_of(p->expected_raw(lane, slot)),
                  received_element(p->model, lane, slot / 2, slot % 2))
            << "lane " << lane << " slot " << slot << " trans " << trans;
  }
}

TEST(LayoutProbePlan, HandDerivedLabels) {
  // Plain 64-half rows. Lane 5, register 1 (matrix 1: rows 8-15, col 0), high half: row 8 + 5/4 = 9,
  // col (5 % 4) * 2 + 1 = 3: label 9 * 64 + 3 + 1 = 580.
  const auto p = plan_layout_probe(request("(16,64):(64,1)"));
  ASSERT_TRUE(p);
  EXPECT_EQ(p->expected_raw(0, 0), 1u);
  EXPECT_EQ(p->expected_raw(5, 3), 580u);
  // Written swizzled, read plain: lane 4's register 0 low half is row 1, col 0 of matrix 0, read
  // at byte 128 = element 64, where Swizzle<3,3,3> put (1, 8) (chunk 1 ^ row 1 = 0): label 73.
  const auto q = plan_layout_probe(request("Swizzle<3,3,3> o (16,64):(64,1)", "(16,64):(64,1)"));
  ASSERT_TRUE(q);
  EXPECT_EQ(q->expected_raw(4, 0), 73u);
  ASSERT_TRUE(q->trip.has_value());
  EXPECT_FALSE(q->trip->agree());
}

TEST(LayoutProbePlan, PlainLoadSlots) {
  // LDS.64 of b32: lane 9 at (1, 2): slot 0 = (1, 2), label 1 * 32 + 2 + 1 = 35; slot 1 = (1, 3), 36.
  LayoutProbeRequest r = request("(8,32):(32,1)", "", "row=lane&7, col=2*(lane>>3)");
  r.op = SharedOp::lds64;
  r.element_type = "b32";
  const auto p = plan_layout_probe(r);
  ASSERT_TRUE(p) << p.error.message;
  ASSERT_EQ(p->slots(), 2);
  EXPECT_EQ(p->expected_raw(9, 0), 35u);
  EXPECT_EQ(p->expected_raw(9, 1), 36u);
  EXPECT_EQ(p->element_of(36), (Coord{1, 3}));
  EXPECT_EQ(p->element_of(0), std::nullopt);
  EXPECT_EQ(p->element_of(8 * 32 + 1), std::nullopt);
}

TEST(LayoutProbePlan, RefusalsBeforeAnyLaunch) {
  LayoutProbeRequest st = request("(16,64):(64,1)");
  st.op = SharedOp::stmatrix;
  EXPECT_FALSE(plan_layout_probe(st));
  LayoutProbeRequest wide = request("(16,64):(64,1)");
  wide.element_type = "b32";
  EXPECT_FALSE(plan_layout_probe(wide));  // ldmatrix moves b16
  LayoutProbeRequest b8 = request("(16,64):(64,1)");
  b8.op = SharedOp::lds32;
  b8.element_type = "b8";
  const auto small = plan_layout_probe(b8);  // 1024 labels do not fit 8 bits
  ASSERT_FALSE(small);
  EXPECT_NE(small.error.message.find("1024 elements"), std::string::npos) << small.error.message;
  const auto bad = plan_layout_probe(request("(16,64):(64,1"));
  ASSERT_FALSE(bad);
  EXPECT_GT(bad.column, 0);
  EXPECT_EQ(bad.error.kind, ErrorKind::malformed);
  EXPECT_EQ(bad.error.message.rfind("--layout: col ", 0), 0u) << bad.error.message;
  const auto mis = plan_layout_probe(request("(16,64):(64,1)", "", "row=lane&15, col=8*(lane>>4)+1"));
  ASSERT_FALSE(mis);
  EXPECT_EQ(mis.error.kind, ErrorKind::refused);
  EXPECT_NE(mis.error.message.find("lanes 0-31"), std::string::npos) << mis.error.message;
}

TEST(LayoutProbeJudge, DecodesHalvesAndNamesTheLane) {
  const auto p = plan_layout_probe(request("(16,64):(64,1)"));
  ASSERT_TRUE(p);
  // What a correct ldmatrix.x4 returns over the plain tile, by hand: lane l, register j holds row
  // 8 (j % 2) + l / 4, columns 8 (j / 2) + 2 (l % 4) and + 1, labels row * 64 + col + 1.
  std::uint32_t words[32][4] = {}, offsets[32] = {};
  for (int l = 0; l < 32; ++l) {
    for (int j = 0; j < 4; ++j) {
      const int row = 8 * (j % 2) + l / 4, col = 8 * (j / 2) + 2 * (l % 4);
      words[l][j] = static_cast<std::uint32_t>(row * 64 + col + 1) |
                    static_cast<std::uint32_t>(row * 64 + col + 2) << 16;
    }
    // Row address of lane l (explorer): row 8 ((l / 8) % 2) + l % 8, col 8 (l / 16): bytes.
    offsets[l] = static_cast<std::uint32_t>(((8 * ((l / 8) % 2) + l % 8) * 64 + 8 * (l / 16)) * 2);
  }
  LayoutProbe ok = judge_layout_probe(*p, words, offsets, 4096, 1024);
  EXPECT_TRUE(ok.ran);
  EXPECT_EQ(ok.slots.size(), 32u * 8);
  EXPECT_EQ(ok.mismatches(), 0);
  EXPECT_EQ(ok.address_mismatches(), 0);
  EXPECT_DOUBLE_EQ(ok.cycles_per_instruction, 4.0);
  EXPECT_EQ(ok.model_wavefronts, 32);
  words[7][2] ^= 0x10000u;  // lane 7, register 2, high half: another label
  offsets[3] += 16;
  LayoutProbe bad = judge_layout_probe(*p, words, offsets, 0, 0);
  ASSERT_EQ(bad.mismatches(), 1);
  EXPECT_EQ(bad.address_mismatches(), 1);
  for (const LayoutSlotCheck& c : bad.slots)
    if (!c.match()) {
      EXPECT_EQ(c.lane, 7);
      EXPECT_EQ(c.slot, 5);
    }
}

TEST(LayoutProbeReport, RoundTripsAndIsJudgedAgainOnLoad) {
  const auto p = plan_layout_probe(request("Swizzle<3,3,3> o (16,64):(64,1)", "(16,64):(64,1)"));
  ASSERT_TRUE(p);
  std::uint32_t words[32][4] = {}, offsets[32] = {};
  for (int l = 0; l < 32; ++l)
    for (int j = 0; j < 4; ++j)
      words[l][j] =
          static_cast<std::uint32_t>(p->expected_raw(l, 2 * j) | p->expected_raw(l, 2 * j + 1) << 16);
  for (int l = 0; l < 32; ++l) offsets[l] = static_cast<std::uint32_t>(p->model.lanes[l].byte_address);
  LayoutProbe probe = judge_layout_probe(*p, words, offsets, 100, 8);
  probe.ncu["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"] = 32;
  ASSERT_EQ(probe.mismatches(), 0);
  ReportFile f;
  ProbeReport r;
  r.layout = std::make_shared<const LayoutProbe>(probe);
  f.probe = r;
  const std::string text = to_json_text(f);
  const auto back = parse_report(text);
  ASSERT_TRUE(back) << back.error.message;
  ASSERT_TRUE(back.value->probe && back.value->probe->layout);
  const LayoutProbe& q = *back.value->probe->layout;
  EXPECT_EQ(q.write, "Swizzle<3,3,3> o (16,64):(64,1)");
  EXPECT_EQ(q.read, "(16,64):(64,1)");
  EXPECT_EQ(q.slots.size(), probe.slots.size());
  EXPECT_EQ(q.mismatches(), 0);
  EXPECT_EQ(q.ncu.at("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"), 32);
  EXPECT_EQ(to_json_text(*back.value), text);
  // A report without "layout" still opens, without one.
  ReportFile plain;
  plain.probe = ProbeReport{};
  const auto none = parse_report(to_json_text(plain));
  ASSERT_TRUE(none) << none.error.message;
  EXPECT_EQ(none.value->probe->layout, nullptr);
}

TEST(LayoutProbeReport, DiffNamesTheLaneAndSlotThatDiffer) {
  const auto p = plan_layout_probe(request("(16,64):(64,1)"));
  ASSERT_TRUE(p);
  std::uint32_t words[32][4] = {}, offsets[32] = {};
  LayoutProbe a = judge_layout_probe(*p, words, offsets, 100, 8);
  words[9][1] = 0x00050000u;  // lane 9, register 1, high half: label 5
  LayoutProbe b = judge_layout_probe(*p, words, offsets, 200, 8);
  ReportFile fa, fb;
  fa.probe = ProbeReport{};
  fb.probe = ProbeReport{};
  fa.probe->layout = std::make_shared<const LayoutProbe>(a);
  fb.probe->layout = std::make_shared<const LayoutProbe>(b);
  const ReportDiff d = diff_reports(fa, fb);
  ASSERT_EQ(d.content(), 1u);
  EXPECT_EQ(d.timings(), 1u);  // cycles per load
  for (const ReportDifference& x : d.differences)
    if (!x.timing) {
      EXPECT_EQ(x.area, DiffArea::layout);
      EXPECT_EQ(x.lane, 9);
      EXPECT_EQ(x.element, 3);
      EXPECT_EQ(x.line(), "probe.layout.slots[lane 9 slot 3]: A 0, B 5");
    }
  fb.probe->layout = nullptr;
  const ReportDiff gone = diff_reports(fa, fb);
  ASSERT_EQ(gone.content(), 1u);
  EXPECT_EQ(gone.differences[0].b, "absent");
}

TEST(NcuCsv, MetricRowsAreSummedAndSeparatorsDropped) {
  const std::string csv =
      "==PROF== Connected to process 4242 (/opt/fragviz/bin/fragviz-cli)\n"
      "==PROF== Profiling \"layout_probe_kernel\" - 0: 0%....50%....100% - 1 pass\n"
      "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\",\"Stream\",\"Block "
      "Size\",\"Grid Size\",\"Device\",\"CC\",\"Section Name\",\"Metric Name\",\"Metric Unit\",\"Metric "
      "Value\"\n"
      "\"0\",\"4242\",\"fragviz-cli\",\"127.0.0.1\",\"void layout_probe_kernel<2>(LayoutProbeArgs, "
      "LayoutProbeOut "
      "*)\",\"1\",\"7\",\"(32, 1, 1)\",\"(1, 1, 1)\",\"0\",\"9.0\",\"Command line profiler "
      "metrics\",\"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum\",\"\",\"28\"\n"
      "\"0\",\"4242\",\"fragviz-cli\",\"127.0.0.1\",\"void layout_probe_kernel<2>(LayoutProbeArgs, "
      "LayoutProbeOut "
      "*)\",\"1\",\"7\",\"(32, 1, 1)\",\"(1, 1, 1)\",\"0\",\"9.0\",\"Command line profiler "
      "metrics\",\"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum\",\"\",\"1,032\"\n";
  const auto m = parse_ncu_csv(csv);
  ASSERT_TRUE(m) << m.error.message;
  EXPECT_EQ(m->size(), 2u);
  EXPECT_EQ(m->at("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"), 1032);
  EXPECT_EQ(m->at("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"), 28);
  EXPECT_FALSE(parse_ncu_csv("==PROF== No kernels were profiled.\n"));
  EXPECT_EQ(ncu_metrics(SharedOp::ldmatrix)[0], "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum");
  EXPECT_EQ(ncu_metrics(SharedOp::ldmatrix)[1], "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum");
}

}  // namespace
}  // namespace fragviz
