// Test input: a header found only through -I tests/cli/kernels/include (uses_header.cu).
#pragma once
#include <cuda_fp16.h>

__device__ inline float fragviz_test_first(const __half* A) { return __half2float(A[0]); }
