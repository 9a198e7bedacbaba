// Rung 6, tuned: reg-db with 128x256 blocks of 8 warps, still 64x64 per warp, four stages (96 KB).
// Each block reads its A rows once per 256 output columns instead of 128: half the A traffic from
// L2 per output, and 8 warps per block to hide the barrier.
#include "ladder_kernels.cuh"
#include "ladder_mainloop.cuh"

extern "C" __global__ void __launch_bounds__(fragviz::gate::kRegDb128x256.threads())
    fragviz_gate_reg_db_128x256(const __half* a, const __half* b, float* c, int n) {
  fragviz::gate::ladder::matmul_block<fragviz::gate::kRegDb128x256>(a, b, c, n);
}

namespace fragviz::gate::ladder {
GateKernel reg_db_128x256_kernel() {
  return rung_kernel<kRegDb128x256>(GateVariant::reg_db_128x256,
                                    FRAGVIZ_GATE_KERNEL_SYMBOL(fragviz_gate_reg_db_128x256));
}
}  // namespace fragviz::gate::ladder
