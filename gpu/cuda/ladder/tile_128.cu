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
LadderKernel tile_128_kernel() {
  return LadderKernel{reinterpret_cast<const void*>(fragviz_gate_tile_128), grid_for<kTile128>, kTile128};
}
}  // namespace fragviz::gate::ladder
