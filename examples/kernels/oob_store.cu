// A user kernel that FAULTS ON PURPOSE (docs/user-kernels.md): it computes C correctly but stores
// row `row` at row * n * n instead of row * n, up to n^3 floats past the start of C. At n = 2048
// (the default) that is 32 GB of stray addresses and the H200 stops it: the gate reported
// cudaErrorInvalidAddressSpace (2026-12-01). At small n the stray stores can land in memory that is
// mapped, and no fault comes (seen at n = 256): use n >= 2048. The process that runs it is the
// kernel runner's, never the app's or fragviz-cli's.
//
// Launch: --block 16,16 --grid n/16,n/16.
#include <cuda_fp16.h>

extern "C" __global__ void oob_store(const __half* A, const __half* B, float* C, int n) {
  const int row = blockIdx.y * 16 + threadIdx.y, col = blockIdx.x * 16 + threadIdx.x;
  float sum = 0;
  for (int k = 0; k < n; ++k)
    sum = fmaf(__half2float(A[static_cast<size_t>(row) * n + k]),
               __half2float(B[static_cast<size_t>(k) * n + col]), sum);
  C[static_cast<size_t>(row) * n * n + col] = sum;  // the bug: row * n
}
