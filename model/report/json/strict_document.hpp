// The checks every report's text passes before its fields are read, for each report format this
// build reads (the probe and gate report, report_json.cpp; the tiled report, tiled_json.cpp), and
// the reading of a report file. Internal to model/report/json/.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "fragviz/util/outcome.hpp"

namespace fragviz::report_json {

/// `text` as a JSON document, or why not (kind refused): a NUL byte, a syntax error (in the file's
/// words), nesting deeper than kMaxParseNesting, a key given twice in one object, or a control
/// character (U+0000 to U+001F, U+007F) in any string but the texts that keep several lines.
Outcome<nlohmann::json> parse_strict_document(std::string_view text);

/// The whole regular file at `path`: kind io when it is missing, not a regular file or cannot be
/// opened; refused when it is over kMaxReportBytes (report_json.hpp). The messages name the path.
Outcome<std::string> read_report_file(const std::string& path);

}  // namespace fragviz::report_json
