// `tiled --device`'s global -> shared stage on the GPU (fragviz/device/cta_fill_probe_run.hpp):
// every preset's cp.async copies of A and B (sm80-gemm, fa2-attention and the gate's seven cp.async
// rungs) run with their real addresses into the real shared layouts; the shared image must be the
// model's to the byte and every cell must hold the element the layout keeps there. A layout that
// lands a vector's elements on other cells must do so on the GPU exactly as the model says, the
// .ca form too, and a plan that would fault is refused before launch. Without a usable device
// every test is SKIPPED.
#include <gtest/gtest.h>

#include "fragviz/device/cta_fill_probe_run.hpp"
#include "fragviz/tile/cta_presets.hpp"
#include "skip_without_device.hpp"

namespace fragviz {
namespace {

/// Runs `op` of `t` on the device and expects exact agreement with the model's fill.
void expect_exact(const tile::CtaTile& t, Operand op, const std::string& what) {
  const auto plan = tile::plan_cta_fill_probe(t, op);
  ASSERT_TRUE(plan) << what << ": " << plan.message;
  const CtaFillProbeRun run = run_cta_fill_probe(*plan);
  ASSERT_EQ(run.error.kind, ErrorKind::none) << what << ": " << run.error.message;
  ASSERT_TRUE(run.verdict);
  const auto model = tile::analyze_cta_tile(t, tile::CtaOptions{false, false});
  ASSERT_TRUE(model) << model.message;
  const auto& fill = model->operands[op == Operand::A ? 0 : 1].fill;
  ASSERT_TRUE(fill) << what;
  EXPECT_EQ(run.verdict->model_disagreements, 0) << what << ": " << run.verdict->model_verdict();
  EXPECT_EQ(run.verdict->measured.verdict(), fill->verdict()) << what;
}

TEST(CtaFillProbeGpu, EveryPresetsCpAsyncMatchesTheModel) {
  SKIP_WITHOUT_DEVICE();
  int ran = 0;
  for (const tile::CtaPreset& p : tile::cta_presets()) {
    const auto t = tile::make_cta_tile(p.spec);
    ASSERT_TRUE(t) << p.name << ": " << t.message;
    for (Operand op : {Operand::A, Operand::B}) {
      if (!tile::plan_cta_fill_probe(*t, op)) continue;  // TMA or registers fill it (unit-tested)
      expect_exact(*t, op, p.name + " " + std::string(to_string(op)));
      ++ran;
    }
  }
  EXPECT_EQ(ran, 18);
}

tile::CtaTile sm80_with(const std::string& smem_a, const std::string& gmem_a) {
  tile::CtaTileSpec s = tile::find_cta_preset("sm80-gemm-128x128x32")->spec;
  s.smem[0] = smem_a;
  s.gmem_copy[0] = gmem_a;
  const auto t = tile::make_cta_tile(s);
  EXPECT_TRUE(t) << t.message;
  return *t.value;
}

TEST(CtaFillProbeGpu, OtherLayoutsAndTheCaFormMatchTheModel) {
  SKIP_WITHOUT_DEVICE();
  // Each 16-byte chunk stored out of order: 3072 of 4096 cells wrong, on the GPU as in the model.
  expect_exact(sm80_with("(128,(2,4,4)):(32,(4,1,8))",
                         "make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (32,4):(4,1), (1,8))"),
               Operand::A, "chunks out of order");
  // k two halves apart: half of each vector lands on pad, half of the layout is never written.
  expect_exact(sm80_with("(128,32):(64,2)",
                         "make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (32,4):(4,1), (1,8))"),
               Operand::A, "k spread");
  // cp.async.ca (CACHEALWAYS) into the unswizzled K-major layout.
  expect_exact(sm80_with("(128,32):(32,1)",
                         "make_tiled_copy(SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, (32,4):(4,1), (1,8))"),
               Operand::A, "cp.async.ca");
}

TEST(CtaFillProbeGpu, APlanTheDeviceCannotRunIsRefusedBeforeLaunch) {
  SKIP_WITHOUT_DEVICE();
  const tile::CtaTile t = sm80_with(
      "(128,32):(32,1)", "make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (32,4):(4,1), (1,8))");
  const auto plan = tile::plan_cta_fill_probe(t, Operand::A);
  ASSERT_TRUE(plan) << plan.message;
  tile::CtaFillProbePlan bad = *plan;
  bad.destinations[3] += 8;  // misaligned: the cp.async would fault the context
  CtaFillProbeRun refused = run_cta_fill_probe(bad);
  EXPECT_EQ(refused.error.kind, ErrorKind::refused);
  EXPECT_NE(refused.error.message.find("is not a multiple of 16"), std::string::npos)
      << refused.error.message;
  bad = *plan;
  bad.sources[5] = static_cast<std::uint32_t>(bad.global.size());  // past the global image
  refused = run_cta_fill_probe(bad);
  EXPECT_EQ(refused.error.kind, ErrorKind::refused);
  EXPECT_NE(refused.error.message.find("reads past the global image"), std::string::npos)
      << refused.error.message;
  bad = *plan;
  bad.shared_bytes = 1u << 20;  // 1 MiB: more shared memory than any block gets
  bad.layout_cells.resize(bad.shared_bytes, -1);
  EXPECT_EQ(run_cta_fill_probe(bad).error.kind, ErrorKind::refused);
  // The context is still good: the plan itself runs.
  const CtaFillProbeRun ok = run_cta_fill_probe(*plan);
  if (ok.device.sm() < 80) {
    EXPECT_EQ(ok.error.kind, ErrorKind::refused) << "cp.async below sm_80 must not launch";
    return;
  }
  ASSERT_EQ(ok.error.kind, ErrorKind::none) << ok.error.message;
  EXPECT_EQ(ok.verdict->model_disagreements, 0) << ok.verdict->model_verdict();
  EXPECT_EQ(ok.verdict->measured.mismatches, 0) << ok.verdict->measured.verdict();
}

// `tiled --ncu`'s baseline (CtaFillProbePlan::run_copies off): the set-up and read-back alone, no
// verdict, no error; the plan as made still runs and agrees.
TEST(CtaFillProbeGpu, ABaselineRunsTheSetUpAloneAndIsNotJudged) {
  SKIP_WITHOUT_DEVICE();
  const auto t = tile::make_cta_tile(tile::find_cta_preset("sm80-gemm-128x128x32")->spec);
  ASSERT_TRUE(t) << t.message;
  const auto plan = tile::plan_cta_fill_probe(*t, Operand::A);
  ASSERT_TRUE(plan) << plan.message;
  tile::CtaFillProbePlan off = *plan;
  off.run_copies = false;
  const CtaFillProbeRun base = run_cta_fill_probe(off);
  EXPECT_EQ(base.error.kind, ErrorKind::none) << base.error.message;
  EXPECT_FALSE(base.verdict);
  const CtaFillProbeRun on = run_cta_fill_probe(*plan);
  ASSERT_EQ(on.error.kind, ErrorKind::none) << on.error.message;
  ASSERT_TRUE(on.verdict);
  EXPECT_EQ(on.verdict->model_disagreements, 0);
}

}  // namespace
}  // namespace fragviz
