// The WMMA probe kernel (wmma_kernels.cu): tiles in, each lane's fragment bytes out. One warp
// runs `passes` nvcuda::wmma::load_matrix_sync of one fragment kind (fragviz/isa/wmma_table.hpp),
// pass p reading the tile at tiles + p * wmma_tile_stride, and writes every lane's sizeof(frag.x)
// bytes as they are. The host builds every tile and reads every byte (fragviz/isa/wmma.hpp); the
// kernel knows no map.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

namespace fragviz::cuda {

/// Whether the code this build runs on the current device has kind `index` compiled: the kind's
/// min_sm is at most the kernel's PTX version (the sm_75 image of the fat binary has no bf16,
/// tf32 or f64 fragments). Returns the CUDA error of the query, if any, in `error`.
bool wmma_probe_available(int index, cudaError_t* error = nullptr);

/// Launches one warp (<<<1, 32>>>) of kind `index`: `passes` loads from `tiles` (256-byte aligned,
/// pass p at p * wmma_tile_stride bytes), lane l of pass p writing its wmma_lane_bytes at
/// out + (p * 32 + l) * wmma_lane_bytes. cudaErrorInvalidValue for a bad index or null buffers,
/// cudaErrorNotSupported where !wmma_probe_available; else the launch error.
cudaError_t launch_wmma_probe(int index, const std::uint8_t* tiles, int passes, std::uint8_t* out,
                              cudaStream_t stream);

}  // namespace fragviz::cuda
