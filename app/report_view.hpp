// Showing a recorded report without taking the user's own state: opening one puts its ldmatrix
// geometry, probe data and gate result on screen and remembers what they covered (OpenedReport);
// what it changed is said in words; edits made meanwhile stay the user's; closing gives everything
// back and removes all that came from the file. Plain data on AppState: no GL, no ImGui, no files.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app_state.hpp"
#include "fragviz/viewmodel/fragments_measured.hpp"  // measured_label

namespace fragviz::app {

// measured_label (fragments_measured.hpp): "measured on NVIDIA H200, sm_90".

/// "2026-12-01 11:36 UTC" from a report's "2026-12-01T11:36:07Z"; "no date recorded" for "";
/// any other text as it is, clipped like any user text a message echoes (echo_text).
std::string report_date(const std::string& created_utc);

/// What the status strip says while `f`, read from `path`, is shown: that it is a recorded
/// report, its file name, and for its probes and its gate run the GPU and the date (the file's
/// names clipped by echo_text).
std::string report_headline(const std::string& path, const ReportFile& f);

/// Each control where `shown` differs from `user`, as "pad 8 (yours 16)"; empty when none.
std::vector<std::string> describe_changes(const Controls& user, const Controls& shown);

/// One sentence from describe_changes for the status strip and the controls; "" when none.
std::string changes_text(const std::vector<std::string>& changes);

/// Controls edited between two frames (`before` -> `after`) are the user's own choice: copies
/// each field that changed into `user`, leaves the others.
void track_user_edits(const Controls& before, const Controls& after, Controls& user);

/// The geometry fields of OpenedReport::yours that differ between `before` and `after`.
std::vector<std::string> edited_fields(const Controls& before, const Controls& after);

/// The one rule of a report's geometry: it is shown, except each field the user sets while the
/// report is open, which shows the user's value from then on (a restart and a gate report joining
/// included) until the report closes. The frame's edits (`before` -> s.controls) made now: the
/// user's controls take them, s.report->yours names them, the changes are said again.
void take_user_edits(AppState& s, const Controls& before);

/// After the shown probe report's geometry went back on screen (a restart reopening it): each field
/// named in `fields` shows the user's value again and is noted in s.report->yours; the changes are
/// said again. Unknown names are left out.
void show_user_fields(AppState& s, const std::vector<std::string>& fields);

/// Shows report `f`, read from `path`: closes the report shown before (close_report), keeps the
/// user's controls, probe data, gate result and output view in s.report, then shows the file's
/// probe data (with its ldmatrix geometry in the controls, each change listed) and gate result.
/// A part `f` lacks that the report shown before had stays shown (a gate report opened over a
/// probe report joins it; the probe part and the gate part then name their own files), unless a
/// live gate run has replaced that report's gate on screen. A gate part puts its variant, n and
/// seed in the Gate window's fields (the user's come back on close unless edited meanwhile). `f`
/// should hold a probe or a gate part.
void show_report(AppState& s, const std::string& path, const ReportFile& f);

/// Whether the Gate window's fields (variant, n, seed) of `a` and `b` agree.
bool same_gate_fields(const GateRequest& a, const GateRequest& b);

/// Closes the shown report (both files, when a probe report and a gate report are shown), if any: the user's
/// controls, the live probe data and the gate result and output view it covered come back; its gate runs
/// leave the history; its notices go.
void close_report(AppState& s);

/// Whether closing `part` of `r` closes the whole report: `r` shows no other part, or the other
/// part is read from the same file (one file, one close).
bool closes_whole_report(const OpenedReport& r, ReportPart part);

/// Closes one part of the shown report (issue 22: Close report took the probe report, the gate
/// report and the comparison at once): what that part covered comes back as close_report gives it
/// back (a probe part: the user's controls, layout and probe data; a gate part: the Gate window's
/// fields, the gate result, output view and history rows), the other part stays as shown, the
/// headline naming it alone. Where closes_whole_report, close_report. Nothing when `part` is not shown.
void close_report_part(AppState& s, ReportPart part);

/// One close the shown report offers, a file each (File > Close ..., the status strip's buttons).
struct ReportClose {
  std::optional<ReportPart> part;  ///< nullopt: the whole report (it shows this file alone)
  std::string what;                ///< "report" (a file of both parts), "probe report", "gate report"
  std::string path;                ///< the file it closes
};

/// The closes `r` offers: one for a report of one file ("report" where the file holds both parts),
/// one for each part where a probe report and a gate report are open together, probe first.
std::vector<ReportClose> report_closes(const OpenedReport& r);

/// A live probe result: shown, or, while a recorded probe is shown, kept for when it closes.
void take_live_probe(AppState& s, ProbeSource live);

/// A live gate result: shown (over a recorded one too: the user asked for it) and added to the
/// history.
void take_live_gate(AppState& s, std::shared_ptr<const GateReport> gate);

}  // namespace fragviz::app
