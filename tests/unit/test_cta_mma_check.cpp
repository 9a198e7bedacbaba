// The CTA tiled-MMA probe's host halves (fragviz/tile/cta_mma_check.hpp).
//  - the checker on hand-built cases (no model): it must find a wrong cell and name its holders;
//  - every mma.sync preset's plan fed to a software GPU written from the PTX ISA's text, not from
//    the model: ldmatrix as in soft_copy_load.hpp, and mma.sync's fragments ("Matrix Fragments
//    for mma.m16n8k16 / m16n8k8 with floating point type"): g = lane / 4, t = lane % 4; A register
//    a0 holds (g, 2t) low and (g, 2t+1) high, a1 rows g+8, a2 (k16) columns +8, a3 both; B's b0
//    holds (k 2t, n g) and (2t+1, g), b1 (k16) rows k+8; d0..d3 are (g, 2t), (g, 2t+1), (g+8, 2t),
//    (g+8, 2t+1). The plan's C layout must meet what such a GPU computes, and gate-broken-swap-b's
//    swap must show in C as the model's join predicts.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "fragviz/tile/cta_mma_check.hpp"
#include "fragviz/tile/cta_presets.hpp"
#include "soft_copy_load.hpp"

namespace fragviz::tile {
namespace {

TEST(CtaMmaCheck, MultiplyIsAPlainProduct) {
  // A = [1 2; 3 0], B (n x k) = [1 1; 0 2; 3 1]: C = A B^T = [3 4 5; 3 0 9] by hand.
  const std::vector<std::int64_t> c = multiply_a_bt({1, 2, 3, 0}, {1, 1, 0, 2, 3, 1}, 2, 3, 2);
  EXPECT_EQ(c, (std::vector<std::int64_t>{3, 4, 5, 3, 0, 9}));
}

TEST(CtaMmaCheck, CheckerFindsAWrongCellAndWhereItsValueBelongs) {
  // 2 x 2 C = [1 2; 3 4]; thread 0 holds row 0, thread 1 row 1 (V0, V1 the columns).
  const std::vector<std::int64_t> expected = {1, 2, 3, 4};
  const std::vector<Cell> cells = {{0, 0}, {0, 1}, {1, 0}, {1, 1}};
  const CtaMmaVerdict good = judge_c_values(expected, 2, 2, cells, 2, {1, 2, 3, 4});
  EXPECT_EQ(good.mismatches, 0);
  EXPECT_EQ(good.text(), "all 4 C values match A x B^T, as the model predicted");
  // Thread 1's V0 got (0,1)'s value: the register holds another cell than the layout says.
  const CtaMmaVerdict bad = judge_c_values(expected, 2, 2, cells, 2, {1, 2, 2, 4});
  EXPECT_EQ(bad.mismatches, 1);
  ASSERT_TRUE(bad.first);
  EXPECT_EQ(bad.first->thread, 1);
  EXPECT_EQ(bad.first->reg, 0);
  EXPECT_EQ(bad.first->cell, (Cell{1, 0}));
  EXPECT_EQ(bad.first->expected, 3);
  EXPECT_EQ(bad.first->holders, (std::vector<Cell>{{0, 1}}));
  EXPECT_EQ(
      bad.text(),
      "thread 1 V0, (m,n) = (1,0) in the model: the GPU computed 2, A x B^T there is 3; 2 is A x B^T at "
      "(0,1) (1 of 4 C values differ; the model predicted all would match)");
  const CtaMmaVerdict nan =
      judge_c_values(expected, 2, 2, cells, 2, {1, 2, 3, std::numeric_limits<float>::quiet_NaN()});
  EXPECT_EQ(nan.mismatches, 1);
  EXPECT_NE(nan.text().find("the GPU computed NaN, A x B^T there is 4; NaN is A x B^T at no cell"),
            std::string::npos)
      << nan.text();
}

/// 0..3 from the probe's f16 / bf16 encodings; anything else (pad) NaN.
float decode(std::uint32_t h) {
  switch (h) {
    case 0x0000:
      return 0;
    case 0x3C00:
    case 0x3F80:
      return 1;
    case 0x4000:
      return 2;
    case 0x4200:
    case 0x4040:
      return 3;
    default:
      return std::numeric_limits<float>::quiet_NaN();
  }
}

/// One operand's loaded words per thread ([thread][instruction * registers + r]), by the PTX ISA
/// (soft_copy_load.hpp, as test_cta_copy_probe.cpp's soft GPU).
std::vector<std::vector<std::uint32_t>> soft_load(const CtaCopyProbePlan& p) {
  std::vector<std::vector<std::uint32_t>> words(static_cast<std::size_t>(p.threads));
  for (int t = 0; t < p.threads; ++t)
    for (int i = 0; i < p.instructions; ++i)
      for (int r = 0; r < p.registers; ++r)
        words[static_cast<std::size_t>(t)].push_back(soft_load_word(p, t, i, r));
  return words;
}

/// What a GPU computes for `p`: the kernel's steps, mma.sync from the PTX ISA's fragments.
std::vector<float> soft_gpu(const CtaMmaProbePlan& p) {
  const auto wa = soft_load(p.a), wb = soft_load(p.b);
  const bool k16 = p.a_regs == 4;
  const int ak = k16 ? 16 : 8;
  std::vector<float> c(static_cast<std::size_t>(p.threads * p.c_values), 0.0f);
  const auto half = [](const std::vector<std::uint32_t>& w, std::uint32_t src) {
    return decode((w.at(src / 2) >> (16 * (src % 2))) & 0xFFFF);
  };
  for (int warp = 0; warp < p.threads / 32; ++warp)
    for (int call = 0; call < p.calls; ++call) {
      float a[16][16] = {}, b[8][16] = {};  // A (row, k), B (n, k) of this call
      const auto entry = [&](int lane, int e) {
        return p.table.at(static_cast<std::size_t>(((warp * 32 + lane) * p.calls + call) * p.entries() + e));
      };
      for (int lane = 0; lane < 32; ++lane) {
        const int g = lane / 4, t = lane % 4;
        const auto& mine_a = wa[static_cast<std::size_t>(warp * 32 + lane)];
        const auto& mine_b = wb[static_cast<std::size_t>(warp * 32 + lane)];
        for (int r = 0; r < p.a_regs; ++r)
          for (int h = 0; h < 2; ++h)
            a[g + 8 * (r % 2)][2 * t + h + 8 * (r / 2)] = half(mine_a, entry(lane, 2 * r + h));
        for (int r = 0; r < p.b_regs; ++r)
          for (int h = 0; h < 2; ++h)
            b[g][2 * t + h + 8 * r] = half(mine_b, entry(lane, 2 * p.a_regs + 2 * r + h));
      }
      for (int lane = 0; lane < 32; ++lane) {
        const int g = lane / 4, t = lane % 4;
        for (int d = 0; d < 4; ++d) {
          const int row = g + 8 * (d / 2), col = 2 * t + d % 2;
          float sum = 0;
          for (int kk = 0; kk < ak; ++kk) sum += a[row][kk] * b[col][kk];
          const std::uint32_t v = entry(lane, 2 * (p.a_regs + p.b_regs) + d);
          c.at(static_cast<std::size_t>((warp * 32 + lane) * p.c_values) + v) += sum;
        }
      }
    }
  return c;
}

TEST(CtaMmaCheck, EveryMmaSyncPresetMeetsASoftwareGpu) {
  int ran = 0;
  for (const CtaPreset& preset : cta_presets()) {
    const auto t = make_cta_tile(preset.spec);
    ASSERT_TRUE(t) << preset.name << ": " << t.message;
    const auto plan = plan_cta_mma_probe(*t);
    if (t->mma.atom.warpgroup) continue;  // wgmma: test_cta_wgmma_check.cpp
    if (!plan) {                          // a gate rung without a B copy: the plan names the operand
      EXPECT_EQ(plan.message.rfind("B: ", 0), 0u) << preset.name << ": " << plan.message;
      continue;
    }
    ASSERT_EQ(mma_probe_launch_problem(*plan, 228 * 1024), "") << preset.name;
    const auto verdict = judge_cta_mma_probe(*plan, soft_gpu(*plan));
    ASSERT_TRUE(verdict) << verdict.message;
    EXPECT_EQ(verdict->cells, t->tile_mnk[0] * t->tile_mnk[1]) << preset.name;
    EXPECT_TRUE(verdict->agrees_with_model()) << preset.name << ": " << verdict->text();
    if (preset.name == "gate-broken-swap-b") {
      EXPECT_FALSE(plan->model_predicts_match);
      EXPECT_GT(verdict->mismatches, 0) << verdict->text();
    } else {
      EXPECT_EQ(verdict->mismatches, 0) << preset.name << ": " << verdict->text();
    }
    ++ran;
  }
  EXPECT_GE(ran, 3);
}

TEST(CtaMmaCheck, AWrongCLayoutIsCaught) {
  // The software GPU's result judged against a C layout with two registers exchanged: the
  // checker must name the first one.
  const auto t = make_cta_tile(find_cta_preset("sm80-gemm-128x128x32")->spec);
  ASSERT_TRUE(t) << t.message;
  const auto plan = plan_cta_mma_probe(*t);
  ASSERT_TRUE(plan) << plan.message;
  const std::vector<float> c = soft_gpu(*plan);
  CtaMmaProbePlan wrong = *plan.value;
  // Thread 0's V0 exchanged with its first register whose cell's A x B^T differs.
  const auto product = multiply_a_bt(wrong.a_tile, wrong.b_tile, wrong.m, wrong.n, wrong.k);
  const auto at = [&](const Cell& x) { return product[static_cast<std::size_t>(x.row * wrong.n + x.col)]; };
  std::size_t j = 1;
  while (at(wrong.c_cells[j]) == at(wrong.c_cells[0])) ++j;
  ASSERT_LT(j, static_cast<std::size_t>(wrong.c_values));
  std::swap(wrong.c_cells[0], wrong.c_cells[j]);
  const auto verdict = judge_cta_mma_probe(wrong, c);
  ASSERT_TRUE(verdict);
  EXPECT_EQ(verdict->mismatches, 2);
  ASSERT_TRUE(verdict->first);
  EXPECT_EQ(verdict->first->thread, 0);
  EXPECT_EQ(verdict->first->reg, 0);
}

TEST(CtaMmaCheck, RefusalsSayWhy) {
  const auto gemm = make_cta_tile(find_cta_preset("sm80-gemm-128x128x32")->spec);
  ASSERT_TRUE(gemm);
  auto plan = plan_cta_mma_probe(*gemm);
  ASSERT_TRUE(plan);
  EXPECT_NE(mma_probe_launch_problem(*plan, 1024).find("bytes of shared memory"), std::string::npos);
  CtaMmaProbePlan bad = *plan;
  bad.table[5] = 1u << 20;
  EXPECT_NE(mma_probe_launch_problem(bad, 228 * 1024).find("points past"), std::string::npos);
  EXPECT_FALSE(judge_cta_mma_probe(*plan, std::vector<float>(3)));
}

}  // namespace
}  // namespace fragviz::tile
