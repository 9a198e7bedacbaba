// A recorded ladder bench in the gate panel's ladder (gate_ladder_run.hpp): read back, shown in place
// of this session's ladder run, closed to give that run back. No GPU, no GL: in the app's core.
#include <filesystem>
#include <utility>

#include "fragviz/util/words.hpp"
#include "gate_ladder_run.hpp"

namespace fragviz::app {

LadderResult ladder_from_bench(const BenchTable& bench, const std::string& path) {
  LadderResult out;
  out.recorded = path;
  out.recorded_gpu = bench.gpu;
  out.recorded_notes = bench.notes;
  for (const BenchCublas& c : bench.cublas) out.cublas_ms.emplace_back(c.n, c.ms);
  for (const BenchRow& b : bench.rows) {
    LadderRow row{b.variant, b.n, nullptr, "", 0};
    if (!b.ran()) {
      row.refusal = std::string(to_string(b.verdict)) + " when recorded (the bench CSV keeps no reason)";
    } else {
      auto r = std::make_shared<GateReport>();
      r->request.n = b.n;
      r->request.variant = b.variant;
      r->ran = true;
      r->exact = b.verdict == BenchVerdict::exact;
      r->kernel_ms = b.ms.value_or(0);
      r->gflops = b.tflops.value_or(0) * 1000.0;
      r->ratio_to_cublas = b.ratio_to_cublas.value_or(0);
      r->resources.registers = b.registers.value_or(0);
      r->resources.static_shared_bytes = b.smem_bytes.value_or(0);  // static + dynamic, as recorded
      r->resources.local_bytes = b.spill_bytes.value_or(0);
      row.report = std::move(r);
      row.ratio_to_cublas = b.ratio_to_cublas.value_or(0);
    }
    out.rows.push_back(std::move(row));
  }
  return out;
}

std::string recorded_bench_line(const LadderResult& r) {
  const std::string file = echo_text(std::filesystem::path(r.recorded).filename().string());
  return "Recorded bench " + file +
         (r.recorded_gpu.empty() ? " (its GPU not recorded: a bench of before 2026-12-07)"
                                 : " on " + r.recorded_gpu) +
         ": TFLOP/s and x cuBLAS as measured there";
}

void show_recorded_bench(GateLadderState& l, std::shared_ptr<const LadderResult> bench) {
  if (!l.result || l.result->recorded.empty()) l.live_before = l.result;
  l.result = std::move(bench);
  l.reveal = true;
}

void close_recorded_bench(GateLadderState& l) {
  if (!l.result || l.result->recorded.empty()) return;
  l.result = std::move(l.live_before);
  l.live_before.reset();
}

void take_live_ladder(GateLadderState& l, std::shared_ptr<const LadderResult> run) {
  l.result = std::move(run);
  l.live_before.reset();
}

}  // namespace fragviz::app
