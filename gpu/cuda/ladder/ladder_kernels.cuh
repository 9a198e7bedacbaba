// The ladder's kernels (rungs 2-7) as the gate's launcher sees them: each rung's file registers its
// kernel's GateKernel record (gate_kernel.cuh) through rung_kernel, and kRungs lists them for
// gate_kernels(). Private to gpu/cuda.
#pragma once

#include <cuda_runtime.h>

#include "../gate_kernel.cuh"
#include "fragviz/gate/gate_geometry.hpp"

namespace fragviz::gate::ladder {

/// Grid of a ladder kernel at size n (n a multiple of C.n_multiple()): one block per block tile,
/// as (cols, rows), or in one dimension when the kernel orders its blocks itself (raster_group).
template <const TileConfig& C>
inline dim3 grid_for(int n) {
  const unsigned rows = static_cast<unsigned>(n / C.block_m), cols = static_cast<unsigned>(n / C.block_n);
  return C.raster_group == 0 ? dim3(cols, rows) : dim3(rows * cols);
}

/// The record of a rung compiled from configuration C: kernel(const __half* a, const __half* b,
/// float* c, int n), launched with grid_for<C>(n) blocks of C.threads() threads and
/// C.smem_bytes() of dynamic shared memory. `kernel` and `name` from FRAGVIZ_GATE_KERNEL_SYMBOL.
template <const TileConfig& C>
GateKernel rung_kernel(GateVariant v, const void* kernel, const char* name) {
  return GateKernel{v, kernel, name, C.threads(), C.smem_bytes(), grid_for<C>, launch_plain};
}

GateKernel cp_async_db_kernel();
GateKernel multistage_kernel();
GateKernel tile_128_kernel();
GateKernel swizzle_xor_kernel();
GateKernel reg_db_kernel();
GateKernel reg_db_128x256_kernel();
GateKernel stream_k_kernel();

/// Every rung's record, in ladder order.
inline constexpr GateKernel (*kRungs[])() = {cp_async_db_kernel, multistage_kernel, tile_128_kernel,
                                             swizzle_xor_kernel, reg_db_kernel,     reg_db_128x256_kernel,
                                             stream_k_kernel};

}  // namespace fragviz::gate::ladder
