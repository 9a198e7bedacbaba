// The built-in gate kernels this build holds, as plain data (no CUDA headers): the device half of
// each variant of gate_variants() (gate_ladder.hpp), for tests and tools that check the two halves
// agree. Implemented in gpu/cuda/ (the registered GateKernel records) or gpu/nocuda/ (none).
#pragma once

#include <string>
#include <vector>

#include "fragviz/report/report.hpp"

namespace fragviz {

/// One built-in variant's kernel as this build compiled it.
struct GateKernelInfo {
  GateVariant variant{};
  std::string kernel_name;       ///< its extern "C" symbol, as ptxas -v names it
  int threads = 0;               ///< per block, as launched
  int dynamic_shared_bytes = 0;  ///< requested at launch (0: static shared arrays only)
};

/// Every registered gate kernel, in registration order: one per row of gate_variants() in a CUDA
/// build, none in a build without CUDA. Needs no device.
std::vector<GateKernelInfo> gate_kernel_registry();

}  // namespace fragviz
