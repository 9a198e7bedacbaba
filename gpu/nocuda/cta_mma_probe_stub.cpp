// run_cta_mma_probe() in a build without CUDA: nothing runs, and the result says why.
#include "fragviz/device/cta_mma_probe_run.hpp"
#include "fragviz/device/device.hpp"

namespace fragviz {

CtaMmaProbeRun run_cta_mma_probe(const tile::CtaMmaProbePlan&) {
  CtaMmaProbeRun out;
  out.device = query_device();  // present = false: the build has no CUDA
  out.error = Error{ErrorKind::no_device, out.device.error.message};
  return out;
}

}  // namespace fragviz
