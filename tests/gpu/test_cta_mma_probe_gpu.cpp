// The CTA tile's tiled MMA on the GPU (fragviz/device/cta_mma_probe_run.hpp): every preset whose
// atom is mma.sync runs its real loads and mma.sync over unique-valued A and B; every thread's C
// registers must hold A x B^T at the cells the model's C layout names (gate-broken-swap-b: the
// swap the spec declares is run, and C must differ where the model's join says the MMA reads wrong
// B cells). Without a usable device every test is SKIPPED.
#include <gtest/gtest.h>

#include "fragviz/device/cta_mma_probe_run.hpp"
#include "fragviz/tile/cta_presets.hpp"
#include "skip_without_device.hpp"

namespace fragviz {
namespace {

TEST(CtaMmaProbeGpu, EveryMmaSyncPresetsCMatchesTheModel) {
  SKIP_WITHOUT_DEVICE();
  int ran = 0;
  for (const tile::CtaPreset& p : tile::cta_presets()) {
    const auto t = tile::make_cta_tile(p.spec);
    ASSERT_TRUE(t) << p.name << ": " << t.message;
    const auto plan = tile::plan_cta_mma_probe(*t);
    if (!plan || plan->wgmma) continue;  // no B copy (unit-tested); wgmma: test_cta_wgmma_probe_gpu
    const CtaMmaProbeRun run = run_cta_mma_probe(*plan);
    ASSERT_EQ(run.error.kind, ErrorKind::none) << p.name << ": " << run.error.message;
    ASSERT_TRUE(run.verdict);
    EXPECT_EQ(run.verdict->cells, t->tile_mnk[0] * t->tile_mnk[1]) << p.name;
    EXPECT_TRUE(run.verdict->agrees_with_model()) << p.name << ": " << run.verdict->text();
    if (p.name == "gate-broken-swap-b")
      EXPECT_GT(run.verdict->mismatches, 0) << run.verdict->text();
    else
      EXPECT_EQ(run.verdict->mismatches, 0) << p.name << ": " << run.verdict->text();
    ++ran;
  }
  EXPECT_GE(ran, 3);
}

TEST(CtaMmaProbeGpu, APlanTheDeviceCannotHoldIsRefusedBeforeLaunch) {
  SKIP_WITHOUT_DEVICE();
  const auto t = tile::make_cta_tile(tile::find_cta_preset("sm80-gemm-128x128x32")->spec);
  ASSERT_TRUE(t) << t.message;
  const auto plan = tile::plan_cta_mma_probe(*t);
  ASSERT_TRUE(plan) << plan.message;
  tile::CtaMmaProbePlan bad = *plan;
  bad.table[0] = 1u << 20;  // a register no thread has: the kernel would read past its array
  const CtaMmaProbeRun refused = run_cta_mma_probe(bad);
  EXPECT_EQ(refused.error.kind, ErrorKind::refused);
  EXPECT_NE(refused.error.message.find("points past"), std::string::npos) << refused.error.message;
  bad = *plan;
  bad.b.image.resize(1u << 20, 0xFF);  // 1 MiB of shared memory: more than any block gets
  EXPECT_EQ(run_cta_mma_probe(bad).error.kind, ErrorKind::refused);
  const CtaMmaProbeRun ok = run_cta_mma_probe(*plan);  // the context is still good
  ASSERT_EQ(ok.error.kind, ErrorKind::none) << ok.error.message;
  EXPECT_EQ(ok.verdict->mismatches, 0) << ok.verdict->text();
}

}  // namespace
}  // namespace fragviz
