// Test input: a C++ kernel (mangled name), not extern "C": its name is not found as an entry.
#include <cuda_fp16.h>

__global__ void cxx_kernel(const __half* A, const __half* B, float* C, int n) {
  C[0] = __half2float(A[0]) + __half2float(B[0]) + static_cast<float>(n);
}
