// The CTA probes' launch checks and device memory (cta_probe_launch.hpp).
#include "cta_probe_launch.hpp"

#include <cuda_runtime_api.h>

#include "cuda_check.hpp"
#include "fragviz/device/device.hpp"

namespace fragviz::cuda {

Error check_cta_probe_launch(DeviceInfo& device, const std::function<std::string(std::int64_t)>& plan_problem,
                             int min_sm, const std::string& instruction) {
  device = query_device();
  if (!device.present) return Error{ErrorKind::no_device, device.error.message};
  std::string error;
  int optin = 0;
  if (!FRAGVIZ_CUDA_OK(error, cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0)))
    return Error{ErrorKind::cuda, error};
  // Every address aligned and inside its image, the block and the images within the device's
  // limits: nothing the plan holds can fault the context.
  if (const std::string problem = plan_problem(optin); !problem.empty())
    return Error{ErrorKind::refused, problem};
  if (device.sm() < min_sm)
    return Error{ErrorKind::refused, instruction + " needs sm_" + std::to_string(min_sm) +
                                         " or newer; device 0 is sm_" + std::to_string(device.sm())};
  return Error{};
}

ProbeScratch::~ProbeScratch() {
  for (void* p : owned_) cudaFree(p);
}

bool ProbeScratch::raw_alloc(void*& ptr, std::size_t bytes, int fill) {
  if (!error_.empty()) return false;
  void* p = nullptr;
  if (!FRAGVIZ_CUDA_OK(error_, cudaMalloc(&p, bytes))) return false;
  owned_.push_back(p);
  ptr = p;
  return fill < 0 || FRAGVIZ_CUDA_OK(error_, cudaMemset(p, fill, bytes));
}

bool ProbeScratch::raw_upload(void*& ptr, const void* host, std::size_t bytes) {
  return raw_alloc(ptr, bytes, -1) &&
         FRAGVIZ_CUDA_OK(error_, cudaMemcpy(ptr, host, bytes, cudaMemcpyHostToDevice));
}

bool ProbeScratch::raw_download(void* host, const void* src, std::size_t bytes) {
  return error_.empty() && FRAGVIZ_CUDA_OK(error_, cudaMemcpy(host, src, bytes, cudaMemcpyDeviceToHost));
}

}  // namespace fragviz::cuda
