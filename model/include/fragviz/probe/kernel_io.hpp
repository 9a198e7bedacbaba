// What the mma.sync and Hopper probe kernels read and write, as plain data: the host packs these
// (fragviz/probe/mma_family.hpp, hopper_family.hpp) and the kernels (gpu/cuda) take the very same
// structs, so their layout is defined once, here, with no CUDA header. gpu/cuda's kernel headers
// bring them into fragviz::cuda.
#pragma once

#include <cstdint>

namespace fragviz::kernel_io {

// [SECTION] ldmatrix explorer and cycles (probe_kernels.cu) ------------------------------------

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

/// What one ldmatrix job returns.
struct LdmatrixJobOut {
  std::uint32_t regs[32][4];  ///< raw destination registers, regs[lane][j] = matrix j
  std::uint32_t offsets[32];  ///< address each lane passed minus the tile base (cvta.to.shared)
  std::uint32_t tile_base;    ///< shared-window address of the tile base (128-byte aligned)
  std::uint32_t sink;         ///< xor of the timed loads, so none is dead code
  long long cycles;           ///< clock64() across `iterations` ldmatrix
};

// [SECTION] the seed's fragment probes (probe_kernels.cu) --------------------------------------

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

/// What the fragment kernel writes per set.
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

// [SECTION] mma.sync through ldmatrix (mma_ldmatrix_probe_kernels.cu) --------------------------

/// What the through-ldmatrix probe kernel takes besides buffers: per operand the stored image size
/// (0: the operand comes from registers) and .trans, and each lane's byte offset from the image
/// base (fragviz/probe/ldmatrix_feed.hpp builds all of it).
struct MmaLdmatrixParams {
  std::uint32_t a_offset[32];
  std::uint32_t b_offset[32];
  std::uint32_t a_image_bytes;  ///< multiple of 16; 0: A from registers
  std::uint32_t b_image_bytes;
  std::int32_t a_trans;  ///< 1: ldmatrix .trans
  std::int32_t b_trans;
};

/// Largest stored image (bytes) of one operand the kernel takes.
inline constexpr std::uint32_t kMaxMmaLdmatrixImageBytes = 4096;

// [SECTION] wgmma (hopper/wgmma_kernels.cuh) ---------------------------------------------------

/// One wgmma issue.
struct WgmmaJob {
  std::uint32_t image_offset;  ///< bytes into `images`, 16-byte aligned
  std::uint32_t image_bytes;   ///< copied to the 1024-byte aligned shared base; multiple of 16
  std::uint32_t a_start;       ///< A descriptor start, bytes from the shared base (SS forms)
  std::uint32_t b_start;       ///< B descriptor start, bytes from the shared base
  std::uint64_t a_descriptor;  ///< A descriptor with start address 0 (the kernel adds the base)
  std::uint64_t b_descriptor;
  std::uint32_t a_registers;  ///< RS form: bytes into `images` of [128][4] A registers
  std::uint32_t out_offset;   ///< index into `out` of [128][D registers]
};

// [SECTION] stmatrix, movmatrix, epilogues (matrix_move_kernels.cu) ----------------------------

/// The shared tile every move job stores into: 16 rows of 24 halves (48-byte rows).
inline constexpr int kMoveTileRows = 16;
inline constexpr int kMoveTileStride = 24;

/// One stmatrix / movmatrix / epilogue job.
struct MoveJob {
  std::int32_t kind;   ///< 0 stmatrix, 1 movmatrix, 2 epilogue (mma, pack, stmatrix)
  std::int32_t num;    ///< stmatrix .num: 1, 2, 4
  std::int32_t trans;  ///< stmatrix .trans
  std::int32_t tiles;  ///< epilogue: m16n8 tiles (1 or 2)
  std::int32_t order[4]
                    [2];  ///< epilogue: stmatrix register j = packed register order[j][1] of tile order[j][0]
  std::uint32_t regs[4][32];      ///< stmatrix: register j per lane; movmatrix: regs[0]
  std::uint32_t lane_offset[32];  ///< stmatrix/epilogue: byte offset of each lane's row from the tile base
  std::uint32_t mma_a[2][32][4];  ///< epilogue: m16n8k16 A registers per tile and lane
  std::uint32_t mma_b[2][32][2];  ///< epilogue: B registers
};

/// What one move job leaves.
struct MoveOut {
  std::uint16_t tile[kMoveTileRows * kMoveTileStride];  ///< the shared tile after the job
  std::uint32_t regs[32];                               ///< movmatrix destination per lane
};

}  // namespace fragviz::kernel_io
