// run_wmma_probes(): every kind's tiles from the model (fragviz/isa/wmma.hpp), one copy in, one launch
// per kind, one copy out, decoded by the model.
#include "wmma_run.hpp"

#include <cuda_runtime_api.h>

#include <cstring>
#include <set>
#include <vector>

#include "cuda_check.hpp"
#include "fragviz/isa/wmma.hpp"
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

/// The kinds `req` names, in table order for "wmma" or an empty list, else in the order named;
/// each once. Unknown names come back as probes that say so.
std::vector<const WmmaKind*> requested(const ProbeRequest& req, std::vector<WmmaProbe>& unknown) {
  std::vector<const WmmaKind*> kinds;
  std::set<const WmmaKind*> seen;
  const auto add = [&](const WmmaKind* w) {
    if (seen.insert(w).second) kinds.push_back(w);
  };
  const auto add_all = [&] {
    for (int i = 0; i < wmma_kind_count(); ++i) add(&wmma_kinds()[i]);
  };
  if (req.instructions.empty()) {
    if (req.instruction_probes && req.wmma_probes) add_all();
    return kinds;
  }
  std::set<std::string> unknown_seen;
  for (const std::string& name : req.instructions) {
    if (name == "wmma") {
      add_all();
    } else if (is_wmma_probe_name(name)) {
      if (const WmmaKind* w = find_wmma_kind(name)) {
        add(w);
      } else if (unknown_seen.insert(name).second) {
        WmmaProbe p;
        p.name = name;
        p.skipped = "not run: no WMMA fragment kind has this name";
        unknown.push_back(p);
      }
    }
  }
  return kinds;
}

}  // namespace

bool wants_wmma(const ProbeRequest& req) {
  std::vector<WmmaProbe> unknown;
  return !requested(req, unknown).empty();
}

void preload_wmma_kernels(const ProbeRequest& req) {
  std::vector<WmmaProbe> unknown;
  for (const WmmaKind* w : requested(req, unknown)) (void)cuda::wmma_probe_available(wmma_kind_index(w));
}

bool run_wmma_probes(const ProbeRequest& req, ProbeReport& report, std::string& error) {
  std::vector<WmmaProbe> unknown;
  const std::vector<const WmmaKind*> kinds = requested(req, unknown);
  const int sm = report.device.sm();
  const std::string device_sm = "sm_" + std::to_string(sm);

  // [SECTION] plans: which kinds run, and where their tiles and bytes go
  struct Plan {
    const WmmaKind* kind;
    std::size_t probe;  ///< index in report.wmma
    std::size_t in_at, out_at;
  };
  std::vector<Plan> plans;
  std::vector<std::uint8_t> in;
  std::size_t out_bytes = 0;
  for (const WmmaKind* w : kinds) {
    WmmaProbe p;
    p.name = wmma_name(*w);
    const std::string needs = "sm_" + std::to_string(w->min_sm);
    cudaError_t query = cudaSuccess;
    if (sm < w->min_sm) {
      p.skipped = "skipped: needs " + needs + " or newer (device is " + device_sm + ")";
    } else if (!cuda::wmma_probe_available(wmma_kind_index(w), &query)) {
      if (query != cudaSuccess) {
        FRAGVIZ_CUDA_OK(error, query);
        return false;
      }
      p.skipped = "not run: this build has no code for it on " + device_sm + " (needs " + needs + ")";
    } else {
      Plan plan{w, report.wmma.size(), in.size(), out_bytes};
      for (int pass = 0; pass < wmma_passes(*w); ++pass) {
        const std::vector<std::uint8_t> tile = wmma_tile(*w, pass);
        const std::size_t at = in.size();
        in.resize(at + static_cast<std::size_t>(wmma_tile_stride(*w)), 0);
        std::memcpy(in.data() + at, tile.data(), tile.size());
      }
      out_bytes += static_cast<std::size_t>(wmma_passes(*w) * kWarpSize * wmma_lane_bytes(*w));
      out_bytes = (out_bytes + 15) / 16 * 16;
      plans.push_back(plan);
    }
    report.wmma.push_back(std::move(p));
  }
  for (WmmaProbe& p : unknown) report.wmma.push_back(std::move(p));
  if (plans.empty()) return true;

  // [SECTION] device: one copy in, a launch per kind, one copy out
  Buffer d_in, d_out;
  if (!FRAGVIZ_CUDA_OK(error, cudaMalloc(reinterpret_cast<void**>(&d_in.ptr), in.size())) ||
      !FRAGVIZ_CUDA_OK(error, cudaMalloc(reinterpret_cast<void**>(&d_out.ptr), out_bytes)) ||
      !FRAGVIZ_CUDA_OK(error, cudaMemcpy(d_in.ptr, in.data(), in.size(), cudaMemcpyHostToDevice)) ||
      // Every byte is written by a lane; zeroed anyway so a kernel that wrote nothing reads as zeros.
      !FRAGVIZ_CUDA_OK(error, cudaMemset(d_out.ptr, 0, out_bytes)))
    return false;
  for (const Plan& plan : plans)
    if (!FRAGVIZ_CUDA_OK(error,
                         cuda::launch_wmma_probe(wmma_kind_index(plan.kind), d_in.ptr + plan.in_at,
                                                 wmma_passes(*plan.kind), d_out.ptr + plan.out_at, nullptr)))
      return false;
  std::vector<std::uint8_t> out(out_bytes);
  if (!FRAGVIZ_CUDA_OK(error, cudaMemcpy(out.data(), d_out.ptr, out_bytes, cudaMemcpyDeviceToHost)))
    return false;

  // [SECTION] decode
  for (const Plan& plan : plans) {
    WmmaProbe& p = report.wmma[plan.probe];
    const std::size_t pass_bytes = static_cast<std::size_t>(kWarpSize * wmma_lane_bytes(*plan.kind));
    for (int pass = 0; pass < wmma_passes(*plan.kind); ++pass) {
      const std::uint8_t* at = out.data() + plan.out_at + static_cast<std::size_t>(pass) * pass_bytes;
      p.raw.emplace_back(at, at + pass_bytes);
    }
    p.map = decode_wmma(*plan.kind, p.raw);
    p.ran = true;
  }
  return true;
}

}  // namespace fragviz
