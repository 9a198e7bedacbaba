// A recorded ladder bench in the gate panel's ladder (gate_ladder_run.hpp): the rows of a bench CSV
// (lines as in docs/device-runs/2026-12-01-h200-ladder-final/bench.csv) become the table's rows,
// figures as recorded; opening one keeps this session's ladder run, closing it gives that run back,
// and a new run replaces the recorded bench.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "gate_ladder_run.hpp"

namespace fragviz::app {
namespace {

const char* kBench =
    "variant,n,ms,tflops,ratio_to_cublas,exact,registers,smem_bytes,spill_bytes\n"
    "cublas,4096,0.18061,760.98,1.000,,,,\n"
    "reg-db-128x256,4096,0.30621,448.84,0.590,yes,230,98304,0\n"
    "wgmma-persistent,4096,0.17632,779.49,1.024,yes,168,197696,0\n"
    "wgmma-cluster,4096,,,,refused,,,\n"
    "ldmatrix-k8,4096,1.0,137.4,0.181,no,60,9728,0\n";

std::shared_ptr<const LadderResult> bench(const std::string& path) {
  const auto t = parse_bench_csv(kBench);
  EXPECT_TRUE(t) << t.error.message;
  return std::make_shared<const LadderResult>(ladder_from_bench(*t.value, path));
}

TEST(LadderBench, TheFilesNotesComeWithIt) {
  auto t = parse_bench_csv(std::string("# note: cuBLAS ran slow at 4096\n") + kBench);
  ASSERT_TRUE(t) << t.error.message;
  EXPECT_EQ(ladder_from_bench(*t.value, "b.csv").recorded_notes,
            (std::vector<std::string>{"cuBLAS ran slow at 4096"}));
  EXPECT_TRUE(bench("b.csv")->recorded_notes.empty());
}

TEST(LadderBench, RowsAndFiguresAsRecorded) {
  const auto r = bench("runs/bench.csv");
  EXPECT_EQ(r->recorded, "runs/bench.csv");
  ASSERT_EQ(r->rows.size(), 4u);
  ASSERT_EQ(r->cublas_ms.size(), 1u);
  EXPECT_EQ(r->cublas_ms[0], (std::pair<int, double>{4096, 0.18061}));
  const LadderRow& p = r->rows[1];
  EXPECT_EQ(p.variant, GateVariant::wgmma_persistent);
  EXPECT_EQ(p.n, 4096);
  ASSERT_TRUE(p.report);
  EXPECT_DOUBLE_EQ(p.report->gflops, 779490.0);  // 779.49 TFLOP/s
  EXPECT_DOUBLE_EQ(p.report->kernel_ms, 0.17632);
  EXPECT_DOUBLE_EQ(p.ratio_to_cublas, 1.024);
  EXPECT_TRUE(p.report->exact);
  EXPECT_EQ(p.report->resources.registers, 168);
  EXPECT_EQ(p.report->resources.static_shared_bytes + p.report->resources.dynamic_shared_bytes, 197696);
  const LadderRow& refused = r->rows[2];
  EXPECT_FALSE(refused.report);
  EXPECT_EQ(refused.refusal, "refused when recorded (the bench CSV keeps no reason)");
  const LadderRow& wrong = r->rows[3];
  ASSERT_TRUE(wrong.report);
  EXPECT_FALSE(wrong.report->exact);
}

TEST(LadderBench, OpeningKeepsThisSessionsRunAndClosingGivesItBack) {
  GateLadderState l;
  auto run = std::make_shared<LadderResult>();
  run->rows.push_back(LadderRow{GateVariant::ldmatrix_k8, 2048, nullptr, "no CUDA device", 0});
  take_live_ladder(l, run);
  show_recorded_bench(l, bench("a.csv"));
  EXPECT_EQ(l.result->recorded, "a.csv");
  EXPECT_EQ(l.live_before, run);
  show_recorded_bench(l, bench("b.csv"));  // a second bench replaces the first, not the run
  EXPECT_EQ(l.result->recorded, "b.csv");
  EXPECT_EQ(l.live_before, run);
  close_recorded_bench(l);
  EXPECT_EQ(l.result, run);
  EXPECT_FALSE(l.live_before);
  close_recorded_bench(l);  // nothing recorded: the run stays
  EXPECT_EQ(l.result, run);
}

TEST(LadderBench, ANewRunReplacesTheRecordedBench) {
  GateLadderState l;
  show_recorded_bench(l, bench("a.csv"));
  EXPECT_FALSE(l.live_before);
  auto run = std::make_shared<LadderResult>();
  take_live_ladder(l, run);
  EXPECT_EQ(l.result, run);
  close_recorded_bench(l);
  EXPECT_EQ(l.result, run);
}

}  // namespace
}  // namespace fragviz::app
