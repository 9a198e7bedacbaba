// `probe --layout` in a report (optional "layout" object of a probe report; absent in reports
// without it, so every earlier file still opens). Stored: the request's notations and what the
// kernel returned (raw words, addresses, cycles, ncu's counters); the prediction is never stored
// but planned and judged again on load, so an edited file cannot redefine what the model says.
// Internal to model/report/json/.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>

#include "fragviz/report/report.hpp"

namespace fragviz {

/// A probe report's "layout" object, by LayoutProbe's field list.
nlohmann::json layout_probe_json(const LayoutProbe& p);
/// Reads it, plans and judges it again; throws std::runtime_error naming the first fault.
std::shared_ptr<const LayoutProbe> layout_probe_from(const nlohmann::json& j);

}  // namespace fragviz
