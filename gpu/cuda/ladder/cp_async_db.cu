// Rung 2 of the gate's ladder: the seed's 64x64x32 k16 tiling, copies by cp.async into two shared
// buffers: tile k+1 is in flight while tile k multiplies, and one barrier per k step suffices
// (it both publishes tile k and frees the buffer refilled next).
#include "ladder_kernels.cuh"
#include "ladder_mainloop.cuh"

extern "C" __global__ void __launch_bounds__(fragviz::gate::kCpAsyncDb.threads())
    fragviz_gate_cp_async_db(const __half* a, const __half* b, float* c, int n) {
  fragviz::gate::ladder::matmul_block<fragviz::gate::kCpAsyncDb>(a, b, c, n);
}

namespace fragviz::gate::ladder {
GateKernel cp_async_db_kernel() {
  return rung_kernel<kCpAsyncDb>(GateVariant::cp_async_db,
                                 FRAGVIZ_GATE_KERNEL_SYMBOL(fragviz_gate_cp_async_db));
}
}  // namespace fragviz::gate::ladder
