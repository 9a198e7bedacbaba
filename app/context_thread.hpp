// Diagnostic: where the CUDA context is created (LaunchOptions::cuda_start, from
// $FRAGVIZ_CUDA_START). "main" and "before-gl" create it on a thread of main's own, started as
// main starts; "before-gl" waits for it before the window (and so its GL context) exists. Other
// values leave it to the jobs (app.cpp).
#pragma once

#include <thread>

#include "app_state.hpp"
#include "bench_recorder.hpp"

namespace fragviz::app {

/// main's own CUDA context thread, when FRAGVIZ_CUDA_START asks for one. Joined at the latest by
/// the destructor.
class CudaStartThread {
 public:
  /// Starts the thread if `opt` asks for one (and not --no-device); its start and end go to
  /// `bench`, which must outlive it.
  CudaStartThread(const LaunchOptions& opt, BenchRecorder& bench);
  ~CudaStartThread() { join(); }
  CudaStartThread(const CudaStartThread&) = delete;
  CudaStartThread& operator=(const CudaStartThread&) = delete;

  /// Waits for the thread, if there is one still running.
  void join();
  /// Under "before-gl": waits for the context and marks "cuda_context" in `bench`.
  void join_if_before_gl(BenchRecorder& bench);

 private:
  bool before_gl_ = false;
  std::thread thread_;
};

}  // namespace fragviz::app
