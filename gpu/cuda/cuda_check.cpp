#include "cuda_check.hpp"

namespace fragviz::cuda {

std::string describe_error(cudaError_t e, const char* call, const char* file, int line) {
  std::string where = file;
  const auto slash = where.find_last_of('/');
  if (slash != std::string::npos) where = where.substr(slash + 1);
  return std::string(call) + " failed (" + where + ":" + std::to_string(line) + "): " + cudaGetErrorName(e) +
         ": " + cudaGetErrorString(e);
}

bool check(cudaError_t e, const char* call, const char* file, int line, std::string& first_error) {
  if (e == cudaSuccess) return true;
  if (first_error.empty()) first_error = describe_error(e, call, file, line);
  return false;
}

}  // namespace fragviz::cuda
