// run_cta_copy_probe() in a build without CUDA: nothing runs, and the result says why.
#include "fragviz/device/cta_copy_probe_run.hpp"
#include "fragviz/device/device.hpp"

namespace fragviz {

CtaCopyProbeRun run_cta_copy_probe(const tile::CtaCopyProbePlan&) {
  CtaCopyProbeRun out;
  out.device = query_device();  // present = false: the build has no CUDA
  out.error = Error{ErrorKind::no_device, out.device.error.message};
  return out;
}

}  // namespace fragviz
