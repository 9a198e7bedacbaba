// `tiled --device` on the GPU (fragviz/device/cta_copy_probe_run.hpp): every preset's A and B whose
// copy is a load from shared memory (ldmatrix .x2/.x4/.x4.trans), plus .x1 and the 32-, 64- and
// 128-bit vector loads on small tiles, run through the real instructions; the registers must be
// the model's to the byte and the join on the GPU's cells must be the model's join. C's epilogue
// store the same way (every preset's stmatrix, .x1/.x2/.trans and st.shared on small tiles): the
// shared image must hold each value's label where the model says it lands. Without a usable
// device every test is SKIPPED.
#include <gtest/gtest.h>

#include "fragviz/device/cta_copy_probe_run.hpp"
#include "fragviz/tile/cta_presets.hpp"
#include "skip_without_device.hpp"

namespace fragviz {
namespace {

/// Runs `op` of `t` on the device and expects exact agreement with the model.
void expect_exact(const tile::CtaTile& t, Operand op, const std::string& what) {
  const auto plan = tile::plan_cta_copy_probe(t, op);
  ASSERT_TRUE(plan) << what << ": " << plan.message;
  const CtaCopyProbeRun run = run_cta_copy_probe(*plan);
  ASSERT_EQ(run.error.kind, ErrorKind::none) << what << ": " << run.error.message;
  ASSERT_TRUE(run.verdict);
  // The probe measures the copy, before any register swap the kernel then makes (CtaTile::swap):
  // its join is the model's join of the copy alone (gate-broken-swap-b's swap is judged in unit tests).
  tile::CtaTile alone = t;
  alone.spec.register_swap.clear();
  alone.swap.reset();
  const auto model = tile::analyze_cta_tile(alone, tile::CtaOptions{false, false});
  ASSERT_TRUE(model) << model.message;
  const tile::CtaJoin& join = *model->operands[op == Operand::A ? 0 : op == Operand::B ? 1 : 2].join;
  EXPECT_EQ(run.verdict->cells, join.cells) << what;
  EXPECT_EQ(run.verdict->model_disagreements, 0) << what << ": " << run.verdict->model_verdict();
  EXPECT_EQ(run.verdict->measured.verdict(t.mma.threads()), join.verdict(t.mma.threads())) << what;
}

TEST(CtaCopyProbeGpu, EveryPresetsLoadsMatchTheModel) {
  SKIP_WITHOUT_DEVICE();
  int ran = 0;
  for (const tile::CtaPreset& p : tile::cta_presets()) {
    const auto t = tile::make_cta_tile(p.spec);
    ASSERT_TRUE(t) << p.name << ": " << t.message;
    for (Operand op : {Operand::A, Operand::B}) {
      if (!tile::plan_cta_copy_probe(*t, op)) continue;  // a descriptor or no copy (unit-tested)
      expect_exact(*t, op, p.name + " " + std::string(to_string(op)));
      ++ran;
    }
  }
  EXPECT_GE(ran, 10);
}

tile::CtaTile small_tile(const std::string& copy_a, const std::string& smem_a, const std::string& copy_b = "",
                         const std::string& smem_b = "") {
  tile::CtaTileSpec s;
  s.mma = "SM80_16x8x16_F32F16F16F32_TN";
  s.atoms = "(2,2,1)";
  s.permute = "Tile<_32,_32,_16>";
  s.copy = {copy_a, copy_b, ""};
  s.smem = {smem_a, smem_b, ""};
  const auto t = tile::make_cta_tile(s);
  EXPECT_TRUE(t) << t.message;
  return *t.value;
}

TEST(CtaCopyProbeGpu, OtherLoadsMatchTheModel) {
  SKIP_WITHOUT_DEVICE();
  expect_exact(small_tile("SM75_U32x1_LDSM_N", "(32,16):(16,1)"), Operand::A, "ldmatrix.x1");
  expect_exact(small_tile("", "", "SM75_U16x2_LDSM_T", "(32,16):(1,32)"), Operand::B, "ldmatrix.x1.trans");
  expect_exact(small_tile("UniversalCopy<uint32_t>", "(32,16):(16,1)"), Operand::A, "ld.shared.b32");
  // Vectors holding one column pair and pad: the join is wrong, and the GPU must be wrong the same way.
  expect_exact(small_tile("UniversalCopy<uint64_t>", "(32,(2,8)):(32,(1,4))"), Operand::A,
               "ld.shared.v2.b32");
  expect_exact(small_tile("UniversalCopy<uint128_t>", "(32,(2,8)):(64,(1,8))"), Operand::A,
               "ld.shared.v4.b32");
}

// The user's own make_tiled_copy(ATOM, THR, VAL) (tests/unit/test_tiled_copy_text.cpp derives both
// joins from the PTX fragment tables): a 128-bit UniversalCopy of A whose join is wrong, the GPU wrong
// the same way (1008 of 1024 values), and a 32-bit one of B that joins right.
TEST(CtaCopyProbeGpu, UserMakeTiledCopiesMatchTheModel) {
  SKIP_WITHOUT_DEVICE();
  tile::CtaTileSpec a;
  a.mma = "SM80_16x8x16_F32F16F16F32_TN";
  a.atoms = "(4,1,1)";
  a.copy[0] = "make_tiled_copy(UniversalCopy<uint128_t>, (64,2):(2,1), (1,8))";
  a.smem[0] = "(64,16):(16,1)";
  const auto ta = tile::make_cta_tile(a);
  ASSERT_TRUE(ta) << ta.message;
  expect_exact(*ta, Operand::A, "make_tiled_copy ld.shared.v4.b32 of A");
  tile::CtaTileSpec b;
  b.mma = "SM80_16x8x8_F32F16F16F32_TN";
  b.atoms = "(1,4,1)";
  b.copy[1] = "make_tiled_copy(UniversalCopy<uint32_t>, (32,4):(4,1), (1,2))";
  b.smem[1] = "(32,8):(8,1)";
  const auto tb = tile::make_cta_tile(b);
  ASSERT_TRUE(tb) << tb.message;
  expect_exact(*tb, Operand::B, "make_tiled_copy ld.shared.b32 of B");
}

TEST(CtaCopyProbeGpu, APlanTheDeviceCannotHoldIsRefusedBeforeLaunch) {
  SKIP_WITHOUT_DEVICE();
  auto plan = tile::plan_cta_copy_probe(small_tile("SM75_U32x4_LDSM_N", "(32,16):(16,1)"), Operand::A);
  ASSERT_TRUE(plan) << plan.message;
  tile::CtaCopyProbePlan bad = *plan;
  bad.addresses[3] += 2;  // misaligned: the launch would fault the context
  const CtaCopyProbeRun refused = run_cta_copy_probe(bad);
  EXPECT_EQ(refused.error.kind, ErrorKind::refused);
  EXPECT_NE(refused.error.message.find("not a multiple of 16"), std::string::npos) << refused.error.message;
  bad = *plan;
  bad.image.resize(1u << 20, 0xFF);  // 1 MiB: more shared memory than any block gets
  EXPECT_EQ(run_cta_copy_probe(bad).error.kind, ErrorKind::refused);
  // The context is still good: the plan itself runs.
  const CtaCopyProbeRun ok = run_cta_copy_probe(*plan);
  ASSERT_EQ(ok.error.kind, ErrorKind::none) << ok.error.message;
  EXPECT_EQ(ok.verdict->model_disagreements, 0);
}

TEST(CtaCopyProbeGpu, EveryPresetsStoreMatchesTheModel) {
  SKIP_WITHOUT_DEVICE();
  int ran = 0;
  for (const tile::CtaPreset& p : tile::cta_presets()) {
    const auto t = tile::make_cta_tile(p.spec);
    ASSERT_TRUE(t) << p.name << ": " << t.message;
    if (!tile::plan_cta_copy_probe(*t, Operand::C)) continue;  // no C copy (unit-tested)
    expect_exact(*t, Operand::C, p.name + " C");
    ++ran;
  }
  EXPECT_GE(ran, 1);  // sm90-wgmma-128x128x64: stmatrix.x4 into a 128-byte swizzle
}

tile::CtaTile store_tile(const std::string& copy_c, const std::string& smem_c) {
  tile::CtaTile t = small_tile("", "");
  tile::CtaTileSpec s = t.spec;
  s.copy[2] = copy_c;
  s.smem[2] = smem_c;
  const auto c = tile::make_cta_tile(s);
  EXPECT_TRUE(c) << c.message;
  return *c.value;
}

TEST(CtaCopyProbeGpu, OtherStoresMatchTheModel) {
  SKIP_WITHOUT_DEVICE();
  expect_exact(store_tile("SM90_U32x1_STSM_N", "(32,32):(32,1)"), Operand::C, "stmatrix.x1");
  expect_exact(store_tile("SM90_U32x2_STSM_N", "Swizzle<1,3,3> o (32,32):(32,1)"), Operand::C, "stmatrix.x2");
  expect_exact(store_tile("SM90_U16x4_STSM_T", "(32,32):(1,32)"), Operand::C, "stmatrix.x2.trans");
  expect_exact(store_tile("SM90_U16x8_STSM_T", "(32,32):(1,32)"), Operand::C, "stmatrix.x4.trans");
  expect_exact(store_tile("UniversalCopy<uint32_t>", "(32,32):(32,1)"), Operand::C, "st.shared.b32");
  expect_exact(store_tile("UniversalCopy<uint64_t>", "(32,32):(32,1)"), Operand::C, "st.shared.v2.b32");
}

TEST(CtaCopyProbeGpu, AStoreTheDeviceCannotHoldIsRefusedBeforeLaunch) {
  SKIP_WITHOUT_DEVICE();
  auto plan = tile::plan_cta_copy_probe(store_tile("SM90_U32x4_STSM_N", "(32,32):(32,1)"), Operand::C);
  ASSERT_TRUE(plan) << plan.message;
  tile::CtaCopyProbePlan bad = *plan;
  bad.addresses[2] = static_cast<std::uint32_t>(bad.image.size());  // past the image: would fault
  const CtaCopyProbeRun refused = run_cta_copy_probe(bad);
  EXPECT_EQ(refused.error.kind, ErrorKind::refused);
  EXPECT_NE(refused.error.message.find("past the image"), std::string::npos) << refused.error.message;
  bad = *plan;
  bad.sources.pop_back();
  EXPECT_EQ(run_cta_copy_probe(bad).error.kind, ErrorKind::refused);
  const CtaCopyProbeRun ok = run_cta_copy_probe(*plan);
  if (ok.device.sm() < 90) {
    EXPECT_EQ(ok.error.kind, ErrorKind::refused) << "stmatrix below sm_90 must not launch";
    return;
  }
  ASSERT_EQ(ok.error.kind, ErrorKind::none) << ok.error.message;
  EXPECT_EQ(ok.verdict->model_disagreements, 0) << ok.verdict->model_verdict();
}

// `tiled --ncu`'s baseline (CtaCopyProbePlan::run_copies off): the same kernel runs its set-up alone, comes
// back without error or verdict, and the context stays good for the plan as made.
TEST(CtaCopyProbeGpu, ABaselineRunsTheSetUpAloneAndIsNotJudged) {
  SKIP_WITHOUT_DEVICE();
  const tile::CtaTile loads = *tile::make_cta_tile(tile::find_cta_preset("sm80-gemm-128x128x32")->spec).value;
  const tile::CtaTile stores = store_tile("UniversalCopy<uint64_t>", "(32,32):(32,1)");
  for (const auto& [t, op] : {std::pair{loads, Operand::A}, std::pair{stores, Operand::C}}) {
    const auto plan = tile::plan_cta_copy_probe(t, op);
    ASSERT_TRUE(plan) << plan.message;
    tile::CtaCopyProbePlan off = *plan;
    off.run_copies = false;
    const CtaCopyProbeRun base = run_cta_copy_probe(off);
    EXPECT_EQ(base.error.kind, ErrorKind::none) << base.error.message;
    EXPECT_FALSE(base.verdict);
    const CtaCopyProbeRun on = run_cta_copy_probe(*plan);
    ASSERT_EQ(on.error.kind, ErrorKind::none) << on.error.message;
    ASSERT_TRUE(on.verdict);
    EXPECT_EQ(on.verdict->model_disagreements, 0);
  }
}

}  // namespace
}  // namespace fragviz
