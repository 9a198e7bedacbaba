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
#include "fragviz/gate/bench_csv.hpp"
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

/// A finished ladder run, or a recorded bench read back.
struct LadderResult {
  std::vector<LadderRow> rows;                    ///< sizes ascending, variants in ladder order
  std::vector<std::pair<int, double>> cublas_ms;  ///< per size that had a yardstick
  bool cancelled = false;
  /// The bench CSV the rows were read from (ladder_from_bench); "" for a run in this session.
  std::string recorded;
  /// The GPU the bench names ("NVIDIA H200 (sm_90)"); "" for a run here or a bench that names none.
  std::string recorded_gpu;
  std::vector<std::string> recorded_notes;  ///< its "# note: " lines (BenchTable::notes)
};

/// A recorded bench (bench_csv.hpp), read from `path`, as the ladder table shows a run: each row
/// that ran with a summary report (ms, GFLOP/s, registers, shared bytes as static, spills, exact or
/// not; a mismatch count the CSV does not keep is 0), each that did not with why ("refused" or
/// "error", as recorded); the ratio to cuBLAS as recorded (0 when none); cuBLAS's ms per size; the
/// GPU its "# gpu: " line names.
LadderResult ladder_from_bench(const BenchTable& bench, const std::string& path);

/// The ladder table as the panel shows it: one row per variant, one column group per size (a
/// rung compares across sizes at a glance; newcomer issue 22 scrolled a 51-row list of variant and
/// n), the cuBLAS yardstick's time per size beside. Which LadderRow becomes which cell, apart from
/// the drawing.
struct LadderPivot {
  /// Ascending: every n > 0 of a row or of a cuBLAS timing (a geometry-only plan, n 0, has none).
  std::vector<int> sizes;
  struct Row {
    GateVariant variant{};
    std::vector<int> cells;  ///< per size, the index of its LadderRow, -1 where there is none
  };
  std::vector<Row> rows;          ///< one per variant, in the order of its first LadderRow
  std::vector<double> cublas_ms;  ///< per size, cuBLAS's ms there, 0 where not timed
};
LadderPivot pivot_ladder(const std::vector<LadderRow>& rows,
                         const std::vector<std::pair<int, double>>& cublas_ms);

/// The ladder's line over a recorded bench: "Recorded bench F.csv on NVIDIA H200 (sm_90): TFLOP/s
/// and x cuBLAS as measured there", or "... (its GPU not recorded: a bench of before 2026-12-07)".
std::string recorded_bench_line(const LadderResult& r);

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
  /// A recorded bench was just opened (show_recorded_bench): the Ladder header opens next frame, so
  /// that its figures are seen (newcomer round 29: `fragviz bench.csv` showed only a closed header).
  bool reveal = false;
  /// The geometry a row's button asked to show (the layout view reads it; the panel shows its
  /// strings and wavefronts meanwhile).
  std::optional<GateGeometryRequest> geometry;
  /// While a recorded bench is shown (result->recorded set): the ladder run of this session it
  /// covers, back when the bench is closed.
  std::shared_ptr<const LadderResult> live_before;
  bool close_recorded_requested = false;  ///< the panel's "close recorded bench"
  /// The ladder table's ms, registers, shared B and spills B columns shown (its "more columns" box):
  /// off, the six others fit the gate view's default width, and a row's tooltip gives them.
  bool resource_columns = false;
  std::vector<int> chosen_sizes() const;
};

/// Shows recorded bench `bench` (ladder_from_bench) in place of what the ladder showed, keeping a
/// run of this session for close_recorded_bench (a second bench replaces the first, not the run).
void show_recorded_bench(GateLadderState& l, std::shared_ptr<const LadderResult> bench);

/// Takes the recorded bench away: the run it covered, if any, is shown again.
void close_recorded_bench(GateLadderState& l);

/// A ladder run of this session finished: shown (over a recorded bench too: the user asked for it).
void take_live_ladder(GateLadderState& l, std::shared_ptr<const LadderResult> run);

}  // namespace fragviz::app
