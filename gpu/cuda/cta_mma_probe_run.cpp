// run_cta_mma_probe() on device 0: the plan checked against the device, one CTA, judged.
#include "fragviz/device/cta_mma_probe_run.hpp"

#include <cuda_runtime_api.h>

#include "cta_mma_probe_kernels.hpp"
#include "cta_probe_launch.hpp"
#include "cuda_check.hpp"

namespace fragviz {

namespace {

static_assert(cuda::kMmaProbeKernelMaxWords == tile::kMmaProbeMaxWords &&
                  cuda::kMmaProbeKernelMaxAccumulators == tile::kMmaProbeMaxAccumulators,
              "the kernel's arrays are what the plan's check allows");

cuda::MmaProbeLoad load_of(const tile::CtaCopyProbePlan& p) {
  cuda::MmaProbeLoad l;
  l.ldmatrix = p.load == tile::CopyProbeLoad::ldmatrix;
  l.registers = p.registers;
  l.trans = p.trans;
  l.instructions = p.instructions;
  l.image_bytes = static_cast<std::uint32_t>(p.image.size());
  return l;
}

}  // namespace

CtaMmaProbeRun run_cta_mma_probe(const tile::CtaMmaProbePlan& p) {
  CtaMmaProbeRun out;
  // Every table entry inside the thread's registers too (tile::mma_probe_launch_problem).
  out.error = cuda::check_cta_probe_launch(
      out.device, [&](std::int64_t optin) { return tile::mma_probe_launch_problem(p, optin); }, p.min_sm,
      p.instruction);
  if (out.error.kind != ErrorKind::none) return out;
  std::string error;
  cuda::CtaMmaProbeShape shape;
  shape.atom = static_cast<int>(p.kind);
  shape.threads = p.threads;
  shape.calls = p.calls;
  shape.c_values = p.c_values;
  shape.a = load_of(p.a);
  shape.b = load_of(p.b);

  std::vector<std::uint8_t> images = p.a.image;
  images.insert(images.end(), p.b.image.begin(), p.b.image.end());
  std::vector<float> c(static_cast<std::size_t>(p.threads) * static_cast<std::size_t>(p.c_values), 0.0f);
  cuda::ProbeScratch d(error);
  const std::uint8_t* d_images = nullptr;
  const std::uint32_t* d_a = nullptr;
  const std::uint32_t* d_b = nullptr;
  const std::uint32_t* d_table = nullptr;
  float* d_out = nullptr;
  const bool ok =
      FRAGVIZ_CUDA_OK(error, cuda::allow_cta_mma_probe_smem(static_cast<std::uint32_t>(images.size()))) &&
      d.upload(d_images, images) && d.upload(d_a, p.a.addresses) && d.upload(d_b, p.b.addresses) &&
      d.upload(d_table, p.table) && d.alloc(d_out, c.size(), 0xFF) &&
      FRAGVIZ_CUDA_OK(error, cuda::launch_cta_mma_probe(shape, d_images, d_a, d_b, d_table, d_out, 0)) &&
      d.download(c, static_cast<const float*>(d_out));
  if (!ok) {
    out.error = Error{ErrorKind::cuda, error};
    return out;
  }
  cuda::take_verdict(out, tile::judge_cta_mma_probe(p, c));
  return out;
}

}  // namespace fragviz
