// The ladder table's pivot (gate_ladder_run.hpp): a bench's rows of variant and n become one row per
// variant with a cell per size (newcomer issue 22: 51 rows, one per variant and n, took scrolling to
// compare a rung across sizes). Checked on the committed H100 bench of session 26, the file the
// newcomer opened; the expected rows and figures are that file's lines.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gate_ladder_run.hpp"

namespace fragviz::app {
namespace {

LadderResult session26() {
  std::ifstream in(FRAGVIZ_SOURCE_DIR "/docs/device-runs/2026-12-07-h100-session26/bench.csv");
  std::stringstream text;
  text << in.rdbuf();
  const auto t = parse_bench_csv(text.str());
  EXPECT_TRUE(t) << t.error.message;
  return ladder_from_bench(*t.value, "bench.csv");
}

TEST(LadderPivot, OneRowPerVariantAndAColumnGroupPerSize) {
  const LadderResult r = session26();
  ASSERT_EQ(r.rows.size(), 51u);  // 17 variants at 3 sizes, the cuBLAS lines apart
  const LadderPivot p = pivot_ladder(r.rows, r.cublas_ms);
  EXPECT_EQ(p.sizes, (std::vector<int>{2048, 4096, 8192}));
  const std::vector<std::string> want = {
      "ldmatrix-k8",      "scalar-b-k8",   "ldmatrix-k16",   "cp-async-db",     "multistage",    "tile-128",
      "swizzle-xor",      "reg-db",        "reg-db-128x256", "stream-k",        "wgmma-tma",     "wgmma-ws",
      "wgmma-persistent", "wgmma-cluster", "wgmma-pingpong", "wgmma-tma-store", "wgmma-stream-k"};
  std::vector<std::string> got;
  for (const LadderPivot::Row& row : p.rows) got.emplace_back(to_string(row.variant));
  EXPECT_EQ(got, want);
  // Every cell holds its own variant's row at its own size, each row in exactly one cell.
  std::vector<int> used(r.rows.size(), 0);
  for (const LadderPivot::Row& row : p.rows) {
    ASSERT_EQ(row.cells.size(), 3u);
    for (std::size_t c = 0; c < 3; ++c) {
      ASSERT_GE(row.cells[c], 0) << to_string(row.variant) << " at " << p.sizes[c];
      const LadderRow& cell = r.rows[static_cast<std::size_t>(row.cells[c])];
      EXPECT_EQ(cell.variant, row.variant);
      EXPECT_EQ(cell.n, p.sizes[c]);
      ++used[static_cast<std::size_t>(row.cells[c])];
    }
  }
  EXPECT_EQ(std::count(used.begin(), used.end(), 1), 51);
  // Figures as the file's lines give them.
  auto figure = [&](std::size_t row, std::size_t size) {
    const LadderRow& cell = r.rows[static_cast<std::size_t>(p.rows[row].cells[size])];
    return std::make_pair(cell.report->gflops / 1000.0, cell.ratio_to_cublas);
  };
  EXPECT_DOUBLE_EQ(figure(0, 1).first, 142.30);  // ldmatrix-k8,4096,0.96587,142.30,0.182
  EXPECT_DOUBLE_EQ(figure(0, 1).second, 0.182);
  EXPECT_DOUBLE_EQ(figure(16, 2).first, 894.31);  // wgmma-stream-k,8192,1.22946,894.31,1.029
  EXPECT_DOUBLE_EQ(figure(16, 2).second, 1.029);
  EXPECT_DOUBLE_EQ(figure(16, 0).first, 507.20);  // wgmma-stream-k,2048,0.03387,507.20,0.991
  EXPECT_EQ(p.cublas_ms, (std::vector<double>{0.03355, 0.17536, 1.26522}));
}

TEST(LadderPivot, ASingleSizeAndCellsNotRunOrNotYetRun) {
  // A live run part way: ldmatrix-k8 at 2048 refused, nothing at 4096 yet, no cuBLAS there either.
  std::vector<LadderRow> rows;
  rows.push_back(LadderRow{GateVariant::ldmatrix_k8, 2048, nullptr, "needs sm_80", 0});
  rows.push_back(LadderRow{GateVariant::wgmma_tma, 2048, nullptr, "", 0});
  rows.push_back(LadderRow{GateVariant::wgmma_tma, 4096, nullptr, "", 0});
  const LadderPivot p = pivot_ladder(rows, {{2048, 0.5}});
  EXPECT_EQ(p.sizes, (std::vector<int>{2048, 4096}));
  ASSERT_EQ(p.rows.size(), 2u);
  EXPECT_EQ(p.rows[0].variant, GateVariant::ldmatrix_k8);
  EXPECT_EQ(p.rows[0].cells, (std::vector<int>{0, -1}));
  EXPECT_EQ(p.rows[1].variant, GateVariant::wgmma_tma);
  EXPECT_EQ(p.rows[1].cells, (std::vector<int>{1, 2}));
  EXPECT_EQ(p.cublas_ms, (std::vector<double>{0.5, 0}));
  const LadderPivot one = pivot_ladder({rows[0]}, {});
  EXPECT_EQ(one.sizes, (std::vector<int>{2048}));
  EXPECT_EQ(one.cublas_ms, (std::vector<double>{0}));
}

TEST(LadderPivot, TheGeometryOnlyTableHasNoSizes) {
  // No run, no bench: one row per variant (n 0), no column group.
  const LadderPivot p = pivot_ladder({LadderRow{GateVariant::ldmatrix_k8, 0, nullptr, "", 0},
                                      LadderRow{GateVariant::reg_db, 0, nullptr, "", 0}},
                                     {});
  EXPECT_TRUE(p.sizes.empty());
  ASSERT_EQ(p.rows.size(), 2u);
  EXPECT_EQ(p.rows[1].variant, GateVariant::reg_db);
  EXPECT_TRUE(p.rows[1].cells.empty());
}

}  // namespace
}  // namespace fragviz::app
