// run_blackwell_probes(): the model packs (fragviz/probe/blackwell_family.hpp: which probes this
// device and build run, each launch's job), this file copies each launch's input in, queues its
// kernel, copies its output back and hands it to the model's judge as it comes. The kernels exist
// only in a build configured with -DFRAGVIZ_SM100_PROBES=ON (FRAGVIZ_HAVE_SM100_PROBES) or
// -DFRAGVIZ_SM120_PROBES=ON (FRAGVIZ_HAVE_SM120_PROBES); a probe this device or build cannot run is
// reported skipped with the reason.
#include "blackwell_run.hpp"

#include <cuda_runtime_api.h>

#include <cstdint>
#include <vector>

#include "blackwell/b8_move_kernels.hpp"
#include "blackwell/tmem_kernels.hpp"
#include "blackwell/umma2_kernels.hpp"
#include "blackwell/umma_kernels.hpp"
#include "cuda_check.hpp"
#include "fragviz/probe/blackwell_family.hpp"
#include "sm120/block_scale_kernels.hpp"

namespace fragviz {
namespace {

/// One device allocation, freed on scope exit.
struct Buffer {
  void* ptr = nullptr;
  ~Buffer() {
    if (ptr) cudaFree(ptr);
  }
};

#if FRAGVIZ_HAVE_SM100_PROBES
constexpr bool kBuilt = true;
#else
constexpr bool kBuilt = false;
#endif
#if FRAGVIZ_HAVE_SM120_PROBES
constexpr bool kBuilt120 = true;
#else
constexpr bool kBuilt120 = false;
#endif

/// Queues `l`'s kernel on the legacy default stream: `in` and `out` are device buffers of its input
/// and output sizes. A build without sm_100a (sm_120a) code has no such kernel to queue.
cudaError_t queue(const BlackwellWork::Launch& l, const void* in, void* out) {
#if FRAGVIZ_HAVE_SM120_PROBES
  if (l.kernel == BlackwellKernel::block_scale)
    return cuda::launch_block_scale_probe(l.arg / 2, l.arg % 2, static_cast<const cuda::BlockScaleJob*>(in),
                                          l.count, static_cast<std::uint32_t*>(out), nullptr);
#endif
#if FRAGVIZ_HAVE_SM100_PROBES || FRAGVIZ_HAVE_SM120_PROBES
  // sm_100a and sm_120a code, whichever the build has (gpu/CMakeLists.txt, fragviz_b8_moves).
  if (l.kernel == BlackwellKernel::b8_moves)
    return cuda::launch_b8_move_probe(static_cast<const cuda::B8MoveJob*>(in), l.arg,
                                      static_cast<cuda::B8MoveOut*>(out), nullptr);
#endif
#if FRAGVIZ_HAVE_SM100_PROBES
  switch (l.kernel) {
    case BlackwellKernel::b8_moves:
      break;  // queued above
    case BlackwellKernel::tmem:
      return cuda::launch_tmem_probe(static_cast<const cuda::TmemJob*>(in), static_cast<std::uint32_t*>(out),
                                     nullptr);
    case BlackwellKernel::umma:
      return cuda::launch_umma_probe(static_cast<const cuda::UmmaJob*>(in), static_cast<std::uint32_t*>(out),
                                     nullptr);
    case BlackwellKernel::umma2:
      return cuda::launch_umma2_probe(static_cast<const cuda::Umma2Job*>(in),
                                      static_cast<std::uint32_t*>(out), nullptr);
    case BlackwellKernel::block_scale:
      break;  // sm_120a code: queued above, or not built
  }
  return cudaErrorInvalidValue;
#else
  (void)l;
  (void)in;
  (void)out;
  return cudaSuccess;
#endif
}

/// Runs one launch: input copied in, the kernel, the output copied back into `out` (the copy waits
/// for the kernel); a launch without input does no device work and leaves `out` empty. Returns
/// false with `error` set when a CUDA call fails.
bool run(const BlackwellWork::Launch& l, std::vector<std::uint8_t>& out, std::string& error) {
  out.clear();
  if (l.in.empty()) return true;
  out.resize(l.out_bytes);
  Buffer d_in, d_out;
  return FRAGVIZ_CUDA_OK(error, cudaMalloc(&d_in.ptr, l.in.size())) &&
         FRAGVIZ_CUDA_OK(error, cudaMalloc(&d_out.ptr, out.size())) &&
         FRAGVIZ_CUDA_OK(error, cudaMemcpy(d_in.ptr, l.in.data(), l.in.size(), cudaMemcpyHostToDevice)) &&
         FRAGVIZ_CUDA_OK(error, queue(l, d_in.ptr, d_out.ptr)) &&
         FRAGVIZ_CUDA_OK(error, cudaMemcpy(out.data(), d_out.ptr, out.size(), cudaMemcpyDeviceToHost));
}

}  // namespace

bool run_blackwell_probes(const ProbeRequest& req, ProbeReport& report, std::string& error) {
  BlackwellWork work = pack_blackwell(req, report.device, BlackwellBuild{kBuilt, kBuilt120});
  add_blackwell_entries(work, report);
  std::vector<std::uint8_t> out;
  for (std::size_t i = 0; i < work.launches.size(); ++i) {
    if (!run(work.launches[i], out, error)) return false;
    judge_blackwell_launch(work, i, out, report);
  }
  return true;
}

}  // namespace fragviz
