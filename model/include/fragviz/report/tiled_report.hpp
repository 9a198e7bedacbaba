// A `fragviz-cli tiled --json` report (format "fragviz-tiled", docs/report-format.md) read back, and
// two of them compared for `fragviz-cli diff`: the CTA tile's configuration, each operand's TV
// layouts, join, cp.async fill, bank wavefronts per k-block and per warp, swizzle suggestion and
// descriptors, and the device's results where both reports ran them. The comparison is the one
// fragviz-report files get (report_compare.hpp): real differences, fields missing from an older
// format version (not counted), and device parts that did not run on a side (set aside).
// Pure model: plain structs; the JSON is read in model/report/json/tiled_json.cpp.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "fragviz/report/report_compare.hpp"
#include "fragviz/util/outcome.hpp"

namespace fragviz {

/// The format name `tiled --json` writes, and the version it writes. Version 1 is what fragviz
/// wrote before the format was named: no "format" and "version" keys, no TV layouts, no gmem copy
/// or cp.async fill; version 2 has no bank count of a cp.async.ca fill (fill_banks, fill_no_banks).
inline constexpr const char* kTiledReportFormat = "fragviz-tiled";
inline constexpr int kTiledReportVersion = 3;

/// One field of a tiled report: a value, or an object or list of fields. A list whose entries have
/// an identity (operands by name, bank rows by warp and k-block, descriptor slices) is kept as
/// entries keyed by it, so a comparison matches entries, not positions.
struct TiledNode {
  std::string key;     ///< its JSON key, or a list entry's identity: "A", "k-block 0", "warp 1 k-block 0"
  bool entry = false;  ///< an entry of a keyed list (shown as [key] in a path)
  bool leaf = false;
  std::string text;                 ///< a value as text: 8192, "all 8192 match ...", true, null, [128,128,32]
  std::vector<TiledNode> children;  ///< an object's by key (as the JSON reader keeps them), a list's in order
  /// The child called `k`, or nullptr.
  const TiledNode* find(std::string_view k) const;
};

/// A tiled report read back.
struct TiledReportFile {
  int version = kTiledReportVersion;
  TiledNode root;
};

/// Whether `text` is a tiled report rather than a probe or gate report: a JSON object whose
/// "format" is "fragviz-tiled", or (version 1) one without a format that has "operands" and
/// "cta_tile". Only the top level is looked at; parse_tiled_report judges the rest.
bool is_tiled_report_text(std::string_view text);

/// Reads a tiled report, strictly: the text checks every report passes (no NUL, JSON, no key twice,
/// no control character), a known version, every field of the configuration and of each operand
/// with its type, no field a version lacks, no unknown field where the format is fixed, and the
/// figures that must agree (a join's mismatches within its cells, each bank total the sum of its
/// k-blocks and of its warps). Errors are of kind refused, naming the field.
Outcome<TiledReportFile> parse_tiled_report(std::string_view text);

/// Compares two tiled reports field by field (see the header comment); each difference's `where`
/// is its path, "tiled.operands[A].banks.per_k_block[k-block 0].wavefronts".
ReportComparison compare_tiled_reports(const TiledReportFile& a, const TiledReportFile& b);

}  // namespace fragviz
