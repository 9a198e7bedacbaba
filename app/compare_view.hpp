// File > Compare with report: what the views show (the opened report, else the live probe and gate
// results) against a second report, difference by difference (report_diff.hpp), and which
// fragment elements and ldmatrix registers those differences name, for the views to mark. Opening
// a comparison changes nothing the views show; closing it takes only the marks and the list away.
// A part that did not run on either side (the gate, the whole probe run, one instruction's probe,
// the explorer's ldmatrix) is "not run": listed as such, never compared, never counted as a
// difference, whatever its error text says. The comparison itself is the model's
// (report_compare.hpp), the one `fragviz-cli diff` prints: both count alike.
// Plain data: no ImGui, no GL, no files.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "fragviz/report/report.hpp"
#include "fragviz/report/report_compare.hpp"
#include "fragviz/report/report_diff.hpp"

namespace fragviz::app {

struct AppState;

/// One fragment element a difference names: (operand, lane, element).
using ElementKey = std::tuple<Operand, int, int>;

/// A second report compared with what the views show.
struct Comparison {
  std::string path;     ///< the second report (B)
  std::string against;  ///< what A is: "report a.json" or "this session's live results"
  /// Which of A's parts were compared: a report opened later that replaces neither leaves the
  /// comparison standing (a gate report beside compared probe reports).
  bool a_probe = false, a_gate = false;
  ReportDiff diff;
  /// Per instruction or fragment probe mnemonic: the elements whose fields differ.
  std::map<std::string, std::set<ElementKey>> elements;
  /// The explorer's ldmatrix probe: lanes whose registers or addresses differ.
  std::set<int> ldmatrix_lanes;
  /// The parts left out because they did not run on a side: "gate: not run in B (no CUDA device)".
  std::vector<std::string> not_run;
  /// Nothing ran on both sides: no part was compared at all (diff is then empty).
  bool nothing_compared = false;
  /// What ran on both sides and was compared (ReportComparison::compared).
  std::vector<std::string> compared;
  /// The entries by kind, as `fragviz-cli diff` counts them for the same two files.
  DiffCounts counts;
  /// "compared with b.json: 3 differences (and 2 times)", or "... agree ...", followed by "; 5 entries
  /// only in A, not compared" (then "what both hold agrees" instead of "the reports agree"), and by
  /// "; 5 missing from an older report format version" when a side's format lacks fields, and
  /// "; 2 parts not run, not compared" when some were left out.
  std::string headline;
};

/// What the views show as one report file (side A): the opened report as read from its file
/// (`opened`, when a report is open), else the live probe and gate results of `s`; nullopt when
/// there is neither.
std::optional<ReportFile> shown_report(const AppState& s, const std::optional<ReportFile>& opened);

/// Compares `a` (what the views show, described by `against`) with `b`, read from `path`, by
/// compare_report_files: every part that ran on both sides; the others only named in
/// Comparison::not_run.
/// Taken by value: the parts set aside are removed from these copies (move a large gate in).
Comparison compare_reports(ReportFile a, std::string against, ReportFile b, const std::string& path);

/// The rows of the Differences window: diff_listing (the listing `fragviz-cli diff` prints, times
/// only when `timings`) without the parts not run, which the window lists under their own header.
/// Each row points into `c.diff`.
std::vector<DiffLine> listed_differences(const Comparison& c, bool timings);

/// What the views mark of `c`: "Marked in the views: 3 fragment elements (amber frame) and 1
/// ldmatrix lane."; "Nothing is marked in the views: no fragment element or ldmatrix lane differs."
/// where none (newcomer round 33: the line promised marks over reports that agreed).
std::string marks_text(const Comparison& c);

/// Whether the Differences window's headline is green: no difference, something compared, and no
/// entry only one report holds.
bool comparison_agrees(const Comparison& c);

/// Whether `c` names element (operand, lane, element) of the probe of `mnemonic`.
bool marks_element(const Comparison& c, const std::string& mnemonic, Operand op, int lane, int element);

}  // namespace fragviz::app
