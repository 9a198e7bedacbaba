// The tensor-memory probe kernel (tmem_kernels.hpp): tcgen05.alloc of 32 columns, then either a
// sentinel fill, the tcgen05.st form under test and a tcgen05.ld.32x32b read back of every cell,
// or a fill of every cell with its own label and the tcgen05.ld form under test; tcgen05.dealloc.
// PTX ISA 9.1, 9.7.16.7 (alloc/dealloc), 9.7.16.8 (ld/st, "Data Movement Shape", "Packing and
// Unpacking"), 9.7.16.6 (fences). Built for sm_100a only (see b8_move_kernels.cu).
#include <cuda_runtime.h>

#include "tmem_kernels.hpp"

#if defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FEAT_SM100_ALL)
#error "tmem_kernels.cu is sm_100a code: compile it with -gencode=arch=compute_100a,code=sm_100a"
#endif

namespace fragviz::cuda {
namespace {

// The shape numbers of fragviz::TmemShape.
constexpr int k32x32b = 0, k16x64b = 1, k16x128b = 2, k16x256b = 3, k16x32bx2 = 4;
constexpr int kColumns = 32;  // the smallest allocation (fragviz::kTmemProbeColumns)
constexpr int kRegs = kTmemJobRegisters;

// Each form is its own asm statement, a macro call ending in a semicolon (the shape, .num, packing and
// immHalfSplitoff are part of the instruction): the register lists, the taddr operand right after them.
#define FV_P1 "{%0}"
#define FV_P2 "{%0, %1}"
#define FV_P4 "{%0, %1, %2, %3}"
#define FV_P8 "{%0, %1, %2, %3, %4, %5, %6, %7}"
#define FV_P16 "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15}"
#define FV_P32                                                                                            \
  "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, " \
  "%22, %23, "                                                                                            \
  "%24, %25, %26, %27, %28, %29, %30, %31}"
#define FV_IN1(a, i) "r"(a[i])
#define FV_IN2(a, i) FV_IN1(a, i), FV_IN1(a, (i) + 1)
#define FV_IN4(a, i) FV_IN2(a, i), FV_IN2(a, (i) + 2)
#define FV_IN8(a, i) FV_IN4(a, i), FV_IN4(a, (i) + 4)
#define FV_IN16(a, i) FV_IN8(a, i), FV_IN8(a, (i) + 8)
#define FV_IN32(a, i) FV_IN16(a, i), FV_IN16(a, (i) + 16)
#define FV_OUT1(a, i) "=r"(a[i])
#define FV_OUT2(a, i) FV_OUT1(a, i), FV_OUT1(a, (i) + 1)
#define FV_OUT4(a, i) FV_OUT2(a, i), FV_OUT2(a, (i) + 2)
#define FV_OUT8(a, i) FV_OUT4(a, i), FV_OUT4(a, (i) + 4)
#define FV_OUT16(a, i) FV_OUT8(a, i), FV_OUT8(a, (i) + 8)
#define FV_OUT32(a, i) FV_OUT16(a, i), FV_OUT16(a, (i) + 16)

#define FV_FORM(SH, NUM, PK, SPLIT) \
  (j.shape == (SH) && j.num == (NUM) && j.pack16 == (PK) && j.half_split == (SPLIT))
// tcgen05.st [taddr], (immHalfSplitoff,) {r...}: IMM is "" or "N, ".
#define FV_ST(SH, NUM, PK, SPLIT, TEXT, N, IMM)                                                     \
  if (FV_FORM(SH, NUM, PK, SPLIT)) {                                                                \
    asm volatile("tcgen05.st.sync.aligned." TEXT " [%" #N "], " IMM FV_P##N ";\n" ::FV_IN##N(r, 0), \
                 "r"(taddr)                                                                         \
                 : "memory");                                                                       \
    return;                                                                                         \
  } else                                                                                            \
    (void)0
// tcgen05.ld {v...}, [taddr](, immHalfSplitoff): IMM is "" or ", N".
#define FV_LD(SH, NUM, PK, SPLIT, TEXT, N, IMM)                                      \
  if (FV_FORM(SH, NUM, PK, SPLIT)) {                                                 \
    asm volatile("tcgen05.ld.sync.aligned." TEXT " " FV_P##N ", [%" #N "]" IMM ";\n" \
                 : FV_OUT##N(v, 0)                                                   \
                 : "r"(taddr)                                                        \
                 : "memory");                                                        \
    return;                                                                          \
  } else                                                                             \
    (void)0

/// The store under test (fragviz::all_tmem_probes); a form not listed stores nothing.
__device__ void store_form(const TmemJob& j, std::uint32_t taddr, const std::uint32_t (&r)[kRegs]) {
  // clang-format off
  FV_ST(k32x32b, 1, 0, 0, "32x32b.x1.b32", 1, "");
  FV_ST(k16x64b, 1, 0, 0, "16x64b.x1.b32", 1, "");
  FV_ST(k16x128b, 1, 0, 0, "16x128b.x1.b32", 2, "");
  FV_ST(k16x256b, 1, 0, 0, "16x256b.x1.b32", 4, "");
  FV_ST(k16x32bx2, 1, 0, 1, "16x32bx2.x1.b32", 1, "1, ");
  FV_ST(k32x32b, 2, 0, 0, "32x32b.x2.b32", 2, "");
  FV_ST(k16x64b, 2, 0, 0, "16x64b.x2.b32", 2, "");
  FV_ST(k16x128b, 2, 0, 0, "16x128b.x2.b32", 4, "");
  FV_ST(k16x256b, 2, 0, 0, "16x256b.x2.b32", 8, "");
  FV_ST(k16x32bx2, 2, 0, 2, "16x32bx2.x2.b32", 2, "2, ");
  FV_ST(k32x32b, 32, 0, 0, "32x32b.x32.b32", 32, "");
  FV_ST(k16x64b, 16, 0, 0, "16x64b.x16.b32", 16, "");
  FV_ST(k16x128b, 8, 0, 0, "16x128b.x8.b32", 16, "");
  FV_ST(k16x256b, 4, 0, 0, "16x256b.x4.b32", 16, "");
  FV_ST(k16x32bx2, 16, 0, 16, "16x32bx2.x16.b32", 16, "16, ");
  FV_ST(k32x32b, 1, 1, 0, "32x32b.x1.unpack::16b.b32", 1, "");
  FV_ST(k16x64b, 1, 1, 0, "16x64b.x1.unpack::16b.b32", 1, "");
  FV_ST(k16x128b, 1, 1, 0, "16x128b.x1.unpack::16b.b32", 2, "");
  FV_ST(k16x256b, 1, 1, 0, "16x256b.x1.unpack::16b.b32", 4, "");
  FV_ST(k16x32bx2, 1, 1, 2, "16x32bx2.x1.unpack::16b.b32", 1, "2, ");
  // clang-format on
}

/// The load under test (fragviz::all_tmem_probes); a form not listed loads nothing.
__device__ void load_form(const TmemJob& j, std::uint32_t taddr, std::uint32_t (&v)[kRegs]) {
  // clang-format off
  FV_LD(k32x32b, 1, 0, 0, "32x32b.x1.b32", 1, "");
  FV_LD(k16x64b, 1, 0, 0, "16x64b.x1.b32", 1, "");
  FV_LD(k16x128b, 1, 0, 0, "16x128b.x1.b32", 2, "");
  FV_LD(k16x256b, 1, 0, 0, "16x256b.x1.b32", 4, "");
  FV_LD(k16x32bx2, 1, 0, 1, "16x32bx2.x1.b32", 1, ", 1");
  FV_LD(k32x32b, 2, 0, 0, "32x32b.x2.b32", 2, "");
  FV_LD(k16x64b, 2, 0, 0, "16x64b.x2.b32", 2, "");
  FV_LD(k16x128b, 2, 0, 0, "16x128b.x2.b32", 4, "");
  FV_LD(k16x256b, 2, 0, 0, "16x256b.x2.b32", 8, "");
  FV_LD(k16x32bx2, 2, 0, 2, "16x32bx2.x2.b32", 2, ", 2");
  FV_LD(k32x32b, 32, 0, 0, "32x32b.x32.b32", 32, "");
  FV_LD(k16x64b, 16, 0, 0, "16x64b.x16.b32", 16, "");
  FV_LD(k16x128b, 8, 0, 0, "16x128b.x8.b32", 16, "");
  FV_LD(k16x256b, 4, 0, 0, "16x256b.x4.b32", 16, "");
  FV_LD(k16x32bx2, 16, 0, 16, "16x32bx2.x16.b32", 16, ", 16");
  FV_LD(k32x32b, 1, 1, 0, "32x32b.x1.pack::16b.b32", 1, "");
  FV_LD(k16x64b, 1, 1, 0, "16x64b.x1.pack::16b.b32", 1, "");
  FV_LD(k16x128b, 1, 1, 0, "16x128b.x1.pack::16b.b32", 2, "");
  FV_LD(k16x256b, 1, 1, 0, "16x256b.x1.pack::16b.b32", 4, "");
  FV_LD(k16x32bx2, 1, 1, 2, "16x32bx2.x1.pack::16b.b32", 1, ", 2");
  // clang-format on
}

/// Every one of this warp's 32 lanes x 32 columns from `w` (thread t: lane t, column c from w[c]).
__device__ void fill(std::uint32_t taddr, const std::uint32_t (&w)[kRegs]) {
  asm volatile("tcgen05.st.sync.aligned.32x32b.x32.b32 [%32], " FV_P32 ";\n" ::FV_IN32(w, 0), "r"(taddr)
               : "memory");
  asm volatile("tcgen05.wait::st.sync.aligned;\n" ::: "memory");
}

/// Columns 0 to read - 1 (8, 16 or 32) of this thread's lane.
__device__ void read_back(int read, std::uint32_t taddr, std::uint32_t (&v)[kRegs]) {
  if (read == 8)
    asm volatile("tcgen05.ld.sync.aligned.32x32b.x8.b32 " FV_P8 ", [%8];\n"
                 : FV_OUT8(v, 0)
                 : "r"(taddr)
                 : "memory");
  else if (read == 16)
    asm volatile("tcgen05.ld.sync.aligned.32x32b.x16.b32 " FV_P16 ", [%16];\n"
                 : FV_OUT16(v, 0)
                 : "r"(taddr)
                 : "memory");
  else
    asm volatile("tcgen05.ld.sync.aligned.32x32b.x32.b32 " FV_P32 ", [%32];\n"
                 : FV_OUT32(v, 0)
                 : "r"(taddr)
                 : "memory");
  asm volatile("tcgen05.wait::ld.sync.aligned;\n" ::: "memory");
}

__device__ void sync_threads_tmem() {
  asm volatile("tcgen05.fence::before_thread_sync;\n" ::: "memory");
  __syncthreads();
  asm volatile("tcgen05.fence::after_thread_sync;\n" ::: "memory");
}

__global__ void tmem_probe_kernel(const TmemJob* job, std::uint32_t* out) {
  __shared__ std::uint32_t base;
  const TmemJob& j = *job;
  const int thread = static_cast<int>(threadIdx.x);
  const int warp = thread / 32;
  if (warp == 0) {
    const std::uint32_t dst = static_cast<std::uint32_t>(__cvta_generic_to_shared(&base));
    asm volatile("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%0], %1;\n" ::"r"(dst),
                 "r"(kColumns));
    asm volatile("tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;\n" ::);
  }
  sync_threads_tmem();
  // Warp w reaches lanes 32w to 32w + 31 only: its taddr starts there.
  const std::uint32_t taddr = base + (static_cast<std::uint32_t>(32 * warp) << 16);
  std::uint32_t w[kRegs], v[kRegs];
#pragma unroll
  for (int c = 0; c < kRegs; ++c) {
    w[c] = j.words[thread][c];
    v[c] = kTmemSentinel;  // what an unlisted form leaves
  }
  int words = 0;
  if (j.load) {
    fill(taddr, w);
    load_form(j, taddr, v);
    asm volatile("tcgen05.wait::ld.sync.aligned;\n" ::: "memory");
    words = j.num * (j.shape == k16x128b ? 2 : j.shape == k16x256b ? 4 : 1);
  } else {
    std::uint32_t s[kRegs];
#pragma unroll
    for (int c = 0; c < kRegs; ++c) s[c] = kTmemSentinel;
    fill(taddr, s);
    store_form(j, taddr, w);
    asm volatile("tcgen05.wait::st.sync.aligned;\n" ::: "memory");
    read_back(j.read, taddr, v);
    words = j.read;
  }
#pragma unroll
  for (int c = 0; c < kRegs; ++c)
    if (c < words) out[thread * words + c] = v[c];
  sync_threads_tmem();
  if (warp == 0)
    asm volatile("tcgen05.dealloc.cta_group::1.sync.aligned.b32 %0, %1;\n" ::"r"(base), "r"(kColumns));
}

}  // namespace

cudaError_t launch_tmem_probe(const TmemJob* job, std::uint32_t* out, cudaStream_t stream) {
  tmem_probe_kernel<<<1, 128, 0, stream>>>(job, out);
  return cudaGetLastError();
}

}  // namespace fragviz::cuda
