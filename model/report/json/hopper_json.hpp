// The Hopper probes in a report (version 3): written compactly, expected values never stored but
// recomputed from the model on load, so an edited file cannot redefine what the model predicts.
// Internal to model/report/json/.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "fragviz/report/report.hpp"

namespace fragviz {

/// A probe report's "wgmma" list, each entry by WgmmaProbe's field list.
nlohmann::json wgmma_probes_json(const std::vector<WgmmaProbe>& probes);
/// Reads it, checking every entry against the model; throws std::runtime_error naming the first
/// fault.
std::vector<WgmmaProbe> wgmma_probes_from(const nlohmann::json& list);
/// A probe report's "moves" list (stmatrix, movmatrix, the epilogues and the Blackwell moves), each
/// entry by MatrixMoveProbe's field list.
nlohmann::json move_probes_json(const std::vector<MatrixMoveProbe>& probes);
/// Reads it, checking every entry against the model; throws std::runtime_error naming the first
/// fault.
std::vector<MatrixMoveProbe> move_probes_from(const nlohmann::json& list);

}  // namespace fragviz
