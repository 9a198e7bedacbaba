// The WMMA probes in a report (optional "wmma" array of a probe; absent in reports recorded
// without it, read as none run). Stored: what every lane wrote, per pass, as hex, and the cells
// that decodes to; on load the decoding is done again and must give the stored cells, so an
// edited file cannot move a cell. Internal to model/report/json/.
#pragma once

#include <nlohmann/json.hpp>

#include "fragviz/report/report.hpp"

namespace fragviz {

/// Adds "wmma" to a probe report's JSON object.
void write_wmma(nlohmann::json& probe, const ProbeReport& r);
/// Reads "wmma", if present, after r.device; throws std::runtime_error naming the first fault.
void read_wmma(const nlohmann::json& probe, ProbeReport& r);

}  // namespace fragviz
