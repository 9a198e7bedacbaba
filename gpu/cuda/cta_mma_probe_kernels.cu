// The CTA tiled-MMA probe's kernel (cta_mma_probe_kernels.hpp). The loads are ptx.cuh's (the copy
// probe's instructions); the addresses and which register feeds which mma.sync operand are the
// host's checked plan, so no thread computes an address or a register index itself.
#include <cuda_runtime.h>

#include <cstdint>

#include "cta_mma_probe_kernels.hpp"
#include "ptx.cuh"

namespace fragviz::cuda {
namespace {

constexpr int kMaxWords = kMmaProbeKernelMaxWords;
constexpr int kMaxAccumulators = kMmaProbeKernelMaxAccumulators;

/// One load of `l`'s form into r[0..l.registers): chosen at run time, the same for every lane
/// (the plan's), so the warp-wide ldmatrix stays converged.
__device__ __forceinline__ void load(const MmaProbeLoad& l, std::uint32_t addr, std::uint32_t (&r)[4]) {
  if (l.ldmatrix) {
    if (l.registers == 1) {
      std::uint32_t x[1];
      ptx::ldmatrix<1>(x, addr, l.trans);
      r[0] = x[0];
    } else if (l.registers == 2) {
      std::uint32_t x[2];
      ptx::ldmatrix<2>(x, addr, l.trans);
      r[0] = x[0];
      r[1] = x[1];
    } else {
      ptx::ldmatrix<4>(r, addr, l.trans);
    }
  } else if (l.registers == 1) {
    std::uint32_t x[1];
    ptx::ld_shared_b32(x, addr);
    r[0] = x[0];
  } else if (l.registers == 2) {
    std::uint32_t x[2];
    ptx::ld_shared_v2_b32(x, addr);
    r[0] = x[0];
    r[1] = x[1];
  } else {
    ptx::ld_shared_v4_b32(r, addr);
  }
}

// mma.sync, PTX ISA 8.5 "Multiply-and-Accumulate Instruction: mma" (row.col, f32 accumulators).
// m16n8k8 f16 needs sm_75, the others sm_80: below that they are compiled out (the host checks
// the device's compute capability before launching).
template <int Atom>
__device__ __forceinline__ void mma(float (&d)[4], const std::uint32_t (&a)[4], const std::uint32_t (&b)[2]) {
  if constexpr (Atom == 0) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 750
    asm volatile(
        "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(b[0]));
#endif
  } else if constexpr (Atom == 1) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile(
        "mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(b[0]));
#endif
  } else if constexpr (Atom == 2) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile(
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
        "{%0,%1,%2,%3};\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
#endif
  } else {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile(
        "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
        "{%0,%1,%2,%3};\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
#endif
  }
  (void)d, (void)a, (void)b;
}

/// Half `src` (word src / 2, low half when even) of `w`.
__device__ __forceinline__ std::uint32_t half(const std::uint32_t* w, std::uint32_t src) {
  return (w[src >> 1] >> (16 * (src & 1))) & 0xFFFFu;
}

template <int Atom>
__global__ void cta_mma_probe_kernel(const uint4* images, std::uint32_t chunks, MmaProbeLoad la,
                                     MmaProbeLoad lb, const std::uint32_t* a_addresses,
                                     const std::uint32_t* b_addresses, const std::uint32_t* table, int calls,
                                     int c_values, float* out) {
  constexpr int kARegs = Atom >= 2 ? 4 : 2, kBRegs = Atom >= 2 ? 2 : 1;
  constexpr int kEntries = 2 * kARegs + 2 * kBRegs + 4;
  extern __shared__ __align__(16) uint4 cta_mma_smem[];
  for (std::uint32_t c = threadIdx.x; c < chunks; c += blockDim.x) cta_mma_smem[c] = images[c];
  __syncthreads();
  const std::uint32_t base_a = ptx::smem_address(cta_mma_smem);
  const std::uint32_t base_b = base_a + la.image_bytes;
  const std::size_t t = threadIdx.x;
  std::uint32_t ra[kMaxWords], rb[kMaxWords];
  float acc[kMaxAccumulators];
  for (int i = 0; i < la.instructions; ++i) {
    std::uint32_t r[4];
    load(la, base_a + a_addresses[t * la.instructions + i], r);
    for (int j = 0; j < la.registers; ++j) ra[i * la.registers + j] = r[j];
  }
  for (int i = 0; i < lb.instructions; ++i) {
    std::uint32_t r[4];
    load(lb, base_b + b_addresses[t * lb.instructions + i], r);
    for (int j = 0; j < lb.registers; ++j) rb[i * lb.registers + j] = r[j];
  }
  for (int v = 0; v < c_values; ++v) acc[v] = 0.0f;
  for (int call = 0; call < calls; ++call) {
    const std::uint32_t* e = table + (t * calls + call) * kEntries;
    std::uint32_t a[4] = {}, b[2] = {};
#pragma unroll
    for (int r = 0; r < kARegs; ++r) a[r] = half(ra, e[2 * r]) | (half(ra, e[2 * r + 1]) << 16);
#pragma unroll
    for (int r = 0; r < kBRegs; ++r)
      b[r] = half(rb, e[2 * kARegs + 2 * r]) | (half(rb, e[2 * kARegs + 2 * r + 1]) << 16);
    const std::uint32_t* ci = e + 2 * kARegs + 2 * kBRegs;
    float d[4] = {acc[ci[0]], acc[ci[1]], acc[ci[2]], acc[ci[3]]};
    mma<Atom>(d, a, b);
#pragma unroll
    for (int j = 0; j < 4; ++j) acc[ci[j]] = d[j];
  }
  for (int v = 0; v < c_values; ++v) out[t * c_values + v] = acc[v];
}

using Kernel = void (*)(const uint4*, std::uint32_t, MmaProbeLoad, MmaProbeLoad, const std::uint32_t*,
                        const std::uint32_t*, const std::uint32_t*, int, int, float*);

Kernel kernel_for(int atom) {
  switch (atom) {
    case 0:
      return cta_mma_probe_kernel<0>;
    case 1:
      return cta_mma_probe_kernel<1>;
    case 2:
      return cta_mma_probe_kernel<2>;
    case 3:
      return cta_mma_probe_kernel<3>;
    default:
      return nullptr;
  }
}

bool load_ok(const MmaProbeLoad& l) {
  return (l.registers == 1 || l.registers == 2 || l.registers == 4) && l.instructions >= 1 &&
         l.instructions * l.registers <= kMaxWords && l.image_bytes % 16 == 0;
}

}  // namespace

cudaError_t launch_cta_mma_probe(const CtaMmaProbeShape& s, const void* images,
                                 const std::uint32_t* a_addresses, const std::uint32_t* b_addresses,
                                 const std::uint32_t* table, float* out, cudaStream_t stream) {
  const Kernel k = kernel_for(s.atom);
  if (!k || s.threads < 32 || s.threads > 1024 || s.threads % 32 != 0 || s.calls < 1 || s.c_values < 1 ||
      s.c_values > kMaxAccumulators || !load_ok(s.a) || !load_ok(s.b))
    return cudaErrorInvalidValue;
  const std::uint32_t bytes = s.a.image_bytes + s.b.image_bytes;
  k<<<1, static_cast<unsigned>(s.threads), bytes, stream>>>(static_cast<const uint4*>(images), bytes / 16,
                                                            s.a, s.b, a_addresses, b_addresses, table,
                                                            s.calls, s.c_values, out);
  return cudaGetLastError();
}

cudaError_t allow_cta_mma_probe_smem(std::uint32_t bytes) {
  for (int atom = 0; atom < 4; ++atom) {
    const cudaError_t e = cudaFuncSetAttribute(kernel_for(atom), cudaFuncAttributeMaxDynamicSharedMemorySize,
                                               static_cast<int>(bytes));
    if (e != cudaSuccess) return e;
  }
  return cudaSuccess;
}

}  // namespace fragviz::cuda
