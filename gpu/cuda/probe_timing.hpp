// FRAGVIZ_PROBE_TIMING=1: run_probes() prints where its time goes, one line per phase on stderr
// ("probe timing: hopper judged 12.3 ms"), so a slow probe run can be taken apart on the device
// without a profiler. Off (and silent) otherwise.
#pragma once

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace fragviz {

/// Times consecutive phases of one run: lap("name") prints the milliseconds since the previous
/// lap (or construction) when FRAGVIZ_PROBE_TIMING is set to a non-empty value other than "0".
class ProbePhaseTimer {
 public:
  explicit ProbePhaseTimer(const char* scope) : scope_(scope), last_(Clock::now()) {
    const char* v = std::getenv("FRAGVIZ_PROBE_TIMING");
    on_ = v && *v && std::strcmp(v, "0") != 0;
  }
  void lap(const char* phase) {
    if (!on_) return;
    const auto now = Clock::now();
    std::fprintf(stderr, "probe timing: %s %s %.1f ms\n", scope_, phase,
                 std::chrono::duration<double, std::milli>(now - last_).count());
    last_ = now;
  }
  /// Prints a phase timed elsewhere (e.g. on a worker thread), `ms` long; the next lap still
  /// counts from the previous lap.
  void note(const char* phase, double ms) const {
    if (on_) std::fprintf(stderr, "probe timing: %s %s %.1f ms\n", scope_, phase, ms);
  }
  bool on() const { return on_; }

 private:
  using Clock = std::chrono::steady_clock;
  const char* scope_;
  Clock::time_point last_;
  bool on_ = false;
};

}  // namespace fragviz
