// Comparing two fragviz reports (report.hpp; read from JSON by report_json.hpp, versions 1 to 3):
// every field that differs, one entry each, located precisely enough for a view to mark it (the
// instruction, operand, lane and element of a fragment element; the cycles row; the gate's
// mismatch). Pure model: plain structs in, plain structs out; no JSON, no CUDA, no GL.
//
// What is compared: which parts the files hold (probe, gate); the instrument (device name, compute
// capability, driver and runtime versions, SM count, memory, clock); the request; the explorer's
// ldmatrix (config, tile, ran/skipped, raw registers and addresses per lane, every element's
// expected and measured cell); every ldmatrix-loaded fragment probe and every tensor-core
// instruction probe, matched by mnemonic (ran, skipped, passes, each element matched by operand,
// lane and element: expected, measured, raw; addresses; tile verdict); every cycles row matched by
// its ldmatrix and tile (predicted and measured wavefronts, addresses); every wgmma probe by mnemonic
// (D and A elements, each descriptor layout's measured addresses, tile) and every matrix-move probe
// by kind, mnemonic and detail (each cell's measured position); errors and their kinds; the
// gate's request, verdict, mismatch count, first mismatch, every recorded mismatch matched by
// (row, col), spot checks and resources; the `probe --layout` run (its request, each lane's address,
// each received slot by lane and slot, ncu's counters); every WMMA fragment kind by name (ran, the
// cell of each lane's x[i], in `lane` and `element` of each difference). Timestamps and times (created_utc,
// *_ms, GFLOP/s, the ratio to cuBLAS, cycles per instruction) differ between any two runs: they are listed as
// timing differences, which agree() does not count. A field one file's older format does not have
// (version 1: instruction probes, cycles rows' addresses, the request's instruction list, error
// kinds; versions 1 and 2: the wgmma, matrix-move, WMMA and layout probes) is absent in the older
// report's format: listed as such (ReportDifference::older_format), not counted by agree() either.
// report_compare.hpp sets aside the parts that did not run before comparing; the CLI and the app
// compare through it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/report/report.hpp"

namespace fragviz {

/// Which part of a report a difference lies in.
enum class DiffArea : std::uint8_t {
  file,         ///< which parts (probe, gate) the files hold
  device,       ///< the instrument: DeviceInfo of the probe or the gate
  request,      ///< what was asked (ProbeRequest, GateRequest)
  ldmatrix,     ///< the explorer's ldmatrix probe
  fragment,     ///< an ldmatrix-loaded fragment probe (FragmentProbe)
  instruction,  ///< a tensor-core instruction probe (InstructionProbe)
  cycles,       ///< a cycles-table row
  run,          ///< a probe run's or gate's error, error kind, ran / cancelled
  gate,         ///< the gate's verdict, mismatches, spot checks, resources
  wgmma,        ///< a wgmma probe (WgmmaProbe): its D and A elements, descriptor layouts, tile
  moves,        ///< a stmatrix / movmatrix / epilogue probe (MatrixMoveProbe)
  layout,       ///< `probe --layout` (LayoutProbe): request, addresses, received slots, ncu counters
  wmma,         ///< a WMMA fragment kind (WmmaProbe): the cell each lane's x[i] holds
  tiled,        ///< a field of a tiled report (tiled_report.hpp)
};
std::string_view to_string(DiffArea a);

/// One field that differs.
struct ReportDifference {
  DiffArea area = DiffArea::file;
  bool timing = false;  ///< a timestamp or a time: differs between any two runs, not counted by agree()
  /// The field is missing from an older report format version (the side without it was written before that
  /// field existed, ReportFile::version): not a disagreement, not counted by agree().
  bool older_format = false;
  /// With older_format: the format version of the side without the field (1 where only a version 1
  /// file lacks it, whatever version a re-saved file says). Reports of one day can differ in format.
  int lacking_version = 0;
  /// With older_format: which report lacks the field, 'A' or 'B' (0: not said), so the listing can
  /// say "B (format version 2) has no such field" (newcomer round 25: "report format version 2 has
  /// no such field" read as if the report that has it were at fault).
  char lacking_side = 0;
  /// Where, as a path into the report: "probe.instructions[<mnemonic>].elements[A lane 5 element
  /// 2].measured".
  std::string where;
  std::string a, b;      ///< the value in the first and the second report, as text; "absent" where missing
  std::string mnemonic;  ///< the instruction or fragment probe, or empty
  std::optional<Operand> operand;  ///< for fragment elements
  int lane = -1;                   ///< for per-lane fields (elements, registers, addresses)
  int element = -1;                ///< fragment element index (ldmatrix probe: reg * 2 + half)
  int index = -1;                  ///< cycles row (in the first report, else the second), or -1
  /// "where: A <a>, B <b>", one plain line.
  std::string line() const;
};

/// Every difference between two reports, in report order.
struct ReportDiff {
  std::vector<ReportDifference> differences;
  /// Parts neither report holds ("gate", "probe.ldmatrix", "probe.layout", "probe.wgmma", ...):
  /// named once, never compared row by row (no zeros for data that is in neither file).
  std::vector<std::string> absent_in_both;
  std::size_t content() const;       ///< real disagreements: neither timings nor older_format
  std::size_t older_format() const;  ///< fields missing from an older report format version
  std::size_t timings() const;
  /// True when the reports agree on everything both formats hold, timestamps and times aside.
  bool agree() const { return content() == 0; }
};

/// Compares `a` with `b` field by field (see the header comment for what is compared).
ReportDiff diff_reports(const ReportFile& a, const ReportFile& b);

/// The parts neither `a` nor `b` holds (ReportDiff::absent_in_both), in report order. A comparison
/// that sets parts aside before diff_reports takes this of the files as read: a part both hold
/// but set aside was "absent in both" (issue 22: probe.instructions, every entry not run).
std::vector<std::string> parts_absent_in_both(const ReportFile& a, const ReportFile& b);

}  // namespace fragviz
