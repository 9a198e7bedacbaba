// What the wgmma probe kernels take and return (wgmma_kernels.cuh; sm_90a code only). One
// warpgroup per launch runs its jobs in order: each copies a shared-memory image, issues one
// wgmma of catalogue entry `index` and stores D as raw registers. The host (hopper_run.cpp) builds
// every image and descriptor from the model and judges every bit (fragviz/probe/hopper_probe.hpp).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "fragviz/isa/wgmma.hpp"
#include "fragviz/probe/kernel_io.hpp"

namespace fragviz::cuda {

/// One wgmma issue, plain data (fragviz/probe/kernel_io.hpp).
using kernel_io::WgmmaJob;

/// Launches one warpgroup running `jobs` with catalogue entry `index` (fragviz::wgmma_catalogue())
/// in `form`; `smem_bytes` is the largest image plus 1024 for alignment. cudaErrorInvalidValue for
/// an index out of range or a form not compiled for the entry (the M/N-major forms exist for .f16
/// and .bf16 entries with N = 64 or 256: fragviz::wgmma_mn_major_probed). The caller checks the
/// device is sm_90 first.
cudaError_t launch_wgmma_probe(int index, WgmmaForm form, const WgmmaJob* jobs, int job_count,
                               const std::uint8_t* images, std::uint32_t* out, std::uint32_t smem_bytes,
                               cudaStream_t stream);

/// Loads every wgmma probe kernel (each entry's compiled forms; cudaFuncGetAttributes), so lazy
/// module loading happens here, e.g. on a thread while the host plans, not at each first launch.
/// sm_90 devices only: elsewhere the sm_90a images do not load (cudaErrorNoKernelImageForDevice).
cudaError_t preload_wgmma_probe_kernels();

/// The mnemonic compiled into entry `index`'s assembly (nullptr out of range): the launcher checks
/// it against the catalogue before any launch.
const char* wgmma_compiled_mnemonic(int index);

/// Entries compiled per part file (the kernels are split over files so they build in parallel).
inline constexpr int kWgmmaPartSize = 48;

}  // namespace fragviz::cuda
