// CudaStartThread: see context_thread.hpp.
#include "context_thread.hpp"

#include <cstdio>
#include <string>

#include "fragviz/device/device.hpp"

namespace fragviz::app {

CudaStartThread::CudaStartThread(const LaunchOptions& opt, BenchRecorder& bench)
    : before_gl_(opt.cuda_start == "before-gl") {
  bench.set_cuda_start(opt.cuda_start);
  if (opt.no_device || (opt.cuda_start != "main" && opt.cuda_start != "before-gl")) return;
  bench.set_cuda_thread_start(bench.since_main_ms());
  thread_ = std::thread([&bench] {
    double ms = 0;
    const std::string e = fragviz::start_cuda_context(&ms);
    bench.set_cuda_thread_end(bench.since_main_ms());
    std::fprintf(stderr, "fragviz: CUDA context on main's thread: %.1f ms%s%s\n", ms, e.empty() ? "" : ": ",
                 e.c_str());
  });
}

void CudaStartThread::join() {
  if (thread_.joinable()) thread_.join();
}

void CudaStartThread::join_if_before_gl(BenchRecorder& bench) {
  if (!before_gl_ || !thread_.joinable()) return;
  thread_.join();
  bench.mark("cuda_context");
}

}  // namespace fragviz::app
