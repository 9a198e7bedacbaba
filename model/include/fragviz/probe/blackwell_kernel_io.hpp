// What the Blackwell probe kernels (gpu/cuda/blackwell/, sm_100a; gpu/cuda/sm120/, sm_120a) read
// and write, as plain data: the model packs them (fragviz/probe/blackwell_family.hpp) and the kernels
// take the very same structs, so their layout is defined once, here, with no CUDA header. The kernel
// headers bring them into fragviz::cuda. Apart from kernel_io.hpp so the other kernels do not see it.
#pragma once

#include <cstdint>

namespace fragviz::kernel_io {

// [SECTION] 8-bit and sub-byte ldmatrix / stmatrix (blackwell/b8_move_kernels.cu) ----------------

/// Shared bytes a job uses at most: 32 stored rows of 16 bytes and a 16-byte guard
/// (fragviz::b8_probe_smem_bytes of the largest form).
inline constexpr int kB8ProbeSmem = 32 * 16 + 16;

/// One issue of one form.
struct B8MoveJob {
  std::int32_t form;  ///< fragviz::MatrixMoveB8Form
  std::int32_t num;   ///< .num: 1, 2, 4
  std::uint32_t lane_offset[32];
  std::uint32_t regs[4][32];         ///< stmatrix: register j per lane
  std::uint8_t image[kB8ProbeSmem];  ///< shared memory before the instruction
};

/// What one job returns.
struct B8MoveOut {
  std::uint32_t regs[4][32];        ///< ldmatrix: register j per lane
  std::uint8_t smem[kB8ProbeSmem];  ///< shared memory after the instruction
};

// [SECTION] tensor-memory loads and stores (blackwell/tmem_kernels.cu) ---------------------------

/// Registers per thread at most (fragviz::kTmemProbeRegisters; the largest form, .32x32b.x32).
inline constexpr int kTmemJobRegisters = 32;

/// One tensor-memory probe (fragviz::TmemProbe, fragviz/probe/tmem_probe.hpp).
struct TmemJob {
  std::int32_t shape;       ///< fragviz::TmemShape
  std::int32_t num;         ///< .num
  std::int32_t load;        ///< 1: tcgen05.ld under test, 0: tcgen05.st
  std::int32_t pack16;      ///< 1: .pack::16b (ld) / .unpack::16b (st)
  std::int32_t half_split;  ///< .16x32bx2's immHalfSplitoff (the kernel has it as an immediate)
  std::int32_t read;        ///< store: columns read back (8, 16, 32); load: 0
  /// Store: thread t's registers; load: the fill, lane t's columns 0-31.
  std::uint32_t words[128][kTmemJobRegisters];
};

// [SECTION] tcgen05.mma accumulators (blackwell/umma_kernels.cu, umma2_kernels.cu) -------------

/// Largest image: A 128 x 16 f16 and B 64 x 16 f16.
inline constexpr int kUmmaProbeImage = 128 * 32 + 64 * 32;

/// One tcgen05.mma.cta_group::1 issue.
struct UmmaJob {
  std::uint8_t image[kUmmaProbeImage];  ///< copied to the 1024-aligned shared base
  std::uint32_t b_offset;               ///< B's bytes from the base
  std::uint64_t a_descriptor;           ///< start field 0: the kernel adds the base
  std::uint64_t b_descriptor;
  std::uint32_t instr_descriptor;
};

/// One tcgen05.mma.cta_group::2 issue by a CTA pair (tcgen05.mma.sp when meta_column is not 0).
struct Umma2Job {
  std::uint8_t image[2][kUmmaProbeImage];  ///< per CTA rank, copied to its 1024-aligned shared base
  std::uint32_t b_offset;                  ///< B's bytes from the base (the same in both CTAs)
  std::uint64_t a_descriptor;              ///< start field 0: the kernel adds the base
  std::uint64_t b_descriptor;
  std::uint32_t instr_descriptor;
  std::uint32_t meta_column;  ///< sparse A: the metadata's TMEM column (32 columns from it); 0 dense
  std::uint32_t meta_word;    ///< sparse A: what every metadata cell holds
};

// [SECTION] sm_120a block scale (sm120/block_scale_kernels.cu) ------------------------------------

/// One pass of a block-scale probe (fragviz::BlockScalePass) and the probe's scales.
struct BlockScaleJob {
  std::uint32_t a[4][32];  ///< A register r per lane (m16n8k32 and m16n8k64 both take four)
  std::uint32_t b[2][32];  ///< B register r per lane
  std::uint32_t sfa[32];   ///< scale-a-data per lane
  std::uint32_t sfb[32];   ///< scale-b-data per lane
};

}  // namespace fragviz::kernel_io
