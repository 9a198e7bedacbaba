// The Hopper probes in a report (version 3): written compactly, expected values never stored but
// recomputed from the model on load, so an edited file cannot redefine what the model predicts.
// Internal to model/report/json/.
#pragma once

#include <nlohmann/json.hpp>

#include "fragviz/report/report.hpp"

namespace fragviz {

/// Adds "wgmma", "moves" and "hopper_ms" to a probe report's JSON object.
void write_hopper(nlohmann::json& probe, const ProbeReport& r);
/// Reads them (absent before version 3) and checks every entry against the model; throws
/// std::runtime_error naming the first fault.
void read_hopper(const nlohmann::json& probe, int version, ProbeReport& r);

}  // namespace fragviz
