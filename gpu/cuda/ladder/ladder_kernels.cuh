// The ladder's kernels (rungs 2-6) as the gate's launcher sees them: each rung's file returns its
// kernel, grid rule and configuration. Private to gpu/cuda.
#pragma once

#include <cuda_runtime.h>

#include "fragviz/gate/gate_geometry.hpp"

namespace fragviz::gate::ladder {

/// One compiled rung: kernel(const __half* a, const __half* b, float* c, int n), launched with
/// grid(n) blocks of config.threads() threads and config.smem_bytes() of dynamic shared memory.
struct LadderKernel {
  const void* kernel = nullptr;
  dim3 (*grid)(int n) = nullptr;
  TileConfig config{};
};

LadderKernel cp_async_db_kernel();
LadderKernel multistage_kernel();
LadderKernel tile_128_kernel();
LadderKernel swizzle_xor_kernel();
LadderKernel reg_db_kernel();
LadderKernel reg_db_128x256_kernel();

/// Sets the kernel's dynamic shared-memory limit to what it needs (needed above 48 KB) and
/// launches it on `s`; returns the first error.
inline cudaError_t launch(const LadderKernel& k, const void* a, const void* b, float* c, int n,
                          cudaStream_t s) {
  const int bytes = k.config.smem_bytes();
  cudaError_t e = cudaFuncSetAttribute(k.kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
  if (e != cudaSuccess) return e;
  void* args[] = {&a, &b, &c, &n};
  e = cudaLaunchKernel(k.kernel, k.grid(n), dim3(static_cast<unsigned>(k.config.threads())), args,
                       static_cast<std::size_t>(bytes), s);
  return e != cudaSuccess ? e : cudaGetLastError();
}

}  // namespace fragviz::gate::ladder
