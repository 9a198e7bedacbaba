// What the CTA-pair accumulator probe kernel (umma2_kernels.cu; sm_100a code only) takes and
// returns: a cluster of two CTAs of four warps each copies its own image (its half of A's rows and
// of B's columns) to shared memory, allocates 64 TMEM columns with tcgen05.alloc.cta_group::2 and
// fills them with a sentinel; the even CTA issues one tcgen05.mma.cta_group::2.kind::f16 (M 128 or
// 256, N 64, K 16) and a tcgen05.commit multicast to both CTAs' mbarriers; each CTA reads all 128
// lanes x 64 columns of its own tensor memory back. A job with a metadata column (sparse A: M 128,
// K 32) allocates 128 columns, fills 32 of them from that column with the job's metadata word and
// issues tcgen05.mma.sp.cta_group::2.kind::f16 instead. The host plans and judges it
// (fragviz/probe/blackwell_probe.hpp: plan_umma_probe(m, 2, sparse), judge_umma_probe).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "umma_kernels.hpp"  // kUmmaProbeImage

namespace fragviz::cuda {

using kernel_io::Umma2Job;  // plain data, defined in the model (fragviz/probe/blackwell_kernel_io.hpp)

/// Launches one cluster of two CTAs of 128 threads; `out` gets [cta][lane][64] 32-bit cells. The
/// caller checks the device is compute capability 10.0 first.
cudaError_t launch_umma2_probe(const Umma2Job* job, std::uint32_t* out, cudaStream_t stream);

}  // namespace fragviz::cuda
