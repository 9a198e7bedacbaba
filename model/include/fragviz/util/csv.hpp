// One CSV line's fields (RFC 4180 quoting: double quotes around a field, "" inside for a quote).
// The layout probe's recorded tables and the ladder notes read their lines through it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace fragviz {

/// The fields of `line` (no line break in it; a trailing \r is dropped), unquoted. A quote left
/// open runs to the line's end.
std::vector<std::string> csv_fields(std::string_view line);

}  // namespace fragviz
