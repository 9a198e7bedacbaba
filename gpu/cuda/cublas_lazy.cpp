#include "cublas_lazy.hpp"

#include <mutex>

#include "lazy_library.hpp"

#ifndef FRAGVIZ_CUBLAS_DIR
#define FRAGVIZ_CUBLAS_DIR ""
#endif

namespace fragviz::cuda {

const CublasApi* cublas_api(std::string& error) {
  static std::once_flag once;
  static CublasApi api;
  static const CublasApi* loaded = nullptr;
  static std::string why;
  std::call_once(once, [] {
    const std::string major = std::to_string(CUBLAS_VER_MAJOR);
    const std::string dir = FRAGVIZ_CUBLAS_DIR;
    std::string dl_error;
    void* lib = open_first_library(
        {"libcublas.so." + major, dir.empty() ? std::string() : dir + "/libcublas.so." + major,
         std::string("libcublas.so")},
        dl_error);
    if (!lib) {
      why = "cuBLAS could not be loaded (libcublas.so." + major + "): " + dl_error;
      return;
    }
    if (!bind_symbol(lib, "cublasCreate_v2", api.create) ||
        !bind_symbol(lib, "cublasDestroy_v2", api.destroy) ||
        !bind_symbol(lib, "cublasSetStream_v2", api.set_stream) ||
        !bind_symbol(lib, "cublasGemmEx", api.gemm_ex)) {
      why = "cuBLAS was loaded but lacks cublasCreate_v2/cublasDestroy_v2/cublasSetStream_v2/cublasGemmEx";
      return;
    }
    loaded = &api;
  });
  if (!loaded) error = why;
  return loaded;
}

}  // namespace fragviz::cuda
