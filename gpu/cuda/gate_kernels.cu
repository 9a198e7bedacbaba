// The gate's kernels: the seed's mma.sync matmul and its variants, the input generator, the
// CUDA-core reference, the exact comparison and the spot-check gather.
//
// Every kernel is extern "C" so ptxas -v names it plainly (gpu/cuda/build.cmake captures those
// lines at build time). Compiles for sm_75 alone: the m16n8k16 path is guarded by
// __CUDA_ARCH__ >= 800 and refused on the host below sm_80. The ladder's kernels (rungs 2-6) live
// in gpu/cuda/ladder/, the Hopper rungs' in gpu/cuda/hopper/gate_wgmma.cu; each file registers
// its kernels' GateKernel records (gate_kernel.cuh), which gate_kernels() collects here.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <iterator>
#include <vector>

#include "fragviz/device/gate_kernels.hpp"
#include "fragviz/gate/gate_geometry.hpp"
#include "fragviz/gate/gate_host.hpp"
#include "fragviz/isa/catalogue_table.hpp"
#include "fragviz/isa/fragment.hpp"
#include "gate_kernels.cuh"
#include "hopper/gate_wgmma.cuh"
#include "ladder/ladder_kernels.cuh"
#include "ptx.cuh"

namespace fragviz::gate {
namespace {

using namespace fragviz::ptx;

// [SECTION] The mma.sync matmul ------------------------------------------------------------------

// Block tile 64 x 64 of C, 32 deep in k; 8 warps arranged 4 (M) x 2 (N), each owning a 16 x 32 slab
// of output = four m16n8 accumulator tiles. The numbers come from the seed's TileConfig, which the
// variant table shows (gate_geometry.hpp); the code below is written for exactly this tiling.
constexpr TileConfig kSeed = kSeedK8;
constexpr int kBlockM = kSeed.block_m;
constexpr int kBlockN = kSeed.block_n;
constexpr int kBlockK = kSeed.block_k;
constexpr int kThreads = kSeed.threads();
static_assert(kBlockM == 64 && kBlockN == 64 && kBlockK == 32 && kSeed.warps_m == 4 && kSeed.warps_n == 2,
              "the seed kernel's index arithmetic assumes this tiling");
static_assert(kSeedK16.block_m == kBlockM && kSeedK16.block_n == kBlockN && kSeedK16.block_k == kBlockK &&
                  kSeedK16.pad == kSeed.pad,
              "ldmatrix-k16 shares the seed's tiles");

// Pad of 8 halves (16 bytes) per shared row. ldmatrix needs every row start 16-byte aligned ("a
// group of four consecutive threads loads 16 bytes. The matrix addresses must be naturally
// aligned", PTX ISA ldmatrix), so a one-element pad (2 bytes) is illegal. With 8 halves the row
// strides are 80 bytes (A) and 144 bytes (B): the 8 row addresses of each 8x8 matrix land 20 and
// 4 banks apart, all 32 banks distinct, so every ldmatrix phase is one wavefront.
constexpr int kPad = kSeed.pad;
constexpr int kLdA = kSeed.lda();  // A tile: 64 rows (m) x 32 halves (k), stride 40 halves
constexpr int kLdB = kSeed.ldb();  // B tile: 32 rows (k) x 64 halves (n), stride 72 halves
static_assert(kPad == 8 && kSeed.smem == SmemArrangement::padded, "the comment above");

enum class Kind { ldmatrix_k8, scalar_b_k8, ldmatrix_k16, broken_swap_b };

/// The catalogue entry each kernel issues: its B and C/D fragment maps below come from there, the
/// one definition the probes, views and tests use.
template <Kind K>
constexpr int kInstructionIndex = instruction_index(mma_mnemonic(K == Kind::ldmatrix_k16 ? kSeedK16
                                                                                         : kSeedK8));

/// True when every lane's C/D elements 2p and 2p+1 sit side by side in one row (so the epilogue
/// may store them as one float2).
FRAGVIZ_HD constexpr bool accumulator_pairs_adjacent(const OperandSpec& c, int elements) {
  for (int lane = 0; lane < kWarpSize; ++lane)
    for (int e = 0; e + 1 < elements; e += 2) {
      const Coord lo = operand_coord(c, lane, e), hi = operand_coord(c, lane, e + 1);
      if (hi.row != lo.row || hi.col != lo.col + 1 || lo.col % 2 != 0) return false;
    }
  return true;
}

__device__ __forceinline__ std::uint32_t pack_halves(__half lo, __half hi) {
  // The lower-numbered fragment element sits in the low 16 bits of an .f16x2 register.
  const __half2 h = __halves2half2(lo, hi);
  return *reinterpret_cast<const std::uint32_t*>(&h);
}

/// One 64x64 block of C = A x B; A (n x n, row-major), B (n x n, row-major, K x N), C row-major.
template <Kind kKind>
__device__ __forceinline__ void matmul_block(const __half* __restrict__ a, const __half* __restrict__ b,
                                             float* __restrict__ c, int n) {
  static_assert(kInstructionIndex<kKind> >= 0, "the gate's instruction is in the catalogue");
  constexpr OperandSpec kBFrag = kInstructions[kInstructionIndex<kKind>].b;
  constexpr OperandSpec kCFrag = kInstructions[kInstructionIndex<kKind>].c;
  static_assert(kCFrag.rows == 16 && kCFrag.cols == 8, "one 16x8 accumulator tile per mma");
  static_assert(accumulator_pairs_adjacent(kCFrag, 4), "the float2 epilogue needs (c0,c1), (c2,c3) adjacent");
  __shared__ __align__(16) __half tile_a[kBlockM * kLdA];
  __shared__ __align__(16) __half tile_b[kBlockK * kLdB];

  const int tid = static_cast<int>(threadIdx.x);
  const int lane = tid % 32;
  const int warp = tid / 32;
  const int warp_m = warp % 4;  // rows warp_m*16 .. +15 of the block
  const int warp_n = warp / 4;  // cols warp_n*32 .. +31 of the block
  const int block_row = static_cast<int>(blockIdx.y) * kBlockM;
  const int block_col = static_cast<int>(blockIdx.x) * kBlockN;
  const std::size_t un = static_cast<std::size_t>(n);

  // Global -> shared copies: each thread moves one uint4 (8 halves) of A and one of B per k step.
  const int a_row = tid / 4, a_chunk = tid % 4;  // 64 rows x 4 chunks
  const int b_row = tid / 8, b_chunk = tid % 8;  // 32 rows x 8 chunks
  const __half* a_src = a + (block_row + a_row) * un + a_chunk * 8;
  const __half* b_src = b + b_row * un + block_col + b_chunk * 8;
  uint4* a_dst = reinterpret_cast<uint4*>(&tile_a[a_row * kLdA + a_chunk * 8]);
  uint4* b_dst = reinterpret_cast<uint4*>(&tile_b[b_row * kLdB + b_chunk * 8]);

  // Row-start addresses the lanes hand to ldmatrix. A: lane l addresses row l % 16 of the warp's 16
  // (x2 uses lanes 0-15; the rest repeat them, valid as sm_75 requires), k16 adds (l / 16) * 8
  // columns for matrices 2 and 3. B k8: lane l addresses k row l % 8 of 8x8 tile l / 8.
  // B k16: k row l % 16 (two k halves) of n tile pair member l / 16.
  const int col_base = warp_n * 32;
  const __half* a_ld =
      &tile_a[(warp_m * 16 + lane % 16) * kLdA + (kKind == Kind::ldmatrix_k16 ? (lane / 16) * 8 : 0)];
  const __half* b_ld = kKind == Kind::ldmatrix_k16 ? &tile_b[(lane % 16) * kLdB + col_base + (lane / 16) * 8]
                                                   : &tile_b[(lane % 8) * kLdB + col_base + (lane / 8) * 8];

  float acc[4][4] = {};
  for (int k0 = 0; k0 < n; k0 += kBlockK) {
    *a_dst = *reinterpret_cast<const uint4*>(a_src + k0);
    *b_dst = *reinterpret_cast<const uint4*>(b_src + k0 * un);
    __syncthreads();  // tiles complete before any warp reads them

    if constexpr (kKind == Kind::ldmatrix_k16) {
#pragma unroll
      for (int ks = 0; ks < kBlockK; ks += 16) {
        std::uint32_t af[4];
        ldmatrix_x4(af[0], af[1], af[2], af[3], smem_address(a_ld + ks));
        std::uint32_t bf[4][2];  // [n tile][k half]
#pragma unroll
        for (int p = 0; p < 2; ++p) {
          // Matrices: (k 0-7, tile 2p), (k 8-15, tile 2p), (k 0-7, tile 2p+1), (k 8-15, tile 2p+1).
          ldmatrix_x4_trans(bf[2 * p][0], bf[2 * p][1], bf[2 * p + 1][0], bf[2 * p + 1][1],
                            smem_address(b_ld + ks * kLdB + p * 16));
        }
#pragma unroll
        for (int j = 0; j < 4; ++j) mma_m16n8k16(acc[j], af, bf[j], acc[j]);
      }
    } else {
#pragma unroll
      for (int ks = 0; ks < kBlockK; ks += 8) {
        std::uint32_t af[2];
        ldmatrix_x2(af[0], af[1], smem_address(a_ld + ks));
        std::uint32_t bf[4][1];
        if constexpr (kKind == Kind::scalar_b_k8) {
          // The seed's exercise: lane l fetches its B elements b0, b1 (the catalogue's (k, n) of
          // each) of each 8x8 tile with plain 2-byte loads: each warp-wide load reads one column
          // of a 72-halves-wide tile.
          const Coord b0 = operand_coord(kBFrag, lane, 0), b1 = operand_coord(kBFrag, lane, 1);
#pragma unroll
          for (int j = 0; j < 4; ++j) {
            const __half* tile = &tile_b[ks * kLdB + col_base + j * 8];
            bf[j][0] = pack_halves(tile[b0.row * kLdB + b0.col], tile[b1.row * kLdB + b1.col]);
          }
        } else {
          ldmatrix_x4_trans(bf[0][0], bf[1][0], bf[2][0], bf[3][0], smem_address(b_ld + ks * kLdB));
        }
        if constexpr (kKind == Kind::broken_swap_b) {
          // DELIBERATELY WRONG, for the gate to catch: n tiles 1 and 2 get each other's B
          // fragment, so output columns 8-15 of every 32 hold A x B[:, col + 8] and columns 16-23
          // hold A x B[:, col - 8].
          const std::uint32_t tmp = bf[1][0];
          bf[1][0] = bf[2][0];
          bf[2][0] = tmp;
        }
#pragma unroll
        for (int j = 0; j < 4; ++j) mma_m16n8k8(acc[j], af, bf[j], acc[j]);
      }
    }
    __syncthreads();  // every warp done reading before the next copy overwrites the tiles
  }

  // C/D fragment: each element where the catalogue's C/D map puts it, in pairs (c0,c1), (c2,c3)
  // stored as float2 (adjacent, checked above).
#pragma unroll
  for (int e = 0; e < 4; e += 2) {
    const Coord at = operand_coord(kCFrag, lane, e);
    const std::size_t row = static_cast<std::size_t>(block_row + warp_m * 16 + at.row);
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      const int col = block_col + col_base + j * 8 + at.col;
      *reinterpret_cast<float2*>(&c[row * un + col]) = make_float2(acc[j][e], acc[j][e + 1]);
    }
  }
}

}  // namespace
}  // namespace fragviz::gate

using fragviz::gate::Kind;
using fragviz::gate::matmul_block;

extern "C" __global__ void __launch_bounds__(256)
    fragviz_gate_ldmatrix_k8(const __half* a, const __half* b, float* c, int n) {
  matmul_block<Kind::ldmatrix_k8>(a, b, c, n);
}

extern "C" __global__ void __launch_bounds__(256)
    fragviz_gate_scalar_b_k8(const __half* a, const __half* b, float* c, int n) {
  matmul_block<Kind::scalar_b_k8>(a, b, c, n);
}

extern "C" __global__ void __launch_bounds__(256)
    fragviz_gate_ldmatrix_k16(const __half* a, const __half* b, float* c, int n) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  matmul_block<Kind::ldmatrix_k16>(a, b, c, n);
#else
  // m16n8k16 needs sm_80 (PTX ISA, mma "Target ISA notes"); the host refuses it before launch.
  (void)a, (void)b, (void)c, (void)n;
#endif
}

extern "C" __global__ void __launch_bounds__(256)
    fragviz_gate_broken_swap_b(const __half* a, const __half* b, float* c, int n) {
  matmul_block<Kind::broken_swap_b>(a, b, c, n);
}

namespace fragviz::gate {
namespace {

/// The seed's grid: one block per 64 x 64 tile of C, as (cols, rows).
dim3 seed_grid(int n) { return dim3(static_cast<unsigned>(n / kBlockN), static_cast<unsigned>(n / kBlockM)); }

/// The seed's four kernels' records: static shared tiles, the same grid and block.
GateKernel seed_kernel(GateVariant v, const void* kernel, const char* name) {
  return GateKernel{v, kernel, name, kThreads, 0, seed_grid, launch_plain};
}
const GateKernel kSeedKernels[] = {
    seed_kernel(GateVariant::ldmatrix_k8, FRAGVIZ_GATE_KERNEL_SYMBOL(fragviz_gate_ldmatrix_k8)),
    seed_kernel(GateVariant::scalar_b_k8, FRAGVIZ_GATE_KERNEL_SYMBOL(fragviz_gate_scalar_b_k8)),
    seed_kernel(GateVariant::ldmatrix_k16, FRAGVIZ_GATE_KERNEL_SYMBOL(fragviz_gate_ldmatrix_k16)),
    seed_kernel(GateVariant::broken_swap_b, FRAGVIZ_GATE_KERNEL_SYMBOL(fragviz_gate_broken_swap_b)),
};

}  // namespace
}  // namespace fragviz::gate

// [SECTION] Inputs, reference, comparison --------------------------------------------------------

/// a, b = the seeded gate inputs as fp16, grid-stride over n*n elements.
extern "C" __global__ void fragviz_gate_generate(__half* a, __half* b, unsigned long long count,
                                                 unsigned long long seed) {
  using fragviz::GateMatrix;
  for (unsigned long long i = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x;
       i < count; i += static_cast<unsigned long long>(gridDim.x) * blockDim.x) {
    a[i] = __ushort_as_half(
        fragviz::half_bits_of_quarters(fragviz::gate_input_quarters(seed, GateMatrix::A, i)));
    b[i] = __ushort_as_half(
        fragviz::half_bits_of_quarters(fragviz::gate_input_quarters(seed, GateMatrix::B, i)));
  }
}

namespace {
constexpr int kRefTile = 64;  // 64 x 64 outputs per block, 4 x 4 per thread
constexpr int kRefK = 16;
}  // namespace

/// r = a x b on CUDA cores in fp32. Plain shared-memory tiling; no tensor core and nothing from
/// the kernels under test. Exact for gate inputs (see gate_host.hpp), so the summation order does
/// not matter.
extern "C" __global__ void __launch_bounds__(256)
    fragviz_gate_reference(const __half* a, const __half* b, float* r, int n) {
  __shared__ float as[kRefK][kRefTile + 1];  // as[k][m]: A tile stored transposed
  __shared__ float bs[kRefK][kRefTile];      // bs[k][n]
  const int tid = static_cast<int>(threadIdx.x);
  const int tx = tid % 16, ty = tid / 16;  // thread owns rows ty + 16i, cols tx + 16j
  const std::size_t un = static_cast<std::size_t>(n);
  const std::size_t row0 = static_cast<std::size_t>(blockIdx.y) * kRefTile;
  const std::size_t col0 = static_cast<std::size_t>(blockIdx.x) * kRefTile;
  float acc[4][4] = {};
  for (int k0 = 0; k0 < n; k0 += kRefK) {
    for (int e = tid; e < kRefTile * kRefK; e += 256) {
      const int m = e / kRefK, k = e % kRefK;
      as[k][m] = __half2float(a[(row0 + m) * un + k0 + k]);
      const int kb = e / kRefTile, nb = e % kRefTile;
      bs[kb][nb] = __half2float(b[(k0 + kb) * un + col0 + nb]);
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < kRefK; ++k) {
      float av[4], bv[4];
#pragma unroll
      for (int i = 0; i < 4; ++i) av[i] = as[k][ty + 16 * i];
#pragma unroll
      for (int j = 0; j < 4; ++j) bv[j] = bs[k][tx + 16 * j];
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(av[i], bv[j], acc[i][j]);
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j) r[(row0 + ty + 16 * i) * un + col0 + tx + 16 * j] = acc[i][j];
}

/// Exact comparison: counts differing elements, tracks the smallest differing index (the first in
/// row-major order) and records up to `capacity` of them in whatever order they are found.
extern "C" __global__ void fragviz_gate_compare(const float* got, const float* want, unsigned long long count,
                                                fragviz::gate::CompareState* state,
                                                fragviz::gate::MismatchRecord* records, unsigned capacity) {
  unsigned long long local_count = 0;
  unsigned long long local_first = ~0ull;
  for (unsigned long long i = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x;
       i < count; i += static_cast<unsigned long long>(gridDim.x) * blockDim.x) {
    const float g = got[i], w = want[i];
    if (g == w) continue;  // NaN never compares equal, so it counts as a mismatch
    ++local_count;
    if (local_first == ~0ull) local_first = i;  // grid-stride: the first this thread sees is its smallest
    // Skip the atomic once the list is full (a broken kernel may differ in millions of elements).
    if (*static_cast<volatile unsigned long long*>(&state->recorded) < capacity) {
      const unsigned long long slot = atomicAdd(&state->recorded, 1ull);
      if (slot < capacity) records[slot] = fragviz::gate::MismatchRecord{i, g, w};
    }
  }
  if (local_count != 0) {
    atomicAdd(&state->count, local_count);
    atomicMin(&state->first, local_first);
  }
}

/// out[i] = r[row, col] of spot-check point i.
extern "C" __global__ void fragviz_gate_gather(const float* r, int n, const int2* points, float* out,
                                               int count) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < count)
    out[i] = r[static_cast<std::size_t>(points[i].x) * static_cast<std::size_t>(n) + points[i].y];
}

// [SECTION] Launchers ---------------------------------------------------------------------------

namespace fragviz::gate {
namespace {

unsigned grid_stride_blocks(std::uint64_t count) {
  const std::uint64_t blocks = (count + 255) / 256;
  return static_cast<unsigned>(blocks < 65536 ? (blocks == 0 ? 1 : blocks) : 65536);
}

}  // namespace

cudaError_t launch_generate(__half* a, __half* b, int n, std::uint64_t seed, cudaStream_t s) {
  const std::uint64_t count = static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n);
  fragviz_gate_generate<<<grid_stride_blocks(count), 256, 0, s>>>(a, b, count, seed);
  return cudaGetLastError();
}

cudaError_t launch_plain(const GateKernel& k, const __half* a, const __half* b, float* c, int n,
                         cudaStream_t s) {
  if (k.dynamic_shared_bytes > 0) {
    const cudaError_t e =
        cudaFuncSetAttribute(k.kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, k.dynamic_shared_bytes);
    if (e != cudaSuccess) return e;
  }
  void* args[] = {&a, &b, &c, &n};
  const cudaError_t e = cudaLaunchKernel(k.kernel, k.grid(n), dim3(static_cast<unsigned>(k.threads)), args,
                                         static_cast<std::size_t>(k.dynamic_shared_bytes), s);
  return e != cudaSuccess ? e : cudaGetLastError();
}

const std::vector<GateKernel>& gate_kernels() {
  static const std::vector<GateKernel> all = [] {
    std::vector<GateKernel> v(std::begin(kSeedKernels), std::end(kSeedKernels));
    for (GateKernel (*rung)() : ladder::kRungs) v.push_back(rung());
    for (const GateKernel& k : cuda::gate_wgmma_kernels()) v.push_back(k);
    return v;
  }();
  return all;
}

const GateKernel* find_gate_kernel(GateVariant v) {
  for (const GateKernel& k : gate_kernels())
    if (k.variant == v) return &k;
  return nullptr;
}

}  // namespace fragviz::gate

namespace fragviz {

std::vector<GateKernelInfo> gate_kernel_registry() {
  std::vector<GateKernelInfo> out;
  for (const gate::GateKernel& k : gate::gate_kernels())
    out.push_back(GateKernelInfo{k.variant, k.name, k.threads, k.dynamic_shared_bytes});
  return out;
}

}  // namespace fragviz

namespace fragviz::gate {

cudaError_t launch_reference(const __half* a, const __half* b, float* r, int n, cudaStream_t s) {
  const dim3 grid(static_cast<unsigned>(n / kRefTile), static_cast<unsigned>(n / kRefTile));
  fragviz_gate_reference<<<grid, 256, 0, s>>>(a, b, r, n);
  return cudaGetLastError();
}

cudaError_t launch_compare(const float* got, const float* want, std::uint64_t count, CompareState* state,
                           MismatchRecord* records, unsigned capacity, cudaStream_t s) {
  fragviz_gate_compare<<<grid_stride_blocks(count), 256, 0, s>>>(got, want, count, state, records, capacity);
  return cudaGetLastError();
}

cudaError_t launch_gather(const float* r, int n, const int2* points, float* out, int count, cudaStream_t s) {
  if (count <= 0) return cudaSuccess;
  fragviz_gate_gather<<<static_cast<unsigned>((count + 255) / 256), 256, 0, s>>>(r, n, points, out, count);
  return cudaGetLastError();
}

cudaError_t preload_helper_kernels() {
  cudaFuncAttributes attr{};
  for (const void* k : {reinterpret_cast<const void*>(fragviz_gate_generate),
                        reinterpret_cast<const void*>(fragviz_gate_reference),
                        reinterpret_cast<const void*>(fragviz_gate_compare),
                        reinterpret_cast<const void*>(fragviz_gate_gather)}) {
    const cudaError_t e = cudaFuncGetAttributes(&attr, k);
    if (e != cudaSuccess) return e;
  }
  return cudaSuccess;
}

}  // namespace fragviz::gate
