// The tensor-core probe of one catalogue instruction, host side (no CUDA): the registers every
// pass feeds the mma and how the D registers it returns name each fragment element. The kernel
// (gpu/cuda/mma_probe_kernels.cu) only moves words; everything that names a cell is here, unit
// tested without a GPU (tests/unit/test_mma_probe.cpp).
//
// Passes (C = 0 unless said; "selection" matrices hold 1 where the row/col index matches):
// - A: every A slot (lane, element) holds one digit of its label slot+1 (digits as wide as the
//   type holds exact non-negative integers: f16/tf32 11 bits, bf16 8, u8 8, s8 7, e4m3 4, u4 4,
//   e5m2 3, s4 3, b1 1, f64 20); B is the selection B[k][n] = 1 iff k = w*N + n, so D[m][n] =
//   A[m][w*N + n]: window w of A, read through the model's C/D map. Every A cell's label names
//   the slot the tensor core took it from.
// - B: likewise with A the selection A[m][k] = 1 iff k = w*M + m, so D[m][n] = B[w*M + m][n].
// - .xor.popc: D = sum_k (a XOR b), so each digit also gets a baseline pass with the selection
//   matrix 0 (D0 = the row or column sum) and the digit is (D0 + 1 - D) / 2.
// - C/D: one-hot row passes (A[r][0] = 1, B[0][n] = 1: D[m][n] = 1 iff m = r), column passes
//   (A[m][0] = 1, B[0][c] = 1) and, for m8n8k4 .f16, product passes; each D slot is named by the
//   passes in which it reads 1, never by the store formula.
// - tile: random inputs exact in every type against a double-precision reference.
// What the tensor core cannot see is a permutation of k applied to A and B alike: A's k is
// named against B's as the model lays B out (and vice versa), which is what an mma computes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/fragment.hpp"
#include "fragviz/report/report.hpp"

namespace fragviz {

/// Everything one instruction's probe feeds the kernel, plus what the judge needs.
struct MmaProbePlan {
  const Instruction* instr = nullptr;
  int passes = 0;
  /// Pass-major, lane-major, word: passes x 32 x words_per_lane(A / B / C).
  std::vector<std::uint32_t> a, b, c;

  enum class Kind : std::uint8_t { a_label, a_base, b_label, b_base, d_row, d_col, d_product, tile };
  struct Pass {
    Kind kind;
    int window;  ///< a_label/b_label: which K window; d_*: the one-hot index
    int digit;   ///< a/b label and base passes: which digit of the label
  };
  std::vector<Pass> info;  ///< one per pass
  int digit_bits_a = 0, digits_a = 0, digit_bits_b = 0, digits_b = 0;
  std::vector<double> tile_reference;  ///< D of the tile pass, cell-major (see cell_index)
};

// cell_index (the cell-major order of every image here) is fragment.hpp's.

/// Bits of a non-negative integer label one element of `t` holds exactly (see the file comment);
/// 0 for types the probe does not label with (s32, f32).
int label_digit_bits(ElemType t);

/// Builds the passes for `in`. Pure and deterministic (the tile uses a fixed seed).
MmaProbePlan plan_mma_probe(const Instruction& in);

/// One tile of seeded random inputs exact in every type of `in`, small enough that every sum of
/// products is exact in the accumulator (f16 D included): integers over the whole range of the
/// integer types, multiples of 0.25 in [-1, 1] for floating-point A and B and in [-2, 2] for C.
/// Cell-major values (see cell_index), their lane-major register words as the catalogue packs
/// them, and the double-precision D = A*B + C (or the .b1 popc forms). The probe's tile pass is
/// exact_tile(in, 73).
struct ExactTile {
  std::vector<double> a, b, c, d;                        ///< cell-major values; d is the reference
  std::vector<std::uint32_t> a_words, b_words, c_words;  ///< 32 x words_per_lane, lane-major
};
ExactTile exact_tile(const Instruction& in, std::uint64_t seed);

/// Judges the kernel's D words (passes x 32 x words_per_lane(C)) against the catalogue: every A,
/// B and C/D element's measured coordinate, and the tile against its reference.
InstructionProbe judge_mma_probe(const MmaProbePlan& plan, const std::vector<std::uint32_t>& d);

/// Packs a cell-major operand image of raw element bits into lane-major register words, placing
/// each element where the catalogue's map says (the model's claim, which the probe tests).
std::vector<std::uint32_t> pack_operand(const Instruction& in, Operand op,
                                        const std::vector<std::uint64_t>& cells);
/// Reads element `i` of `lane` as raw bits from lane-major words (inverse of the packing).
std::uint64_t element_bits_of(const Instruction& in, Operand op, const std::uint32_t* lane_words, int i);

/// "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32: all 320 elements match (A 128, B 64,
/// C/D 128), tile exact, 9 passes" or the first mismatch named (lane, element, expected and
/// received coordinate), or why it did not run.
std::string describe_instruction_probe(const InstructionProbe& p);

}  // namespace fragviz
