// run_wmma_probes(): the kinds planned and packed by the model (fragviz/probe/wmma_family.hpp), one
// copy in, one launch per kind, one copy out, decoded by the model.
#include "wmma_run.hpp"

#include <cuda_runtime_api.h>

#include <vector>

#include "cuda_check.hpp"
#include "fragviz/probe/wmma_family.hpp"
#include "wmma_kernels.hpp"

namespace fragviz {
namespace {

/// One device allocation, freed on scope exit.
struct Buffer {
  std::uint8_t* ptr = nullptr;
  ~Buffer() {
    if (ptr) cudaFree(ptr);
  }
};

}  // namespace

bool wants_wmma(const ProbeRequest& req) {
  std::vector<WmmaProbe> unknown;
  return !requested_wmma_kinds(req, unknown).empty();
}

void preload_wmma_kernels(const ProbeRequest& req) {
  std::vector<WmmaProbe> unknown;
  for (const WmmaKind* w : requested_wmma_kinds(req, unknown))
    (void)cuda::wmma_probe_available(wmma_kind_index(w));
}

bool run_wmma_probes(const ProbeRequest& req, ProbeReport& report, std::string& error) {
  // [SECTION] plans: which kinds run, and where their tiles and bytes go
  WmmaWork work;
  const auto has_code = [&error](int index) {
    cudaError_t query = cudaSuccess;
    if (cuda::wmma_probe_available(index, &query)) return 1;
    if (query == cudaSuccess) return 0;
    FRAGVIZ_CUDA_OK(error, query);
    return -1;
  };
  if (!pack_wmma(req, report.device.sm(), has_code, report, work)) return false;
  if (work.plans.empty()) return true;

  // [SECTION] device: one copy in, a launch per kind, one copy out
  const std::vector<std::uint8_t>& in = work.in;
  const std::size_t out_bytes = work.out_bytes;
  Buffer d_in, d_out;
  if (!FRAGVIZ_CUDA_OK(error, cudaMalloc(reinterpret_cast<void**>(&d_in.ptr), in.size())) ||
      !FRAGVIZ_CUDA_OK(error, cudaMalloc(reinterpret_cast<void**>(&d_out.ptr), out_bytes)) ||
      !FRAGVIZ_CUDA_OK(error, cudaMemcpy(d_in.ptr, in.data(), in.size(), cudaMemcpyHostToDevice)) ||
      // Every byte is written by a lane; zeroed anyway so a kernel that wrote nothing reads as zeros.
      !FRAGVIZ_CUDA_OK(error, cudaMemset(d_out.ptr, 0, out_bytes)))
    return false;
  for (const WmmaWork::Plan& plan : work.plans)
    if (!FRAGVIZ_CUDA_OK(error,
                         cuda::launch_wmma_probe(wmma_kind_index(plan.kind), d_in.ptr + plan.in_at,
                                                 wmma_passes(*plan.kind), d_out.ptr + plan.out_at, nullptr)))
      return false;
  work.out.resize(out_bytes);
  if (!FRAGVIZ_CUDA_OK(error, cudaMemcpy(work.out.data(), d_out.ptr, out_bytes, cudaMemcpyDeviceToHost)))
    return false;

  // [SECTION] decode
  judge_wmma(work, report);
  return true;
}

}  // namespace fragviz
