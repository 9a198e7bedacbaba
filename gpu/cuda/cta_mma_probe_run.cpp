// run_cta_mma_probe() on device 0: the plan checked against the device, one CTA, judged.
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

/// `out` with the judge's verdict on the device's C (an internal error where the judge refuses).
CtaMmaProbeRun judged(CtaMmaProbeRun out, const tile::CtaMmaProbePlan& p, const std::vector<float>& c) {
  auto v = tile::judge_cta_mma_probe(p, c);
  if (!v) {
    out.error = Error{ErrorKind::internal, v.message};
    return out;
  }
  out.verdict = std::move(*v.value);
  return out;
}

/// The wgmma plan's launch (run_cta_mma_probe checked it): C back in `c`, or false and `error`.
bool run_wgmma(const tile::CtaMmaProbePlan& p, std::vector<float>& c, std::string& error) {
  const tile::WgmmaProbePlan& w = *p.wgmma;
  cuda::CtaWgmmaProbeShape shape;
  shape.n = w.n;
  shape.a_mn = w.a_mn_major;
  shape.b_mn = w.b_mn_major;
  shape.warpgroups = w.warpgroups;
  shape.calls = p.calls;
  shape.image_bytes = static_cast<std::uint32_t>(w.image.size());
  void* d_image = nullptr;
  std::uint64_t* d_desc = nullptr;
  float* d_out = nullptr;
  const std::size_t desc_bytes = w.descriptors.size() * sizeof(std::uint64_t);
  const std::size_t out_bytes = c.size() * sizeof(float);
  const bool ok =
      FRAGVIZ_CUDA_OK(error, cudaMalloc(&d_image, w.image.size())) &&
      FRAGVIZ_CUDA_OK(error, cudaMalloc(reinterpret_cast<void**>(&d_desc), desc_bytes)) &&
      FRAGVIZ_CUDA_OK(error, cudaMalloc(reinterpret_cast<void**>(&d_out), out_bytes)) &&
      FRAGVIZ_CUDA_OK(error, cudaMemcpy(d_image, w.image.data(), w.image.size(), cudaMemcpyHostToDevice)) &&
      FRAGVIZ_CUDA_OK(error, cudaMemcpy(d_desc, w.descriptors.data(), desc_bytes, cudaMemcpyHostToDevice)) &&
      FRAGVIZ_CUDA_OK(error, cudaMemset(d_out, 0xFF, out_bytes)) &&
      FRAGVIZ_CUDA_OK(error, cuda::launch_cta_wgmma_probe(shape, d_image, d_desc, d_out, 0)) &&
      FRAGVIZ_CUDA_OK(error, cudaMemcpy(c.data(), d_out, out_bytes, cudaMemcpyDeviceToHost));
  for (void* ptr : {d_image, static_cast<void*>(d_desc), static_cast<void*>(d_out)})
    if (ptr) cudaFree(ptr);
  return ok;
}

}  // namespace

CtaMmaProbeRun run_cta_mma_probe(const tile::CtaMmaProbePlan& p) {
  CtaMmaProbeRun out;
  out.error = check_cta_probe_launch(
      out.device,
      [&p](const DeviceInfo& device, int optin) -> std::string {
        // The plan's check also holds every table entry inside the thread's registers.
        if (std::string problem = tile::mma_probe_launch_problem(p, optin); !problem.empty()) return problem;
        if (p.wgmma && device.sm() != 90)  // sm_90a code runs on sm_90 alone
          return p.instruction + " is compiled for sm_90a only; device 0 (" + device.name + ") is sm_" +
                 std::to_string(device.sm());
        return {};
      },
      p.instruction, p.min_sm);
  if (out.error.kind != ErrorKind::none) return out;
  std::string error;
  if (p.wgmma) {
    std::vector<float> c(static_cast<std::size_t>(p.threads) * static_cast<std::size_t>(p.c_values), 0.0f);
    if (!run_wgmma(p, c, error)) {
      out.error = Error{ErrorKind::cuda, error};
      return out;
    }
    return judged(std::move(out), p, c);
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
  std::vector<float> c(static_cast<std::size_t>(p.threads) * static_cast<std::size_t>(p.c_values), 0.0f);
  void* d_images = nullptr;
  std::uint32_t* d_a = nullptr;
  std::uint32_t* d_b = nullptr;
  std::uint32_t* d_table = nullptr;
  float* d_out = nullptr;
  const std::size_t a_bytes = p.a.addresses.size() * sizeof(std::uint32_t);
  const std::size_t b_bytes = p.b.addresses.size() * sizeof(std::uint32_t);
  const std::size_t table_bytes = p.table.size() * sizeof(std::uint32_t);
  const std::size_t out_bytes = c.size() * sizeof(float);
  const auto alloc = [&](auto** ptr, std::size_t bytes) {
    return FRAGVIZ_CUDA_OK(error, cudaMalloc(reinterpret_cast<void**>(ptr), bytes));
  };
  const auto up = [&](void* dst, const void* src, std::size_t bytes) {
    return FRAGVIZ_CUDA_OK(error, cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice));
  };
  const bool ok =
      FRAGVIZ_CUDA_OK(error, cuda::allow_cta_mma_probe_smem(static_cast<std::uint32_t>(images.size()))) &&
      alloc(&d_images, images.size()) && alloc(&d_a, a_bytes) && alloc(&d_b, b_bytes) &&
      alloc(&d_table, table_bytes) && alloc(&d_out, out_bytes) &&
      up(d_images, images.data(), images.size()) && up(d_a, p.a.addresses.data(), a_bytes) &&
      up(d_b, p.b.addresses.data(), b_bytes) && up(d_table, p.table.data(), table_bytes) &&
      FRAGVIZ_CUDA_OK(error, cudaMemset(d_out, 0xFF, out_bytes)) &&
      FRAGVIZ_CUDA_OK(error, cuda::launch_cta_mma_probe(shape, d_images, d_a, d_b, d_table, d_out, 0)) &&
      FRAGVIZ_CUDA_OK(error, cudaMemcpy(c.data(), d_out, out_bytes, cudaMemcpyDeviceToHost));
  for (void* ptr : {static_cast<void*>(d_images), static_cast<void*>(d_a), static_cast<void*>(d_b),
                    static_cast<void*>(d_table), static_cast<void*>(d_out)})
    if (ptr) cudaFree(ptr);
  if (!ok) {
    out.error = Error{ErrorKind::cuda, error};
    return out;
  }
  return judged(std::move(out), p, c);
}

}  // namespace fragviz
