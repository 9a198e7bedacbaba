// The Hopper probes in a report file (version 3): written and read back unchanged, expected values
// recomputed from the model, and an edited file refused with the fault named.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "fragviz/probe/hopper_probe.hpp"
#include "fragviz/report/report_json.hpp"

using fragviz::Coord;
using fragviz::ReportFile;

namespace {

const char* kWgmma = "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16";

ReportFile sample() {
  fragviz::ProbeReport r;
  r.created_utc = "2026-12-01T12:00:00Z";
  r.device.present = true;
  r.device.name = "test";
  r.device.cc_major = 9;
  const fragviz::WgmmaInstruction* in = fragviz::find_wgmma(kWgmma);
  const fragviz::WgmmaProbePlan plan = fragviz::plan_wgmma_probe(*in);
  fragviz::WgmmaProbe p;
  p.mnemonic = kWgmma;
  p.ran = true;
  p.passes = static_cast<int>(plan.passes.size());
  p.tile_exact = true;
  for (int t = 0; t < 128; ++t) {
    for (int i = 0; i < fragviz::wgmma_d_elements(*in); ++i) {
      const Coord c = fragviz::wgmma_d_coord(*in, t, i);
      p.d.push_back({fragviz::Operand::C, t, i, c, c, 0});
    }
    for (int i = 0; i < fragviz::wgmma_a_elements(*in); ++i) {
      const Coord c = fragviz::wgmma_a_coord(*in, t, i);
      p.a.push_back({fragviz::Operand::A, t, i, c, c, 0});
    }
  }
  p.d[7].measured = Coord{3, 3, 0};  // a mismatch, kept as measured
  p.a[9].measured = std::nullopt;
  p.descriptors = plan.descriptors;
  for (auto& d : p.descriptors) d.measured.assign(d.expected.begin(), d.expected.end());
  p.descriptors[2].measured[5] = -1;
  r.wgmma.push_back(p);
  fragviz::WgmmaProbe skipped;
  skipped.mnemonic = "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16";
  skipped.skipped = "skipped: wgmma needs sm_90a";
  r.wgmma.push_back(skipped);
  const auto moves = fragviz::plan_matrix_moves(
      *fragviz::find_instruction("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"));
  for (const auto& m : moves) {
    fragviz::MatrixMoveProbe mp = m.probe;
    mp.ran = true;
    for (auto& c : mp.cells) c.measured = c.expected;
    r.moves.push_back(mp);
  }
  r.moves[0].cells[3].measured = Coord{15, 20, 0};
  r.hopper_ms = 41.5;
  ReportFile f;
  f.probe = r;
  return f;
}

nlohmann::json as_json(const ReportFile& f) { return nlohmann::json::parse(fragviz::to_json_text(f)); }

}  // namespace

TEST(HopperReport, RoundTripKeepsEveryMeasurement) {
  const ReportFile f = sample();
  const auto back = fragviz::parse_report(fragviz::to_json_text(f));
  ASSERT_TRUE(back) << back.error.message;
  const auto &a = f.probe->wgmma, &b = back.value->probe->wgmma;
  ASSERT_EQ(a.size(), b.size());
  EXPECT_EQ(b[0].d.size(), a[0].d.size());
  for (std::size_t i = 0; i < a[0].d.size(); ++i) EXPECT_EQ(a[0].d[i].measured, b[0].d[i].measured);
  for (std::size_t i = 0; i < a[0].a.size(); ++i) EXPECT_EQ(a[0].a[i].measured, b[0].a[i].measured);
  EXPECT_EQ(b[0].mismatches(), a[0].mismatches());
  EXPECT_EQ(b[0].mismatches(), 3);
  ASSERT_EQ(b[0].descriptors.size(), a[0].descriptors.size());
  for (std::size_t i = 0; i < a[0].descriptors.size(); ++i) {
    EXPECT_EQ(b[0].descriptors[i].expected, a[0].descriptors[i].expected);
    EXPECT_EQ(b[0].descriptors[i].measured, a[0].descriptors[i].measured);
    EXPECT_EQ(b[0].descriptors[i].descriptor, a[0].descriptors[i].descriptor);
  }
  EXPECT_FALSE(b[1].ran);
  EXPECT_EQ(b[1].skipped, a[1].skipped);
  ASSERT_EQ(back.value->probe->moves.size(), f.probe->moves.size());
  EXPECT_EQ(back.value->probe->moves[0].mismatches(), 1);
  EXPECT_EQ(back.value->probe->hopper_ms, 41.5);
}

TEST(HopperReport, EditedFilesAreRefusedWithTheFaultNamed) {
  const nlohmann::json good = as_json(sample());
  const auto refused = [](nlohmann::json j, const std::string& why) {
    const auto r = fragviz::parse_report(j.dump());
    EXPECT_FALSE(r) << "accepted: " << why;
    if (!r) EXPECT_NE(r.error.message.find(why), std::string::npos) << r.error.message;
  };
  {
    auto j = good;
    j["probe"]["wgmma"][0]["descriptors"][0]["descriptor"] = "0x0000000000000000";
    refused(j, "descriptor bits are not the layout's");
  }
  {
    auto j = good;
    j["probe"]["wgmma"][0]["descriptors"][0]["sbo"] = 64;
    refused(j, "illegal layout");
  }
  {
    auto j = good;
    std::string d = j["probe"]["wgmma"][0]["d_measured"];
    j["probe"]["wgmma"][0]["d_measured"] = d + " 4";
    refused(j, "the model needs");
  }
  {
    auto j = good;
    std::string d = j["probe"]["wgmma"][0]["d_measured"];
    j["probe"]["wgmma"][0]["d_measured"] = "99999 " + d.substr(d.find(' ') + 1);
    refused(j, "outside the operand");
  }
  {
    auto j = good;
    j["probe"]["wgmma"][0]["mnemonic"] = "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16";
    refused(j, "unknown instruction");
  }
  {
    auto j = good;
    j["probe"]["moves"][0]["detail"] = "x9";
    refused(j, "no such probe");
  }
  {
    auto j = good;
    j["probe"]["wgmma"][0]["tile_exact"] = false;
    refused(j, "tile verdict and detail disagree");
  }
}

TEST(HopperReport, VersionTwoFilesStillOpenWithoutHopperProbes) {
  auto j = as_json(sample());
  j["version"] = 2;
  const auto r = fragviz::parse_report(j.dump());
  ASSERT_TRUE(r) << r.error.message;
  EXPECT_TRUE(r.value->probe->wgmma.empty());
  EXPECT_TRUE(r.value->probe->moves.empty());
}
