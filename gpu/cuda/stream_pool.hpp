// StreamPool: a few CUDA streams the probe launches take turns on. Each probe kernel is one small
// block (a warp or a warpgroup) running its jobs in order; on one stream ~400 of them run one
// after another, on several they share the GPU's SMs. The streams block on the legacy default
// stream, so a cudaMemcpy there after the launches still waits for all of them.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdlib>
#include <vector>

namespace fragviz {

/// Owns up to `count` streams (FRAGVIZ_PROBE_STREAMS overrides; 1 or a failed creation leaves the
/// default stream alone in the pool). next() hands them out round-robin.
class StreamPool {
 public:
  explicit StreamPool(int count = 8) {
    if (const char* v = std::getenv("FRAGVIZ_PROBE_STREAMS")) {
      const long n = std::strtol(v, nullptr, 10);
      if (n > 0) count = static_cast<int>(n);
    }
    for (int i = 0; count > 1 && i < count; ++i) {
      cudaStream_t s = nullptr;
      if (cudaStreamCreate(&s) != cudaSuccess) break;  // fewer streams: still correct
      streams_.push_back(s);
    }
    if (streams_.empty()) streams_.push_back(nullptr);
  }
  ~StreamPool() {
    for (cudaStream_t s : streams_)
      if (s) cudaStreamDestroy(s);  // unchecked: nothing useful to do about a failed destroy
  }
  StreamPool(const StreamPool&) = delete;
  StreamPool& operator=(const StreamPool&) = delete;

  cudaStream_t next() { return streams_[next_++ % streams_.size()]; }
  std::size_t size() const { return streams_.size(); }
  /// Stream `i` of size() (nullptr: the legacy default stream, in a pool of one).
  cudaStream_t at(std::size_t i) const { return streams_[i]; }

 private:
  std::vector<cudaStream_t> streams_;
  std::size_t next_ = 0;
};

}  // namespace fragviz
