#include "gate_history.hpp"

#include <algorithm>

namespace fragviz::app {

std::shared_ptr<const GateReport> gate_summary(const GateReport& r) {
  // Field by field, so the n x n vectors are never copied (copying and then clearing them would
  // briefly need the memory this saves). test_gate_history checks that no serialised field is lost.
  auto s = std::make_shared<GateReport>();
  s->created_utc = r.created_utc;
  s->device = r.device;
  s->request = r.request;
  s->ran = r.ran;
  s->error = r.error;
  s->cancelled = r.cancelled;
  s->exact = r.exact;
  s->mismatch_count = r.mismatch_count;
  s->first = r.first;
  s->spot_checks = r.spot_checks;
  s->spot_check_failures = r.spot_check_failures;
  s->kernel_ms = r.kernel_ms;
  s->gflops = r.gflops;
  s->cublas_ms = r.cublas_ms;
  s->cublas_gflops = r.cublas_gflops;
  s->ratio_to_cublas = r.ratio_to_cublas;
  s->resources = r.resources;
  s->verdict_ms = r.verdict_ms;
  return s;
}

std::uint64_t gate_data_bytes(const GateReport& r) {
  return static_cast<std::uint64_t>(r.output.size() + r.reference.size()) * sizeof(float) +
         static_cast<std::uint64_t>(r.mismatches.size()) * sizeof(Mismatch);
}

void GateHistory::add(GateRun run) {
  if (!rows_.empty() && rows_.back().report && gate_data_bytes(*rows_.back().report) > 0)
    rows_.back().report = gate_summary(*rows_.back().report);
  rows_.push_back(std::move(run));
  numbers_.push_back(next_number_++);
  if (rows_.size() > kMaxRows) {
    const auto drop = static_cast<std::ptrdiff_t>(rows_.size() - kMaxRows);
    rows_.erase(rows_.begin(), rows_.begin() + drop);
    numbers_.erase(numbers_.begin(), numbers_.begin() + drop);
  }
}

void GateHistory::remove_report(int report_id) {
  if (report_id == 0) return;  // live runs are never removed
  for (std::size_t i = rows_.size(); i-- > 0;)
    if (rows_[i].report_id == report_id) {
      rows_.erase(rows_.begin() + static_cast<std::ptrdiff_t>(i));
      numbers_.erase(numbers_.begin() + static_cast<std::ptrdiff_t>(i));
    }
}

std::uint64_t GateHistory::data_bytes() const {
  std::uint64_t total = 0;
  for (const GateRun& r : rows_)
    if (r.report) total += gate_data_bytes(*r.report);
  return total;
}

}  // namespace fragviz::app
