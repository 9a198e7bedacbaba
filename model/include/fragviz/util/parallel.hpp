// parallel_for / parallel_map: the probes' host work (plans and judges, pure functions of the
// model) spread over the machine's cores. Results land at their own index, so the output is the
// same as a plain loop's, whatever the thread count.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <thread>
#include <vector>

namespace fragviz {

/// Threads parallel_for uses: FRAGVIZ_PROBE_THREADS when set to a positive number (1 gives the
/// plain loop, for timing a small machine or comparing outputs), else hardware_concurrency.
inline std::size_t probe_threads() {
  if (const char* v = std::getenv("FRAGVIZ_PROBE_THREADS")) {
    const long n = std::strtol(v, nullptr, 10);
    if (n > 0) return static_cast<std::size_t>(n);
  }
  return std::max(1u, std::thread::hardware_concurrency());
}

/// Calls f(i) for every i in [0, count) on up to probe_threads() threads (the caller's one
/// included) and returns when all are done. `f` must be safe to call concurrently for different i
/// and must not throw.
template <class F>
void parallel_for(std::size_t count, F&& f) {
  const std::size_t hw = probe_threads();
  const std::size_t threads = std::min(hw, count);
  if (threads <= 1) {
    for (std::size_t i = 0; i < count; ++i) f(i);
    return;
  }
  std::atomic<std::size_t> next{0};
  const auto work = [&] {
    for (std::size_t i = next++; i < count; i = next++) f(i);
  };
  std::vector<std::thread> pool;
  pool.reserve(threads - 1);
  for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
}

/// [f(0), ..., f(count - 1)] computed with parallel_for; T must be default-constructible.
template <class T, class F>
std::vector<T> parallel_map(std::size_t count, F&& f) {
  std::vector<T> out(count);
  parallel_for(count, [&](std::size_t i) { out[i] = f(i); });
  return out;
}

}  // namespace fragviz
