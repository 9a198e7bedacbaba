// Test input: the entry takes a long n, not the contract's int n.
#include <cuda_fp16.h>

extern "C" __global__ void wrong_signature(const __half* A, const __half* B, float* C, long n) {
  C[0] = __half2float(A[0]) + __half2float(B[0]) + static_cast<float>(n);
}
