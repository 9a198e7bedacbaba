// The layout probe kernel: the user's tile, written and read through their own layouts, one
// warp's load through the real instruction. One warp, one launch; the host judges every bit.
#include <cuda_runtime.h>

#include <cstdint>

#include "layout_probe_kernels.hpp"
#include "ptx.cuh"

namespace fragviz::cuda {
namespace {

enum class Load { x1, x2, x4, x1t, x2t, x4t, lds32, lds64, lds128 };

template <Load L>
constexpr int kWords = L == Load::x1 || L == Load::x1t || L == Load::lds32   ? 1
                       : L == Load::x2 || L == Load::x2t || L == Load::lds64 ? 2
                                                                             : 4;

template <Load L>
__device__ __forceinline__ void load(std::uint32_t (&r)[kWords<L>], std::uint32_t addr) {
  if constexpr (L == Load::x1) ptx::ldmatrix<1, false>(r, addr);
  if constexpr (L == Load::x2) ptx::ldmatrix<2, false>(r, addr);
  if constexpr (L == Load::x4) ptx::ldmatrix<4, false>(r, addr);
  if constexpr (L == Load::x1t) ptx::ldmatrix<1, true>(r, addr);
  if constexpr (L == Load::x2t) ptx::ldmatrix<2, true>(r, addr);
  if constexpr (L == Load::x4t) ptx::ldmatrix<4, true>(r, addr);
  if constexpr (L == Load::lds32) ptx::ld_shared_b32(r, addr);
  if constexpr (L == Load::lds64) ptx::ld_shared_v2_b32(r, addr);
  if constexpr (L == Load::lds128) ptx::ld_shared_v4_b32(r, addr);
}

template <Load L>
__global__ void layout_probe_kernel(LayoutProbeArgs args, LayoutProbeOut* out) {
  extern __shared__ __align__(16) std::uint8_t layout_smem[];
  const int lane = static_cast<int>(threadIdx.x);
  // The tile starts on a 128-byte boundary, so banks of offsets equal banks of addresses.
  const std::uint32_t raw_base = ptx::smem_address(layout_smem);
  const std::uint32_t base = (raw_base + 127u) & ~127u;
  std::uint8_t* tile = layout_smem + (base - raw_base);

  for (std::uint32_t i = static_cast<std::uint32_t>(lane); i < args.tile_bytes / 4; i += 32)
    reinterpret_cast<std::uint32_t*>(tile)[i] = 0u;
  __syncwarp();
  // One writer in row-major order: where the write layout overlaps elements, the later one stays,
  // as tile_byte_owners says. Labels little-endian in the element's own bytes.
  if (lane == 0) {
    const TileMap& w = args.write;
    for (int r = 0; r < w.rows; ++r)
      for (int c = 0; c < w.cols; ++c) {
        const std::uint64_t label =
            static_cast<std::uint64_t>(r) * static_cast<std::uint64_t>(w.cols) + c + 1;
        const std::int64_t at = element_byte_offset(w, r, c);
        for (int k = 0; k < w.element_bytes; ++k) tile[at + k] = static_cast<std::uint8_t>(label >> (8 * k));
      }
  }
  __syncwarp();

  const std::int64_t offset =
      args.lane_row[lane] < 0 ? 0 : element_byte_offset(args.read, args.lane_row[lane], args.lane_col[lane]);
  const std::uint32_t addr = ptx::smem_address(tile + offset);
  std::uint32_t r[kWords<L>];
  load<L>(r, addr);
  for (int k = 0; k < 4; ++k) out->words[lane][k] = k < kWords<L> ? r[k] : 0u;
  out->offsets[lane] = addr - base;

  // Timed loop as the ldmatrix probe's (probe_kernels.cu): 8 loads in flight, none mergeable.
  std::uint32_t acc = 0;
  long long cycles = 0;
  if (args.iterations > 0) {
    std::uint32_t t[8][kWords<L>];
    __syncwarp();
    const long long start = clock64();
    for (int i = 0; i < args.iterations; i += 8) {
#pragma unroll
      for (int u = 0; u < 8; ++u) load<L>(t[u], addr + static_cast<std::uint32_t>(i + u) * args.zero);
#pragma unroll
      for (int u = 0; u < 8; ++u)
#pragma unroll
        for (int j = 0; j < kWords<L>; ++j) acc ^= t[u][j];
    }
    cycles = clock64() - start;
  }
  for (int delta = 16; delta > 0; delta /= 2) acc ^= __shfl_xor_sync(0xFFFFFFFFu, acc, delta);
  if (lane == 0) {
    out->sink = acc;
    out->cycles = cycles;
  }
}

template <Load L>
cudaError_t launch(const LayoutProbeArgs* args, std::uint32_t tile_bytes, LayoutProbeOut* out,
                   cudaStream_t s) {
  layout_probe_kernel<L><<<1, 32, tile_bytes + 128, s>>>(*args, out);
  return cudaGetLastError();
}

template <Load L>
cudaError_t allow(std::uint32_t bytes) {
  return cudaFuncSetAttribute(layout_probe_kernel<L>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                              static_cast<int>(bytes));
}

}  // namespace

cudaError_t launch_layout_probe(SharedOp op, LdmatrixConfig c, const LayoutProbeArgs* args,
                                std::uint32_t tile_bytes, LayoutProbeOut* out, cudaStream_t stream) {
  switch (op) {
    case SharedOp::ldmatrix:
      if (c.num == LdmNum::x1)
        return c.trans ? launch<Load::x1t>(args, tile_bytes, out, stream)
                       : launch<Load::x1>(args, tile_bytes, out, stream);
      if (c.num == LdmNum::x2)
        return c.trans ? launch<Load::x2t>(args, tile_bytes, out, stream)
                       : launch<Load::x2>(args, tile_bytes, out, stream);
      return c.trans ? launch<Load::x4t>(args, tile_bytes, out, stream)
                     : launch<Load::x4>(args, tile_bytes, out, stream);
    case SharedOp::lds32:
      return launch<Load::lds32>(args, tile_bytes, out, stream);
    case SharedOp::lds64:
      return launch<Load::lds64>(args, tile_bytes, out, stream);
    case SharedOp::lds128:
      return launch<Load::lds128>(args, tile_bytes, out, stream);
    default:
      return cudaErrorInvalidValue;
  }
}

cudaError_t allow_layout_probe_smem(std::uint32_t bytes) {
  for (cudaError_t e : {allow<Load::x1>(bytes), allow<Load::x2>(bytes), allow<Load::x4>(bytes),
                        allow<Load::x1t>(bytes), allow<Load::x2t>(bytes), allow<Load::x4t>(bytes),
                        allow<Load::lds32>(bytes), allow<Load::lds64>(bytes), allow<Load::lds128>(bytes)})
    if (e != cudaSuccess) return e;
  return cudaSuccess;
}

}  // namespace fragviz::cuda
