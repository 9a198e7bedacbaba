// Opening a CUDA library with dlopen when it is first needed (cuBLAS for the gate's timing, NVRTC
// for user kernels) rather than linking it: linking cuBLAS cost every start of the app ~300 ms.
#pragma once

#include <string>
#include <vector>

namespace fragviz::cuda {

/// dlopen (RTLD_NOW | RTLD_LOCAL) of the first of `names` that opens; empty names are skipped.
/// Returns the handle, never closed (the library stays for the process), or null with dlerror()'s
/// text of the last attempt in `error`.
void* open_first_library(const std::vector<std::string>& names, std::string& error);

/// `out` = the symbol `name` of `lib` cast to F; false (and `out` null) when it is absent.
template <class F>
bool bind_symbol(void* lib, const char* name, F& out);

/// The untyped dlsym, for bind_symbol.
void* library_symbol(void* lib, const char* name);

template <class F>
bool bind_symbol(void* lib, const char* name, F& out) {
  out = reinterpret_cast<F>(library_symbol(lib, name));
  return out != nullptr;
}

}  // namespace fragviz::cuda
