// What the layout probe kernel (layout_probe_kernels.cu) takes and returns: the user's two tile
// layouts as TileMap (evaluated on the device by tile_map.hpp, the model's own functions), each
// lane's logical coordinate, and the raw words and addresses it measured. Judging is host work
// (fragviz/probe/layout_probe.hpp).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "fragviz/isa/ldmatrix.hpp"
#include "fragviz/smem/smem_access.hpp"
#include "fragviz/smem/tile_map.hpp"

namespace fragviz::cuda {

struct LayoutProbeArgs {
  TileMap write;              ///< the layout the tile is written through (labels row * cols + col + 1)
  TileMap read;               ///< the layout each lane's address is computed through
  std::uint32_t tile_bytes;   ///< bytes zeroed before the writes, a multiple of 16
  std::int32_t lane_row[32];  ///< logical (row, col) each lane's address points at; row -1: none
  std::int32_t lane_col[32];  ///< (a lane without one passes the tile base: aligned, ignored)
  std::int32_t iterations;    ///< timed loads, a multiple of 8 (0: none)
  std::uint32_t zero;         ///< always 0, read at run time (see LdmatrixJob::zero)
};

struct LayoutProbeOut {
  std::uint32_t words[32][4];  ///< raw registers per lane (ldmatrix: matrix j in word j)
  std::uint32_t offsets[32];   ///< address each lane passed minus the tile base
  std::uint32_t sink;
  long long cycles;  ///< clock64() across `iterations` loads
};

/// Launches one warp with tile_bytes + 128 bytes of dynamic shared memory: zero the tile, lane 0
/// writes every element's label through `write` in row-major order (the model's "later write
/// kept"), each lane computes its address through `read`, one `op` load (ldmatrix with
/// `config`, or LDS.32/64/128), then the timed loop. stmatrix is refused (cudaErrorInvalidValue).
/// The caller validated everything (plan_layout_probe) and set the dynamic shared-memory limit.
cudaError_t launch_layout_probe(SharedOp op, LdmatrixConfig config, const LayoutProbeArgs* args,
                                std::uint32_t tile_bytes, LayoutProbeOut* out, cudaStream_t stream);

/// Raises the kernels' dynamic shared-memory limit to `bytes` (cudaFuncSetAttribute).
cudaError_t allow_layout_probe_smem(std::uint32_t bytes);

}  // namespace fragviz::cuda
