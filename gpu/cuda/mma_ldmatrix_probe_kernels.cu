// The through-ldmatrix tensor-core probe kernel (mma_probe_kernels.hpp, launch_mma_ldmatrix_probe):
// images in, registers out. One template over the catalogue index, as mma_probe_kernels.cu: every
// address and image comes from the host (fragviz/probe/ldmatrix_feed.hpp), the kernel only copies,
// issues ldmatrix and the instruction's PTX wrapper (mma_wrappers.cuh), and writes what came back.
#include <cuda_runtime.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/catalogue_table.hpp"
#include "fragviz/isa/fragment.hpp"
#include "mma_probe_kernels.hpp"
#include "mma_wrappers.cuh"
#include "ptx.cuh"

namespace fragviz::cuda {
namespace {

/// Whether an operand of `in` could be loaded by one ldmatrix at all: at most 32-bit elements,
/// one product, 1, 2 or 4 registers. Entries with neither operand so get no kernel (the host's
/// model decides which of the others really have a form).
constexpr bool loadable(const Instruction& in, Operand op) {
  const int w = words_per_lane(in, op);
  return element_bits(operand_spec(in, op).type) <= 32 && in.products == 1 && (w == 1 || w == 2 || w == 4);
}
template <int Index>
constexpr bool kHasKernel = MmaWrapper<Index>::kAvailable && (loadable(kInstructions[Index], Operand::A) ||
                                                              loadable(kInstructions[Index], Operand::B));

/// Fills r from `addr` with ldmatrix .x<N>, .trans when `trans`; nothing for N outside 1, 2, 4
/// (the launcher never starts those with an image).
template <int N>
__device__ __forceinline__ void load_matrix(std::uint32_t (&r)[N], std::uint32_t addr, bool trans) {
  if constexpr (N == 1 || N == 2 || N == 4) {
    ptx::ldmatrix(r, addr, trans);
  } else {
    (void)r, (void)addr, (void)trans;
  }
}

/// Copies `bytes` (a multiple of 16) from global `src` to shared `dst`, the warp's lanes striding.
__device__ __forceinline__ void copy_image(std::uint8_t* dst, const std::uint8_t* src, std::uint32_t bytes,
                                           int lane) {
  for (std::uint32_t i = static_cast<std::uint32_t>(lane); i < bytes / 16; i += kWarpSize)
    reinterpret_cast<uint4*>(dst)[i] = reinterpret_cast<const uint4*>(src)[i];
}

template <int Index>
__global__ void __launch_bounds__(kWarpSize)
    mma_ldmatrix_probe_kernel(MmaLdmatrixParams p, const std::uint8_t* a_images, const std::uint8_t* b_images,
                              const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c,
                              std::uint32_t* d, std::uint32_t* a_got, std::uint32_t* b_got,
                              std::uint32_t* offsets, int passes) {
  using Wrapper = MmaWrapper<Index>;
  constexpr int kA = Wrapper::kAWords, kB = Wrapper::kBWords, kC = Wrapper::kCWords;
  // Dynamic shared memory: A's image at the first 128-byte boundary, B's at the next one after it.
  extern __shared__ __align__(16) std::uint8_t feed_smem[];
  const int lane = static_cast<int>(threadIdx.x);
  const std::uint32_t raw = ptx::smem_address(feed_smem);
  const std::uint32_t a_base = (raw + 127u) & ~127u;
  const std::uint32_t b_base = a_base + ((p.a_image_bytes + 127u) & ~127u);
  std::uint8_t* sa = feed_smem + (a_base - raw);
  std::uint8_t* sb = feed_smem + (b_base - raw);
  const std::uint32_t a_addr = a_base + p.a_offset[lane], b_addr = b_base + p.b_offset[lane];
  if (p.a_image_bytes) offsets[lane] = a_addr - a_base;
  if (p.b_image_bytes) offsets[kWarpSize + lane] = b_addr - b_base;
#pragma unroll 1  // one mma per iteration, uniform across the warp as mma.sync.aligned requires
  for (int pass = 0; pass < passes; ++pass) {
    const std::size_t slot = static_cast<std::size_t>(pass) * kWarpSize + static_cast<std::size_t>(lane);
    __syncwarp();  // the previous pass's loads are done before its images are overwritten
    copy_image(sa, a_images + static_cast<std::size_t>(pass) * p.a_image_bytes, p.a_image_bytes, lane);
    copy_image(sb, b_images + static_cast<std::size_t>(pass) * p.b_image_bytes, p.b_image_bytes, lane);
    __syncwarp();
    std::uint32_t ra[kA], rb[kB], rc[kC], rd[kC] = {};
    if (p.a_image_bytes) {
      load_matrix<kA>(ra, a_addr, p.a_trans != 0);
    } else {
#pragma unroll
      for (int j = 0; j < kA; ++j) ra[j] = a[slot * kA + j];
    }
    if (p.b_image_bytes) {
      load_matrix<kB>(rb, b_addr, p.b_trans != 0);
    } else {
#pragma unroll
      for (int j = 0; j < kB; ++j) rb[j] = b[slot * kB + j];
    }
#pragma unroll
    for (int j = 0; j < kC; ++j) rc[j] = c[slot * kC + j];
    Wrapper::run(rd, ra, rb, rc);
#pragma unroll
    for (int j = 0; j < kA; ++j) a_got[slot * kA + j] = ra[j];
#pragma unroll
    for (int j = 0; j < kB; ++j) b_got[slot * kB + j] = rb[j];
#pragma unroll
    for (int j = 0; j < kC; ++j) d[slot * kC + j] = rd[j];
  }
}

// [SECTION] dispatch ------------------------------------------------------------------------------

using Launch = cudaError_t (*)(const MmaLdmatrixParams&, const std::uint8_t*, const std::uint8_t*,
                               const std::uint32_t*, const std::uint32_t*, const std::uint32_t*,
                               std::uint32_t*, std::uint32_t*, std::uint32_t*, std::uint32_t*, int,
                               cudaStream_t);

struct Entry {
  const void* kernel;  ///< nullptr: no kernel for this index
  bool a_loadable, b_loadable;
  Launch launch;
};

template <int Index>
cudaError_t launch_one(const MmaLdmatrixParams& p, const std::uint8_t* ai, const std::uint8_t* bi,
                       const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c,
                       std::uint32_t* d, std::uint32_t* ag, std::uint32_t* bg, std::uint32_t* off, int passes,
                       cudaStream_t stream) {
  if constexpr (kHasKernel<Index>) {
    const std::size_t smem = 128 + ((p.a_image_bytes + 127u) & ~127u) + p.b_image_bytes;
    mma_ldmatrix_probe_kernel<Index>
        <<<1, kWarpSize, smem, stream>>>(p, ai, bi, a, b, c, d, ag, bg, off, passes);
    return cudaGetLastError();
  } else {
    (void)p, (void)ai, (void)bi, (void)a, (void)b, (void)c, (void)d, (void)ag, (void)bg, (void)off,
        (void)passes, (void)stream;
    return cudaErrorNotSupported;
  }
}

template <int Index>
Entry make_entry() {
  const Instruction& in = kInstructions[Index];
  if constexpr (kHasKernel<Index>)
    return Entry{reinterpret_cast<const void*>(&mma_ldmatrix_probe_kernel<Index>), loadable(in, Operand::A),
                 loadable(in, Operand::B), &launch_one<Index>};
  else
    return Entry{nullptr, false, false, &launch_one<Index>};
}

template <std::size_t... I>
std::array<Entry, sizeof...(I)> make_entries(std::index_sequence<I...>) {
  return {{make_entry<static_cast<int>(I)>()...}};
}

const std::array<Entry, kInstructionCount>& entries() {
  static const std::array<Entry, kInstructionCount> table =
      make_entries(std::make_index_sequence<static_cast<std::size_t>(kInstructionCount)>{});
  return table;
}

}  // namespace

cudaError_t launch_mma_ldmatrix_probe(int index, const MmaLdmatrixParams& params,
                                      const std::uint8_t* a_images, const std::uint8_t* b_images,
                                      const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c,
                                      std::uint32_t* d, std::uint32_t* a_got, std::uint32_t* b_got,
                                      std::uint32_t* offsets, int passes, cudaStream_t stream) {
  if (index < 0 || index >= kInstructionCount || passes < 0) return cudaErrorInvalidValue;
  const Entry& e = entries()[static_cast<std::size_t>(index)];
  if (e.kernel == nullptr || (params.a_image_bytes && !e.a_loadable) ||
      (params.b_image_bytes && !e.b_loadable))
    return cudaErrorNotSupported;
  for (std::uint32_t bytes : {params.a_image_bytes, params.b_image_bytes})
    if (bytes % 16 != 0 || bytes > kMaxMmaLdmatrixImageBytes) return cudaErrorInvalidValue;
  // As launch_mma_probe: code below the entry's min_sm has an empty wrapper, refused like none.
  cudaFuncAttributes attr{};
  const cudaError_t query = cudaFuncGetAttributes(&attr, e.kernel);
  if (query != cudaSuccess) return query;
  if (attr.ptxVersion < kInstructions[index].min_sm) return cudaErrorNotSupported;
  if (passes == 0) return cudaSuccess;
  if (!a || !b || !c || !d || !a_got || !b_got || !offsets || (params.a_image_bytes && !a_images) ||
      (params.b_image_bytes && !b_images))
    return cudaErrorInvalidValue;
  return e.launch(params, a_images, b_images, a, b, c, d, a_got, b_got, offsets, passes, stream);
}

cudaError_t preload_mma_ldmatrix_probe_kernels() {
  cudaFuncAttributes attr{};
  for (const Entry& e : entries()) {
    if (!e.kernel) continue;
    const cudaError_t err = cudaFuncGetAttributes(&attr, e.kernel);
    if (err != cudaSuccess) return err;
  }
  return cudaSuccess;
}

}  // namespace fragviz::cuda
