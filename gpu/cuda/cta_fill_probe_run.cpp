// run_cta_fill_probe() on device 0: the plan checked against the device (cta_probe_launch.hpp),
// one CTA of cp.async, the shared image back, judged.
#include "fragviz/device/cta_fill_probe_run.hpp"

#include <cuda_runtime_api.h>

#include "cta_fill_probe_kernels.hpp"
#include "cta_probe_launch.hpp"
#include "cuda_check.hpp"

namespace fragviz {

CtaFillProbeRun run_cta_fill_probe(const tile::CtaFillProbePlan& p) {
  CtaFillProbeRun out;
  out.error = cuda::check_cta_probe_launch(
      out.device, [&](std::int64_t optin) { return tile::fill_probe_launch_problem(p, optin); }, 80,
      p.instruction);
  if (out.error.kind != ErrorKind::none) return out;
  cuda::CtaFillProbeShape shape;
  shape.cache_global = p.cache_global;
  shape.threads = p.threads;
  shape.instructions = p.instructions;
  shape.shared_bytes = p.shared_bytes;

  std::string error;
  std::vector<std::uint32_t> words(static_cast<std::size_t>(p.words()), 0);
  void* d_global = nullptr;
  std::uint32_t* d_sources = nullptr;
  std::uint32_t* d_destinations = nullptr;
  void* d_out = nullptr;
  const std::size_t table_bytes = p.sources.size() * sizeof(std::uint32_t);
  const auto alloc = [&](auto** ptr, std::size_t bytes) {
    return FRAGVIZ_CUDA_OK(error, cudaMalloc(reinterpret_cast<void**>(ptr), bytes));
  };
  const auto up = [&](void* dst, const void* src, std::size_t bytes) {
    return FRAGVIZ_CUDA_OK(error, cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice));
  };
  const bool ok =
      FRAGVIZ_CUDA_OK(error, cuda::allow_cta_fill_probe_smem(shape, shape.shared_bytes)) &&
      alloc(&d_global, p.global.size()) && alloc(&d_sources, table_bytes) &&
      alloc(&d_destinations, table_bytes) && alloc(&d_out, p.shared_bytes) &&
      up(d_global, p.global.data(), p.global.size()) && up(d_sources, p.sources.data(), table_bytes) &&
      up(d_destinations, p.destinations.data(), table_bytes) &&
      FRAGVIZ_CUDA_OK(error,
                      cuda::launch_cta_fill_probe(shape, d_global, d_sources, d_destinations, d_out, 0)) &&
      FRAGVIZ_CUDA_OK(error, cudaMemcpy(words.data(), d_out, p.shared_bytes, cudaMemcpyDeviceToHost));
  for (void* ptr : {d_global, static_cast<void*>(d_sources), static_cast<void*>(d_destinations), d_out})
    if (ptr) cudaFree(ptr);
  if (!ok) {
    out.error = Error{ErrorKind::cuda, error};
    return out;
  }
  auto judged = tile::judge_cta_fill_probe(p, words);
  if (!judged) {
    out.error = Error{ErrorKind::internal, judged.message};
    return out;
  }
  out.verdict = std::move(*judged.value);
  return out;
}

}  // namespace fragviz
