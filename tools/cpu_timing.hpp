// Timing for the model benchmarks (algebra_bench, cta_bench): this thread's CPU time, so a machine
// shared with other builds stretches wall time but not the numbers.
#pragma once

#include <algorithm>
#include <ctime>
#include <utility>
#include <vector>

namespace fragviz::bench {

/// This thread's CPU time in microseconds.
inline double cpu_us() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) / 1e3;
}

/// Median and maximum microseconds of `runs` (>= 1) calls of f.
template <class F>
std::pair<double, double> time_us(int runs, F&& f) {
  std::vector<double> us;
  for (int i = 0; i < runs; ++i) {
    const double t0 = cpu_us();
    f();
    us.push_back(cpu_us() - t0);
  }
  std::sort(us.begin(), us.end());
  return {us[us.size() / 2], us.back()};
}

}  // namespace fragviz::bench
