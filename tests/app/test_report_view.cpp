// Opening and closing a recorded report (report_view.hpp): what the user had is kept, what the
// report changed is said, edits made meanwhile stay the user's, closing gives everything back and
// removes all that came from the file, and the settings saved meanwhile are the user's own.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "fragviz/report/report_json.hpp"
#include "report_view.hpp"
#include "run_status.hpp"
#include "settings.hpp"

namespace fragviz::app {
namespace {

/// A probe report recorded with `.x2.trans`, a 128-half tile without pad, XOR swizzle, on an H200.
ReportFile probe_file() {
  ProbeReport p;
  p.created_utc = "2026-12-01T11:36:07Z";
  p.device.present = true;
  p.device.name = "NVIDIA H200";
  p.device.cc_major = 9;
  p.device.cc_minor = 0;
  p.request.ldmatrix = LdmatrixConfig{LdmNum::x2, true};
  p.request.tile = TileGeometry{128, 0, 16, Swizzle::xor_row_mod8};
  p.ldmatrix.ran = true;
  p.ldmatrix.config = p.request.ldmatrix;
  p.ldmatrix.tile = p.request.tile;
  ReportFile f;
  f.probe = p;
  return f;
}

ReportFile gate_file() {
  GateReport g;
  g.created_utc = "2026-11-29T08:05:00Z";
  g.device.present = true;
  g.device.name = "NVIDIA H200";
  g.device.cc_major = 9;
  g.ran = true;
  g.request.n = 2048;
  g.request.variant = GateVariant::broken_swap_b;
  g.mismatch_count = 3;
  ReportFile f;
  f.gate = g;
  return f;
}

/// A user who chose .x1, 96 halves wide, pad 16, lane 5.
AppState user_state() {
  AppState s;
  s.controls.num = LdmNum::x1;
  s.controls.trans = false;
  s.controls.width_halves = 96;
  s.controls.pad_halves = 16;
  s.controls.swizzle = Swizzle::none;
  s.selected_lane = 5;
  return s;
}

// Newcomer round 29: with an 8-bit instruction the tile fields count bytes, but the notice said
// "pad 8 (yours 64)" in halves. Each side is said in its own instruction's field unit.
TEST(ReportView, GeometryChangesAreSaidInTheFieldsUnit) {
  Controls user, shown;
  user.instruction = shown.instruction = "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32";
  user.width_halves = shown.width_halves = 64;
  user.pad_halves = 64;
  shown.pad_halves = 8;
  EXPECT_EQ(describe_changes(user, shown), (std::vector<std::string>{"pad 16 bytes (yours 128 bytes)"}));
  user.instruction = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
  const std::vector<std::string> both = describe_changes(user, shown);
  ASSERT_EQ(both.size(), 2u);
  EXPECT_EQ(both[1], "pad 16 bytes (yours 64 halves)");
}

TEST(ReportView, OpeningShowsTheReportsGeometryAndSaysWhatChanged) {
  AppState s = user_state();
  const Controls mine = s.controls;
  show_report(s, "/data/runs/probe-report.json", probe_file());
  EXPECT_EQ(s.controls.num, LdmNum::x2);
  EXPECT_TRUE(s.controls.trans);
  EXPECT_EQ(s.controls.width_halves, 128);
  EXPECT_EQ(s.controls.pad_halves, 0);
  EXPECT_EQ(s.controls.swizzle, Swizzle::xor_row_mod8);
  ASSERT_TRUE(s.report);
  EXPECT_EQ(s.report->user_controls, mine);
  // One entry per changed control, each naming the shown value and the user's.
  ASSERT_EQ(s.report->changes.size(), 5u);
  const std::string text = changes_text(s.report->changes);
  for (const char* part : {".x2 (yours .x1)", ".trans on (yours off)", "width 128 halves (yours 96 halves)",
                           "pad 0 halves (yours 16 halves)", "swizzle xor (yours none)"})
    EXPECT_NE(text.find(part), std::string::npos) << part << " not in: " << text;
  EXPECT_EQ(s.selected_lane, 5);
}

TEST(ReportView, ClosingGivesTheUsersControlsAndDataBack) {
  AppState s = user_state();
  const Controls mine = s.controls;
  auto live = std::make_shared<const ProbeReport>();
  s.probe = ProbeSource{live, "measured on Local GPU, sm_80", "live"};
  show_report(s, "probe-report.json", probe_file());
  EXPECT_NE(s.probe.report, live);
  EXPECT_EQ(s.probe.origin, "probe-report.json");
  close_report(s);
  EXPECT_FALSE(s.report);
  EXPECT_EQ(s.controls, mine);
  EXPECT_EQ(s.probe.report, live);
  EXPECT_EQ(s.probe.origin, "live");
}

TEST(ReportView, SettingsWhileAReportIsOpenAreTheUsersOwn) {
  AppState s = user_state();
  show_report(s, "probe-report.json", probe_file());
  const Settings saved = settings_of(s);
  EXPECT_EQ(saved.controls.num, LdmNum::x1);
  EXPECT_EQ(saved.controls.width_halves, 96);
  EXPECT_EQ(saved.controls.pad_halves, 16);
  EXPECT_FALSE(saved.controls.trans);
  EXPECT_EQ(saved.selected_lane, 5);
  const ParsedSettings back = parse_settings(settings_json(s));
  EXPECT_EQ(back.settings.controls.width_halves, 96);
}

// Newcomer issue 22: with a probe report open, the user set width 512 and pad 0 and the views used
// them; after a quit and a start the report's width 64 and pad 8 were back ("yours 512"), yet a width
// typed then was taken. One rule, restart or not: a field the user sets while the report is open
// shows the user's value until the report closes; the fields not touched show the report's.
TEST(ReportView, FieldsSetWhileOpenStayTheUsersAcrossARestart) {
  AppState s = user_state();
  const std::string path = "/data/runs/probe-report.json";
  show_report(s, path, probe_file());  // the report: .x2 .trans, width 128, pad 0, xor
  Controls before = s.controls;
  s.controls.width_halves = 512;
  s.controls.pad_halves = 8;
  take_user_edits(s, before);
  ASSERT_TRUE(s.report);
  const Controls shown = s.controls;        // what the views use before the quit
  EXPECT_EQ(s.report->changes.size(), 3u);  // .x2, .trans, swizzle: still the report's

  // The quit saves the user's settings; the start reads them and opens the report again
  // (App::reopen_saved_reports: show_report, then show_user_fields with what was saved).
  const ParsedSettings back = parse_settings(settings_json(settings_of(s)));
  EXPECT_TRUE(back.messages.empty());
  AppState next;
  apply_settings(back, next);
  EXPECT_EQ(next.controls.width_halves, 512);
  EXPECT_EQ(next.controls.pad_halves, 8);
  EXPECT_EQ(next.saved_reports.probe, path);
  show_report(next, next.saved_reports.probe, probe_file());
  show_user_fields(next, next.saved_reports.yours);
  EXPECT_EQ(next.controls, shown);
  ASSERT_TRUE(next.report);
  EXPECT_EQ(next.report->changes, s.report->changes);
  // A field typed after the restart is the user's in the same way; closing gives all of theirs back.
  before = next.controls;
  next.controls.pad_halves = 16;
  take_user_edits(next, before);
  EXPECT_EQ(next.controls.pad_halves, 16);
  close_report(next);
  EXPECT_EQ(next.controls.width_halves, 512);
  EXPECT_EQ(next.controls.pad_halves, 16);
  EXPECT_EQ(next.controls.num, LdmNum::x1);
}

// A gate report opened beside the probe report keeps the fields the user set as theirs.
TEST(ReportView, AGateReportJoiningKeepsTheUsersFields) {
  AppState s = user_state();
  show_report(s, "probe-report.json", probe_file());
  const Controls before = s.controls;
  s.controls.width_halves = 64;
  take_user_edits(s, before);
  show_report(s, "gate-report.json", gate_file());
  ASSERT_TRUE(s.report && s.report->has_probe && s.report->has_gate);
  EXPECT_EQ(s.controls.width_halves, 64);
  EXPECT_EQ(s.controls.pad_halves, 0);  // the report's, not touched
}

TEST(ReportView, EditsWhileOpenAreTheUsersAndSurviveClosing) {
  AppState s = user_state();
  show_report(s, "probe-report.json", probe_file());
  const Controls before = s.controls;
  s.controls.pad_halves = 24;  // the user edits the pad while the report is shown
  track_user_edits(before, s.controls, s.report->user_controls);
  s.report->changes = describe_changes(s.report->user_controls, s.controls);
  EXPECT_EQ(s.report->user_controls.pad_halves, 24);
  EXPECT_EQ(s.report->user_controls.width_halves, 96);  // untouched fields stay the user's
  EXPECT_EQ(s.report->changes.size(), 4u);              // the pad is no longer the report's
  EXPECT_EQ(settings_of(s).controls.pad_halves, 24);
  close_report(s);
  EXPECT_EQ(s.controls.pad_halves, 24);
  EXPECT_EQ(s.controls.width_halves, 96);
  EXPECT_EQ(s.controls.num, LdmNum::x1);
}

TEST(ReportView, ASecondReportKeepsTheUsersControlsNotTheFirstReports) {
  AppState s = user_state();
  const Controls mine = s.controls;
  show_report(s, "a.json", probe_file());
  ReportFile other = probe_file();
  other.probe->request.tile.width_halves = 256;
  show_report(s, "b.json", other);
  EXPECT_EQ(s.controls.width_halves, 256);
  EXPECT_EQ(s.report->user_controls, mine);
  close_report(s);
  EXPECT_EQ(s.controls, mine);
}

// A probe report and a gate report describe different views: opening the gate report keeps the
// probe report shown (it used to drop it), and the other way round; closing gives both back.
TEST(ReportView, AGateReportOpenedOverAProbeReportJoinsIt) {
  AppState s = user_state();
  const Controls mine = s.controls;
  const auto live = std::make_shared<const ProbeReport>();
  s.probe = ProbeSource{live, "live", "live"};
  show_report(s, "runs/probe-report.json", probe_file());
  const auto recorded_probe = s.probe.report;
  show_report(s, "runs/gate-report.json", gate_file());
  ASSERT_TRUE(s.report);
  EXPECT_EQ(s.probe.report, recorded_probe);  // still the probe report's data
  EXPECT_EQ(s.probe.origin, "runs/probe-report.json");
  EXPECT_EQ(s.controls.width_halves, 128);  // and its geometry
  ASSERT_TRUE(s.gate.report);
  EXPECT_EQ(s.gate.report->mismatch_count, 3u);
  EXPECT_EQ(s.gate.origin, "runs/gate-report.json");
  EXPECT_TRUE(s.report->has_probe);
  EXPECT_TRUE(s.report->has_gate);
  EXPECT_EQ(s.report->probe_path, "runs/probe-report.json");
  EXPECT_EQ(s.report->gate_path, "runs/gate-report.json");
  EXPECT_EQ(s.report->user_controls, mine);
  EXPECT_EQ(s.history.size(), 1u);
  // The headline names both files.
  EXPECT_NE(s.report->headline.find("probe-report.json: probes measured on NVIDIA H200"), std::string::npos)
      << s.report->headline;
  EXPECT_NE(s.report->headline.find("gate-report.json: gate run on NVIDIA H200"), std::string::npos)
      << s.report->headline;
  close_report(s);
  EXPECT_EQ(s.probe.report, live);
  EXPECT_FALSE(s.gate.report);
  EXPECT_TRUE(s.history.empty());
  EXPECT_EQ(s.controls, mine);
}

TEST(ReportView, AProbeReportOpenedOverAGateReportJoinsIt) {
  AppState s = user_state();
  show_report(s, "gate-report.json", gate_file());
  s.output_view = OutputViewport{10, 20, 0.5};  // the user zooms into the gate's output
  show_report(s, "probe-report.json", probe_file());
  ASSERT_TRUE(s.gate.report);
  EXPECT_EQ(s.gate.origin, "gate-report.json");
  EXPECT_EQ(s.output_view, (OutputViewport{10, 20, 0.5}));  // the gate's view as the user left it
  EXPECT_EQ(s.history.size(), 1u);
  ASSERT_TRUE(s.probe.report);
  EXPECT_EQ(s.probe.origin, "probe-report.json");
  // A second gate report replaces the first gate report only; the probe report stays.
  ReportFile other = gate_file();
  other.gate->mismatch_count = 0;
  other.gate->request.variant = GateVariant::ldmatrix_k8;
  show_report(s, "gate-2.json", other);
  EXPECT_EQ(s.gate.origin, "gate-2.json");
  EXPECT_EQ(s.gate.report->mismatch_count, 0u);
  EXPECT_EQ(s.probe.origin, "probe-report.json");
  EXPECT_EQ(s.history.size(), 1u);  // the first gate report's row left with it
  EXPECT_EQ(s.output_view, OutputViewport{});
  // A file holding both parts replaces both.
  ReportFile both = probe_file();
  both.gate = gate_file().gate;
  show_report(s, "both.json", both);
  EXPECT_EQ(s.report->probe_path, "both.json");
  EXPECT_EQ(s.report->gate_path, "both.json");
  close_report(s);
  EXPECT_FALSE(s.gate.report);
  EXPECT_FALSE(s.probe.report);
}

// Issue 22 (s25b): closing one of a probe report and a gate report open together closes that one:
// what it covered comes back, the other stays as shown and the headline names it alone.
TEST(ReportView, ClosingOnePartLeavesTheOther) {
  AppState s = user_state();
  const Controls mine = s.controls;
  const GateRequest my_request = s.gate_request;
  const auto live = std::make_shared<const ProbeReport>();
  s.probe = ProbeSource{live, "live", "live"};
  show_report(s, "runs/probe-report.json", probe_file());
  show_report(s, "runs/gate-report.json", gate_file());
  ASSERT_EQ(report_closes(*s.report).size(), 2u);
  EXPECT_EQ(report_closes(*s.report)[0].what, "probe report");
  EXPECT_EQ(report_closes(*s.report)[0].path, "runs/probe-report.json");
  EXPECT_EQ(report_closes(*s.report)[1].what, "gate report");
  EXPECT_EQ(report_closes(*s.report)[1].path, "runs/gate-report.json");
  EXPECT_FALSE(closes_whole_report(*s.report, ReportPart::gate));

  close_report_part(s, ReportPart::gate);
  ASSERT_TRUE(s.report);
  EXPECT_TRUE(s.report->has_probe);
  EXPECT_FALSE(s.report->has_gate);
  EXPECT_EQ(s.report->gate_path, "");
  EXPECT_EQ(s.probe.origin, "runs/probe-report.json");
  EXPECT_EQ(s.controls.width_halves, 128);  // the probe report's geometry still shown
  EXPECT_FALSE(s.gate.report);
  EXPECT_TRUE(s.history.empty());
  EXPECT_TRUE(same_gate_fields(s.gate_request, my_request));
  EXPECT_EQ(s.report->headline.find("gate-report.json"), std::string::npos) << s.report->headline;
  EXPECT_NE(s.report->headline.find("probe-report.json"), std::string::npos) << s.report->headline;
  ASSERT_EQ(report_closes(*s.report).size(), 1u);
  EXPECT_FALSE(report_closes(*s.report)[0].part);  // one file left: its close is the whole report's
  EXPECT_EQ(report_closes(*s.report)[0].what, "probe report");

  // The other way: the probe part closed, the gate part stays.
  show_report(s, "runs/gate-report.json", gate_file());
  close_report_part(s, ReportPart::probe);
  ASSERT_TRUE(s.report);
  EXPECT_FALSE(s.report->has_probe);
  EXPECT_EQ(s.report->path, "runs/gate-report.json");
  EXPECT_EQ(s.probe.report, live);
  EXPECT_EQ(s.controls, mine);
  EXPECT_TRUE(s.report->changes.empty());
  ASSERT_TRUE(s.gate.report);
  EXPECT_EQ(s.gate.origin, "runs/gate-report.json");
  EXPECT_EQ(s.history.size(), 1u);
  EXPECT_EQ(s.report->headline.find("probe-report.json"), std::string::npos) << s.report->headline;
  // The last part closes the report.
  close_report_part(s, ReportPart::gate);
  EXPECT_FALSE(s.report);
  EXPECT_FALSE(s.gate.report);
  EXPECT_EQ(s.controls, mine);
}

// One file with both parts is one report: one close, "report", closing both.
TEST(ReportView, AFileOfBothPartsClosesAsOne) {
  AppState s = user_state();
  ReportFile both = probe_file();
  both.gate = gate_file().gate;
  show_report(s, "both.json", both);
  ASSERT_EQ(report_closes(*s.report).size(), 1u);
  EXPECT_FALSE(report_closes(*s.report)[0].part);
  EXPECT_EQ(report_closes(*s.report)[0].what, "report");
  EXPECT_TRUE(closes_whole_report(*s.report, ReportPart::probe));
  close_report_part(s, ReportPart::probe);
  EXPECT_FALSE(s.report);
  EXPECT_FALSE(s.gate.report);
  EXPECT_FALSE(s.probe.report);
}

// A live gate run that replaced a gate report on screen is the user's: opening a probe report then
// does not bring the old gate report back.
TEST(ReportView, ALiveGateRunIsNotReplacedByTheGateReportItSuperseded) {
  AppState s = user_state();
  show_report(s, "gate-report.json", gate_file());
  auto live = std::make_shared<GateReport>();
  live->ran = true;
  live->exact = true;
  take_live_gate(s, live);
  show_report(s, "probe-report.json", probe_file());
  EXPECT_EQ(s.gate.report, live);
  EXPECT_FALSE(s.report->has_gate);
  EXPECT_EQ(s.history.size(), 1u);  // the live run; the gate report's row closed with it
}

TEST(ReportView, ClosingAGateReportClearsItsResultHistoryAndView) {
  AppState s = user_state();
  show_report(s, "gate-broken-report.json", gate_file());
  ASSERT_TRUE(s.gate.report);
  EXPECT_EQ(s.gate.report->mismatch_count, 3u);
  EXPECT_EQ(s.history.size(), 1u);
  s.output_view = OutputViewport{10, 20, 0.5};  // the user zooms into the report's output
  close_report(s);
  EXPECT_FALSE(s.gate.report);
  EXPECT_TRUE(s.history.empty());
  EXPECT_EQ(s.output_view, OutputViewport{});
}

TEST(ReportView, ClosingAGateReportBringsBackTheLiveRunAndItsView) {
  AppState s = user_state();
  auto live = std::make_shared<GateReport>();
  live->ran = true;
  live->exact = true;
  live->output.assign(256 * 256, 1.f);
  live->reference = live->output;
  take_live_gate(s, live);
  s.output_view = OutputViewport{3, 4, 2};
  show_report(s, "gate.json", gate_file());
  EXPECT_EQ(s.output_view, OutputViewport{});  // the report's output is shown fitted
  EXPECT_EQ(s.history.size(), 2u);
  close_report(s);
  EXPECT_EQ(s.gate.report, live);  // with its matrices: the output view shows every element
  EXPECT_EQ(s.gate.report->output.size(), 256u * 256u);
  EXPECT_EQ(s.output_view, (OutputViewport{3, 4, 2}));
  EXPECT_EQ(s.history.size(), 1u);
  EXPECT_EQ(s.gate.origin, "live");
}

TEST(ReportView, LiveResultsWhileAReportIsOpen) {
  AppState s = user_state();
  show_report(s, "both.json", [] {
    ReportFile f = probe_file();
    f.gate = gate_file().gate;
    return f;
  }());
  const auto recorded = s.probe.report;
  // A live probe finishing meanwhile does not replace the recorded data on screen.
  auto live = std::make_shared<const ProbeReport>();
  take_live_probe(s, ProbeSource{live, "measured on Local GPU, sm_80", "live"});
  EXPECT_EQ(s.probe.report, recorded);
  // A live gate run the user started is shown, and stays when the report closes.
  auto g = std::make_shared<GateReport>();
  g->ran = true;
  take_live_gate(s, g);
  EXPECT_EQ(s.gate.report, g);
  close_report(s);
  EXPECT_EQ(s.probe.report, live);
  EXPECT_EQ(s.gate.report, g);
  EXPECT_EQ(s.history.size(), 1u);  // the report's row went, the live one stays
  EXPECT_EQ(s.history.rows()[0].report_id, 0);
}

TEST(ReportView, HeadlineSaysRecordedReportGpuAndDate) {
  ReportFile f = probe_file();
  f.gate = gate_file().gate;
  const std::string h = report_headline("/data/runs/both.json", f);
  for (const char* part :
       {"Recorded report", "both.json", "NVIDIA H200, sm_90", "2026-12-01 11:36 UTC", "2026-11-29 08:05 UTC"})
    EXPECT_NE(h.find(part), std::string::npos) << part << " not in: " << h;
  EXPECT_EQ(h.find("/data/runs"), std::string::npos) << "the file name, not the whole path: " << h;
  EXPECT_EQ(report_date(""), "no date recorded");
  EXPECT_EQ(report_date("yesterday"), "yesterday");
}

// A recorded tile outside the views' range never reaches them: the loader refuses it in the range's
// words (banks.hpp), as fragviz-cli diff does (it used to be shown narrowed, with a notice).
TEST(ReportView, AnOutOfRangeTileIsRefusedOnLoad) {
  ReportFile f = probe_file();
  f.probe->request.tile.width_halves = 1024;
  const auto r = parse_report(to_json_text(f));
  ASSERT_FALSE(r);
  EXPECT_NE(r.error.message.find("probe.request.tile: tile width 1024 halves is out of range"),
            std::string::npos)
      << r.error.message;
}

TEST(ReportView, AReportWithoutLdmatrixGeometryChangesNoControl) {
  AppState s = user_state();
  ReportFile f = probe_file();
  f.probe->ldmatrix = LdmatrixProbe{};  // not run and no reason: nothing measured to line up with
  show_report(s, "p.json", f);
  EXPECT_EQ(s.controls, user_state().controls);
  EXPECT_TRUE(s.report->changes.empty());
  EXPECT_EQ(changes_text(s.report->changes), "");
}

// Issue 22: "model only: no GPU" sat under "tensor core: all 512 elements match" with a report open.
// The line says where the measurements shown come from (the report's GPU), then what this machine
// can do.
TEST(ReportView, RunStatusNeverSaysModelOnlyWhileARecordedProbeIsShown) {
  const Instruction& in = catalogue().front();
  ASSERT_EQ(in.mnemonic, std::string("mma.sync.aligned.m8n8k4.row.row.f16.f16.f16.f16"));  // sm_70 (PTX ISA)
  DeviceInfo none;
  const std::string h200 = "measured on NVIDIA H200, sm_90";
  for (bool cuda : {false, true}) {
    EXPECT_EQ(run_status_text(cuda, true, none, "", in).rfind("model only", 0), 0u) << cuda;
    const std::string shown = run_status_text(cuda, true, none, h200, in);
    EXPECT_EQ(shown.find("model only"), std::string::npos) << shown;
  }
  EXPECT_EQ(run_status_text(true, true, none, h200, in),
            "measured on NVIDIA H200, sm_90 (the open report); this machine has no GPU (needs sm_70)");
  EXPECT_EQ(run_status_text(false, true, none, h200, in),
            "measured on NVIDIA H200, sm_90 (the open report); this build has no CUDA (needs sm_70)");
  DeviceInfo pascal;
  pascal.present = true;
  pascal.cc_major = 6;
  pascal.cc_minor = 0;
  EXPECT_EQ(
      run_status_text(true, true, pascal, h200, in),
      "measured on NVIDIA H200, sm_90 (the open report); this GPU cannot run it: needs sm_70 (device is "
      "sm_60)");
  DeviceInfo hopper = pascal;
  hopper.cc_major = 9;
  hopper.cc_minor = 0;
  EXPECT_EQ(run_status_text(true, true, hopper, h200, in),
            "runs on this GPU (sm_90); shown: measured on NVIDIA H200, sm_90 (the open report)");
}

// Issue 26: the app's line for an sm_120a entry names what the model rests on, as the CLI does.
TEST(ReportView, ModelOnlySm120EntryNamesItsSources) {
  const Instruction* in =
      find_instruction_named("mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e4m3.e5m2.f32");
  ASSERT_NE(in, nullptr);
  DeviceInfo none;
  EXPECT_EQ(run_status_text(true, true, none, "", *in),
            "model only: no GPU (needs sm_120a); PTX ISA 9.2 and CuTe 4.2 agree; not yet run on a GPU");
  // A recorded report of it open: no model wording added.
  EXPECT_EQ(run_status_text(true, true, none, "measured on X", *in),
            "measured on X (the open report); this machine has no GPU (needs sm_120a)");
  // An entry the H200 measured gets nothing added.
  EXPECT_EQ(run_status_text(true, true, none, "", catalogue().front()).find("agree"), std::string::npos);
}

// Newcomer round 10: with an H200 report open, an sm_120a entry (not in it) lost its model-only
// line; only an entry the report ran reads "this machine cannot run it".
TEST(ReportView, RunStatusIsRecordedOnlyForAnEntryTheReportRan) {
  const Instruction* sm120 =
      find_instruction_named("mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e4m3.e5m2.f32");
  ASSERT_NE(sm120, nullptr);
  const Instruction& ran = catalogue().front();
  ReportFile f = probe_file();
  InstructionProbe p;
  p.mnemonic = ran.mnemonic;
  p.ran = true;
  f.probe->instructions.push_back(p);
  InstructionProbe skipped;
  skipped.mnemonic = sm120->mnemonic;
  skipped.skipped = "needs sm_120a (device is sm_90)";
  f.probe->instructions.push_back(skipped);
  AppState s;
  s.device_known = true;
  show_report(s, "p.json", f);
  DeviceInfo none;
  EXPECT_TRUE(shown_report_ran(s, ran));
  EXPECT_FALSE(shown_report_ran(s, *sm120));
  EXPECT_EQ(shown_report_label(s, *sm120), "");
  const std::string shown = run_status_text(true, true, none, shown_report_label(s, ran), ran);
  EXPECT_EQ(shown.rfind("measured on ", 0), 0u) << shown;
  EXPECT_NE(shown.find("(the open report); this machine has no GPU (needs sm_"), std::string::npos) << shown;
  const std::string line = run_status_text(true, true, none, shown_report_label(s, *sm120), *sm120);
  EXPECT_EQ(line.rfind("model only", 0), 0u) << line;
  EXPECT_NE(line.find("PTX ISA 9.2 and CuTe 4.2 agree"), std::string::npos) << line;
}

// Issue 22: an H200 report without tensor-core probes still measured the seed's m16n8k8 through
// its ldmatrix fragment probe (the fragments view marks those cells), and the Controls view said
// "model only: no GPU" beside them.
TEST(ReportView, RunStatusNamesTheReportForAnEntryItsFragmentProbeMeasured) {
  const Instruction* k8 = find_instruction_named("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32");
  ASSERT_NE(k8, nullptr);
  ReportFile f = probe_file();
  FragmentProbe fp;
  fp.mnemonic = k8->mnemonic;
  fp.ran = true;
  f.probe->fragments.push_back(fp);
  AppState s;
  s.device_known = true;
  show_report(s, "p.json", f);
  EXPECT_TRUE(shown_report_ran(s, *k8));
  EXPECT_EQ(shown_report_label(s, *k8), "measured on NVIDIA H200, sm_90");
  EXPECT_EQ(run_status_text(true, true, DeviceInfo{}, shown_report_label(s, *k8), *k8),
            "measured on NVIDIA H200, sm_90 (the open report); this machine has no GPU (needs sm_75)");
  // A probe that did not run measured nothing.
  f.probe->fragments.back().ran = false;
  AppState t;
  show_report(t, "p.json", f);
  EXPECT_FALSE(shown_report_ran(t, *k8));
}

}  // namespace
}  // namespace fragviz::app
