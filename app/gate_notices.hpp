// The Gate panel's lines about why nothing ran, each reason said once. Without a GPU a Load kernel
// run gave the same words three times (newcomer round 14): "Gate unavailable: <no device>" (amber,
// what stops the next run), the run's error (red) and its verdict "not run: <no device> (the source
// compiled for sm_80)", pushing the Ladder out of view. Window-free.
#pragma once

#include <optional>
#include <string>

#include "fragviz/report/report.hpp"

namespace fragviz::app {

/// The Gate panel's notices, each empty when not shown.
struct GateNotices {
  std::string blocked;  ///< why the gate cannot run now ("Gate unavailable: ..."), as given
  std::string error;    ///< the last run's error, unless a line above or the verdict says it
  /// The shown run's verdict when it did not run: "not run: <why>", with a reason the blocked line
  /// already gives left out ("not run (the source compiled for sm_80)"; "not run (as above)").
  /// Empty for a run that ran or was cancelled (the caller's verdict words stand).
  std::string not_run;
};

/// The notices for `blocked` (AppState::gate_blocked), `error` (AppState::gate_error) and the run
/// shown (`shown`, may be null), each reason said once.
GateNotices gate_notices(const std::optional<std::string>& blocked, const std::string& error,
                         const GateReport* shown);

}  // namespace fragviz::app
