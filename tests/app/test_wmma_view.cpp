// The fragments view's WMMA mode without a window: nothing drawn without a measurement (and why,
// and how to measure), and from a report the holders of every cell, the relation and the label
// that says whose measurement it is. The report's bytes come from the unit tests' stand-in load.
#include <gtest/gtest.h>

#include "../unit/wmma_stand_in.hpp"
#include "wmma_view.hpp"

using namespace fragviz;
using namespace fragviz::app;
using namespace wmma_test;

namespace {

const char* kC = "wmma.m16n16k16.accumulator.row.f32";
const char* kLabel = "measured on test GPU, sm_90";

/// A report whose f32 accumulator holds, in lane l's x[i], cell (l * 8 + i) / 2: every cell twice
/// over the first half of the matrix, none in the second.
ProbeReport report_with_map() {
  const WmmaKind& w = kind(kC);
  std::vector<int> map;
  for (int s = 0; s < 32 * w.elements; ++s) map.push_back(s / 2);
  WmmaProbe p;
  p.name = kC;
  p.ran = true;
  p.raw = load_through(w, map);
  p.map = decode_wmma(w, p.raw);
  ProbeReport r;
  r.device.present = true;
  r.wmma.push_back(p);
  WmmaProbe skipped;
  skipped.name = "wmma.m8n8k4.matrix_a.row.f64";
  skipped.skipped = "skipped: needs sm_80 or newer (device is sm_75)";
  r.wmma.push_back(skipped);
  return r;
}

}  // namespace

TEST(WmmaView, WithoutAMeasurementNothingIsDrawnAndTheViewSaysWhy) {
  const WmmaView none = compute_wmma_view(kind(kC), nullptr, "");
  EXPECT_FALSE(none.measured);
  EXPECT_TRUE(none.holders.empty());
  EXPECT_EQ(none.nothing.rfind(kWmmaNoMapping, 0), 0u) << none.nothing;
  EXPECT_NE(none.nothing.find(std::string("fragviz-cli probe --instr ") + kC + " --json FILE"),
            std::string::npos);
  EXPECT_EQ(wmma_status(kind(kC), nullptr), "");

  const ProbeReport r = report_with_map();
  const WmmaView skipped = compute_wmma_view(kind("wmma.m8n8k4.matrix_a.row.f64"), &r, kLabel);
  EXPECT_FALSE(skipped.measured);
  EXPECT_NE(skipped.nothing.find("measured on test GPU, sm_90 did not measure it: skipped: needs sm_80"),
            std::string::npos)
      << skipped.nothing;
  EXPECT_EQ(wmma_status(kind("wmma.m8n8k4.matrix_a.row.f64"), &r), "not run");
  const WmmaView absent = compute_wmma_view(kind("wmma.m16n16k16.matrix_a.row.f16"), &r, kLabel);
  EXPECT_NE(absent.nothing.find("holds no measurement of it"), std::string::npos) << absent.nothing;
}

TEST(WmmaView, AMeasuredMapListsEveryCellsHolders) {
  const ProbeReport r = report_with_map();
  const WmmaView v = compute_wmma_view(kind(kC), &r, kLabel);
  ASSERT_TRUE(v.measured);
  EXPECT_EQ(v.label, "measured on test GPU, sm_90: not a contract");
  EXPECT_EQ(wmma_status(kind(kC), &r), "measured");
  ASSERT_EQ(v.holders.size(), 256u);
  // Cell (0, 5) is held by slots 10 and 11: lane 1's x[2] and x[3].
  ASSERT_EQ(v.at(0, 5).size(), 2u);
  EXPECT_EQ(v.at(0, 5)[0].lane, 1);
  EXPECT_EQ(v.at(0, 5)[0].slot, 2);
  EXPECT_EQ(v.at(0, 5)[1].slot, 3);
  EXPECT_TRUE(v.at(15, 15).empty());
  EXPECT_EQ(v.holders_text, "8 x .f32 per lane (256 slots): 128 of 256 cells held, each by 2 slots");
  EXPECT_EQ(v.relation.rfind("no mma.sync fragment", 0), 0u) << v.relation;
}
