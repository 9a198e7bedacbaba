// The gate in a build without CUDA: refuses, with the reason, and never pretends to have run.
#include "fragviz/device/device.hpp"
#include "fragviz/device/gate_kernels.hpp"
#include "fragviz/device/gate_sweep.hpp"

namespace fragviz {
namespace {
constexpr const char* kNoCuda = "built without CUDA: the matmul gate needs a CUDA build and a GPU";
}  // namespace

std::optional<Error> gate_refusal(const GateRequest&, const DeviceInfo&) {
  return Error{ErrorKind::no_device, kNoCuda};
}

GateReport run_gate(const GateRequest& req, GateControl* control) {
  GateReport report;
  report.request = req;
  report.device = query_device();
  report.error = kNoCuda;
  report.error_kind = ErrorKind::no_device;
  if (control != nullptr) control->progress_permille.store(0);
  return report;
}

std::vector<GateKernelInfo> gate_kernel_registry() { return {}; }

}  // namespace fragviz

namespace fragviz {

GateReport run_gate_stream_k_candidate(const GateRequest& req, int) { return run_gate(req); }

}  // namespace fragviz
