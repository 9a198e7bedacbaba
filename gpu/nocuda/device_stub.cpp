// Device layer of a build without CUDA: says so, runs nothing. (The gate's stub is gate_stub.cpp.)
#include "fragviz/device/device.hpp"
#include "fragviz/util/utc_time.hpp"

namespace fragviz {
namespace {

constexpr const char* kNoCuda =
    "built without CUDA: probes and the gate need an NVIDIA GPU of sm_75 or newer";

}  // namespace

bool built_with_cuda() { return false; }

DeviceInfo query_device() {
  DeviceInfo info;
  info.error = Error{ErrorKind::no_device, kNoCuda};
  return info;
}

std::string start_cuda_context(double* ms) {
  if (ms) *ms = 0;
  return kNoCuda;
}

ProbeReport run_probes(const ProbeRequest& req) {
  ProbeReport report;
  report.created_utc = utc_now();
  report.request = req;
  report.device = query_device();
  report.ldmatrix.config = req.ldmatrix;
  report.ldmatrix.tile = req.tile;
  report.ldmatrix.skipped = kNoCuda;
  report.error = Error{ErrorKind::no_device, kNoCuda};
  return report;
}

}  // namespace fragviz
