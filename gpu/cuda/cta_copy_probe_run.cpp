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
  shape.copies = p.run_copies;

  std::vector<std::uint32_t> words(static_cast<std::size_t>(p.words()), 0);
  cuda::ProbeScratch d(error);
  const std::uint8_t* image = nullptr;
  const std::uint32_t* addresses = nullptr;
  const std::uint32_t* sources = nullptr;  // a store's registers; none for a load
  std::uint32_t* registers = nullptr;
  const auto launch = [&] {
    return p.store ? cuda::launch_cta_store_probe(shape, image, addresses, sources, registers, 0)
                   : cuda::launch_cta_copy_probe(shape, image, addresses, registers, 0);
  };
  const bool ok = FRAGVIZ_CUDA_OK(error, cuda::allow_cta_copy_probe_smem(shape, shape.image_bytes)) &&
                  d.upload(image, p.image) && d.upload(addresses, p.addresses) &&
                  (!p.store || d.upload(sources, p.sources)) && d.alloc(registers, words.size()) &&
                  FRAGVIZ_CUDA_OK(error, launch()) && d.download(words, registers);
  if (!ok) {
    out.error = Error{ErrorKind::cuda, error};
    return out;
  }
  if (!p.run_copies) return out;  // the baseline ran (Nsight Compute counts it); nothing to judge
  cuda::take_verdict(out, tile::judge_cta_copy_probe(p, words));
  return out;
}

}  // namespace fragviz
