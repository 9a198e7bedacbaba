// The gate panel's "Run ladder": every gate variant (but the deliberately broken one) at each chosen
// size, one full gate run each (verdict, then timing), cuBLAS timed once per size. Runs on the gate
// job's thread (jobs.hpp); the state the panel draws lives in GateLadderState. No GL, no ImGui.
#pragma once

#include <array>
#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "fragviz/device/device.hpp"
#include "fragviz/gate/gate_ladder.hpp"

namespace fragviz::app {

/// Sizes the panel offers.
inline constexpr std::array<int, 4> kLadderSizes{1024, 2048, 4096, 8192};

/// One variant at one size.
struct LadderRow {
  GateVariant variant{};
  int n = 0;
  std::shared_ptr<const GateReport> report;  ///< summary (no matrices); null when refused
  std::string refusal;                       ///< why it did not run (size rule, sm), else empty
  double ratio_to_cublas = 0;                ///< against this size's one cuBLAS timing, 0 if none
};

/// A finished ladder run.
struct LadderResult {
  std::vector<LadderRow> rows;                    ///< sizes ascending, variants in ladder order
  std::vector<std::pair<int, double>> cublas_ms;  ///< per size that had a yardstick
  bool cancelled = false;
};

/// The rows the ladder runs for `sizes`: every variant that is not deliberately wrong, per size.
std::vector<LadderRow> ladder_plan(const std::vector<int>& sizes);

/// Runs the plan; `done` counts finished rows (for the panel's progress), `control` cancels.
LadderResult run_ladder(const std::vector<int>& sizes, std::uint64_t seed, int timed_runs,
                        GateControl* control, std::atomic<int>* done);

/// What the panel keeps about the ladder.
struct GateLadderState {
  std::array<bool, kLadderSizes.size()> size_on{false, true, true, false};  ///< 2048 and 4096
  bool running = false;
  int planned = 0;  ///< rows of the running ladder
  int done = 0;     ///< of those, finished
  std::string error;
  std::shared_ptr<const LadderResult> result;
  bool run_requested = false;
  /// The geometry a row's button asked to show (the layout view reads it; the panel shows its
  /// strings and wavefronts meanwhile).
  std::optional<GateGeometryRequest> geometry;
  std::vector<int> chosen_sizes() const;
};

}  // namespace fragviz::app
