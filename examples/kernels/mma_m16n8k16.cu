// A correct user kernel for `fragviz-cli gate --kernel` (docs/user-kernels.md): every warp
// multiplies with mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 (sm_80+), fragments read
// straight from global memory (no shared memory, no ldmatrix: simple, not fast).
//
// Launch: the defaults, --block 128 --grid n/64,n/64. Each block of 4 warps covers a 64 x 64 tile
// of C; warp w covers rows 32*(w/2) .. +32 and cols 32*(w%2) .. +32 as 2 x 4 tiles of 16 x 8.
// Fragment layouts from the PTX ISA, "Matrix Fragments for mma.m16n8k16 with floating point type"
// (g = lane / 4, t = lane % 4):
//   A (16 x 16), 8 halves: row g + 8*((i/2)%2), col 2t + i%2 + 8*(i/4)
//   B (16 x 8),  4 halves: row (k) 2t + i%2 + 8*(i/2), col g
//   C (16 x 8),  4 floats: row g + 8*(i/2), col 2t + i%2
#include <cuda_fp16.h>

namespace {

__device__ unsigned pack(__half lo, __half hi) {
  // An .f16x2 register holds the lower-numbered element in its low 16 bits.
  return static_cast<unsigned>(__half_as_ushort(lo)) | (static_cast<unsigned>(__half_as_ushort(hi)) << 16);
}

}  // namespace

extern "C" __global__ void mma_m16n8k16(const __half* A, const __half* B, float* C, int n) {
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  const int g = lane / 4, t = lane % 4;
  const int row0 = blockIdx.y * 64 + 32 * (warp / 2);
  const int col0 = blockIdx.x * 64 + 32 * (warp % 2);
  float acc[2][4][4] = {};
  for (int k0 = 0; k0 < n; k0 += 16) {
    unsigned a[2][4], b[4][2];
    for (int m = 0; m < 2; ++m) {
      const __half* Am = A + static_cast<size_t>(row0 + 16 * m) * n + k0;
      for (int r = 0; r < 4; ++r) {  // register r holds elements 2r and 2r+1
        const int row = g + 8 * (r % 2), col = 2 * t + 8 * (r / 2);
        a[m][r] = pack(Am[static_cast<size_t>(row) * n + col], Am[static_cast<size_t>(row) * n + col + 1]);
      }
    }
    for (int j = 0; j < 4; ++j) {
      const __half* Bj = B + static_cast<size_t>(k0) * n + col0 + 8 * j + g;
      for (int r = 0; r < 2; ++r) {
        const int k = 2 * t + 8 * r;
        b[j][r] = pack(Bj[static_cast<size_t>(k) * n], Bj[static_cast<size_t>(k + 1) * n]);
      }
    }
    for (int m = 0; m < 2; ++m)
      for (int j = 0; j < 4; ++j) {
        float* d = acc[m][j];
        asm volatile(
            "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
            "{%0,%1,%2,%3};\n"
            : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
            : "r"(a[m][0]), "r"(a[m][1]), "r"(a[m][2]), "r"(a[m][3]), "r"(b[j][0]), "r"(b[j][1]));
      }
  }
  for (int m = 0; m < 2; ++m)
    for (int j = 0; j < 4; ++j)
      for (int i = 0; i < 4; ++i) {
        const int row = row0 + 16 * m + g + 8 * (i / 2), col = col0 + 8 * j + 2 * t + i % 2;
        C[static_cast<size_t>(row) * n + col] = acc[m][j][i];
      }
}
