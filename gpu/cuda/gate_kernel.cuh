// One built-in gate variant's kernel as the gate's host code sees it: the device half of the
// variant, registered beside the kernel it names (the seed's four in gate_kernels.cu, each ladder
// rung in ladder/<rung>.cu, the Hopper rungs in hopper/gate_wgmma.cu). The model half (name, rung,
// technique, tiling, min SM) is the variant's row of gate_variants() (gate_ladder.hpp);
// test_gate_registry fails while a variant has one half without the other. Private to gpu/cuda.
#pragma once

#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <vector>

#include "fragviz/report/report.hpp"

namespace fragviz::gate {

struct GateKernel;

/// Launches `k` for c (n x n f32) = a x b (n x n f16 each, row-major) on `s`; n and the device
/// have been judged already (gate_refusal). Returns the launch's error, never aborts.
using GateLaunch = cudaError_t (*)(const GateKernel& k, const __half* a, const __half* b, float* c, int n,
                                   cudaStream_t s);

/// The record of one built-in variant's kernel.
struct GateKernel {
  GateVariant variant{};
  const void* kernel = nullptr;   ///< the __global__ function (cudaFuncGetAttributes, launches)
  const char* name = "";          ///< its extern "C" symbol, as ptxas -v prints it (ptxas_info)
  int threads = 0;                ///< per block
  int dynamic_shared_bytes = 0;   ///< requested at launch (0: static shared arrays only)
  dim3 (*grid)(int n) = nullptr;  ///< blocks at size n (launch_plain; the Hopper rungs size their own)
  GateLaunch launch = nullptr;
};

/// `k, "k"`: a kernel's address and its symbol for a GateKernel, the name spelled once.
#define FRAGVIZ_GATE_KERNEL_SYMBOL(k) reinterpret_cast<const void*>(k), #k

/// The launch of a kernel(const __half* a, const __half* b, float* c, int n): k.grid(n) blocks of
/// k.threads threads with k.dynamic_shared_bytes, whose limit is raised first when there are any
/// (above 48 KB it must be).
cudaError_t launch_plain(const GateKernel& k, const __half* a, const __half* b, float* c, int n,
                         cudaStream_t s);

/// Every registered kernel: the seed's, then the ladder's, then the Hopper rungs'.
const std::vector<GateKernel>& gate_kernels();
/// The record of `v`, or nullptr (user_kernel, or a variant no kernel registered).
const GateKernel* find_gate_kernel(GateVariant v);

}  // namespace fragviz::gate
