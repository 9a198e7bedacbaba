// The CTA tile's tiled MMA proven on a GPU by values (issue 25): C's thread-value layout checked
// by what the real mma.sync instructions compute, never by echoing a formula.
//
// The host plans, the device executes (gpu/include/fragviz/device/cta_mma_probe_run.hpp), the host
// judges:
//  - plan: A (M x K) and B (N x K) hold small pseudo-random integers 0..3 (mma_probe_value: a hash
//    of operand, row and column), so every product and sum is exact in f32. Each operand's
//    shared-memory image is the copy probe's (cta_copy_probe.hpp: every element at its byte through
//    the real layout, swizzle included) with the value in place of the label; the copy
//    instructions and addresses are the copy probe's. Per thread and mma.sync call (MMA_M x MMA_N x
//    MMA_K of them, CuTe's gemm over the partitioned fragments), the table names which half of
//    which loaded register feeds each of the atom's A and B registers (the model's join: the
//    register the copy fills for that fragment value, or, after a register swap the spec declares,
//    its partner's, as the kernel would exchange them) and which C value it accumulates into;
//  - judge: the expected C = A x B^T by a plain triple loop over the logical tiles (no layout),
//    and every thread's every C register compared with expected C at the cell the model's C
//    thread-value layout (cta_fragment_cell) says that register holds.
// A wgmma atom (SS form) reads A and B through descriptors instead: the plan holds both operands'
// shared images through the real layouts and swizzles, each (warpgroup, k-step)'s descriptors as
// the model built them (cta_tile.hpp's match_descriptors: LBO/SBO, swizzle mode), and the device
// issues wgmma.mma_async m64nNk16 per warpgroup and call, accumulating; D is judged the same way.
// A warpgroup over MMA_M x MMA_N atoms (gate-wgmma-tma: two m64 atoms) keeps one D per atom: CuTe's
// gemm gives atom (m, n) the A descriptor of fragment block (m, k), B's of (n, k) and the registers
// of C's block (m, n), numbered (FrgV, MMA_M, MMA_N) colexicographically; all atoms of a k16 step
// are issued between one wgmma.fence and commit_group.
// A wgmma _RS atom takes A from registers: the image holds B alone, and each thread fills its four
// A registers per call from the logical A tile by a table the host reads off the model's A
// thread-value layout (cta_fragment_cells: fragment value 2r is the low half of register r), so
// the kernel derives no layout; C is judged the same way, and a wrong A map shows in C.
// Pure model: no CUDA.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fragviz/tile/cta_copy_probe.hpp"

namespace fragviz::tile {

/// The mma.sync forms the probe's kernel issues (all with f32 accumulators, row.col).
enum class MmaProbeAtom : std::uint8_t {
  m16n8k8_f16,    ///< mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 (sm_75)
  m16n8k8_bf16,   ///< mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 (sm_80)
  m16n8k16_f16,   ///< mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 (sm_80)
  m16n8k16_bf16,  ///< mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 (sm_80)
  wgmma_f16,      ///< wgmma.mma_async.sync.aligned.m64nNk16.f32.f16.f16, SS or RS (sm_90a); plan.wgmma
};

/// What a wgmma plan adds: B (and A of SS) in shared memory, read through descriptors; A of RS
/// gathered into registers.
struct WgmmaProbePlan {
  int n = 0;                        ///< the atom's N: 64, 128 or 256 (the kernels compiled)
  bool a_registers = false;         ///< the RS form: A from a_values by a_table, A descriptors 0
  bool a_mn_major = false;          ///< imm-trans-a: A's descriptors are M-major (SS only)
  bool b_mn_major = false;          ///< imm-trans-b
  std::vector<std::uint8_t> image;  ///< A's image (SS), then B's at b_offset (pad 0xFF: NaN)
  std::uint32_t b_offset = 0;       ///< 1024-aligned, so both swizzle patterns start on their repeat; RS 0
  /// RS: the logical A (m x k, row-major) as f16 bits, and per [(thread * calls + call) * 8 + h]
  /// the index into it of A fragment value h of that call's atom (register h / 2, half h % 2).
  std::vector<std::uint16_t> a_values;
  std::vector<std::uint32_t> a_table;
  int warpgroups = 0;
  /// Atoms per warpgroup (MMA_M x MMA_N), each with its own D of n / 2 registers: D set j is C
  /// fragment values j * n / 2 .. (j + 1) * n / 2 - 1. The plan's calls are k16 steps x atoms.
  int atoms = 1;
  /// [(warpgroup * calls + call) * 2 + (0: A, 1: B)]: the model's descriptor with its start field
  /// the byte offset inside `image`; the kernel adds the (1024-aligned) image base. Call c is k16
  /// step c / atoms of D set c % atoms.
  std::vector<std::uint64_t> descriptors;
};

/// The value the probe gives cell (row, col) of `op` (A: (m,k), B: (n,k)): 0..3, deterministic.
int mma_probe_value(Operand op, std::int64_t row, std::int64_t col);

/// The 16-bit encoding of a probe value 0..3: f16 (1.0 = 0x3C00) or bf16 (1.0 = 0x3F80).
std::uint16_t mma_probe_encode(int value, bool bf16);

/// C = A x B^T over row-major A (m x k) and B (n x k): C[i * n + j] = sum_l A[i][l] * B[j][l].
std::vector<std::int64_t> multiply_a_bt(const std::vector<int>& a, const std::vector<int>& b, std::int64_t m,
                                        std::int64_t n, std::int64_t k);

/// Everything one launch needs and the judge reads (see the header comment).
struct CtaMmaProbePlan {
  std::string atom;         ///< CuTe's name
  std::string instruction;  ///< the mma.sync the device issues
  MmaProbeAtom kind = MmaProbeAtom::m16n8k16_f16;
  int min_sm = 80;        ///< the device's compute capability the instruction needs
  CtaCopyProbePlan a, b;  ///< the copy probe's plans; images hold the values (pad 0xFFFF, a NaN)
  int threads = 0;
  int calls = 0;     ///< mma.sync per thread (every k-block); wgmma per warpgroup: k16 steps x atoms
  int a_regs = 0;    ///< the atom's 32-bit A registers (k16: 4, k8: 2)
  int b_regs = 0;    ///< B's (k16: 2, k8: 1)
  int c_values = 0;  ///< f32 accumulators per thread over the CTA tile
  /// Per (thread, call), entries() numbers: for each of the atom's A registers two halves (low,
  /// high), then B's, each `word * 2 + half` of the thread's loaded registers (word: instruction *
  /// registers + register, CtaCopyProbePlan order); then 4 C value indices (d0..d3).
  std::vector<std::uint32_t> table;
  std::int64_t m = 0, n = 0, k = 0;  ///< the CTA tile
  std::vector<int> a_tile, b_tile;   ///< the logical A (m x k) and B (n x k), row-major, values 0..3
  std::vector<Cell> c_cells;         ///< the model's C cell of [thread * c_values + V]
  /// The model's A and B joins (register swap included) all match: it predicts C = A x B^T.
  bool model_predicts_match = true;
  std::optional<WgmmaProbePlan> wgmma;  ///< kind wgmma_f16; then a, b and table are empty
  int entries() const { return 2 * a_regs + 2 * b_regs + 4; }
};

/// Plans `tile`'s tiled MMA. Refused (bad_input, the message says why) for a wgmma atom other than
/// SS or RS m64n64k16/m64n128k16/m64n256k16 f16 with f32 accumulators, more than kWgmmaProbeMaxAccumulators
/// per thread (MMA_M x MMA_N atoms of n / 2 each), or without the shared layouts it reads (SS: A and B; RS:
/// B); an mma.sync form the kernel does not issue, A or B without a load the copy probe runs
/// (plan_cta_copy_probe's refusals), fragments that do not meet (CuTe's MMA_M/N/K of A, B and C), or a
/// register swap without a partner.
Result<CtaMmaProbePlan> plan_cta_mma_probe(const CtaTile& tile);

/// plan_cta_mma_probe for a wgmma atom (its refusals for one); model_predicts_match is false when
/// an operand's layout equals no canonical GMMA layout (then the K-major 128B descriptors are run).
Result<CtaMmaProbePlan> plan_cta_wgmma_probe(const CtaTile& tile);
/// mma_probe_launch_problem for a wgmma plan.
std::string wgmma_probe_launch_problem(const CtaMmaProbePlan& plan, std::int64_t shared_limit);
/// Bytes of dynamic shared memory a wgmma plan launches with: its image plus 1024 to align it.
std::int64_t wgmma_probe_smem_bytes(const CtaMmaProbePlan& plan);

/// Why `plan` must not be launched on a device whose blocks get at most `shared_limit` bytes of
/// dynamic shared memory, or "": both copy plans launchable, A's and B's images together within
/// the limit, the table's size and every entry inside the thread's registers and accumulators, and
/// at most kMmaProbeMaxWords loaded words per operand and kMmaProbeMaxAccumulators per thread. A
/// wgmma plan: its image (plus 1024 bytes to align it) within the limit, one descriptor pair per
/// warpgroup and call, a whole number of k16 steps per atom, at most kWgmmaProbeMaxAccumulators D
/// registers per thread, every byte each descriptor reads inside the image; RS: 8 table entries
/// per thread and call, each inside a_values.
std::string mma_probe_launch_problem(const CtaMmaProbePlan& plan, std::int64_t shared_limit);
/// The kernel's per-thread arrays: loaded A or B words, and C accumulators.
inline constexpr int kMmaProbeMaxWords = 128;
inline constexpr int kMmaProbeMaxAccumulators = 256;
/// The wgmma kernel's f32 D registers per thread (all atoms of its warpgroup): one m64n256 or two
/// m64n128 D's. Twice that would not fit a thread's 255 registers beside the descriptors, and
/// ptxas would spill or serialize the wgmma instead of failing.
inline constexpr int kWgmmaProbeMaxAccumulators = 128;

/// A C register whose value is not A x B^T at the model's cell.
struct CMismatch {
  std::int64_t thread = 0, reg = 0;
  Cell cell;  ///< the model's (m,n) of that register
  float measured = 0;
  std::int64_t expected = 0;  ///< A x B^T at cell
  std::vector<Cell> holders;  ///< the first few cells whose A x B^T is `measured`
  std::int64_t holders_total = 0;
};

/// The judge's verdict on C.
struct CtaMmaVerdict {
  std::int64_t threads = 0, cells = 0, mismatches = 0;
  std::optional<CMismatch> first;    ///< thread-major, then register
  bool model_predicts_match = true;  ///< CtaMmaProbePlan's
  bool agrees_with_model() const { return (mismatches == 0) == model_predicts_match; }
  /// "all 16384 C values match A x B^T, as the model predicted", or "thread 3 V5, (m,n) = (8,17)
  /// in the model: the GPU computed 40, A x B^T there is 38; 40 is A x B^T at (8,9), (3,1) (512 of
  /// 16384 C values differ, as the model predicted: its join feeds the MMA wrong cells)".
  std::string text() const;
};

/// Compares `measured` ([thread * regs + V]) with `expected` (rows x cols, row-major) at `cells`
/// (the model's C cell of each register, the same indexing). Model-free: any layout and values.
CtaMmaVerdict judge_c_values(const std::vector<std::int64_t>& expected, std::int64_t rows, std::int64_t cols,
                             const std::vector<Cell>& cells, std::int64_t regs,
                             const std::vector<float>& measured);

/// Judges the device's C registers (threads x c_values floats): refused (bad_input) for another
/// count or a plan mma_probe_launch_problem refuses.
Result<CtaMmaVerdict> judge_cta_mma_probe(const CtaMmaProbePlan& plan, const std::vector<float>& measured);

}  // namespace fragviz::tile
