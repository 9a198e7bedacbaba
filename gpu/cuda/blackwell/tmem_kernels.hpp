// What the tensor-memory round-trip probe kernel (tmem_kernels.cu; sm_100a code only) takes and
// returns: one CTA of four warps allocates 32 TMEM columns, fills its lanes with a sentinel,
// stores a label per (warp, thread, register) with one tcgen05.st shape at .x1, and reads every
// cell back with tcgen05.ld.32x32b.x8, so each thread's eight registers say which store register
// reached (its lane, columns 0-7). The model judges it with fragviz::tmem_cell (blackwell_family.hpp).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "fragviz/probe/blackwell_kernel_io.hpp"

namespace fragviz::cuda {

/// The sentinel the cells hold before the store.
inline constexpr std::uint32_t kTmemSentinel = 0xFFFFFFFFu;
using kernel_io::kTmemReadColumns;  // plain data, defined in the model

/// Launches one CTA of 128 threads: `shape` is fragviz::TmemShape (.x1; .16x32bx2 with
/// immHalfSplitoff 1), `labels[thread][reg]` (4 registers) the values thread 0-127 stores, `out`
/// [thread][kTmemReadColumns] what each thread reads from its lane. The caller checks the device
/// is compute capability 10.0 first.
cudaError_t launch_tmem_probe(int shape, const std::uint32_t* labels, std::uint32_t* out,
                              cudaStream_t stream);

}  // namespace fragviz::cuda
