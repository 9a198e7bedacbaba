// A CuTe tiled GEMM for sm_80 as CuTe users write it, through `fragviz-cli gate --kernel`
// (docs/user-kernels.md). Needs the CUTLASS/CuTe headers: --cutlass (tools/fetch-cutlass.sh) or -I.
//
//   fragviz-cli gate --kernel examples/kernels/cute_sm80_gemm.cu --entry cute_sm80_gemm --cutlass \
//       --block 128 --grid n/128,n/128
//
// Each block of 128 threads computes a 128 x 128 tile of C over k tiles of 32: A and B go global ->
// shared with cp.async (16 bytes a thread), into Swizzle<3,3,3> layouts, then shared -> registers
// with ldmatrix, then mma.sync m16n8k16 (FP16 in, FP32 accumulate). n must be a multiple of 128
// (the gate allows multiples of 64: at n = 320 the last 64 rows and columns stay unwritten and the
// gate says mismatch). Exact: the gate's inputs are multiples of 0.25 in [-2, 2], so every partial
// sum is a multiple of 1/16 below 2^22 in magnitude and FP32 holds it whatever the order.
//
// The gate's operands in CuTe's terms (CuTe names A as (M,K), B as (N,K), C as (M,N)):
//   A[row * n + k]   A is K-major: (M,K) with stride (n,1)  -> ldmatrix (SM75_U32x4_LDSM_N)
//   B[k * n + col]   B is N-major: (N,K) with stride (1,n)  -> ldmatrix.trans (SM75_U16x8_LDSM_T)
//   C[row * n + col] C is N-major: (M,N) with stride (n,1), FP32
// The layouts and copies follow CUTLASS's examples/cute/tutorial/sgemm_sm80.cu (gemm_tn's A,
// gemm_nt's B), with one k tile in shared memory at a time instead of its 3-stage pipeline.
#include <cuda_fp16.h>

#include <cute/tensor.hpp>

namespace {

using namespace cute;

using T = half_t;  // cute::half_t: the same 16 bits as __half

// The CTA tile: 128 x 128 of C, k in steps of 32.
using BM = _128;
using BN = _128;
using BK = _32;

// Shared memory, A: 128 x 32, K-major (rows of 32 halves, 64 bytes). Swizzle<3,3,3> XORs the
// row pair into the 16-byte chunk, so the 8 rows one ldmatrix reads fall in 8 different chunks of
// the 128-byte bank line, and each 16-byte chunk stays whole for cp.async and ldmatrix.
using SmemLayoutA = decltype(tile_to_shape(
    composition(Swizzle<3, 3, 3>{}, Layout<Shape<_8, BK>, Stride<BK, _1>>{}), Shape<BM, BK>{}));
// Shared memory, B: 128 x 32, N-major (64 columns of n contiguous per k), as sgemm_sm80's gemm_nt.
using SmemLayoutB = decltype(tile_to_shape(
    composition(Swizzle<3, 3, 3>{}, Layout<Shape<_64, _8>, Stride<_1, _64>>{}), Shape<BN, BK>{}));

// Global -> shared: 128 threads, 8 halves (16 bytes) each per cp.async.
// A: threads 32 x 4 along (m, k), k fastest; each copies 1 x 8 along k.
using GmemCopyA =
    decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, T>{},
                             Layout<Shape<_32, _4>, Stride<_4, _1>>{}, Layout<Shape<_1, _8>>{}));
// B: threads 16 x 8 along (n, k), n fastest; each copies 8 x 1 along n.
using GmemCopyB = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, T>{},
                                           Layout<Shape<_16, _8>>{}, Layout<Shape<_8, _1>>{}));

// 2 x 2 warps of mma.sync.m16n8k16.row.col.f32.f16.f16.f32; Tile<32,32,16> makes each warp take
// two n8 atoms side by side, the 32 x 32 x 16 tile that ldmatrix x4 feeds.
using TiledMma = decltype(make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2, _2, _1>>{},
                                         Tile<_32, _32, _16>{}));

// Shared -> registers: ldmatrix for K-major A, ldmatrix.trans for N-major B.
using SmemCopyAtomA = Copy_Atom<SM75_U32x4_LDSM_N, T>;
using SmemCopyAtomB = Copy_Atom<SM75_U16x8_LDSM_T, T>;

}  // namespace

extern "C" __global__ void __launch_bounds__(128)
    cute_sm80_gemm(const __half* A, const __half* B, float* C, int n) {
  // The whole matrices as CuTe tensors (see the operand table above).
  Tensor mA =
      make_tensor(make_gmem_ptr(reinterpret_cast<const T*>(A)), make_shape(n, n), make_stride(n, _1{}));
  Tensor mB =
      make_tensor(make_gmem_ptr(reinterpret_cast<const T*>(B)), make_shape(n, n), make_stride(_1{}, n));
  Tensor mC = make_tensor(make_gmem_ptr(C), make_shape(n, n), make_stride(n, _1{}));

  // This block's tiles: blockIdx.y picks the 128 rows of C, blockIdx.x the 128 columns.
  auto cta_tiler = Shape<BM, BN, BK>{};
  auto cta_coord = make_coord(blockIdx.y, blockIdx.x, _);
  Tensor gA = local_tile(mA, cta_tiler, cta_coord, Step<_1, X, _1>{});  // (BM, BK, k tiles)
  Tensor gB = local_tile(mB, cta_tiler, cta_coord, Step<X, _1, _1>{});  // (BN, BK, k tiles)
  Tensor gC = local_tile(mC, cta_tiler, cta_coord, Step<_1, _1, X>{});  // (BM, BN)

  // 16 KiB of static shared memory (no --smem needed).
  __shared__ alignas(128) T smem_a[cosize_v<SmemLayoutA>];
  __shared__ alignas(128) T smem_b[cosize_v<SmemLayoutB>];
  Tensor sA = make_tensor(make_smem_ptr(smem_a), SmemLayoutA{});  // (BM, BK)
  Tensor sB = make_tensor(make_smem_ptr(smem_b), SmemLayoutB{});  // (BN, BK)

  // Global -> shared, this thread's part.
  ThrCopy g2s_a = GmemCopyA{}.get_slice(threadIdx.x);
  Tensor tAgA = g2s_a.partition_S(gA);  // (CPY, CPY_M, CPY_K, k tiles)
  Tensor tAsA = g2s_a.partition_D(sA);  // (CPY, CPY_M, CPY_K)
  ThrCopy g2s_b = GmemCopyB{}.get_slice(threadIdx.x);
  Tensor tBgB = g2s_b.partition_S(gB);  // (CPY, CPY_N, CPY_K, k tiles)
  Tensor tBsB = g2s_b.partition_D(sB);  // (CPY, CPY_N, CPY_K)

  // The MMA's fragments and the FP32 accumulators.
  TiledMma mma;
  ThrMMA thr_mma = mma.get_slice(threadIdx.x);
  Tensor tCrA = thr_mma.partition_fragment_A(sA);  // (MMA, MMA_M, MMA_K)
  Tensor tCrB = thr_mma.partition_fragment_B(sB);  // (MMA, MMA_N, MMA_K)
  Tensor tCgC = thr_mma.partition_C(gC);           // (MMA, MMA_M, MMA_N)
  Tensor tCrC = thr_mma.make_fragment_C(tCgC);     // (MMA, MMA_M, MMA_N)
  clear(tCrC);

  // Shared -> registers through ldmatrix, retiled to the MMA's fragments.
  TiledCopy s2r_copy_a = make_tiled_copy_A(SmemCopyAtomA{}, mma);
  ThrCopy s2r_a = s2r_copy_a.get_slice(threadIdx.x);
  Tensor tXsA = s2r_a.partition_S(sA);  // (CPY, MMA_M, MMA_K)
  Tensor tXrA = s2r_a.retile_D(tCrA);   // (CPY, MMA_M, MMA_K)
  TiledCopy s2r_copy_b = make_tiled_copy_B(SmemCopyAtomB{}, mma);
  ThrCopy s2r_b = s2r_copy_b.get_slice(threadIdx.x);
  Tensor tXsB = s2r_b.partition_S(sB);  // (CPY, MMA_N, MMA_K)
  Tensor tXrB = s2r_b.retile_D(tCrB);   // (CPY, MMA_N, MMA_K)

  const int k_tiles = size<3>(tAgA);
  for (int kt = 0; kt < k_tiles; ++kt) {
    copy(GmemCopyA{}, tAgA(_, _, _, kt), tAsA);
    copy(GmemCopyB{}, tBgB(_, _, _, kt), tBsB);
    cp_async_fence();
    cp_async_wait<0>();
    __syncthreads();
    CUTE_UNROLL
    for (int kb = 0; kb < size<2>(tCrA); ++kb) {  // the two k16 steps of the 32-wide tile
      copy(s2r_copy_a, tXsA(_, _, kb), tXrA(_, _, kb));
      copy(s2r_copy_b, tXsB(_, _, kb), tXrB(_, _, kb));
      gemm(mma, tCrA(_, _, kb), tCrB(_, _, kb), tCrC);
    }
    __syncthreads();  // every warp is done reading before the next tile overwrites shared memory
  }
  // FP32 accumulators straight to C (the gate's C is FP32).
  copy(tCrC, tCgC);
}
