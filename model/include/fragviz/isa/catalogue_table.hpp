// The catalogue's table: one entry per instruction (see catalogue.hpp for what the fields mean),
// each built from named parts: the mnemonic, its picker group, the PTX ISA section of its
// fragments, the minimum target and PTX ISA version, and per operand its element type and one of
// the named layouts of mma_layouts.hpp, which are CuTe's (SM80_16x8_Row, ...). M, N and K follow
// from the layouts, the product count from the SM70 quad pairs, MmaOp from the mnemonic;
// mma() refuses, at compile time, operands whose shapes disagree.
//
// tests/unit/test_catalogue.cpp checks every entry against the PTX text's formulas (groupID
// g = lane >> 2, threadID_in_group t = lane % 4, element i), written out independently there;
// tests/cute/ checks each named layout against CuTe and every entry against CuTe's MMA_Traits.
//
// The table stays constexpr plain data: kernels read kInstructions[Index] in device code.
// Adding an instruction: one entry here (a new layout in mma_layouts.hpp if it needs one), then
// `gen_ptx_ops mma > gpu/cuda/mma_wrappers.cuh` writes its PTX wrapper (tools/gen_ptx_ops_mma.cpp),
// then its tests.
#pragma once

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/fragment.hpp"
#include "fragviz/isa/mma_layouts.hpp"

namespace fragviz {
namespace catalogue_entries {

using namespace mma_layouts;

/// The minimum target: sm(80) runs on sm_80 and later; sm_a(120) needs the arch-specific sm_120a.
struct Sm {
  int min_sm;
  bool arch_specific;
};
constexpr Sm sm(int min_sm) { return Sm{min_sm, false}; }
constexpr Sm sm_a(int min_sm) { return Sm{min_sm, true}; }

/// The minimum PTX ISA version, major.minor.
struct Ptx {
  int major, minor;
};
constexpr Ptx ptx(int major, int minor) { return Ptx{major, minor}; }

/// A layout over the warp: an SM70 quad-pair layout spread over its four quad pairs.
constexpr TvLayout warp_map(const MmaLayout& l) {
  return tv_threads(l.tv) == kQuadPairLanes ? quad_pairs(l.tv, l.rows * l.cols) : l.tv;
}
/// Operand A (M x K) from an (M,K) layout.
constexpr OperandSpec a(ElemType t, const MmaLayout& l) {
  return OperandSpec{t, l.rows, l.cols, warp_map(l)};
}
/// Operand B, held K x N, from CuTe's (N,K) layout.
constexpr OperandSpec b(ElemType t, const MmaLayout& l) {
  return OperandSpec{t, l.cols, l.rows, k_by_n(warp_map(l), l.rows, l.cols)};
}
/// Operand C/D (M x N) from an (M,N) layout.
constexpr OperandSpec c(ElemType t, const MmaLayout& l) { return a(t, l); }

/// Independent products an operand's 32 lanes hold: its elements over its matrix (4 for SM70).
constexpr int products(const OperandSpec& s) { return kWarpSize * tv_values(s.map) / (s.rows * s.cols); }

/// True if `text` ends with `suffix`.
constexpr bool ends_with(const char* text, const char* suffix) {
  int t = 0, s = 0;
  while (text[t]) ++t;
  while (suffix[s]) ++s;
  if (s > t) return false;
  for (int i = 0; i < s; ++i)
    if (text[t - s + i] != suffix[i]) return false;
  return true;
}
/// The operation as PTX spells it at the end of the mnemonic (".xor.popc", ".and.popc").
constexpr MmaOp op_of(const char* mnemonic) {
  return ends_with(mnemonic, ".xor.popc")   ? MmaOp::xor_popc
         : ends_with(mnemonic, ".and.popc") ? MmaOp::and_popc
                                            : MmaOp::multiply_add;
}

/// One entry. M, K come from A, N from C; B and C must agree, as must every operand's products.
constexpr Instruction mma(const char* mnemonic, const char* group, const char* ptx_section, Sm target,
                          Ptx isa, OperandSpec a, OperandSpec b, OperandSpec c, const char* note = "") {
  if (b.rows != a.cols || b.cols != c.cols || c.rows != a.rows) throw "mma: operand shapes disagree";
  if (products(b) != products(a) || products(c) != products(a)) throw "mma: operand products disagree";
  Instruction in{};
  in.mnemonic = mnemonic;
  in.group = group;
  in.ptx_section = ptx_section;
  in.min_sm = target.min_sm;
  in.arch_specific = target.arch_specific;
  in.ptx_major = isa.major;
  in.ptx_minor = isa.minor;
  in.m = a.rows;
  in.n = c.cols;
  in.k = a.cols;
  in.threads = kWarpSize;
  in.products = products(a);
  in.op = op_of(mnemonic);
  in.a = a;
  in.b = b;
  in.c = c;
  in.note = note;
  return in;
}

/// An entry with a .kind qualifier and, for the block-scaled kinds, its .block_scale.
constexpr Instruction with_kind(Instruction in, MmaKind kind, BlockScale scale = BlockScale{}) {
  in.kind = kind;
  in.scale = scale;
  return in;
}
/// An A or B operand of .kind::f8f6f4/mxf8f6f4: every type in an 8-bit container, .e2m1 in its
/// central 4 bits (value_lsb 2), .e3m2/.e2m3 in its low 6 (PTX ISA 9.2, mma "Semantics").
constexpr OperandSpec in_byte(OperandSpec s) {
  s.value_lsb = s.type == ElemType::e2m1 ? 2 : 0;
  return s;
}
/// An A or B operand of .kind::mxf4/mxf4nvf4: .e2m1 packed eight to a register, no padding.
constexpr OperandSpec packed_e2m1(OperandSpec s) {
  s.container_bits = 4;
  return s;
}

// clang-format off
// PTX ISA 9.0 section names, "Warp-level Matrix Fragment Storage".
inline constexpr const char* kFragM8n8k4F16 = "Matrix Fragments for mma.m8n8k4 with .f16 floating point type";
inline constexpr const char* kFragM8n8k4F64 = "Matrix Fragments for mma.m8n8k4 with .f64 floating point type";
inline constexpr const char* kFragM16n8k4 = "Matrix Fragments for mma.m16n8k4";
inline constexpr const char* kFragM16n8k8 = "Matrix Fragments for mma.m16n8k8";
inline constexpr const char* kFragM16n8k16Float = "Matrix Fragments for mma.m16n8k16 with floating point type";
inline constexpr const char* kFragM16n8k16Integer = "Matrix Fragments for mma.m16n8k16 with integer type";
inline constexpr const char* kFragM8n8k16 = "Matrix Fragments for mma.m8n8k16";
inline constexpr const char* kFragM16n8k32 = "Matrix Fragments for mma.m16n8k32";
inline constexpr const char* kFragM8n8k32 = "Matrix Fragments for mma.m8n8k32";
inline constexpr const char* kFragM16n8k64 = "Matrix Fragments for mma.m16n8k64";
inline constexpr const char* kFragM8n8k128 = "Matrix Fragments for mma.m8n8k128";
inline constexpr const char* kFragM16n8k128 = "Matrix Fragments for mma.m16n8k128";
inline constexpr const char* kFragM16n8k256 = "Matrix Fragments for mma.m16n8k256";

// The notes shown with an entry.
inline constexpr const char* kNoteQuadPairs =
    "four independent 8x8x4 products, one per quad pair (lanes 4q..4q+3 and 16+4q..16+4q+3); optimised for sm_70";
inline constexpr const char* kNoteF64M16n8k16A =
    "the PTX text writes A's column with an unbalanced parenthesis; read as 4*(i>>1) + threadID_in_group";
inline constexpr const char* kNoteB1M16n8k256A =
    "the PTX text's A column for i < 64 reads (threadID_in_group * 32) + i, which is no bijection; read as + (i & 0x1F), as the H200 does";
inline constexpr const char* kNoteKindF8f6f4 =
    "needs sm_120a (ptxas rejects .kind::f8f6f4 for sm_90); each element in an 8-bit container: e2m1 in bits 2-5, e3m2/e2m3 in bits 0-5";
inline constexpr const char* kNoteKindMxf8f6f4 =
    "needs sm_120a; block-scaled: one ue8m0 scale per row of A and per column of B over all 32 of K (scale_vec::1X); e2m1 in bits 2-5, e3m2/e2m3 in bits 0-5 of 8-bit containers";
inline constexpr const char* kNoteKindMxf4 =
    "needs sm_120a; block-scaled: two scales per row of A and column of B, one per 32 of K (scale_vec::2X); e2m1 packed eight to a register";
inline constexpr const char* kNoteKindMxf4nvf4x4 =
    "needs sm_120a; block-scaled: four scales per row of A and column of B, one per 16 of K (scale_vec::4X); e2m1 packed eight to a register";

// The sm_120a forms, one row each, every field named once: the mnemonic is spelled from the
// same type names the operands are built from (PTX ISA 9.2, "Multiply-and-Accumulate Instruction:
// mma", syntax for .kind::f8f6f4 and "with block scaling"; PTX ISA 8.7, sm_120a).
#define FRAGVIZ_F8F6F4(D, A, B)                                                                              \
  with_kind(mma("mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4." #D "." #A "." #B "." #D, "f8f6f4",          \
                kFragM16n8k32, sm_a(120), ptx(8, 7), in_byte(a(ElemType::A, SM80_16x32_8b)),                 \
                in_byte(b(ElemType::B, SM80_8x32_8b)), c(ElemType::D, SM80_16x8_Row), kNoteKindF8f6f4),      \
            MmaKind::f8f6f4)
#define FRAGVIZ_MXF8F6F4(A, B)                                                                               \
  with_kind(mma("mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32." #A "." #B \
                ".f32.ue8m0",                                                                                \
                "mxf8f6f4", kFragM16n8k32, sm_a(120), ptx(8, 7), in_byte(a(ElemType::A, SM80_16x32_8b)),     \
                in_byte(b(ElemType::B, SM80_8x32_8b)), c(ElemType::f32, SM80_16x8_Row), kNoteKindMxf8f6f4),  \
            MmaKind::mxf8f6f4, BlockScale{1, ScaleType::ue8m0})
#define FRAGVIZ_MXF4(KIND, VEC, STYPE, N, NOTE)                                                              \
  with_kind(mma("mma.sync.aligned.m16n8k64.row.col.kind::" #KIND ".block_scale.scale_vec::" #VEC             \
                ".f32.e2m1.e2m1.f32." #STYPE,                                                                \
                #KIND, kFragM16n8k64, sm_a(120), ptx(8, 7), packed_e2m1(a(ElemType::e2m1, SM80_16x64_4b)),   \
                packed_e2m1(b(ElemType::e2m1, SM80_8x64_4b)), c(ElemType::f32, SM80_16x8_Row), NOTE),        \
            MmaKind::KIND, BlockScale{N, ScaleType::STYPE})

inline constexpr Instruction kInstructions[] = {
    // f16 -------------------------------------------------------------------------------------------------
    mma("mma.sync.aligned.m8n8k4.row.row.f16.f16.f16.f16", "f16", kFragM8n8k4F16, sm(70), ptx(6, 4),
        a(ElemType::f16, SM70_8x4_Row), b(ElemType::f16, SM70_8x4_Col), c(ElemType::f16, SM70_8x8_16b),
        kNoteQuadPairs),
    mma("mma.sync.aligned.m8n8k4.row.row.f32.f16.f16.f32", "f16", kFragM8n8k4F16, sm(70), ptx(6, 4),
        a(ElemType::f16, SM70_8x4_Row), b(ElemType::f16, SM70_8x4_Col), c(ElemType::f32, SM70_8x8_32b),
        kNoteQuadPairs),
    mma("mma.sync.aligned.m8n8k4.row.col.f16.f16.f16.f16", "f16", kFragM8n8k4F16, sm(70), ptx(6, 4),
        a(ElemType::f16, SM70_8x4_Row), b(ElemType::f16, SM70_8x4_Row), c(ElemType::f16, SM70_8x8_16b),
        kNoteQuadPairs),
    mma("mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32", "f16", kFragM8n8k4F16, sm(70), ptx(6, 4),
        a(ElemType::f16, SM70_8x4_Row), b(ElemType::f16, SM70_8x4_Row), c(ElemType::f32, SM70_8x8_32b),
        kNoteQuadPairs),
    mma("mma.sync.aligned.m8n8k4.col.row.f16.f16.f16.f16", "f16", kFragM8n8k4F16, sm(70), ptx(6, 4),
        a(ElemType::f16, SM70_8x4_Col), b(ElemType::f16, SM70_8x4_Col), c(ElemType::f16, SM70_8x8_16b),
        kNoteQuadPairs),
    mma("mma.sync.aligned.m8n8k4.col.row.f32.f16.f16.f32", "f16", kFragM8n8k4F16, sm(70), ptx(6, 4),
        a(ElemType::f16, SM70_8x4_Col), b(ElemType::f16, SM70_8x4_Col), c(ElemType::f32, SM70_8x8_32b),
        kNoteQuadPairs),
    mma("mma.sync.aligned.m8n8k4.col.col.f16.f16.f16.f16", "f16", kFragM8n8k4F16, sm(70), ptx(6, 4),
        a(ElemType::f16, SM70_8x4_Col), b(ElemType::f16, SM70_8x4_Row), c(ElemType::f16, SM70_8x8_16b),
        kNoteQuadPairs),
    mma("mma.sync.aligned.m8n8k4.col.col.f32.f16.f16.f32", "f16", kFragM8n8k4F16, sm(70), ptx(6, 4),
        a(ElemType::f16, SM70_8x4_Col), b(ElemType::f16, SM70_8x4_Row), c(ElemType::f32, SM70_8x8_32b),
        kNoteQuadPairs),
    mma("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32", "f16", kFragM16n8k8, sm(75), ptx(6, 5),
        a(ElemType::f16, SM80_16x8_Row), b(ElemType::f16, SM80_8x8_Row), c(ElemType::f32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", "f16", kFragM16n8k16Float, sm(80), ptx(7, 0),
        a(ElemType::f16, SM80_16x16_16b), b(ElemType::f16, SM80_8x16_16b), c(ElemType::f32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16", "f16", kFragM16n8k8, sm(75), ptx(6, 5),
        a(ElemType::f16, SM80_16x8_Row), b(ElemType::f16, SM80_8x8_Row), c(ElemType::f16, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16", "f16", kFragM16n8k16Float, sm(80), ptx(7, 0),
        a(ElemType::f16, SM80_16x16_16b), b(ElemType::f16, SM80_8x16_16b), c(ElemType::f16, SM80_16x8_Row)),

    // bf16 ------------------------------------------------------------------------------------------------
    mma("mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32", "bf16", kFragM16n8k8, sm(80), ptx(7, 0),
        a(ElemType::bf16, SM80_16x8_Row), b(ElemType::bf16, SM80_8x8_Row), c(ElemType::f32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32", "bf16", kFragM16n8k16Float, sm(80), ptx(7, 0),
        a(ElemType::bf16, SM80_16x16_16b), b(ElemType::bf16, SM80_8x16_16b), c(ElemType::f32, SM80_16x8_Row)),

    // tf32 ------------------------------------------------------------------------------------------------
    mma("mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32", "tf32", kFragM16n8k4, sm(80), ptx(7, 0),
        a(ElemType::tf32, SM80_16x4_32b), b(ElemType::tf32, SM80_8x4), c(ElemType::f32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", "tf32", kFragM16n8k8, sm(80), ptx(7, 0),
        a(ElemType::tf32, SM80_16x8_32b), b(ElemType::tf32, SM80_8x8_32b), c(ElemType::f32, SM80_16x8_Row)),

    // f64 -------------------------------------------------------------------------------------------------
    mma("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64", "f64", kFragM8n8k4F64, sm(80), ptx(7, 0),
        a(ElemType::f64, SM80_8x4), b(ElemType::f64, SM80_8x4), c(ElemType::f64, SM80_8x8_Row)),
    mma("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64", "f64", kFragM16n8k4, sm(90), ptx(7, 8),
        a(ElemType::f64, SM80_16x4_32b), b(ElemType::f64, SM80_8x4), c(ElemType::f64, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64", "f64", kFragM16n8k8, sm(90), ptx(7, 8),
        a(ElemType::f64, SM80_16x8_32b), b(ElemType::f64, SM80_8x8_32b), c(ElemType::f64, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64", "f64", kFragM16n8k16Float, sm(90), ptx(7, 8),
        a(ElemType::f64, SM90_16x16_64b), b(ElemType::f64, SM90_8x16_64b), c(ElemType::f64, SM80_16x8_Row),
        kNoteF64M16n8k16A),

    // s8/u8 -----------------------------------------------------------------------------------------------
    mma("mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32", "s8/u8", kFragM8n8k16, sm(75), ptx(6, 5),
        a(ElemType::s8, SM80_8x16_Row), b(ElemType::s8, SM80_8x16_Row), c(ElemType::s32, SM80_8x8_Row)),
    mma("mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32", "s8/u8", kFragM16n8k16Integer, sm(80), ptx(7, 0),
        a(ElemType::s8, SM80_16x16_8b), b(ElemType::s8, SM80_8x16_Row), c(ElemType::s32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32", "s8/u8", kFragM16n8k32, sm(80), ptx(7, 0),
        a(ElemType::s8, SM80_16x32_8b), b(ElemType::s8, SM80_8x32_8b), c(ElemType::s32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m8n8k16.row.col.s32.s8.u8.s32", "s8/u8", kFragM8n8k16, sm(75), ptx(6, 5),
        a(ElemType::s8, SM80_8x16_Row), b(ElemType::u8, SM80_8x16_Row), c(ElemType::s32, SM80_8x8_Row)),
    mma("mma.sync.aligned.m16n8k16.row.col.s32.s8.u8.s32", "s8/u8", kFragM16n8k16Integer, sm(80), ptx(7, 0),
        a(ElemType::s8, SM80_16x16_8b), b(ElemType::u8, SM80_8x16_Row), c(ElemType::s32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k32.row.col.s32.s8.u8.s32", "s8/u8", kFragM16n8k32, sm(80), ptx(7, 0),
        a(ElemType::s8, SM80_16x32_8b), b(ElemType::u8, SM80_8x32_8b), c(ElemType::s32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m8n8k16.row.col.s32.u8.s8.s32", "s8/u8", kFragM8n8k16, sm(75), ptx(6, 5),
        a(ElemType::u8, SM80_8x16_Row), b(ElemType::s8, SM80_8x16_Row), c(ElemType::s32, SM80_8x8_Row)),
    mma("mma.sync.aligned.m16n8k16.row.col.s32.u8.s8.s32", "s8/u8", kFragM16n8k16Integer, sm(80), ptx(7, 0),
        a(ElemType::u8, SM80_16x16_8b), b(ElemType::s8, SM80_8x16_Row), c(ElemType::s32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k32.row.col.s32.u8.s8.s32", "s8/u8", kFragM16n8k32, sm(80), ptx(7, 0),
        a(ElemType::u8, SM80_16x32_8b), b(ElemType::s8, SM80_8x32_8b), c(ElemType::s32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m8n8k16.row.col.s32.u8.u8.s32", "s8/u8", kFragM8n8k16, sm(75), ptx(6, 5),
        a(ElemType::u8, SM80_8x16_Row), b(ElemType::u8, SM80_8x16_Row), c(ElemType::s32, SM80_8x8_Row)),
    mma("mma.sync.aligned.m16n8k16.row.col.s32.u8.u8.s32", "s8/u8", kFragM16n8k16Integer, sm(80), ptx(7, 0),
        a(ElemType::u8, SM80_16x16_8b), b(ElemType::u8, SM80_8x16_Row), c(ElemType::s32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32", "s8/u8", kFragM16n8k32, sm(80), ptx(7, 0),
        a(ElemType::u8, SM80_16x32_8b), b(ElemType::u8, SM80_8x32_8b), c(ElemType::s32, SM80_16x8_Row)),

    // e4m3/e5m2 -------------------------------------------------------------------------------------------
    mma("mma.sync.aligned.m16n8k16.row.col.f32.e4m3.e4m3.f32", "e4m3/e5m2", kFragM16n8k16Integer, sm(89), ptx(8, 7),
        a(ElemType::e4m3, SM80_16x16_8b), b(ElemType::e4m3, SM80_8x16_Row), c(ElemType::f32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32", "e4m3/e5m2", kFragM16n8k32, sm(89), ptx(8, 4),
        a(ElemType::e4m3, SM80_16x32_8b), b(ElemType::e4m3, SM80_8x32_8b), c(ElemType::f32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k16.row.col.f32.e4m3.e5m2.f32", "e4m3/e5m2", kFragM16n8k16Integer, sm(89), ptx(8, 7),
        a(ElemType::e4m3, SM80_16x16_8b), b(ElemType::e5m2, SM80_8x16_Row), c(ElemType::f32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32", "e4m3/e5m2", kFragM16n8k32, sm(89), ptx(8, 4),
        a(ElemType::e4m3, SM80_16x32_8b), b(ElemType::e5m2, SM80_8x32_8b), c(ElemType::f32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k16.row.col.f32.e5m2.e4m3.f32", "e4m3/e5m2", kFragM16n8k16Integer, sm(89), ptx(8, 7),
        a(ElemType::e5m2, SM80_16x16_8b), b(ElemType::e4m3, SM80_8x16_Row), c(ElemType::f32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32", "e4m3/e5m2", kFragM16n8k32, sm(89), ptx(8, 4),
        a(ElemType::e5m2, SM80_16x32_8b), b(ElemType::e4m3, SM80_8x32_8b), c(ElemType::f32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k16.row.col.f32.e5m2.e5m2.f32", "e4m3/e5m2", kFragM16n8k16Integer, sm(89), ptx(8, 7),
        a(ElemType::e5m2, SM80_16x16_8b), b(ElemType::e5m2, SM80_8x16_Row), c(ElemType::f32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32", "e4m3/e5m2", kFragM16n8k32, sm(89), ptx(8, 4),
        a(ElemType::e5m2, SM80_16x32_8b), b(ElemType::e5m2, SM80_8x32_8b), c(ElemType::f32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k16.row.col.f16.e4m3.e4m3.f16", "e4m3/e5m2", kFragM16n8k16Integer, sm(89), ptx(8, 7),
        a(ElemType::e4m3, SM80_16x16_8b), b(ElemType::e4m3, SM80_8x16_Row), c(ElemType::f16, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16", "e4m3/e5m2", kFragM16n8k32, sm(89), ptx(8, 7),
        a(ElemType::e4m3, SM80_16x32_8b), b(ElemType::e4m3, SM80_8x32_8b), c(ElemType::f16, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k16.row.col.f16.e4m3.e5m2.f16", "e4m3/e5m2", kFragM16n8k16Integer, sm(89), ptx(8, 7),
        a(ElemType::e4m3, SM80_16x16_8b), b(ElemType::e5m2, SM80_8x16_Row), c(ElemType::f16, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e5m2.f16", "e4m3/e5m2", kFragM16n8k32, sm(89), ptx(8, 7),
        a(ElemType::e4m3, SM80_16x32_8b), b(ElemType::e5m2, SM80_8x32_8b), c(ElemType::f16, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k16.row.col.f16.e5m2.e4m3.f16", "e4m3/e5m2", kFragM16n8k16Integer, sm(89), ptx(8, 7),
        a(ElemType::e5m2, SM80_16x16_8b), b(ElemType::e4m3, SM80_8x16_Row), c(ElemType::f16, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e4m3.f16", "e4m3/e5m2", kFragM16n8k32, sm(89), ptx(8, 7),
        a(ElemType::e5m2, SM80_16x32_8b), b(ElemType::e4m3, SM80_8x32_8b), c(ElemType::f16, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k16.row.col.f16.e5m2.e5m2.f16", "e4m3/e5m2", kFragM16n8k16Integer, sm(89), ptx(8, 7),
        a(ElemType::e5m2, SM80_16x16_8b), b(ElemType::e5m2, SM80_8x16_Row), c(ElemType::f16, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e5m2.f16", "e4m3/e5m2", kFragM16n8k32, sm(89), ptx(8, 7),
        a(ElemType::e5m2, SM80_16x32_8b), b(ElemType::e5m2, SM80_8x32_8b), c(ElemType::f16, SM80_16x8_Row)),

    // s4/u4 -----------------------------------------------------------------------------------------------
    mma("mma.sync.aligned.m8n8k32.row.col.s32.s4.s4.s32", "s4/u4", kFragM8n8k32, sm(75), ptx(6, 5),
        a(ElemType::s4, SM80_8x32_4b), b(ElemType::s4, SM80_8x32_4b), c(ElemType::s32, SM80_8x8_Row)),
    mma("mma.sync.aligned.m16n8k32.row.col.s32.s4.s4.s32", "s4/u4", kFragM16n8k32, sm(80), ptx(7, 0),
        a(ElemType::s4, SM80_16x32_4b), b(ElemType::s4, SM80_8x32_4b), c(ElemType::s32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k64.row.col.s32.s4.s4.s32", "s4/u4", kFragM16n8k64, sm(80), ptx(7, 0),
        a(ElemType::s4, SM80_16x64_4b), b(ElemType::s4, SM80_8x64_4b), c(ElemType::s32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m8n8k32.row.col.s32.s4.u4.s32", "s4/u4", kFragM8n8k32, sm(75), ptx(6, 5),
        a(ElemType::s4, SM80_8x32_4b), b(ElemType::u4, SM80_8x32_4b), c(ElemType::s32, SM80_8x8_Row)),
    mma("mma.sync.aligned.m16n8k32.row.col.s32.s4.u4.s32", "s4/u4", kFragM16n8k32, sm(80), ptx(7, 0),
        a(ElemType::s4, SM80_16x32_4b), b(ElemType::u4, SM80_8x32_4b), c(ElemType::s32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k64.row.col.s32.s4.u4.s32", "s4/u4", kFragM16n8k64, sm(80), ptx(7, 0),
        a(ElemType::s4, SM80_16x64_4b), b(ElemType::u4, SM80_8x64_4b), c(ElemType::s32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m8n8k32.row.col.s32.u4.s4.s32", "s4/u4", kFragM8n8k32, sm(75), ptx(6, 5),
        a(ElemType::u4, SM80_8x32_4b), b(ElemType::s4, SM80_8x32_4b), c(ElemType::s32, SM80_8x8_Row)),
    mma("mma.sync.aligned.m16n8k32.row.col.s32.u4.s4.s32", "s4/u4", kFragM16n8k32, sm(80), ptx(7, 0),
        a(ElemType::u4, SM80_16x32_4b), b(ElemType::s4, SM80_8x32_4b), c(ElemType::s32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k64.row.col.s32.u4.s4.s32", "s4/u4", kFragM16n8k64, sm(80), ptx(7, 0),
        a(ElemType::u4, SM80_16x64_4b), b(ElemType::s4, SM80_8x64_4b), c(ElemType::s32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m8n8k32.row.col.s32.u4.u4.s32", "s4/u4", kFragM8n8k32, sm(75), ptx(6, 5),
        a(ElemType::u4, SM80_8x32_4b), b(ElemType::u4, SM80_8x32_4b), c(ElemType::s32, SM80_8x8_Row)),
    mma("mma.sync.aligned.m16n8k32.row.col.s32.u4.u4.s32", "s4/u4", kFragM16n8k32, sm(80), ptx(7, 0),
        a(ElemType::u4, SM80_16x32_4b), b(ElemType::u4, SM80_8x32_4b), c(ElemType::s32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k64.row.col.s32.u4.u4.s32", "s4/u4", kFragM16n8k64, sm(80), ptx(7, 0),
        a(ElemType::u4, SM80_16x64_4b), b(ElemType::u4, SM80_8x64_4b), c(ElemType::s32, SM80_16x8_Row)),

    // b1 --------------------------------------------------------------------------------------------------
    mma("mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.xor.popc", "b1", kFragM8n8k128, sm(75), ptx(7, 0),
        a(ElemType::b1, SM80_8x128_1b), b(ElemType::b1, SM80_8x128_1b), c(ElemType::s32, SM80_8x8_Row)),
    mma("mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.xor.popc", "b1", kFragM16n8k128, sm(80), ptx(7, 0),
        a(ElemType::b1, SM80_16x128_1b), b(ElemType::b1, SM80_8x128_1b), c(ElemType::s32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.xor.popc", "b1", kFragM16n8k256, sm(80), ptx(7, 0),
        a(ElemType::b1, SM80_16x256_1b), b(ElemType::b1, SM80_8x256_1b), c(ElemType::s32, SM80_16x8_Row),
        kNoteB1M16n8k256A),
    mma("mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.and.popc", "b1", kFragM8n8k128, sm(80), ptx(7, 1),
        a(ElemType::b1, SM80_8x128_1b), b(ElemType::b1, SM80_8x128_1b), c(ElemType::s32, SM80_8x8_Row)),
    mma("mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.and.popc", "b1", kFragM16n8k128, sm(80), ptx(7, 1),
        a(ElemType::b1, SM80_16x128_1b), b(ElemType::b1, SM80_8x128_1b), c(ElemType::s32, SM80_16x8_Row)),
    mma("mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc", "b1", kFragM16n8k256, sm(80), ptx(7, 1),
        a(ElemType::b1, SM80_16x256_1b), b(ElemType::b1, SM80_8x256_1b), c(ElemType::s32, SM80_16x8_Row),
        kNoteB1M16n8k256A),

    // f8f6f4: every .f8f6f4type pair, D/C .f32 then .f16 (PTX ISA 9.2 mma syntax: .ctype = .dtype here) -----
    FRAGVIZ_F8F6F4(f32, e4m3, e4m3),
    FRAGVIZ_F8F6F4(f32, e4m3, e5m2),
    FRAGVIZ_F8F6F4(f32, e4m3, e3m2),
    FRAGVIZ_F8F6F4(f32, e4m3, e2m3),
    FRAGVIZ_F8F6F4(f32, e4m3, e2m1),
    FRAGVIZ_F8F6F4(f32, e5m2, e4m3),
    FRAGVIZ_F8F6F4(f32, e5m2, e5m2),
    FRAGVIZ_F8F6F4(f32, e5m2, e3m2),
    FRAGVIZ_F8F6F4(f32, e5m2, e2m3),
    FRAGVIZ_F8F6F4(f32, e5m2, e2m1),
    FRAGVIZ_F8F6F4(f32, e3m2, e4m3),
    FRAGVIZ_F8F6F4(f32, e3m2, e5m2),
    FRAGVIZ_F8F6F4(f32, e3m2, e3m2),
    FRAGVIZ_F8F6F4(f32, e3m2, e2m3),
    FRAGVIZ_F8F6F4(f32, e3m2, e2m1),
    FRAGVIZ_F8F6F4(f32, e2m3, e4m3),
    FRAGVIZ_F8F6F4(f32, e2m3, e5m2),
    FRAGVIZ_F8F6F4(f32, e2m3, e3m2),
    FRAGVIZ_F8F6F4(f32, e2m3, e2m3),
    FRAGVIZ_F8F6F4(f32, e2m3, e2m1),
    FRAGVIZ_F8F6F4(f32, e2m1, e4m3),
    FRAGVIZ_F8F6F4(f32, e2m1, e5m2),
    FRAGVIZ_F8F6F4(f32, e2m1, e3m2),
    FRAGVIZ_F8F6F4(f32, e2m1, e2m3),
    FRAGVIZ_F8F6F4(f32, e2m1, e2m1),
    FRAGVIZ_F8F6F4(f16, e4m3, e4m3),
    FRAGVIZ_F8F6F4(f16, e4m3, e5m2),
    FRAGVIZ_F8F6F4(f16, e4m3, e3m2),
    FRAGVIZ_F8F6F4(f16, e4m3, e2m3),
    FRAGVIZ_F8F6F4(f16, e4m3, e2m1),
    FRAGVIZ_F8F6F4(f16, e5m2, e4m3),
    FRAGVIZ_F8F6F4(f16, e5m2, e5m2),
    FRAGVIZ_F8F6F4(f16, e5m2, e3m2),
    FRAGVIZ_F8F6F4(f16, e5m2, e2m3),
    FRAGVIZ_F8F6F4(f16, e5m2, e2m1),
    FRAGVIZ_F8F6F4(f16, e3m2, e4m3),
    FRAGVIZ_F8F6F4(f16, e3m2, e5m2),
    FRAGVIZ_F8F6F4(f16, e3m2, e3m2),
    FRAGVIZ_F8F6F4(f16, e3m2, e2m3),
    FRAGVIZ_F8F6F4(f16, e3m2, e2m1),
    FRAGVIZ_F8F6F4(f16, e2m3, e4m3),
    FRAGVIZ_F8F6F4(f16, e2m3, e5m2),
    FRAGVIZ_F8F6F4(f16, e2m3, e3m2),
    FRAGVIZ_F8F6F4(f16, e2m3, e2m3),
    FRAGVIZ_F8F6F4(f16, e2m3, e2m1),
    FRAGVIZ_F8F6F4(f16, e2m1, e4m3),
    FRAGVIZ_F8F6F4(f16, e2m1, e5m2),
    FRAGVIZ_F8F6F4(f16, e2m1, e3m2),
    FRAGVIZ_F8F6F4(f16, e2m1, e2m3),
    FRAGVIZ_F8F6F4(f16, e2m1, e2m1),
    // mxf8f6f4: block-scaled, .scale_vec::1X, .ue8m0 scales (PTX ISA 9.2 Table 36) ----------------------
    FRAGVIZ_MXF8F6F4(e4m3, e4m3),
    FRAGVIZ_MXF8F6F4(e4m3, e5m2),
    FRAGVIZ_MXF8F6F4(e4m3, e3m2),
    FRAGVIZ_MXF8F6F4(e4m3, e2m3),
    FRAGVIZ_MXF8F6F4(e4m3, e2m1),
    FRAGVIZ_MXF8F6F4(e5m2, e4m3),
    FRAGVIZ_MXF8F6F4(e5m2, e5m2),
    FRAGVIZ_MXF8F6F4(e5m2, e3m2),
    FRAGVIZ_MXF8F6F4(e5m2, e2m3),
    FRAGVIZ_MXF8F6F4(e5m2, e2m1),
    FRAGVIZ_MXF8F6F4(e3m2, e4m3),
    FRAGVIZ_MXF8F6F4(e3m2, e5m2),
    FRAGVIZ_MXF8F6F4(e3m2, e3m2),
    FRAGVIZ_MXF8F6F4(e3m2, e2m3),
    FRAGVIZ_MXF8F6F4(e3m2, e2m1),
    FRAGVIZ_MXF8F6F4(e2m3, e4m3),
    FRAGVIZ_MXF8F6F4(e2m3, e5m2),
    FRAGVIZ_MXF8F6F4(e2m3, e3m2),
    FRAGVIZ_MXF8F6F4(e2m3, e2m3),
    FRAGVIZ_MXF8F6F4(e2m3, e2m1),
    FRAGVIZ_MXF8F6F4(e2m1, e4m3),
    FRAGVIZ_MXF8F6F4(e2m1, e5m2),
    FRAGVIZ_MXF8F6F4(e2m1, e3m2),
    FRAGVIZ_MXF8F6F4(e2m1, e2m3),
    FRAGVIZ_MXF8F6F4(e2m1, e2m1),
    // mxf4, mxf4nvf4: block-scaled .e2m1, m16n8k64 (PTX ISA 9.2 Table 36) ----------------------------------
    FRAGVIZ_MXF4(mxf4, 2X, ue8m0, 2, kNoteKindMxf4),
    FRAGVIZ_MXF4(mxf4nvf4, 2X, ue8m0, 2, kNoteKindMxf4),
    FRAGVIZ_MXF4(mxf4nvf4, 4X, ue4m3, 4, kNoteKindMxf4nvf4x4),
};
#undef FRAGVIZ_F8F6F4
#undef FRAGVIZ_MXF8F6F4
#undef FRAGVIZ_MXF4
// clang-format on

}  // namespace catalogue_entries

/// Every entry, in picker order (catalogue() is this as a vector).
using catalogue_entries::kInstructions;

inline constexpr int kInstructionCount = static_cast<int>(sizeof kInstructions / sizeof kInstructions[0]);

/// Index of the entry named `mnemonic` in kInstructions, or -1; usable in constant expressions, so
/// kernels pick their instruction by name at compile time.
constexpr int instruction_index(const char* mnemonic) {
  for (int i = 0; i < kInstructionCount; ++i) {
    const char* a = kInstructions[i].mnemonic;
    const char* b = mnemonic;
    while (*a && *a == *b) ++a, ++b;
    if (*a == *b) return i;
  }
  return -1;
}

}  // namespace fragviz
