// The relations (fragviz/probe/relations.hpp) on a real GPU against the model: every K split the model
// finds gives D of the whole instruction == D of the two halves == the double reference; the f16
// and bf16 accumulators are the next m16n8k16's A in place; the s8, e4m3 and tf32 ones are not,
// the naive repack giving exactly the cells the model predicts and the shuffle plan fixing it.
// Without a usable device every test is SKIPPED (never passed), with the reason; a check the
// device is too old for is skipped by name.
#include <gtest/gtest.h>

#include <string>

#include "fragviz/device/device.hpp"
#include "fragviz/device/relations_run.hpp"
#include "skip_without_device.hpp"

namespace fragviz {
namespace {

/// One run for the whole file: every check is one warp, the run takes milliseconds.
const RelationsReport& report() {
  static const RelationsReport r = run_relations();
  return r;
}

const KSplitCheck* find_split(const char* whole) {
  for (const KSplitCheck& c : report().k_splits)
    if (std::string(c.model.whole->mnemonic) == whole) return &c;
  return nullptr;
}

const ReuseCheck* find_reuse(const char* mnemonic) {
  for (const ReuseCheck& c : report().reuse)
    if (std::string(c.model.producer->mnemonic) == mnemonic) return &c;
  return nullptr;
}

/// Skips (with the reason) where the device is older than `sm`.
#define SKIP_BELOW_SM(MIN_SM)                                                                      \
  do {                                                                                             \
    if (report().device.sm() < (MIN_SM))                                                           \
      GTEST_SKIP() << "needs sm_" << (MIN_SM) << " (device is sm_" << report().device.sm() << ")"; \
  } while (0)

TEST(RelationsOnGpu, RunsWithoutCudaError) {
  SKIP_WITHOUT_DEVICE();
  EXPECT_EQ(report().error.message, "");
  EXPECT_EQ(report().k_splits.size(), k_split_relations().size());
  EXPECT_EQ(report().reuse.size(), static_cast<std::size_t>(kReusePairCount));
}

TEST(RelationsOnGpu, EveryKSplitThatRanIsAsTheModelSays) {
  SKIP_WITHOUT_DEVICE();
  int ran = 0;
  for (const KSplitCheck& c : report().k_splits) {
    if (!c.ran) {
      // Only a device too old, or a build without its code, may stop a check the model says holds.
      const bool waived =
          c.skipped.rfind("skipped: needs sm_", 0) == 0 || c.skipped.rfind("model only:", 0) == 0;
      EXPECT_TRUE(waived) << describe_k_split(c.model) << ": " << c.skipped;
      continue;
    }
    ++ran;
    EXPECT_TRUE(c.agrees()) << describe_k_split(c.model) << ": " << describe_k_split_check(c);
  }
  EXPECT_GT(ran, 0);
}

TEST(RelationsOnGpu, F16K16IsTwoK8) {
  SKIP_WITHOUT_DEVICE();
  SKIP_BELOW_SM(80);
  const KSplitCheck* c = find_split("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32");
  ASSERT_NE(c, nullptr);
  ASSERT_TRUE(c->ran) << c->skipped;
  EXPECT_EQ(c->d_elements, 128);
  EXPECT_EQ(c->d_equal, 128) << c->first_difference;
  EXPECT_EQ(c->whole_exact, 128);
  EXPECT_EQ(c->split_exact, 128);
}

TEST(RelationsOnGpu, F64K16IsTwoK8) {
  SKIP_WITHOUT_DEVICE();
  SKIP_BELOW_SM(90);
  const KSplitCheck* c = find_split("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64");
  ASSERT_NE(c, nullptr);
  ASSERT_TRUE(c->ran) << c->skipped;
  EXPECT_TRUE(c->agrees()) << describe_k_split_check(*c);
}

TEST(RelationsOnGpu, EveryReusePairThatRanIsAsTheModelSays) {
  SKIP_WITHOUT_DEVICE();
  for (const ReuseCheck& c : report().reuse) {
    if (!c.ran) {
      EXPECT_EQ(c.skipped.rfind("skipped: needs sm_", 0), 0u)
          << describe_accumulator_reuse(c.model) << ": " << c.skipped;
      continue;
    }
    EXPECT_TRUE(c.agrees()) << describe_accumulator_reuse(c.model) << ": " << describe_reuse_check(c);
  }
}

TEST(RelationsOnGpu, F16AccumulatorIsTheNextAInPlace) {
  SKIP_WITHOUT_DEVICE();
  SKIP_BELOW_SM(80);
  for (const char* m : {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
                        "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16",
                        "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"}) {
    const ReuseCheck* c = find_reuse(m);
    ASSERT_NE(c, nullptr) << m;
    ASSERT_TRUE(c->ran) << m << ": " << c->skipped;
    EXPECT_TRUE(c->model.holds());
    EXPECT_EQ(c->naive_equal_right, c->d_elements) << m << ": " << describe_reuse_check(*c);
    EXPECT_EQ(c->a_wrong_seen, 0) << m;
  }
}

TEST(RelationsOnGpu, S8NaiveRepackIsWrongWhereTheModelSaysAndShufflesFixIt) {
  SKIP_WITHOUT_DEVICE();
  SKIP_BELOW_SM(80);
  const ReuseCheck* c = find_reuse("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32");
  ASSERT_NE(c, nullptr);
  ASSERT_TRUE(c->ran) << c->skipped;
  EXPECT_FALSE(c->model.holds());
  EXPECT_EQ(c->model.cross_lane, 384);
  EXPECT_EQ(c->naive_as_predicted, c->d_elements) << c->first_difference;
  EXPECT_LT(c->naive_equal_right, c->d_elements);
  EXPECT_EQ(c->a_cells, 512);
  EXPECT_EQ(c->a_wrong_seen, 448);
  EXPECT_EQ(c->a_wrong_predicted, 448);
  EXPECT_EQ(c->right_exact, c->d_elements) << c->first_difference;
}

TEST(RelationsOnGpu, E4m3NaiveRepackIsWrongWhereTheModelSaysAndShufflesFixIt) {
  SKIP_WITHOUT_DEVICE();
  SKIP_BELOW_SM(89);
  const ReuseCheck* c = find_reuse("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32");
  ASSERT_NE(c, nullptr);
  ASSERT_TRUE(c->ran) << c->skipped;
  EXPECT_TRUE(c->agrees()) << describe_reuse_check(*c);
  EXPECT_EQ(c->a_wrong_seen, c->a_wrong_predicted);
  EXPECT_EQ(c->right_exact, c->d_elements) << c->first_difference;
}

TEST(RelationsOnGpu, Tf32NaiveRepackIsWrongWhereTheModelSaysAndShufflesFixIt) {
  SKIP_WITHOUT_DEVICE();
  SKIP_BELOW_SM(80);
  const ReuseCheck* c = find_reuse("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32");
  ASSERT_NE(c, nullptr);
  ASSERT_TRUE(c->ran) << c->skipped;
  EXPECT_TRUE(c->agrees()) << describe_reuse_check(*c);
  EXPECT_EQ(c->a_wrong_seen, 112);
  EXPECT_EQ(c->right_exact, c->d_elements) << c->first_difference;
}

}  // namespace
}  // namespace fragviz
