// Rung 3 of the gate's ladder: rung 2 with four cp.async stages, three k tiles in flight while
// one multiplies (more global latency hidden per block).
#include "ladder_kernels.cuh"
#include "ladder_mainloop.cuh"

extern "C" __global__ void __launch_bounds__(fragviz::gate::kMultistage.threads())
    fragviz_gate_multistage(const __half* a, const __half* b, float* c, int n) {
  fragviz::gate::ladder::matmul_block<fragviz::gate::kMultistage>(a, b, c, n);
}

namespace fragviz::gate::ladder {
GateKernel multistage_kernel() {
  return rung_kernel<kMultistage>(GateVariant::multistage,
                                  FRAGVIZ_GATE_KERNEL_SYMBOL(fragviz_gate_multistage));
}
}  // namespace fragviz::gate::ladder
