// run_cta_mma_probe() on device 0: the plan checked against the device (cta_probe_launch.hpp), one
// CTA, judged.
#include "fragviz/device/cta_mma_probe_run.hpp"

#include <cuda_runtime_api.h>

#include "cta_mma_probe_kernels.hpp"
#include "cta_probe_launch.hpp"
#include "cuda_check.hpp"
#include "hopper/cta_wgmma_probe.hpp"

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

/// The wgmma plan's launch (run_cta_mma_probe checked it): C back in `c`, or false and `error`.
bool run_wgmma(const tile::CtaMmaProbePlan& p, std::vector<float>& c, std::string& error) {
  const tile::WgmmaProbePlan& w = *p.wgmma;
  cuda::CtaWgmmaProbeShape shape;
  shape.n = w.n;
  shape.a_registers = w.a_registers;
  shape.a_mn = w.a_mn_major;
  shape.b_mn = w.b_mn_major;
  shape.warpgroups = w.warpgroups;
  shape.atoms = w.atoms;
  shape.calls = p.calls;
  shape.image_bytes = static_cast<std::uint32_t>(w.image.size());
  cuda::ProbeScratch d(error);
  const std::uint8_t* image = nullptr;
  const std::uint64_t* descriptors = nullptr;
  const std::uint16_t* a_values = nullptr;  // the RS form's A tile and register table; SS: none
  const std::uint32_t* a_table = nullptr;
  float* out = nullptr;
  return d.upload(image, w.image) && d.upload(descriptors, w.descriptors) &&
         (!w.a_registers || (d.upload(a_values, w.a_values) && d.upload(a_table, w.a_table))) &&
         d.alloc(out, c.size(), 0xFF) &&
         FRAGVIZ_CUDA_OK(
             error, cuda::launch_cta_wgmma_probe(shape, image, descriptors, a_values, a_table, out, 0)) &&
         d.download(c, static_cast<const float*>(out));
}

}  // namespace

CtaMmaProbeRun run_cta_mma_probe(const tile::CtaMmaProbePlan& p) {
  CtaMmaProbeRun out;
  // Every table entry inside the thread's registers too (tile::mma_probe_launch_problem). wgmma's
  // sm_90a code runs on sm_90 alone, which is said below instead of the minimum.
  out.error = cuda::check_cta_probe_launch(
      out.device, [&](std::int64_t optin) { return tile::mma_probe_launch_problem(p, optin); },
      p.wgmma ? 0 : p.min_sm, p.instruction);
  if (out.error.kind != ErrorKind::none) return out;
  if (p.wgmma && out.device.sm() != 90) {
    out.error = Error{ErrorKind::refused, p.instruction + " is compiled for sm_90a only; device 0 (" +
                                              out.device.name + ") is sm_" + std::to_string(out.device.sm())};
    return out;
  }
  std::string error;
  std::vector<float> c(static_cast<std::size_t>(p.threads) * static_cast<std::size_t>(p.c_values), 0.0f);
  if (p.wgmma) {
    if (!run_wgmma(p, c, error)) {
      out.error = Error{ErrorKind::cuda, error};
      return out;
    }
    cuda::take_verdict(out, tile::judge_cta_mma_probe(p, c));
    return out;
  }
  cuda::CtaMmaProbeShape shape;
  shape.atom = static_cast<int>(p.kind);
  shape.threads = p.threads;
  shape.calls = p.calls;
  shape.c_values = p.c_values;
  shape.a = load_of(p.a);
  shape.b = load_of(p.b);

  std::vector<std::uint8_t> images = p.a.image;
  images.insert(images.end(), p.b.image.begin(), p.b.image.end());
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
