// Report comparison (report_diff.hpp): hand-made reports that differ in one known field, and the
// pinned H200 reports (tests/fixtures/reports/), whose differences were read off the JSON files by
// hand: the two gate reports (version 1 of 2026-11-29, version 2 of 2026-12-01) differ only in their
// times; the two probe reports in their times, the instruction probes only version 2 has (the
// fixture keeps 4 of that run's 70), and the addresses version 1 never stored for its six standard
// cycles rows (the cycle counts agree).
#include <gtest/gtest.h>

#include "fragviz/isa/wgmma.hpp"
#include "fragviz/report/report_compare.hpp"
#include "fragviz/report/report_diff.hpp"
#include "fragviz/report/report_json.hpp"

using namespace fragviz;

namespace {
const char* kMnemonic = "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32";

ReportFile probe_file() {
  ProbeReport p;
  p.created_utc = "2026-12-01T11:36:44Z";
  p.device.present = true;
  p.device.name = "NVIDIA H200";
  p.device.cc_major = 9;
  InstructionProbe in;
  in.mnemonic = kMnemonic;
  in.ran = true;
  in.passes = 3;
  in.tile_exact = true;
  ElementCheck e;
  e.operand = Operand::A;
  e.lane = 5;
  e.element = 2;
  e.expected = Coord{1, 3};
  e.measured = Coord{1, 3};
  e.raw = 23;
  in.elements.push_back(e);
  e.operand = Operand::B;
  e.element = 0;
  e.expected = Coord{2, 1};
  e.measured = Coord{2, 1};
  in.elements.push_back(e);
  p.instructions.push_back(in);
  CyclesRow row;
  row.config = {LdmNum::x4, false};
  row.tile = TileGeometry{64, 0, 16, Swizzle::none};
  row.predicted_wavefronts = row.measured_wavefronts = 32;
  row.addresses = std::array<std::uint32_t, kWarpSize>{};
  row.cycles_per_instruction = 66.9;
  p.cycles.push_back(row);
  ReportFile f;
  f.probe = p;
  return f;
}

ReportFile gate_file() {
  GateReport g;
  g.ran = true;
  g.exact = true;
  g.kernel_ms = 0.1336;
  ReportFile f;
  f.gate = g;
  return f;
}

std::string fixture(const std::string& name) {
  return std::string(FRAGVIZ_SOURCE_DIR) + "/tests/fixtures/reports/" + name;
}

ReportFile load(const std::string& path) {
  auto r = load_report(path);
  EXPECT_TRUE(r) << path << ": " << r.error.message;
  return r ? *r.value : ReportFile{};
}

std::vector<std::string> lines(const ReportDiff& d, bool timing) {
  std::vector<std::string> out;
  for (const auto& x : d.differences)
    if (x.timing == timing) out.push_back(x.line());
  return out;
}
}  // namespace

TEST(ReportDiff, IdenticalReportsAgree) {
  const ReportFile f = probe_file();
  const ReportDiff d = diff_reports(f, f);
  EXPECT_TRUE(d.agree());
  EXPECT_TRUE(d.differences.empty());
  EXPECT_TRUE(diff_reports(ReportFile{}, ReportFile{}).differences.empty());
}

TEST(ReportDiff, OneElementNamedWithItsLaneAndOperand) {
  const ReportFile a = probe_file();
  ReportFile b = a;
  b.probe->instructions[0].elements[0].measured = Coord{1, 4};
  const ReportDiff d = diff_reports(a, b);
  ASSERT_EQ(d.differences.size(), 1u);
  const ReportDifference& x = d.differences[0];
  EXPECT_EQ(x.line(), std::string("probe.instructions[") + kMnemonic +
                          "].elements[A lane 5 element 2].measured: A (1,3) (match), B (1,4) (mismatch)");
  EXPECT_EQ(x.area, DiffArea::instruction);
  EXPECT_EQ(x.mnemonic, kMnemonic);
  EXPECT_EQ(x.operand, Operand::A);
  EXPECT_EQ(x.lane, 5);
  EXPECT_EQ(x.element, 2);
  EXPECT_FALSE(x.timing);
  EXPECT_FALSE(d.agree());
  // A measurement that names no cell.
  b.probe->instructions[0].elements[0].measured.reset();
  EXPECT_EQ(diff_reports(a, b).differences[0].b, "none (mismatch)");
  // An element only one report has.
  b = a;
  b.probe->instructions[0].elements.pop_back();
  EXPECT_EQ(diff_reports(a, b).differences[0].line(),
            std::string("probe.instructions[") + kMnemonic +
                "].elements[B lane 5 element 0]: A expected (2,1), measured (2,1) (match), B absent");
}

TEST(ReportDiff, InstrumentRequestWavefrontsAndInstructions) {
  const ReportFile a = probe_file();
  ReportFile b = a;
  b.probe->device.name = "NVIDIA A100-SXM4-80GB";
  b.probe->device.cc_major = 8;
  b.probe->request.tile.pad_halves = 0;  // the default tile has a pad of 8
  b.probe->cycles[0].measured_wavefronts = 31;
  (*b.probe->cycles[0].addresses)[7] = 128;
  b.probe->instructions[0].passes = 4;
  b.probe->error.message = "CUDA error: misaligned address";
  b.probe->error.kind = ErrorKind::cuda;
  const std::vector<std::string> want = {
      "probe.device.name: A \"NVIDIA H200\", B \"NVIDIA A100-SXM4-80GB\"",
      "probe.device.compute capability: A sm_90, B sm_80",
      "probe.request.tile: A width 64, pad 8, rows 16, swizzle none, B width 64, pad 0, rows 16, swizzle "
      "none",
      std::string("probe.instructions[") + kMnemonic + "].passes: A 3, B 4",
      "probe.cycles[.x4, width 64, pad 0, rows 16, swizzle none].measured_wavefronts: A 32, B 31",
      "probe.cycles[.x4, width 64, pad 0, rows 16, swizzle none].addresses[lane 7]: A 0, B 128",
      "probe.error: A \"\", B \"CUDA error: misaligned address\"",
      "probe.error_kind: A none, B cuda",
  };
  const ReportDiff d = diff_reports(a, b);
  EXPECT_EQ(lines(d, false), want);
  EXPECT_EQ(d.differences[0].area, DiffArea::device);
  EXPECT_EQ(d.differences[4].area, DiffArea::cycles);
  EXPECT_EQ(d.differences[4].index, 0);
  EXPECT_EQ(d.differences[5].lane, 7);
  // An instruction probe only one report has is one line, not one per element.
  ReportFile c = a;
  c.probe->instructions.clear();
  const auto only = lines(diff_reports(a, c), false);
  ASSERT_EQ(only.size(), 1u);
  EXPECT_EQ(only[0],
            std::string("probe.instructions[") + kMnemonic + "]: A ran, 2 elements, 0 mismatches, B absent");
}

TEST(ReportDiff, TimingsAreListedButDoNotDisagree) {
  const ReportFile a = probe_file();
  ReportFile b = a;
  b.probe->created_utc = "2026-12-02T09:00:00Z";
  b.probe->cycles[0].cycles_per_instruction = 67.25;
  b.probe->probe_ms = 12.5;
  const ReportDiff d = diff_reports(a, b);
  EXPECT_TRUE(d.agree());
  EXPECT_EQ(d.timings(), 3u);
  EXPECT_EQ(
      lines(d, true)[1],
      "probe.cycles[.x4, width 64, pad 0, rows 16, swizzle none].cycles_per_instruction: A 66.9, B 67.25");
}

TEST(ReportDiff, GateVerdictAndMismatches) {
  const ReportFile a = gate_file();
  ReportFile b = a;
  b.gate->exact = false;
  b.gate->mismatch_count = 2;
  b.gate->first = Mismatch{0, 3, 1.5f, 1.25f};
  b.gate->mismatches = {Mismatch{0, 3, 1.5f, 1.25f}, Mismatch{7, 1, -2.f, 2.f}};
  b.gate->resources.registers = 64;
  const std::vector<std::string> want = {
      "gate.exact: A true, B false",
      "gate.mismatch_count: A 0, B 2",
      "gate.first: A none, B (0,3) got 1.5 want 1.25",
      "gate.mismatches[(0,3)]: A absent, B got 1.5 want 1.25",
      "gate.mismatches[(7,1)]: A absent, B got -2 want 2",
      "gate.resources.registers: A 0, B 64",
  };
  const ReportDiff d = diff_reports(a, b);
  EXPECT_EQ(lines(d, false), want);
  EXPECT_EQ(d.differences[0].area, DiffArea::gate);
  // Only one file has a gate.
  ReportFile none;
  const auto one = lines(diff_reports(a, none), false);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0], "gate: A a gate report (n = 2048, ldmatrix-k8, exact), B absent");
}

TEST(ReportDiff, TheTwoH200GateRunsDifferOnlyInTheirTimes) {
  // 2026-11-29 (version 1) and 2026-12-01 (version 2): same request, device, verdict and resources;
  // created_utc, cublas_gflops, cublas_ms, gflops, kernel_ms, ratio_to_cublas and verdict_ms differ.
  const ReportDiff d =
      diff_reports(load(fixture("h200-2026-11-29-gate.json")), load(fixture("h200-2026-12-01-gate.json")));
  EXPECT_TRUE(d.agree()) << (d.differences.empty() ? "" : d.differences[0].line());
  std::vector<std::string> fields;
  for (const auto& x : d.differences) fields.push_back(x.where);
  EXPECT_EQ(fields,
            (std::vector<std::string>{"gate.created_utc", "gate.kernel_ms", "gate.gflops", "gate.cublas_ms",
                                      "gate.cublas_gflops", "gate.ratio_to_cublas", "gate.verdict_ms"}));
  EXPECT_EQ(d.differences[1].line(), "gate.kernel_ms: A 0.13359999656677246, B 0.1345440000295639");
}

TEST(ReportDiff, TheTwoH200ProbeRunsDifferInWhatVersion1LacksAndTheirTimes) {
  const ReportFile a = load(fixture("h200-2026-11-29-probe.json"));
  const ReportFile b = load(fixture("h200-2026-12-01-probe.json"));
  const ReportDiff d = diff_reports(a, b);
  int instructions = 0, cycles_addresses = 0, other = 0;
  for (const auto& x : d.differences) {
    if (x.timing) continue;
    if (x.area == DiffArea::instruction && x.a == "absent")
      ++instructions;
    else if (x.area == DiffArea::cycles && x.where.find(".addresses") != std::string::npos &&
             x.a == "not recorded" && x.b == "recorded")
      ++cycles_addresses;
    else
      ++other;
  }
  // Only in version 2: the fixture's 4 entries (3 run, 1 skipped on sm_90; tests/fixtures/trim.py),
  // of the run's 70 catalogue entries.
  EXPECT_EQ(instructions, 4);
  EXPECT_EQ(cycles_addresses, 6);  // the seven rows but the explorer's, whose are ldmatrix.addresses
  EXPECT_EQ(other, 0) << d.differences.front().line();
  // Version 1 has no instruction probes and stored no row's addresses: all ten are absent in the
  // older report's format, not disagreements.
  EXPECT_EQ(a.version, 1);
  EXPECT_EQ(b.version, 2);
  EXPECT_EQ(d.older_format(), 10u);
  EXPECT_EQ(d.content(), 0u);
  EXPECT_TRUE(d.agree());
  // The cycles per instruction are the same to the last bit on both days (66.9287109375 for 64 halves ...):
  // only the start time, the CUDA start-up and the probe time differ.
  std::vector<std::string> times;
  for (const auto& x : d.differences)
    if (x.timing) times.push_back(x.where);
  EXPECT_EQ(times, (std::vector<std::string>{"probe.created_utc", "probe.cuda_init_ms", "probe.probe_ms"}));
}

// Version 3: the Hopper probes are compared too, each difference located by instruction, lane and
// element (or descriptor layout, or matrix-move cell).
TEST(ReportDiff, WgmmaAndMatrixMoveProbesAreCompared) {
  fragviz::ProbeReport p;
  fragviz::WgmmaProbe w;
  w.mnemonic = "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16";
  w.ran = true;
  w.tile_exact = true;
  for (int t = 0; t < 128; ++t)
    for (int i = 0; i < 4; ++i) {
      const fragviz::Coord c = fragviz::wgmma_d_coord(*fragviz::find_wgmma(w.mnemonic), t, i);
      w.d.push_back({fragviz::Operand::C, t, i, c, c, 0});
    }
  p.wgmma.push_back(w);
  fragviz::MatrixMoveProbe m;
  m.mnemonic = "movmatrix.sync.aligned.m8n8.trans.b16";
  m.kind = "movmatrix";
  m.ran = true;
  m.cells.push_back({3, 0, 1, fragviz::Coord{7, 0}, fragviz::Coord{7, 0}, {}});
  p.moves.push_back(m);
  ReportFile a, b;
  a.probe = p;
  b.probe = p;
  EXPECT_TRUE(diff_reports(a, b).agree());
  b.probe->wgmma[0].d[77].measured = fragviz::Coord{1, 2};
  b.probe->moves[0].cells[0].measured = std::nullopt;
  const ReportDiff d = diff_reports(a, b);
  ASSERT_EQ(d.content(), 2u);
  EXPECT_EQ(d.differences[0].area, fragviz::DiffArea::wgmma);
  EXPECT_EQ(d.differences[0].lane, 77 / 4);
  EXPECT_EQ(d.differences[0].element, 77 % 4);
  EXPECT_EQ(d.differences[1].area, fragviz::DiffArea::moves);
  EXPECT_EQ(d.differences[1].lane, 3);
  b.probe->wgmma.clear();
  EXPECT_NE(diff_reports(a, b).differences[0].line().find("B absent"), std::string::npos);
}

// A field the other file's format version does not have is "report format version N has no such
// field" (N that file's version, whatever its date); the same
// gap between two files of one version is a real difference.
TEST(ReportDiff, AnEntryTheOlderFormatLacksIsNotADisagreement) {
  fragviz::WgmmaProbe w;
  w.mnemonic = "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16";
  w.ran = true;
  w.tile_exact = true;
  ReportFile a = probe_file(), b = probe_file();
  b.probe->wgmma.push_back(w);
  a.version = 2;  // before the wgmma probes (version 3)
  ReportDiff d = diff_reports(a, b);
  ASSERT_EQ(d.differences.size(), 1u);
  EXPECT_TRUE(d.differences[0].older_format) << d.differences[0].line();
  EXPECT_EQ(d.differences[0].lacking_version, 2);  // A's version, set above
  EXPECT_EQ(d.older_format(), 1u);
  EXPECT_EQ(d.content(), 0u);
  EXPECT_TRUE(d.agree());
  // The other way round too: B is the older file.
  d = diff_reports(b, ReportFile{a});
  ASSERT_EQ(d.differences.size(), 1u);
  EXPECT_TRUE(d.differences[0].older_format);
  // Both version 3: a wgmma probe only one of them holds is a real difference.
  a.version = 3;
  d = diff_reports(a, b);
  ASSERT_EQ(d.differences.size(), 1u);
  EXPECT_FALSE(d.differences[0].older_format);
  EXPECT_EQ(d.content(), 1u);
  EXPECT_FALSE(d.agree());
  // A version 2 file does hold instruction probes: one missing there is real.
  ReportFile c = probe_file();
  c.version = 2;
  c.probe->instructions.clear();
  d = diff_reports(c, probe_file());
  ASSERT_EQ(d.content(), 1u);
  EXPECT_EQ(d.older_format(), 0u);
  c.version = 1;
  d = diff_reports(c, probe_file());
  EXPECT_EQ(d.content(), 0u);
  EXPECT_EQ(d.older_format(), 1u);
}

// The comparison the CLI and the app share (report_compare.hpp), on the pinned 2026-12-01 probe
// report (version 2; 4 instruction probes, the f8f6f4 one skipped on sm_90) against that day's
// Hopper probe report (version 3; no instruction probes, 2 wgmma and 3 matrix-move probes; the
// fixture README): the skipped probe is not run, not compared; the 3 instruction probes only A
// holds were never asked of B's run (version 3 has instruction probes), so they are not run in B,
// not disagreements (issue 22); the 5 Hopper probes only B holds are missing from A's format version (2);
// 4 times (created, CUDA start-up, probe time, Hopper time).
TEST(ReportCompare, CountsByKindOnTheTwoPinnedProbeReports) {
  const ReportComparison c = compare_report_files(load(fixture("h200-2026-12-01-probe.json")),
                                                  load(fixture("h200-2026-12-01-hopper-probe.json")));
  const DiffCounts n = c.counts();
  EXPECT_EQ(n.differ, 0u);
  EXPECT_EQ(n.older_format, 5u);
  EXPECT_EQ(n.not_run, 4u);
  EXPECT_EQ(n.timings, 4u);
  ASSERT_EQ(c.not_run.size(), 4u);
  EXPECT_EQ(
      c.not_run[0],
      "instruction probe mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e2m1.f32: not run in A "
      "(skipped: needs sm_120a or newer (device is sm_90))");
  EXPECT_EQ(
      c.not_run[1],
      "instruction probe mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32: not run in B (not in its report)");
  for (const ReportDifference& d : c.diff.differences)
    if (!d.timing)
      EXPECT_EQ(d.older_format, d.area == DiffArea::wgmma || d.area == DiffArea::moves) << d.line();
  // Both files are dated 2026-12-01: the listing names the report without the fields and its format
  // version (A's, version 2), not an older report.
  std::size_t tagged = 0;
  for (const DiffLine& l : diff_listing(c.diff, c.not_run, false))
    if (l.kind == DiffLineKind::older_format) {
      ++tagged;
      const std::string tag = "  [A (format version 2) has no such field]";
      ASSERT_GE(l.text.size(), tag.size());
      EXPECT_EQ(l.text.substr(l.text.size() - tag.size()), tag) << l.text;
    }
  EXPECT_EQ(tagged, 5u);
  // The other way round, the version 2 file is B: the tag names B (newcomer round 25: "report
  // format version 2 has no such field" beside A's wgmma results read as if A's format lacked it).
  const ReportComparison r = compare_report_files(load(fixture("h200-2026-12-01-hopper-probe.json")),
                                                  load(fixture("h200-2026-12-01-probe.json")));
  std::vector<std::string> reverse;
  for (const DiffLine& l : diff_listing(r.diff, r.not_run, false))
    if (l.kind == DiffLineKind::older_format) reverse.push_back(l.text);
  ASSERT_EQ(reverse.size(), 5u);
  EXPECT_EQ(
      reverse[0],
      "probe.wgmma[wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16]: A ran, 0 mismatches, B absent  "
      "[B (format version 2) has no such field]");
  EXPECT_FALSE(c.nothing_compared);
  // What "agree" is about (newcomer round 26 read it as nothing compared): read off the files, both
  // ran the explorer's ldmatrix and hold the 2 fragment probes and 7 cycles rows; no instruction
  // probe is in both (B has none), the Hopper lists are in B alone.
  EXPECT_EQ(compared_text(c.compared),
            "compared: the device, the explorer's ldmatrix, 2 fragment probes and 7 cycles rows");
  EXPECT_EQ(counts_text(n),
            "0 differences, 5 missing from an older report format version, 4 parts not run (not compared), 4 "
            "times or "
            "timestamps");
  // Read off the files: A alone holds its 4 instruction probes, B alone its 2 wgmma and 3
  // matrix-move probes. Each is the one not-run line or older-format line that lists it, so a
  // headline naming them counts none of those again (newcomer round 33 read 9 entries as 18).
  EXPECT_EQ(c.only_in_a.size(), 4u);
  EXPECT_EQ(c.only_in_b.size(), 5u);
  EXPECT_EQ(only_in_one_text(c.only_in_a, c.only_in_b),
            "4 entries only in A (4 instruction probes), 5 only in B (2 wgmma probes, 3 matrix-move probes)");
  EXPECT_EQ(c.only_in_one_not_run, 4u);
  EXPECT_EQ(c.only_in_one_older_format, 5u);
}

// A part that did not run on a side is set aside, not compared: the gate without a device.
TEST(ReportCompare, AGateThatDidNotRunIsSetAside) {
  ReportFile a = gate_file(), b = gate_file();
  b.gate->ran = false;
  b.gate->exact = false;
  b.gate->error.message = "no CUDA device";
  b.gate->error.kind = ErrorKind::no_device;
  EXPECT_FALSE(diff_reports(a, b).agree());  // field by field they differ
  const ReportComparison c = compare_report_files(a, b);
  EXPECT_TRUE(c.diff.agree());
  EXPECT_TRUE(c.nothing_compared);
  EXPECT_TRUE(c.compared.empty());
  EXPECT_EQ(compared_text(c.compared), "");
  EXPECT_EQ(c.not_run, std::vector<std::string>{"gate: not run in B (no CUDA device)"});
}

// Issue 22: the app's Differences window once listed the times `fragviz-cli diff` hides. Both list
// diff_listing now: the two H200 gate runs (which differ only in their seven times, read off the
// files) list nothing by default and exactly those seven, tagged, with the times asked for.
TEST(ReportCompare, TheListingHidesTimesUnlessAsked) {
  const ReportComparison c = compare_report_files(load(fixture("h200-2026-11-29-gate.json")),
                                                  load(fixture("h200-2026-12-01-gate.json")));
  EXPECT_TRUE(diff_listing(c.diff, c.not_run, false).empty());
  EXPECT_EQ(c.compared, std::vector<std::string>{"the gate run"});
  const std::vector<DiffLine> all = diff_listing(c.diff, c.not_run, true);
  std::vector<std::string> fields;
  for (const DiffLine& l : all) {
    EXPECT_EQ(l.kind, DiffLineKind::timing) << l.text;
    ASSERT_NE(l.difference, nullptr);
    EXPECT_EQ(l.text, l.difference->line() + "  [time]");
    fields.push_back(l.difference->where);
  }
  EXPECT_EQ(fields,
            (std::vector<std::string>{"gate.created_utc", "gate.kernel_ms", "gate.gflops", "gate.cublas_ms",
                                      "gate.cublas_gflops", "gate.ratio_to_cublas", "gate.verdict_ms"}));
  // A part not run is listed after the differences, before any time.
  const std::vector<DiffLine> with_not_run =
      diff_listing(c.diff, {"gate: not run in B (no CUDA device)"}, true);
  ASSERT_EQ(with_not_run.size(), 8u);
  EXPECT_EQ(with_not_run[0].kind, DiffLineKind::not_run);
  EXPECT_EQ(with_not_run[0].text, "not run, not compared: gate: not run in B (no CUDA device)");
  EXPECT_EQ(with_not_run[0].difference, nullptr);
}
