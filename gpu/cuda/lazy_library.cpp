#include "lazy_library.hpp"

#include <dlfcn.h>

namespace fragviz::cuda {

void* open_first_library(const std::vector<std::string>& names, std::string& error) {
  for (const std::string& name : names) {
    if (name.empty()) continue;
    if (void* lib = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL)) return lib;
    const char* e = dlerror();
    error = e ? e : "not found";
  }
  if (error.empty()) error = "not found";
  return nullptr;
}

void* library_symbol(void* lib, const char* name) { return dlsym(lib, name); }

}  // namespace fragviz::cuda
