// run_layout_probe() on device 0: plan first (nothing launches on a refusal), then one warp.
#include "fragviz/device/layout_probe_run.hpp"

#include <cuda_runtime_api.h>

#include <memory>

#include "cuda_check.hpp"
#include "fragviz/device/device.hpp"
#include "layout_probe_kernels.hpp"

namespace fragviz {

LayoutProbeRun run_layout_probe(const LayoutProbeRequest& r) {
  LayoutProbeRun out;
  out.device = query_device();
  const int sm = out.device.present ? out.device.sm() : 75;
  const auto plan = plan_layout_probe(r, sm);
  if (!plan) {
    out.probe = skipped_layout_probe(r, plan.error.message);
    out.error = plan.error;
    return out;
  }
  if (!out.device.present) {
    out.probe = skipped_layout_probe(r, "not run: " + out.device.error.message);
    out.error = Error{ErrorKind::no_device, out.device.error.message};
    return out;
  }
  const LayoutProbePlan& p = *plan;
  auto refuse = [&](ErrorKind kind, const std::string& why) {
    out.probe = skipped_layout_probe(r, why);
    out.error = Error{kind, why};
    return out;
  };
  std::string error;
  int optin = 0;
  if (!FRAGVIZ_CUDA_OK(error, cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0)))
    return refuse(ErrorKind::cuda, error);
  const std::uint32_t tile_bytes = static_cast<std::uint32_t>(p.tile_bytes);
  if (static_cast<std::int64_t>(tile_bytes) + 128 > optin)
    return refuse(ErrorKind::refused, "the tile needs " + std::to_string(tile_bytes + 128) +
                                          " bytes of shared memory (with 128 for alignment); " +
                                          out.device.name + " gives a block at most " +
                                          std::to_string(optin));

  cuda::LayoutProbeArgs args{};
  args.write = p.write.map;
  args.read = p.read.map;
  args.tile_bytes = tile_bytes;
  for (int l = 0; l < 32; ++l) {
    const LaneAccess& a = p.model.lanes[static_cast<std::size_t>(l)];
    // Lanes the instruction ignores pass the tile base (aligned); the plan refused any that must
    // hold an address and do not.
    args.lane_row[l] = a.used && a.has_address ? a.logical.row : -1;
    args.lane_col[l] = a.used && a.has_address ? a.logical.col : 0;
  }
  args.iterations = r.iterations;
  args.zero = 0;

  cuda::LayoutProbeOut* d_out = nullptr;
  cuda::LayoutProbeOut h_out{};
  const bool ok =
      FRAGVIZ_CUDA_OK(error, cuda::allow_layout_probe_smem(tile_bytes + 128)) &&
      FRAGVIZ_CUDA_OK(error, cudaMalloc(reinterpret_cast<void**>(&d_out), sizeof h_out)) &&
      FRAGVIZ_CUDA_OK(error, cudaMemset(d_out, 0, sizeof h_out)) &&
      FRAGVIZ_CUDA_OK(error, cuda::launch_layout_probe(r.op, r.ldmatrix, &args, tile_bytes, d_out, 0)) &&
      FRAGVIZ_CUDA_OK(error, cudaMemcpy(&h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost));
  if (d_out) cudaFree(d_out);
  if (!ok) return refuse(ErrorKind::cuda, error);
  out.probe = judge_layout_probe(p, h_out.words, h_out.offsets, h_out.cycles, r.iterations);
  return out;
}

}  // namespace fragviz
