// Every inline PTX instruction fragviz issues, in one place, named as the PTX spells it.
//
// Sources (PTX ISA 8.5, https://docs.nvidia.com/cuda/parallel-thread-execution/index.html):
// - "Warp-level matrix load instruction: ldmatrix" (#warp-level-matrix-instructions-ldmatrix):
//   ldmatrix.sync.aligned.m8n8{.x1,.x2,.x4}{,.trans}.shared.b16, "Requires sm_75 or higher".
// - "Multiply-and-Accumulate Instruction: mma" (#warp-level-matrix-instructions-mma): the f16
//   shapes m16n8k8 ("requires sm_75 or higher") and m16n8k16 (requires sm_80).
// - Fragment layouts: "Matrix Fragments for mma.m16n8k8" and "... mma.m16n8k16 with floating
//   point type"; modelled in fragviz/isa/fragment.hpp, never re-derived here.
//
// Rules the wrappers rely on:
// - Addresses are .shared state-space addresses (32-bit), from smem_address(); passing a generic
//   address to .shared is undefined.
// - Row addresses must be 16-byte aligned ("a group of four consecutive threads loads 16 bytes.
//   The matrix addresses must be naturally aligned accordingly"); a misaligned one raises a sticky
//   "misaligned address" error, so callers validate geometry on the host first.
// - On sm_75 "all threads must contain valid addresses" even for .x1/.x2.
// - Helpers never read threadIdx: lanes and addresses come from the caller.
#pragma once

#include <cstdint>

namespace fragviz::ptx {

/// Shared-window address of a pointer into shared memory (cvta.to.shared).
__device__ __forceinline__ std::uint32_t smem_address(const void* p) {
  return static_cast<std::uint32_t>(__cvta_generic_to_shared(p));
}

// [SECTION] ldmatrix: PTX ISA 8.5, "Warp-level matrix load instruction: ldmatrix" ---------------
// Destination register j holds matrix j (fed by lanes 8j..8j+7). Plain: lane l gets row l/4,
// columns 2(l%4) and 2(l%4)+1 (low half first). .trans: the matrix is read column-major, so the
// same slot holds the transposed element.

__device__ __forceinline__ void ldmatrix_x1(std::uint32_t& r0, std::uint32_t addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];\n" : "=r"(r0) : "r"(addr));
}
__device__ __forceinline__ void ldmatrix_x2(std::uint32_t& r0, std::uint32_t& r1, std::uint32_t addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];\n" : "=r"(r0), "=r"(r1) : "r"(addr));
}
__device__ __forceinline__ void ldmatrix_x4(std::uint32_t& r0, std::uint32_t& r1, std::uint32_t& r2,
                                            std::uint32_t& r3, std::uint32_t addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(addr));
}
__device__ __forceinline__ void ldmatrix_x1_trans(std::uint32_t& r0, std::uint32_t addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];\n" : "=r"(r0) : "r"(addr));
}
__device__ __forceinline__ void ldmatrix_x2_trans(std::uint32_t& r0, std::uint32_t& r1, std::uint32_t addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];\n"
               : "=r"(r0), "=r"(r1)
               : "r"(addr));
}
__device__ __forceinline__ void ldmatrix_x4_trans(std::uint32_t& r0, std::uint32_t& r1, std::uint32_t& r2,
                                                  std::uint32_t& r3, std::uint32_t addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(addr));
}

/// ldmatrix with .num = Num (1, 2 or 4) and optional .trans, into r[0..Num).
template <int Num, bool Trans>
__device__ __forceinline__ void ldmatrix(std::uint32_t (&r)[Num], std::uint32_t addr) {
  static_assert(Num == 1 || Num == 2 || Num == 4, "ldmatrix .num is .x1, .x2 or .x4");
  if constexpr (Num == 1) {
    if constexpr (Trans)
      ldmatrix_x1_trans(r[0], addr);
    else
      ldmatrix_x1(r[0], addr);
  } else if constexpr (Num == 2) {
    if constexpr (Trans)
      ldmatrix_x2_trans(r[0], r[1], addr);
    else
      ldmatrix_x2(r[0], r[1], addr);
  } else {
    if constexpr (Trans)
      ldmatrix_x4_trans(r[0], r[1], r[2], r[3], addr);
    else
      ldmatrix_x4(r[0], r[1], r[2], r[3], addr);
  }
}

/// The same with .trans chosen at run time (a plan the host computed).
template <int Num>
__device__ __forceinline__ void ldmatrix(std::uint32_t (&r)[Num], std::uint32_t addr, bool trans) {
  if (trans)
    ldmatrix<Num, true>(r, addr);
  else
    ldmatrix<Num, false>(r, addr);
}

// [SECTION] mma: PTX ISA 8.5, "Multiply-and-Accumulate Instruction: mma" -----------------------

/// D (16x8 f32) = A (16x8 f16, row) x B (8x8 f16, col) + C. a = {a0a1, a2a3}, b = {b0b1}, four
/// f32 accumulators c/d per lane. sm_75 or newer.
__device__ __forceinline__ void mma_m16n8k8(float (&d)[4], const std::uint32_t (&a)[2],
                                            const std::uint32_t (&b)[1], const float (&c)[4]) {
  asm volatile(
      "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 "
      "{%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};\n"
      : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(b[0]), "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
}

/// D (16x8 f32) = A (16x16 f16, row) x B (16x8 f16, col) + C. a = {a0a1, a2a3, a4a5, a6a7},
/// b = {b0b1, b2b3}. Needs sm_80: the PTX is emitted only when compiling for sm_80 or newer
/// (ptxas rejects ".m16n8k16 requires .target sm_80" otherwise); below that the wrapper is
/// empty and d is left untouched, so the host must check cudaDeviceProp before launching.
__device__ __forceinline__ void mma_m16n8k16(float (&d)[4], const std::uint32_t (&a)[4],
                                             const std::uint32_t (&b)[2], const float (&c)[4]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
      : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "f"(c[0]), "f"(c[1]), "f"(c[2]),
        "f"(c[3]));
#else
  (void)d, (void)a, (void)b, (void)c;
#endif
}

// [SECTION] stmatrix and movmatrix: PTX ISA 9.0, "Warp Level Matrix Store Instruction: stmatrix"
// (sm_90, PTX 7.8) and "Warp Level Matrix Transpose Instruction: movmatrix" (sm_75, PTX 7.8).
// stmatrix takes the ldmatrix address table (lanes 8j..8j+7 give matrix j's row addresses) and
// the ldmatrix register layout; emitted only for sm_90 and newer, empty below (never launched).

template <int Num, bool Trans>
__device__ __forceinline__ void stmatrix(std::uint32_t addr, const std::uint32_t (&r)[4]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  if constexpr (Num == 1 && !Trans)
    asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};\n" ::"r"(addr), "r"(r[0]) : "memory");
  else if constexpr (Num == 1)
    asm volatile("stmatrix.sync.aligned.m8n8.x1.trans.shared.b16 [%0], {%1};\n" ::"r"(addr), "r"(r[0])
                 : "memory");
  else if constexpr (Num == 2 && !Trans)
    asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1, %2};\n" ::"r"(addr), "r"(r[0]),
                 "r"(r[1])
                 : "memory");
  else if constexpr (Num == 2)
    asm volatile("stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%0], {%1, %2};\n" ::"r"(addr), "r"(r[0]),
                 "r"(r[1])
                 : "memory");
  else if constexpr (!Trans)
    asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};\n" ::"r"(addr), "r"(r[0]),
                 "r"(r[1]), "r"(r[2]), "r"(r[3])
                 : "memory");
  else
    asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1, %2, %3, %4};\n" ::"r"(addr),
                 "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3])
                 : "memory");
#else
  (void)addr, (void)r;
#endif
}

/// movmatrix.sync.aligned.m8n8.trans.b16 d, a: the 8x8 matrix the warp holds, transposed.
__device__ __forceinline__ std::uint32_t movmatrix_trans(std::uint32_t a) {
  std::uint32_t d = 0;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 750
  asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;\n" : "=r"(d) : "r"(a));
#else
  (void)a;
#endif
  return d;
}

// [SECTION] cp.async: PTX ISA 8.5, "Data Movement and Conversion Instructions: cp.async" (sm_80) --
// Copies 16 bytes global -> shared without passing through registers; .cg caches in L2 only.
// Copies issued since the last commit form one group; cp.async.wait_group N waits until at most N
// of this thread's groups are pending. Other threads see the data only after a barrier. Empty
// below sm_80 (the host refuses those variants there).

/// cp.async.cg.shared.global [dst], [src], 16: both 16-byte aligned.
__device__ __forceinline__ void cp_async_16(std::uint32_t dst, const void* src) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst), "l"(src) : "memory");
#else
  (void)dst, (void)src;
#endif
}
/// cp.async.commit_group.
__device__ __forceinline__ void cp_async_commit() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.commit_group;\n" ::: "memory");
#endif
}
/// cp.async.wait_group Pending: at most Pending of this thread's groups still in flight.
template <int Pending>
__device__ __forceinline__ void cp_async_wait() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.wait_group %0;\n" ::"n"(Pending) : "memory");
#endif
}

// [SECTION] flags between blocks: PTX ISA 8.5, "Memory Consistency Model" and "ld" / "st" with
// .acquire / .release (sm_70). A block that publishes data for another: its threads store, bar.sync,
// then one thread st.release.gpu the flag; the reader: one thread ld.acquire.gpu until it sees the
// flag, bar.sync, then its threads read (CUTLASS's generic barrier does the same).

/// ld.acquire.gpu.global.u32.
__device__ __forceinline__ unsigned ld_acquire_gpu(const unsigned* p) {
  unsigned v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];\n" : "=r"(v) : "l"(p) : "memory");
  return v;
}
/// st.release.gpu.global.u32.
__device__ __forceinline__ void st_release_gpu(unsigned* p, unsigned v) {
  asm volatile("st.release.gpu.global.u32 [%0], %1;\n" ::"l"(p), "r"(v) : "memory");
}
/// st.relaxed.gpu.global.u32.
__device__ __forceinline__ void st_relaxed_gpu(unsigned* p, unsigned v) {
  asm volatile("st.relaxed.gpu.global.u32 [%0], %1;\n" ::"l"(p), "r"(v) : "memory");
}

// [SECTION] plain shared loads: PTX ISA 8.5, "Data Movement and Conversion Instructions: ld" ------
// ld.shared.b32 / .v2.b32 / .v4.b32 (SASS LDS.32 / LDS.64 / LDS.128): one address per lane, naturally
// aligned to the access size (4, 8, 16 bytes), else a misaligned-address fault.

__device__ __forceinline__ void ld_shared_b32(std::uint32_t (&r)[1], std::uint32_t addr) {
  asm volatile("ld.shared.b32 %0, [%1];\n" : "=r"(r[0]) : "r"(addr));
}
__device__ __forceinline__ void ld_shared_v2_b32(std::uint32_t (&r)[2], std::uint32_t addr) {
  asm volatile("ld.shared.v2.b32 {%0, %1}, [%2];\n" : "=r"(r[0]), "=r"(r[1]) : "r"(addr));
}
__device__ __forceinline__ void ld_shared_v4_b32(std::uint32_t (&r)[4], std::uint32_t addr) {
  asm volatile("ld.shared.v4.b32 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(addr));
}

}  // namespace fragviz::ptx
