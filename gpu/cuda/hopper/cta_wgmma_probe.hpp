// The CTA tiled-MMA probe's wgmma kernel (cta_wgmma_probe.cu; sm_90a code only), driven by the
// host's checked plan (fragviz/tile/cta_mma_check.hpp, WgmmaProbePlan): the image of A and B (RS:
// B alone) copied into shared memory, then each warpgroup's wgmma.mma_async calls through the
// plan's descriptors, the RS form's A gathered into registers by the plan's per-thread table.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

namespace fragviz::cuda {

/// What the launch needs of a tile::CtaMmaProbePlan with a wgmma part.
struct CtaWgmmaProbeShape {
  int n = 0;                      ///< 64, 128 or 256: m64nNk16
  bool a_registers = false;       ///< the RS form: A from registers (a_values, a_table), no imm-trans-a
  bool a_mn = false;              ///< imm-trans-a (SS)
  bool b_mn = false;              ///< imm-trans-b
  int warpgroups = 0;             ///< 1 to 3: the block is 128 * warpgroups threads (registers for N = 256)
  int atoms = 1;                  ///< D's per warpgroup: 1 or 2 for N = 64 and 128, 1 for N = 256
  int calls = 0;                  ///< wgmma per warpgroup: k16 steps x atoms
  std::uint32_t image_bytes = 0;  ///< a multiple of 1024
};

/// Launches one CTA: the image copied into dynamic shared memory at a 1024-aligned base,
/// fence.proxy.async, __syncthreads; each warpgroup g then, per k16 step s, issues wgmma.fence, one
/// wgmma per atom j (call c = s * atoms + j: descriptors[(g * calls + c) * 2 + 0/1], start field +
/// base, into D set j; scale-d 0 at step 0, 1 after), commit_group and wait_group 0, and writes
/// register i of D set j of thread t to out[(t * atoms + j) * n / 2 + i]. The RS form ignores A's
/// descriptor: before the step's wgmma.fence thread t fills A register r of call c with the f16s
/// a_values[a_table[(t * calls + c) * 8 + 2r]] (low half) and [.. + 2r + 1] (high half); the SS form
/// takes both null. The caller checked the plan (tile::mma_probe_launch_problem: every index inside
/// a_values) and that device is sm_90. A shape the kernel does not issue: cudaErrorInvalidValue.
cudaError_t launch_cta_wgmma_probe(const CtaWgmmaProbeShape& s, const void* image,
                                   const std::uint64_t* descriptors, const std::uint16_t* a_values,
                                   const std::uint32_t* a_table, float* out, cudaStream_t stream);

}  // namespace fragviz::cuda
