// The gate in a build without CUDA: refuses, with the reason, and never pretends to have run.
#include "fragviz/device.hpp"

namespace fragviz {
namespace {
constexpr const char* kNoCuda = "built without CUDA: the matmul gate needs a CUDA build and a GPU";
}  // namespace

std::optional<std::string> gate_can_implement(const GateRequest&, const DeviceInfo&) {
  return std::string(kNoCuda);
}

GateReport run_gate(const GateRequest& req, GateControl* control) {
  GateReport report;
  report.request = req;
  report.device = query_device();
  report.error = kNoCuda;
  if (control != nullptr) control->progress_permille.store(0);
  return report;
}

}  // namespace fragviz
