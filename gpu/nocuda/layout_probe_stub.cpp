// run_layout_probe() in a build without CUDA: the request is still judged (a refusal is the answer
// the user needs first), nothing runs, and the result says why.
#include "fragviz/device/device.hpp"
#include "fragviz/device/layout_probe_run.hpp"

namespace fragviz {

LayoutProbeRun run_layout_probe(const LayoutProbeRequest& r) {
  LayoutProbeRun out;
  out.device = query_device();  // present = false: the build has no CUDA
  const auto plan = plan_layout_probe(r);
  if (!plan) {
    out.probe = skipped_layout_probe(r, plan.error.message);
    out.error = plan.error;
    return out;
  }
  out.probe = skipped_layout_probe(r, "not run: " + out.device.error.message);
  out.error = Error{ErrorKind::no_device, out.device.error.message};
  return out;
}

}  // namespace fragviz
