// Relations between catalogue instructions that people get wrong (issue 7), as the model sees
// them, and the inputs and judges of their checks on the hardware (gpu/cuda/relation_kernels.cu
// only moves words; everything that names a cell is here, unit tested without a GPU).
//
// 1. K split: one mma of K equals two mma of K/2 issued on the same registers, D = H(A_hi, B_hi,
//    H(A_lo, B_lo, C)), where each register of the whole instruction W is one register of one
//    half instruction H. Candidates: same types, op, M, N, threads and products, H.k * 2 == W.k.
//    It holds when every element of W at A (r, c) (B (k, n)) is, in the same lane and at the
//    same bit positions, element j of H at (r, c - h*K/2) (B (k - h*K/2, n)) of half h, and W's
//    C/D fragment is H's.
// 2. Accumulator as A: the C/D fragments of K/N producer tiles side by side (the FlashAttention
//    P*V step) reused as the A fragment of the next mma. Q's A cell (r, c) must hold producer
//    tile c / P.n, cell (r, c % P.n). Reuse in place holds when the naive in-order repack (Q's A
//    element i <- the lane's own accumulator i % E of tile i / E, E accumulators per lane and
//    tile, converted and packed low to high) puts every value in its cell; otherwise the model
//    names, for every (lane, element), where the right value lives (the cross-lane moves) and
//    what the naive repack put there instead.
//
// Every layout fact comes from the catalogue (PTX ISA 9.0, "Warp-level Matrix Fragment Storage",
// the "Matrix Fragments for mma.m…" subsections); nothing here restates a formula.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/fragment.hpp"
#include "fragviz/report/report.hpp"  // DeviceInfo
#include "fragviz/util/host_device.hpp"
#include "fragviz/util/outcome.hpp"

namespace fragviz {

// [SECTION] K split --------------------------------------------------------------------------------

/// Whether `half` could be `whole` cut in two along K: the same A, B and C/D types, op, M, N,
/// threads and products, .kind, block scaling and element containers, and half.k * 2 == whole.k. Whether the
/// registers line up is analyze_k_split's question. Constexpr, so kernels find the pairs at compile time.
FRAGVIZ_HD constexpr bool is_k_split_candidate(const Instruction& whole, const Instruction& half) {
  return whole.a.type == half.a.type && whole.b.type == half.b.type && whole.c.type == half.c.type &&
         whole.op == half.op && whole.m == half.m && whole.n == half.n && whole.threads == half.threads &&
         whole.products == half.products && half.k * 2 == whole.k && whole.kind == half.kind &&
         whole.scale.vec == half.scale.vec && slot_bits(whole.a) == slot_bits(half.a) &&
         slot_bits(whole.b) == slot_bits(half.b);
}

/// Where one register of the whole instruction goes: register `reg` of half `half` (0: k below
/// K/2, 1: the rest). Registers are the operand's registers (an .f64 register is 64 bits).
struct HalfRegister {
  int half = 0;
  int reg = 0;
  friend bool operator==(HalfRegister a, HalfRegister b) { return a.half == b.half && a.reg == b.reg; }
};

/// One operand (A or B) of a K split.
struct OperandSplit {
  Operand operand = Operand::A;
  bool holds = false;
  std::vector<HalfRegister> map;  ///< per register of the whole instruction, when it holds
  std::string why;                ///< when not: the first lane / element that breaks it
  /// Registers [0, R/2) are half 0's registers in order, [R/2, R) half 1's.
  bool contiguous() const;
};

/// Whole = 2 x half along K, on the same registers.
struct KSplit {
  const Instruction* whole = nullptr;
  const Instruction* half = nullptr;
  OperandSplit a, b;
  bool c_same = false;  ///< W's C/D fragment is H's, element for element
  std::string c_why;    ///< when not: the first element that differs
  bool holds() const { return a.holds && b.holds && c_same; }
};

/// Checks the K split of `whole` into two `half` register for register (see the file comment).
/// Precondition: is_k_split_candidate(whole, half). Facts: PTX ISA, "Matrix Fragments for
/// mma.m…" of both (through the catalogue).
KSplit analyze_k_split(const Instruction& whole, const Instruction& half);

/// analyze_k_split for every candidate pair of the catalogue, in catalogue order of `whole`.
std::vector<KSplit> k_split_relations();

/// "A regs 0,1 -> half 0, 2,3 -> half 1" (a contiguous map) or "A reg 0 -> half 1 reg 0, ..."
/// (any other), or why it does not hold.
std::string describe_register_map(const OperandSplit& s);

/// "<whole> = 2 x <half>: A regs 0,1 -> half 0, 2,3 -> half 1; B reg 0 -> half 0, 1 -> half 1",
/// or "<whole> != 2 x <half>: <why>".
std::string describe_k_split(const KSplit& s);

// [SECTION] accumulator as A -------------------------------------------------------------------------

/// A producer C/D element: accumulator `element` of `lane` in producer n-tile `tile`.
struct ElementSource {
  int lane = 0;
  int tile = 0;
  int element = 0;
  friend bool operator==(ElementSource a, ElementSource b) {
    return a.lane == b.lane && a.tile == b.tile && a.element == b.element;
  }
  friend bool operator!=(ElementSource a, ElementSource b) { return !(a == b); }
};

/// Producer / consumer pairs the tool shows and checks: the FlashAttention P*V step for f16 (f32
/// and f16 accumulators), bf16, f16 m16n8k8, s8, e4m3 and tf32. Producer first.
struct ReusePairNames {
  const char* producer;
  const char* consumer;
};
inline constexpr ReusePairNames kReusePairs[] = {
    {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
     "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"},
    {"mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16",
     "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16"},
    {"mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32",
     "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"},
    {"mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32", "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32"},
    {"mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32", "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32"},
    {"mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32",
     "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32"},
    {"mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32",
     "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32"},
};
inline constexpr int kReusePairCount = static_cast<int>(sizeof kReusePairs / sizeof kReusePairs[0]);

/// Why `producer`'s C/D cannot feed `consumer`'s A at all, or nullopt: M must match, the
/// consumer's K must be a multiple of the producer's N, both single-product 32-thread mma, and a
/// conversion the reuse kernel has (see reuse_conversion_supported).
std::optional<std::string> reuse_candidate_error(const Instruction& producer, const Instruction& consumer);

/// Whether the reuse kernel converts `from` (a C/D type) to `to` (an A type): f32 -> f16, bf16,
/// tf32, e4m3, e5m2; s32 -> s8, u8; f16 -> f16.
bool reuse_conversion_supported(ElemType from, ElemType to);

/// The producer's C/D (`tiles` n-tiles side by side) as the consumer's A.
struct AccumulatorReuse {
  const Instruction* producer = nullptr;
  const Instruction* consumer = nullptr;
  std::string refused;               ///< reuse_candidate_error, when the pair cannot be related at all
  int tiles = 0;                     ///< consumer.k / producer.n
  int accumulators = 0;              ///< E: the producer's C/D elements per lane and tile
  int a_elements = 0;                ///< the consumer's A elements per lane (tiles * E)
  std::vector<ElementSource> right;  ///< [lane * a_elements + i]: where the right value lives
  std::vector<ElementSource> naive;  ///< [lane * a_elements + i]: (lane, i / E, i % E)
  int cross_lane = 0;                ///< (lane, i) whose right value lives in another lane
  int naive_wrong = 0;               ///< (lane, i) the naive repack fills from the wrong cell
  bool within_quad = true;           ///< every right source shares its lane's groupID (lane >> 2)
  bool holds() const { return refused.empty() && naive_wrong == 0; }
  int slots() const { return kWarpSize * a_elements; }
};

/// Where every element of `consumer`'s A comes from in `producer`'s C/D tiles, and what the naive
/// in-order repack gives instead. Facts: PTX ISA, "Matrix Fragments for mma.m…" of both (C/D of
/// the producer, A of the consumer, through the catalogue).
AccumulatorReuse analyze_accumulator_reuse(const Instruction& producer, const Instruction& consumer);

/// analyze_accumulator_reuse for every pair of kReusePairs (in that order).
std::vector<AccumulatorReuse> accumulator_reuse_relations();

/// The cell a producer element holds in the consumer's A coordinates: (row, tile * N + col) of the
/// producer's C/D fragment of `s.lane`, element `s.element`.
Coord source_cell(const AccumulatorReuse& r, ElementSource s);

/// "<producer> C/D -> A of <consumer> (2 n-tiles): reuse in place holds: every A element is the
/// lane's own accumulator, in order" or "... does NOT hold: 384 of 512 A elements must come from
/// another lane (all within the quad); the naive in-order repack fills 448 of 512 from the wrong
/// cell".
std::string describe_accumulator_reuse(const AccumulatorReuse& r);

/// One line for (lane, i): "lane 1 a0 = A(0,4) <- lane 2 n-tile 0 c0; naive: n-tile 0 c0 = (0,2),
/// wrong".
std::string describe_reuse_element(const AccumulatorReuse& r, int lane, int i);

/// The example the CLI prints for a pair that does not hold: the first (lane, i) whose right value
/// lives in another lane, in describe_reuse_element's words; "" when none does.
std::string reuse_example(const AccumulatorReuse& r);

// [SECTION] hardware checks: inputs and judges --------------------------------------------------------

/// Inputs of one K-split check: W's registers of one random exact tile (exact_tile), and per W
/// word which half and which H word it becomes (an .f64 register is two words).
struct KSplitRunPlan {
  const Instruction* whole = nullptr;
  const Instruction* half = nullptr;
  std::vector<std::uint32_t> a, b, c;  ///< W's registers, 32 x words_per_lane, lane-major
  std::vector<double> reference;       ///< D = A*B + C in double, cell-major (row * N + col)
  std::vector<int> a_half, a_word;     ///< per W A word: half, word of H's A
  std::vector<int> b_half, b_word;     ///< per W B word: half, word of H's B
};

/// Builds the check's inputs. Precondition: s.holds().
KSplitRunPlan plan_k_split_run(const KSplit& s, std::uint64_t seed);

/// What the hardware said about one K split.
struct KSplitCheck {
  KSplit model;
  bool ran = false;
  std::string skipped;  ///< why not, when !ran
  int d_elements = 0;   ///< M * N
  int d_equal = 0;      ///< D of W == D of the two H, element for element (values; +0 == -0)
  int whole_exact = 0;  ///< D of W == the double reference
  int split_exact = 0;  ///< D of the two H == the double reference
  std::string first_difference;
  bool agrees() const {
    return ran && d_equal == d_elements && whole_exact == d_elements && split_exact == d_elements;
  }
};

/// Judges the kernel's D words (32 x words_per_lane(C) each, W's and the split's).
KSplitCheck judge_k_split_run(const KSplit& model, const KSplitRunPlan& plan,
                              const std::vector<std::uint32_t>& d_whole,
                              const std::vector<std::uint32_t>& d_split);

/// Inputs of one accumulator-as-A check. The producer runs `tiles` times; tile j's C is chosen as
/// L_j - A_j*B_j so its D is exactly the label tile L_j, whose values are exact in the consumer's
/// A type (so the conversion is exact) and spread so neighbours differ. The consumer then runs
/// `passes` times on the repacked A: pass 0 with a random exact B, pass 1 + w with the selection
/// B[k][n] = 1 iff k = w*N + n, whose D is window w of the A the tensor core read.
struct ReuseRunPlan {
  const Instruction* producer = nullptr;
  const Instruction* consumer = nullptr;
  int tiles = 0, passes = 0;
  std::vector<std::uint32_t> pa, pb, pc;         ///< producer A, B, C: tiles x 32 x words, lane-major
  std::vector<std::uint32_t> qb, qc;             ///< consumer B, C: passes x 32 x words, lane-major
  std::vector<std::int32_t> src_lane, src_slot;  ///< right repack, [lane * a_elements + i]: source
                                                 ///< lane, source tile * E + element
  std::vector<double> a_right, a_naive;          ///< consumer A cell-major (row * K + col): right, naive
  std::vector<double> d_right, d_naive;          ///< passes x M x N cell-major: the two expected D
};

/// Builds the check's inputs. Fails with kind refused for a pair the model refuses (r.refused), and
/// kind internal, naming the first such value, where a value would not be exact (never for
/// kReusePairs: unit tested).
Outcome<ReuseRunPlan> plan_reuse_run(const AccumulatorReuse& r, std::uint64_t seed);

/// What the hardware said about one accumulator reuse.
struct ReuseCheck {
  AccumulatorReuse model;
  bool ran = false;
  std::string skipped;
  int d_elements = 0;            ///< passes * M * N, per repack
  int naive_equal_right = 0;     ///< naive-repack D == the right reference
  int naive_as_predicted = 0;    ///< naive-repack D == the model's prediction of it
  int right_exact = 0;           ///< shuffle-repack D == the right reference
  int a_cells = 0;               ///< consumer A cells read back through the selection passes
  int a_wrong_seen = 0;          ///< of those, naive cells whose value is not the right one
  int a_wrong_predicted = 0;     ///< cells the model predicts to hold a value other than the right one
  std::string first_difference;  ///< first D or A cell that is not as the model says
  bool agrees() const;
};

/// Judges the kernel's D words (passes x 32 x words_per_lane(C) each: naive and right repack).
ReuseCheck judge_reuse_run(const AccumulatorReuse& model, const ReuseRunPlan& plan,
                           const std::vector<std::uint32_t>& d_naive,
                           const std::vector<std::uint32_t>& d_right);

/// "on the GPU 128 of 128 D elements equal, both exact" (or what differed, or why not run).
std::string describe_k_split_check(const KSplitCheck& c);
/// "on the GPU: naive repack D as the model predicts in 640 of 640 (wrong A cells 448 of 512, as
/// predicted); shuffle repack exact in 640 of 640" (or what differed, or why not run).
std::string describe_reuse_check(const ReuseCheck& c);

/// Every relation the model knows, with what the hardware said where it ran.
struct RelationsReport {
  DeviceInfo device;                  ///< device 0, or why there is none (device.present == false)
  Error error;                        ///< a CUDA (or host) error that stopped the run; kind none otherwise
  std::vector<KSplitCheck> k_splits;  ///< one per k_split_relations() entry, in that order
  std::vector<ReuseCheck> reuse;      ///< one per accumulator_reuse_relations() entry
  double ms = 0;                      ///< inputs to verdicts, CUDA start-up excluded
};

/// The model's relations, none run: every check says `why` (a device's absence, a CUDA error).
RelationsReport relations_not_run(const DeviceInfo& device, const std::string& why);

}  // namespace fragviz
