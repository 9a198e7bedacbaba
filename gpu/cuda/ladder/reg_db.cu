// Rung 6 of the gate's ladder: rung 5 with the A/B fragments double-buffered in registers (the
// next k16 step's ldmatrix overlaps this step's mma) and blocks grouped 8 block rows at a time
// so that concurrently running blocks share their A rows and B columns in L2.
#include "ladder_kernels.cuh"
#include "ladder_mainloop.cuh"

extern "C" __global__ void __launch_bounds__(fragviz::gate::kRegDb.threads())
    fragviz_gate_reg_db(const __half* a, const __half* b, float* c, int n) {
  fragviz::gate::ladder::matmul_block<fragviz::gate::kRegDb>(a, b, c, n);
}

namespace fragviz::gate::ladder {
GateKernel reg_db_kernel() {
  return rung_kernel<kRegDb>(GateVariant::reg_db, FRAGVIZ_GATE_KERNEL_SYMBOL(fragviz_gate_reg_db));
}
}  // namespace fragviz::gate::ladder
