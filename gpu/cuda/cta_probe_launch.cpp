// check_cta_probe_launch(): the CTA probes' checks before a launch (cta_probe_launch.hpp).
#include "cta_probe_launch.hpp"

#include <cuda_runtime_api.h>

#include <string>
#include <utility>

#include "cuda_check.hpp"
#include "fragviz/device/device.hpp"

namespace fragviz {

Error check_cta_probe_launch(DeviceInfo& device, const CtaLaunchProblem& launch_problem,
                             const std::string& instruction, int min_sm) {
  device = query_device();
  if (!device.present) return Error{ErrorKind::no_device, device.error.message};
  std::string error;
  int optin = 0;
  if (!FRAGVIZ_CUDA_OK(error, cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0)))
    return Error{ErrorKind::cuda, error};
  // Every address aligned and inside its image, the block and the images within the device's
  // limits: nothing the plan holds can fault the context.
  if (std::string problem = launch_problem(device, optin); !problem.empty())
    return Error{ErrorKind::refused, std::move(problem)};
  if (device.sm() < min_sm)
    return Error{ErrorKind::refused, instruction + " needs sm_" + std::to_string(min_sm) +
                                         " or newer; device 0 is sm_" + std::to_string(device.sm())};
  return {};
}

}  // namespace fragviz
