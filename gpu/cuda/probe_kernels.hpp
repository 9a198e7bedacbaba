// What the probe kernels (probe_kernels.cu) take and return: plain structs the host launcher
// (probes.cpp) fills and decodes, and one launch function per kernel. Kernels only move raw
// bits; naming cells and judging them is host work (fragviz/probe/probe_decode.hpp).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "fragviz/isa/fragment.hpp"
#include "fragviz/isa/ldmatrix.hpp"

namespace fragviz::cuda {

/// ldmatrix instructions timed per job; a multiple of the kernel's unroll (8).
inline constexpr int kTimedLdmatrix = 1024;

/// One ldmatrix probe: one warp, one tile, one address per lane, then the timed loop.
struct LdmatrixJob {
  std::uint32_t lane_offset[32];  ///< byte offset from the tile base each lane passes
  std::uint32_t tile_offset;      ///< byte offset of the tile image in the tiles buffer (16-aligned)
  std::uint32_t tile_bytes;       ///< multiple of 16, at most the launch's max_tile_bytes
  std::int32_t iterations;        ///< timed ldmatrix count, multiple of 8 (0: no timing)
  /// Always 0, but read at run time: the timed loop adds (i * zero) to each address so ptxas
  /// cannot prove the repeated loads identical and merge them (the first device run measured
  /// 0.5 cycles per ldmatrix.x2 without it: the loads had been folded away).
  std::uint32_t zero;
};

struct LdmatrixJobOut {
  std::uint32_t regs[32][4];  ///< raw destination registers, regs[lane][j] = matrix j
  std::uint32_t offsets[32];  ///< address each lane passed minus the tile base (cvta.to.shared)
  std::uint32_t tile_base;    ///< shared-window address of the tile base (128-byte aligned)
  std::uint32_t sink;         ///< xor of the timed loads, so none is dead code
  long long cycles;           ///< clock64() across `iterations` ldmatrix
};

/// Launches the ldmatrix probe for .num/.trans: one warp runs the jobs in order, each with its
/// tile copied into dynamic shared memory (max_tile_bytes + 128 for alignment). Returns the launch
/// error, if any (kernel faults surface at the next synchronising call).
cudaError_t launch_ldmatrix_probe(LdmatrixConfig config, const LdmatrixJob* jobs, int job_count,
                                  const std::uint8_t* tiles, std::uint32_t max_tile_bytes,
                                  LdmatrixJobOut* out, cudaStream_t stream);

/// Inputs of one mma for the fragment kernel, as raw bits.
struct FragmentSetIn {
  std::uint16_t a[16 * 16];  ///< A, row-major MxK halves (m16n8k8 uses the first 128)
  std::uint16_t b[16 * 8];   ///< B, row-major KxN halves (m16n8k8 uses the first 64)
  float c[32][4];            ///< C registers per lane, already in fragment order
};

/// The fragment kernel's sets, in order.
enum FragmentSet : int {
  kOwnershipSet = 0,    ///< index tiles: A and B registers are judged
  kAccumulatorSet = 1,  ///< D = 1000 + 8r + c: D registers are judged by value
  kTileSet = 2,         ///< random multiples of 0.25: D against the double reference
  kFragmentSets = 3,
};

/// Each lane's row address for A and B (bytes from each operand tile's base, where A is stored
/// with a stride of K+8 halves and B with N+8) and each load's .trans, from the model's plan
/// (plan_fragment_probe_loads, fragviz/probe/probe_run_plan.hpp).
struct FragmentParams {
  std::uint32_t a_offset[32];
  std::uint32_t b_offset[32];
  std::int32_t a_trans;  ///< 1: ldmatrix .trans
  std::int32_t b_trans;
};

struct FragmentSetOut {
  std::uint32_t a[32][4];       ///< A registers (m16n8k8: 2 used)
  std::uint32_t b[32][2];       ///< B registers (m16n8k8: 1 used)
  std::uint32_t d[32][4];       ///< D registers as float bits
  std::uint32_t a_offsets[32];  ///< measured A row address minus the A tile base
  std::uint32_t b_offsets[32];
};

/// The two instructions the ldmatrix fragment kernel issues (the seed's): K = 8 or 16 of
/// mma.sync.aligned.m16n8kK.row.col.f32.f16.f16.f32.
inline constexpr const char* kFragmentKernelMnemonic8 = "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32";
inline constexpr const char* kFragmentKernelMnemonic16 = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";

/// Launches one warp that, for each of the kFragmentSets sets, stores A and B in shared memory,
/// loads each with ldmatrix .x<the mma's registers> (A: K/4, B: K/8) and the .trans `params` gives,
/// and runs one mma with K = `k` (8 or 16; anything else returns cudaErrorInvalidValue).
/// K = 16 must only be launched on sm_80 or newer (the caller checks cudaDeviceProp); its sm_75
/// code is an empty stub.
cudaError_t launch_fragment_probe(int k, const FragmentParams& params, const FragmentSetIn* in,
                                  FragmentSetOut* out, cudaStream_t stream);

/// Loads every probe kernel's module now (cudaFuncGetAttributes), so lazy module loading counts as
/// CUDA start-up rather than as probe time.
cudaError_t preload_probe_kernels();

}  // namespace fragviz::cuda
