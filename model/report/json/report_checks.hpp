// Re-proving a loaded report: well-typed is not enough, every index a view will use to address a
// table is checked against the shapes the report itself names, and every figure the model can
// compute is recomputed, so no opened file can make a view index out of range or show an edited
// prediction. Internal to model/report/json/.
#pragma once

#include "fragviz/report/report.hpp"

namespace fragviz {

/// Checks a probe report read from a file of format `version`; throws std::runtime_error naming
/// the first fault ("cycles[2].predicted_wavefronts is 3 but the model predicts 4 wavefronts").
/// Version 1 files: the explorer's cycles row takes ldmatrix.addresses (its only addresses).
void check_probe(ProbeReport& r, int version);
/// Checks a gate report; throws std::runtime_error naming the first fault.
void check_gate(const GateReport& g);

}  // namespace fragviz
