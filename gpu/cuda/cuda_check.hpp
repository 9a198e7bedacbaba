// Error checking at CUDA call sites: a failed call becomes a message, never an abort. Only the
// first error is kept, because later ones are usually its consequences.
//
//   std::string error;
//   if (!FRAGVIZ_CUDA_OK(error, cudaMalloc(&p, bytes))) return fail(error);
//
// Host code only (gpu/cuda/*.cpp and the host side of .cu files).
#pragma once

#include <cuda_runtime_api.h>

#include <string>

namespace fragviz::cuda {

/// "cudaMalloc(&p, bytes) failed (probes.cpp:42): cudaErrorMemoryAllocation: out of memory".
std::string describe_error(cudaError_t e, const char* call, const char* file, int line);

/// True when `e` is cudaSuccess; otherwise stores describe_error() in `first_error` unless it
/// already holds one, and returns false.
bool check(cudaError_t e, const char* call, const char* file, int line, std::string& first_error);

}  // namespace fragviz::cuda

/// Evaluates `call` (a cudaError_t expression) and yields true on success; on failure records the
/// message in the std::string `error_out` (see fragviz::cuda::check) and yields false.
#define FRAGVIZ_CUDA_OK(error_out, call) \
  (::fragviz::cuda::check((call), #call, __FILE__, __LINE__, (error_out)))
