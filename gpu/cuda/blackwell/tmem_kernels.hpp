// What the tensor-memory probe kernel (tmem_kernels.cu; sm_100a code only) takes and returns: one
// CTA of four warps, each at its own 32-lane sub-partition, allocates 32 TMEM columns and runs one
// job (fragviz/probe/blackwell_kernel_io.hpp, TmemJob). A store job fills the cells with a sentinel,
// stores each thread's labels with the tcgen05.st form under test and reads the cells back with
// tcgen05.ld.32x32b.x{8,16,32}; a load job fills every cell with its own label through
// tcgen05.st.32x32b.x32 and reads it with the tcgen05.ld form under test. The model packs the job
// and judges the output (fragviz/probe/tmem_probe.hpp).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "fragviz/probe/blackwell_kernel_io.hpp"

namespace fragviz::cuda {

/// The sentinel the cells hold before a store (fragviz::kTmemProbeSentinel); a load form the
/// kernel does not list returns it in every register.
inline constexpr std::uint32_t kTmemSentinel = 0xFFFFFFFFu;
using kernel_io::kTmemJobRegisters;  // plain data, defined in the model
using kernel_io::TmemJob;

/// Launches one CTA of 128 threads on `job` (device memory). `out` gets [thread][words]: a store
/// job's job->read columns of its lane, a load job's registers of the form. The caller checks the
/// device is compute capability 10.0 first.
cudaError_t launch_tmem_probe(const TmemJob* job, std::uint32_t* out, cudaStream_t stream);

}  // namespace fragviz::cuda
