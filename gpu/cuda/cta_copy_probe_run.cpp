// run_cta_copy_probe() on device 0: the plan (a load or C's store) checked against the device
// (cta_probe_launch.hpp), one CTA, judged.
#include "fragviz/device/cta_copy_probe_run.hpp"

#include <cuda_runtime_api.h>

#include "cta_copy_probe_kernels.hpp"
#include "cta_probe_launch.hpp"
#include "cuda_check.hpp"

namespace fragviz {

CtaCopyProbeRun run_cta_copy_probe(const tile::CtaCopyProbePlan& p) {
  CtaCopyProbeRun out;
  const bool stmatrix = p.store && p.load == tile::CopyProbeLoad::ldmatrix;
  out.error = cuda::check_cta_probe_launch(
      out.device, [&](std::int64_t optin) { return tile::copy_probe_launch_problem(p, optin); },
      stmatrix ? 90 : 0, p.instruction);
  if (out.error.kind != ErrorKind::none) return out;
  std::string error;
  cuda::CtaCopyProbeShape shape;
  shape.store = p.store;
  shape.ldmatrix = p.load == tile::CopyProbeLoad::ldmatrix;
  shape.registers = p.registers;
  shape.trans = p.trans;
  shape.threads = p.threads;
  shape.instructions = p.instructions;
  shape.image_bytes = static_cast<std::uint32_t>(p.image.size());

  std::vector<std::uint32_t> words(static_cast<std::size_t>(p.words()), 0);
  void* d_image = nullptr;
  std::uint32_t* d_addresses = nullptr;
  std::uint32_t* d_sources = nullptr;
  std::uint32_t* d_out = nullptr;
  const std::size_t address_bytes = p.addresses.size() * sizeof(std::uint32_t);
  const std::size_t source_bytes = p.sources.size() * sizeof(std::uint32_t);  // 0 for a load
  const std::size_t out_bytes = words.size() * sizeof(std::uint32_t);
  const auto launch = [&] {
    return p.store ? cuda::launch_cta_store_probe(shape, d_image, d_addresses, d_sources, d_out, 0)
                   : cuda::launch_cta_copy_probe(shape, d_image, d_addresses, d_out, 0);
  };
  const bool ok =
      FRAGVIZ_CUDA_OK(error, cuda::allow_cta_copy_probe_smem(shape, shape.image_bytes)) &&
      FRAGVIZ_CUDA_OK(error, cudaMalloc(&d_image, p.image.size())) &&
      FRAGVIZ_CUDA_OK(error, cudaMalloc(reinterpret_cast<void**>(&d_addresses), address_bytes)) &&
      FRAGVIZ_CUDA_OK(error, cudaMalloc(reinterpret_cast<void**>(&d_out), out_bytes)) &&
      (!p.store || FRAGVIZ_CUDA_OK(error, cudaMalloc(reinterpret_cast<void**>(&d_sources), source_bytes))) &&
      FRAGVIZ_CUDA_OK(error, cudaMemcpy(d_image, p.image.data(), p.image.size(), cudaMemcpyHostToDevice)) &&
      FRAGVIZ_CUDA_OK(error,
                      cudaMemcpy(d_addresses, p.addresses.data(), address_bytes, cudaMemcpyHostToDevice)) &&
      (!p.store || FRAGVIZ_CUDA_OK(error, cudaMemcpy(d_sources, p.sources.data(), source_bytes,
                                                     cudaMemcpyHostToDevice))) &&
      FRAGVIZ_CUDA_OK(error, cudaMemset(d_out, 0, out_bytes)) && FRAGVIZ_CUDA_OK(error, launch()) &&
      FRAGVIZ_CUDA_OK(error, cudaMemcpy(words.data(), d_out, out_bytes, cudaMemcpyDeviceToHost));
  if (d_image) cudaFree(d_image);
  if (d_addresses) cudaFree(d_addresses);
  if (d_sources) cudaFree(d_sources);
  if (d_out) cudaFree(d_out);
  if (!ok) {
    out.error = Error{ErrorKind::cuda, error};
    return out;
  }
  auto judged = tile::judge_cta_copy_probe(p, words);
  if (!judged) {
    out.error = Error{ErrorKind::internal, judged.message};
    return out;
  }
  out.verdict = std::move(*judged.value);
  return out;
}

}  // namespace fragviz
