// What the stmatrix / movmatrix / epilogue probe kernel (matrix_move_kernels.cu) takes and
// returns. One warp runs the jobs in order; the host builds every value and address from the model
// (fragviz/probe/hopper_probe.hpp) and judges the tile and registers that come back.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

namespace fragviz::cuda {

/// The shared tile every job stores into: 16 rows of 24 halves (48-byte rows).
inline constexpr int kMoveTileRows = 16;
inline constexpr int kMoveTileStride = 24;

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

struct MoveOut {
  std::uint16_t tile[kMoveTileRows * kMoveTileStride];  ///< the shared tile after the job
  std::uint32_t regs[32];                               ///< movmatrix destination per lane
};

/// Launches one warp over the jobs. stmatrix and epilogue jobs need sm_90, movmatrix sm_75: the
/// caller checks the device first.
cudaError_t launch_matrix_move_probe(const MoveJob* jobs, int job_count, MoveOut* out, cudaStream_t stream);

}  // namespace fragviz::cuda
