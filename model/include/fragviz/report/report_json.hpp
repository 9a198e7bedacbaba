// JSON read/write of reports (format "fragviz-report", versioned; see docs/report-format.md).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "fragviz/report/report.hpp"
#include "fragviz/util/outcome.hpp"

namespace fragviz {

/// Serialises a report file to JSON text (pretty-printed).
std::string to_json_text(const ReportFile& file);

/// Largest report file load_report reads (a gate report with every recorded mismatch is ~5 MiB).
inline constexpr std::uint64_t kMaxReportBytes = 64ull << 20;

/// Parses JSON text. Errors (not JSON, another format, an unknown version, a missing or
/// mistyped field, an index outside the shapes the report names: a lane, element, register or
/// cell out of range, a gate size the gate refuses, counts that disagree) come back as an error of
/// kind refused; nothing is half-filled. Every figure the model can compute is computed again and compared
/// (see docs/report-format.md, "What is checked on load"): a file that disagrees with itself or with the
/// model is refused with a message naming the field; version 1 cycles rows, which stored no addresses, come
/// back with CyclesRow::addresses empty (not recomputable).
Outcome<ReportFile> parse_report(std::string_view text);

/// Reads and parses a regular file of at most kMaxReportBytes; the error names the path. A path
/// that is missing, not a regular file or cannot be opened is kind io; a file over the limit, or
/// one parse_report refuses, kind refused.
Outcome<ReportFile> load_report(const std::string& path);
/// The text of the report file at `path`, with load_report's checks (a regular file of at most
/// kMaxReportBytes; kind io or refused, the message naming the path): for a caller that looks at
/// the text before choosing its reader (`fragviz-cli diff`: a probe or gate report, or a tiled one).
Outcome<std::string> read_report_text(const std::string& path);
/// Writes a file; returns an error message or empty on success.
std::string save_report(const ReportFile& file, const std::string& path);

}  // namespace fragviz
