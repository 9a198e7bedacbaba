// The gate ladder's run (gate_ladder_run.hpp).
#include "gate_ladder_run.hpp"

#include "fragviz/gate/gate_host.hpp"
#include "gate_history.hpp"

namespace fragviz::app {

std::vector<int> GateLadderState::chosen_sizes() const {
  std::vector<int> sizes;
  for (std::size_t i = 0; i < kLadderSizes.size(); ++i)
    if (size_on[i]) sizes.push_back(kLadderSizes[i]);
  return sizes;
}

std::vector<LadderRow> ladder_plan(const std::vector<int>& sizes) {
  std::vector<LadderRow> rows;
  for (int n : sizes)
    for (const GateVariantInfo& v : gate_variants())
      if (!v.deliberately_wrong) rows.push_back(LadderRow{v.variant, n, nullptr, "", 0});
  return rows;
}

LadderResult run_ladder(const std::vector<int>& sizes, std::uint64_t seed, int timed_runs,
                        GateControl* control, std::atomic<int>* done) {
  LadderResult out;
  out.rows = ladder_plan(sizes);
  const DeviceInfo dev = query_device();
  double cublas_ms = 0;
  int cublas_n = 0;
  for (LadderRow& row : out.rows) {
    if (control != nullptr && control->cancel) {
      out.cancelled = true;
      row.refusal = "cancelled";
      if (done != nullptr) ++*done;
      continue;
    }
    GateRequest req;
    req.n = row.n;
    req.variant = row.variant;
    req.seed = seed;
    req.timed_runs = timed_runs;
    req.with_cublas = cublas_n != row.n;  // the first variant that runs at a size times cuBLAS
    if (auto why = gate_refusal(req, dev)) {
      row.refusal = why->message;
    } else {
      const GateReport r = run_gate(req, control);
      if (!r.ran) {
        row.refusal = r.cancelled ? "cancelled" : r.error.message;
        out.cancelled = out.cancelled || r.cancelled;
      } else {
        if (req.with_cublas && r.cublas_ms > 0) {
          cublas_ms = r.cublas_ms;
          cublas_n = row.n;
          out.cublas_ms.emplace_back(row.n, r.cublas_ms);
        }
        if (cublas_n == row.n && r.kernel_ms > 0) row.ratio_to_cublas = cublas_ms / r.kernel_ms;
        row.report = gate_summary(r);
      }
    }
    if (done != nullptr) ++*done;
  }
  return out;
}

}  // namespace fragviz::app
