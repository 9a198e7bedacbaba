// NVRTC, opened with dlopen when a user kernel is first compiled (like cuBLAS in
// ../cublas_lazy.hpp): a machine without libnvrtc still runs everything else, and says why a user
// kernel cannot be compiled.
#pragma once

#include <nvrtc.h>

#include <string>

namespace fragviz::cuda {

/// The NVRTC entry points the kernel runner calls (nvrtc.h names).
struct NvrtcApi {
  const char* (*get_error_string)(nvrtcResult) = nullptr;
  nvrtcResult (*version)(int*, int*) = nullptr;
  nvrtcResult (*create_program)(nvrtcProgram*, const char*, const char*, int, const char* const*,
                                const char* const*) = nullptr;
  nvrtcResult (*destroy_program)(nvrtcProgram*) = nullptr;
  nvrtcResult (*compile_program)(nvrtcProgram, int, const char* const*) = nullptr;
  nvrtcResult (*get_program_log_size)(nvrtcProgram, size_t*) = nullptr;
  nvrtcResult (*get_program_log)(nvrtcProgram, char*) = nullptr;
  nvrtcResult (*get_cubin_size)(nvrtcProgram, size_t*) = nullptr;
  nvrtcResult (*get_cubin)(nvrtcProgram, char*) = nullptr;
};

/// The loaded API (libnvrtc.so.<major> from the loader's path, then from the CUDA Toolkit's
/// library folder this build saw), or nullptr with `error` saying why. Thread-safe; stays loaded.
const NvrtcApi* nvrtc_api(std::string& error);

}  // namespace fragviz::cuda
