#include "nvrtc_lazy.hpp"

#include <cuda_runtime_api.h>

#include <mutex>

#include "../lazy_library.hpp"

#ifndef FRAGVIZ_CUDA_LIB_DIR
#define FRAGVIZ_CUDA_LIB_DIR ""
#endif

namespace fragviz::cuda {

const NvrtcApi* nvrtc_api(std::string& error) {
  static std::once_flag once;
  static NvrtcApi api;
  static const NvrtcApi* loaded = nullptr;
  static std::string why;
  std::call_once(once, [] {
    // NVRTC's soname carries the toolkit's major version (libnvrtc.so.13 for CUDA 13).
    const std::string major = std::to_string(CUDART_VERSION / 1000);
    const std::string dir = FRAGVIZ_CUDA_LIB_DIR;
    std::string dl_error;
    void* lib = open_first_library(
        {"libnvrtc.so." + major, dir.empty() ? std::string() : dir + "/libnvrtc.so." + major,
         std::string("libnvrtc.so")},
        dl_error);
    if (!lib) {
      why = "NVRTC could not be loaded (libnvrtc.so." + major + "): " + dl_error;
      return;
    }
    if (!bind_symbol(lib, "nvrtcGetErrorString", api.get_error_string) ||
        !bind_symbol(lib, "nvrtcVersion", api.version) ||
        !bind_symbol(lib, "nvrtcCreateProgram", api.create_program) ||
        !bind_symbol(lib, "nvrtcDestroyProgram", api.destroy_program) ||
        !bind_symbol(lib, "nvrtcCompileProgram", api.compile_program) ||
        !bind_symbol(lib, "nvrtcGetProgramLogSize", api.get_program_log_size) ||
        !bind_symbol(lib, "nvrtcGetProgramLog", api.get_program_log) ||
        !bind_symbol(lib, "nvrtcGetCUBINSize", api.get_cubin_size) ||
        !bind_symbol(lib, "nvrtcGetCUBIN", api.get_cubin)) {
      why = "NVRTC was loaded but lacks one of the entry points the kernel runner uses";
      return;
    }
    loaded = &api;
  });
  if (!loaded) error = why;
  return loaded;
}

}  // namespace fragviz::cuda
