// Reports survive a round trip exactly, and bad files are refused with a message.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "fragviz/report_json.hpp"

using namespace fragviz;

namespace {
ReportFile sample() {
  ReportFile f;
  ProbeReport p;
  p.created_utc = "2026-11-29T15:00:00Z";
  p.device.present = true;
  p.device.name = "NVIDIA H200";
  p.device.cc_major = 9;
  p.device.driver_version = 13000;
  p.device.global_mem_bytes = 150754820096ull;
  p.request.ldmatrix = {LdmNum::x2, true};
  p.request.tile.pad_halves = 0;
  p.request.tile.swizzle = Swizzle::xor_row_mod8;
  p.ldmatrix.ran = true;
  p.ldmatrix.registers[3] = {0xdeadbeef, 1, 2, 3};
  p.ldmatrix.addresses[31] = 4096;
  p.ldmatrix.elements.push_back({5, 1, 1, {9, 3}, Coord{9, 2}});
  FragmentProbe fr;
  fr.shape = Shape::m16n8k16;
  fr.ran = true;
  fr.elements.push_back({Operand::B, 5, 3, {11, 1}, std::nullopt, 0x3c00});
  fr.a_addresses[2] = 144;
  fr.tile_exact = true;
  p.fragments.push_back(fr);
  p.cycles.push_back({{LdmNum::x4, false}, {}, 8, 8, 17.25});
  p.probe_ms = 12.5;
  f.probe = p;
  GateReport g;
  g.request.n = 1024;
  g.request.variant = GateVariant::broken_swap_b;
  g.request.seed = 0xffffffffffffull;
  g.ran = true;
  g.mismatch_count = 3;
  g.first = Mismatch{0, 8, 1.5f, -0.25f};
  g.mismatches = {*g.first, {0, 9, 2.f, 3.f}};
  g.resources.registers = 62;
  g.resources.ptxas = "Used 62 registers";
  f.gate = g;
  return f;
}
}  // namespace

TEST(ReportJson, RoundTripKeepsEveryField) {
  const ReportFile f = sample();
  const std::string text = to_json_text(f);
  const auto back = parse_report(text);
  ASSERT_TRUE(back) << back.error;
  EXPECT_EQ(to_json_text(*back.value), text);  // every serialised field came back
  const ProbeReport& p = *back.value->probe;
  EXPECT_EQ(p.device.name, "NVIDIA H200");
  EXPECT_EQ(p.request.tile.swizzle, Swizzle::xor_row_mod8);
  EXPECT_EQ(p.ldmatrix.registers[3][0], 0xdeadbeefu);
  ASSERT_EQ(p.ldmatrix.elements.size(), 1u);
  EXPECT_FALSE(p.ldmatrix.elements[0].match());
  EXPECT_EQ(p.ldmatrix.mismatches(), 1);
  EXPECT_FALSE(p.fragments[0].elements[0].measured.has_value());
  EXPECT_EQ(p.fragments[0].mismatches(), 1);
  EXPECT_DOUBLE_EQ(p.cycles[0].cycles_per_instruction, 17.25);
  const GateReport& g = *back.value->gate;
  EXPECT_EQ(g.request.variant, GateVariant::broken_swap_b);
  EXPECT_EQ(g.request.seed, 0xffffffffffffull);
  EXPECT_EQ(g.first->col, 8);
  EXPECT_FLOAT_EQ(g.first->want, -0.25f);
}

TEST(ReportJson, RefusesWhatIsNotAReport) {
  EXPECT_FALSE(parse_report("{not json"));
  EXPECT_NE(parse_report("{not json").error.find("JSON"), std::string::npos);
  EXPECT_FALSE(parse_report("[1,2]"));
  EXPECT_FALSE(parse_report(R"({"format":"other","version":1})"));
  const auto v = parse_report(R"({"format":"fragviz-report","version":99,"probe":{}})");
  ASSERT_FALSE(v);
  EXPECT_NE(v.error.find("version 99"), std::string::npos);
  EXPECT_FALSE(parse_report(R"({"format":"fragviz-report","version":1})"));
}

TEST(ReportJson, RefusesMissingOrMistypedFields) {
  std::string text = to_json_text(sample());
  const auto pos = text.find("\"tile_exact\"");
  ASSERT_NE(pos, std::string::npos);
  std::string missing = text;
  missing.replace(pos, 12, "\"tile_exactX\"");
  const auto r = parse_report(missing);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error.find("malformed"), std::string::npos);
  std::string mistyped = text;
  const auto npos = mistyped.find("\"num\": \"x2\"");
  ASSERT_NE(npos, std::string::npos);
  mistyped.replace(npos, 11, "\"num\": \"x3\"");
  EXPECT_FALSE(parse_report(mistyped));
}

TEST(ReportJson, FileSaveAndLoad) {
  const std::string path = ::testing::TempDir() + "fragviz_report_test.json";
  ASSERT_EQ(save_report(sample(), path), "");
  const auto back = load_report(path);
  ASSERT_TRUE(back) << back.error;
  EXPECT_TRUE(back.value->gate.has_value());
  std::remove(path.c_str());
  const auto none = load_report(path);
  ASSERT_FALSE(none);
  EXPECT_NE(none.error.find(path), std::string::npos);
}
