// Reports survive a round trip exactly, and bad files are refused with a message.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "fragviz/report_json.hpp"
#include "seed_instructions.hpp"

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
  p.ldmatrix.config = {LdmNum::x2, true};
  p.ldmatrix.ran = true;
  p.ldmatrix.registers[3] = {0xdeadbeef, 1, 2, 3};
  p.ldmatrix.addresses[31] = 4096;
  for (int lane = 0; lane < 32; ++lane)
    for (int reg = 0; reg < 2; ++reg)
      for (int half = 0; half < 2; ++half) {
        const Coord c = ldmatrix_element(true, lane, half);
        p.ldmatrix.elements.push_back(
            {lane, reg, half, {c.row + 8 * reg, c.col}, Coord{c.row + 8 * reg, c.col}});
      }
  p.ldmatrix.elements[21].measured = Coord{9, 2};  // one wrong cell
  FragmentProbe fr;
  fr.mnemonic = test::seed16().mnemonic;
  fr.ran = true;
  for (Operand op : {Operand::A, Operand::B, Operand::C})
    for (int lane = 0; lane < 32; ++lane)
      for (int e = 0; e < elements_per_lane(test::seed16(), op); ++e) {
        const Coord c = fragment_coord(test::seed16(), op, lane, e);
        fr.elements.push_back({op, lane, e, c, c, 0x3c00});
      }
  fr.elements[300].measured = std::nullopt;  // a value that named no cell
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
  ASSERT_EQ(p.ldmatrix.elements.size(), 128u);
  EXPECT_FALSE(p.ldmatrix.elements[21].match());
  EXPECT_EQ(p.ldmatrix.mismatches(), 1);
  ASSERT_EQ(p.fragments[0].elements.size(), 512u);
  EXPECT_FALSE(p.fragments[0].elements[300].measured.has_value());
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

namespace {
/// Parses a changed copy of the sample and returns the error (empty if it was accepted).
template <class Change>
std::string error_after(Change change) {
  ReportFile f = sample();
  change(f);
  const auto r = parse_report(to_json_text(f));
  return r ? std::string() : r.error;
}
}  // namespace

TEST(ReportJson, RefusesIndicesOutsideTheShapesItNames) {
  // Found by a newcomer: well-typed but impossible reports were shown as measured data, and a
  // gate n of 2^31-1 crashed the app while it sized the output view.
  EXPECT_EQ(error_after([](ReportFile&) {}), "");
  EXPECT_NE(error_after([](ReportFile& f) { f.probe->ldmatrix.elements[0].lane = 99999; }).find("lane"),
            std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) { f.probe->ldmatrix.elements[0].reg = 2; }).find("register"),
            std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) {
              f.probe->ldmatrix.elements[0].measured = Coord{16, 0};
            }).find("outside the tile"),
            std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) { f.probe->ldmatrix.elements.pop_back(); }).find("expected 32"),
            std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) { f.probe->ldmatrix.tile.pad_halves = 1; }).find("16-byte"),
            std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) { f.probe->fragments[0].elements[5].element = 8; }).find("element"),
            std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) {
              f.probe->fragments[0].elements[400].expected = Coord{0, 8};
            }).find("outside the operand"),
            std::string::npos);
  for (int n : {2147483647, 100000000, 1000000, 0, -5, 2000, 128})
    EXPECT_NE(error_after([n](ReportFile& f) { f.gate->request.n = n; }).find("impossible size"),
              std::string::npos)
        << n;
  EXPECT_NE(error_after([](ReportFile& f) { f.gate->mismatches[1].row = 1000000000; }).find("outside"),
            std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) { f.gate->exact = true; }).find("exact"), std::string::npos);
  // A refused gate run records the request as the user typed it: that is not an error.
  EXPECT_EQ(error_after([](ReportFile& f) {
              f.gate->ran = false;
              f.gate->request.n = -5;
            }),
            "");
}

TEST(ReportJson, LoadsOnlyRegularFilesOfSaneSize) {
  const auto dir = load_report(::testing::TempDir());
  ASSERT_FALSE(dir);
  EXPECT_NE(dir.error.find("directory"), std::string::npos);
  const auto zero = load_report("/dev/zero");  // would be read forever
  ASSERT_FALSE(zero);
  EXPECT_NE(zero.error.find("not a regular file"), std::string::npos);
  const std::string big = ::testing::TempDir() + "fragviz_big_report.json";
  {
    std::ofstream out(big, std::ios::binary);
    out.seekp(static_cast<std::streamoff>(kMaxReportBytes));
    out.put('\n');
  }
  const auto large = load_report(big);
  ASSERT_FALSE(large);
  EXPECT_NE(large.error.find("at most"), std::string::npos);
  std::remove(big.c_str());
}

TEST(ReportJson, MessagesCarryNoLibraryPrefix) {
  std::string text = to_json_text(sample());
  const auto pos = text.find("\"probe_ms\": 12.5");
  ASSERT_NE(pos, std::string::npos);
  text.replace(pos, 17, "\"probe_ms\": \"x\"");
  const auto r = parse_report(text);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error.find("[json.exception"), std::string::npos) << r.error;
}

TEST(ReportJson, NumbersMeanExactlyWhatTheySay) {
  // Found by the second newcomer pass: 2^32+3 wrapped to lane 3 and 1.5 truncated to 1.
  const std::string text = to_json_text(sample());
  const auto at = text.find("\"lane\": 5,");
  ASSERT_NE(at, std::string::npos);
  for (const char* bad : {"\"lane\": 4294967301,", "\"lane\": 5.5,", "\"lane\": 5.0,",
                          "\"lane\": -4294967291,", "\"lane\": 1e400,"}) {
    std::string edited = text;
    edited.replace(at, 10, bad);
    const auto r = parse_report(edited);
    EXPECT_FALSE(r) << bad;
  }
  std::string negative = text;
  const auto count = negative.find("\"mismatch_count\": 3");
  ASSERT_NE(count, std::string::npos);
  negative.replace(count, 19, "\"mismatch_count\": -5");
  const auto r = parse_report(negative);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error.find("out of range"), std::string::npos) << r.error;
}

TEST(ReportJson, ExpectedCellsAreTheModelsNotTheFiles) {
  // An edited lane (or an edited expected cell) must not turn into "all elements match".
  EXPECT_NE(error_after([](ReportFile& f) { f.probe->fragments[0].elements[0].lane = 7; }).find("PTX table"),
            std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) {
              auto& e = f.probe->fragments[0].elements[0];
              e.expected = Coord{1, 1};
              e.measured = Coord{1, 1};
            }).find("PTX table"),
            std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) {
              auto& e = f.probe->fragments[0].elements;
              e[1] = e[0];
            }).find("twice"),
            std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) { f.probe->ldmatrix.elements[3].lane = 9; }).find("model's"),
            std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) { f.gate->device.cc_major = -10; }).find("negative"),
            std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) { f.gate->kernel_ms = -1; }).find("negative"), std::string::npos);
  EXPECT_NE(error_after([](ReportFile& f) { f.gate->resources.registers = -1; }).find("negative"),
            std::string::npos);
}
