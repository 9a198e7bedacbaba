// The ladder bench's CSV read back (bench_csv.hpp): the H200 bench pinned in tests/fixtures/bench/
// (docs/device-runs/2026-12-01-h200-ladder-final/bench.csv, byte for byte), its figures read off the
// file by hand, and each refusal on text made here.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "fragviz/gate/bench_csv.hpp"

using namespace fragviz;

namespace {

std::string fixture_text() {
  std::ifstream in(std::string(FRAGVIZ_FIXTURES_DIR) + "/bench/h200-2026-12-01-ladder-final.csv",
                   std::ios::binary);
  EXPECT_TRUE(in) << "the pinned bench CSV is missing";
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const BenchRow* find(const BenchTable& t, GateVariant v, int n) {
  for (const BenchRow& r : t.rows)
    if (r.variant == v && r.n == n) return &r;
  return nullptr;
}

std::string refusal(const std::string& text) {
  const auto r = parse_bench_csv(text);
  EXPECT_FALSE(r) << text;
  if (r) return {};
  EXPECT_EQ(r.error.kind, ErrorKind::refused);
  return r.error.message;
}

const std::string kHeader = std::string(kBenchCsvHeader) + "\n";

}  // namespace

TEST(BenchCsv, ThePinnedH200BenchReadsBack) {
  const auto r = parse_bench_csv(fixture_text());
  ASSERT_TRUE(r) << r.error.message;
  const BenchTable& t = *r.value;
  // 56 lines after the header: 4 sizes x (1 cuBLAS + 13 variants).
  EXPECT_EQ(t.rows.size(), 52u);
  ASSERT_EQ(t.cublas.size(), 4u);
  EXPECT_EQ(t.cublas[0].n, 1024);
  ASSERT_NE(t.cublas_at(4096), nullptr);
  EXPECT_DOUBLE_EQ(t.cublas_at(4096)->ms, 0.18061);
  EXPECT_DOUBLE_EQ(t.cublas_at(4096)->tflops, 760.98);
  EXPECT_EQ(t.cublas_at(512), nullptr);
  // Line 3: ldmatrix-k8,1024,0.02523,85.11,0.585,yes,60,9728,0
  const BenchRow& first = t.rows.front();
  EXPECT_EQ(first.variant, GateVariant::ldmatrix_k8);
  EXPECT_EQ(first.n, 1024);
  EXPECT_EQ(first.verdict, BenchVerdict::exact);
  EXPECT_DOUBLE_EQ(*first.ms, 0.02523);
  EXPECT_DOUBLE_EQ(*first.tflops, 85.11);
  EXPECT_DOUBLE_EQ(*first.ratio_to_cublas, 0.585);
  EXPECT_EQ(*first.registers, 60);
  EXPECT_EQ(*first.smem_bytes, 9728);
  EXPECT_EQ(*first.spill_bytes, 0);
  // Line 42: wgmma-persistent,4096,0.17632,779.49,1.024,yes,168,197696,0 (faster than cuBLAS).
  const BenchRow* p = find(t, GateVariant::wgmma_persistent, 4096);
  ASSERT_NE(p, nullptr);
  EXPECT_DOUBLE_EQ(*p->tflops, 779.49);
  EXPECT_DOUBLE_EQ(*p->ratio_to_cublas, 1.024);
  EXPECT_EQ(*p->smem_bytes, 197696);
  // Line 25: reg-db-128x256,2048,0.04650,369.49,0.772,yes,230,98304,0
  const BenchRow* q = find(t, GateVariant::reg_db_128x256, 2048);
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(*q->registers, 230);
  EXPECT_DOUBLE_EQ(*q->ms, 0.0465);
  for (const BenchRow& row : t.rows) EXPECT_EQ(row.verdict, BenchVerdict::exact);  // every rung exact
}

TEST(BenchCsv, RowsThatDidNotRunAndMismatches) {
  const auto r = parse_bench_csv(kHeader +
                                 "cublas,2048,0.03587,478.92,1.000,,,,\r\n"
                                 "ldmatrix-k8,2048,0.13528,126.99,0.265,no,60,9728,0\r\n"
                                 "wgmma-tma,2048,,,,refused,,,\r\n"
                                 "\r\n"
                                 "tile-128,2048,,,,error,,,\r\n"
                                 "multistage,4096,0.5,200,,yes,48,38912,0\n");
  ASSERT_TRUE(r) << r.error.message;
  const BenchTable& t = *r.value;
  ASSERT_EQ(t.rows.size(), 4u);
  EXPECT_EQ(t.rows[0].verdict, BenchVerdict::mismatch);
  EXPECT_TRUE(t.rows[0].ran());
  EXPECT_EQ(t.rows[1].verdict, BenchVerdict::refused);
  EXPECT_FALSE(t.rows[1].ran());
  EXPECT_FALSE(t.rows[1].ms.has_value());
  EXPECT_EQ(t.rows[2].verdict, BenchVerdict::error);
  EXPECT_FALSE(t.rows[3].ratio_to_cublas.has_value());  // no cuBLAS row at 4096
}

// Newcomer round 26: a recorded bench did not say which GPU it ran on. The "# gpu: " line does;
// other comment lines before the header are notes, and a file without one reads as before.
TEST(BenchCsv, TheGpuLineNamesTheCard) {
  const std::string row = "ldmatrix-k8,2048,0.13528,126.99,,yes,60,9728,0\n";
  const auto r =
      parse_bench_csv("# gpu: NVIDIA H200 (sm_90)\r\n# added from the run's README\n" + kHeader + row);
  ASSERT_TRUE(r) << r.error.message;
  EXPECT_EQ(r.value->gpu, "NVIDIA H200 (sm_90)");
  EXPECT_EQ(r.value->rows.size(), 1u);
  const auto older = parse_bench_csv(kHeader + row);
  ASSERT_TRUE(older) << older.error.message;
  EXPECT_EQ(older.value->gpu, "");
  EXPECT_NE(refusal("# gpu: \n" + kHeader + row).find("line 1: the GPU line names no GPU"),
            std::string::npos);
  EXPECT_NE(refusal("# gpu: " + std::string(201, 'x') + "\n" + kHeader + row).find("over 200 characters"),
            std::string::npos);
  EXPECT_NE(refusal("# gpu: A\n# gpu: B\n" + kHeader + row).find("line 2: a second \"# gpu: \" line"),
            std::string::npos);
  // A comment after the header is no row.
  EXPECT_NE(refusal(kHeader + "# gpu: A\n" + row).find("line 2: 1 fields"), std::string::npos);
}

// Newcomer round 28: the 4096 ratios of a recorded bench were high because cuBLAS ran slow in that
// run, which only the docs said. A "# note: " line before the header carries such a caveat with the
// figures; other comments stay provenance only.
TEST(BenchCsv, NoteLinesAreKeptInOrder) {
  const std::string row = "ldmatrix-k8,2048,0.13528,126.99,,yes,60,9728,0\n";
  const auto r = parse_bench_csv(
      "# gpu: G\n# note: cuBLAS ran slow at 4096\n# added later\n# note: second\r\n" + kHeader + row);
  ASSERT_TRUE(r) << r.error.message;
  EXPECT_EQ(r.value->notes, (std::vector<std::string>{"cuBLAS ran slow at 4096", "second"}));
  // Whole up to its 400 characters (a message's echo would clip it at 80).
  const std::string long_note(400, 'n');
  EXPECT_EQ(parse_bench_csv("# note: " + long_note + "\n" + kHeader + row).value->notes.at(0), long_note);
  EXPECT_TRUE(parse_bench_csv(kHeader + row).value->notes.empty());
  EXPECT_NE(refusal("# note: \n" + kHeader + row).find("line 1: the note is empty"), std::string::npos);
  EXPECT_NE(refusal("# note: " + std::string(401, 'x') + "\n" + kHeader + row).find("over 400 characters"),
            std::string::npos);
  std::string nine;
  for (int i = 0; i < 9; ++i) nine += "# note: n\n";
  EXPECT_NE(refusal(nine + kHeader + row).find("line 9: a ninth note"), std::string::npos);
}

TEST(BenchCsv, EachRefusalNamesTheLineAndWhy) {
  EXPECT_NE(refusal("").find("empty"), std::string::npos);
  EXPECT_NE(refusal("variant,n,ms\n").find("line 1: the header is \"variant,n,ms\""), std::string::npos);
  EXPECT_NE(refusal(kHeader).find("no variant rows"), std::string::npos);
  EXPECT_NE(refusal(kHeader + "cublas,1024,0.01,1,1.000,,,,\n").find("no variant rows"), std::string::npos);
  EXPECT_NE(refusal(kHeader + "ldmatrix-k8,1024,0.02,85,0.5,yes,60,9728\n").find("line 2: 8 fields"),
            std::string::npos);
  EXPECT_NE(refusal(kHeader + "fast-kernel,1024,0.02,85,0.5,yes,60,9728,0\n")
                .find("line 2: variant \"fast-kernel\" is no gate variant"),
            std::string::npos);
  EXPECT_NE(refusal(kHeader + "user-kernel,1024,0.02,85,0.5,yes,60,9728,0\n").find("no gate variant"),
            std::string::npos);
  EXPECT_NE(refusal(kHeader + "ldmatrix-k8,100,0.02,85,0.5,yes,60,9728,0\n").find("n \"100\""),
            std::string::npos);
  EXPECT_NE(refusal(kHeader + "ldmatrix-k8,,0.02,85,0.5,yes,60,9728,0\n").find("n is empty"),
            std::string::npos);
  EXPECT_NE(refusal(kHeader + "ldmatrix-k8,1024,-1,85,0.5,yes,60,9728,0\n").find("ms \"-1\""),
            std::string::npos);
  EXPECT_NE(refusal(kHeader + "ldmatrix-k8,1024,0.02,nan,0.5,yes,60,9728,0\n").find("tflops \"nan\""),
            std::string::npos);
  EXPECT_NE(refusal(kHeader + "ldmatrix-k8,1024,0.02,85,0.5,maybe,60,9728,0\n").find("exact \"maybe\""),
            std::string::npos);
  EXPECT_NE(refusal(kHeader + "ldmatrix-k8,1024,0.02,,0.5,yes,60,9728,0\n").find("needs ms and tflops"),
            std::string::npos);
  EXPECT_NE(refusal(kHeader + "ldmatrix-k8,1024,0.02,85,,refused,,,\n")
                .find("ms is given for a run that is refused"),
            std::string::npos);
  EXPECT_NE(refusal(kHeader + "ldmatrix-k8,1024,0.02,85,0.5,yes,6.5,9728,0\n").find("registers \"6.5\""),
            std::string::npos);
  EXPECT_NE(
      refusal(kHeader +
              "ldmatrix-k8,1024,0.02,85,0.5,yes,60,9728,0\nldmatrix-k8,1024,0.02,85,0.5,yes,60,9728,0\n")
          .find("line 3: ldmatrix-k8 at n = 1024 is listed twice"),
      std::string::npos);
  EXPECT_NE(refusal(kHeader + "cublas,1024,0.01,1,1.000,,,,\ncublas,1024,0.01,1,1.000,,,,\n")
                .find("line 3: a second cuBLAS row"),
            std::string::npos);
  EXPECT_NE(refusal(kHeader + "cublas,1024,0.01,1,1.000,yes,,,\n").find("exact is given for cuBLAS"),
            std::string::npos);
  EXPECT_NE(refusal(std::string(kMaxBenchCsvBytes + 1, 'x')).find("at most 1024 KiB"), std::string::npos);
}
