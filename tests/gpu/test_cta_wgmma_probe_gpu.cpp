// The CTA tile's tiled MMA by values on a Hopper GPU (fragviz/device/cta_mma_probe_run.hpp, a wgmma
// plan): every wgmma preset's A and B go into shared memory through their real layouts and
// swizzles, each warpgroup issues wgmma.mma_async through the model's descriptors, and every
// thread's D registers must hold A x B^T at the cells the model's C layout names; a descriptor the
// plan gets wrong must show in C. The RS form (fa3-attention, and a lone m64n64k16 atom) takes A
// from registers each thread gathers by the model's A fragment cells: a register half the table
// gets wrong must show in C too. The kernel is sm_90a code: on another device the run must be
// refused before any launch (checked, then SKIPPED). Without a usable device every test is SKIPPED.
#include <gtest/gtest.h>

#include "fragviz/device/cta_mma_probe_run.hpp"
#include "fragviz/tile/cta_presets.hpp"
#include "skip_without_device.hpp"

namespace fragviz {
namespace {

tile::CtaMmaProbePlan hopper_plan(const char* preset = "sm90-wgmma-128x128x64") {
  const auto t = tile::make_cta_tile(tile::find_cta_preset(preset)->spec);
  EXPECT_TRUE(t) << t.message;
  const auto plan = tile::plan_cta_mma_probe(*t);
  EXPECT_TRUE(plan && plan->wgmma) << plan.message;
  return *plan.value;
}

/// Skips (after checking the refusal) on a device the sm_90a kernel cannot run on.
#define SKIP_UNLESS_SM90()                                                                    \
  do {                                                                                        \
    SKIP_WITHOUT_DEVICE();                                                                    \
    const DeviceInfo d_ = query_device();                                                     \
    if (d_.sm() != 90) {                                                                      \
      const CtaMmaProbeRun r_ = run_cta_mma_probe(hopper_plan());                             \
      EXPECT_EQ(r_.error.kind, ErrorKind::refused);                                           \
      EXPECT_NE(r_.error.message.find("sm_90a only"), std::string::npos) << r_.error.message; \
      GTEST_SKIP() << d_.name << " is sm_" << d_.sm() << ": the wgmma kernel is sm_90a code"; \
    }                                                                                         \
  } while (0)

TEST(CtaWgmmaProbeGpu, EveryWgmmaPresetsCMatchesTheModel) {
  SKIP_UNLESS_SM90();
  int ran = 0;
  for (const tile::CtaPreset& p : tile::cta_presets()) {
    const auto t = tile::make_cta_tile(p.spec);
    ASSERT_TRUE(t) << p.name << ": " << t.message;
    if (!t->mma.atom.warpgroup) continue;
    const auto plan = tile::plan_cta_mma_probe(*t);
    ASSERT_TRUE(plan && plan->wgmma) << p.name << ": " << plan.message;
    const CtaMmaProbeRun run = run_cta_mma_probe(*plan);
    ASSERT_EQ(run.error.kind, ErrorKind::none) << p.name << ": " << run.error.message;
    ASSERT_TRUE(run.verdict);
    EXPECT_EQ(run.verdict->cells, t->tile_mnk[0] * t->tile_mnk[1]) << p.name;
    EXPECT_EQ(run.verdict->mismatches, 0) << p.name << ": " << run.verdict->text();
    EXPECT_TRUE(run.verdict->agrees_with_model()) << p.name << ": " << run.verdict->text();
    ++ran;
  }
  EXPECT_EQ(ran, 9);  // sm90-wgmma-128x128x64, the seven gate rungs (gate-wgmma-tma included), fa3-attention
}

TEST(CtaWgmmaProbeGpu, OneWarpgroupOverTwoAtomsMatchesTheModel) {
  SKIP_UNLESS_SM90();
  // gate-wgmma-tma: one warpgroup, two m64n128k16 per k16 step, each into its own D.
  const tile::CtaMmaProbePlan plan = hopper_plan("gate-wgmma-tma");
  ASSERT_EQ(plan.wgmma->atoms, 2);
  const CtaMmaProbeRun run = run_cta_mma_probe(plan);
  ASSERT_EQ(run.error.kind, ErrorKind::none) << run.error.message;
  ASSERT_TRUE(run.verdict);
  EXPECT_EQ(run.verdict->cells, 128 * 128);
  EXPECT_EQ(run.verdict->mismatches, 0) << run.verdict->text();
  // k-step 2's second atom reads A's slice 0 (unit-tested on the software wgmma): D set 1 wrong.
  tile::CtaMmaProbePlan wrong = plan;
  wrong.wgmma->descriptors[(2 * 2 + 1) * 2] = wrong.wgmma->descriptors[(2 * 2 + 0) * 2];
  const CtaMmaProbeRun bad = run_cta_mma_probe(wrong);
  ASSERT_EQ(bad.error.kind, ErrorKind::none) << bad.error.message;
  ASSERT_TRUE(bad.verdict && bad.verdict->first);
  EXPECT_GT(bad.verdict->mismatches, 0);
  EXPECT_EQ(bad.verdict->first->thread, 0) << bad.verdict->text();
  EXPECT_GE(bad.verdict->first->reg, 64) << bad.verdict->text();
}

TEST(CtaWgmmaProbeGpu, RsFormsAFromRegistersMatchTheModel) {
  SKIP_UNLESS_SM90();
  // fa3-attention: P (A) in registers, V^T N-major through descriptors, two warpgroups of m64n128.
  const tile::CtaMmaProbePlan fa3 = hopper_plan("fa3-attention");
  ASSERT_TRUE(fa3.wgmma->a_registers);
  const CtaMmaProbeRun run = run_cta_mma_probe(fa3);
  ASSERT_EQ(run.error.kind, ErrorKind::none) << run.error.message;
  ASSERT_TRUE(run.verdict);
  EXPECT_EQ(run.verdict->cells, 128 * 128);
  EXPECT_EQ(run.verdict->mismatches, 0) << run.verdict->text();
  // A lone SM90_64x64x16_F32F16F16_RS (the kernel's m64n64k16), B K-major.
  tile::CtaTileSpec spec;
  spec.mma = "SM90_64x64x16_F32F16F16_RS";
  spec.smem[1] = "Swizzle<3,3,3> o (64,64):(64,1)";
  spec.tile = "64x64x64";
  const auto t = tile::make_cta_tile(spec);
  ASSERT_TRUE(t) << t.message;
  const auto plan = tile::plan_cta_mma_probe(*t);
  ASSERT_TRUE(plan && plan->wgmma) << plan.message;
  const CtaMmaProbeRun n64 = run_cta_mma_probe(*plan);
  ASSERT_EQ(n64.error.kind, ErrorKind::none) << n64.error.message;
  ASSERT_TRUE(n64.verdict);
  EXPECT_EQ(n64.verdict->cells, 64 * 64);
  EXPECT_EQ(n64.verdict->mismatches, 0) << n64.verdict->text();
  // Thread 5's register 0 of k-step 0 with its halves exchanged (unit-tested on the software
  // wgmma): A (1,2) and (1,3) trade places, C's row 1 (lanes 4-7) goes wrong.
  tile::CtaMmaProbePlan wrong = *plan.value;
  ASSERT_NE(wrong.a_tile[1 * 64 + 2], wrong.a_tile[1 * 64 + 3]);
  std::swap(wrong.wgmma->a_table[5 * 4 * 8 + 0], wrong.wgmma->a_table[5 * 4 * 8 + 1]);
  const CtaMmaProbeRun bad = run_cta_mma_probe(wrong);
  ASSERT_EQ(bad.error.kind, ErrorKind::none) << bad.error.message;
  ASSERT_TRUE(bad.verdict && bad.verdict->first);
  EXPECT_GT(bad.verdict->mismatches, 0);
  EXPECT_EQ(bad.verdict->first->cell.row, 1) << bad.verdict->text();
}

TEST(CtaWgmmaProbeGpu, AWrongDescriptorShowsInC) {
  SKIP_UNLESS_SM90();
  tile::CtaMmaProbePlan wrong = hopper_plan();
  // Warpgroup 1's calls 1 and 2 read each other's A tile (unit-tested on the software wgmma).
  std::swap(wrong.wgmma->descriptors[(1 * 4 + 1) * 2], wrong.wgmma->descriptors[(1 * 4 + 2) * 2]);
  const CtaMmaProbeRun run = run_cta_mma_probe(wrong);
  ASSERT_EQ(run.error.kind, ErrorKind::none) << run.error.message;
  ASSERT_TRUE(run.verdict && run.verdict->first);
  EXPECT_GT(run.verdict->mismatches, 0);
  EXPECT_GE(run.verdict->first->thread, 128) << run.verdict->text();
}

TEST(CtaWgmmaProbeGpu, APlanTheDeviceCannotHoldIsRefusedBeforeLaunch) {
  SKIP_UNLESS_SM90();
  const tile::CtaMmaProbePlan plan = hopper_plan();
  tile::CtaMmaProbePlan bad = plan;
  bad.wgmma->descriptors[1] += 0x3000;  // B's start 192 KiB on: past the image
  const CtaMmaProbeRun refused = run_cta_mma_probe(bad);
  EXPECT_EQ(refused.error.kind, ErrorKind::refused);
  EXPECT_NE(refused.error.message.find("reads byte"), std::string::npos) << refused.error.message;
  bad = plan;
  bad.wgmma->image.resize(1u << 20, 0xFF);  // 1 MiB of shared memory: more than any block gets
  EXPECT_EQ(run_cta_mma_probe(bad).error.kind, ErrorKind::refused);
  const CtaMmaProbeRun ok = run_cta_mma_probe(plan);  // the context is still good
  ASSERT_EQ(ok.error.kind, ErrorKind::none) << ok.error.message;
  EXPECT_EQ(ok.verdict->mismatches, 0) << ok.verdict->text();
}

}  // namespace
}  // namespace fragviz
