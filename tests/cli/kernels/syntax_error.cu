// Test input: line 5 uses an undeclared name (tests/cli/test_user_kernel.sh expects ":5: error").
#include <cuda_fp16.h>

extern "C" __global__ void broken(const __half* A, const __half* B, float* C, int n) {
  C[0] = __half2float(A[0]) + undeclared_name;
}
