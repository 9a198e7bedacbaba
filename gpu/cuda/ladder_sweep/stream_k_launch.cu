// The stream-K rung's launch (ladder/stream_k.cuh): the persistent grid and the process's workspace. Host
// code only; every kernel of the rung (the shipped one and the sweep's candidates) comes here.
#include <cuda_runtime.h>

#include <cstddef>
#include <map>
#include <mutex>
#include <utility>

#include "../ladder/stream_k.cuh"

namespace fragviz::gate::ladder {
namespace {

/// One device's partial-sum slots and flags, shared by every stream-K launch of this process.
struct Workspace {
  float* partials = nullptr;
  unsigned* flags = nullptr;
  std::size_t partial_bytes = 0;
  int flag_count = 0;
  cudaEvent_t last_launch = nullptr;  ///< after the latest launch that used it
  cudaStream_t last_stream = nullptr;
};

/// Makes `w` hold `blocks` slots of `slot_floats` floats and `blocks` flags, all flags 0. Grows by
/// reallocating after the device is idle (the old buffers may be in use on another stream).
cudaError_t reserve(Workspace& w, int blocks, std::size_t slot_floats, cudaStream_t s) {
  const std::size_t bytes = static_cast<std::size_t>(blocks) * slot_floats * sizeof(float);
  if (bytes <= w.partial_bytes && blocks <= w.flag_count) return cudaSuccess;
  if (w.partials != nullptr || w.flags != nullptr) {
    if (cudaError_t e = cudaDeviceSynchronize(); e != cudaSuccess) return e;
    cudaFree(w.partials);
    cudaFree(w.flags);
    w = Workspace{nullptr, nullptr, 0, 0, w.last_launch, nullptr};
  }
  if (cudaError_t e = cudaMalloc(&w.partials, bytes); e != cudaSuccess) return e;
  if (cudaError_t e = cudaMalloc(&w.flags, static_cast<std::size_t>(blocks) * sizeof(unsigned));
      e != cudaSuccess)
    return e;
  // On the launch's stream: a non-blocking stream does not wait for the legacy default stream.
  if (cudaError_t e = cudaMemsetAsync(w.flags, 0, static_cast<std::size_t>(blocks) * sizeof(unsigned), s);
      e != cudaSuccess)
    return e;
  w.partial_bytes = bytes;
  w.flag_count = blocks;
  return cudaSuccess;
}

}  // namespace

cudaError_t launch_stream_k(const GateKernel& k, const StreamKConfig& config, const __half* a,
                            const __half* b, float* c, int n, cudaStream_t s) {
  static std::mutex mutex;
  static std::map<int, Workspace>* workspaces = new std::map<int, Workspace>;  // never freed (see above)
  static std::map<std::pair<int, const void*>, int>* resident =
      new std::map<std::pair<int, const void*>, int>;
  const std::lock_guard<std::mutex> lock(mutex);
  int device = 0;
  if (cudaError_t e = cudaGetDevice(&device); e != cudaSuccess) return e;
  // The grid: every block resident at once (owners wait for other blocks), found once per kernel
  // and device, so that the timed launches make no extra runtime calls.
  int& fit = (*resident)[{device, k.kernel}];
  if (fit == 0) {
    if (cudaError_t e = cudaFuncSetAttribute(k.kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                             k.dynamic_shared_bytes);
        e != cudaSuccess)
      return e;
    int per_sm = 0, sms = 0;
    if (cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(
            &per_sm, k.kernel, k.threads, static_cast<std::size_t>(k.dynamic_shared_bytes));
        e != cudaSuccess)
      return e;
    if (cudaError_t e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
        e != cudaSuccess)
      return e;
    if (per_sm * sms <= 0) return cudaErrorInvalidConfiguration;  // not even one block fits
    fit = per_sm * sms;
  }
  const TileConfig& t = config.tile;
  const StreamKSchedule sched =
      make_stream_k_schedule((n / t.block_m) * (n / t.block_n), n / t.block_k, fit, config.stream_k);
  if (sched.blocks <= 0) return cudaErrorInvalidValue;
  Workspace& w = (*workspaces)[device];
  if (cudaError_t e = reserve(w, sched.blocks, static_cast<std::size_t>(t.block_m) * t.block_n, s);
      e != cudaSuccess)
    return e;
  // Launches on two streams would share the slots and flags: the second waits for the first.
  if (w.last_launch == nullptr) {
    if (cudaError_t e = cudaEventCreateWithFlags(&w.last_launch, cudaEventDisableTiming); e != cudaSuccess)
      return e;
  } else if (w.last_stream != s) {
    if (cudaError_t e = cudaStreamWaitEvent(s, w.last_launch, 0); e != cudaSuccess) return e;
  }
  float* partials = w.partials;
  unsigned* flags = w.flags;
  void* args[] = {&a, &b, &c, &n, &partials, &flags};
  if (cudaError_t e = cudaLaunchKernel(k.kernel, dim3(static_cast<unsigned>(sched.blocks)),
                                       dim3(static_cast<unsigned>(k.threads)), args,
                                       static_cast<std::size_t>(k.dynamic_shared_bytes), s);
      e != cudaSuccess)
    return e;
  if (cudaError_t e = cudaGetLastError(); e != cudaSuccess) return e;
  w.last_stream = s;
  return cudaEventRecord(w.last_launch, s);
}

}  // namespace fragviz::gate::ladder
