// The instruction catalogue against the PTX ISA text.
//
// Everything this file compares the catalogue with is transcribed here from the PTX ISA text
// (PTX ISA 9.x, "Warp-level Matrix Fragment Storage": the "Matrix Fragments for mma.m…"
// subsections, and "Multiply-and-Accumulate Instruction: mma": Syntax, type restrictions, PTX ISA
// notes, Target ISA notes), never from catalogue_table.hpp or PTX-FACTS.md. Each PTX formula is one
// function below, written with groupID / threadID_in_group and the conditions on i exactly as the
// ISA prints them, its section named and its words quoted in short. The formula for an entry is
// picked from its mnemonic (shape, types, .row/.col), parsed here; the entry's ptx_section field
// is only checked for consistency.
//
// Per entry (TEST_P over fragviz::catalogue(), one test per property): mnemonic parses and
// agrees with m/n/k and the operand types; it is spelled in the PTX syntax's qualifier order; the
// type combination is one the PTX syntax allows; ptx_section; min_sm / arch_specific from the
// Target ISA notes; the PTX ISA version from the PTX ISA notes; operand shapes; elements and
// registers per lane from the fragment tables; register packing; every (lane, element) of A, B,
// C/D against the PTX formula; bijection of each operand onto its tile; owner_of as the inverse.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/fragment.hpp"
#include "fragviz/isa/tv_layout.hpp"

using fragviz::Coord;
using fragviz::ElemType;
using fragviz::Instruction;
using fragviz::MmaOp;
using fragviz::Operand;

namespace {

std::atomic<long> g_checks{0};  // individual comparisons made, printed at the end

// ------------------------------------------------------------------------------------------------
// PTX: "groupID = %laneid >> 2", "threadID_in_group = %laneid % 4" (every m8n8k16 .. m16n8k256
// section and the .f64 accumulator of m8n8k4). Written here, not taken from fragviz::group_id.
int groupID(int laneid) { return laneid >> 2; }
int threadID_in_group(int laneid) { return laneid % 4; }

// ================================================================================================
// "Matrix Fragments for mma.m8n8k4 with .f16 floating point type"
// "A warp executing mma.m8n8k4 with .f16 floating point type will compute 4 MMA operations":
//   MMA computation 1 | Threads with %laneid 0-3 (low group) and 16-19 (high group)
//   MMA computation 2 | ... 4-7 and 20-23;  3 | 8-11 and 24-27;  4 | 12-15 and 28-31
// The computation (0-based) is Coord::product.
int m8n8k4_computation(int laneid) {
  static const int kLow[4] = {0, 4, 8, 12};
  static const int kHigh[4] = {16, 20, 24, 28};
  for (int q = 0; q < 4; ++q)
    if ((laneid >= kLow[q] && laneid <= kLow[q] + 3) || (laneid >= kHigh[q] && laneid <= kHigh[q] + 3))
      return q;
  return -1;
}
// Row-major A (Figure 46): "row = %laneid % 4 if %laneid < 16, (%laneid % 4) + 4 otherwise;
// col = i for ai where i = {0,..,3}"
Coord ptx_m8n8k4_f16_a_row(int laneid, int i) {
  const int row = laneid < 16 ? laneid % 4 : (laneid % 4) + 4;
  return Coord{row, i, m8n8k4_computation(laneid)};
}
// Column-major A (Figure 47): "row = i % 4 for ai where i = {0,..,3} if %laneid < 16,
// (i % 4) + 4 ... otherwise; col = %laneid % 4"
Coord ptx_m8n8k4_f16_a_col(int laneid, int i) {
  const int row = laneid < 16 ? i % 4 : (i % 4) + 4;
  return Coord{row, laneid % 4, m8n8k4_computation(laneid)};
}
// Row-major B (Figure 48): "row = %laneid % 4; col = i for bi where i = {0,..,3} if %laneid < 16,
// i+4 ... otherwise"
Coord ptx_m8n8k4_f16_b_row(int laneid, int i) {
  const int col = laneid < 16 ? i : i + 4;
  return Coord{laneid % 4, col, m8n8k4_computation(laneid)};
}
// Column-major B (Figure 49): "row = i for bi where i = {0,..,3}; col = %laneid % 4 if
// %laneid < 16, (%laneid % 4) + 4 otherwise"
Coord ptx_m8n8k4_f16_b_col(int laneid, int i) {
  const int col = laneid < 16 ? laneid % 4 : (laneid % 4) + 4;
  return Coord{i, col, m8n8k4_computation(laneid)};
}
// C/D with .ctype = .f16 (Figure 50): "row = %laneid % 4 if %laneid < 16, (%laneid % 4) + 4
// otherwise; col = i for ci where i = {0,..,7}"
Coord ptx_m8n8k4_f16_c_f16(int laneid, int i) {
  const int row = laneid < 16 ? laneid % 4 : (laneid % 4) + 4;
  return Coord{row, i, m8n8k4_computation(laneid)};
}
// C/D with .ctype = .f32 (Figures 51, 52): "row = X if %laneid < 16, X + 4 otherwise, where
// X = (%laneid & 0b1) + (i & 0b10) for ci where i = {0,..,7};
// col = (i & 0b100) + (%laneid & 0b10) + (i & 0b1)"
Coord ptx_m8n8k4_f16_c_f32(int laneid, int i) {
  const int X = (laneid & 0b1) + (i & 0b10);
  const int row = laneid < 16 ? X : X + 4;
  const int col = (i & 0b100) + (laneid & 0b10) + (i & 0b1);
  return Coord{row, col, m8n8k4_computation(laneid)};
}

// ================================================================================================
// "Matrix Fragments for mma.m8n8k4 with .f64 floating point type"
// A (Figure 53): "row = %laneid >> 2; col = %laneid % 4"
Coord ptx_m8n8k4_f64_a(int laneid, int /*i*/) { return Coord{laneid >> 2, laneid % 4, 0}; }
// B (Figure 54): "row = %laneid % 4; col = %laneid >> 2"
Coord ptx_m8n8k4_f64_b(int laneid, int /*i*/) { return Coord{laneid % 4, laneid >> 2, 0}; }
// C/D (Figure 55): "row = groupID; col = (threadID_in_group * 2) + (i & 0x1) for ci where i = {0, 1}"
Coord ptx_m8n8k4_f64_c(int laneid, int i) {
  return Coord{groupID(laneid), (threadID_in_group(laneid) * 2) + (i & 0x1), 0};
}

// ================================================================================================
// "Matrix Fragments for mma.m8n8k16"
// A (Figure 56): "row = groupID; col = (threadID_in_group * 4) + i for ai where i = {0,..,3}"
Coord ptx_m8n8k16_a(int laneid, int i) {
  return Coord{groupID(laneid), (threadID_in_group(laneid) * 4) + i, 0};
}
// B (Figure 57): "row = (threadID_in_group * 4) + i for bi where i = {0,..,3}; col = groupID"
Coord ptx_m8n8k16_b(int laneid, int i) {
  return Coord{(threadID_in_group(laneid) * 4) + i, groupID(laneid), 0};
}

// "Matrix Fragments for mma.m8n8k32"
// A (Figure 59): "row = groupID; col = (threadID_in_group * 8) + i for ai where i = {0,..,7}"
Coord ptx_m8n8k32_a(int laneid, int i) {
  return Coord{groupID(laneid), (threadID_in_group(laneid) * 8) + i, 0};
}
// B (Figure 60): "row = (threadID_in_group * 8) + i for bi where i = {0,..,7}; col = groupID"
Coord ptx_m8n8k32_b(int laneid, int i) {
  return Coord{(threadID_in_group(laneid) * 8) + i, groupID(laneid), 0};
}

// "Matrix Fragments for mma.m8n8k128"
// A (Figure 62): "row = groupID; col = (threadID_in_group * 32) + i for ai where i = {0,..,31}"
Coord ptx_m8n8k128_a(int laneid, int i) {
  return Coord{groupID(laneid), (threadID_in_group(laneid) * 32) + i, 0};
}
// B (Figure 63): "row = (threadID_in_group * 32) + i for bi where i = {0,..,31}; col = groupID"
Coord ptx_m8n8k128_b(int laneid, int i) {
  return Coord{(threadID_in_group(laneid) * 32) + i, groupID(laneid), 0};
}

// The m8n8k16 (Figure 58), m8n8k32 (Figure 61) and m8n8k128 (Figure 64) .s32 accumulators, same
// words in all three sections: "row = groupID; col = (threadID_in_group * 2) + i for ci where
// i = {0, 1}"
Coord ptx_m8n8_s32_c(int laneid, int i) {
  return Coord{groupID(laneid), (threadID_in_group(laneid) * 2) + i, 0};
}

// ================================================================================================
// The 16x8 accumulator, printed with the same words in "Matrix Fragments for mma.m16n8k4"
// (Figures 69, 70), "...m16n8k8" (77, 78), "...m16n8k16 with floating point type" (83),
// "...m16n8k16 with integer type" (86), "...m16n8k32" (92), "...m16n8k64" (96), "...m16n8k128" (99),
// "...m16n8k256" (103): "row = groupID for c0 and c1 / for ci where i < 2, groupID + 8 for c2 and
// c3 / for ci where i >= 2; col = (threadID_in_group * 2) + (i & 0x1) for ci where i = {0,..,3}"
Coord ptx_m16n8_c(int laneid, int i) {
  const int row = i < 2 ? groupID(laneid) : groupID(laneid) + 8;
  return Coord{row, (threadID_in_group(laneid) * 2) + (i & 0x1), 0};
}

// "Matrix Fragments for mma.m16n8k4" (.tf32 Figures 65, 67 and .f64 Figures 66, 68: same words)
// A: "row = groupID for a0, groupID + 8 for a1; col = threadID_in_group"
Coord ptx_m16n8k4_a(int laneid, int i) {
  const int row = i == 0 ? groupID(laneid) : groupID(laneid) + 8;
  return Coord{row, threadID_in_group(laneid), 0};
}
// B: "row = threadID_in_group; col = groupID"
Coord ptx_m16n8k4_b(int laneid, int /*i*/) { return Coord{threadID_in_group(laneid), groupID(laneid), 0}; }

// "Matrix Fragments for mma.m16n8k8"
// A .f16/.bf16 (Figure 71): "row = groupID for a0 and a1, groupID + 8 for a2 and a3;
// col = threadID_in_group * 2 + (i & 0x1) for ai where i = {0,..,3}"
Coord ptx_m16n8k8_a_f16(int laneid, int i) {
  const int row = (i == 0 || i == 1) ? groupID(laneid) : groupID(laneid) + 8;
  return Coord{row, threadID_in_group(laneid) * 2 + (i & 0x1), 0};
}
// A .tf32 (Figure 72) and .f64 (Figure 73), same words: "row = groupID for a0 and a2,
// groupID + 8 for a1 and a3; col = threadID_in_group for a0 and a1, threadID_in_group + 4 for a2
// and a3"
Coord ptx_m16n8k8_a_tf32(int laneid, int i) {
  const int row = (i == 0 || i == 2) ? groupID(laneid) : groupID(laneid) + 8;
  const int col = (i == 0 || i == 1) ? threadID_in_group(laneid) : threadID_in_group(laneid) + 4;
  return Coord{row, col, 0};
}
// B .f16/.bf16 (Figure 74): "row = (threadID_in_group * 2) + i for bi where i = {0, 1};
// col = groupID"
Coord ptx_m16n8k8_b_f16(int laneid, int i) {
  return Coord{(threadID_in_group(laneid) * 2) + i, groupID(laneid), 0};
}
// B .tf32 (Figure 75) and .f64 (Figure 76), same words: "row = threadID_in_group for b0,
// threadID_in_group + 4 for b1; col = groupID"
Coord ptx_m16n8k8_b_tf32(int laneid, int i) {
  const int row = i == 0 ? threadID_in_group(laneid) : threadID_in_group(laneid) + 4;
  return Coord{row, groupID(laneid), 0};
}

// "Matrix Fragments for mma.m16n8k16 with floating point type"
// A .f16/.bf16 (Figure 79): "row = groupID for ai where 0 <= i < 2 || 4 <= i < 6, groupID + 8
// Otherwise; col = (threadID_in_group * 2) + (i & 0x1) for ai where i < 4,
// (threadID_in_group * 2) + (i & 0x1) + 8 for ai where i >= 4"
Coord ptx_m16n8k16_a_f16(int laneid, int i) {
  const int row = ((0 <= i && i < 2) || (4 <= i && i < 6)) ? groupID(laneid) : groupID(laneid) + 8;
  const int col =
      i < 4 ? (threadID_in_group(laneid) * 2) + (i & 0x1) : (threadID_in_group(laneid) * 2) + (i & 0x1) + 8;
  return Coord{row, col, 0};
}
// A .f64 (Figure 80): "row = groupID for ai where i % 2 = 0, groupID + 8 Otherwise;
// col = (i * 2) + threadID_in_group for ai where i % 2 = 0, (i * 2) - 2 + (threadID_in_group
// Otherwise". The text opens a parenthesis it never closes; closing it after threadID_in_group
// (the only place it can close) changes nothing in the value.
Coord ptx_m16n8k16_a_f64(int laneid, int i) {
  const int row = i % 2 == 0 ? groupID(laneid) : groupID(laneid) + 8;
  const int col =
      i % 2 == 0 ? (i * 2) + threadID_in_group(laneid) : (i * 2) - 2 + (threadID_in_group(laneid));
  return Coord{row, col, 0};
}
// B .f16/.bf16 (Figure 81): "row = (threadID_in_group * 2) + (i & 0x1) for bi where i < 2,
// (threadID_in_group * 2) + (i & 0x1) + 8 for bi where i >= 2; col = groupID"
Coord ptx_m16n8k16_b_f16(int laneid, int i) {
  const int row =
      i < 2 ? (threadID_in_group(laneid) * 2) + (i & 0x1) : (threadID_in_group(laneid) * 2) + (i & 0x1) + 8;
  return Coord{row, groupID(laneid), 0};
}
// B .f64 (Figure 82): "row = threadID_in_group + (i * 4) for bi where i < 4; col = groupID"
Coord ptx_m16n8k16_b_f64(int laneid, int i) {
  return Coord{threadID_in_group(laneid) + (i * 4), groupID(laneid), 0};
}

// "Matrix Fragments for mma.m16n8k16 with integer type" (.u8/.s8 and .e4m3/.e5m2 rows of the
// tables, one figure each)
// A (Figure 84): "row = groupID for ai where i < 4, groupID + 8 for ai where i >= 4;
// col = (threadID_in_group * 4) + (i & 0x3) for ai where i = {0,..,7}"
Coord ptx_m16n8k16_a_i8(int laneid, int i) {
  const int row = i < 4 ? groupID(laneid) : groupID(laneid) + 8;
  return Coord{row, (threadID_in_group(laneid) * 4) + (i & 0x3), 0};
}
// B (Figure 85): "row = (threadID_in_group * 4) + i for bi where i = {0,..,3}; col = groupID"
Coord ptx_m16n8k16_b_i8(int laneid, int i) {
  return Coord{(threadID_in_group(laneid) * 4) + i, groupID(laneid), 0};
}

// "Matrix Fragments for mma.m16n8k32"
// A .s4/.u4 (Figure 87): "row = groupID for ai where i < 8, groupID + 8 for ai where i >= 8;
// col = (threadID_in_group * 8) + (i & 0x7) for ai where i = {0,..,15}"
Coord ptx_m16n8k32_a_i4(int laneid, int i) {
  const int row = i < 8 ? groupID(laneid) : groupID(laneid) + 8;
  return Coord{row, (threadID_in_group(laneid) * 8) + (i & 0x7), 0};
}
// A .s8/.u8/.e4m3/.e5m2/.e3m2/.e2m3/.e2m1 (Figure 88): "row = groupID for ai where 0 <= i < 4 ||
// 8 <= i < 12, groupID + 8 otherwise; col = (threadID_in_group * 4) + (i & 0x3) for ai where
// i < 8, (threadID_in_group * 4) + (i & 0x3) + 16 for ai where i >= 8"
Coord ptx_m16n8k32_a_i8(int laneid, int i) {
  const int row = ((0 <= i && i < 4) || (8 <= i && i < 12)) ? groupID(laneid) : groupID(laneid) + 8;
  const int col =
      i < 8 ? (threadID_in_group(laneid) * 4) + (i & 0x3) : (threadID_in_group(laneid) * 4) + (i & 0x3) + 16;
  return Coord{row, col, 0};
}
// B .s4/.u4 (Figure 89): "row = (threadID_in_group * 8) + (i & 0x7) for bi where i = {0,..,7};
// col = groupID"
Coord ptx_m16n8k32_b_i4(int laneid, int i) {
  return Coord{(threadID_in_group(laneid) * 8) + (i & 0x7), groupID(laneid), 0};
}
// B .s8/.u8/.e4m3/.e5m2/.e3m2/.e2m3/.e2m1 (Figures 90, 91): "row = (threadID_in_group * 4) +
// (i & 0x3) for bi where i < 4, (threadID_in_group * 4) + (i & 0x3) + 16 for bi where i >= 4;
// col = groupID"
Coord ptx_m16n8k32_b_i8(int laneid, int i) {
  const int row =
      i < 4 ? (threadID_in_group(laneid) * 4) + (i & 0x3) : (threadID_in_group(laneid) * 4) + (i & 0x3) + 16;
  return Coord{row, groupID(laneid), 0};
}

// "Matrix Fragments for mma.m16n8k64"
// A (Figure 93): "row = groupID for ai where 0 <= i < 8 || 16 <= i < 24, groupID + 8 otherwise;
// col = (threadID_in_group * 8) + (i & 0x7) for ai where i < 16,
// (threadID_in_group * 8) + (i & 0x7) + 32 for ai where i >= 16"
Coord ptx_m16n8k64_a(int laneid, int i) {
  const int row = ((0 <= i && i < 8) || (16 <= i && i < 24)) ? groupID(laneid) : groupID(laneid) + 8;
  const int col =
      i < 16 ? (threadID_in_group(laneid) * 8) + (i & 0x7) : (threadID_in_group(laneid) * 8) + (i & 0x7) + 32;
  return Coord{row, col, 0};
}
// B (Figures 94, 95): "row = (threadID_in_group * 8) + (i & 0x7) for bi where i < 8,
// (threadID_in_group * 8) + (i & 0x7) + 32 for bi where i >= 8; col = groupID"
Coord ptx_m16n8k64_b(int laneid, int i) {
  const int row =
      i < 8 ? (threadID_in_group(laneid) * 8) + (i & 0x7) : (threadID_in_group(laneid) * 8) + (i & 0x7) + 32;
  return Coord{row, groupID(laneid), 0};
}

// "Matrix Fragments for mma.m16n8k128"
// A (Figure 97): "row = groupID for ai where i < 32, groupID + 8 for ai where i >= 32;
// col = (threadID_in_group * 32) + (i & 0x1F) for ai where i = {0, ...,63}"
Coord ptx_m16n8k128_a(int laneid, int i) {
  const int row = i < 32 ? groupID(laneid) : groupID(laneid) + 8;
  return Coord{row, (threadID_in_group(laneid) * 32) + (i & 0x1F), 0};
}
// B (Figure 98): "row = (threadID_in_group * 32) + i for bi where i = {0,...,31}; col = groupID"
Coord ptx_m16n8k128_b(int laneid, int i) {
  return Coord{(threadID_in_group(laneid) * 32) + i, groupID(laneid), 0};
}

// "Matrix Fragments for mma.m16n8k256"
// A (Figure 100), exactly as printed: "row = groupID for ai where 0 <= i < 32 || 64 <= i < 96,
// groupID + 8 otherwise; col = (threadID_in_group * 32) + i for ai where i < 64,
// (threadID_in_group * 32) + (i & 0x1F) + 128 for ai where i >= 64".
// Read literally this is not a bijection onto the 16 x 256 tile (test PtxText below): for
// 32 <= i < 64 it gives row groupID + 8 and col 32*threadID_in_group + i, i.e. cols 32..159, which
// leaves cols 0..31 of rows 8..15 unowned and gives cols 128..159 of rows 8..15 two owners
// (threadID_in_group 3 with 32 <= i < 64, and threadID_in_group 0 with i >= 96).
Coord ptx_m16n8k256_a_as_printed(int laneid, int i) {
  const int row = ((0 <= i && i < 32) || (64 <= i && i < 96)) ? groupID(laneid) : groupID(laneid) + 8;
  const int col =
      i < 64 ? (threadID_in_group(laneid) * 32) + i : (threadID_in_group(laneid) * 32) + (i & 0x1F) + 128;
  return Coord{row, col, 0};
}
// The reading checked against the catalogue: the i < 64 branch with (i & 0x1F), as the i >= 64
// branch of the same formula, the same section's B ("(i & 0x1F)" for bi where i < 32) and the
// m16n8k128 A ("(threadID_in_group * 32) + (i & 0x1F) for ai where i = {0, ...,63}") write it.
// This is a correction of the text, not the text. A one-off probe on the H200 (sm_90, 2026-12-01:
// mma.m16n8k256...and.popc with one A bit set per run, B all ones and then B[k][n] = bit n of k)
// put all 4096 (lane, element) pairs where this reading says, and 1024 of them (every lane,
// 32 <= i < 64) where the printed text does not; the project's own probes should repeat it.
Coord ptx_m16n8k256_a(int laneid, int i) {
  const int row = ((0 <= i && i < 32) || (64 <= i && i < 96)) ? groupID(laneid) : groupID(laneid) + 8;
  const int col = i < 64 ? (threadID_in_group(laneid) * 32) + (i & 0x1F)
                         : (threadID_in_group(laneid) * 32) + (i & 0x1F) + 128;
  return Coord{row, col, 0};
}
// B (Figures 101, 102): "row = (threadID_in_group * 32) + (i & 0x1F) for bi where i < 32,
// (threadID_in_group * 32) + (i & 0x1F) + 128 for bi where i >= 32; col = groupID"
Coord ptx_m16n8k256_b(int laneid, int i) {
  const int row = i < 32 ? (threadID_in_group(laneid) * 32) + (i & 0x1F)
                         : (threadID_in_group(laneid) * 32) + (i & 0x1F) + 128;
  return Coord{row, groupID(laneid), 0};
}

// ================================================================================================
// The mnemonic, parsed here from its text.
struct Mnemonic {
  bool ok = false;
  std::string error;
  std::vector<std::string> tokens;  // split on '.'
  int m = 0, n = 0, k = 0;
  std::string shape, alayout, blayout, dtype, atype, btype, ctype;
  std::string kind;          // "kind::f8f6f4" or empty
  bool block_scale = false;  // .block_scale
  int scale_vec = 0;         // .scale_vec::NX: N; 0 if not written
  std::string stype;         // .ue8m0 / .ue4m3 (block-scaled) or empty
  bool satfinite = false;
  std::string bitop;  // "xor" / "and" or empty
  bool popc = false;
  std::string rounding;  // "rn", ... or empty (f64)
};

const std::set<std::string> kPtxTypes = {"f16",  "bf16", "tf32", "f32", "f64", "s32",  "s8",   "u8",
                                         "e4m3", "e5m2", "s4",   "u4",  "b1",  "e3m2", "e2m3", "e2m1"};

bool parse_shape(const std::string& t, int& m, int& n, int& k) {
  int mm = 0, nn = 0, kk = 0;
  char tail = 0;
  if (std::sscanf(t.c_str(), "m%dn%dk%d%c", &mm, &nn, &kk, &tail) != 3) return false;
  if (t != "m" + std::to_string(mm) + "n" + std::to_string(nn) + "k" + std::to_string(kk)) return false;
  m = mm, n = nn, k = kk;
  return true;
}

// Lenient parse: takes every qualifier wherever it stands, so that the layout checks run even on
// a mnemonic whose qualifier order the strict check (ptx_spelling_error) rejects.
Mnemonic parse_mnemonic(const std::string& text) {
  Mnemonic mn;
  std::stringstream ss(text);
  for (std::string t; std::getline(ss, t, '.');) mn.tokens.push_back(t);
  const auto& tk = mn.tokens;
  if (tk.size() < 3 || tk[0] != "mma" || tk[1] != "sync" || tk[2] != "aligned") {
    mn.error = "does not start with mma.sync.aligned";
    return mn;
  }
  std::vector<std::string> types, layouts;
  for (size_t j = 3; j < tk.size(); ++j) {
    const std::string& t = tk[j];
    int m, n, k;
    if (t.rfind("kind::", 0) == 0) {
      mn.kind = t;
    } else if (t == "block_scale") {
      mn.block_scale = true;
    } else if (t == "scale_vec::1X" || t == "scale_vec::2X" || t == "scale_vec::4X") {
      mn.scale_vec = t[11] - '0';
    } else if (t == "ue8m0" || t == "ue4m3") {
      mn.stype = t;
    } else if (parse_shape(t, m, n, k)) {
      if (!mn.shape.empty()) {
        mn.error = "two shapes";
        return mn;
      }
      mn.shape = t, mn.m = m, mn.n = n, mn.k = k;
    } else if (t == "row" || t == "col") {
      layouts.push_back(t);
    } else if (t == "satfinite") {
      mn.satfinite = true;
    } else if (t == "xor" || t == "and") {
      mn.bitop = t;
    } else if (t == "popc") {
      mn.popc = true;
    } else if (t == "rn" || t == "rz" || t == "rm" || t == "rp") {
      mn.rounding = t;
    } else if (kPtxTypes.count(t)) {
      types.push_back(t);
    } else {
      mn.error = "unknown qualifier ." + t;
      return mn;
    }
  }
  if (mn.shape.empty()) {
    mn.error = "no shape";
    return mn;
  }
  if (layouts.size() != 2) {
    mn.error = "needs .alayout.blayout";
    return mn;
  }
  if (types.size() != 4) {
    mn.error = "needs .dtype.atype.btype.ctype";
    return mn;
  }
  mn.alayout = layouts[0], mn.blayout = layouts[1];
  // "mma.sync.aligned...dtype.atype.btype.ctype d, a, b, c" (every Syntax line)
  mn.dtype = types[0], mn.atype = types[1], mn.btype = types[2], mn.ctype = types[3];
  if (mn.block_scale != !mn.stype.empty()) {
    mn.error = ".block_scale without .stype or .stype without .block_scale";
    return mn;
  }
  if (!mn.bitop.empty() != mn.popc) {
    mn.error = "bitOp without .popc or .popc without bitOp";
    return mn;
  }
  mn.ok = true;
  return mn;
}

// Strict: the qualifiers in the order of the mma Syntax lines. "" if the spelling follows them.
//   mma.sync.aligned.m8n8k4.alayout.blayout.dtype.f16.f16.ctype
//   mma.sync.aligned.m16n8k32.row.col.kind.dtype.f8f6f4type.f8f6f4type.ctype
//   mma.sync.aligned.m16n8k32.row.col.kind.block_scale{.scale_vec_size}.f32.f8f6f4type.f8f6f4type.f32.stype
//   mma.sync.aligned.m16n8k64.row.col.kind.block_scale{.scale_vec_size}.f32.e2m1.e2m1.f32.stype
//   mma.sync.aligned.shape.row.col{.satfinite}.s32.atype.btype.s32
//   mma.sync.aligned.shape.row.col.s32.b1.b1.s32.bitOp.popc
//   mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64.rn   (Examples of .f64)
std::string ptx_spelling_error(const Mnemonic& mn) {
  const auto& tk = mn.tokens;
  size_t j = 3;
  auto at = [&](size_t p) -> std::string { return p < tk.size() ? tk[p] : std::string("(end)"); };
  int m, n, k;
  if (!parse_shape(at(j), m, n, k))
    return "." + at(j) + " where the PTX syntax has the shape (mma.sync.aligned.shape...)";
  ++j;
  for (int l = 0; l < 2; ++l, ++j)
    if (at(j) != "row" && at(j) != "col") return "." + at(j) + " where the PTX syntax has .alayout/.blayout";
  bool scaled = false;
  if (at(j).rfind("kind::", 0) == 0) {
    if (at(3) != "m16n8k32" && at(3) != "m16n8k64")
      return ".kind is only in the syntax lines mma.sync.aligned.m16n8k32/m16n8k64.row.col.kind...";
    ++j;
    if (at(j) == "block_scale") {
      scaled = true;
      ++j;
      if (at(j).rfind("scale_vec::", 0) == 0) ++j;
    }
  }
  if (at(j) == "satfinite") ++j;
  for (int t = 0; t < 4; ++t, ++j)
    if (!kPtxTypes.count(at(j))) return "." + at(j) + " where the PTX syntax has .dtype.atype.btype.ctype";
  if (scaled) {
    if (at(j) != "ue8m0" && at(j) != "ue4m3") return "." + at(j) + " where the PTX syntax has .stype";
    ++j;
  }
  if (at(j) == "xor" || at(j) == "and") {
    ++j;
    if (at(j) != "popc") return "bitOp not followed by .popc";
    ++j;
  }
  if (at(j) == "rn" || at(j) == "rz" || at(j) == "rm" || at(j) == "rp") ++j;
  if (j != tk.size()) return "." + at(j) + " after the last qualifier the PTX syntax allows";
  return "";
}

bool is_any(const std::string& s, std::initializer_list<const char*> set) {
  for (const char* v : set)
    if (s == v) return true;
  return false;
}

// The type combinations of the mma Syntax lines and "Specific shapes have type restrictions".
// "" if allowed.
std::string ptx_combination_error(const Mnemonic& mn) {
  const std::string& s = mn.shape;
  const bool rowcol = mn.alayout == "row" && mn.blayout == "col";
  const bool f16x2 = mn.atype == "f16" && mn.btype == "f16";
  // "Specific shapes have type restrictions: .m8n8k4: When .ctype is .f32, .dtype must also be
  // .f32. .m16n8k8: .dtype must be the same as .ctype. .atype must be the same as .btype.
  // .m16n8k16 and .m16n8k32: .dtype must be the same as .ctype."
  if (s == "m8n8k4" && mn.ctype == "f32" && mn.dtype != "f32") return "m8n8k4: .ctype .f32 needs .dtype .f32";
  if (s == "m16n8k8" && (mn.dtype != mn.ctype || mn.atype != mn.btype))
    return "m16n8k8: dtype != ctype or atype != btype";
  if ((s == "m16n8k16" || s == "m16n8k32") && mn.dtype != mn.ctype) return "m16n8k16/32: dtype != ctype";
  const bool f8f6f4_ab = is_any(mn.atype, {"e4m3", "e5m2", "e3m2", "e2m3", "e2m1"}) &&
                         is_any(mn.btype, {"e4m3", "e5m2", "e3m2", "e2m3", "e2m1"});
  if (mn.block_scale) {
    // "Alternate floating point type with block scaling" (PTX ISA 9.2, mma syntax) and Table 36
    // ("Valid combinations of .scale_vec_size and .kind qualifier"). The vector size defaults to
    // 1X for mxf8f6f4 and 2X for mxf4; mxf4nvf4 must name it.
    if (!rowcol || mn.dtype != "f32" || mn.ctype != "f32") return "block scaling: .row.col.f32 ... .f32";
    if (mn.kind == "kind::mxf8f6f4") {
      if (s != "m16n8k32" || !f8f6f4_ab) return "mxf8f6f4: m16n8k32 with .f8f6f4type A and B";
      if (mn.stype != "ue8m0" || (mn.scale_vec != 0 && mn.scale_vec != 1))
        return "Table 36: mxf8f6f4 .ue8m0 1X";
      return "";
    }
    if (s != "m16n8k64" || mn.atype != "e2m1" || mn.btype != "e2m1") return "mxf4*: m16n8k64 .e2m1.e2m1";
    if (mn.kind == "kind::mxf4")
      return mn.stype == "ue8m0" && (mn.scale_vec == 0 || mn.scale_vec == 2) ? ""
                                                                             : "Table 36: mxf4 .ue8m0 2X";
    if (mn.kind == "kind::mxf4nvf4") {
      if (mn.scale_vec == 0) return "mxf4nvf4 must name .scale_vec_size";
      if (mn.stype == "ue8m0" && (mn.scale_vec == 2 || mn.scale_vec == 4)) return "";
      if (mn.stype == "ue4m3" && mn.scale_vec == 4) return "";
      return "Table 36: mxf4nvf4 .ue8m0 2X/4X or .ue4m3 4X";
    }
    return "no block-scaled .kind " + mn.kind;
  }
  if (!mn.kind.empty()) {
    // mma.sync.aligned.m16n8k32.row.col.kind.dtype.f8f6f4type.f8f6f4type.ctype, .kind = {.kind::f8f6f4}
    if (mn.kind != "kind::f8f6f4" || s != "m16n8k32" || !rowcol) return "not a .kind::f8f6f4 syntax line";
    if (!is_any(mn.atype, {"e4m3", "e5m2", "e3m2", "e2m3", "e2m1"}) ||
        !is_any(mn.btype, {"e4m3", "e5m2", "e3m2", "e2m3", "e2m1"}))
      return ".f8f6f4type = {.e4m3, .e5m2, .e3m2, .e2m3, .e2m1}";
    if (!is_any(mn.dtype, {"f16", "f32"}) || !is_any(mn.ctype, {"f16", "f32"}))
      return ".ctype/.dtype = {.f16, .f32}";
    return "";
  }
  if (f16x2) {
    // mma.sync.aligned.m8n8k4.alayout.blayout.dtype.f16.f16.ctype; m16n8k8/k16 .row.col
    if (!(s == "m8n8k4" || ((s == "m16n8k8" || s == "m16n8k16") && rowcol)))
      return "no .f16 syntax line for this shape/layout";
    if (!is_any(mn.dtype, {"f16", "f32"}) || !is_any(mn.ctype, {"f16", "f32"}))
      return ".ctype/.dtype = {.f16, .f32}";
    return "";
  }
  if (!rowcol) return "only .f16 m8n8k4 takes .alayout/.blayout other than .row.col";
  if (mn.atype == "tf32" || mn.atype == "bf16") {
    // m16n8k4.row.col.f32.tf32.tf32.f32; m16n8k8.row.col.f32.atype.btype.f32 {.bf16,.tf32};
    // m16n8k16.row.col.f32.bf16.bf16.f32
    if (mn.dtype != "f32" || mn.ctype != "f32" || mn.atype != mn.btype)
      return "alternate fp: .f32.atype.btype.f32";
    if (mn.atype == "tf32" && (s == "m16n8k4" || s == "m16n8k8")) return "";
    if (mn.atype == "bf16" && (s == "m16n8k8" || s == "m16n8k16")) return "";
    return "no alternate fp syntax line for this shape";
  }
  if (is_any(mn.atype, {"e4m3", "e5m2"})) {
    // mma.sync.aligned.shape.row.col.dtype.f8type.f8type.ctype, .shape = {.m16n8k16, .m16n8k32}
    if (!is_any(mn.btype, {"e4m3", "e5m2"}) || !(s == "m16n8k16" || s == "m16n8k32"))
      return "f8type syntax line";
    if (!is_any(mn.dtype, {"f16", "f32"}) || !is_any(mn.ctype, {"f16", "f32"}))
      return ".ctype/.dtype = {.f16, .f32}";
    return "";
  }
  if (mn.atype == "f64") {
    // mma.sync.aligned.shape.row.col.f64.f64.f64.f64, .shape = {.m8n84, .m16n8k4, .m16n8k8, .m16n8k16}
    // (".m8n84" is how the text prints .m8n8k4)
    if (mn.btype != "f64" || mn.ctype != "f64" || mn.dtype != "f64") return "f64 syntax line";
    return is_any(s, {"m8n8k4", "m16n8k4", "m16n8k8", "m16n8k16"}) ? "" : "f64 shape";
  }
  if (is_any(mn.atype, {"s8", "u8"})) {
    if (!is_any(mn.btype, {"s8", "u8"}) || mn.dtype != "s32" || mn.ctype != "s32")
      return "integer syntax line";
    return is_any(s, {"m8n8k16", "m16n8k16", "m16n8k32"}) ? "" : "u8/s8 shape";
  }
  if (is_any(mn.atype, {"s4", "u4"})) {
    if (!is_any(mn.btype, {"s4", "u4"}) || mn.dtype != "s32" || mn.ctype != "s32")
      return "integer syntax line";
    return is_any(s, {"m8n8k32", "m16n8k32", "m16n8k64"}) ? "" : "u4/s4 shape";
  }
  if (mn.atype == "b1") {
    // mma.sync.aligned.shape.row.col.s32.b1.b1.s32.bitOp.popc
    if (mn.btype != "b1" || mn.dtype != "s32" || mn.ctype != "s32" || mn.bitop.empty())
      return "single-bit syntax line";
    return is_any(s, {"m8n8k128", "m16n8k128", "m16n8k256"}) ? "" : "b1 shape";
  }
  return "no syntax line for these types";
}

std::optional<ElemType> elem_type(const std::string& t) {
  static const std::map<std::string, ElemType> kMap = {
      {"f16", ElemType::f16},   {"bf16", ElemType::bf16}, {"tf32", ElemType::tf32}, {"f32", ElemType::f32},
      {"f64", ElemType::f64},   {"s32", ElemType::s32},   {"s8", ElemType::s8},     {"u8", ElemType::u8},
      {"e4m3", ElemType::e4m3}, {"e5m2", ElemType::e5m2}, {"s4", ElemType::s4},     {"u4", ElemType::u4},
      {"b1", ElemType::b1},     {"e3m2", ElemType::e3m2}, {"e2m3", ElemType::e2m3}, {"e2m1", ElemType::e2m1}};
  auto it = kMap.find(t);
  if (it == kMap.end()) return std::nullopt;
  return it->second;
}

// ================================================================================================
// One operand's fragment as the PTX fragment tables describe it.
struct PtxFragment {
  Coord (*coord)(int laneid, int i) = nullptr;
  int elements = 0;        // "Elements (low to high)": a0, a1, ..., a(elements-1)
  int registers = 0;       // "A vector expression containing <registers> ... registers"
  int register_bits = 32;  // .b32 / .f32 / .s32 / .f16x2 registers; 64 for .f64 registers
  const char* text = "";   // the table row and formula, short
};

struct PtxLayout {
  std::string section;  // "Matrix Fragments for mma.m…" subsection name
  int products = 1;     // m8n8k4 .f16: "will compute 4 MMA operations"; else "an MMA operation"
  PtxFragment a, b, c;
};

// Picks the PTX section and formulas from the parsed mnemonic alone.
std::optional<PtxLayout> ptx_layout_for(const Mnemonic& mn) {
  const std::string& s = mn.shape;
  const std::string& at = mn.atype;
  const std::string& ct = mn.ctype;
  const bool f16 = at == "f16" || at == "bf16";
  const bool i8 = is_any(at, {"s8", "u8"});
  const bool f8 = is_any(at, {"e4m3", "e5m2", "e3m2", "e2m3", "e2m1"});
  const bool i4 = is_any(at, {"s4", "u4"});
  PtxLayout L;
  // accumulators of the 16x8 shapes
  const PtxFragment c_f32{
      ptx_m16n8_c, 4, 4, 32,
      ".f32: four .f32 registers, c0..c3; row = groupID (+8 for i >= 2), col = tig*2 + (i & 0x1)"};
  const PtxFragment c_s32{
      ptx_m16n8_c, 4, 4, 32,
      ".s32: four .s32 registers, c0..c3; row = groupID (+8 for i >= 2), col = tig*2 + (i & 0x1)"};
  const PtxFragment c_f16{
      ptx_m16n8_c, 4, 2, 32,
      ".f16: two .f16x2 registers, c0..c3; row = groupID (+8 for i >= 2), col = tig*2 + (i & 0x1)"};
  const PtxFragment c_f64{
      ptx_m16n8_c, 4, 4, 64,
      ".f64: four .f64 registers, c0..c3; row = groupID (+8 for i >= 2), col = tig*2 + (i & 0x1)"};
  auto c16x8 = [&]() -> std::optional<PtxFragment> {
    if (ct == "f32") return c_f32;
    if (ct == "s32") return c_s32;
    if (ct == "f16") return c_f16;
    if (ct == "f64") return c_f64;
    return std::nullopt;
  };

  if (s == "m8n8k4" && at == "f16") {
    L.section = "Matrix Fragments for mma.m8n8k4 with .f16 floating point type";
    L.products = 4;
    L.a =
        mn.alayout == "row"
            ? PtxFragment{ptx_m8n8k4_f16_a_row, 4, 2, 32,
                          "row-major A: two .f16x2, a0..a3; row = %laneid % 4 (+4 if %laneid >= 16), col = i"}
            : PtxFragment{
                  ptx_m8n8k4_f16_a_col, 4, 2, 32,
                  "column-major A: two .f16x2, a0..a3; row = i % 4 (+4 if %laneid >= 16), col = %laneid % 4"};
    L.b = mn.blayout == "row"
              ? PtxFragment{ptx_m8n8k4_f16_b_row, 4, 2, 32,
                            "row-major B: two .f16x2, b0..b3; row = %laneid % 4, col = i (i+4 if %laneid >= "
                            "16)"}
              : PtxFragment{
                    ptx_m8n8k4_f16_b_col, 4, 2, 32,
                    "column-major B: two .f16x2, b0..b3; row = i, col = %laneid % 4 (+4 if %laneid >= 16)"};
    if (ct == "f16")
      L.c = PtxFragment{ptx_m8n8k4_f16_c_f16, 8, 4, 32,
                        ".ctype .f16: four .f16x2, c0..c7; row = %laneid % 4 (+4 if %laneid >= 16), col = i"};
    else if (ct == "f32")
      L.c = PtxFragment{ptx_m8n8k4_f16_c_f32, 8, 8, 32,
                        ".ctype .f32: eight .f32; row = X (+4), X = (%laneid & 0b1) + (i & 0b10), col = (i & "
                        "0b100) + (%laneid & 0b10) + (i & 0b1)"};
    else
      return std::nullopt;
    return L;
  }
  if (s == "m8n8k4" && at == "f64") {
    L.section = "Matrix Fragments for mma.m8n8k4 with .f64 floating point type";
    L.a = PtxFragment{ptx_m8n8k4_f64_a, 1, 1, 64,
                      "a single .f64 register, a0; row = %laneid >> 2, col = %laneid % 4"};
    L.b = PtxFragment{ptx_m8n8k4_f64_b, 1, 1, 64,
                      "a single .f64 register, b0; row = %laneid % 4, col = %laneid >> 2"};
    L.c = PtxFragment{ptx_m8n8k4_f64_c, 2, 2, 64,
                      "two .f64 registers, c0, c1; row = groupID, col = tig*2 + (i & 0x1)"};
    return L;
  }
  const PtxFragment c_m8n8_s32{ptx_m8n8_s32_c, 2, 2, 32,
                               ".s32: two .s32 registers, c0, c1; row = groupID, col = tig*2 + i"};
  if (s == "m8n8k16" && i8) {
    L.section = "Matrix Fragments for mma.m8n8k16";
    L.a = PtxFragment{ptx_m8n8k16_a, 4, 1, 32,
                      "a single .b32 register, four .s8/.u8, a0..a3; row = groupID, col = tig*4 + i"};
    L.b = PtxFragment{ptx_m8n8k16_b, 4, 1, 32,
                      "a single .b32 register, four .s8/.u8, b0..b3; row = tig*4 + i, col = groupID"};
    L.c = c_m8n8_s32;
    return L;
  }
  if (s == "m8n8k32" && i4) {
    L.section = "Matrix Fragments for mma.m8n8k32";
    L.a = PtxFragment{ptx_m8n8k32_a, 8, 1, 32,
                      "a single .b32 register, eight .s4/.u4, a0..a7; row = groupID, col = tig*8 + i"};
    L.b = PtxFragment{ptx_m8n8k32_b, 8, 1, 32,
                      "a single .b32 register, eight .s4/.u4, b0..b7; row = tig*8 + i, col = groupID"};
    L.c = c_m8n8_s32;
    return L;
  }
  if (s == "m8n8k128" && at == "b1") {
    L.section = "Matrix Fragments for mma.m8n8k128";
    L.a = PtxFragment{ptx_m8n8k128_a, 32, 1, 32,
                      "a single .b32 register, thirty two .b1, a0..a31; row = groupID, col = tig*32 + i"};
    L.b = PtxFragment{ptx_m8n8k128_b, 32, 1, 32,
                      "a single .b32 register, thirty two .b1, b0..b31; row = tig*32 + i, col = groupID"};
    L.c = c_m8n8_s32;
    return L;
  }
  auto c = c16x8();
  if (!c) return std::nullopt;
  L.c = *c;
  if (s == "m16n8k4" && (at == "tf32" || at == "f64")) {
    L.section = "Matrix Fragments for mma.m16n8k4";
    const int rb = at == "f64" ? 64 : 32;
    L.a = PtxFragment{
        ptx_m16n8k4_a, 2, 2, rb,
        "two .b32 (.tf32) / two .f64 registers, a0, a1; row = groupID for a0, +8 for a1, col = tig"};
    L.b = PtxFragment{ptx_m16n8k4_b, 1, 1, rb,
                      "a single .b32 (.tf32) / .f64 register, b0; row = tig, col = groupID"};
    return L;
  }
  if (s == "m16n8k8" && f16) {
    L.section = "Matrix Fragments for mma.m16n8k8";
    L.a = PtxFragment{
        ptx_m16n8k8_a_f16, 4, 2, 32,
        ".f16/.bf16: two .f16x2, a0..a3; row = groupID for a0, a1, +8 for a2, a3; col = tig*2 + (i & 0x1)"};
    L.b = PtxFragment{ptx_m16n8k8_b_f16, 2, 1, 32,
                      ".f16/.bf16: a single .f16x2, b0, b1; row = tig*2 + i, col = groupID"};
    return L;
  }
  if (s == "m16n8k8" && (at == "tf32" || at == "f64")) {
    L.section = "Matrix Fragments for mma.m16n8k8";
    const int rb = at == "f64" ? 64 : 32;
    L.a = PtxFragment{ptx_m16n8k8_a_tf32, 4, 4, rb,
                      ".tf32: four .b32 / .f64: four .f64, a0..a3; row = groupID for a0, a2, +8 for a1, a3; "
                      "col = tig for a0, a1, tig + 4 for a2, a3"};
    L.b = PtxFragment{
        ptx_m16n8k8_b_tf32, 2, 2, rb,
        ".tf32: two .b32 / .f64: two .f64, b0, b1; row = tig for b0, tig + 4 for b1; col = groupID"};
    return L;
  }
  if (s == "m16n8k16" && f16) {
    L.section = "Matrix Fragments for mma.m16n8k16 with floating point type";
    L.a = PtxFragment{ptx_m16n8k16_a_f16, 8, 4, 32,
                      ".f16/.bf16: four .f16x2, a0..a7; row = groupID for 0 <= i < 2 || 4 <= i < 6, else +8; "
                      "col = tig*2 + (i & 0x1) (+8 for i >= 4)"};
    L.b =
        PtxFragment{ptx_m16n8k16_b_f16, 4, 2, 32,
                    ".f16/.bf16: two .f16x2, b0..b3; row = tig*2 + (i & 0x1) (+8 for i >= 2), col = groupID"};
    return L;
  }
  if (s == "m16n8k16" && at == "f64") {
    L.section = "Matrix Fragments for mma.m16n8k16 with floating point type";
    L.a = PtxFragment{ptx_m16n8k16_a_f64, 8, 8, 64,
                      ".f64: eight .f64, a0..a7; row = groupID for i % 2 = 0, else +8; col = (i * 2) + tig "
                      "for i % 2 = 0, (i * 2) - 2 + (tig otherwise"};
    L.b = PtxFragment{ptx_m16n8k16_b_f64, 4, 4, 64,
                      ".f64: four .f64, b0..b3; row = tig + (i * 4), col = groupID"};
    return L;
  }
  if (s == "m16n8k16" && (i8 || at == "e4m3" || at == "e5m2")) {
    L.section = "Matrix Fragments for mma.m16n8k16 with integer type";
    L.a = PtxFragment{ptx_m16n8k16_a_i8, 8, 2, 32,
                      ".u8/.s8, .e4m3/.e5m2: two .b32, four elements each, a0..a7; row = groupID for i < 4, "
                      "else +8; col = tig*4 + (i & 0x3)"};
    L.b = PtxFragment{
        ptx_m16n8k16_b_i8, 4, 1, 32,
        ".u8/.s8, .e4m3/.e5m2: a single .b32, four elements, b0..b3; row = tig*4 + i, col = groupID"};
    return L;
  }
  if (s == "m16n8k32" && i4) {
    L.section = "Matrix Fragments for mma.m16n8k32";
    L.a = PtxFragment{
        ptx_m16n8k32_a_i4, 16, 2, 32,
        ".s4/.u4: two .b32, eight each, a0..a15; row = groupID for i < 8, else +8; col = tig*8 + (i & 0x7)"};
    L.b = PtxFragment{ptx_m16n8k32_b_i4, 8, 1, 32,
                      ".s4/.u4: a single .b32, eight, b0..b7; row = tig*8 + (i & 0x7), col = groupID"};
    return L;
  }
  if (s == "m16n8k32" && (i8 || f8)) {
    L.section = "Matrix Fragments for mma.m16n8k32";
    L.a = PtxFragment{ptx_m16n8k32_a_i8, 16, 4, 32,
                      ".s8/.u8/.e4m3/.e5m2/.e3m2/.e2m3/.e2m1: four .b32, four each, a0..a15; row = groupID "
                      "for 0 <= i < 4 || 8 <= i < 12, else +8; col = tig*4 + (i & 0x3) (+16 for i >= 8)"};
    L.b = PtxFragment{ptx_m16n8k32_b_i8, 8, 2, 32,
                      ".s8/.u8/.e4m3/.e5m2/.e3m2/.e2m3/.e2m1: two .b32, four each, b0..b7; row = tig*4 + (i "
                      "& 0x3) (+16 for i >= 4), col = groupID"};
    return L;
  }
  if (s == "m16n8k64" && (i4 || at == "e2m1")) {
    L.section = "Matrix Fragments for mma.m16n8k64";
    L.a = PtxFragment{ptx_m16n8k64_a, 32, 4, 32,
                      ".s4/.u4/.e2m1: four .b32, eight each, a0..a31; row = groupID for 0 <= i < 8 || 16 <= "
                      "i < 24, else +8; col = tig*8 + (i & 0x7) (+32 for i >= 16)"};
    L.b = PtxFragment{ptx_m16n8k64_b, 16, 2, 32,
                      ".s4/.u4/.e2m1: two .b32, eight each, b0..b15; row = tig*8 + (i & 0x7) (+32 for i >= "
                      "8), col = groupID"};
    return L;
  }
  if (s == "m16n8k128" && at == "b1") {
    L.section = "Matrix Fragments for mma.m16n8k128";
    L.a = PtxFragment{ptx_m16n8k128_a, 64, 2, 32,
                      ".b1: two .b32, thirty two each, a0..a63; row = groupID for i < 32, else +8; col = "
                      "tig*32 + (i & 0x1F)"};
    L.b = PtxFragment{ptx_m16n8k128_b, 32, 1, 32,
                      ".b1: a single .b32, thirty two, b0..b31; row = tig*32 + i, col = groupID"};
    return L;
  }
  if (s == "m16n8k256" && at == "b1") {
    L.section = "Matrix Fragments for mma.m16n8k256";
    L.a = PtxFragment{
        ptx_m16n8k256_a, 128, 4, 32,
        ".b1: four .b32, thirty two each, a0..a127; row = groupID for 0 <= i < 32 || 64 <= i < 96, else +8; "
        "col = tig*32 + i [read: (i & 0x1F)] for i < 64, tig*32 + (i & 0x1F) + 128 for i >= 64"};
    L.b = PtxFragment{ptx_m16n8k256_b, 64, 2, 32,
                      ".b1: two .b32, thirty two each, b0..b63; row = tig*32 + (i & 0x1F) (+128 for i >= "
                      "32), col = groupID"};
    return L;
  }
  return std::nullopt;
}

// Target ISA notes of mma: the minimum SM and whether it needs the sm_XXXa target.
struct Target {
  int sm = 70;  // "Requires sm_70 or higher."
  bool arch_specific = false;
};
Target ptx_target(const Mnemonic& mn) {
  Target t;
  auto need = [&](int sm) { t.sm = std::max(t.sm, sm); };
  const std::string& s = mn.shape;
  auto either = [&](std::initializer_list<const char*> set) {
    return is_any(mn.atype, set) || is_any(mn.btype, set);
  };
  if (mn.atype == "f16") {
    if (s == "m8n8k4") need(70);    // ".f16 ... with .m8n8k4 shape requires sm_70 or higher."
    if (s == "m16n8k8") need(75);   // ".f16 ... with .m16n8k8 shape requires sm_75 or higher."
    if (s == "m16n8k16") need(80);  // ".f16 ... with .m16n8k16 shape requires sm_80 or higher."
  }
  if (mn.atype == "bf16") need(80);  // ".bf16 ... with .m16n8k8 and .m16n8k16 shapes requires sm_80"
  if (mn.atype == "tf32") need(80);  // ".tf32 ... with .m16n8k4 and .m16n8k8 shapes requires sm_80"
  if (mn.atype == "f64")
    need(s == "m8n8k4" ? 80 : 90);  // ".f64 ... .m8n8k4 shape requires sm_80";
                                    // ".m16n8k4, .m16n8k8, and .m16n8k16 shapes require sm_90"
  if (either({"s8", "u8"}))
    need(s == "m8n8k16" ? 75 : 80);  // "m8n8k16 ... sm_75", "m16n8k16 and m16n8k32 ... sm_80"
  if (either({"s4", "u4"}))
    need(s == "m8n8k32" ? 75 : 80);  // "m8n8k32 shape sm_75", "m16n8k32 and m16n8k64 ... sm_80"
  if (mn.atype == "b1")
    need(s == "m8n8k128" ? 75 : 80);       // "m8n8k128 shape sm_75", "m16n8k128 and m16n8k256 ... sm_80"
  if (mn.bitop == "and") need(80);         // ".and operation in single-bit mma requires sm_80"
  if (either({"e4m3", "e5m2"})) need(89);  // ".e4m3 and .e5m2 ... requires sm_89 or higher."
  // ".e3m2, .e2m3 and .e2m1 ... requires sm_120a"; "Support for .kind ... requires sm_120a"
  if (either({"e3m2", "e2m3", "e2m1"}) || !mn.kind.empty()) {
    need(120);
    t.arch_specific = true;
  }
  return t;
}

// PTX ISA notes of mma: the PTX ISA version (major*10 + minor) that introduced the form.
int ptx_isa_version(const Mnemonic& mn) {
  int v = 64;  // "Introduced in PTX ISA version 6.4."
  auto need = [&](int x) { v = std::max(v, x); };
  const std::string& s = mn.shape;
  auto either = [&](std::initializer_list<const char*> set) {
    return is_any(mn.atype, set) || is_any(mn.btype, set);
  };
  if (mn.atype == "f16") {
    if (s == "m8n8k4") need(64);    // ".f16 ... with .m8n8k4 shape introduced in PTX ISA version 6.4."
    if (s == "m16n8k8") need(65);   // ".f16 ... with .m16n8k8 shape introduced in PTX ISA version 6.5."
    if (s == "m16n8k16") need(70);  // ".f16 ... with .m16n8k16 shape introduced in PTX ISA version 7.0."
  }
  if (either({"s8", "u8"}))
    need(s == "m8n8k16" ? 65 : 70);  // "m8n8k16 ... 6.5", "m16n8k16 and m16n8k32 ... 7.0"
  if (either({"s4", "u4"}))
    need(s == "m8n8k32" ? 65 : 70);  // "m8n8k32 ... 6.5", "m16n8k32 and m16n8k64 ... 7.0"
  if (mn.atype == "f64")
    need(s == "m8n8k4" ? 70 : 78);  // "m8n8k4 ... 7.0"; "m16n8k4, m16n8k8, m16n8k16 ... 7.8"
  if (mn.atype == "bf16" || mn.atype == "tf32")
    need(70);  // ".bf16 ... / .tf32 ... introduced in PTX ISA version 7.0."
  // ".b1 single-bit integer type mma operation with .m8n8k128, .m16n8k128 and .m16n8k256 shapes
  // introduced in PTX ISA version 7.0."
  if (mn.atype == "b1") need(70);
  if (mn.bitop == "and")
    need(71);  // "Support for .and operation in single-bit mma introduced in PTX ISA version 7.1."
  if (either({"e4m3", "e5m2"})) {
    need(84);  // "Support for .e4m3 and .e5m2 ... introduced in PTX ISA version 8.4."
    // "Support for shape .m16n8k16 and .f16 dtype/ctype with .e4m3/.e5m2 ... introduced in PTX ISA
    // version 8.7."
    if (s == "m16n8k16" || mn.dtype == "f16" || mn.ctype == "f16") need(87);
  }
  if (either({"e3m2", "e2m3", "e2m1"})) need(87);  // "Support for .e3m2, .e2m3, .e2m1 ... 8.7."
  if (!mn.kind.empty()) need(87);  // "Support for .kind, .block_scale, .scale_vec_size qualifier ... 8.7."
  return v;
}

// ================================================================================================
std::string coord_str(Coord c) {
  return "(row " + std::to_string(c.row) + ", col " + std::to_string(c.col) + ", product " +
         std::to_string(c.product) + ")";
}
const PtxFragment& fragment(const PtxLayout& L, Operand op) {
  return op == Operand::A ? L.a : op == Operand::B ? L.b : L.c;
}
const char* operand_name(Operand op) { return op == Operand::A ? "A" : op == Operand::B ? "B" : "C/D"; }
const Operand kOperands[] = {Operand::A, Operand::B, Operand::C};

std::string sanitise(const std::string& s) {
  std::string out;
  for (char ch : s) out += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
  return out;
}

class CatalogueEntry : public ::testing::TestWithParam<int> {
 protected:
  const Instruction& in() const { return fragviz::catalogue().at(static_cast<size_t>(GetParam())); }
  Mnemonic mn() const { return parse_mnemonic(in().mnemonic); }
  // The PTX layout for this entry, or a fatal failure saying why there is none.
  std::optional<PtxLayout> ptx() const {
    const Mnemonic m = mn();
    if (!m.ok) return std::nullopt;
    return ptx_layout_for(m);
  }
};

std::vector<int> all_entries() {
  std::vector<int> v;
  for (size_t i = 0; i < fragviz::catalogue().size(); ++i) v.push_back(static_cast<int>(i));
  return v;
}

}  // namespace

// ------------------------------------------------------------------------------------------------
// Whole catalogue.

TEST(Catalogue, IsNotEmpty) { EXPECT_FALSE(fragviz::catalogue().empty()); }

TEST(Catalogue, MnemonicsAreUnique) {
  std::map<std::string, int> seen;
  for (const Instruction& in : fragviz::catalogue()) ++seen[in.mnemonic];
  for (const auto& [m, count] : seen) EXPECT_EQ(count, 1) << m << " appears " << count << " times";
}

TEST(Catalogue, SanitisedMnemonicsAreUnique) {  // the TEST_P names below
  std::set<std::string> names;
  for (const Instruction& in : fragviz::catalogue())
    EXPECT_TRUE(names.insert(sanitise(in.mnemonic)).second) << in.mnemonic;
}

TEST(Catalogue, FindInstructionAndIndexRoundTrip) {
  const auto& all = fragviz::catalogue();
  for (size_t i = 0; i < all.size(); ++i) {
    const Instruction* found = fragviz::find_instruction(all[i].mnemonic);
    ASSERT_NE(found, nullptr) << all[i].mnemonic;
    EXPECT_EQ(found, &all[i]) << all[i].mnemonic;
    EXPECT_EQ(fragviz::catalogue_index(found), static_cast<int>(i));
  }
  EXPECT_EQ(fragviz::find_instruction("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f16x"), nullptr);
  EXPECT_EQ(fragviz::catalogue_index(nullptr), -1);
}

// The m16n8k256 A formula as printed is not a bijection, so it cannot be what the hardware does;
// this test keeps that finding (and the reason ptx_m16n8k256_a differs from the text) visible.
TEST(PtxText, M16n8k256AAsPrintedIsNotABijection) {
  std::map<std::pair<int, int>, int> owners;
  for (int lane = 0; lane < 32; ++lane)
    for (int i = 0; i < 128; ++i)
      ++owners[{ptx_m16n8k256_a_as_printed(lane, i).row, ptx_m16n8k256_a_as_printed(lane, i).col}];
  int unowned = 0, shared = 0, outside = 0;
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 256; ++c) {
      auto it = owners.find({r, c});
      if (it == owners.end())
        ++unowned;
      else if (it->second > 1)
        ++shared;
    }
  for (const auto& [rc, n] : owners)
    if (rc.first < 0 || rc.first >= 16 || rc.second < 0 || rc.second >= 256) outside += n;
  EXPECT_EQ(unowned, 8 * 32);  // rows 8..15, cols 0..31
  EXPECT_EQ(shared, 8 * 32);   // rows 8..15, cols 128..159
  EXPECT_EQ(outside, 0);
  // ... and the reading used below differs from the print exactly where i is in [32, 64).
  for (int lane = 0; lane < 32; ++lane)
    for (int i = 0; i < 128; ++i)
      EXPECT_EQ(ptx_m16n8k256_a(lane, i) == ptx_m16n8k256_a_as_printed(lane, i), i < 32 || i >= 64)
          << lane << " " << i;
}

// ------------------------------------------------------------------------------------------------
// Per entry.

TEST_P(CatalogueEntry, MnemonicParsesAndMatchesFields) {
  const Instruction& e = in();
  const Mnemonic m = mn();
  ASSERT_TRUE(m.ok) << e.mnemonic << ": " << m.error;
  EXPECT_EQ(m.m, e.m) << e.mnemonic;
  EXPECT_EQ(m.n, e.n) << e.mnemonic;
  EXPECT_EQ(m.k, e.k) << e.mnemonic;
  EXPECT_EQ(fragviz::shape_name(e), m.shape);
  const auto at = elem_type(m.atype), bt = elem_type(m.btype), ct = elem_type(m.ctype);
  ASSERT_TRUE(at && bt && ct);
  EXPECT_EQ(e.a.type, *at) << e.mnemonic << ": A type, mnemonic says ." << m.atype << ", entry ."
                           << fragviz::to_string(e.a.type);
  EXPECT_EQ(e.b.type, *bt) << e.mnemonic << ": B type, mnemonic says ." << m.btype << ", entry ."
                           << fragviz::to_string(e.b.type);
  EXPECT_EQ(e.c.type, *ct) << e.mnemonic << ": C type, mnemonic says ." << m.ctype << ", entry ."
                           << fragviz::to_string(e.c.type);
  // .kind and .block_scale: the entry's kind, scale vector (Table 36's default where the mnemonic
  // names none: 1X mxf8f6f4, 2X mxf4) and scale type are the mnemonic's.
  EXPECT_EQ("kind::" + std::string(fragviz::to_string(e.kind)), m.kind.empty() ? "kind::" : m.kind)
      << e.mnemonic;
  const int vec = !m.block_scale ? 0 : m.scale_vec != 0 ? m.scale_vec : m.kind == "kind::mxf8f6f4" ? 1 : 2;
  EXPECT_EQ(e.scale.vec, vec) << e.mnemonic;
  EXPECT_EQ(std::string(fragviz::to_string(e.scale.type)), m.stype) << e.mnemonic;
  // The catalogue's C stands for C and D (catalogue.hpp): only true where .dtype == .ctype.
  EXPECT_EQ(m.dtype, m.ctype) << e.mnemonic << ": C stands for D only when .dtype == .ctype";
  // "mma.xor.popc and mma.and.popc computes the XOR, AND respectively ..."
  const MmaOp want = m.bitop == "xor"   ? MmaOp::xor_popc
                     : m.bitop == "and" ? MmaOp::and_popc
                                        : MmaOp::multiply_add;
  EXPECT_EQ(e.op, want) << e.mnemonic;
  EXPECT_EQ(e.threads, 32) << e.mnemonic << ": mma is warp-level";
  EXPECT_EQ(fragviz::parse_operand("A"), Operand::A);
  EXPECT_EQ(fragviz::parse_operand("D"), Operand::C);
}

TEST_P(CatalogueEntry, MnemonicFollowsPtxSyntaxOrder) {
  const Mnemonic m = mn();
  ASSERT_TRUE(m.ok) << m.error;
  EXPECT_EQ(ptx_spelling_error(m), "")
      << in().mnemonic << " is not spelled in the order of the PTX syntax, e.g. "
      << "\"mma.sync.aligned.m16n8k32.row.col.kind.dtype.f8f6f4type.f8f6f4type.ctype\" "
      << "(example: mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e3m2.e2m3.f32)";
}

TEST_P(CatalogueEntry, TypeCombinationIsInPtxSyntax) {
  const Mnemonic m = mn();
  ASSERT_TRUE(m.ok) << m.error;
  EXPECT_EQ(ptx_combination_error(m), "") << in().mnemonic;
}

TEST_P(CatalogueEntry, PtxSectionMatches) {
  const auto L = ptx();
  ASSERT_TRUE(L) << in().mnemonic << ": no PTX fragment section for this mnemonic";
  EXPECT_EQ(std::string(in().ptx_section), L->section) << in().mnemonic;
}

TEST_P(CatalogueEntry, MinSmMatchesTargetIsaNotes) {
  const Mnemonic m = mn();
  ASSERT_TRUE(m.ok) << m.error;
  const Target t = ptx_target(m);
  EXPECT_EQ(in().min_sm, t.sm) << in().mnemonic;
  EXPECT_EQ(in().arch_specific, t.arch_specific)
      << in().mnemonic << ": sm_" << t.sm << (t.arch_specific ? "a" : "");
}

TEST_P(CatalogueEntry, PtxIsaVersionMatchesPtxIsaNotes) {
  const Mnemonic m = mn();
  ASSERT_TRUE(m.ok) << m.error;
  const int want = ptx_isa_version(m);
  EXPECT_EQ(in().ptx_major * 10 + in().ptx_minor, want)
      << in().mnemonic << ": entry says PTX ISA " << in().ptx_major << "." << in().ptx_minor
      << ", the PTX ISA notes say " << want / 10 << "." << want % 10;
}

TEST_P(CatalogueEntry, ProductsAndOperandShapes) {
  const Instruction& e = in();
  const auto L = ptx();
  ASSERT_TRUE(L);
  EXPECT_EQ(e.products, L->products) << e.mnemonic;
  // "the A matrix is MxK, the B matrix is KxN, and the C and D matrices are MxN"
  EXPECT_EQ(e.a.rows, e.m);
  EXPECT_EQ(e.a.cols, e.k);
  EXPECT_EQ(e.b.rows, e.k);
  EXPECT_EQ(e.b.cols, e.n);
  EXPECT_EQ(e.c.rows, e.m);
  EXPECT_EQ(e.c.cols, e.n);
  for (Operand op : kOperands) {
    EXPECT_EQ(fragviz::operand_rows(e, op), fragviz::operand_spec(e, op).rows);
    EXPECT_EQ(fragviz::operand_cols(e, op), fragviz::operand_spec(e, op).cols);
    EXPECT_EQ(fragviz::tv_threads(fragviz::operand_spec(e, op).map), 32)
        << e.mnemonic << " " << operand_name(op);
  }
}

TEST_P(CatalogueEntry, ElementsPerLaneMatchPtx) {
  const Instruction& e = in();
  const auto L = ptx();
  ASSERT_TRUE(L);
  for (Operand op : kOperands) {
    const PtxFragment& f = fragment(*L, op);
    EXPECT_EQ(fragviz::elements_per_lane(e, op), f.elements)
        << e.mnemonic << " " << operand_name(op) << ": PTX " << f.text;
    EXPECT_EQ(fragviz::tv_values(fragviz::operand_spec(e, op).map), f.elements)
        << e.mnemonic << " " << operand_name(op);
    ++g_checks;
  }
}

TEST_P(CatalogueEntry, RegistersPerLaneMatchPtx) {
  const Instruction& e = in();
  const auto L = ptx();
  ASSERT_TRUE(L);
  for (Operand op : kOperands) {
    const PtxFragment& f = fragment(*L, op);
    EXPECT_EQ(fragviz::registers_per_lane(e, op), f.registers)
        << e.mnemonic << " " << operand_name(op) << ": PTX " << f.text;
    EXPECT_EQ(fragviz::words_per_lane(e, op), f.registers * f.register_bits / 32)
        << e.mnemonic << " " << operand_name(op);
    ++g_checks;
  }
}

// Elements are listed "low to high": register j holds elements [j*p, (j+1)*p), p = elements per
// register from the table, each element w = register bits / p wide, element j*p in the low bits.
TEST_P(CatalogueEntry, RegisterPacking) {
  const Instruction& e = in();
  const auto L = ptx();
  ASSERT_TRUE(L);
  for (Operand op : kOperands) {
    const PtxFragment& f = fragment(*L, op);
    ASSERT_EQ(f.elements % f.registers, 0);
    const int p = f.elements / f.registers;
    const int w = f.register_bits / p;
    // mma, "Semantics": "When .kind is either of .kind::mxf8f6f4 or .kind::f8f6f4, the individual
    // 4-bit and the 6-bit floating point type elements must be packed in an 8-bit container. The
    // matrix element of type .e2m1 resides in central 4 bits of the 8-bit container ... .e3m2 or
    // .e2m3 ... in the lower 6 bits" (with .kind::mxf4/mxf4nvf4 "no explicit padding").
    const Mnemonic m = mn();
    const std::string type = op == Operand::A ? m.atype : op == Operand::B ? m.btype : m.ctype;
    const bool container = op != Operand::C && (m.kind == "kind::f8f6f4" || m.kind == "kind::mxf8f6f4");
    const int lsb = container && type == "e2m1" ? 2 : 0;
    const int bits = !container ? w : type == "e2m1" ? 4 : type == "e3m2" || type == "e2m3" ? 6 : w;
    for (int i = 0; i < f.elements; ++i) {
      const fragviz::RegisterSlot s = fragviz::register_slot(e, op, i);
      EXPECT_EQ(s.reg, i / p) << e.mnemonic << " " << operand_name(op) << " element " << i;
      EXPECT_EQ(s.bit, (i % p) * w + lsb) << e.mnemonic << " " << operand_name(op) << " element " << i;
      EXPECT_EQ(s.bits, bits) << e.mnemonic << " " << operand_name(op) << " element " << i;
      ++g_checks;
    }
  }
}

namespace {
// Every (lane, element) of one operand: catalogue against PTX. Reports the first few mismatches
// in full and the total.
void expect_operand_matches_ptx(const Instruction& e, const PtxLayout& L, Operand op) {
  const PtxFragment& f = fragment(L, op);
  ASSERT_EQ(fragviz::elements_per_lane(e, op), f.elements)
      << "element counts differ; see ElementsPerLaneMatchPtx";
  int mismatches = 0;
  for (int lane = 0; lane < 32; ++lane)
    for (int i = 0; i < f.elements; ++i) {
      const Coord got = fragviz::fragment_coord(e, op, lane, i);
      const Coord want = f.coord(lane, i);
      ++g_checks;
      if (got != want && ++mismatches <= 6)
        ADD_FAILURE() << e.mnemonic << " " << operand_name(op) << " lane " << lane << " element " << i
                      << ": catalogue " << coord_str(got) << ", PTX " << coord_str(want) << "\n  PTX \""
                      << L.section << "\": " << f.text;
    }
  EXPECT_EQ(mismatches, 0) << e.mnemonic << " " << operand_name(op) << ": " << mismatches << " of "
                           << 32 * f.elements << " (lane, element) pairs differ from the PTX formula";
}

// Each of the operand's rows x cols x products cells is reached by exactly one (lane, element).
template <class CoordOf>
void expect_bijection(const std::string& what, int rows, int cols, int products, int elements,
                      CoordOf coord_of) {
  std::map<std::tuple<int, int, int>, int> owners;
  int outside = 0;
  for (int lane = 0; lane < 32; ++lane)
    for (int i = 0; i < elements; ++i) {
      const Coord c = coord_of(lane, i);
      ++g_checks;
      if (c.row < 0 || c.row >= rows || c.col < 0 || c.col >= cols || c.product < 0 ||
          c.product >= products) {
        if (++outside <= 3)
          ADD_FAILURE() << what << ": lane " << lane << " element " << i << " -> " << coord_str(c)
                        << " outside the tile";
        continue;
      }
      if (++owners[{c.row, c.col, c.product}] == 2)
        ADD_FAILURE() << what << ": " << coord_str(c) << " has a second owner, lane " << lane << " element "
                      << i;
    }
  EXPECT_EQ(outside, 0) << what;
  EXPECT_EQ(static_cast<int>(owners.size()), rows * cols * products) << what << ": cells reached";
  EXPECT_EQ(32 * elements, rows * cols * products) << what << ": 32 lanes x elements != tile size";
}
}  // namespace

TEST_P(CatalogueEntry, ACoordsMatchPtx) {
  const auto L = ptx();
  ASSERT_TRUE(L) << in().mnemonic;
  expect_operand_matches_ptx(in(), *L, Operand::A);
}

TEST_P(CatalogueEntry, BCoordsMatchPtx) {
  const auto L = ptx();
  ASSERT_TRUE(L) << in().mnemonic;
  expect_operand_matches_ptx(in(), *L, Operand::B);
}

TEST_P(CatalogueEntry, CDCoordsMatchPtx) {
  const auto L = ptx();
  ASSERT_TRUE(L) << in().mnemonic;
  expect_operand_matches_ptx(in(), *L, Operand::C);
}

TEST_P(CatalogueEntry, CatalogueMapsAreBijections) {
  const Instruction& e = in();
  for (Operand op : kOperands) {
    const auto& s = fragviz::operand_spec(e, op);
    expect_bijection(std::string(e.mnemonic) + " " + operand_name(op) + " (catalogue)", s.rows, s.cols,
                     e.products, fragviz::elements_per_lane(e, op),
                     [&](int lane, int i) { return fragviz::fragment_coord(e, op, lane, i); });
  }
}

// Guards this file's own transcription: every PTX formula used is a bijection onto its tile.
TEST_P(CatalogueEntry, PtxTranscriptionIsABijection) {
  const Mnemonic m = mn();
  const auto L = ptx();
  ASSERT_TRUE(L);
  const int rows[3] = {m.m, m.k, m.m}, cols[3] = {m.k, m.n, m.n};
  for (int o = 0; o < 3; ++o) {
    const PtxFragment& f = fragment(*L, kOperands[o]);
    expect_bijection(std::string(in().mnemonic) + " " + operand_name(kOperands[o]) + " (PTX)", rows[o],
                     cols[o], L->products, f.elements, f.coord);
  }
}

TEST_P(CatalogueEntry, OwnerOfInvertsFragmentCoord) {
  const Instruction& e = in();
  for (Operand op : kOperands) {
    const auto& s = fragviz::operand_spec(e, op);
    for (int lane = 0; lane < 32; ++lane)
      for (int i = 0; i < fragviz::elements_per_lane(e, op); ++i) {
        const auto owner = fragviz::owner_of(e, op, fragviz::fragment_coord(e, op, lane, i));
        ASSERT_TRUE(owner) << e.mnemonic << " " << operand_name(op) << " lane " << lane << " element " << i;
        EXPECT_EQ(owner->lane, lane);
        EXPECT_EQ(owner->element, i);
        ++g_checks;
      }
    EXPECT_FALSE(fragviz::owner_of(e, op, Coord{s.rows, 0, 0}));
    EXPECT_FALSE(fragviz::owner_of(e, op, Coord{0, s.cols, 0}));
    EXPECT_FALSE(fragviz::owner_of(e, op, Coord{-1, 0, 0}));
    EXPECT_FALSE(fragviz::owner_of(e, op, Coord{0, 0, e.products}));
  }
}

INSTANTIATE_TEST_SUITE_P(All, CatalogueEntry, ::testing::ValuesIn(all_entries()),
                         [](const ::testing::TestParamInfo<int>& param) {
                           return sanitise(
                               fragviz::catalogue().at(static_cast<size_t>(param.param)).mnemonic);
                         });

namespace {
class CountChecks : public ::testing::Environment {
 public:
  void TearDown() override {
    std::printf("[catalogue] %zu entries, %ld individual comparisons against the PTX-transcribed tables\n",
                fragviz::catalogue().size(), g_checks.load());
  }
};
const auto* const kCountChecks = ::testing::AddGlobalTestEnvironment(new CountChecks);
}  // namespace

// One name parser for mma.sync in every command and view (layout, probe, export, the app's
// --instr): each entry by its full mnemonic and by the part after the PTX prefix
// "mma.sync.aligned." (spelled out here, not taken from the code).
TEST(Catalogue, NamedByFullMnemonicOrWithoutThePrefix) {
  const std::string prefix = "mma.sync.aligned.";
  // The README's count of mma.sync instructions: 70, of which 4 .kind::f8f6f4, before the sm_120
  // set; now 66 + 50 .kind::f8f6f4 (25 A/B pairs x D .f32/.f16) + 25 mxf8f6f4 + 1 mxf4 + 2 mxf4nvf4.
  ASSERT_EQ(fragviz::catalogue().size(), 66u + 50u + 25u + 1u + 2u);
  for (const fragviz::Instruction& in : fragviz::catalogue()) {
    const std::string full(in.mnemonic);
    ASSERT_EQ(full.rfind(prefix, 0), 0u) << full;
    EXPECT_EQ(fragviz::find_instruction_named(full), &in) << full;
    EXPECT_EQ(fragviz::find_instruction_named(full.substr(prefix.size())), &in) << full;
  }
  for (const char* bad : {"", "mma.sync.aligned.", "m16n8k16",
                          "mma.sync.aligned.mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
                          "mma.m16n8k16.row.col.f32.f16.f16.f32", "m16n8k16.row.col.f32.f16.f16.f32 ",
                          "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16", "m64n64k16.f32.f16.f16"})
    EXPECT_EQ(fragviz::find_instruction_named(bad), nullptr) << bad;
}

// The sm_120 set is whole: every .f8f6f4type pair (PTX ISA 9.2, mma syntax: ".f8f6f4type = {.e4m3,
// .e5m2, .e3m2, .e2m3, .e2m1}") with .dtype = .ctype in {.f16, .f32}, and each block-scaled pair
// of Table 36. mxf4nvf4 with .ue8m0 .scale_vec::4X is in Table 36 but ptxas (CUDA 13.0) refuses it
// for sm_120a ("Illegal modifier '.scale_vec::4X' for instruction 'mma' with type '.ue8m0'"), so
// the catalogue leaves it out (docs/guide/blackwell.md).
TEST(Catalogue, Sm120SetIsComplete) {
  const char* types[] = {"e4m3", "e5m2", "e3m2", "e2m3", "e2m1"};
  for (const char* d : {"f32", "f16"})
    for (const char* a : types)
      for (const char* b : types) {
        const std::string name =
            std::string("mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.") + d + "." + a + "." + b + "." + d;
        EXPECT_NE(fragviz::find_instruction(name), nullptr) << name;
      }
  for (const char* a : types)
    for (const char* b : types) {
      const std::string name =
          std::string("mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.") + a +
          "." + b + ".f32.ue8m0";
      EXPECT_NE(fragviz::find_instruction(name), nullptr) << name;
    }
  const std::string k64 = "mma.sync.aligned.m16n8k64.row.col.kind::";
  EXPECT_NE(fragviz::find_instruction(k64 + "mxf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0"),
            nullptr);
  EXPECT_NE(fragviz::find_instruction(k64 + "mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0"),
            nullptr);
  EXPECT_NE(fragviz::find_instruction(k64 + "mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3"),
            nullptr);
  EXPECT_EQ(fragviz::find_instruction(k64 + "mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue8m0"),
            nullptr);
  int arch_specific = 0;
  for (const Instruction& in : fragviz::catalogue()) arch_specific += in.arch_specific ? 1 : 0;
  EXPECT_EQ(arch_specific, 50 + 25 + 3);
}
