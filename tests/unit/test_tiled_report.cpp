// Tiled reports (fragviz/report/tiled_report.hpp): `tiled --json` read back strictly and two of
// them compared, on small documents edited here. Each expected line is written from the edit made.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "fragviz/report/tiled_report.hpp"

namespace fragviz {
namespace {

using nlohmann::json;

json bank_row(int warp, int k_block, int wavefronts) {
  return {{"warp", warp},          {"k_block", k_block},
          {"instructions", 1},     {"wavefronts", wavefronts},
          {"ideal_wavefronts", 4}, {"bank_conflicts", wavefronts - 4},
          {"misaligned", 0}};
}

/// A version-2 report of one warp: A through ldmatrix over two k-blocks, filled by cp.async; B and
/// C without a copy.
json base() {
  json banks = {{"instruction", "ldmatrix.sync.aligned.m8n8.x4.shared.b16"},
                {"note", ""},
                {"instructions", 2},
                {"wavefronts", 8},
                {"ideal_wavefronts", 8},
                {"bank_conflicts", 0},
                {"misaligned", 0},
                {"per_k_block", {bank_row(-1, 0, 4), bank_row(-1, 1, 4)}},
                {"per_warp", {bank_row(0, 0, 4), bank_row(0, 1, 4)}}};
  json a = {
      {"operand", "A"},
      {"copy", "SM75_U32x4_LDSM_N"},
      {"layout", "(16,32):(32,1)"},
      {"gmem_copy", "make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (8,4):(4,1), (1,8))"},
      {"layout_tv", "((4,8),(2,2,2)):((32,1),(16,8,128))"},
      {"copy_layout_tv", "((4,8),(2,2,2)):((32,1),(16,8,128))"},
      {"join", {{"cells", 512}, {"mismatches", 0}, {"verdict", "all 512 match (32 threads x 16 values)"}}},
      {"fill",
       {{"cells", 512},
        {"mismatches", 0},
        {"misaligned", 0},
        {"verdict", "all 512 shared cells hold their element (32 threads x 2 cp.async x 8 values)"}}},
      {"banks", banks}};
  const auto none = [](const char* op, bool gmem) {
    json o = {{"operand", op},    {"copy", ""},           {"layout", ""},
              {"layout_tv", "x"}, {"copy_layout_tv", ""}, {"skipped", std::string("no copy for ") + op}};
    if (gmem) o["gmem_copy"] = "";
    return o;
  };
  return {{"format", "fragviz-tiled"},
          {"version", 2},
          {"preset", ""},
          {"mma", "SM80_16x8x16_F32F16F16F32_TN"},
          {"instruction", "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"},
          {"atoms", "(1,1,1):(0,0,0)"},
          {"permutation", "Tile<_,_,_>"},
          {"threads", 32},
          {"mma_tile", {16, 8, 16}},
          {"cta_tile", {16, 8, 32}},
          {"k_block", 16},
          {"register_swap", ""},
          {"operands", {a, none("B", true), none("C", false)}}};
}

/// `j` as version 1 wrote it: no format, version, TV layouts, gmem copy or fill.
json version_one(json j) {
  j.erase("format");
  j.erase("version");
  for (json& o : j["operands"])
    for (const char* k : {"layout_tv", "copy_layout_tv", "gmem_copy", "fill", "fill_device"}) o.erase(k);
  return j;
}

TiledReportFile parsed(const json& j) {
  const auto r = parse_tiled_report(j.dump());
  EXPECT_TRUE(r) << r.error.message;
  return r ? *r.value : TiledReportFile{};
}

void refused(const json& j, const std::string& words) {
  const auto r = parse_tiled_report(j.dump());
  ASSERT_FALSE(r) << "accepted: " << words;
  EXPECT_EQ(r.error.kind, ErrorKind::refused);
  EXPECT_NE(r.error.message.find(words), std::string::npos) << r.error.message;
}

std::vector<std::string> lines(const ReportComparison& c) {
  std::vector<std::string> out;
  for (const DiffLine& l : diff_listing(c.diff, c.not_run, false)) out.push_back(l.text);
  return out;
}

TEST(TiledReport, ReadsBothVersions) {
  EXPECT_TRUE(is_tiled_report_text(base().dump()));
  EXPECT_TRUE(is_tiled_report_text(version_one(base()).dump()));
  EXPECT_FALSE(is_tiled_report_text(R"x({"format": "fragviz-report", "version": 3, "gate": {}})x"));
  EXPECT_EQ(parsed(base()).version, 2);
  EXPECT_EQ(parsed(version_one(base())).version, 1);
}

TEST(TiledReport, Refusals) {
  json j = base();
  j["colour"] = "red";
  refused(j, "tiled: no field \"colour\" in a tiled report");
  j = version_one(base());
  j["operands"][0]["fill"] = base()["operands"][0]["fill"];
  refused(j, "operands[0].fill: a version 1 tiled report has no such field (it came in version 2)");
  j = base();
  j["version"] = 4;
  refused(j, "tiled report version 4 is not supported (this build reads versions 1 to 3");
  // A cp.async.ca fill's banks came in version 3, checked as the copy's are.
  j = base();
  j["operands"][0]["fill_banks"] = j["operands"][0]["banks"];
  refused(j, "operands[0].fill_banks: a version 2 tiled report has no such field (it came in version 3)");
  j["version"] = 3;
  j["operands"][0]["fill_banks"]["whole_k"] = true;
  j["operands"][1]["fill_no_banks"] = "cp.async.cg is not modelled";
  EXPECT_EQ(parsed(j).version, 3);
  j["operands"][0]["fill_banks"]["wavefronts"] = 9;
  refused(j, "operands[0].fill_banks.wavefronts: 9 is not the sum of per_k_block's (8)");
  j = base();
  j["version"] = 3;
  j["operands"][2]["fill_no_banks"] = "x";
  refused(j, "operands[2]: C has no cp.async fill");
  j = base();
  j["operands"][0]["banks"]["per_warp"][1]["wavefronts"] = 5;
  refused(j, "operands[0].banks.wavefronts: 8 is not the sum of per_warp's (9)");
  j = base();
  j["operands"][0]["join"]["mismatches"] = 513;
  refused(j, "operands[0].join: 513 mismatches of 512 cells");
  j = base();
  std::swap(j["operands"][0], j["operands"][1]);
  refused(j, "operands[0].operand: expected \"A\"");
  j = base();
  j["threads"] = "32";
  refused(j, "tiled.threads: expected an integer, got a string");
  refused(json::array(), "the document is no object");
  refused(json{{"format", "fragviz-tiled"}}, "tiled report version (none) is not supported");
}

TEST(TiledReport, SameReportsAgree) {
  const ReportComparison c = compare_tiled_reports(parsed(base()), parsed(base()));
  EXPECT_TRUE(c.diff.differences.empty());
  EXPECT_TRUE(c.not_run.empty());
  EXPECT_EQ(c.counts(), DiffCounts{});
}

TEST(TiledReport, EveryChangedFieldIsNamed) {
  json b = base();
  // k-block 1 of warp 0 now takes 16 wavefronts: the row, its k-block's and the total change.
  b["operands"][0]["banks"]["per_warp"][1] = bank_row(0, 1, 16);
  b["operands"][0]["banks"]["per_k_block"][1] = bank_row(-1, 1, 16);
  b["operands"][0]["banks"]["wavefronts"] = 20;
  b["operands"][0]["banks"]["bank_conflicts"] = 12;
  b["operands"][0]["layout"] = "(16,32):(1,16)";
  b["operands"][0]["join"] = {{"cells", 512},
                              {"mismatches", 7},
                              {"verdict", "thread 0 V1: wrong"},
                              {"first_mismatch", {{"thread", 0}}}};
  const ReportComparison c = compare_tiled_reports(parsed(base()), parsed(b));
  // Each object's fields in the order of their keys; a field B alone has after the others.
  EXPECT_EQ(
      lines(c),
      (std::vector<std::string>{
          R"x(tiled.operands[A].banks.bank_conflicts: A 0, B 12)x",
          R"x(tiled.operands[A].banks.per_k_block[k-block 1].bank_conflicts: A 0, B 12)x",
          R"x(tiled.operands[A].banks.per_k_block[k-block 1].wavefronts: A 4, B 16)x",
          R"x(tiled.operands[A].banks.per_warp[warp 0 k-block 1].bank_conflicts: A 0, B 12)x",
          R"x(tiled.operands[A].banks.per_warp[warp 0 k-block 1].wavefronts: A 4, B 16)x",
          R"x(tiled.operands[A].banks.wavefronts: A 8, B 20)x",
          R"x(tiled.operands[A].join.mismatches: A 0, B 7)x",
          R"x(tiled.operands[A].join.verdict: A "all 512 match (32 threads x 16 values)", B "thread 0 V1: wrong")x",
          R"x(tiled.operands[A].join.first_mismatch: A absent, B an object of 1 field)x",
          R"x(tiled.operands[A].layout: A "(16,32):(32,1)", B "(16,32):(1,16)")x",
      }));
  EXPECT_EQ(c.counts().differ, 10u);
}

TEST(TiledReport, AnOlderFormatsMissingFieldsAreNotDifferences) {
  const ReportComparison c = compare_tiled_reports(parsed(version_one(base())), parsed(base()));
  // A: layout_tv, copy_layout_tv, gmem_copy, fill; B: layout_tv, copy_layout_tv, gmem_copy; C: the two
  // TV layouts. None counts as a difference.
  EXPECT_EQ(c.counts().differ, 0u);
  EXPECT_EQ(c.counts().older_format, 9u);
  const std::vector<std::string> l = lines(c);
  ASSERT_FALSE(l.empty());
  EXPECT_EQ(
      l[0],
      R"x(tiled.operands[A].copy_layout_tv: A absent, B "((4,8),(2,2,2)):((32,1),(16,8,128))"  [A (format version 1) has no such field])x");
  EXPECT_EQ(
      l[1],
      "tiled.operands[A].fill: A absent, B an object of 4 fields  [A (format version 1) has no such field]");
  // A field version 1 had is a difference even against version 2.
  json b = base();
  b["k_block"] = 32;
  const ReportComparison d = compare_tiled_reports(parsed(version_one(base())), parsed(b));
  EXPECT_EQ(d.counts().differ, 1u);
  EXPECT_EQ(lines(d)[0], "tiled.k_block: A 16, B 32");
}

TEST(TiledReport, DeviceResultsAreComparedWhereBothRan) {
  const json ran = {{"instruction", "cp.async.cg.shared.global.L2::128B"},
                    {"cp_async_per_thread", 2},
                    {"gpu", "NVIDIA H200"},
                    {"model_disagreements", 0}};
  const json no_gpu = {{"instruction", "cp.async.cg.shared.global.L2::128B"},
                       {"cp_async_per_thread", 2},
                       {"error", "no_device"},
                       {"message", "no CUDA device"}};
  json a = base(), b = base();
  a["operands"][0]["fill_device"] = ran;
  b["operands"][0]["fill_device"] = no_gpu;
  ReportComparison c = compare_tiled_reports(parsed(a), parsed(b));
  EXPECT_EQ(c.counts().differ, 0u);
  EXPECT_EQ(
      c.not_run,
      (std::vector<std::string>{"tiled.operands[A].fill_device: not run in B (no_device: no CUDA device)"}));
  // Run without --device: the part is absent, and not compared either.
  c = compare_tiled_reports(parsed(a), parsed(base()));
  EXPECT_EQ(c.not_run,
            (std::vector<std::string>{"tiled.operands[A].fill_device: not run in B (run without --device)"}));
  // Both ran: compared field by field.
  b["operands"][0]["fill_device"] = ran;
  b["operands"][0]["fill_device"]["model_disagreements"] = 3;
  c = compare_tiled_reports(parsed(a), parsed(b));
  EXPECT_TRUE(c.not_run.empty());
  EXPECT_EQ(lines(c),
            (std::vector<std::string>{"tiled.operands[A].fill_device.model_disagreements: A 0, B 3"}));
}

TEST(TiledReport, NcuCountersAreComparedWhereBothMeasuredThem) {
  // `tiled --device --ncu` puts an "ncu" object in the device objects (docs/report-format.md).
  const json ran = {{"instruction", "ldmatrix.sync.aligned.m8n8.x4.shared.b16"}, {"gpu", "NVIDIA H200"}};
  json with_ncu = ran;
  with_ncu["ncu"] = {{"copy", "A load"},
                     {"measured", {{"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", 128}}},
                     {"verdict", "as the model predicted"}};
  json a = base(), b = base();
  a["operands"][0]["device"] = with_ncu;
  b["operands"][0]["device"] = ran;
  // The files stay version 2: the reader does not fix the device objects.
  ReportComparison c = compare_tiled_reports(parsed(a), parsed(b));
  EXPECT_EQ(c.counts().differ, 0u);
  EXPECT_EQ(c.not_run,
            (std::vector<std::string>{"tiled.operands[A].device.ncu: not run in B (run without --ncu)"}));
  // ncu failed on one side: set aside with its error.
  b["operands"][0]["device"]["ncu"] = {{"copy", "A load"}, {"error", "ncu (Nsight Compute) is not on PATH"}};
  c = compare_tiled_reports(parsed(a), parsed(b));
  EXPECT_EQ(c.not_run,
            (std::vector<std::string>{
                "tiled.operands[A].device.ncu: not run in B (ncu (Nsight Compute) is not on PATH)"}));
  // Both measured: compared figure by figure.
  b["operands"][0]["device"] = with_ncu;
  b["operands"][0]["device"]["ncu"]["measured"]["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"] = 512;
  c = compare_tiled_reports(parsed(a), parsed(b));
  EXPECT_TRUE(c.not_run.empty());
  EXPECT_EQ(lines(c),
            (std::vector<std::string>{"tiled.operands[A].device.ncu.measured."
                                      "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum: A 128, B 512"}));
}

}  // namespace
}  // namespace fragviz
