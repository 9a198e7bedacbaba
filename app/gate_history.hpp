// This session's gate runs, bounded. A live run at n = 8192 holds its n x n output and reference
// (2 x 4 n^2 bytes, 512 MiB) for the output view; keeping every run's would grow without limit. Only
// the newest row keeps them; older rows keep the figures the history table shows. Plain data: no GL.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "fragviz/report/report.hpp"

namespace fragviz::app {

/// A finished gate run (live or from a file).
struct GateRun {
  std::shared_ptr<const GateReport> report;
  std::string origin;  ///< "live" or the file path
  int report_id = 0;   ///< 0 for a live run, else the OpenedReport::id it came from
};

/// `r` without what only the output view needs: the n x n output and reference and the recorded
/// mismatch list. Everything else is kept, `first` included (the verdict line names it).
std::shared_ptr<const GateReport> gate_summary(const GateReport& r);

/// Bytes of per-element data `r` holds: output, reference and the recorded mismatches.
std::uint64_t gate_data_bytes(const GateReport& r);

/// The history table's rows, oldest first. The newest row keeps its report as given; every older
/// row holds a gate_summary() of it. At most kMaxRows rows: beyond, the oldest go.
class GateHistory {
 public:
  static constexpr std::size_t kMaxRows = 500;

  /// Appends `run` as the newest row; the row before it becomes a summary.
  void add(GateRun run);
  /// Removes every row that came from opened report `report_id` (it was closed).
  void remove_report(int report_id);

  const std::vector<GateRun>& rows() const { return rows_; }
  bool empty() const { return rows_.empty(); }
  std::size_t size() const { return rows_.size(); }
  /// The run number of row `i` in this session (1 = the first run ever added), which stays the same
  /// when older rows go.
  std::size_t number(std::size_t i) const { return numbers_[i]; }
  /// Per-element bytes every row holds together (gate_data_bytes): at most the newest run's.
  std::uint64_t data_bytes() const;

 private:
  std::vector<GateRun> rows_;
  std::vector<std::size_t> numbers_;
  std::size_t next_number_ = 1;
};

}  // namespace fragviz::app
