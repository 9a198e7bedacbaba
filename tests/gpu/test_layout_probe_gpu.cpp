// `probe --layout` on the GPU (fragviz/device/layout_probe_run.hpp): the user's layout written and read
// through the real instructions. Expected wavefront counts are hand-derived (64-half rows, the
// explorer's .x4 pattern: Swizzle<3,3,3> puts a matrix's 8 rows on 8 chunks, 4 wavefronts in all;
// the plain layout puts them on one, 32); received labels must equal the model's to the bit.
// Without a usable device every test is SKIPPED.
#include <gtest/gtest.h>

#include "fragviz/device/layout_probe_run.hpp"
#include "skip_without_device.hpp"

namespace fragviz {
namespace {

LayoutProbeRequest request(const std::string& write, const std::string& read, SharedOp op,
                           const std::string& lanes) {
  LayoutProbeRequest r;
  r.write_layout = write;
  r.read_layout = read;
  r.op = op;
  r.lanes = lanes;
  return r;
}

TEST(LayoutProbeGpu, SwizzledLdmatrixReceivesEveryLabelAtTheModelsAddresses) {
  SKIP_WITHOUT_DEVICE();
  for (bool trans : {false, true}) {
    LayoutProbeRequest r = request("Swizzle<3,3,3> o (16,64):(64,1)", "", SharedOp::ldmatrix, "explorer");
    r.ldmatrix.trans = trans;
    const LayoutProbeRun run = run_layout_probe(r);
    ASSERT_EQ(run.error.kind, ErrorKind::none) << run.error.message;
    ASSERT_TRUE(run.probe.ran);
    EXPECT_EQ(run.probe.slots.size(), 32u * 8);
    EXPECT_EQ(run.probe.mismatches(), 0);
    EXPECT_EQ(run.probe.address_mismatches(), 0);
    EXPECT_EQ(run.probe.model_wavefronts, 4);
    EXPECT_GT(run.probe.cycles_per_instruction, 0.0);
  }
}

TEST(LayoutProbeGpu, RoundTripMismatchShowsInTheReceivedLabels) {
  SKIP_WITHOUT_DEVICE();
  // Written swizzled, read plain: the model predicts the wrong elements arrive, and the GPU must
  // deliver exactly those (lane 4, register 0, low half: (1, 8), label 73).
  const LayoutProbeRun run = run_layout_probe(
      request("Swizzle<3,3,3> o (16,64):(64,1)", "(16,64):(64,1)", SharedOp::ldmatrix, "explorer"));
  ASSERT_EQ(run.error.kind, ErrorKind::none) << run.error.message;
  EXPECT_EQ(run.probe.mismatches(), 0);
  EXPECT_EQ(run.probe.slots[4 * 8 + 0].raw, 73u);
  EXPECT_EQ(run.probe.model_wavefronts, 32);
}

TEST(LayoutProbeGpu, PlainLoads) {
  SKIP_WITHOUT_DEVICE();
  for (SharedOp op : {SharedOp::lds32, SharedOp::lds64, SharedOp::lds128}) {
    const int per_lane = access_bytes(op) / 2;  // halves per lane
    const std::string lanes = "row=lane/" + std::to_string(64 / per_lane) +
                              ", col=" + std::to_string(per_lane) + "*(lane%" +
                              std::to_string(64 / per_lane) + ")";
    const LayoutProbeRun run = run_layout_probe(request("(16,64):(64,1)", "", op, lanes));
    ASSERT_EQ(run.error.kind, ErrorKind::none) << run.error.message;
    EXPECT_EQ(run.probe.mismatches(), 0) << to_string(op);
    EXPECT_EQ(run.probe.address_mismatches(), 0) << to_string(op);
  }
}

TEST(LayoutProbeGpu, RefusedRequestLaunchesNothing) {
  SKIP_WITHOUT_DEVICE();
  const LayoutProbeRun run =
      run_layout_probe(request("(16,64):(64,1)", "", SharedOp::ldmatrix, "row=lane&15, col=8*(lane>>4)+1"));
  EXPECT_EQ(run.error.kind, ErrorKind::refused);
  EXPECT_FALSE(run.probe.ran);
  // The context is still good: a legal request runs after it.
  const LayoutProbeRun ok = run_layout_probe(request("(16,64):(64,1)", "", SharedOp::ldmatrix, "explorer"));
  EXPECT_EQ(ok.error.kind, ErrorKind::none) << ok.error.message;
  EXPECT_EQ(ok.probe.mismatches(), 0);
}

}  // namespace
}  // namespace fragviz
