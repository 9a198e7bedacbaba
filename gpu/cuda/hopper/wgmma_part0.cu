// Part 0 of the wgmma probe kernels: catalogue entries [0 * kWgmmaPartSize, ...) (see wgmma_kernels.cuh).
#include "wgmma_kernels.cuh"

static_assert(fragviz::cuda::kWgmmaOps <= 3 * fragviz::cuda::kWgmmaPartSize, "add a wgmma_part file");

FRAGVIZ_WGMMA_PART(0)
