// Rung 5 of the gate's ladder: rung 4's tiles unpadded and XOR-swizzled (Swizzle<2,3,3> for A's
// 64-byte rows, Swizzle<3,3,4> for B's 256-byte rows): ldmatrix stays conflict-free and the
// cp.async stores, which the pad put 16 bytes off their 128-byte lines, become conflict-free too.
#include "ladder_kernels.cuh"
#include "ladder_mainloop.cuh"

extern "C" __global__ void __launch_bounds__(fragviz::gate::kSwizzleXor.threads())
    fragviz_gate_swizzle_xor(const __half* a, const __half* b, float* c, int n) {
  fragviz::gate::ladder::matmul_block<fragviz::gate::kSwizzleXor>(a, b, c, n);
}

namespace fragviz::gate::ladder {
GateKernel swizzle_xor_kernel() {
  return rung_kernel<kSwizzleXor>(GateVariant::swizzle_xor,
                                  FRAGVIZ_GATE_KERNEL_SYMBOL(fragviz_gate_swizzle_xor));
}
}  // namespace fragviz::gate::ladder
