// Rung 7 of the gate's ladder: the stream-K rung (stream_k.cuh) as it ships, the instantiation
// kStreamKShipped of stream_k.hpp's candidates (`fragviz-cli bench --sweep` times them all).
#include "stream_k.cuh"

extern "C" __global__ void __launch_bounds__(fragviz::gate::kStreamK.tile.threads(),
                                             fragviz::gate::kStreamK.blocks_per_sm)
    fragviz_gate_stream_k(const __half* a, const __half* b, float* c, int n, float* partials,
                          unsigned* flags) {
  fragviz::gate::ladder::stream_k_matmul<fragviz::gate::kStreamKShipped>(a, b, c, n, partials, flags);
}

namespace fragviz::gate::ladder {
GateKernel stream_k_kernel() {
  return stream_k_kernel_record<kStreamKShipped>(GateVariant::stream_k,
                                                 FRAGVIZ_GATE_KERNEL_SYMBOL(fragviz_gate_stream_k));
}
}  // namespace fragviz::gate::ladder
