// File > Compare (app/compare_view.hpp): a part that did not run on a side (the gate, the probe run,
// one instruction's probe) is named as not run and never counted as a difference, nor claimed as
// compared; what ran on both sides is still compared. Reports built by hand here; the expected
// counts and lines worked out from them.
#include <gtest/gtest.h>

#include <string>

#include "compare_view.hpp"

namespace fragviz::app {
namespace {

constexpr const char* kMma = "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32";
constexpr const char* kMmaK16 = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";

GateReport gate_ran() {
  GateReport g;
  g.request.n = 2048;
  g.ran = true;
  g.exact = true;
  g.spot_checks = 16;
  return g;
}

GateReport gate_not_run(const std::string& why) {
  GateReport g;
  g.request.n = 2048;
  g.error.message = why;
  g.error.kind = ErrorKind::no_device;
  return g;
}

InstructionProbe instruction(const char* mnemonic, bool ran, int passes) {
  InstructionProbe p;
  p.mnemonic = mnemonic;
  p.ran = ran;
  p.passes = passes;
  if (!ran) p.skipped = "needs sm_90 (device is sm_80)";
  return p;
}

ProbeReport probe_with(std::vector<InstructionProbe> instructions) {
  ProbeReport p;
  p.device.present = true;
  p.device.name = "NVIDIA H200";
  p.ldmatrix.ran = true;
  p.instructions = std::move(instructions);
  return p;
}

bool any_line_starts(const Comparison& c, const std::string& prefix) {
  for (const ReportDifference& d : c.diff.differences)
    if (d.where.rfind(prefix, 0) == 0) return true;
  return false;
}

TEST(CompareView, AGateThatDidNotRunIsNotADifference) {
  ReportFile a, b;
  a.probe = b.probe = probe_with({instruction(kMma, true, 37)});
  a.gate = gate_ran();
  b.gate = gate_not_run("no CUDA device");
  const Comparison c = compare_reports(a, "this session's live results", b, "/tmp/b.json");
  EXPECT_EQ(c.diff.content(), 0u);
  EXPECT_FALSE(any_line_starts(c, "gate")) << c.diff.differences.front().line();
  ASSERT_EQ(c.not_run.size(), 1u);
  EXPECT_EQ(c.not_run[0], "gate: not run in B (no CUDA device)");
  EXPECT_FALSE(c.nothing_compared);
  EXPECT_EQ(c.headline, "compared with b.json: the reports agree; 1 part not run, not compared");
}

TEST(CompareView, TwoGatesNotRunForDifferentReasonsAgree) {
  ReportFile a, b;
  a.probe = b.probe = probe_with({instruction(kMma, true, 37)});
  a.gate = gate_not_run("no CUDA device");
  b.gate = gate_not_run("built without CUDA");
  const Comparison c = compare_reports(a, "A", b, "b.json");
  EXPECT_EQ(c.diff.content(), 0u);
  ASSERT_EQ(c.not_run.size(), 1u);
  EXPECT_EQ(c.not_run[0], "gate: not run in A or B (no CUDA device)");
}

TEST(CompareView, AnUnrunGateAgainstNoGateIsNotAMissingPart) {
  ReportFile a, b;
  a.probe = b.probe = probe_with({instruction(kMma, true, 37)});
  a.gate = gate_not_run("no CUDA device");  // B holds probes only
  const Comparison c = compare_reports(a, "A", b, "b.json");
  EXPECT_EQ(c.diff.content(), 0u);
  EXPECT_EQ(c.not_run, std::vector<std::string>{"gate: not run in A (no CUDA device)"});
}

TEST(CompareView, WhatRanOnBothSidesIsStillCompared) {
  // k8 ran on both with a different pass count: one difference. k16 ran only in A: not run, not
  // counted.
  ReportFile a, b;
  a.probe = probe_with({instruction(kMma, true, 37), instruction(kMmaK16, true, 37)});
  b.probe = probe_with({instruction(kMma, true, 38), instruction(kMmaK16, false, 0)});
  const Comparison c = compare_reports(a, "A", b, "b.json");
  EXPECT_EQ(c.diff.content(), 1u);
  ASSERT_FALSE(c.diff.differences.empty());
  EXPECT_NE(c.diff.differences[0].where.find(kMma), std::string::npos) << c.diff.differences[0].line();
  EXPECT_NE(c.diff.differences[0].where.find("passes"), std::string::npos) << c.diff.differences[0].line();
  EXPECT_EQ(c.not_run, std::vector<std::string>{std::string("instruction probe ") + kMmaK16 +
                                                ": not run in B (needs sm_90 (device is sm_80))"});
  EXPECT_EQ(c.headline, "compared with b.json: 1 difference; 1 part not run, not compared");
}

TEST(CompareView, NothingThatRanOnBothSidesIsNotCalledAgreement) {
  ReportFile a, b;
  a.gate = gate_ran();
  b.gate = gate_not_run("no CUDA device");
  const Comparison c = compare_reports(a, "A", b, "b.json");
  EXPECT_TRUE(c.nothing_compared);
  EXPECT_EQ(c.diff.content(), 0u);
  EXPECT_EQ(c.headline,
            "nothing compared with b.json: no part ran on both sides; 1 part not run, not compared");
}

TEST(CompareView, AProbeRunThatMeasuredNothingIsNotRun) {
  ReportFile a, b;
  a.probe = probe_with({instruction(kMma, true, 37)});
  ProbeReport none;
  none.error = Error{ErrorKind::no_device, "no CUDA device"};
  b.probe = none;
  a.gate = b.gate = gate_ran();
  const Comparison c = compare_reports(a, "A", b, "b.json");
  EXPECT_EQ(c.diff.content(), 0u);
  EXPECT_EQ(c.not_run, std::vector<std::string>{"probes: not run in B (no CUDA device)"});
  EXPECT_FALSE(c.nothing_compared);  // the gates were compared
}

TEST(CompareView, ARealGateDifferenceIsStillCounted) {
  // The set-aside must not hide a gate that ran on both sides and differs.
  ReportFile a, b;
  a.gate = gate_ran();
  b.gate = gate_ran();
  b.gate->exact = false;
  b.gate->mismatch_count = 3;
  const Comparison c = compare_reports(a, "A", b, "b.json");
  EXPECT_TRUE(c.not_run.empty());
  EXPECT_EQ(c.diff.content(), 2u);  // exact, mismatch_count
  EXPECT_TRUE(any_line_starts(c, "gate"));
}

// A probe a version 2 file cannot hold (wgmma, version 3) is absent in its older format: said in
// the counts, not a difference. In version 3 files, which can hold it, A's run never asked for it:
// not run in A, not compared, not a difference either (issue 22). Either way the headline names it
// once, as B's alone, not again as a field missing or a part not run (newcomer round 33).
TEST(CompareView, AFieldTheOlderFormatLacksIsNamedNotCounted) {
  ReportFile a, b;
  a.probe = probe_with({instruction(kMma, true, 3)});
  b.probe = probe_with({instruction(kMma, true, 3)});
  WgmmaProbe w;
  w.mnemonic = "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16";
  w.ran = true;
  w.tile_exact = true;
  b.probe->wgmma.push_back(w);
  a.version = 2;
  Comparison c = compare_reports(a, "A", b, "b.json");
  EXPECT_EQ(c.counts, (DiffCounts{0, 1, 0, 0, 0, 1}));
  // The wgmma entry is B's alone: not compared, so not "the reports agree" (newcomer round 30).
  EXPECT_EQ(c.headline,
            "compared with b.json: what both hold agrees; 1 entry only in B (wgmma probe "
            "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16), not compared");
  a.version = 3;
  c = compare_reports(a, "A", b, "b.json");
  EXPECT_EQ(c.counts, (DiffCounts{0, 0, 1, 0, 0, 1}));
  EXPECT_EQ(c.headline,
            "compared with b.json: what both hold agrees; 1 entry only in B (wgmma probe "
            "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16), not compared");
  // A part not run that is no such entry is still said: the gate, refused in B.
  a.gate = gate_ran();
  b.gate = gate_not_run("no CUDA device");
  c = compare_reports(a, "A", b, "b.json");
  EXPECT_EQ(c.counts, (DiffCounts{0, 0, 2, 0, 0, 1}));
  EXPECT_EQ(c.headline,
            "compared with b.json: what both hold agrees; 1 entry only in B (wgmma probe "
            "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16), not compared; 1 part not run, not compared");
  a.gate.reset();
  b.gate.reset();
  // A measured value that disagrees still counts: the shared instruction probe's pass count.
  b.probe->instructions[0] = instruction(kMma, true, 2);
  c = compare_reports(a, "A", b, "b.json");
  EXPECT_EQ(c.counts.differ, 1u);
}

// Newcomer round 30: comparing two probe reports of one day, the headline said "the reports
// agree", in green, though 5 entries were in A only and 3 in B only. An entry one report holds
// alone was not compared: the headline says so and is not green; what both hold is still compared.
TEST(CompareView, EntriesOnlyInOneReportAreNotCalledAgreement) {
  ReportFile a, b;
  a.probe = probe_with({instruction(kMma, true, 37), instruction(kMmaK16, true, 37)});
  b.probe = probe_with({instruction(kMma, true, 37)});
  Comparison c = compare_reports(a, "A", b, "/r/b.json");
  EXPECT_EQ(c.counts, (DiffCounts{0, 0, 1, 0, 1, 0}));
  EXPECT_EQ(c.headline, "compared with b.json: what both hold agrees; 1 entry only in A (instruction probe " +
                            std::string(kMmaK16) + "), not compared");
  EXPECT_FALSE(comparison_agrees(c));
  // The other way round, with a disagreement on the entry both hold.
  b.probe->instructions[0].passes = 36;
  c = compare_reports(b, "B", a, "/r/a.json");
  EXPECT_EQ(c.counts, (DiffCounts{1, 0, 1, 0, 0, 1}));
  EXPECT_EQ(c.headline, "compared with a.json: 1 difference; 1 entry only in B (instruction probe " +
                            std::string(kMmaK16) + "), not compared");
  EXPECT_FALSE(comparison_agrees(c));
  // Both holding both entries, alike: the reports agree, in green.
  b.probe = a.probe;
  c = compare_reports(a, "A", b, "/r/b.json");
  EXPECT_EQ(c.counts, DiffCounts{});
  EXPECT_EQ(c.headline, "compared with b.json: the reports agree");
  EXPECT_TRUE(comparison_agrees(c));
}

// Newcomer round 32: "4 entries only in A" named none of them. Each side's entries by kind, in the
// order they came; a side's one entry by its key.
TEST(CompareView, EntriesOnlyInEachReportAreCountedBySideAndNamedByKind) {
  const OnlyInOne ins{"instruction probe", "instruction probes",
                      "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32", "instructions"};
  const OnlyInOne wg{"wgmma probe", "wgmma probes", "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16",
                     "wgmma"};
  const OnlyInOne mv{"matrix-move probe", "matrix-move probes",
                     "movmatrix movmatrix.sync.aligned.m8n8.trans.b16", "moves"};
  EXPECT_EQ(only_in_one_text({}, {}), "");
  EXPECT_EQ(only_in_one_text({ins, ins, ins, ins}, {}), "4 entries only in A (4 instruction probes)");
  EXPECT_EQ(only_in_one_text({ins, ins}, {wg, mv, wg, mv, mv}),
            "2 entries only in A (2 instruction probes), 5 only in B (2 wgmma probes, 3 matrix-move probes)");
  EXPECT_EQ(only_in_one_text({}, {wg}),
            "1 entry only in B (wgmma probe wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16)");
}

// Newcomer round 33: "Marked in the views: fragment elements (amber frame) and ldmatrix lanes" read
// as marks over two reports that agreed. The line counts what is marked, or says that nothing is.
TEST(CompareView, TheMarksLineCountsWhatTheViewsMark) {
  Comparison c;
  EXPECT_EQ(marks_text(c), "Nothing is marked in the views: no fragment element or ldmatrix lane differs.");
  c.elements[kMma].insert(ElementKey{Operand::A, 5, 2});
  c.elements[kMma].insert(ElementKey{Operand::C, 5, 0});
  c.elements[kMmaK16].insert(ElementKey{Operand::B, 1, 1});
  c.ldmatrix_lanes.insert(7);
  EXPECT_EQ(marks_text(c), "Marked in the views: 3 fragment elements (amber frame) and 1 ldmatrix lane.");
}

}  // namespace
}  // namespace fragviz::app
