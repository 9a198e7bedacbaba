// Comparing two reports as `fragviz-cli diff` and the app's File > Compare with report both do: the
// one comparison behind both, so they count alike. A part that did not run on a side (the gate, the
// whole probe run, one instruction's, wgmma's, matrix move's or WMMA kind's probe, the explorer's
// ldmatrix, the layout probe) is set aside as "not run": named, never compared, never counted as a
// difference, whatever its error text says. So is a probe entry one report lacks though its format
// has that list (never asked of that run). Everything else is compared field by field
// (report_diff.hpp), each difference of one kind: a real disagreement, a field absent in the older
// report's format, or a time. Pure model: no JSON, no files.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fragviz/report/report.hpp"
#include "fragviz/report/report_diff.hpp"

namespace fragviz {

/// How many entries of each kind a comparison holds.
struct DiffCounts {
  std::size_t differ = 0;        ///< real disagreements (ReportDiff::content)
  std::size_t older_format = 0;  ///< fields missing from an older report format version
  std::size_t not_run = 0;       ///< parts that did not run on a side: not compared
  std::size_t timings = 0;       ///< timestamps and times
  /// Probe entries only one report holds (its run never asked for them there, or that file's
  /// format has no such list): not compared, so the reports are not said to agree over them.
  std::size_t only_in_a = 0, only_in_b = 0;
  bool operator==(const DiffCounts& o) const {
    return differ == o.differ && older_format == o.older_format && not_run == o.not_run &&
           timings == o.timings && only_in_a == o.only_in_a && only_in_b == o.only_in_b;
  }
};

/// A probe entry one report holds and the other lacks: its kind ("instruction probe", plural
/// "instruction probes"), the key it is matched by (mnemonic, WMMA name, matrix-move kind +
/// mnemonic + detail) and its list in the report ("instructions": where "probe.instructions[key]").
struct OnlyInOne {
  std::string kind, kinds, key, list;
  bool operator==(const OnlyInOne& o) const {
    return kind == o.kind && kinds == o.kinds && key == o.key && list == o.list;
  }
};

/// Two reports compared: what ran on both sides, difference by difference, and what did not run.
struct ReportComparison {
  /// The parts that ran on both sides, compared (diff_reports of the copies with the rest removed).
  ReportDiff diff;
  /// Each part set aside, one line: "gate: not run in B (no CUDA device)", "instruction probe
  /// <mnemonic>: not run in A (needs sm_120a ...)".
  std::vector<std::string> not_run;
  /// Nothing ran on both sides: no part was compared at all (diff is then empty).
  bool nothing_compared = false;
  /// What ran on both sides and was compared, in report order: "the gate run", "the device", "the
  /// explorer's ldmatrix", "2 fragment probes", "7 cycles rows"; a list's count is of the entries
  /// both reports hold. Empty for tiled reports (their parts are one tree) and when nothing was.
  std::vector<std::string> compared;
  /// Probe entries (fragment, instruction, wgmma, WMMA, matrix-move) one file holds and the other
  /// lacks, found before the set-aside, in report order (DiffCounts::only_in_a counts them).
  std::vector<OnlyInOne> only_in_a, only_in_b;
  /// Of `not_run`'s lines and of `diff`'s older-format differences, those that list an entry of
  /// only_in_a or only_in_b (each such entry has one or the other): a headline that names those
  /// entries does not count them again (newcomer round 33 read 9 entries as 18 problems).
  std::size_t only_in_one_not_run = 0, only_in_one_older_format = 0;
  DiffCounts counts() const;
};

/// Compares `a` with `b`: sets aside, in both, every part that did not run on a side (named in
/// ReportComparison::not_run), then diff_reports. Taken by value: the parts set aside are removed
/// from these copies (move a large gate in).
ReportComparison compare_report_files(ReportFile a, ReportFile b);

/// What one line of a comparison's listing shows.
enum class DiffLineKind : std::uint8_t { differ, older_format, not_run, timing };

/// What an older-format line is tagged with: "B (format version 2) has no such field", naming the
/// report that lacks it; "report format version 2 has no such field" where the side is not known.
std::string older_format_tag(const ReportDifference& d);

/// One line of a comparison's listing: its kind, its text as `fragviz-cli diff` prints it (tag
/// included: "  [time]", "  [B (format version N) has no such field]", "not run, not compared: "), and
/// the difference it shows (nullptr for a part not run; it points into the ReportDiff listed).
struct DiffLine {
  DiffLineKind kind = DiffLineKind::differ;
  std::string text;
  const ReportDifference* difference = nullptr;
};

/// The one listing of two reports compared: `fragviz-cli diff` prints it and the app's Differences
/// window shows it, so both name the same fields. In order: real differences, fields absent in the
/// older report's format, the parts not run (`not_run`), and the times only when `timings` is set
/// (`--timings`; the window's "times" box). Which fields are times is report_diff's flag
/// (ReportDifference::timing, from Field::time in report.hpp's field lists): they differ between
/// any two runs, so by default neither lists them.
std::vector<DiffLine> diff_listing(const ReportDiff& diff, const std::vector<std::string>& not_run,
                                   bool timings);

/// "compared: the device, the explorer's ldmatrix and 2 fragment probes"; "" for none.
std::string compared_text(const std::vector<std::string>& compared);

/// The entries only one report holds, in words, each side's by kind (newcomer round 32: "4 entries
/// only in A" named none): "4 entries only in A (4 instruction probes), 5 only in B (2 wgmma probes,
/// 3 matrix-move probes)"; a side's single entry by its key: "1 entry only in B (wgmma probe
/// wgmma.mma_async...)"; "" for none. Both verdicts add it, so "agree" never covers entries not
/// compared.
std::string only_in_one_text(const std::vector<OnlyInOne>& a, const std::vector<OnlyInOne>& b);

/// The counts by kind in words, each kind named even at zero: "3 differences, 2 missing from an
/// older report format version, 1 part not run (not compared), 7 times or timestamps".
std::string counts_text(const DiffCounts& c);

}  // namespace fragviz
