// Test input: includes a header that only -I tests/cli/kernels/include provides
// (tests/cli/test_user_kernel.sh: compiles with it, "cannot open source file" without).
#include <fragviz_test_header.h>

extern "C" __global__ void uses_header(const __half* A, const __half* B, float* C, int n) {
  C[0] = fragviz_test_first(A);
}
