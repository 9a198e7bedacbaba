// nlohmann's exception texts turned into words a user reads: the JSON path dotted, the fault said
// plainly. Internal to model/report/json/.
#pragma once

#include <exception>
#include <string>

namespace fragviz {

/// "gate.mismatches[3].row" for the JSON pointer "/gate/mismatches/3/row" (RFC 6901 escapes
/// undone; a report's keys are never all digits, so those are array indices).
std::string dotted(const std::string& pointer);
/// The message of an exception thrown while reading a report, in words: "gate.mismatches[3].row:
/// missing" for nlohmann's out_of_range 403 at "/gate/mismatches/3/row", our own runtime_error's
/// text unchanged.
std::string plain(const std::exception& e);

}  // namespace fragviz
