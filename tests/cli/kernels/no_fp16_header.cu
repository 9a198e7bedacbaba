// Test input: the entry with its signature but no #include <cuda_fp16.h> first (newcomer round 31
// followed the app's hint, which gave the signature alone): tests/cli/test_user_kernel.sh expects
// the compile error to name the header.
extern "C" __global__ void no_header(const __half* A, const __half* B, float* C, int n) { C[0] = 0.0f; }
