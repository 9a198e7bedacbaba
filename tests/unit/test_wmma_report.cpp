// WMMA probes in a report file and in `diff`: written and read back unchanged, the cells decoded
// again from the stored bytes on load (an edited cell or byte is refused, named), and two reports
// compared slot by slot. The bytes come from the stand-in load (wmma_stand_in.hpp) through a
// made-up map.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <numeric>
#include <string>

#include "fragviz/report/report_diff.hpp"
#include "fragviz/report/report_json.hpp"
#include "wmma_stand_in.hpp"

using namespace fragviz;
using namespace wmma_test;

namespace {

const char* kA = "wmma.m16n16k16.matrix_a.row.f16";
const char* kC = "wmma.m16n16k16.accumulator.col.f32";

/// A kind "measured" through `map` (every cell in order, repeated, when empty).
WmmaProbe measured(const char* name, std::vector<int> map = {}) {
  const WmmaKind& w = kind(name);
  if (map.empty())
    for (int s = 0; s < 32 * w.elements; ++s) map.push_back(s % wmma_cells(w));
  WmmaProbe p;
  p.name = name;
  p.ran = true;
  p.raw = load_through(w, map);
  p.map = decode_wmma(w, p.raw);
  return p;
}

ReportFile sample() {
  ProbeReport r;
  r.created_utc = "2026-12-04T12:00:00Z";
  r.device.present = true;
  r.device.name = "test GPU";
  r.device.cc_major = 8;
  r.device.cc_minor = 0;
  r.wmma.push_back(measured(kA));
  r.wmma.push_back(measured(kC));
  WmmaProbe skipped;
  skipped.name = "wmma.m8n8k4.matrix_a.row.f64";
  skipped.skipped = "skipped: needs sm_80 or newer (device is sm_75)";
  r.wmma.push_back(skipped);
  ReportFile f;
  f.probe = r;
  return f;
}

nlohmann::json as_json(const ReportFile& f) { return nlohmann::json::parse(to_json_text(f)); }

std::string refusal(const nlohmann::json& j) {
  const auto r = parse_report(j.dump());
  return r ? std::string("accepted") : r.error.message;
}

}  // namespace

TEST(WmmaReport, RoundTripKeepsEveryByteAndCell) {
  const ReportFile f = sample();
  const auto back = parse_report(to_json_text(f));
  ASSERT_TRUE(back) << back.error.message;
  const auto &a = f.probe->wmma, &b = back.value->probe->wmma;
  ASSERT_EQ(b.size(), 3u);
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(b[i].name, a[i].name);
    EXPECT_EQ(b[i].ran, a[i].ran);
    EXPECT_EQ(b[i].skipped, a[i].skipped);
    EXPECT_EQ(b[i].raw, a[i].raw);
    EXPECT_EQ(b[i].map.cells, a[i].map.cells);
  }
  EXPECT_EQ(b[0].map.at(kind(kA), 31, 15), (31 * 16 + 15) % 256);
  EXPECT_TRUE(diff_reports(f, *back.value).agree());
  // A file without the section (recorded before it existed) reads as none run.
  nlohmann::json j = as_json(f);
  j["probe"].erase("wmma");
  const auto old = parse_report(j.dump());
  ASSERT_TRUE(old) << old.error.message;
  EXPECT_TRUE(old.value->probe->wmma.empty());
}

TEST(WmmaReport, AnEditedCellOrByteIsRefused) {
  nlohmann::json j = as_json(sample());
  auto& a = j["probe"]["wmma"][0];
  // The cells string, one number changed: lane 0's x[1] holds cell 1, not 7.
  std::string cells = a["cells"];
  a["cells"] = "0 7" + cells.substr(3);
  EXPECT_NE(refusal(j).find("cells are not what its raw bytes decode to (lane 0 x[1] decodes to 1)"),
            std::string::npos)
      << refusal(j);
  // One byte of pass 0 changed (lane 0's x[0], 0.0 -> 2.0 in f16): the cells no longer follow.
  j = as_json(sample());
  std::string raw = j["probe"]["wmma"][0]["raw"][0];
  raw.replace(0, 4, "0040");
  j["probe"]["wmma"][0]["raw"][0] = raw;
  EXPECT_NE(refusal(j).find("lane 0 x[0] decodes to -2"), std::string::npos) << refusal(j);
  // Pass counts, hex digits, and a run without a device or on too old an SM.
  j = as_json(sample());
  j["probe"]["wmma"][1]["raw"].erase(1);
  EXPECT_NE(refusal(j).find("1 passes, the kind takes 2"), std::string::npos) << refusal(j);
  j = as_json(sample());
  raw = j["probe"]["wmma"][1]["raw"][0];
  j["probe"]["wmma"][1]["raw"][0] = raw.substr(2);
  EXPECT_NE(refusal(j).find("hex digits, the kind needs"), std::string::npos) << refusal(j);
  j = as_json(sample());
  raw = j["probe"]["wmma"][1]["raw"][0];
  j["probe"]["wmma"][1]["raw"][0] = "X" + raw.substr(1);
  EXPECT_NE(refusal(j).find("no lower-case hex digit"), std::string::npos) << refusal(j);
  j = as_json(sample());
  j["probe"]["device"]["present"] = false;
  EXPECT_NE(refusal(j).find("ran, but device.present is false"), std::string::npos) << refusal(j);
  j = as_json(sample());
  j["probe"]["device"]["cc_major"] = 7;
  j["probe"]["device"]["cc_minor"] = 0;
  // Both f16-family kinds are sm_70's; the f64 one (sm_80) was skipped. Marked run on sm_70, it is
  // refused for the SM before anything else.
  EXPECT_EQ(refusal(j), "accepted");
  j["probe"]["wmma"][2]["ran"] = true;
  j["probe"]["wmma"][2]["skipped"] = "";
  EXPECT_NE(refusal(j).find("ran on sm_70, but the kind needs sm_80"), std::string::npos) << refusal(j);
}

TEST(WmmaReport, NamesRanAndSkippedAreConsistent) {
  nlohmann::json j = as_json(sample());
  j["probe"]["wmma"].push_back(j["probe"]["wmma"][0]);
  EXPECT_NE(refusal(j).find(std::string("wmma[") + kA + "]: twice"), std::string::npos) << refusal(j);
  j = as_json(sample());
  j["probe"]["wmma"][0]["skipped"] = "why not";
  EXPECT_NE(refusal(j).find("ran and skipped disagree"), std::string::npos) << refusal(j);
  j = as_json(sample());
  j["probe"]["wmma"][0]["name"] = "wmma.m16n16k16.matrix_a.row.f15";
  EXPECT_NE(refusal(j).find("no WMMA fragment kind has this name"), std::string::npos) << refusal(j);
  // An unknown name that did not run is what the probes record for it: kept.
  j = as_json(sample());
  j["probe"]["wmma"][2]["name"] = "wmma.no.such.kind";
  j["probe"]["wmma"][2]["skipped"] = "not run: no WMMA fragment kind has this name";
  EXPECT_EQ(refusal(j), "accepted");
  j["probe"]["wmma"][2]["cells"] = "1";
  EXPECT_NE(refusal(j).find("did not run but holds bytes"), std::string::npos) << refusal(j);
  // The short spelling is a way to ask, not a name a report holds.
  j = as_json(sample());
  j["probe"]["wmma"][0]["name"] = std::string(kA).substr(5);
  EXPECT_NE(refusal(j).find("no WMMA fragment kind has this name"), std::string::npos) << refusal(j);
}

TEST(WmmaReport, DiffNamesEverySlotThatMoved) {
  const ReportFile a = sample();
  ReportFile b = sample();
  b.probe->device.name = "another GPU";
  // Lane 3's x[2] and x[5] swapped in the accumulator.
  const WmmaKind& c = kind(kC);
  std::vector<int> map(static_cast<std::size_t>(32 * c.elements));
  std::iota(map.begin(), map.end(), 0);
  std::swap(map[3 * 8 + 2], map[3 * 8 + 5]);
  b.probe->wmma[1] = measured(kC, map);
  const ReportDiff d = diff_reports(a, b);
  std::vector<std::string> lines;
  for (const ReportDifference& x : d.differences)
    if (x.area == DiffArea::wmma) {
      lines.push_back(x.line());
      EXPECT_EQ(x.mnemonic, kC);
      EXPECT_EQ(x.lane, 3);
    }
  ASSERT_EQ(lines.size(), 2u);
  // Slot s holds cell s (row s / 16, col s % 16): lane 3's x[2] is slot 26, (1, 10), x[5] slot 29.
  EXPECT_EQ(lines[0], std::string("probe.wmma[") + kC + "].x[lane 3][2]: A (1, 10), B (1, 13)");
  EXPECT_EQ(lines[1], std::string("probe.wmma[") + kC + "].x[lane 3][5]: A (1, 13), B (1, 10)");
  EXPECT_EQ(d.content(), 3u);  // the two slots and the device's name
  // A kind in one file only, and none in both.
  b = sample();
  b.probe->wmma.pop_back();
  EXPECT_EQ(diff_reports(a, b).content(), 1u);
  ReportFile none_a = sample(), none_b = sample();
  none_a.probe->wmma.clear();
  none_b.probe->wmma.clear();
  const auto nd = diff_reports(none_a, none_b);
  EXPECT_NE(std::find(nd.absent_in_both.begin(), nd.absent_in_both.end(), "probe.wmma"),
            nd.absent_in_both.end());
}
