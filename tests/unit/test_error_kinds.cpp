// Issue 11, item 14: errors carry their kind from where they arise (gpu/cuda/, gpu/nocuda/), so the
// CLI's exit codes never depend on the wording. Runs everywhere: without a usable GPU (a build
// without CUDA, or no driver) every request says no_device; with one, refusals say refused.
#include <gtest/gtest.h>

#include "fragviz/device/device.hpp"
#include "fragviz/device/relations_run.hpp"
#include "fragviz/gate/gate_ladder.hpp"

using namespace fragviz;

TEST(ErrorKinds, TheDeviceLayerSetsTheKindWhereTheErrorArises) {
  const DeviceInfo dev = query_device();
  GateRequest req;
  req.n = 2048;
  if (!dev.present) {
    const auto refusal = gate_refusal(req, dev);
    ASSERT_TRUE(refusal);
    EXPECT_EQ(refusal->kind, ErrorKind::no_device) << refusal->message;
    // The device query says why with the kind no_device, as every no-device path does.
    EXPECT_EQ(dev.error.kind, ErrorKind::no_device) << dev.error.message;
    EXPECT_FALSE(dev.error.message.empty());
    EXPECT_EQ(gate_can_implement(req, dev), refusal->message);
    const GateReport g = run_gate(req);
    EXPECT_FALSE(g.ran);
    EXPECT_EQ(g.error.kind, ErrorKind::no_device) << g.error.message;
    EXPECT_FALSE(g.error.message.empty());
    const ProbeReport p = run_probes(ProbeRequest{});
    EXPECT_EQ(p.error.kind, ErrorKind::no_device) << p.error.message;
    EXPECT_FALSE(p.error.message.empty());
    // The relations were not run: the device says why; the run itself met no error.
    const RelationsReport rel = run_relations();
    EXPECT_EQ(rel.device.error.kind, ErrorKind::no_device) << rel.device.error.message;
    EXPECT_EQ(rel.error.kind, ErrorKind::none) << rel.error.message;
    return;
  }
  // A usable GPU: what is refused before launch says so, whatever its words.
  req.n = 2000;
  const auto size = gate_refusal(req, dev);
  ASSERT_TRUE(size);
  EXPECT_EQ(size->kind, ErrorKind::refused) << size->message;
  const GateReport g = run_gate(req);
  EXPECT_FALSE(g.ran);
  EXPECT_EQ(g.error.kind, ErrorKind::refused) << g.error.message;
  req.n = 256;
  req.timed_runs = 0;
  ASSERT_TRUE(gate_refusal(req, dev));
  EXPECT_EQ(gate_refusal(req, dev)->kind, ErrorKind::refused);
  ProbeRequest bad;
  bad.tile.pad_halves = 1;  // misaligned: the explorer is refused, nothing fails
  bad.cycles_table = false;
  bad.instruction_probes = false;
  const ProbeReport p = run_probes(bad);
  EXPECT_EQ(p.error.kind, ErrorKind::none) << p.error.message;
  EXPECT_TRUE(p.error.message.empty());
  EXPECT_EQ(dev.error.kind, ErrorKind::none) << dev.error.message;
  EXPECT_FALSE(p.ldmatrix.ran);
}

// Regression (H200 run, 2026-12-01): a user kernel's request reached the sm_90a check of the wgmma
// rungs, which looked it up in the variant table and threw, so the kernel runner died of SIGABRT.
// Every variant, the user kernel too, is judged without throwing, on a device described here (the
// checks before cudaMemGetInfo need no GPU); sm_90a code is refused on sm_100 and sm_80 by name.
TEST(ErrorKinds, EveryVariantIsJudgedWithoutThrowingAndSm90aOnlyOnSm90) {
  if (!built_with_cuda()) GTEST_SKIP() << "a build without CUDA refuses every request as no_device";
  DeviceInfo dev;
  dev.present = true;
  dev.name = "described";
  std::vector<GateVariant> all;
  for (const GateVariantInfo& v : gate_variants()) all.push_back(v.variant);
  all.push_back(GateVariant::user_kernel);
  for (int cc : {80, 90, 100}) {
    dev.cc_major = cc / 10;
    dev.cc_minor = 0;
    for (GateVariant v : all) {
      GateRequest req;
      req.n = 2048;
      req.variant = v;
      if (v == GateVariant::user_kernel) {
        UserKernel k;
        k.source_path = "k.cu";
        k.entry = "k";
        req.kernel = k;
      }
      std::optional<Error> e;
      EXPECT_NO_THROW(e = gate_refusal(req, dev)) << to_string(v) << " on sm_" << cc;
      if (min_sm(v) == 90 && cc == 100) {
        ASSERT_TRUE(e) << to_string(v);
        EXPECT_EQ(e->kind, ErrorKind::refused);
        EXPECT_NE(e->message.find("compiled for sm_90a, which runs on sm_90 (Hopper) only"),
                  std::string::npos)
            << e->message;
      }
      if (min_sm(v) == 90 && cc == 80) {
        ASSERT_TRUE(e) << to_string(v);
        EXPECT_NE(e->message.find("needs sm_90 or newer (device is sm_80)"), std::string::npos) << e->message;
      }
    }
  }
}

TEST(ErrorKinds, StartingCudaWithoutADeviceSaysWhyAndLeavesTheQueryWorking) {
  if (query_device().present) GTEST_SKIP() << "a device is present: tests/gpu/test_probes.cpp covers it";
  double ms = -1;
  const std::string e = start_cuda_context(&ms);
  EXPECT_FALSE(e.empty());
  EXPECT_GE(ms, 0.0);
  // Nothing is poisoned: the device query still answers, with its reason.
  const DeviceInfo again = query_device();
  EXPECT_FALSE(again.present);
  EXPECT_FALSE(again.error.message.empty());
  EXPECT_EQ(again.error.kind, ErrorKind::no_device);
}
