// built_with_cuda() and query_device() for builds with CUDA. Never aborts: a machine with no
// driver or no GPU gets present=false and the reason.
#include <cuda_runtime_api.h>

#include <cctype>
#include <fstream>
#include <sstream>
#include <string>

#include "cuda_check.hpp"
#include "fragviz/device/device.hpp"

namespace fragviz {
namespace {

/// The kernel module's release ("580.159.04") from /proc/driver/nvidia/version, or "" where that
/// file does not exist (not Linux, no driver). Its first line reads e.g. "NVRM version: NVIDIA
/// UNIX x86_64 Kernel Module  580.159.04  <date>".
std::string driver_release() {
  std::ifstream in("/proc/driver/nvidia/version");
  std::string line;
  if (!in || !std::getline(in, line)) return {};
  std::istringstream words(line);
  std::string w;
  while (words >> w) {
    bool digits_and_dots = !w.empty() && std::isdigit(static_cast<unsigned char>(w.front()));
    int dots = 0;
    for (char ch : w) {
      if (ch == '.')
        ++dots;
      else if (!std::isdigit(static_cast<unsigned char>(ch)))
        digits_and_dots = false;
    }
    if (digits_and_dots && dots >= 1) return w;
  }
  return {};
}

}  // namespace

bool built_with_cuda() { return true; }

DeviceInfo query_device() {
  DeviceInfo info;
  // Both succeed without a GPU: the runtime's own version, and 0 for "no driver".
  cudaRuntimeGetVersion(&info.runtime_version);
  cudaDriverGetVersion(&info.driver_version);
  info.driver_release = driver_release();

  int count = 0;
  const cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess) {
    cudaGetLastError();  // clear it: no context exists, nothing is poisoned
    info.error = Error{ErrorKind::no_device,
                       std::string("no CUDA device: ") + cudaGetErrorName(e) + ": " + cudaGetErrorString(e) +
                           (info.driver_version == 0 ? " (no NVIDIA driver found)" : "")};
    return info;
  }
  if (count == 0) {
    info.error = Error{ErrorKind::no_device, "no CUDA device: the driver reports 0 devices"};
    return info;
  }
  cudaDeviceProp prop{};
  std::string error;
  if (!FRAGVIZ_CUDA_OK(error, cudaGetDeviceProperties(&prop, 0))) {
    info.error = Error{ErrorKind::cuda, error};
    return info;
  }
  info.name = prop.name;
  info.cc_major = prop.major;
  info.cc_minor = prop.minor;
  info.sm_count = prop.multiProcessorCount;
  info.global_mem_bytes = prop.totalGlobalMem;
  // cudaDeviceProp::clockRate is gone in CUDA 13; the attribute remains (kHz).
  int clock_khz = 0;
  if (cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0) == cudaSuccess) info.clock_khz = clock_khz;
  cudaGetLastError();

  if (info.sm() < 75) {
    // Too old for every probe and the gate: no usable GPU, as no_device means.
    info.error =
        Error{ErrorKind::no_device, "device 0 (" + info.name + ") is sm_" + std::to_string(info.sm()) +
                                        ": ldmatrix and mma.sync.m16n8k8 need sm_75 or newer (PTX ISA, "
                                        "\"Target ISA notes\")"};
    return info;  // present stays false: nothing here can run on it
  }
  info.present = true;
  return info;
}

}  // namespace fragviz
