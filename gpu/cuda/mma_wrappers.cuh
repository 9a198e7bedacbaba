// PTX wrappers for every warp-level mma.sync instruction of the catalogue: one `MmaWrapper<Index>`
// specialisation per entry of fragviz::kInstructions (catalogue_table.hpp), Index being the entry's
// position there, so the probe kernel (mma_probe_kernels.cu) is a single template over Index.
//
// Sources (PTX ISA 9.0, https://docs.nvidia.com/cuda/parallel-thread-execution/index.html):
// - "Multiply-and-Accumulate Instruction: mma" (#warp-level-matrix-instructions-mma): the syntax of
//   every form, its PTX ISA notes (first PTX ISA version) and target ISA notes (first SM).
// - Fragment layouts: the "Matrix Fragments for mma.m..." section each entry names (quoted on each
//   wrapper); modelled in catalogue_table.hpp and fragviz/isa/fragment.hpp, never re-derived here.
//
// Every wrapper has
//   static constexpr bool kAvailable;                         // false: no asm in this build
//   static constexpr int kAWords, kBWords, kCWords, kDWords;  // words_per_lane(); D has C's count
//   static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
//                   const std::uint32_t (&b)[kBWords], const std::uint32_t (&c)[kCWords]);
// run() moves raw 32-bit words; registers follow the order of PTX's vector operands ({a0a1, a2a3,
// ...}), word w of the array being register w (an .f64 register takes words 2r and 2r + 1):
// - .f32 registers use "f" constraints (__uint_as_float in, __float_as_uint out);
// - an .f64 register is two words, low word first, through "d" constraints (__hiloint2double in,
//   __double2loint / __double2hiint out);
// - every other register (.f16x2, bf16x2, tf32, packed s8/u8/e4m3/e5m2/s4/u4, b1, .s32) is one "r"
//   word, passed as is.
// Each asm is compiled only where __CUDA_ARCH__ >= min_sm * 10 (FRAGVIZ_MMA_ARCH); elsewhere run()
// is empty and leaves d untouched, so the host asks mma_probe_available() before launching.
//
// Drift guard: each specialisation spells its mnemonic once, as FRAGVIZ_MMA_MNEMONIC, which is both
// the text of its asm and what a static_assert compares with kInstructions[Index].mnemonic; its
// guard FRAGVIZ_MMA_ARCH is checked against min_sm * 10 and its word counts against
// words_per_lane(). The primary template is only declared, so an entry without a wrapper fails to
// compile where the probe instantiates every index. Inserting an entry in the table moves the
// indices after it, and those static_asserts say so.
//
// Checked with ptxas from CUDA 13.0, each asm alone, for .target sm_75, 80, 86, 89, 90, 90a, 100a,
// 120 and 120a, and at its entry's min_sm with .version lowered step by step (6.3 ... 9.0). Every
// min_sm and every PTX ISA version of the table agrees with the first target and .version ptxas
// accepts (sm_70 could not be tried: ptxas 13 has no sm_70). The fp8 forms, m16n8k16 and .f16
// accumulation included, assemble for sm_89 and sm_90. The messages:
//   "Feature '.m16n8k16' requires .target sm_80 or higher" (likewise .m16n8k32/k64/k128/k256,
//     '.bf16', '.tf32', '.m8n8k4 with double types')
//   "Feature '.m16n8k4 with double types' requires .target sm_90 or higher" (and k8, k16)
//   "Feature 'mma with FP8 floating point type' requires .target sm_89 or higher"
//   "Modifier '.and' on 'mma' requires .target sm_80 or higher"
//   "Feature 'mma with FP8 floating point type' requires PTX ISA .version 8.4 or later"
//   "Feature 'mma with FP8 floating point type and .m16n8k16 shape' requires PTX ISA .version 8.7 or later"
//   "Feature 'mma with FP8 floating point type and FP16 accumulation' requires PTX ISA .version 8.7 or later"
//   "Feature '.m8n8k128' requires PTX ISA .version 7.0 or later"
// What ptxas makes of them for sm_90 (cuobjdump of the probe kernels): no tensor-core instruction
// for m8n8k4 .f16 (shuffles and FFMA), two HMMA (.f16 inputs) per fp8 mma, two IMMA .s8 per
// s4/u4 mma, two BMMA .and.popc per .xor.popc; the rest map one to one (HMMA, IMMA, DMMA, BMMA).
// On the H200 every one of the 66 matched the catalogue element by element
// (docs/device-runs/2026-12-01-h200).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/catalogue_table.hpp"
#include "fragviz/isa/fragment.hpp"
#include "fragviz/util/host_device.hpp"

namespace fragviz::cuda {

/// The PTX wrapper of catalogue entry kInstructions[Index]. Only declared: every entry has its
/// specialisation below.
template <int Index>
struct MmaWrapper;

namespace mma_detail {

/// Compile-time string equality (std::char_traits::compare is not constexpr-callable from device
/// code in C++17).
FRAGVIZ_HD constexpr bool same_string(const char* a, const char* b) {
  while (*a != '\0' && *a == *b) ++a, ++b;
  return *a == *b;
}

/// .f64 register `reg` of a word array: words 2*reg (low) and 2*reg + 1 (high).
template <int N>
__device__ __forceinline__ double f64_from_words(const std::uint32_t (&w)[N], int reg) {
  return __hiloint2double(static_cast<int>(w[2 * reg + 1]), static_cast<int>(w[2 * reg]));
}
/// Stores `v` as .f64 register `reg` of a word array, low word first.
template <int N>
__device__ __forceinline__ void f64_to_words(double v, std::uint32_t (&w)[N], int reg) {
  w[2 * reg] = static_cast<std::uint32_t>(__double2loint(v));
  w[2 * reg + 1] = static_cast<std::uint32_t>(__double2hiint(v));
}

}  // namespace mma_detail

// The members every wrapper declares, and the checks that tie it to kInstructions[INDEX]: the
// mnemonic its asm is spelled with (FRAGVIZ_MMA_MNEMONIC, defined just before the specialisation),
// the architecture its asm is guarded by (FRAGVIZ_MMA_ARCH) and its word counts.
#define FRAGVIZ_MMA_TRAITS(INDEX, AVAILABLE, A_WORDS, B_WORDS, C_WORDS)                                   \
  static constexpr bool kAvailable = AVAILABLE;                                                           \
  static constexpr const char* kMnemonic = FRAGVIZ_MMA_MNEMONIC;                                          \
  static constexpr int kArch = FRAGVIZ_MMA_ARCH;                                                          \
  static constexpr int kAWords = A_WORDS, kBWords = B_WORDS, kCWords = C_WORDS, kDWords = C_WORDS;        \
  static_assert(                                                                                          \
      ::fragviz::cuda::mma_detail::same_string(kMnemonic, ::fragviz::kInstructions[INDEX].mnemonic),      \
      "MmaWrapper<" #INDEX ">: mnemonic is not kInstructions[" #INDEX "].mnemonic");                      \
  static_assert(kArch == ::fragviz::kInstructions[INDEX].min_sm * 10,                                     \
                "MmaWrapper<" #INDEX ">: asm guard is not kInstructions[" #INDEX "].min_sm * 10");        \
  static_assert(                                                                                          \
      kAWords == ::fragviz::words_per_lane(::fragviz::kInstructions[INDEX], ::fragviz::Operand::A) &&     \
          kBWords == ::fragviz::words_per_lane(::fragviz::kInstructions[INDEX], ::fragviz::Operand::B) && \
          kCWords == ::fragviz::words_per_lane(::fragviz::kInstructions[INDEX], ::fragviz::Operand::C),   \
      "MmaWrapper<" #INDEX ">: word counts are not words_per_lane(kInstructions[" #INDEX "])")

// [SECTION] f16 ---------------------------------------------------------------------------------------------

/// `mma.sync.aligned.m8n8k4.row.row.f16.f16.f16.f16`: four independent products D (8x8 .f16) = A (8x4 .f16) *
/// B (4x8 .f16) + C, one per quad pair (lanes 4q..4q+3 and 16+4q..16+4q+3).
/// Registers per lane: A 2 x .f16x2, B 2 x .f16x2, C and D 4 x .f16x2.
/// Fragments: PTX ISA "Matrix Fragments for mma.m8n8k4 with .f16 floating point type". Requires sm_70, PTX
/// ISA 6.4.
/// PTX ISA: "optimized for target architecture sm_70 and may have substantially reduced performance on other
/// target architectures"; ptxas 13.0 assembles it for sm_75 to sm_120a.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m8n8k4.row.row.f16.f16.f16.f16"
#define FRAGVIZ_MMA_ARCH 700
template <>
struct MmaWrapper<0> {
  FRAGVIZ_MMA_TRAITS(0, true, 2, 2, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5}, {%6, %7}, {%8, %9, %10, %11};\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m8n8k4.row.row.f32.f16.f16.f32`: four independent products D (8x8 .f32) = A (8x4 .f16) *
/// B (4x8 .f16) + C, one per quad pair (lanes 4q..4q+3 and 16+4q..16+4q+3).
/// Registers per lane: A 2 x .f16x2, B 2 x .f16x2, C and D 8 x .f32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m8n8k4 with .f16 floating point type". Requires sm_70, PTX
/// ISA 6.4.
/// PTX ISA: "optimized for target architecture sm_70 and may have substantially reduced performance on other
/// target architectures"; ptxas 13.0 assembles it for sm_75 to sm_120a.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m8n8k4.row.row.f32.f16.f16.f32"
#define FRAGVIZ_MMA_ARCH 700
template <>
struct MmaWrapper<1> {
  FRAGVIZ_MMA_TRAITS(1, true, 2, 2, 8);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    float f[8];
    asm volatile(
        FRAGVIZ_MMA_MNEMONIC
        " {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9}, {%10, %11}, {%12, %13, %14, %15, %16, %17, %18, %19};\n"
        : "=f"(f[0]), "=f"(f[1]), "=f"(f[2]), "=f"(f[3]), "=f"(f[4]), "=f"(f[5]), "=f"(f[6]), "=f"(f[7])
        : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "f"(__uint_as_float(c[0])), "f"(__uint_as_float(c[1])),
          "f"(__uint_as_float(c[2])), "f"(__uint_as_float(c[3])), "f"(__uint_as_float(c[4])),
          "f"(__uint_as_float(c[5])), "f"(__uint_as_float(c[6])), "f"(__uint_as_float(c[7])));
    for (int j = 0; j < 8; ++j) d[j] = __float_as_uint(f[j]);
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m8n8k4.row.col.f16.f16.f16.f16`: four independent products D (8x8 .f16) = A (8x4 .f16) *
/// B (4x8 .f16) + C, one per quad pair (lanes 4q..4q+3 and 16+4q..16+4q+3).
/// Registers per lane: A 2 x .f16x2, B 2 x .f16x2, C and D 4 x .f16x2.
/// Fragments: PTX ISA "Matrix Fragments for mma.m8n8k4 with .f16 floating point type". Requires sm_70, PTX
/// ISA 6.4.
/// PTX ISA: "optimized for target architecture sm_70 and may have substantially reduced performance on other
/// target architectures"; ptxas 13.0 assembles it for sm_75 to sm_120a.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m8n8k4.row.col.f16.f16.f16.f16"
#define FRAGVIZ_MMA_ARCH 700
template <>
struct MmaWrapper<2> {
  FRAGVIZ_MMA_TRAITS(2, true, 2, 2, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5}, {%6, %7}, {%8, %9, %10, %11};\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32`: four independent products D (8x8 .f32) = A (8x4 .f16) *
/// B (4x8 .f16) + C, one per quad pair (lanes 4q..4q+3 and 16+4q..16+4q+3).
/// Registers per lane: A 2 x .f16x2, B 2 x .f16x2, C and D 8 x .f32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m8n8k4 with .f16 floating point type". Requires sm_70, PTX
/// ISA 6.4.
/// PTX ISA: "optimized for target architecture sm_70 and may have substantially reduced performance on other
/// target architectures"; ptxas 13.0 assembles it for sm_75 to sm_120a.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32"
#define FRAGVIZ_MMA_ARCH 700
template <>
struct MmaWrapper<3> {
  FRAGVIZ_MMA_TRAITS(3, true, 2, 2, 8);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    float f[8];
    asm volatile(
        FRAGVIZ_MMA_MNEMONIC
        " {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9}, {%10, %11}, {%12, %13, %14, %15, %16, %17, %18, %19};\n"
        : "=f"(f[0]), "=f"(f[1]), "=f"(f[2]), "=f"(f[3]), "=f"(f[4]), "=f"(f[5]), "=f"(f[6]), "=f"(f[7])
        : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "f"(__uint_as_float(c[0])), "f"(__uint_as_float(c[1])),
          "f"(__uint_as_float(c[2])), "f"(__uint_as_float(c[3])), "f"(__uint_as_float(c[4])),
          "f"(__uint_as_float(c[5])), "f"(__uint_as_float(c[6])), "f"(__uint_as_float(c[7])));
    for (int j = 0; j < 8; ++j) d[j] = __float_as_uint(f[j]);
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m8n8k4.col.row.f16.f16.f16.f16`: four independent products D (8x8 .f16) = A (8x4 .f16) *
/// B (4x8 .f16) + C, one per quad pair (lanes 4q..4q+3 and 16+4q..16+4q+3).
/// Registers per lane: A 2 x .f16x2, B 2 x .f16x2, C and D 4 x .f16x2.
/// Fragments: PTX ISA "Matrix Fragments for mma.m8n8k4 with .f16 floating point type". Requires sm_70, PTX
/// ISA 6.4.
/// PTX ISA: "optimized for target architecture sm_70 and may have substantially reduced performance on other
/// target architectures"; ptxas 13.0 assembles it for sm_75 to sm_120a.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m8n8k4.col.row.f16.f16.f16.f16"
#define FRAGVIZ_MMA_ARCH 700
template <>
struct MmaWrapper<4> {
  FRAGVIZ_MMA_TRAITS(4, true, 2, 2, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5}, {%6, %7}, {%8, %9, %10, %11};\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m8n8k4.col.row.f32.f16.f16.f32`: four independent products D (8x8 .f32) = A (8x4 .f16) *
/// B (4x8 .f16) + C, one per quad pair (lanes 4q..4q+3 and 16+4q..16+4q+3).
/// Registers per lane: A 2 x .f16x2, B 2 x .f16x2, C and D 8 x .f32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m8n8k4 with .f16 floating point type". Requires sm_70, PTX
/// ISA 6.4.
/// PTX ISA: "optimized for target architecture sm_70 and may have substantially reduced performance on other
/// target architectures"; ptxas 13.0 assembles it for sm_75 to sm_120a.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m8n8k4.col.row.f32.f16.f16.f32"
#define FRAGVIZ_MMA_ARCH 700
template <>
struct MmaWrapper<5> {
  FRAGVIZ_MMA_TRAITS(5, true, 2, 2, 8);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    float f[8];
    asm volatile(
        FRAGVIZ_MMA_MNEMONIC
        " {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9}, {%10, %11}, {%12, %13, %14, %15, %16, %17, %18, %19};\n"
        : "=f"(f[0]), "=f"(f[1]), "=f"(f[2]), "=f"(f[3]), "=f"(f[4]), "=f"(f[5]), "=f"(f[6]), "=f"(f[7])
        : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "f"(__uint_as_float(c[0])), "f"(__uint_as_float(c[1])),
          "f"(__uint_as_float(c[2])), "f"(__uint_as_float(c[3])), "f"(__uint_as_float(c[4])),
          "f"(__uint_as_float(c[5])), "f"(__uint_as_float(c[6])), "f"(__uint_as_float(c[7])));
    for (int j = 0; j < 8; ++j) d[j] = __float_as_uint(f[j]);
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m8n8k4.col.col.f16.f16.f16.f16`: four independent products D (8x8 .f16) = A (8x4 .f16) *
/// B (4x8 .f16) + C, one per quad pair (lanes 4q..4q+3 and 16+4q..16+4q+3).
/// Registers per lane: A 2 x .f16x2, B 2 x .f16x2, C and D 4 x .f16x2.
/// Fragments: PTX ISA "Matrix Fragments for mma.m8n8k4 with .f16 floating point type". Requires sm_70, PTX
/// ISA 6.4.
/// PTX ISA: "optimized for target architecture sm_70 and may have substantially reduced performance on other
/// target architectures"; ptxas 13.0 assembles it for sm_75 to sm_120a.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m8n8k4.col.col.f16.f16.f16.f16"
#define FRAGVIZ_MMA_ARCH 700
template <>
struct MmaWrapper<6> {
  FRAGVIZ_MMA_TRAITS(6, true, 2, 2, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5}, {%6, %7}, {%8, %9, %10, %11};\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m8n8k4.col.col.f32.f16.f16.f32`: four independent products D (8x8 .f32) = A (8x4 .f16) *
/// B (4x8 .f16) + C, one per quad pair (lanes 4q..4q+3 and 16+4q..16+4q+3).
/// Registers per lane: A 2 x .f16x2, B 2 x .f16x2, C and D 8 x .f32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m8n8k4 with .f16 floating point type". Requires sm_70, PTX
/// ISA 6.4.
/// PTX ISA: "optimized for target architecture sm_70 and may have substantially reduced performance on other
/// target architectures"; ptxas 13.0 assembles it for sm_75 to sm_120a.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m8n8k4.col.col.f32.f16.f16.f32"
#define FRAGVIZ_MMA_ARCH 700
template <>
struct MmaWrapper<7> {
  FRAGVIZ_MMA_TRAITS(7, true, 2, 2, 8);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    float f[8];
    asm volatile(
        FRAGVIZ_MMA_MNEMONIC
        " {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9}, {%10, %11}, {%12, %13, %14, %15, %16, %17, %18, %19};\n"
        : "=f"(f[0]), "=f"(f[1]), "=f"(f[2]), "=f"(f[3]), "=f"(f[4]), "=f"(f[5]), "=f"(f[6]), "=f"(f[7])
        : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "f"(__uint_as_float(c[0])), "f"(__uint_as_float(c[1])),
          "f"(__uint_as_float(c[2])), "f"(__uint_as_float(c[3])), "f"(__uint_as_float(c[4])),
          "f"(__uint_as_float(c[5])), "f"(__uint_as_float(c[6])), "f"(__uint_as_float(c[7])));
    for (int j = 0; j < 8; ++j) d[j] = __float_as_uint(f[j]);
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32`: D (16x8 .f32) = A (16x8 .f16) * B (8x8 .f16) + C.
/// Registers per lane: A 2 x .f16x2, B 1 x .f16x2, C and D 4 x .f32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k8". Requires sm_75, PTX ISA 6.5.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32"
#define FRAGVIZ_MMA_ARCH 750
template <>
struct MmaWrapper<8> {
  FRAGVIZ_MMA_TRAITS(8, true, 2, 1, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    float f[4];
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};\n"
                 : "=f"(f[0]), "=f"(f[1]), "=f"(f[2]), "=f"(f[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "f"(__uint_as_float(c[0])), "f"(__uint_as_float(c[1])),
                   "f"(__uint_as_float(c[2])), "f"(__uint_as_float(c[3])));
    for (int j = 0; j < 4; ++j) d[j] = __float_as_uint(f[j]);
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32`: D (16x8 .f32) = A (16x16 .f16) * B (16x8 .f16) + C.
/// Registers per lane: A 4 x .f16x2, B 2 x .f16x2, C and D 4 x .f32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k16 with floating point type". Requires sm_80, PTX ISA
/// 7.0.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<9> {
  FRAGVIZ_MMA_TRAITS(9, true, 4, 2, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    float f[4];
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                 : "=f"(f[0]), "=f"(f[1]), "=f"(f[2]), "=f"(f[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]),
                   "f"(__uint_as_float(c[0])), "f"(__uint_as_float(c[1])), "f"(__uint_as_float(c[2])),
                   "f"(__uint_as_float(c[3])));
    for (int j = 0; j < 4; ++j) d[j] = __float_as_uint(f[j]);
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16`: D (16x8 .f16) = A (16x8 .f16) * B (8x8 .f16) + C.
/// Registers per lane: A 2 x .f16x2, B 1 x .f16x2, C and D 2 x .f16x2.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k8". Requires sm_75, PTX ISA 6.5.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16"
#define FRAGVIZ_MMA_ARCH 750
template <>
struct MmaWrapper<10> {
  FRAGVIZ_MMA_TRAITS(10, true, 2, 1, 2);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1}, {%2, %3}, {%4}, {%5, %6};\n"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16`: D (16x8 .f16) = A (16x16 .f16) * B (16x8 .f16) + C.
/// Registers per lane: A 4 x .f16x2, B 2 x .f16x2, C and D 2 x .f16x2.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k16 with floating point type". Requires sm_80, PTX ISA
/// 7.0.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<11> {
  FRAGVIZ_MMA_TRAITS(11, true, 4, 2, 2);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%8, %9};\n"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

// [SECTION] bf16 --------------------------------------------------------------------------------------------

/// `mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32`: D (16x8 .f32) = A (16x8 .bf16) * B (8x8 .bf16) + C.
/// Registers per lane: A 2 x .b32 (bf16x2), B 1 x .b32 (bf16x2), C and D 4 x .f32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k8". Requires sm_80, PTX ISA 7.0.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<12> {
  FRAGVIZ_MMA_TRAITS(12, true, 2, 1, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    float f[4];
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};\n"
                 : "=f"(f[0]), "=f"(f[1]), "=f"(f[2]), "=f"(f[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "f"(__uint_as_float(c[0])), "f"(__uint_as_float(c[1])),
                   "f"(__uint_as_float(c[2])), "f"(__uint_as_float(c[3])));
    for (int j = 0; j < 4; ++j) d[j] = __float_as_uint(f[j]);
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32`: D (16x8 .f32) = A (16x16 .bf16) * B (16x8 .bf16) +
/// C.
/// Registers per lane: A 4 x .b32 (bf16x2), B 2 x .b32 (bf16x2), C and D 4 x .f32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k16 with floating point type". Requires sm_80, PTX ISA
/// 7.0.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<13> {
  FRAGVIZ_MMA_TRAITS(13, true, 4, 2, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    float f[4];
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                 : "=f"(f[0]), "=f"(f[1]), "=f"(f[2]), "=f"(f[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]),
                   "f"(__uint_as_float(c[0])), "f"(__uint_as_float(c[1])), "f"(__uint_as_float(c[2])),
                   "f"(__uint_as_float(c[3])));
    for (int j = 0; j < 4; ++j) d[j] = __float_as_uint(f[j]);
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

// [SECTION] tf32 --------------------------------------------------------------------------------------------

/// `mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32`: D (16x8 .f32) = A (16x4 .tf32) * B (4x8 .tf32) + C.
/// Registers per lane: A 2 x .b32 (tf32), B 1 x .b32 (tf32), C and D 4 x .f32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k4". Requires sm_80, PTX ISA 7.0.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<14> {
  FRAGVIZ_MMA_TRAITS(14, true, 2, 1, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    float f[4];
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};\n"
                 : "=f"(f[0]), "=f"(f[1]), "=f"(f[2]), "=f"(f[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "f"(__uint_as_float(c[0])), "f"(__uint_as_float(c[1])),
                   "f"(__uint_as_float(c[2])), "f"(__uint_as_float(c[3])));
    for (int j = 0; j < 4; ++j) d[j] = __float_as_uint(f[j]);
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32`: D (16x8 .f32) = A (16x8 .tf32) * B (8x8 .tf32) + C.
/// Registers per lane: A 4 x .b32 (tf32), B 2 x .b32 (tf32), C and D 4 x .f32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k8". Requires sm_80, PTX ISA 7.0.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<15> {
  FRAGVIZ_MMA_TRAITS(15, true, 4, 2, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    float f[4];
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                 : "=f"(f[0]), "=f"(f[1]), "=f"(f[2]), "=f"(f[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]),
                   "f"(__uint_as_float(c[0])), "f"(__uint_as_float(c[1])), "f"(__uint_as_float(c[2])),
                   "f"(__uint_as_float(c[3])));
    for (int j = 0; j < 4; ++j) d[j] = __float_as_uint(f[j]);
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

// [SECTION] f64 ---------------------------------------------------------------------------------------------

/// `mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64`: D (8x8 .f64) = A (8x4 .f64) * B (4x8 .f64) + C.
/// Registers per lane: A 1 x .f64, B 1 x .f64, C and D 2 x .f64.
/// Fragments: PTX ISA "Matrix Fragments for mma.m8n8k4 with .f64 floating point type". Requires sm_80, PTX
/// ISA 7.0.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<16> {
  FRAGVIZ_MMA_TRAITS(16, true, 2, 2, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    double f[2];
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1}, {%2}, {%3}, {%4, %5};\n"
                 : "=d"(f[0]), "=d"(f[1])
                 : "d"(mma_detail::f64_from_words(a, 0)), "d"(mma_detail::f64_from_words(b, 0)),
                   "d"(mma_detail::f64_from_words(c, 0)), "d"(mma_detail::f64_from_words(c, 1)));
    for (int j = 0; j < 2; ++j) mma_detail::f64_to_words(f[j], d, j);
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64`: D (16x8 .f64) = A (16x4 .f64) * B (4x8 .f64) + C.
/// Registers per lane: A 2 x .f64, B 1 x .f64, C and D 4 x .f64.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k4". Requires sm_90, PTX ISA 7.8.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64"
#define FRAGVIZ_MMA_ARCH 900
template <>
struct MmaWrapper<17> {
  FRAGVIZ_MMA_TRAITS(17, true, 4, 2, 8);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    double f[4];
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};\n"
                 : "=d"(f[0]), "=d"(f[1]), "=d"(f[2]), "=d"(f[3])
                 : "d"(mma_detail::f64_from_words(a, 0)), "d"(mma_detail::f64_from_words(a, 1)),
                   "d"(mma_detail::f64_from_words(b, 0)), "d"(mma_detail::f64_from_words(c, 0)),
                   "d"(mma_detail::f64_from_words(c, 1)), "d"(mma_detail::f64_from_words(c, 2)),
                   "d"(mma_detail::f64_from_words(c, 3)));
    for (int j = 0; j < 4; ++j) mma_detail::f64_to_words(f[j], d, j);
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64`: D (16x8 .f64) = A (16x8 .f64) * B (8x8 .f64) + C.
/// Registers per lane: A 4 x .f64, B 2 x .f64, C and D 4 x .f64.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k8". Requires sm_90, PTX ISA 7.8.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64"
#define FRAGVIZ_MMA_ARCH 900
template <>
struct MmaWrapper<18> {
  FRAGVIZ_MMA_TRAITS(18, true, 8, 4, 8);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    double f[4];
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                 : "=d"(f[0]), "=d"(f[1]), "=d"(f[2]), "=d"(f[3])
                 : "d"(mma_detail::f64_from_words(a, 0)), "d"(mma_detail::f64_from_words(a, 1)),
                   "d"(mma_detail::f64_from_words(a, 2)), "d"(mma_detail::f64_from_words(a, 3)),
                   "d"(mma_detail::f64_from_words(b, 0)), "d"(mma_detail::f64_from_words(b, 1)),
                   "d"(mma_detail::f64_from_words(c, 0)), "d"(mma_detail::f64_from_words(c, 1)),
                   "d"(mma_detail::f64_from_words(c, 2)), "d"(mma_detail::f64_from_words(c, 3)));
    for (int j = 0; j < 4; ++j) mma_detail::f64_to_words(f[j], d, j);
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64`: D (16x8 .f64) = A (16x16 .f64) * B (16x8 .f64) + C.
/// Registers per lane: A 8 x .f64, B 4 x .f64, C and D 4 x .f64.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k16 with floating point type". Requires sm_90, PTX ISA
/// 7.8.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64"
#define FRAGVIZ_MMA_ARCH 900
template <>
struct MmaWrapper<19> {
  FRAGVIZ_MMA_TRAITS(19, true, 16, 8, 8);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    double f[4];
    asm volatile(
        FRAGVIZ_MMA_MNEMONIC
        " {%0, %1, %2, %3}, {%4, %5, %6, %7, %8, %9, %10, %11}, {%12, %13, %14, %15}, {%16, %17, %18, %19};\n"
        : "=d"(f[0]), "=d"(f[1]), "=d"(f[2]), "=d"(f[3])
        : "d"(mma_detail::f64_from_words(a, 0)), "d"(mma_detail::f64_from_words(a, 1)),
          "d"(mma_detail::f64_from_words(a, 2)), "d"(mma_detail::f64_from_words(a, 3)),
          "d"(mma_detail::f64_from_words(a, 4)), "d"(mma_detail::f64_from_words(a, 5)),
          "d"(mma_detail::f64_from_words(a, 6)), "d"(mma_detail::f64_from_words(a, 7)),
          "d"(mma_detail::f64_from_words(b, 0)), "d"(mma_detail::f64_from_words(b, 1)),
          "d"(mma_detail::f64_from_words(b, 2)), "d"(mma_detail::f64_from_words(b, 3)),
          "d"(mma_detail::f64_from_words(c, 0)), "d"(mma_detail::f64_from_words(c, 1)),
          "d"(mma_detail::f64_from_words(c, 2)), "d"(mma_detail::f64_from_words(c, 3)));
    for (int j = 0; j < 4; ++j) mma_detail::f64_to_words(f[j], d, j);
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

// [SECTION] s8/u8 -------------------------------------------------------------------------------------------

/// `mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32`: D (8x8 .s32) = A (8x16 .s8) * B (16x8 .s8) + C.
/// Registers per lane: A 1 x .b32 (4 x s8), B 1 x .b32 (4 x s8), C and D 2 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m8n8k16". Requires sm_75, PTX ISA 6.5.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32"
#define FRAGVIZ_MMA_ARCH 750
template <>
struct MmaWrapper<20> {
  FRAGVIZ_MMA_TRAITS(20, true, 1, 1, 2);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1}, {%2}, {%3}, {%4, %5};\n"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(b[0]), "r"(c[0]), "r"(c[1]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32`: D (16x8 .s32) = A (16x16 .s8) * B (16x8 .s8) + C.
/// Registers per lane: A 2 x .b32 (4 x s8), B 1 x .b32 (4 x s8), C and D 4 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k16 with integer type". Requires sm_80, PTX ISA 7.0.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<21> {
  FRAGVIZ_MMA_TRAITS(21, true, 2, 1, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32`: D (16x8 .s32) = A (16x32 .s8) * B (32x8 .s8) + C.
/// Registers per lane: A 4 x .b32 (4 x s8), B 2 x .b32 (4 x s8), C and D 4 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k32". Requires sm_80, PTX ISA 7.0.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<22> {
  FRAGVIZ_MMA_TRAITS(22, true, 4, 2, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]),
                   "r"(c[2]), "r"(c[3]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m8n8k16.row.col.s32.s8.u8.s32`: D (8x8 .s32) = A (8x16 .s8) * B (16x8 .u8) + C.
/// Registers per lane: A 1 x .b32 (4 x s8), B 1 x .b32 (4 x u8), C and D 2 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m8n8k16". Requires sm_75, PTX ISA 6.5.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m8n8k16.row.col.s32.s8.u8.s32"
#define FRAGVIZ_MMA_ARCH 750
template <>
struct MmaWrapper<23> {
  FRAGVIZ_MMA_TRAITS(23, true, 1, 1, 2);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1}, {%2}, {%3}, {%4, %5};\n"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(b[0]), "r"(c[0]), "r"(c[1]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k16.row.col.s32.s8.u8.s32`: D (16x8 .s32) = A (16x16 .s8) * B (16x8 .u8) + C.
/// Registers per lane: A 2 x .b32 (4 x s8), B 1 x .b32 (4 x u8), C and D 4 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k16 with integer type". Requires sm_80, PTX ISA 7.0.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k16.row.col.s32.s8.u8.s32"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<24> {
  FRAGVIZ_MMA_TRAITS(24, true, 2, 1, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k32.row.col.s32.s8.u8.s32`: D (16x8 .s32) = A (16x32 .s8) * B (32x8 .u8) + C.
/// Registers per lane: A 4 x .b32 (4 x s8), B 2 x .b32 (4 x u8), C and D 4 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k32". Requires sm_80, PTX ISA 7.0.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k32.row.col.s32.s8.u8.s32"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<25> {
  FRAGVIZ_MMA_TRAITS(25, true, 4, 2, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]),
                   "r"(c[2]), "r"(c[3]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m8n8k16.row.col.s32.u8.s8.s32`: D (8x8 .s32) = A (8x16 .u8) * B (16x8 .s8) + C.
/// Registers per lane: A 1 x .b32 (4 x u8), B 1 x .b32 (4 x s8), C and D 2 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m8n8k16". Requires sm_75, PTX ISA 6.5.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m8n8k16.row.col.s32.u8.s8.s32"
#define FRAGVIZ_MMA_ARCH 750
template <>
struct MmaWrapper<26> {
  FRAGVIZ_MMA_TRAITS(26, true, 1, 1, 2);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1}, {%2}, {%3}, {%4, %5};\n"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(b[0]), "r"(c[0]), "r"(c[1]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k16.row.col.s32.u8.s8.s32`: D (16x8 .s32) = A (16x16 .u8) * B (16x8 .s8) + C.
/// Registers per lane: A 2 x .b32 (4 x u8), B 1 x .b32 (4 x s8), C and D 4 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k16 with integer type". Requires sm_80, PTX ISA 7.0.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k16.row.col.s32.u8.s8.s32"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<27> {
  FRAGVIZ_MMA_TRAITS(27, true, 2, 1, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k32.row.col.s32.u8.s8.s32`: D (16x8 .s32) = A (16x32 .u8) * B (32x8 .s8) + C.
/// Registers per lane: A 4 x .b32 (4 x u8), B 2 x .b32 (4 x s8), C and D 4 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k32". Requires sm_80, PTX ISA 7.0.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k32.row.col.s32.u8.s8.s32"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<28> {
  FRAGVIZ_MMA_TRAITS(28, true, 4, 2, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]),
                   "r"(c[2]), "r"(c[3]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m8n8k16.row.col.s32.u8.u8.s32`: D (8x8 .s32) = A (8x16 .u8) * B (16x8 .u8) + C.
/// Registers per lane: A 1 x .b32 (4 x u8), B 1 x .b32 (4 x u8), C and D 2 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m8n8k16". Requires sm_75, PTX ISA 6.5.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m8n8k16.row.col.s32.u8.u8.s32"
#define FRAGVIZ_MMA_ARCH 750
template <>
struct MmaWrapper<29> {
  FRAGVIZ_MMA_TRAITS(29, true, 1, 1, 2);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1}, {%2}, {%3}, {%4, %5};\n"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(b[0]), "r"(c[0]), "r"(c[1]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k16.row.col.s32.u8.u8.s32`: D (16x8 .s32) = A (16x16 .u8) * B (16x8 .u8) + C.
/// Registers per lane: A 2 x .b32 (4 x u8), B 1 x .b32 (4 x u8), C and D 4 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k16 with integer type". Requires sm_80, PTX ISA 7.0.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k16.row.col.s32.u8.u8.s32"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<30> {
  FRAGVIZ_MMA_TRAITS(30, true, 2, 1, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32`: D (16x8 .s32) = A (16x32 .u8) * B (32x8 .u8) + C.
/// Registers per lane: A 4 x .b32 (4 x u8), B 2 x .b32 (4 x u8), C and D 4 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k32". Requires sm_80, PTX ISA 7.0.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<31> {
  FRAGVIZ_MMA_TRAITS(31, true, 4, 2, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]),
                   "r"(c[2]), "r"(c[3]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

// [SECTION] e4m3/e5m2 ---------------------------------------------------------------------------------------

/// `mma.sync.aligned.m16n8k16.row.col.f32.e4m3.e4m3.f32`: D (16x8 .f32) = A (16x16 .e4m3) * B (16x8 .e4m3) +
/// C.
/// Registers per lane: A 2 x .b32 (4 x e4m3), B 1 x .b32 (4 x e4m3), C and D 4 x .f32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k16 with integer type". Requires sm_89, PTX ISA 8.7.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k16.row.col.f32.e4m3.e4m3.f32"
#define FRAGVIZ_MMA_ARCH 890
template <>
struct MmaWrapper<32> {
  FRAGVIZ_MMA_TRAITS(32, true, 2, 1, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    float f[4];
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};\n"
                 : "=f"(f[0]), "=f"(f[1]), "=f"(f[2]), "=f"(f[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "f"(__uint_as_float(c[0])), "f"(__uint_as_float(c[1])),
                   "f"(__uint_as_float(c[2])), "f"(__uint_as_float(c[3])));
    for (int j = 0; j < 4; ++j) d[j] = __float_as_uint(f[j]);
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32`: D (16x8 .f32) = A (16x32 .e4m3) * B (32x8 .e4m3) +
/// C.
/// Registers per lane: A 4 x .b32 (4 x e4m3), B 2 x .b32 (4 x e4m3), C and D 4 x .f32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k32". Requires sm_89, PTX ISA 8.4.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32"
#define FRAGVIZ_MMA_ARCH 890
template <>
struct MmaWrapper<33> {
  FRAGVIZ_MMA_TRAITS(33, true, 4, 2, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    float f[4];
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                 : "=f"(f[0]), "=f"(f[1]), "=f"(f[2]), "=f"(f[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]),
                   "f"(__uint_as_float(c[0])), "f"(__uint_as_float(c[1])), "f"(__uint_as_float(c[2])),
                   "f"(__uint_as_float(c[3])));
    for (int j = 0; j < 4; ++j) d[j] = __float_as_uint(f[j]);
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k16.row.col.f32.e4m3.e5m2.f32`: D (16x8 .f32) = A (16x16 .e4m3) * B (16x8 .e5m2) +
/// C.
/// Registers per lane: A 2 x .b32 (4 x e4m3), B 1 x .b32 (4 x e5m2), C and D 4 x .f32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k16 with integer type". Requires sm_89, PTX ISA 8.7.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k16.row.col.f32.e4m3.e5m2.f32"
#define FRAGVIZ_MMA_ARCH 890
template <>
struct MmaWrapper<34> {
  FRAGVIZ_MMA_TRAITS(34, true, 2, 1, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    float f[4];
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};\n"
                 : "=f"(f[0]), "=f"(f[1]), "=f"(f[2]), "=f"(f[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "f"(__uint_as_float(c[0])), "f"(__uint_as_float(c[1])),
                   "f"(__uint_as_float(c[2])), "f"(__uint_as_float(c[3])));
    for (int j = 0; j < 4; ++j) d[j] = __float_as_uint(f[j]);
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32`: D (16x8 .f32) = A (16x32 .e4m3) * B (32x8 .e5m2) +
/// C.
/// Registers per lane: A 4 x .b32 (4 x e4m3), B 2 x .b32 (4 x e5m2), C and D 4 x .f32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k32". Requires sm_89, PTX ISA 8.4.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32"
#define FRAGVIZ_MMA_ARCH 890
template <>
struct MmaWrapper<35> {
  FRAGVIZ_MMA_TRAITS(35, true, 4, 2, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    float f[4];
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                 : "=f"(f[0]), "=f"(f[1]), "=f"(f[2]), "=f"(f[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]),
                   "f"(__uint_as_float(c[0])), "f"(__uint_as_float(c[1])), "f"(__uint_as_float(c[2])),
                   "f"(__uint_as_float(c[3])));
    for (int j = 0; j < 4; ++j) d[j] = __float_as_uint(f[j]);
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k16.row.col.f32.e5m2.e4m3.f32`: D (16x8 .f32) = A (16x16 .e5m2) * B (16x8 .e4m3) +
/// C.
/// Registers per lane: A 2 x .b32 (4 x e5m2), B 1 x .b32 (4 x e4m3), C and D 4 x .f32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k16 with integer type". Requires sm_89, PTX ISA 8.7.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k16.row.col.f32.e5m2.e4m3.f32"
#define FRAGVIZ_MMA_ARCH 890
template <>
struct MmaWrapper<36> {
  FRAGVIZ_MMA_TRAITS(36, true, 2, 1, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    float f[4];
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};\n"
                 : "=f"(f[0]), "=f"(f[1]), "=f"(f[2]), "=f"(f[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "f"(__uint_as_float(c[0])), "f"(__uint_as_float(c[1])),
                   "f"(__uint_as_float(c[2])), "f"(__uint_as_float(c[3])));
    for (int j = 0; j < 4; ++j) d[j] = __float_as_uint(f[j]);
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32`: D (16x8 .f32) = A (16x32 .e5m2) * B (32x8 .e4m3) +
/// C.
/// Registers per lane: A 4 x .b32 (4 x e5m2), B 2 x .b32 (4 x e4m3), C and D 4 x .f32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k32". Requires sm_89, PTX ISA 8.4.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32"
#define FRAGVIZ_MMA_ARCH 890
template <>
struct MmaWrapper<37> {
  FRAGVIZ_MMA_TRAITS(37, true, 4, 2, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    float f[4];
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                 : "=f"(f[0]), "=f"(f[1]), "=f"(f[2]), "=f"(f[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]),
                   "f"(__uint_as_float(c[0])), "f"(__uint_as_float(c[1])), "f"(__uint_as_float(c[2])),
                   "f"(__uint_as_float(c[3])));
    for (int j = 0; j < 4; ++j) d[j] = __float_as_uint(f[j]);
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k16.row.col.f32.e5m2.e5m2.f32`: D (16x8 .f32) = A (16x16 .e5m2) * B (16x8 .e5m2) +
/// C.
/// Registers per lane: A 2 x .b32 (4 x e5m2), B 1 x .b32 (4 x e5m2), C and D 4 x .f32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k16 with integer type". Requires sm_89, PTX ISA 8.7.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k16.row.col.f32.e5m2.e5m2.f32"
#define FRAGVIZ_MMA_ARCH 890
template <>
struct MmaWrapper<38> {
  FRAGVIZ_MMA_TRAITS(38, true, 2, 1, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    float f[4];
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};\n"
                 : "=f"(f[0]), "=f"(f[1]), "=f"(f[2]), "=f"(f[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "f"(__uint_as_float(c[0])), "f"(__uint_as_float(c[1])),
                   "f"(__uint_as_float(c[2])), "f"(__uint_as_float(c[3])));
    for (int j = 0; j < 4; ++j) d[j] = __float_as_uint(f[j]);
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32`: D (16x8 .f32) = A (16x32 .e5m2) * B (32x8 .e5m2) +
/// C.
/// Registers per lane: A 4 x .b32 (4 x e5m2), B 2 x .b32 (4 x e5m2), C and D 4 x .f32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k32". Requires sm_89, PTX ISA 8.4.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32"
#define FRAGVIZ_MMA_ARCH 890
template <>
struct MmaWrapper<39> {
  FRAGVIZ_MMA_TRAITS(39, true, 4, 2, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    float f[4];
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                 : "=f"(f[0]), "=f"(f[1]), "=f"(f[2]), "=f"(f[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]),
                   "f"(__uint_as_float(c[0])), "f"(__uint_as_float(c[1])), "f"(__uint_as_float(c[2])),
                   "f"(__uint_as_float(c[3])));
    for (int j = 0; j < 4; ++j) d[j] = __float_as_uint(f[j]);
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k16.row.col.f16.e4m3.e4m3.f16`: D (16x8 .f16) = A (16x16 .e4m3) * B (16x8 .e4m3) +
/// C.
/// Registers per lane: A 2 x .b32 (4 x e4m3), B 1 x .b32 (4 x e4m3), C and D 2 x .f16x2.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k16 with integer type". Requires sm_89, PTX ISA 8.7.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k16.row.col.f16.e4m3.e4m3.f16"
#define FRAGVIZ_MMA_ARCH 890
template <>
struct MmaWrapper<40> {
  FRAGVIZ_MMA_TRAITS(40, true, 2, 1, 2);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1}, {%2, %3}, {%4}, {%5, %6};\n"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16`: D (16x8 .f16) = A (16x32 .e4m3) * B (32x8 .e4m3) +
/// C.
/// Registers per lane: A 4 x .b32 (4 x e4m3), B 2 x .b32 (4 x e4m3), C and D 2 x .f16x2.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k32". Requires sm_89, PTX ISA 8.7.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16"
#define FRAGVIZ_MMA_ARCH 890
template <>
struct MmaWrapper<41> {
  FRAGVIZ_MMA_TRAITS(41, true, 4, 2, 2);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%8, %9};\n"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k16.row.col.f16.e4m3.e5m2.f16`: D (16x8 .f16) = A (16x16 .e4m3) * B (16x8 .e5m2) +
/// C.
/// Registers per lane: A 2 x .b32 (4 x e4m3), B 1 x .b32 (4 x e5m2), C and D 2 x .f16x2.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k16 with integer type". Requires sm_89, PTX ISA 8.7.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k16.row.col.f16.e4m3.e5m2.f16"
#define FRAGVIZ_MMA_ARCH 890
template <>
struct MmaWrapper<42> {
  FRAGVIZ_MMA_TRAITS(42, true, 2, 1, 2);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1}, {%2, %3}, {%4}, {%5, %6};\n"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e5m2.f16`: D (16x8 .f16) = A (16x32 .e4m3) * B (32x8 .e5m2) +
/// C.
/// Registers per lane: A 4 x .b32 (4 x e4m3), B 2 x .b32 (4 x e5m2), C and D 2 x .f16x2.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k32". Requires sm_89, PTX ISA 8.7.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e5m2.f16"
#define FRAGVIZ_MMA_ARCH 890
template <>
struct MmaWrapper<43> {
  FRAGVIZ_MMA_TRAITS(43, true, 4, 2, 2);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%8, %9};\n"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k16.row.col.f16.e5m2.e4m3.f16`: D (16x8 .f16) = A (16x16 .e5m2) * B (16x8 .e4m3) +
/// C.
/// Registers per lane: A 2 x .b32 (4 x e5m2), B 1 x .b32 (4 x e4m3), C and D 2 x .f16x2.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k16 with integer type". Requires sm_89, PTX ISA 8.7.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k16.row.col.f16.e5m2.e4m3.f16"
#define FRAGVIZ_MMA_ARCH 890
template <>
struct MmaWrapper<44> {
  FRAGVIZ_MMA_TRAITS(44, true, 2, 1, 2);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1}, {%2, %3}, {%4}, {%5, %6};\n"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e4m3.f16`: D (16x8 .f16) = A (16x32 .e5m2) * B (32x8 .e4m3) +
/// C.
/// Registers per lane: A 4 x .b32 (4 x e5m2), B 2 x .b32 (4 x e4m3), C and D 2 x .f16x2.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k32". Requires sm_89, PTX ISA 8.7.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e4m3.f16"
#define FRAGVIZ_MMA_ARCH 890
template <>
struct MmaWrapper<45> {
  FRAGVIZ_MMA_TRAITS(45, true, 4, 2, 2);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%8, %9};\n"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k16.row.col.f16.e5m2.e5m2.f16`: D (16x8 .f16) = A (16x16 .e5m2) * B (16x8 .e5m2) +
/// C.
/// Registers per lane: A 2 x .b32 (4 x e5m2), B 1 x .b32 (4 x e5m2), C and D 2 x .f16x2.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k16 with integer type". Requires sm_89, PTX ISA 8.7.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k16.row.col.f16.e5m2.e5m2.f16"
#define FRAGVIZ_MMA_ARCH 890
template <>
struct MmaWrapper<46> {
  FRAGVIZ_MMA_TRAITS(46, true, 2, 1, 2);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1}, {%2, %3}, {%4}, {%5, %6};\n"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e5m2.f16`: D (16x8 .f16) = A (16x32 .e5m2) * B (32x8 .e5m2) +
/// C.
/// Registers per lane: A 4 x .b32 (4 x e5m2), B 2 x .b32 (4 x e5m2), C and D 2 x .f16x2.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k32". Requires sm_89, PTX ISA 8.7.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e5m2.f16"
#define FRAGVIZ_MMA_ARCH 890
template <>
struct MmaWrapper<47> {
  FRAGVIZ_MMA_TRAITS(47, true, 4, 2, 2);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%8, %9};\n"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

// [SECTION] s4/u4 -------------------------------------------------------------------------------------------

/// `mma.sync.aligned.m8n8k32.row.col.s32.s4.s4.s32`: D (8x8 .s32) = A (8x32 .s4) * B (32x8 .s4) + C.
/// Registers per lane: A 1 x .b32 (8 x s4), B 1 x .b32 (8 x s4), C and D 2 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m8n8k32". Requires sm_75, PTX ISA 6.5.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m8n8k32.row.col.s32.s4.s4.s32"
#define FRAGVIZ_MMA_ARCH 750
template <>
struct MmaWrapper<48> {
  FRAGVIZ_MMA_TRAITS(48, true, 1, 1, 2);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1}, {%2}, {%3}, {%4, %5};\n"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(b[0]), "r"(c[0]), "r"(c[1]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k32.row.col.s32.s4.s4.s32`: D (16x8 .s32) = A (16x32 .s4) * B (32x8 .s4) + C.
/// Registers per lane: A 2 x .b32 (8 x s4), B 1 x .b32 (8 x s4), C and D 4 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k32". Requires sm_80, PTX ISA 7.0.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k32.row.col.s32.s4.s4.s32"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<49> {
  FRAGVIZ_MMA_TRAITS(49, true, 2, 1, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k64.row.col.s32.s4.s4.s32`: D (16x8 .s32) = A (16x64 .s4) * B (64x8 .s4) + C.
/// Registers per lane: A 4 x .b32 (8 x s4), B 2 x .b32 (8 x s4), C and D 4 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k64". Requires sm_80, PTX ISA 7.0.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k64.row.col.s32.s4.s4.s32"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<50> {
  FRAGVIZ_MMA_TRAITS(50, true, 4, 2, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]),
                   "r"(c[2]), "r"(c[3]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m8n8k32.row.col.s32.s4.u4.s32`: D (8x8 .s32) = A (8x32 .s4) * B (32x8 .u4) + C.
/// Registers per lane: A 1 x .b32 (8 x s4), B 1 x .b32 (8 x u4), C and D 2 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m8n8k32". Requires sm_75, PTX ISA 6.5.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m8n8k32.row.col.s32.s4.u4.s32"
#define FRAGVIZ_MMA_ARCH 750
template <>
struct MmaWrapper<51> {
  FRAGVIZ_MMA_TRAITS(51, true, 1, 1, 2);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1}, {%2}, {%3}, {%4, %5};\n"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(b[0]), "r"(c[0]), "r"(c[1]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k32.row.col.s32.s4.u4.s32`: D (16x8 .s32) = A (16x32 .s4) * B (32x8 .u4) + C.
/// Registers per lane: A 2 x .b32 (8 x s4), B 1 x .b32 (8 x u4), C and D 4 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k32". Requires sm_80, PTX ISA 7.0.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k32.row.col.s32.s4.u4.s32"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<52> {
  FRAGVIZ_MMA_TRAITS(52, true, 2, 1, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k64.row.col.s32.s4.u4.s32`: D (16x8 .s32) = A (16x64 .s4) * B (64x8 .u4) + C.
/// Registers per lane: A 4 x .b32 (8 x s4), B 2 x .b32 (8 x u4), C and D 4 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k64". Requires sm_80, PTX ISA 7.0.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k64.row.col.s32.s4.u4.s32"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<53> {
  FRAGVIZ_MMA_TRAITS(53, true, 4, 2, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]),
                   "r"(c[2]), "r"(c[3]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m8n8k32.row.col.s32.u4.s4.s32`: D (8x8 .s32) = A (8x32 .u4) * B (32x8 .s4) + C.
/// Registers per lane: A 1 x .b32 (8 x u4), B 1 x .b32 (8 x s4), C and D 2 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m8n8k32". Requires sm_75, PTX ISA 6.5.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m8n8k32.row.col.s32.u4.s4.s32"
#define FRAGVIZ_MMA_ARCH 750
template <>
struct MmaWrapper<54> {
  FRAGVIZ_MMA_TRAITS(54, true, 1, 1, 2);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1}, {%2}, {%3}, {%4, %5};\n"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(b[0]), "r"(c[0]), "r"(c[1]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k32.row.col.s32.u4.s4.s32`: D (16x8 .s32) = A (16x32 .u4) * B (32x8 .s4) + C.
/// Registers per lane: A 2 x .b32 (8 x u4), B 1 x .b32 (8 x s4), C and D 4 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k32". Requires sm_80, PTX ISA 7.0.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k32.row.col.s32.u4.s4.s32"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<55> {
  FRAGVIZ_MMA_TRAITS(55, true, 2, 1, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k64.row.col.s32.u4.s4.s32`: D (16x8 .s32) = A (16x64 .u4) * B (64x8 .s4) + C.
/// Registers per lane: A 4 x .b32 (8 x u4), B 2 x .b32 (8 x s4), C and D 4 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k64". Requires sm_80, PTX ISA 7.0.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k64.row.col.s32.u4.s4.s32"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<56> {
  FRAGVIZ_MMA_TRAITS(56, true, 4, 2, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]),
                   "r"(c[2]), "r"(c[3]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m8n8k32.row.col.s32.u4.u4.s32`: D (8x8 .s32) = A (8x32 .u4) * B (32x8 .u4) + C.
/// Registers per lane: A 1 x .b32 (8 x u4), B 1 x .b32 (8 x u4), C and D 2 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m8n8k32". Requires sm_75, PTX ISA 6.5.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m8n8k32.row.col.s32.u4.u4.s32"
#define FRAGVIZ_MMA_ARCH 750
template <>
struct MmaWrapper<57> {
  FRAGVIZ_MMA_TRAITS(57, true, 1, 1, 2);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1}, {%2}, {%3}, {%4, %5};\n"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(b[0]), "r"(c[0]), "r"(c[1]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k32.row.col.s32.u4.u4.s32`: D (16x8 .s32) = A (16x32 .u4) * B (32x8 .u4) + C.
/// Registers per lane: A 2 x .b32 (8 x u4), B 1 x .b32 (8 x u4), C and D 4 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k32". Requires sm_80, PTX ISA 7.0.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k32.row.col.s32.u4.u4.s32"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<58> {
  FRAGVIZ_MMA_TRAITS(58, true, 2, 1, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k64.row.col.s32.u4.u4.s32`: D (16x8 .s32) = A (16x64 .u4) * B (64x8 .u4) + C.
/// Registers per lane: A 4 x .b32 (8 x u4), B 2 x .b32 (8 x u4), C and D 4 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k64". Requires sm_80, PTX ISA 7.0.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k64.row.col.s32.u4.u4.s32"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<59> {
  FRAGVIZ_MMA_TRAITS(59, true, 4, 2, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]),
                   "r"(c[2]), "r"(c[3]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

// [SECTION] b1 ----------------------------------------------------------------------------------------------

/// `mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.xor.popc`: D (8x8 .s32) = popc(A (8x128 .b1) XOR B (128x8
/// .b1)) + C, summed over k.
/// Registers per lane: A 1 x .b32 (32 x b1), B 1 x .b32 (32 x b1), C and D 2 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m8n8k128". Requires sm_75, PTX ISA 7.0.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.xor.popc"
#define FRAGVIZ_MMA_ARCH 750
template <>
struct MmaWrapper<60> {
  FRAGVIZ_MMA_TRAITS(60, true, 1, 1, 2);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1}, {%2}, {%3}, {%4, %5};\n"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(b[0]), "r"(c[0]), "r"(c[1]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.xor.popc`: D (16x8 .s32) = popc(A (16x128 .b1) XOR B
/// (128x8 .b1)) + C, summed over k.
/// Registers per lane: A 2 x .b32 (32 x b1), B 1 x .b32 (32 x b1), C and D 4 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k128". Requires sm_80, PTX ISA 7.0.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.xor.popc"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<61> {
  FRAGVIZ_MMA_TRAITS(61, true, 2, 1, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.xor.popc`: D (16x8 .s32) = popc(A (16x256 .b1) XOR B
/// (256x8 .b1)) + C, summed over k.
/// Registers per lane: A 4 x .b32 (32 x b1), B 2 x .b32 (32 x b1), C and D 4 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k256". Requires sm_80, PTX ISA 7.0.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.xor.popc"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<62> {
  FRAGVIZ_MMA_TRAITS(62, true, 4, 2, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]),
                   "r"(c[2]), "r"(c[3]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.and.popc`: D (8x8 .s32) = popc(A (8x128 .b1) AND B (128x8
/// .b1)) + C, summed over k.
/// Registers per lane: A 1 x .b32 (32 x b1), B 1 x .b32 (32 x b1), C and D 2 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m8n8k128". Requires sm_80, PTX ISA 7.1.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.and.popc"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<63> {
  FRAGVIZ_MMA_TRAITS(63, true, 1, 1, 2);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1}, {%2}, {%3}, {%4, %5};\n"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(b[0]), "r"(c[0]), "r"(c[1]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.and.popc`: D (16x8 .s32) = popc(A (16x128 .b1) AND B
/// (128x8 .b1)) + C, summed over k.
/// Registers per lane: A 2 x .b32 (32 x b1), B 1 x .b32 (32 x b1), C and D 4 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k128". Requires sm_80, PTX ISA 7.1.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.and.popc"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<64> {
  FRAGVIZ_MMA_TRAITS(64, true, 2, 1, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc`: D (16x8 .s32) = popc(A (16x256 .b1) AND B
/// (256x8 .b1)) + C, summed over k.
/// Registers per lane: A 4 x .b32 (32 x b1), B 2 x .b32 (32 x b1), C and D 4 x .s32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k256". Requires sm_80, PTX ISA 7.1.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc"
#define FRAGVIZ_MMA_ARCH 800
template <>
struct MmaWrapper<65> {
  FRAGVIZ_MMA_TRAITS(65, true, 4, 2, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= FRAGVIZ_MMA_ARCH
    asm volatile(FRAGVIZ_MMA_MNEMONIC " {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]),
                   "r"(c[2]), "r"(c[3]));
#else
    (void)d, (void)a, (void)b, (void)c;
#endif
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

// [SECTION] f8f6f4 ------------------------------------------------------------------------------------------

/// `mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e2m1.f32`: D (16x8 .f32) = A (16x32 .e2m1) * B
/// (32x8 .e2m1) + C.
/// Registers per lane: A 4 x .b32 (4 x e2m1), B 2 x .b32 (4 x e2m1), C and D 4 x .f32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k32". Requires sm_120a, PTX ISA 8.7.
/// Model only: it needs sm_120a, a target this build does not make. ptxas (CUDA 13.0) for sm_90 rejects it:
/// "error : Instruction 'mma with with FP6/FP4 floating point type' not supported on .target 'sm_90'" and
/// "error : Feature '.kind::f8f6f4' not supported on .target 'sm_90'". It assembles for sm_120a, spelled as
/// here (the PTX ISA syntax's order) or with .kind::f8f6f4 right after .aligned, as CUTLASS writes it. So
/// kAvailable is false and run() holds no asm.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e2m1.f32"
#define FRAGVIZ_MMA_ARCH 1200
template <>
struct MmaWrapper<66> {
  FRAGVIZ_MMA_TRAITS(66, false, 4, 2, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
    (void)d, (void)a, (void)b, (void)c;
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e3m2.e3m2.f32`: D (16x8 .f32) = A (16x32 .e3m2) * B
/// (32x8 .e3m2) + C.
/// Registers per lane: A 4 x .b32 (4 x e3m2), B 2 x .b32 (4 x e3m2), C and D 4 x .f32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k32". Requires sm_120a, PTX ISA 8.7.
/// Model only: it needs sm_120a, a target this build does not make. ptxas (CUDA 13.0) for sm_90 rejects it:
/// "error : Instruction 'mma with with FP6/FP4 floating point type' not supported on .target 'sm_90'" and
/// "error : Feature '.kind::f8f6f4' not supported on .target 'sm_90'". It assembles for sm_120a, spelled as
/// here (the PTX ISA syntax's order) or with .kind::f8f6f4 right after .aligned, as CUTLASS writes it. So
/// kAvailable is false and run() holds no asm.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e3m2.e3m2.f32"
#define FRAGVIZ_MMA_ARCH 1200
template <>
struct MmaWrapper<67> {
  FRAGVIZ_MMA_TRAITS(67, false, 4, 2, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
    (void)d, (void)a, (void)b, (void)c;
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m3.e2m3.f32`: D (16x8 .f32) = A (16x32 .e2m3) * B
/// (32x8 .e2m3) + C.
/// Registers per lane: A 4 x .b32 (4 x e2m3), B 2 x .b32 (4 x e2m3), C and D 4 x .f32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k32". Requires sm_120a, PTX ISA 8.7.
/// Model only: it needs sm_120a, a target this build does not make. ptxas (CUDA 13.0) for sm_90 rejects it:
/// "error : Instruction 'mma with with FP6/FP4 floating point type' not supported on .target 'sm_90'" and
/// "error : Feature '.kind::f8f6f4' not supported on .target 'sm_90'". It assembles for sm_120a, spelled as
/// here (the PTX ISA syntax's order) or with .kind::f8f6f4 right after .aligned, as CUTLASS writes it. So
/// kAvailable is false and run() holds no asm.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m3.e2m3.f32"
#define FRAGVIZ_MMA_ARCH 1200
template <>
struct MmaWrapper<68> {
  FRAGVIZ_MMA_TRAITS(68, false, 4, 2, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
    (void)d, (void)a, (void)b, (void)c;
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

/// `mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e4m3.e2m1.f32`: D (16x8 .f32) = A (16x32 .e4m3) * B
/// (32x8 .e2m1) + C.
/// Registers per lane: A 4 x .b32 (4 x e4m3), B 2 x .b32 (4 x e2m1), C and D 4 x .f32.
/// Fragments: PTX ISA "Matrix Fragments for mma.m16n8k32". Requires sm_120a, PTX ISA 8.7.
/// Model only: it needs sm_120a, a target this build does not make. ptxas (CUDA 13.0) for sm_90 rejects it:
/// "error : Instruction 'mma with with FP6/FP4 floating point type' not supported on .target 'sm_90'" and
/// "error : Feature '.kind::f8f6f4' not supported on .target 'sm_90'". It assembles for sm_120a, spelled as
/// here (the PTX ISA syntax's order) or with .kind::f8f6f4 right after .aligned, as CUTLASS writes it. So
/// kAvailable is false and run() holds no asm.
#define FRAGVIZ_MMA_MNEMONIC "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e4m3.e2m1.f32"
#define FRAGVIZ_MMA_ARCH 1200
template <>
struct MmaWrapper<69> {
  FRAGVIZ_MMA_TRAITS(69, false, 4, 2, 4);
  __device__ __forceinline__ static void run(std::uint32_t (&d)[kDWords], const std::uint32_t (&a)[kAWords],
                                             const std::uint32_t (&b)[kBWords],
                                             const std::uint32_t (&c)[kCWords]) {
    (void)d, (void)a, (void)b, (void)c;
  }
};
#undef FRAGVIZ_MMA_ARCH
#undef FRAGVIZ_MMA_MNEMONIC

#undef FRAGVIZ_MMA_TRAITS

}  // namespace fragviz::cuda
