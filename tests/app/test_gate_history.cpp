// The gate history's bound (gate_history.hpp): only the newest run keeps its n x n output and
// reference; older rows keep every figure the history table shows; the table keeps at most
// kMaxRows rows and its run numbers do not shift when old rows go.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "fragviz/report/report_json.hpp"
#include "gate_history.hpp"

namespace fragviz::app {
namespace {

/// A live run at `n` holding its output and reference, as run_gate returns it.
std::shared_ptr<const GateReport> run_at(int n, std::uint64_t seed) {
  auto g = std::make_shared<GateReport>();
  g->created_utc = "2026-12-01T11:36:44Z";
  g->device.present = true;
  g->device.name = "NVIDIA H200";
  g->device.cc_major = 9;
  g->request.n = n;
  g->request.seed = seed;
  g->request.variant = GateVariant::broken_swap_b;
  g->ran = true;
  g->exact = false;
  g->mismatch_count = 2;
  g->first = Mismatch{0, 8, 1.5f, 2.f};
  g->mismatches = {Mismatch{0, 8, 1.5f, 2.f}, Mismatch{0, 9, 0.f, 1.f}};
  g->spot_checks = 2048;
  g->kernel_ms = 0.25;
  g->gflops = 1000;
  g->cublas_ms = 0.05;
  g->cublas_gflops = 5000;
  g->ratio_to_cublas = 0.2;
  g->resources.registers = 60;
  g->resources.ptxas = "Used 60 registers";
  g->verdict_ms = 4.5;
  const std::size_t cells = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
  g->output.assign(cells, 1.f);
  g->reference.assign(cells, 1.f);
  return g;
}

std::uint64_t matrices(int n) {
  return 2ull * 4ull * static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n);
}

TEST(GateHistory, OnlyTheNewestRunKeepsItsMatrices) {
  GateHistory h;
  std::shared_ptr<const GateReport> last;
  for (int i = 0; i < 6; ++i) {
    last = run_at(512, static_cast<std::uint64_t>(i));
    h.add(GateRun{last, "live", 0});
  }
  ASSERT_EQ(h.size(), 6u);
  for (std::size_t i = 0; i + 1 < h.size(); ++i) {
    EXPECT_TRUE(h.rows()[i].report->output.empty()) << i;
    EXPECT_TRUE(h.rows()[i].report->reference.empty()) << i;
    EXPECT_TRUE(h.rows()[i].report->mismatches.empty()) << i;
  }
  EXPECT_EQ(h.rows().back().report, last);
  // Six runs at n = 512 hold what one holds: its two 512 x 512 float matrices and two mismatches.
  EXPECT_EQ(h.data_bytes(), matrices(512) + 2 * sizeof(Mismatch));
}

TEST(GateHistory, BoundHoldsAtLargeSizes) {
  GateHistory h;
  for (int i = 0; i < 8; ++i) h.add(GateRun{run_at(1024, 1), "live", 0});
  EXPECT_LE(h.data_bytes(), matrices(1024) + 2 * sizeof(Mismatch));
}

TEST(GateHistory, SummaryKeepsEveryFigureTheTableShows) {
  const auto full = run_at(256, 7);
  const auto s = gate_summary(*full);
  EXPECT_TRUE(s->output.empty());
  EXPECT_TRUE(s->reference.empty());
  EXPECT_TRUE(s->mismatches.empty());
  EXPECT_EQ(s->request.variant, GateVariant::broken_swap_b);
  EXPECT_EQ(s->request.n, 256);
  EXPECT_EQ(s->request.seed, 7u);
  EXPECT_EQ(s->mismatch_count, 2u);
  ASSERT_TRUE(s->first);
  EXPECT_EQ(s->first->col, 8);
  EXPECT_EQ(s->kernel_ms, 0.25);
  EXPECT_EQ(s->gflops, 1000);
  EXPECT_EQ(s->ratio_to_cublas, 0.2);
  // Every field a report file has, apart from the mismatch list, is the original's.
  GateReport without_list = *full;
  without_list.mismatches.clear();
  ReportFile a, b;
  a.gate = without_list;
  b.gate = *s;
  EXPECT_EQ(to_json_text(b), to_json_text(a));
  EXPECT_EQ(full->output.size(), 256u * 256u) << "the original is left as it was";
}

TEST(GateHistory, OldestRowsGoBeyondTheLimitAndNumbersStay) {
  GateHistory h;
  auto tiny = std::make_shared<const GateReport>();
  const std::size_t total = GateHistory::kMaxRows + 100;
  for (std::size_t i = 0; i < total; ++i) h.add(GateRun{tiny, "live", 0});
  EXPECT_EQ(h.size(), GateHistory::kMaxRows);
  EXPECT_EQ(h.number(0), 101u);
  EXPECT_EQ(h.number(h.size() - 1), total);
}

TEST(GateHistory, ClosingAReportRemovesOnlyItsRows) {
  GateHistory h;
  h.add(GateRun{run_at(256, 1), "live", 0});
  h.add(GateRun{std::make_shared<const GateReport>(), "a.json", 3});
  h.add(GateRun{run_at(256, 2), "live", 0});
  h.remove_report(3);
  ASSERT_EQ(h.size(), 2u);
  EXPECT_EQ(h.number(0), 1u);
  EXPECT_EQ(h.number(1), 3u);
  h.remove_report(0);  // live runs are never removed this way
  EXPECT_EQ(h.size(), 2u);
}

}  // namespace
}  // namespace fragviz::app
