// A user kernel that is WRONG ON PURPOSE, for the gate to catch (docs/user-kernels.md): one thread
// per element of C on CUDA cores, whose k loop stops one short (k < n - 1), so the last column of
// A times the last row of B is never added. Every element where that product is not zero differs.
//
// Launch: --block 16,16 --grid n/16,n/16.
#include <cuda_fp16.h>

extern "C" __global__ void off_by_one_k(const __half* A, const __half* B, float* C, int n) {
  const int row = blockIdx.y * 16 + threadIdx.y, col = blockIdx.x * 16 + threadIdx.x;
  float sum = 0;
  for (int k = 0; k < n - 1; ++k)  // the bug: k < n
    sum = fmaf(__half2float(A[static_cast<size_t>(row) * n + k]),
               __half2float(B[static_cast<size_t>(k) * n + col]), sum);
  C[static_cast<size_t>(row) * n + col] = sum;
}
