// Issue 11, item 14: errors carry their kind from where they arise (gpu/cuda/, gpu/nocuda/), so the
// CLI's exit codes never depend on the wording. Runs everywhere: without a usable GPU (a build
// without CUDA, or no driver) every request says no_device; with one, refusals say refused.
#include <gtest/gtest.h>

#include "fragviz/device.hpp"

using namespace fragviz;

TEST(ErrorKinds, TheDeviceLayerSetsTheKindWhereTheErrorArises) {
  const DeviceInfo dev = query_device();
  GateRequest req;
  req.n = 2048;
  if (!dev.present) {
    const auto refusal = gate_refusal(req, dev);
    ASSERT_TRUE(refusal);
    EXPECT_EQ(refusal->kind, ErrorKind::no_device) << refusal->message;
    EXPECT_EQ(gate_can_implement(req, dev), refusal->message);
    const GateReport g = run_gate(req);
    EXPECT_FALSE(g.ran);
    EXPECT_EQ(g.error_kind, ErrorKind::no_device) << g.error;
    EXPECT_FALSE(g.error.empty());
    const ProbeReport p = run_probes(ProbeRequest{});
    EXPECT_EQ(p.error_kind, ErrorKind::no_device) << p.error;
    EXPECT_FALSE(p.error.empty());
    return;
  }
  // A usable GPU: what is refused before launch says so, whatever its words.
  req.n = 2000;
  const auto size = gate_refusal(req, dev);
  ASSERT_TRUE(size);
  EXPECT_EQ(size->kind, ErrorKind::refused) << size->message;
  const GateReport g = run_gate(req);
  EXPECT_FALSE(g.ran);
  EXPECT_EQ(g.error_kind, ErrorKind::refused) << g.error;
  req.n = 256;
  req.timed_runs = 0;
  ASSERT_TRUE(gate_refusal(req, dev));
  EXPECT_EQ(gate_refusal(req, dev)->kind, ErrorKind::refused);
  ProbeRequest bad;
  bad.tile.pad_halves = 1;  // misaligned: the explorer is refused, nothing fails
  bad.cycles_table = false;
  bad.instruction_probes = false;
  const ProbeReport p = run_probes(bad);
  EXPECT_EQ(p.error_kind, ErrorKind::none) << p.error;
  EXPECT_TRUE(p.error.empty());
  EXPECT_FALSE(p.ldmatrix.ran);
}
