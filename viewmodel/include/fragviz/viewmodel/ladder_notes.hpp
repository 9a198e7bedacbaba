// What Nsight Compute says limits each rung of the ladder: docs/guide/ladder-notes.csv, the one
// file the docs' ladder table (tools/ladder-table.py) and the app's ladder tooltips read. The build
// embeds it. Columns: variant, technique, limit; a field with a comma or a quote is quoted, a quote
// inside doubled (RFC 4180; fragviz/util/csv.hpp), one record a line.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fragviz::app {

/// One row of the notes.
struct LadderNote {
  std::string variant;    ///< a gate variant's name, e.g. "wgmma-tma-store"
  std::string technique;  ///< one line for the docs' table
  std::string limit;      ///< what Nsight Compute says limits it, or "not measured"
};

/// The rows of a notes CSV after its header line `variant,technique,limit`; nullopt when the
/// header differs, a row has other than three fields or a quote is left open.
std::optional<std::vector<LadderNote>> parse_ladder_notes(std::string_view csv);

/// The embedded notes, parsed once (empty if the build embedded a file that does not parse, which
/// the unit tests rule out).
const std::vector<LadderNote>& ladder_notes();

/// The embedded notes' limit for `variant`, or nullopt where the notes have no row for it.
std::optional<std::string> ladder_limit(std::string_view variant);

}  // namespace fragviz::app
