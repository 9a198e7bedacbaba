// The operand layouts of mma.sync, each named once, as CuTe names them in its MMA_Traits
// (cute/atom/mma_traits_sm70.hpp, _sm80.hpp; CUTLASS 4.2). catalogue_table.hpp builds every entry
// from these; tests/cute/test_cute_named_layouts.cpp compares each with the CuTe layout it claims
// to be, at every (thread, value).
//
// Conventions are CuTe's, so each layout can be read against CuTe's source: (thread, value) ->
// offset into a column-major codomain, A as (M,K), B as (N,K), C/D as (M,N). (The catalogue holds
// B as K x N; catalogue_table.hpp turns it with k_by_n.) The names keep CuTe's spelling, so a grep
// finds both. Where CuTe names a layout, the name is CuTe's; where CuTe writes it inline in a
// trait, the name follows the style of CuTe's SM70_8x8_16b: first SM, codomain, element width.
// The comment over each gives its shape as CuTe's do, (T32,V4) -> (M16,N8), and the trait it is.
// SM70 layouts cover one quad pair (8 logical threads, ThrID SM70_QuadPair); quad_pairs() spreads
// them over the warp.
//
// TvLayout modes are written {shape, stride}, thread modes then value modes (tv_layout.hpp). A CuTe
// mode may be split in two where quad_pairs() needs it: (8):(1) is written {4, 1}, {2, 4}.
#pragma once

#include "fragviz/isa/tv_layout.hpp"

namespace fragviz {

/// A named operand layout: CuTe's (thread, value) -> offset over a rows x cols codomain.
struct MmaLayout {
  int rows, cols;  ///< CuTe's codomain: (M,K) for A, (N,K) for B, (M,N) for C/D; elements
  TvLayout tv;     ///< 32 threads, or 8 logical threads of one SM70 quad pair
};

/// A named layout with its name, for tests and listings (mma_layouts::kMmaLayouts).
struct NamedMmaLayout {
  const char* name;
  const MmaLayout* layout;
};

/// SM70's quad pair q (0-3): lanes 4q..4q+3 and 16+4q..16+4q+3 (PTX ISA, "Matrix Fragments for
/// mma.m8n8k4 with .f16 floating point type"). Logical thread t of an SM70 layout is lane
/// t % 4 + 16 * (t / 4) of quad pair 0 (CuTe's SM70_QuadPair, (4,2):(1,16)).
inline constexpr int kQuadPairs = 4;
inline constexpr int kQuadPairLanes = 8;

/// An SM70 quad-pair layout over all 32 lanes: the quad pair (lane / 4) % 4 becomes a thread mode
/// {4, product_stride} after the modes that cover lanes 0-3, so quad pair q lands in product q of
/// a codomain of (rows * cols) elements each. Fails to compile if no thread-mode prefix covers 4.
constexpr TvLayout quad_pairs(const TvLayout& one, int product_stride) {
  int covered = 1, at = 0;
  while (at < 6 && covered < 4) covered *= one.thread[at++].shape;
  if (covered != 4 || one.thread[5].shape != 1) throw "quad_pairs: no thread-mode prefix covers 4 lanes";
  const Mode* t = one.thread;
  const Mode q{kQuadPairs, product_stride};
  auto mode = [&](int i) { return i < at ? t[i] : i == at ? q : t[i - 1]; };
  // Built whole, never element by element: GCC 12 writes such element stores in a constexpr copy
  // back into the source's initializer, which then reads (0,0) past its last written mode.
  return TvLayout{{mode(0), mode(1), mode(2), mode(3), mode(4), mode(5)},
                  {one.value[0], one.value[1], one.value[2], one.value[3], one.value[4], one.value[5]}};
}

/// One stride of a CuTe (N,K) layout (offset n + N*k, + N*K*product) as the catalogue's K x N
/// (k + K*n): a mode must step along n alone, along k alone, or over whole products.
constexpr Mode k_by_n(const Mode& m, int n, int k) {
  const int span = m.stride * (m.shape - 1);
  if (m.stride % (n * k) == 0) return m;                                      // products (or stride 0)
  if (m.stride % n == 0 && span / n < k) return Mode{m.shape, m.stride / n};  // along k
  if (span < n) return Mode{m.shape, m.stride * k};                           // along n
  throw "k_by_n: a mode steps along n and k at once";
}

/// A CuTe (N,K) B layout as the catalogue's K x N operand map: the same (thread, value) -> (k, n).
constexpr TvLayout k_by_n(const TvLayout& nk, int n, int k) {
  const Mode* t = nk.thread;
  const Mode* v = nk.value;
  return TvLayout{{k_by_n(t[0], n, k), k_by_n(t[1], n, k), k_by_n(t[2], n, k), k_by_n(t[3], n, k),
                   k_by_n(t[4], n, k), k_by_n(t[5], n, k)},
                  {k_by_n(v[0], n, k), k_by_n(v[1], n, k), k_by_n(v[2], n, k), k_by_n(v[3], n, k),
                   k_by_n(v[4], n, k), k_by_n(v[5], n, k)}};
}

namespace mma_layouts {

// clang-format off

// ---- SM70: m8n8k4 .f16, one quad pair (T8) -------------------------------------------------------

/// (T8,V4) -> (M8,K4): CuTe's SM70_8x4_Row, (8,4):(1,8). A .row; B .col as (N8,K4).
inline constexpr MmaLayout SM70_8x4_Row{8, 4, TvLayout{{{4, 1}, {2, 4}}, {{4, 8}}}};
/// (T8,V4) -> (M8,K4): CuTe's SM70_8x4_Col, ((4,2),4):((8,4),1). A .col; B .row as (N8,K4).
inline constexpr MmaLayout SM70_8x4_Col{8, 4, TvLayout{{{4, 8}, {2, 4}}, {{4, 1}}}};
/// (T8,V8) -> (M8,N8): CuTe's SM70_8x8_16b, (8,8):(1,8). C/D .f16.
inline constexpr MmaLayout SM70_8x8_16b{8, 8, TvLayout{{{4, 1}, {2, 4}}, {{8, 8}}}};
/// (T8,V8) -> (M8,N8): CuTe's SM70_8x8_32b, ((2,2,2),(2,2,2)):((1,16,4),(8,2,32)). C/D .f32.
inline constexpr MmaLayout SM70_8x8_32b{8, 8, TvLayout{{{2, 1}, {2, 16}, {2, 4}}, {{2, 8}, {2, 2}, {2, 32}}}};

// ---- SM75/SM80 and later: 32 threads, lane = (threadID_in_group, groupID) ------------------------

/// (T32,V1) -> (M8,K4): CuTe's SM80_8x4, ((4,8),1):((8,1),0). A and B of m8n8k4 .f64; B of m16n8k4
/// .tf32 and .f64, as (N8,K4).
inline constexpr MmaLayout SM80_8x4{8, 4, TvLayout{{{4, 8}, {8, 1}}, {}}};
/// (T32,V2) -> (M8,N8): CuTe's SM80_8x8_Row, ((4,8),2):((16,1),8). C/D of every m8n8 but m8n8k4
/// .f16; B of m16n8k8 .f16/.bf16 as (N8,K8).
inline constexpr MmaLayout SM80_8x8_Row{8, 8, TvLayout{{{4, 16}, {8, 1}}, {{2, 8}}}};
/// (T32,V4) -> (M8,N16): CuTe's SM80_8x16_Row, ((4,8),4):((32,1),8). A and B of m8n8k16 8-bit; B
/// of m16n8k16 8-bit, as (N8,K16).
inline constexpr MmaLayout SM80_8x16_Row{8, 16, TvLayout{{{4, 32}, {8, 1}}, {{4, 8}}}};
/// (T32,V4) -> (M16,N8): CuTe's SM80_16x8_Row, ((4,8),(2,2)):((32,1),(16,8)). C/D of every m16n8;
/// A of m16n8k8 .f16/.bf16 as (M16,K8).
inline constexpr MmaLayout SM80_16x8_Row{16, 8, TvLayout{{{4, 32}, {8, 1}}, {{2, 16}, {2, 8}}}};

/// (T32,V8) -> (M16,K16): ALayout of CuTe's SM80_16x8x16_F16F16F16F16_TN. A of m16n8k16 .f16/.bf16.
inline constexpr MmaLayout SM80_16x16_16b{16, 16, TvLayout{{{4, 32}, {8, 1}}, {{2, 16}, {2, 8}, {2, 128}}}};
/// (T32,V4) -> (N8,K16): BLayout of CuTe's SM80_16x8x16_F16F16F16F16_TN. B of m16n8k16 .f16/.bf16.
inline constexpr MmaLayout SM80_8x16_16b{8, 16, TvLayout{{{4, 16}, {8, 1}}, {{2, 8}, {2, 64}}}};

/// (T32,V2) -> (M16,K4): ALayout of CuTe's SM80_16x8x4_F32TF32TF32F32_TN (and SM90_16x8x4 .f64).
inline constexpr MmaLayout SM80_16x4_32b{16, 4, TvLayout{{{4, 16}, {8, 1}}, {{2, 8}}}};
/// (T32,V4) -> (M16,K8): ALayout of CuTe's SM80_16x8x8_F32TF32TF32F32_TN (and SM90_16x8x8 .f64).
inline constexpr MmaLayout SM80_16x8_32b{16, 8, TvLayout{{{4, 16}, {8, 1}}, {{2, 8}, {2, 64}}}};
/// (T32,V2) -> (N8,K8): BLayout of CuTe's SM80_16x8x8_F32TF32TF32F32_TN (and SM90_16x8x8 .f64).
inline constexpr MmaLayout SM80_8x8_32b{8, 8, TvLayout{{{4, 8}, {8, 1}}, {{2, 32}}}};
/// (T32,V8) -> (M16,K16): ALayout of CuTe's SM90_16x8x16_F64F64F64F64_TN.
inline constexpr MmaLayout SM90_16x16_64b{16, 16, TvLayout{{{4, 16}, {8, 1}}, {{2, 8}, {4, 64}}}};
/// (T32,V4) -> (N8,K16): BLayout of CuTe's SM90_16x8x16_F64F64F64F64_TN.
inline constexpr MmaLayout SM90_8x16_64b{8, 16, TvLayout{{{4, 8}, {8, 1}}, {{4, 32}}}};

/// (T32,V8) -> (M16,K16): ALayout of CuTe's SM80_16x8x16_S32S8S8S32_TN. A of m16n8k16 8-bit
/// (.s8/.u8, and .e4m3/.e5m2).
inline constexpr MmaLayout SM80_16x16_8b{16, 16, TvLayout{{{4, 64}, {8, 1}}, {{4, 16}, {2, 8}}}};
/// (T32,V16) -> (M16,K32): ALayout of CuTe's SM80_16x8x32_S32S8S8S32_TN (and SM89's, SM120's). A
/// of m16n8k32 8-bit, and of .kind::f8f6f4 (8-bit containers).
inline constexpr MmaLayout SM80_16x32_8b{16, 32, TvLayout{{{4, 64}, {8, 1}}, {{4, 16}, {2, 8}, {2, 256}}}};
/// (T32,V8) -> (N8,K32): BLayout of CuTe's SM80_16x8x32_S32S8S8S32_TN (and SM89's, SM120's).
inline constexpr MmaLayout SM80_8x32_8b{8, 32, TvLayout{{{4, 32}, {8, 1}}, {{4, 8}, {2, 128}}}};

/// (T32,V8) -> (M8,K32): A and B of CuTe's SM80_8x8x32_S32S4S4S32_TN. A and B of m8n8k32 .s4/.u4;
/// B of m16n8k32 .s4/.u4 (where CuTe 4.2 has a wrong BLayout: docs/catalogue.md).
inline constexpr MmaLayout SM80_8x32_4b{8, 32, TvLayout{{{4, 64}, {8, 1}}, {{8, 8}}}};
/// (T32,V16) -> (M16,K32): ALayout of CuTe's SM80_16x8x32_S32S4S4S32_TN.
inline constexpr MmaLayout SM80_16x32_4b{16, 32, TvLayout{{{4, 128}, {8, 1}}, {{8, 16}, {2, 8}}}};
/// (T32,V32) -> (M16,K64): ALayout of CuTe's SM80_16x8x64_S32S4S4S32_TN.
inline constexpr MmaLayout SM80_16x64_4b{16, 64, TvLayout{{{4, 128}, {8, 1}}, {{8, 16}, {2, 8}, {2, 512}}}};
/// (T32,V16) -> (N8,K64): BLayout of CuTe's SM80_16x8x64_S32S4S4S32_TN.
inline constexpr MmaLayout SM80_8x64_4b{8, 64, TvLayout{{{4, 64}, {8, 1}}, {{8, 8}, {2, 256}}}};

/// (T32,V32) -> (M8,K128): A and B of CuTe's SM80_8x8x128_S32U1U1S32_TN_XORPOPC; B of m16n8k128.
inline constexpr MmaLayout SM80_8x128_1b{8, 128, TvLayout{{{4, 256}, {8, 1}}, {{32, 8}}}};
/// (T32,V64) -> (M16,K128): A of m16n8k128 .b1, the PTX ISA's; CuTe 4.2's ALayout for it does not
/// evaluate (stride not congruent with shape: docs/catalogue.md).
inline constexpr MmaLayout SM80_16x128_1b{16, 128, TvLayout{{{4, 512}, {8, 1}}, {{32, 16}, {2, 8}}}};
/// (T32,V128) -> (M16,K256): ALayout of CuTe's SM80_16x8x256_S32U1U1S32_TN_XORPOPC.
inline constexpr MmaLayout SM80_16x256_1b{16, 256, TvLayout{{{4, 512}, {8, 1}}, {{32, 16}, {2, 8}, {2, 2048}}}};
/// (T32,V64) -> (N8,K256): BLayout of CuTe's SM80_16x8x256_S32U1U1S32_TN_XORPOPC.
inline constexpr MmaLayout SM80_8x256_1b{8, 256, TvLayout{{{4, 256}, {8, 1}}, {{32, 8}, {2, 1024}}}};

/// Every named layout above (tests check that the catalogue uses no other).
#define FRAGVIZ_NAMED(L) NamedMmaLayout{#L, &L}
inline constexpr NamedMmaLayout kMmaLayouts[] = {
    FRAGVIZ_NAMED(SM70_8x4_Row), FRAGVIZ_NAMED(SM70_8x4_Col), FRAGVIZ_NAMED(SM70_8x8_16b),
    FRAGVIZ_NAMED(SM70_8x8_32b), FRAGVIZ_NAMED(SM80_8x4), FRAGVIZ_NAMED(SM80_8x8_Row),
    FRAGVIZ_NAMED(SM80_8x16_Row), FRAGVIZ_NAMED(SM80_16x8_Row), FRAGVIZ_NAMED(SM80_16x16_16b),
    FRAGVIZ_NAMED(SM80_8x16_16b), FRAGVIZ_NAMED(SM80_16x4_32b), FRAGVIZ_NAMED(SM80_16x8_32b),
    FRAGVIZ_NAMED(SM80_8x8_32b), FRAGVIZ_NAMED(SM90_16x16_64b), FRAGVIZ_NAMED(SM90_8x16_64b),
    FRAGVIZ_NAMED(SM80_16x16_8b), FRAGVIZ_NAMED(SM80_16x32_8b), FRAGVIZ_NAMED(SM80_8x32_8b),
    FRAGVIZ_NAMED(SM80_8x32_4b), FRAGVIZ_NAMED(SM80_16x32_4b), FRAGVIZ_NAMED(SM80_16x64_4b),
    FRAGVIZ_NAMED(SM80_8x64_4b), FRAGVIZ_NAMED(SM80_8x128_1b), FRAGVIZ_NAMED(SM80_16x128_1b),
    FRAGVIZ_NAMED(SM80_16x256_1b), FRAGVIZ_NAMED(SM80_8x256_1b),
};
#undef FRAGVIZ_NAMED

// clang-format on

}  // namespace mma_layouts
}  // namespace fragviz
