// The gate's Hopper rungs as seen from host code: launchers that check first and return a
// cudaError_t, never abort. The rungs themselves (tiles, stages, layouts) are plain data in
// fragviz/gate/wgmma_gate.hpp. Private to gpu/cuda.
#pragma once

#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <optional>
#include <string>
#include <vector>

#include "../gate_kernel.cuh"

namespace fragviz::cuda {

/// Why rung `rung` cannot compute c = a x b at size n on the current device, or nullopt: the
/// rung and n (validate_wgmma_gate), a and b 16-byte aligned (TMA's global address rule), c
/// 8-byte aligned (float2 stores), a device of compute capability 9.0 (the kernels are sm_90a
/// code), enough opt-in shared memory per block, and the driver's cuTensorMapEncodeTiled.
std::optional<std::string> gate_wgmma_check(int rung, const __half* a, const __half* b, const float* c,
                                            int n);

/// c (n x n f32, row-major) = a (n x n f16, row-major) x b (n x n f16, row-major) with rung
/// `rung` (index into kWgmmaGateRungs). Runs gate_wgmma_check first: cudaErrorInvalidValue for
/// a bad rung, n or pointer, cudaErrorNoKernelImageForDevice for a device that is not sm_90,
/// cudaErrorInvalidConfiguration for too little shared memory, the driver lookup's error else;
/// nothing is launched then. Otherwise the launch's error (asynchronous errors come later).
cudaError_t launch_gate_wgmma(int rung, const __half* a, const __half* b, float* c, int n, cudaStream_t s);

/// The rungs' kernels' GateKernel records, index = rung (registered beside the kernels).
const std::vector<gate::GateKernel>& gate_wgmma_kernels();

/// cudaFuncGetAttributes of the rung's kernel; cudaErrorInvalidValue for a bad rung.
cudaError_t gate_wgmma_attributes(int rung, cudaFuncAttributes* attr);
/// The rung's kernel's (extern "C") name, nullptr for a bad rung.
const char* gate_wgmma_kernel_name(int rung);

}  // namespace fragviz::cuda
