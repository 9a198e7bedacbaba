// The tensor-memory probes (gpu/cuda/blackwell/tmem_kernels.cu, sm_100a), host side: which
// tcgen05.ld / tcgen05.st forms run, what the kernel takes and how its output is judged against
// the model's maps (fragviz/isa/tmem.hpp). Pure model: no CUDA. No Blackwell GPU has run them yet.
//
// One CTA of four warps, each at its own 32-lane sub-partition, allocates kTmemProbeColumns
// columns (the smallest allocation, a power of two >= 32; PTX ISA 9.1, 9.7.16.7.1).
// Stores: every cell starts at the sentinel 0xFFFFFFFF; each thread stores a label per register
// with the form under test, and every cell is read back with tcgen05.ld.32x32b.xR (R =
// tmem_probe_read_columns), so each label says which cell its register reached.
// Loads: every cell (lane, column) is first filled with its own label through tcgen05.st.32x32b.x32
// (thread = lane), then read with the form under test, so each register names the cell it came from.
// .pack::16b / .unpack::16b move the low 16 bits of each cell (9.7.16.8.2): the labels fit in 15 bits.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/isa/tmem.hpp"
#include "fragviz/probe/hopper_results.hpp"

namespace fragviz {

/// Columns the probe allocates and may touch (the smallest allocation).
inline constexpr int kTmemProbeColumns = 32;
/// Registers per thread at most (the probe's largest form, .32x32b.x32, and the read-back).
inline constexpr int kTmemProbeRegisters = 32;
/// What a store probe's cells hold before the store.
inline constexpr std::uint32_t kTmemProbeSentinel = 0xFFFFFFFFu;

/// One tensor-memory probe: the instruction, its shape and .num, and whether it packs.
struct TmemProbe {
  TmemShape shape = TmemShape::s32x32b;
  int num = 1;
  bool load = false;    ///< tcgen05.ld (else tcgen05.st)
  bool pack16 = false;  ///< .pack::16b (ld) or .unpack::16b (st)
  bool operator==(const TmemProbe& o) const {
    return shape == o.shape && num == o.num && load == o.load && pack16 == o.pack16;
  }
};

/// Every probe, stores then loads: every shape at .x1, then at .x2, then at the largest .num whose
/// columns fit kTmemProbeColumns, then at .x1 with .unpack::16b (st) / .pack::16b (ld).
std::vector<TmemProbe> all_tmem_probes();

/// .16x32bx2's immHalfSplitoff the probe uses: .num columns, 2 * .num packed (the upper half starts
/// where the lower half's columns end, as CuTe issues it); 0 for the other shapes.
int tmem_probe_half_split(const TmemProbe& p);

/// Columns the form spans from taddr's column: its repetitions' columns (twice that packed), and
/// for .16x32bx2 the split's half.
int tmem_probe_span(const TmemProbe& p);

/// Columns a store probe reads back: 8, 16 or 32, the least that covers tmem_probe_span (a load
/// probe reads none back: its registers are the output).
int tmem_probe_read_columns(const TmemProbe& p);

/// 32-bit words the kernel returns per thread: tmem_probe_read_columns (store) or the form's
/// registers (load).
int tmem_probe_out_words(const TmemProbe& p);

/// "tcgen05.st.sync.aligned.16x256b.x1.b32", "tcgen05.ld.sync.aligned.16x64b.x1.pack::16b.b32":
/// the form a probe tests, the name run_probes knows it by.
std::string tmem_probe_mnemonic(const TmemProbe& p);

/// The probe named `mnemonic`, or nullopt for a name no probe has.
std::optional<TmemProbe> find_tmem_probe(std::string_view mnemonic);

/// The kernel's input, [thread 0-127][kTmemProbeRegisters]. Store: thread t's register r holds
/// (t << 8) | r; with .unpack::16b its half h holds (t << 8) | (2r + h). Load: the fill, thread
/// (= lane) t's column c holds 0xFFFF0000 | (t << 8) | c. No label is the sentinel, and every low
/// half stays below 0x8000.
std::vector<std::uint32_t> tmem_probe_words(const TmemProbe& p);

/// Judges one probe run by warps 0-3, each at its own sub-partition's first lane: `out[thread *
/// tmem_probe_out_words + i]`. One MoveCheck per (thread, register) (and per half when packed:
/// `half`): lane = thread, expected = (32 * warp + TMEM lane, column) from tmem_cell /
/// tmem_cell_packed16, measured = where the label came back (store) or the cell the register's
/// label names (load). A store's non-sentinel cell that holds no label of the form, or a label a
/// second time, is a stray write. kind "tcgen05.st" or "tcgen05.ld".
MatrixMoveProbe judge_tmem_probe(const TmemProbe& p, const std::vector<std::uint32_t>& out);

}  // namespace fragviz
