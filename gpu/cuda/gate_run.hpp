// The gate with the matmul under test as a callback: the built-in variants (run_gate) and a
// user's NVRTC-compiled kernel (gpu/cuda/userkernel/, in the kernel runner's process) go through
// the same validation, inputs, reference, exact comparison, spot check, timing and cuBLAS run.
// Private to gpu/ (it names CUDA types).
#pragma once

#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <functional>
#include <string>

#include "fragviz/device/device.hpp"

namespace fragviz::gate {

/// The kernel the gate multiplies with: C (n x n fp32) = A x B (n x n fp16, row-major).
struct MatmulUnderTest {
  /// Fills registers, static shared and local bytes (cudaFuncGetAttributes) and, where known, the
  /// ptxas line; called first, before any allocation.
  std::function<cudaError_t(KernelResources&)> resources;
  /// Launches the kernel once on `s` and returns the launch's error (cudaGetLastError).
  std::function<cudaError_t(const __half* a, const __half* b, float* c, int n, cudaStream_t s)> launch;
};

/// run_gate with `kernel` instead of the variant's kernel; `report.request` is `req`. The request
/// is checked with gate_refusal first (nothing is allocated or launched when it refuses). A fault
/// in the kernel comes back as error kind cuda with the CUDA error's name and message; after a
/// sticky error (an illegal address) the context is dead, which is why user kernels run in a
/// process of their own.
GateReport run_gate_with(const GateRequest& req, const MatmulUnderTest& kernel, GateControl* control);

}  // namespace fragviz::gate
