#include "nvrtc_lazy.hpp"

#include <cuda_runtime_api.h>
#include <dlfcn.h>

#include <mutex>

#ifndef FRAGVIZ_CUDA_LIB_DIR
#define FRAGVIZ_CUDA_LIB_DIR ""
#endif

namespace fragviz::cuda {
namespace {

template <class F>
bool bind(void* lib, const char* name, F& out) {
  out = reinterpret_cast<F>(dlsym(lib, name));
  return out != nullptr;
}

}  // namespace

const NvrtcApi* nvrtc_api(std::string& error) {
  static std::once_flag once;
  static NvrtcApi api;
  static const NvrtcApi* loaded = nullptr;
  static std::string why;
  std::call_once(once, [] {
    // NVRTC's soname carries the toolkit's major version (libnvrtc.so.13 for CUDA 13).
    const std::string major = std::to_string(CUDART_VERSION / 1000);
    const std::string dir = FRAGVIZ_CUDA_LIB_DIR;
    void* lib = nullptr;
    for (const std::string& name :
         {"libnvrtc.so." + major, dir.empty() ? std::string() : dir + "/libnvrtc.so." + major,
          std::string("libnvrtc.so")}) {
      if (name.empty()) continue;
      lib = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
      if (lib) break;
    }
    if (!lib) {
      const char* e = dlerror();
      why = "NVRTC could not be loaded (libnvrtc.so." + major + "): " + (e ? e : "not found");
      return;
    }
    if (!bind(lib, "nvrtcGetErrorString", api.get_error_string) || !bind(lib, "nvrtcVersion", api.version) ||
        !bind(lib, "nvrtcCreateProgram", api.create_program) ||
        !bind(lib, "nvrtcDestroyProgram", api.destroy_program) ||
        !bind(lib, "nvrtcCompileProgram", api.compile_program) ||
        !bind(lib, "nvrtcGetProgramLogSize", api.get_program_log_size) ||
        !bind(lib, "nvrtcGetProgramLog", api.get_program_log) ||
        !bind(lib, "nvrtcGetCUBINSize", api.get_cubin_size) || !bind(lib, "nvrtcGetCUBIN", api.get_cubin)) {
      why = "NVRTC was loaded but lacks one of the entry points the kernel runner uses";
      return;
    }
    loaded = &api;
  });
  if (!loaded) error = why;
  return loaded;
}

}  // namespace fragviz::cuda
