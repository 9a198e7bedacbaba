// `probe --layout` in a report (optional "layout" object of a probe report; absent in reports
// without it, so every earlier file still opens). Stored: the request's notations and what the
// kernel returned (raw words, addresses, cycles, ncu's counters); the prediction is never stored
// but planned and judged again on load, so an edited file cannot redefine what the model says.
// Internal to model/report/json/.
#pragma once

#include <nlohmann/json.hpp>

#include "fragviz/report/report.hpp"

namespace fragviz {

/// Adds "layout" to a probe report's JSON object when r.layout is set.
void write_layout_probe(nlohmann::json& probe, const ProbeReport& r);
/// Reads "layout", if present, plans and judges it again; throws std::runtime_error naming the
/// first fault.
void read_layout_probe(const nlohmann::json& probe, ProbeReport& r);

}  // namespace fragviz
