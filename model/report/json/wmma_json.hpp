// The WMMA probes in a report (optional "wmma" array of a probe; absent in reports recorded
// without it, read as none run). Stored: what every lane wrote, per pass, as hex, and the cells
// that decodes to; on load the decoding is done again and must give the stored cells, so an
// edited file cannot move a cell. Internal to model/report/json/.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "fragviz/report/report.hpp"

namespace fragviz {

/// A probe report's "wmma" list, each entry by WmmaProbe's field list.
nlohmann::json wmma_probes_json(const std::vector<WmmaProbe>& probes);
/// Reads it for the probes' `device`, decoding every kind's bytes again; throws std::runtime_error
/// naming the first fault.
std::vector<WmmaProbe> wmma_probes_from(const nlohmann::json& list, const DeviceInfo& device);

}  // namespace fragviz
