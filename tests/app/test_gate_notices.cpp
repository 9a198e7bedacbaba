// gate_notices: the Gate panel says each reason once (newcomer round 14: without a GPU a Load
// kernel run showed the same words in three lines).
#include <gtest/gtest.h>

#include "gate_notices.hpp"

namespace fragviz::app {
namespace {

GateReport not_run(const std::string& why) {
  GateReport r;
  r.ran = false;
  r.error = Error{ErrorKind::refused, why};
  return r;
}

TEST(GateNotices, NoGpuReasonSaidOnce) {
  const std::string dev = "no CUDA device: the driver reports 0 devices";
  const GateReport r = not_run(dev + " (the source compiled for sm_80)");
  const GateNotices n = gate_notices(dev, r.error.message, &r);
  EXPECT_EQ(n.blocked, dev);
  EXPECT_EQ(n.error, "");
  EXPECT_EQ(n.not_run, "not run (the source compiled for sm_80)");
}

TEST(GateNotices, SameWordsEverywhereLeaveOneLine) {
  const GateReport r = not_run("disabled with --no-device");
  const GateNotices n = gate_notices(std::string("disabled with --no-device"), r.error.message, &r);
  EXPECT_EQ(n.error, "");
  EXPECT_EQ(n.not_run, "not run (as above)");
}

TEST(GateNotices, DifferentReasonsAllStand) {
  const GateReport r = not_run("x.cu:5: error: expected ';'");
  const GateNotices n = gate_notices(std::nullopt, "gate failed: the runner crashed", &r);
  EXPECT_EQ(n.blocked, "");
  EXPECT_EQ(n.error, "gate failed: the runner crashed");
  EXPECT_EQ(n.not_run, "not run: x.cu:5: error: expected ';'");
  // The run's error is its verdict's reason: said there only.
  const GateNotices same = gate_notices(std::nullopt, r.error.message, &r);
  EXPECT_EQ(same.error, "");
  EXPECT_EQ(same.not_run, "not run: x.cu:5: error: expected ';'");
}

TEST(GateNotices, ARunThatRanKeepsItsVerdict) {
  GateReport r;
  r.ran = true;
  const GateNotices n = gate_notices(std::nullopt, "", &r);
  EXPECT_EQ(n.not_run, "");
  EXPECT_EQ(gate_notices(std::nullopt, "", nullptr).not_run, "");
}

}  // namespace
}  // namespace fragviz::app
