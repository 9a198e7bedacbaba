// Rung 4 of the gate's ladder: rung 3 with 128x128 blocks of 4 warps, each warp 64x64 (4 m16 x 8
// n8 accumulator tiles): 32 mma per 8 ldmatrix.x4 instead of 8 per 3. 76 KB of dynamic shared
// memory (over the 48 KB default: cudaFuncSetAttribute).
#include "ladder_kernels.cuh"
#include "ladder_mainloop.cuh"

extern "C" __global__ void __launch_bounds__(fragviz::gate::kTile128.threads())
    fragviz_gate_tile_128(const __half* a, const __half* b, float* c, int n) {
  fragviz::gate::ladder::matmul_block<fragviz::gate::kTile128>(a, b, c, n);
}

namespace fragviz::gate::ladder {
GateKernel tile_128_kernel() {
  return rung_kernel<kTile128>(GateVariant::tile_128, FRAGVIZ_GATE_KERNEL_SYMBOL(fragviz_gate_tile_128));
}
}  // namespace fragviz::gate::ladder
