#include "cublas_lazy.hpp"

#include <dlfcn.h>

#include <mutex>

#ifndef FRAGVIZ_CUBLAS_DIR
#define FRAGVIZ_CUBLAS_DIR ""
#endif

namespace fragviz::cuda {
namespace {

template <class F>
bool bind(void* lib, const char* name, F& out) {
  out = reinterpret_cast<F>(dlsym(lib, name));
  return out != nullptr;
}

}  // namespace

const CublasApi* cublas_api(std::string& error) {
  static std::once_flag once;
  static CublasApi api;
  static const CublasApi* loaded = nullptr;
  static std::string why;
  std::call_once(once, [] {
    const std::string major = std::to_string(CUBLAS_VER_MAJOR);
    const std::string dir = FRAGVIZ_CUBLAS_DIR;
    void* lib = nullptr;
    for (const std::string& name :
         {"libcublas.so." + major, dir.empty() ? std::string() : dir + "/libcublas.so." + major,
          std::string("libcublas.so")}) {
      if (name.empty()) continue;
      lib = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
      if (lib) break;
    }
    if (!lib) {
      const char* e = dlerror();
      why = "cuBLAS could not be loaded (libcublas.so." + major + "): " + (e ? e : "not found");
      return;
    }
    if (!bind(lib, "cublasCreate_v2", api.create) || !bind(lib, "cublasDestroy_v2", api.destroy) ||
        !bind(lib, "cublasSetStream_v2", api.set_stream) || !bind(lib, "cublasGemmEx", api.gemm_ex)) {
      why = "cuBLAS was loaded but lacks cublasCreate_v2/cublasDestroy_v2/cublasSetStream_v2/cublasGemmEx";
      return;
    }
    loaded = &api;
  });
  if (!loaded) error = why;
  return loaded;
}

}  // namespace fragviz::cuda
