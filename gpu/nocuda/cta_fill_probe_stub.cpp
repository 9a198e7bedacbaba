// run_cta_fill_probe() in a build without CUDA: nothing runs, and the result says why.
#include "fragviz/device/cta_fill_probe_run.hpp"
#include "fragviz/device/device.hpp"

namespace fragviz {

CtaFillProbeRun run_cta_fill_probe(const tile::CtaFillProbePlan&) {
  CtaFillProbeRun out;
  out.device = query_device();  // present = false: the build has no CUDA
  out.error = Error{ErrorKind::no_device, out.device.error.message};
  return out;
}

}  // namespace fragviz
