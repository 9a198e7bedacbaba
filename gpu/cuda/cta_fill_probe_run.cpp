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
  shape.copies = p.run_copies;

  std::string error;
  std::vector<std::uint32_t> words(static_cast<std::size_t>(p.words()), 0);
  cuda::ProbeScratch d(error);
  const std::uint8_t* global = nullptr;
  const std::uint32_t* sources = nullptr;
  const std::uint32_t* destinations = nullptr;
  std::uint32_t* image = nullptr;
  const bool ok =
      FRAGVIZ_CUDA_OK(error, cuda::allow_cta_fill_probe_smem(shape, shape.shared_bytes)) &&
      d.upload(global, p.global) && d.upload(sources, p.sources) && d.upload(destinations, p.destinations) &&
      d.alloc(image, words.size(), -1) &&
      FRAGVIZ_CUDA_OK(error, cuda::launch_cta_fill_probe(shape, global, sources, destinations, image, 0)) &&
      d.download(words, static_cast<const std::uint32_t*>(image));
  if (!ok) {
    out.error = Error{ErrorKind::cuda, error};
    return out;
  }
  if (!p.run_copies) return out;  // the baseline ran (Nsight Compute counts it); nothing to judge
  cuda::take_verdict(out, tile::judge_cta_fill_probe(p, words));
  return out;
}

}  // namespace fragviz
