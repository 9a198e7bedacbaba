// What the probe kernels (probe_kernels.cu) take and return: plain structs the host launcher
// (probes.cpp) fills and decodes, and one launch function per kernel. Kernels only move raw
// bits; naming cells and judging them is host work (fragviz/probe/probe_decode.hpp).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "fragviz/isa/fragment.hpp"
#include "fragviz/isa/ldmatrix.hpp"
#include "fragviz/probe/kernel_io.hpp"

namespace fragviz::cuda {

// The structs and constants below are plain data, defined CUDA-free in the model so the host
// halves can pack and judge them without CUDA (fragviz/probe/kernel_io.hpp).
using kernel_io::FragmentParams;
using kernel_io::FragmentSet;
using kernel_io::FragmentSetIn;
using kernel_io::FragmentSetOut;
using kernel_io::kAccumulatorSet;
using kernel_io::kFragmentKernelMnemonic16;
using kernel_io::kFragmentKernelMnemonic8;
using kernel_io::kFragmentSets;
using kernel_io::kOwnershipSet;
using kernel_io::kTileSet;
using kernel_io::kTimedLdmatrix;
using kernel_io::LdmatrixJob;
using kernel_io::LdmatrixJobOut;

/// Launches the ldmatrix probe for .num/.trans: one warp runs the jobs in order, each with its
/// tile copied into dynamic shared memory (max_tile_bytes + 128 for alignment). Returns the launch
/// error, if any (kernel faults surface at the next synchronising call).
cudaError_t launch_ldmatrix_probe(LdmatrixConfig config, const LdmatrixJob* jobs, int job_count,
                                  const std::uint8_t* tiles, std::uint32_t max_tile_bytes,
                                  LdmatrixJobOut* out, cudaStream_t stream);

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
