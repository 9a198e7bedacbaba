// The catalogue against NVIDIA's own tables: every catalogue entry that CuTe also has, compared
// at every (thread, value) with CuTe's MMA_Traits (include/cute/atom/mma_traits_sm*.hpp of the
// pinned nvidia-cutlass wheel that tools/fetch-cutlass.sh unpacks; nothing of CUTLASS is kept in
// this repository). Host only: g++, no CUDA.
//
// CuTe's conventions, as its MMA_Traits use them:
//   ALayout (thread, value) -> offset into A as (M,K) column-major: m + M*k
//   BLayout (thread, value) -> offset into B as (N,K) column-major: n + N*k
//   CLayout (thread, value) -> offset into C as (M,N) column-major: m + M*n
//   ThrID   logical thread -> lane. The SM70 m8n8k4 atoms describe ONE quad pair (8 threads,
//           ThrID (4,2):(1,16)); the PTX ISA's quad pair q is lanes 4q..4q+3 and 16+4q..16+4q+3,
//           so lane = ThrID(t) + 4q, and the catalogue names q as the product.
// The catalogue's A is M x K, B is K x N (row = k), C is M x N (fragviz/isa/catalogue.hpp).
//
// Each atom's mnemonic is checked against the asm string in CuTe's own arch header
// (cute/arch/mma_sm*.hpp), so the mapping below is CuTe's, not ours. A CuTe layout that cannot
// be evaluated (shape and stride not congruent) is never instantiated. Where CuTe and the PTX
// text disagree the hardware decides (probe_known_differences.cu); each such case is listed in
// kKnownDifferences with its reason, and the test checks that each listed difference still is
// exactly that, so it fails when CuTe changes. Any other disagreement fails, naming entry,
// operand, lane, value and both coordinates. Catalogue entries CuTe lacks are counted and
// listed, not failed.
#include <cutlass/version.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cute/atom/mma_traits_sm120.hpp>
#include <cute/atom/mma_traits_sm70.hpp>
#include <cute/atom/mma_traits_sm75.hpp>
#include <cute/atom/mma_traits_sm80.hpp>
#include <cute/atom/mma_traits_sm89.hpp>
#include <cute/atom/mma_traits_sm90.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/fragment.hpp"

#ifndef FRAGVIZ_CUTLASS_INCLUDE
#error "FRAGVIZ_CUTLASS_INCLUDE (the CUTLASS include folder) must be defined by the build"
#endif

namespace {

using fragviz::Coord;
using fragviz::Instruction;
using fragviz::Operand;

const Operand kOperands[] = {Operand::A, Operand::B, Operand::C};

// One of CuTe's A/B/C layouts, evaluated into a table.
struct OperandTable {
  std::string text;         // as CuTe prints it, shape:stride
  bool congruent = true;    // false: shape and stride don't match, CuTe cannot evaluate it
  int threads = 0;          // size of mode 0
  int values = 0;           // size of mode 1
  std::vector<int> offset;  // [t * values + v], only when congruent
};

template <class L>
std::string layout_text(const L& l) {
  std::ostringstream os;
  os << l;
  return os.str();
}

template <class L>
std::vector<int> evaluate(const L& l) {
  const int threads = int(cute::size<0>(l)), values = int(cute::size<1>(l));
  std::vector<int> out(std::size_t(threads) * values);
  for (int t = 0; t < threads; ++t)
    for (int v = 0; v < values; ++v) out[std::size_t(t) * values + v] = int(l(t, v));
  return out;
}

template <class L>
OperandTable tabulate(const L& l) {
  using Shape = std::decay_t<decltype(cute::shape(l))>;
  using Stride = std::decay_t<decltype(cute::stride(l))>;
  OperandTable t;
  t.text = layout_text(cute::shape(l)) + ":" + layout_text(cute::stride(l));
  t.threads = int(cute::size(cute::shape<0>(l)));
  t.values = int(cute::size(cute::shape<1>(l)));
  // Only a congruent layout is evaluated: instantiating a malformed one's call operator is a
  // compile error inside CuTe.
  if constexpr (cute::is_congruent<Shape, Stride>::value)
    t.offset = evaluate(l);
  else
    t.congruent = false;
  return t;
}

// One CuTe MMA atom: its MMA_Traits evaluated, and where CuTe's source names its mnemonic.
struct CuteAtom {
  std::string id;           // the CuTe type, as a test-name-safe identifier
  std::string type;         // the CuTe type as C++ spells it
  std::string arch_header;  // cute/arch/... holding the struct and its asm
  std::string struct_key;   // "struct <key>" in that header
  std::string mnemonic;     // the PTX mnemonic as that header's asm spells it (checked)
  int m = 0, n = 0, k = 0;
  std::vector<int> thr_id;  // logical thread -> lane, size(ThrID) entries
  OperandTable a, b, c;
  const OperandTable& table(Operand op) const { return op == Operand::A ? a : op == Operand::B ? b : c; }
};

template <class Op>
CuteAtom atom(std::string id, std::string type, std::string arch, std::string key, std::string mnemonic) {
  using T = cute::MMA_Traits<Op>;
  CuteAtom x;
  x.id = std::move(id);
  x.type = std::move(type);
  x.arch_header = "cute/arch/" + arch;
  x.struct_key = std::move(key);
  x.mnemonic = std::move(mnemonic);
  using MNK = typename T::Shape_MNK;
  x.m = int(cute::size<0>(MNK{}));
  x.n = int(cute::size<1>(MNK{}));
  x.k = int(cute::size<2>(MNK{}));
  typename T::ThrID thr{};
  for (int t = 0; t < int(cute::size(thr)); ++t) x.thr_id.push_back(int(thr(t)));
  x.a = tabulate(typename T::ALayout{});
  x.b = tabulate(typename T::BLayout{});
  x.c = tabulate(typename T::CLayout{});
  return x;
}

// A CuTe type without template arguments: its name is its id and its struct key.
#define FRAGVIZ_CUTE_ATOM(Op, arch, mnemonic) atom<cute::Op>(#Op, #Op, arch, #Op, mnemonic)
// An SM90 f64 atom: cute::SM90_… aliases the struct cute::SM90::MMA_….
#define FRAGVIZ_CUTE_SM90(Op, Struct, mnemonic) atom<cute::Op>(#Op, #Op, "mma_sm90.hpp", #Struct, mnemonic)
// An SM120 .kind::f8f6f4 atom: the class template SM120_16x8x32_TN<A, B, C>.
#define FRAGVIZ_CUTE_SM120(TA, TB, TC, mnemonic)                                              \
  atom<cute::SM120_16x8x32_TN<cute::TA, cute::TB, TC>>(                                       \
      "SM120_16x8x32_TN_" #TA "_" #TB "_" #TC, "SM120_16x8x32_TN<" #TA ", " #TB ", " #TC ">", \
      "mma_sm120.hpp", "SM120_16x8x32_TN<" #TA ", " #TB ", " #TC ">", mnemonic)

// Every CuTe atom whose mnemonic the catalogue has (CuTe 4.2: SM70, SM75, SM80, SM89, SM90 and the
// SM120 f8f6f4 atoms). Not listed: CuTe's .satfinite (_SATURATE), complex-f64 and DP4A/DP2A
// atoms, and the other SM120 type pairs and block-scaled forms, which test_cute_sm120.cpp compares.
const std::vector<CuteAtom>& cute_atoms() {
  static const std::vector<CuteAtom> all = {
      // m8n8k4 .f16: CuTe's T/N is K-major/MN-major, so TN = .row.col, NT = .col.row.
      FRAGVIZ_CUTE_ATOM(SM70_8x8x4_F16F16F16F16_TN, "mma_sm70.hpp",
                        "mma.sync.aligned.m8n8k4.row.col.f16.f16.f16.f16"),
      FRAGVIZ_CUTE_ATOM(SM70_8x8x4_F16F16F16F16_NT, "mma_sm70.hpp",
                        "mma.sync.aligned.m8n8k4.col.row.f16.f16.f16.f16"),
      FRAGVIZ_CUTE_ATOM(SM70_8x8x4_F16F16F16F16_NN, "mma_sm70.hpp",
                        "mma.sync.aligned.m8n8k4.col.col.f16.f16.f16.f16"),
      FRAGVIZ_CUTE_ATOM(SM70_8x8x4_F16F16F16F16_TT, "mma_sm70.hpp",
                        "mma.sync.aligned.m8n8k4.row.row.f16.f16.f16.f16"),
      FRAGVIZ_CUTE_ATOM(SM70_8x8x4_F32F16F16F32_TN, "mma_sm70.hpp",
                        "mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32"),
      FRAGVIZ_CUTE_ATOM(SM70_8x8x4_F32F16F16F32_NT, "mma_sm70.hpp",
                        "mma.sync.aligned.m8n8k4.col.row.f32.f16.f16.f32"),
      FRAGVIZ_CUTE_ATOM(SM70_8x8x4_F32F16F16F32_NN, "mma_sm70.hpp",
                        "mma.sync.aligned.m8n8k4.col.col.f32.f16.f16.f32"),
      FRAGVIZ_CUTE_ATOM(SM70_8x8x4_F32F16F16F32_TT, "mma_sm70.hpp",
                        "mma.sync.aligned.m8n8k4.row.row.f32.f16.f16.f32"),
      // sm_75
      FRAGVIZ_CUTE_ATOM(SM75_16x8x8_F32F16F16F32_TN, "mma_sm75.hpp",
                        "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32"),
      FRAGVIZ_CUTE_ATOM(SM75_8x8x16_S32S8S8S32_TN, "mma_sm75.hpp",
                        "mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32"),
      // sm_80: f16, bf16, tf32, f64
      FRAGVIZ_CUTE_ATOM(SM80_16x8x8_F16F16F16F16_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x16_F16F16F16F16_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x8_F32F16F16F32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x16_F32F16F16F32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x8_F32BF16BF16F32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x16_F32BF16BF16F32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x4_F32TF32TF32F32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x8_F32TF32TF32F32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32"),
      FRAGVIZ_CUTE_ATOM(SM80_8x8x4_F64F64F64F64_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64"),
      // sm_80: 8-bit integers
      FRAGVIZ_CUTE_ATOM(SM80_8x8x16_S32S8S8S32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x16_S32S8S8S32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x32_S32S8S8S32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32"),
      FRAGVIZ_CUTE_ATOM(SM80_8x8x16_S32S8U8S32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m8n8k16.row.col.s32.s8.u8.s32"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x16_S32S8U8S32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k16.row.col.s32.s8.u8.s32"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x32_S32S8U8S32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k32.row.col.s32.s8.u8.s32"),
      FRAGVIZ_CUTE_ATOM(SM80_8x8x16_S32U8S8S32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m8n8k16.row.col.s32.u8.s8.s32"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x16_S32U8S8S32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k16.row.col.s32.u8.s8.s32"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x32_S32U8S8S32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k32.row.col.s32.u8.s8.s32"),
      FRAGVIZ_CUTE_ATOM(SM80_8x8x16_S32U8U8S32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m8n8k16.row.col.s32.u8.u8.s32"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x16_S32U8U8S32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k16.row.col.s32.u8.u8.s32"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x32_S32U8U8S32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32"),
      // sm_80: 4-bit integers
      FRAGVIZ_CUTE_ATOM(SM80_8x8x32_S32S4S4S32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m8n8k32.row.col.s32.s4.s4.s32"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x32_S32S4S4S32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k32.row.col.s32.s4.s4.s32"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x64_S32S4S4S32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k64.row.col.s32.s4.s4.s32"),
      FRAGVIZ_CUTE_ATOM(SM80_8x8x32_S32S4U4S32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m8n8k32.row.col.s32.s4.u4.s32"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x32_S32S4U4S32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k32.row.col.s32.s4.u4.s32"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x64_S32S4U4S32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k64.row.col.s32.s4.u4.s32"),
      FRAGVIZ_CUTE_ATOM(SM80_8x8x32_S32U4S4S32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m8n8k32.row.col.s32.u4.s4.s32"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x32_S32U4S4S32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k32.row.col.s32.u4.s4.s32"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x64_S32U4S4S32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k64.row.col.s32.u4.s4.s32"),
      FRAGVIZ_CUTE_ATOM(SM80_8x8x32_S32U4U4S32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m8n8k32.row.col.s32.u4.u4.s32"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x32_S32U4U4S32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k32.row.col.s32.u4.u4.s32"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x64_S32U4U4S32_TN, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k64.row.col.s32.u4.u4.s32"),
      // sm_80: single bit
      FRAGVIZ_CUTE_ATOM(SM80_8x8x128_S32U1U1S32_TN_XORPOPC, "mma_sm80.hpp",
                        "mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.xor.popc"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x128_S32U1U1S32_TN_XORPOPC, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.xor.popc"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x256_S32U1U1S32_TN_XORPOPC, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.xor.popc"),
      FRAGVIZ_CUTE_ATOM(SM80_8x8x128_S32U1U1S32_TN_ANDPOPC, "mma_sm80.hpp",
                        "mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.and.popc"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x128_S32U1U1S32_TN_ANDPOPC, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.and.popc"),
      FRAGVIZ_CUTE_ATOM(SM80_16x8x256_S32U1U1S32_TN_ANDPOPC, "mma_sm80.hpp",
                        "mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc"),
      // sm_89: fp8, m16n8k32 only
      FRAGVIZ_CUTE_ATOM(SM89_16x8x32_F32E4M3E4M3F32_TN, "mma_sm89.hpp",
                        "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32"),
      FRAGVIZ_CUTE_ATOM(SM89_16x8x32_F32E4M3E5M2F32_TN, "mma_sm89.hpp",
                        "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32"),
      FRAGVIZ_CUTE_ATOM(SM89_16x8x32_F32E5M2E4M3F32_TN, "mma_sm89.hpp",
                        "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32"),
      FRAGVIZ_CUTE_ATOM(SM89_16x8x32_F32E5M2E5M2F32_TN, "mma_sm89.hpp",
                        "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32"),
      FRAGVIZ_CUTE_ATOM(SM89_16x8x32_F16E4M3E4M3F16_TN, "mma_sm89.hpp",
                        "mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16"),
      FRAGVIZ_CUTE_ATOM(SM89_16x8x32_F16E4M3E5M2F16_TN, "mma_sm89.hpp",
                        "mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e5m2.f16"),
      FRAGVIZ_CUTE_ATOM(SM89_16x8x32_F16E5M2E4M3F16_TN, "mma_sm89.hpp",
                        "mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e4m3.f16"),
      FRAGVIZ_CUTE_ATOM(SM89_16x8x32_F16E5M2E5M2F16_TN, "mma_sm89.hpp",
                        "mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e5m2.f16"),
      // sm_90: f64 m16n8kX
      FRAGVIZ_CUTE_SM90(SM90_16x8x4_F64F64F64F64_TN, MMA_16x8x4_F64F64F64F64_TN,
                        "mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64"),
      FRAGVIZ_CUTE_SM90(SM90_16x8x8_F64F64F64F64_TN, MMA_16x8x8_F64F64F64F64_TN,
                        "mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64"),
      FRAGVIZ_CUTE_SM90(SM90_16x8x16_F64F64F64F64_TN, MMA_16x8x16_F64F64F64F64_TN,
                        "mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64"),
      // sm_120a: .kind::f8f6f4 (CuTe hands the 4- and 6-bit types over in 8-bit containers)
      FRAGVIZ_CUTE_SM120(float_e2m1_t, float_e2m1_t, float,
                         "mma.sync.aligned.kind::f8f6f4.m16n8k32.row.col.f32.e2m1.e2m1.f32"),
      FRAGVIZ_CUTE_SM120(float_e3m2_t, float_e3m2_t, float,
                         "mma.sync.aligned.kind::f8f6f4.m16n8k32.row.col.f32.e3m2.e3m2.f32"),
      FRAGVIZ_CUTE_SM120(float_e2m3_t, float_e2m3_t, float,
                         "mma.sync.aligned.kind::f8f6f4.m16n8k32.row.col.f32.e2m3.e2m3.f32"),
      FRAGVIZ_CUTE_SM120(float_e4m3_t, float_e2m1_t, float,
                         "mma.sync.aligned.kind::f8f6f4.m16n8k32.row.col.f32.e4m3.e2m1.f32"),
  };
  return all;
}

// Known differences between CuTe and the catalogue, where the PTX ISA text and the hardware
// (tests/cute/probe_known_differences.cu: every (lane, element) of A and B of both instructions,
// H200, sm_90, 2026-12-01) agree with the catalogue and CuTe is wrong. Each is asserted to still be exactly
// that difference: when CuTe changes (a new pinned version), KnownDifferencesStillDiffer fails, and the entry
// is to be removed here and from the README, so the operand is compared again.
enum class Kind {
  malformed,  // CuTe's shape and stride are not congruent: CuTe cannot even evaluate the layout
  wrong,      // CuTe's layout evaluates, to other coordinates than the PTX text and the hardware
};
template <class L>
std::vector<int> evaluate_type() {
  return evaluate(L{});
}

// The layouts the PTX text and the hardware give, written as CuTe would.
using B1_16x8x128_A =
    cute::Layout<cute::Shape<cute::Shape<cute::_4, cute::_8>, cute::Shape<cute::_32, cute::_2>>,
                 cute::Stride<cute::Stride<cute::_512, cute::_1>, cute::Stride<cute::_16, cute::_8>>>;
using S4_16x8x32_B = cute::Layout<cute::Shape<cute::Shape<cute::_4, cute::_8>, cute::Shape<cute::_8>>,
                                  cute::Stride<cute::Stride<cute::_64, cute::_1>, cute::Stride<cute::_8>>>;

struct KnownDifference {
  const char* atom;  // CuTe type id
  Operand operand;
  Kind kind;
  const char* cute_layout;      // CuTe's layout as it prints now (asserted unchanged)
  const char* right_layout;     // what the PTX text and the hardware give (asserted = catalogue)
  std::vector<int> (*right)();  // right_layout, evaluated by CuTe
  int differing;                // Kind::wrong: (lane, value) pairs CuTe gets wrong
  const char* reason;
};

#define FRAGVIZ_B1_MALFORMED(atom_id, why)                                              \
  KnownDifference {                                                                     \
    atom_id, Operand::A, Kind::malformed, "((_4,_8),(_32,_2)):((_512,_1),((_16,_8)))",  \
        "((_4,_8),(_32,_2)):((_512,_1),(_16,_8))", evaluate_type<B1_16x8x128_A>, 0, why \
  }
#define FRAGVIZ_S4_WRONG_B(atom_id, why)                                                                  \
  KnownDifference {                                                                                       \
    atom_id, Operand::B, Kind::wrong, "((_4,_8),(_8)):((_32,_1),(_8))", "((_4,_8),(_8)):((_64,_1),(_8))", \
        evaluate_type<S4_16x8x32_B>, 192, why                                                             \
  }

const KnownDifference kKnownDifferences[] = {
    FRAGVIZ_B1_MALFORMED("SM80_16x8x128_S32U1U1S32_TN_XORPOPC",
                         "ALayout's value stride is Stride<Stride<_16,_8>> (one mode) for the value shape "
                         "Shape<_32,_2> (two modes): not congruent, so cute::crd2idx does not compile "
                         "('Mismatched Ranks') and CuTe cannot say where any element of A lives. Read as "
                         "Stride<_16,_8> it is the PTX ISA's m16n8k128 .b1 A fragment, the catalogue's and "
                         "the hardware's."),
    FRAGVIZ_B1_MALFORMED(
        "SM80_16x8x128_S32U1U1S32_TN_ANDPOPC",
        "inherits SM80_16x8x128_S32U1U1S32_TN_XORPOPC's MMA_Traits: the same malformed ALayout."),
    FRAGVIZ_S4_WRONG_B(
        "SM80_16x8x32_S32S4S4S32_TN",
        "BLayout's thread stride _32 should be _64: CuTe puts lane (g, t) nibble v at "
        "B[k = 4t + v][n = g], overlapping its neighbours and never reaching k >= 20; the PTX ISA "
        "(m16n8k32 B: row = threadID_in_group * 8 + i), the catalogue and the hardware have "
        "k = 8t + v. 192 of 256 (lane, value) pairs differ, all but t = 0. Fixed upstream after "
        "4.2.0 (NVIDIA/cutlass pull request 3140)."),
    FRAGVIZ_S4_WRONG_B("SM80_16x8x32_S32S4U4S32_TN",
                       "inherits SM80_16x8x32_S32S4S4S32_TN's BLayout (thread stride _32 for _64)."),
    FRAGVIZ_S4_WRONG_B("SM80_16x8x32_S32U4S4S32_TN",
                       "inherits SM80_16x8x32_S32S4S4S32_TN's BLayout (thread stride _32 for _64)."),
    FRAGVIZ_S4_WRONG_B("SM80_16x8x32_S32U4U4S32_TN",
                       "inherits SM80_16x8x32_S32S4S4S32_TN's BLayout (thread stride _32 for _64)."),
};

const KnownDifference* known_difference(const std::string& atom, Operand op) {
  for (const KnownDifference& k : kKnownDifferences)
    if (atom == k.atom && op == k.operand) return &k;
  return nullptr;
}

std::string read_header(const std::string& relative) {
  std::ifstream in(std::string(FRAGVIZ_CUTLASS_INCLUDE) + "/" + relative, std::ios::binary);
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The PTX mnemonic issued by `struct <key>` in CuTe's arch header: the first "mma.sync…" token
// after the struct's name and before the next struct. Empty if there is none.
std::string cute_asm_mnemonic(const std::string& text, const std::string& key) {
  const std::string needle = "struct " + key;
  std::size_t at = 0;
  while ((at = text.find(needle, at)) != std::string::npos) {
    const std::size_t end = at + needle.size();
    if (end < text.size() && identifier_char(text[end]) && identifier_char(needle.back())) {
      at = end;  // a longer name (…_SATURATE): not this struct
      continue;
    }
    const std::size_t next_struct = text.find("\nstruct ", end);
    const std::size_t asm_at = text.find("mma.sync", end);
    if (asm_at == std::string::npos || asm_at > next_struct) return {};
    std::size_t stop = asm_at;
    while (stop < text.size() && !std::isspace(static_cast<unsigned char>(text[stop])) && text[stop] != '"')
      ++stop;
    return text.substr(asm_at, stop - asm_at);
  }
  return {};
}

// Every "mma.sync…" mnemonic in CuTe's arch headers (cute/arch/mma_sm*.hpp).
const std::set<std::string>& cute_arch_mnemonics() {
  static const std::set<std::string> all = [] {
    std::set<std::string> out;
    namespace fs = std::filesystem;
    const fs::path dir = fs::path(FRAGVIZ_CUTLASS_INCLUDE) / "cute" / "arch";
    for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
      const std::string name = e.path().filename().string();
      if (name.rfind("mma_sm", 0) != 0) continue;
      const std::string text = read_header("cute/arch/" + name);
      for (std::size_t at = text.find("mma.sync"); at != std::string::npos;
           at = text.find("mma.sync", at + 1)) {
        std::size_t stop = at;
        while (stop < text.size() && !std::isspace(static_cast<unsigned char>(text[stop])) &&
               text[stop] != '"')
          ++stop;
        out.insert(text.substr(at, stop - at));
      }
    }
    return out;
  }();
  return all;
}

std::string coord_text(Coord c) {
  return "(row " + std::to_string(c.row) + ", col " + std::to_string(c.col) + ", product " +
         std::to_string(c.product) + ")";
}

// CuTe's offset decoded to the catalogue's coordinates: A (M,K) -> (m, k); B (N,K) -> (k, n);
// C (M,N) -> (m, n).
Coord cute_coord(const CuteAtom& x, Operand op, int offset, int product) {
  switch (op) {
    case Operand::A:
      return {offset % x.m, offset / x.m, product};
    case Operand::B:
      return {offset / x.n, offset % x.n, product};
    case Operand::C:
      return {offset % x.m, offset / x.m, product};
  }
  return {};
}
int cute_codomain(const CuteAtom& x, Operand op) {
  return op == Operand::A ? x.m * x.k : op == Operand::B ? x.n * x.k : x.m * x.n;
}

// The result of comparing one operand of one atom with the catalogue.
struct OperandResult {
  bool evaluated = false;           // false: CuTe's layout is malformed (not congruent)
  long compared = 0;                // (lane, value) pairs compared
  std::vector<std::string> issues;  // every disagreement, spelled out
};

// Compares `offsets` (a CuTe table of `values` per logical thread) with the catalogue.
OperandResult compare_offsets(const Instruction& in, const CuteAtom& x, Operand op,
                              const std::vector<int>& offsets, int threads, int values) {
  OperandResult r;
  r.evaluated = true;
  const std::string where =
      std::string(in.mnemonic) + " vs " + x.type + ", operand " + std::string(fragviz::to_string(op));
  const int copies = in.threads / int(x.thr_id.size());  // 4 quad pairs for SM70, else 1
  if (threads != int(x.thr_id.size()))
    r.issues.push_back(where + ": CuTe's layout has " + std::to_string(threads) + " threads, its ThrID " +
                       std::to_string(x.thr_id.size()));
  if (values != fragviz::elements_per_lane(in, op))
    r.issues.push_back(where + ": CuTe has " + std::to_string(values) + " values per thread, the catalogue " +
                       std::to_string(fragviz::elements_per_lane(in, op)));
  if (copies != in.products)
    r.issues.push_back(where + ": " + std::to_string(in.threads) + " lanes / " +
                       std::to_string(x.thr_id.size()) + " CuTe threads != " + std::to_string(in.products) +
                       " products");
  if (!r.issues.empty()) return r;
  for (int p = 0; p < copies; ++p)
    for (int t = 0; t < threads; ++t)
      for (int v = 0; v < values; ++v) {
        const int lane = x.thr_id[t] + 4 * p;  // SM70: quad pair p; else p == 0
        const int off = offsets[std::size_t(t) * values + v];
        const Coord want = fragviz::fragment_coord(in, op, lane, v);
        const Coord got = cute_coord(x, op, off, p);
        ++r.compared;
        if (off < 0 || off >= cute_codomain(x, op) || want != got)
          r.issues.push_back(where + ", lane " + std::to_string(lane) + " (CuTe thread " + std::to_string(t) +
                             "), value " + std::to_string(v) + ": catalogue " + coord_text(want) + ", CuTe " +
                             coord_text(got) + " (CuTe offset " + std::to_string(off) + ")");
      }
  return r;
}

OperandResult compare_operand(const Instruction& in, const CuteAtom& x, Operand op) {
  const OperandTable& t = x.table(op);
  if (!t.congruent) return OperandResult{};
  return compare_offsets(in, x, op, t.offset, t.threads, t.values);
}

// A mnemonic with its .kind::… qualifier (if any) moved right after "mma.sync.aligned": CuTe
// writes "mma.sync.aligned.kind::f8f6f4.m16n8k32.row.col…", the PTX ISA's syntax line
// "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4…"; both name one instruction.
std::string canonical(const std::string& mnemonic) {
  std::vector<std::string> parts;
  std::string kind;
  std::size_t from = 0;
  while (from <= mnemonic.size()) {
    const std::size_t dot = std::min(mnemonic.find('.', from), mnemonic.size());
    const std::string part = mnemonic.substr(from, dot - from);
    if (part.rfind("kind::", 0) == 0)
      kind = part;
    else
      parts.push_back(part);
    from = dot + 1;
  }
  if (!kind.empty()) parts.insert(parts.begin() + std::min<std::size_t>(3, parts.size()), kind);
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : ".") + p;
  return out;
}

// The catalogue entry whose mnemonic names the same instruction, or nullptr.
const Instruction* entry_for(const std::string& mnemonic) {
  const std::string want = canonical(mnemonic);
  for (const Instruction& in : fragviz::catalogue())
    if (canonical(in.mnemonic) == want) return &in;
  return nullptr;
}

// The catalogue entry an atom stands for.
const Instruction* entry_of(const CuteAtom& x) { return entry_for(x.mnemonic); }

std::string test_name(const ::testing::TestParamInfo<std::size_t>& info) {
  return cute_atoms()[info.param].id;
}

std::vector<std::size_t> atom_indices() {
  std::vector<std::size_t> out(cute_atoms().size());
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = i;
  return out;
}

}  // namespace

// One test per CuTe atom: its mnemonic is what CuTe's arch header issues, it names a catalogue
// entry, and shape, thread map and the A, B and C layouts equal the catalogue's at every
// (lane, value), except the known differences.
class CuteMmaAtom : public ::testing::TestWithParam<std::size_t> {};

TEST_P(CuteMmaAtom, MatchesCatalogue) {
  const CuteAtom& x = cute_atoms()[GetParam()];
  SCOPED_TRACE(x.type + " / " + x.mnemonic);

  const std::string header = read_header(x.arch_header);
  ASSERT_FALSE(header.empty()) << "cannot read " << FRAGVIZ_CUTLASS_INCLUDE << "/" << x.arch_header;
  EXPECT_EQ(cute_asm_mnemonic(header, x.struct_key), x.mnemonic)
      << "CuTe's " << x.arch_header << " issues a different instruction for struct " << x.struct_key;

  const Instruction* in = entry_of(x);
  ASSERT_NE(in, nullptr) << "no catalogue entry " << x.mnemonic;
  if (x.mnemonic != in->mnemonic)
    std::printf("note: CuTe spells %s as %s\n", in->mnemonic, x.mnemonic.c_str());
  EXPECT_EQ(x.m, in->m);
  EXPECT_EQ(x.n, in->n);
  EXPECT_EQ(x.k, in->k);

  // ThrID's copies (one for most atoms, four quad pairs for SM70) cover each lane exactly once.
  std::vector<int> seen(std::size_t(in->threads), 0);
  const int copies = in->threads / int(x.thr_id.size());
  for (int p = 0; p < copies; ++p)
    for (int lane : x.thr_id) {
      const int l = lane + 4 * p;
      ASSERT_TRUE(l >= 0 && l < in->threads) << "lane " << l;
      ++seen[std::size_t(l)];
    }
  for (int l = 0; l < in->threads; ++l)
    EXPECT_EQ(seen[std::size_t(l)], 1) << "lane " << l << " covered " << seen[std::size_t(l)] << " times";

  for (Operand op : kOperands) {
    const OperandTable& t = x.table(op);
    const KnownDifference* known = known_difference(x.id, op);
    if (!t.congruent) {
      EXPECT_NE(known, nullptr)
          << x.type << " operand " << fragviz::to_string(op) << ": CuTe's layout " << t.text
          << " is malformed (shape and stride not congruent) and not a known difference";
      continue;
    }
    if (known) continue;  // checked, as recorded, by KnownDifferencesStillDiffer
    const OperandResult r = compare_operand(*in, x, op);
    EXPECT_GT(r.compared, 0);
    for (const std::string& issue : r.issues) ADD_FAILURE() << issue;
  }
}

INSTANTIATE_TEST_SUITE_P(All, CuteMmaAtom, ::testing::ValuesIn(atom_indices()), test_name);

// Each known difference is still exactly that: the atom's layout prints as recorded, is still
// malformed or still differs at the recorded number of pairs, and the layout the PTX text and
// the hardware give, evaluated by CuTe, equals the catalogue at every (lane, value).
TEST(CuteMmaTraits, KnownDifferencesStillDiffer) {
  for (const KnownDifference& k : kKnownDifferences) {
    const std::string op = std::string(fragviz::to_string(k.operand));
    SCOPED_TRACE(std::string(k.atom) + " operand " + op);
    const auto& atoms = cute_atoms();
    const auto it =
        std::find_if(atoms.begin(), atoms.end(), [&](const CuteAtom& x) { return x.id == k.atom; });
    ASSERT_NE(it, atoms.end()) << "known difference names an atom the test does not know";
    const Instruction* in = entry_of(*it);
    ASSERT_NE(in, nullptr);
    const OperandTable& t = it->table(k.operand);
    EXPECT_EQ(t.text, k.cute_layout) << "CuTe's layout changed: the known difference may be gone; compare it "
                                        "again and update kKnownDifferences and the README";
    if (k.kind == Kind::malformed) {
      EXPECT_FALSE(t.congruent) << "CuTe's layout " << t.text
                                << " is congruent now: remove the known difference";
    } else {
      ASSERT_TRUE(t.congruent) << t.text;
      const OperandResult now = compare_operand(*in, *it, k.operand);
      EXPECT_EQ(int(now.issues.size()), k.differing)
          << "CuTe's layout " << t.text << " now differs at " << now.issues.size() << " (lane, value) pairs";
    }
    // The right layout is the catalogue's, through CuTe's own evaluation.
    const std::vector<int> right = k.right();
    const OperandResult r = compare_offsets(*in, *it, k.operand, right, t.threads, t.values);
    EXPECT_GT(r.compared, 0);
    for (const std::string& issue : r.issues) ADD_FAILURE() << "as " << k.right_layout << ": " << issue;
    std::printf(
        "known difference: %s operand %s (%s): CuTe %s, PTX and hardware %s (%ld (lane, value) pairs = "
        "catalogue)\n  %s\n",
        k.atom, op.c_str(), k.kind == Kind::malformed ? "malformed" : "wrong", t.text.c_str(), k.right_layout,
        r.compared, k.reason);
  }
}

// The right layouts print as recorded (so the texts above are what CuTe would write).
TEST(CuteMmaTraits, KnownDifferenceLayoutsPrintAsRecorded) {
  EXPECT_EQ(layout_text(B1_16x8x128_A{}), "((_4,_8),(_32,_2)):((_512,_1),(_16,_8))");
  EXPECT_EQ(layout_text(S4_16x8x32_B{}), "((_4,_8),(_8)):((_64,_1),(_8))");
}

// The whole picture: which catalogue entries CuTe has, how many matched, which CuTe lacks (a
// count, not a failure), and which CuTe mnemonics the catalogue lacks (for information). Fails
// only if CuTe's arch headers issue a catalogue mnemonic that the atom list above leaves out. The
// sm_120a entries the list leaves out are compared, every one, by test_cute_sm120.cpp (cute.sm120).
TEST(CuteMmaTraits, Coverage) {
  std::map<std::string, std::vector<const CuteAtom*>> by_mnemonic;
  for (const CuteAtom& x : cute_atoms()) by_mnemonic[canonical(x.mnemonic)].push_back(&x);
  std::set<std::string> in_cute;  // canonical
  for (const std::string& m : cute_arch_mnemonics()) in_cute.insert(canonical(m));
  ASSERT_FALSE(in_cute.empty()) << "no mma.sync in " << FRAGVIZ_CUTLASS_INCLUDE << "/cute/arch/mma_sm*.hpp";

  int compared = 0, matched = 0, with_known = 0, in_sm120_test = 0;
  long pairs = 0;
  std::vector<std::string> not_in_cute;
  for (const Instruction& in : fragviz::catalogue()) {
    const auto it = by_mnemonic.find(canonical(in.mnemonic));
    if (it == by_mnemonic.end() && in.arch_specific) {
      ++in_sm120_test;
      continue;
    }
    if (it == by_mnemonic.end()) {
      EXPECT_EQ(in_cute.count(canonical(in.mnemonic)), 0u)
          << in.mnemonic << " is in CuTe's arch headers but the test maps no CuTe atom to it";
      not_in_cute.push_back(in.mnemonic);
      continue;
    }
    ++compared;
    bool all_match = true, known = false;
    for (const CuteAtom* x : it->second)
      for (Operand op : kOperands) {
        if (known_difference(x->id, op)) {
          known = true;
          continue;
        }
        const OperandResult r = compare_operand(in, *x, op);
        pairs += r.compared;
        if (!r.evaluated || !r.issues.empty()) all_match = false;
      }
    if (known)
      ++with_known;
    else if (all_match)
      ++matched;
  }
  std::printf("CuTe (CUTLASS %d.%d.%d) against the catalogue (%zu entries):\n", CUTLASS_MAJOR, CUTLASS_MINOR,
              CUTLASS_PATCH, fragviz::catalogue().size());
  std::printf("  compared: %d entries through %zu CuTe atoms, %ld (lane, value) pairs\n", compared,
              cute_atoms().size(), pairs);
  std::printf("  matched at every (thread, value) of A, B and C: %d\n", matched);
  std::printf("  with a known difference (%zu listed): %d\n", std::size(kKnownDifferences), with_known);
  std::printf("  sm_120a entries left to cute.sm120: %d\n", in_sm120_test);
  std::printf("  not in CuTe: %zu\n", not_in_cute.size());
  for (const std::string& m : not_in_cute) std::printf("    %s\n", m.c_str());
  std::vector<std::string> cute_only;
  for (const std::string& m : cute_arch_mnemonics())
    if (!entry_for(m)) cute_only.push_back(m);
  std::printf("  in CuTe's arch headers, not in the catalogue: %zu mnemonics\n", cute_only.size());
  for (const std::string& m : cute_only) std::printf("    %s\n", m.c_str());
  EXPECT_EQ(compared, matched + with_known) << "some compared entries disagree (see the per-atom tests)";
}
