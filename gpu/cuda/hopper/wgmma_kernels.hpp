// What the wgmma probe kernels take and return (wgmma_kernels.cuh; sm_90a code only). One
// warpgroup per launch runs its jobs in order: each copies a shared-memory image, issues one
// wgmma of catalogue entry `index` and stores D as raw registers. The host (hopper_run.cpp) builds
// every image and descriptor from the model and judges every bit (fragviz/probe/hopper_probe.hpp).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "fragviz/isa/wgmma.hpp"

namespace fragviz::cuda {

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
