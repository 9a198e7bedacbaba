// The wgmma probe kernel, instantiated per catalogue entry and form by wgmma_part*.cu. Only
// sm_90a code holds the instructions; other targets compile the kernel empty (never launched).
//
// Order of operations per job (PTX ISA, "Asynchronous Warpgroup Level Matrix Multiply-Accumulate
// Instructions"): the image is written with ordinary stores, so fence.proxy.async makes it
// visible to the async proxy wgmma reads through; wgmma.fence orders the register writes before
// the wgmma; commit_group + wait_group 0 wait for its D.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <type_traits>
#include <utility>

#include "../ptx.cuh"
#include "wgmma_kernels.hpp"
#include "wgmma_ops.cuh"

namespace fragviz::cuda {
namespace wgmma_detail {

template <int Index, int Form>
__global__ void __launch_bounds__(128)
    wgmma_probe_kernel(const WgmmaJob* jobs, int job_count, const std::uint8_t* images, std::uint32_t* out) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  using Op = WgmmaOp<Index>;
  extern __shared__ __align__(16) std::uint8_t wgmma_smem[];
  const int thread = static_cast<int>(threadIdx.x);
  const std::uint32_t raw = ptx::smem_address(wgmma_smem);
  const std::uint32_t base = (raw + 1023u) & ~1023u;
  std::uint8_t* tile = wgmma_smem + (base - raw);
  for (int j = 0; j < job_count; ++j) {
    const WgmmaJob& job = jobs[j];
    const uint4* src = reinterpret_cast<const uint4*>(images + job.image_offset);
    uint4* dst = reinterpret_cast<uint4*>(tile);
    // Four loads in flight before their stores: with one, each 2 KB step of the image (up to 43 KB)
    // waited out a whole global-memory latency, as the compiler may not move a load past a store
    // through another generic pointer.
    const std::uint32_t vectors = job.image_bytes / 16;
    for (std::uint32_t i = static_cast<std::uint32_t>(thread); i < vectors; i += 4 * 128) {
      uint4 v[4];
#pragma unroll
      for (std::uint32_t u = 0; u < 4; ++u)
        if (i + u * 128 < vectors) v[u] = src[i + u * 128];
#pragma unroll
      for (std::uint32_t u = 0; u < 4; ++u)
        if (i + u * 128 < vectors) dst[i + u * 128] = v[u];
    }
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
    const std::uint64_t desc_a = job.a_descriptor | (((base + job.a_start) & 0x3FFFFu) >> 4);
    const std::uint64_t desc_b = job.b_descriptor | (((base + job.b_start) & 0x3FFFFu) >> 4);
    typename Op::DReg d[Op::kDRegisters];
#pragma unroll
    for (int r = 0; r < Op::kDRegisters; ++r) d[r] = 0;
    std::uint32_t a[4] = {0, 0, 0, 0};
    if constexpr (Form == static_cast<int>(WgmmaForm::rs)) {
      const std::uint32_t* regs = reinterpret_cast<const std::uint32_t*>(images + job.a_registers);
#pragma unroll
      for (int r = 0; r < 4; ++r) a[r] = regs[thread * 4 + r];
    }
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
    if constexpr (Form == static_cast<int>(WgmmaForm::rs)) {
      Op::template rs<0>(d, a, desc_b);
    } else if constexpr (Form == static_cast<int>(WgmmaForm::ss_a_mn)) {
      Op::template ss<1, 0>(d, desc_a, desc_b);
    } else if constexpr (Form == static_cast<int>(WgmmaForm::ss_b_mn)) {
      Op::template ss<0, 1>(d, desc_a, desc_b);
    } else {
      Op::template ss<0, 0>(d, desc_a, desc_b);
    }
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
    std::uint32_t* o = out + job.out_offset + static_cast<std::uint32_t>(thread * Op::kDRegisters);
    const auto word = [](typename Op::DReg v) -> std::uint32_t {
      if constexpr (std::is_same_v<typename Op::DReg, float>)
        return __float_as_uint(v);
      else
        return static_cast<std::uint32_t>(v);
    };
    // Vector stores: each thread's registers are contiguous, the 128 threads kDRegisters * 4 bytes
    // apart, so a warp's word-by-word stores touched 32 sectors for 128 bytes; a 16-byte store
    // carries 512. Aligned: `out` is cudaMalloc'd, out_offset a multiple of 4 words and
    // kDRegisters even (pack_hopper; tests/unit/test_probe_families.cpp).
    if constexpr (Op::kDRegisters % 4 == 0) {
      uint4* o4 = reinterpret_cast<uint4*>(o);
#pragma unroll
      for (int r = 0; r < Op::kDRegisters; r += 4)
        o4[r / 4] = make_uint4(word(d[r]), word(d[r + 1]), word(d[r + 2]), word(d[r + 3]));
    } else if constexpr (Op::kDRegisters % 2 == 0) {
      uint2* o2 = reinterpret_cast<uint2*>(o);
#pragma unroll
      for (int r = 0; r < Op::kDRegisters; r += 2) o2[r / 2] = make_uint2(word(d[r]), word(d[r + 1]));
    } else {
#pragma unroll
      for (int r = 0; r < Op::kDRegisters; ++r) o[r] = word(d[r]);
    }
    __syncthreads();  // every thread's wgmma has read the image before the next job overwrites it
  }
#else
  (void)jobs;
  (void)job_count;
  (void)images;
  (void)out;
#endif
}

/// The M/N-major forms are compiled for the 16-bit entries with N = 64 or 256 only (as
/// fragviz::wgmma_mn_major_probed says), to keep the build small.
template <int Index>
constexpr bool kHasMnForms = WgmmaOp<Index>::kTransposable &&
                             (WgmmaOp<Index>::kN == 64 || WgmmaOp<Index>::kN == 256);

/// Dynamic shared memory every kernel may take without opting in (CUDA C++ Programming Guide,
/// "Shared Memory": above 48 KB needs cudaFuncAttributeMaxDynamicSharedMemorySize). The whole
/// catalogue's largest image needs 44,032 bytes, so the opt-in call, a driver call per launch, is
/// made only for a launch that needs more.
inline constexpr std::uint32_t kSmemWithoutOptIn = 48u * 1024u;

template <int Index, int Form>
cudaError_t launch_form(const WgmmaJob* jobs, int job_count, const std::uint8_t* images, std::uint32_t* out,
                        std::uint32_t smem_bytes, cudaStream_t stream) {
  auto kernel = wgmma_probe_kernel<Index, Form>;
  if (smem_bytes > kSmemWithoutOptIn) {
    const cudaError_t e = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                               static_cast<int>(smem_bytes));
    if (e != cudaSuccess) return e;
  }
  kernel<<<1, 128, smem_bytes, stream>>>(jobs, job_count, images, out);
  return cudaGetLastError();
}

template <int Index>
cudaError_t launch_entry(WgmmaForm form, const WgmmaJob* jobs, int job_count, const std::uint8_t* images,
                         std::uint32_t* out, std::uint32_t smem_bytes, cudaStream_t stream) {
  switch (form) {
    case WgmmaForm::ss:
      return launch_form<Index, 0>(jobs, job_count, images, out, smem_bytes, stream);
    case WgmmaForm::rs:
      return launch_form<Index, 3>(jobs, job_count, images, out, smem_bytes, stream);
    case WgmmaForm::ss_a_mn:
    case WgmmaForm::ss_b_mn:
      if constexpr (kHasMnForms<Index>) {
        return form == WgmmaForm::ss_a_mn
                   ? launch_form<Index, 1>(jobs, job_count, images, out, smem_bytes, stream)
                   : launch_form<Index, 2>(jobs, job_count, images, out, smem_bytes, stream);
      }
      return cudaErrorInvalidValue;
  }
  return cudaErrorInvalidValue;
}

/// Loads entry Index's kernels (every form compiled for it) now: cudaFuncGetAttributes makes lazy
/// module loading do its work here rather than at the first launch.
template <int Index>
cudaError_t preload_entry() {
  cudaFuncAttributes attr{};
  cudaError_t e = cudaFuncGetAttributes(&attr, wgmma_probe_kernel<Index, 0>);
  if (e == cudaSuccess) e = cudaFuncGetAttributes(&attr, wgmma_probe_kernel<Index, 3>);
  if constexpr (kHasMnForms<Index>) {
    if (e == cudaSuccess) e = cudaFuncGetAttributes(&attr, wgmma_probe_kernel<Index, 1>);
    if (e == cudaSuccess) e = cudaFuncGetAttributes(&attr, wgmma_probe_kernel<Index, 2>);
  }
  return e;
}

template <int Begin, int... I>
cudaError_t preload_all(std::integer_sequence<int, I...>) {
  cudaError_t result = cudaSuccess;
  (void)(((result = preload_entry<Begin + I>()) == cudaSuccess) && ...);
  return result;
}

/// Dispatches `index` in [Begin, Begin + sizeof...(I)) to its instantiation.
template <int Begin, int... I>
cudaError_t dispatch(int index, WgmmaForm form, const WgmmaJob* jobs, int job_count,
                     const std::uint8_t* images, std::uint32_t* out, std::uint32_t smem_bytes,
                     cudaStream_t stream, std::integer_sequence<int, I...>) {
  cudaError_t result = cudaErrorInvalidValue;
  (void)((index == Begin + I
              ? (result = launch_entry<Begin + I>(form, jobs, job_count, images, out, smem_bytes, stream),
                 true)
              : false) ||
         ...);
  return result;
}

template <int Begin, int... I>
const char* mnemonic_of(int index, std::integer_sequence<int, I...>) {
  const char* result = nullptr;
  (void)((index == Begin + I ? (result = WgmmaOp<Begin + I>::kMnemonic, true) : false) || ...);
  return result;
}

}  // namespace wgmma_detail

/// Part P's range of entries: [P * kWgmmaPartSize, min(kWgmmaOps, (P+1) * kWgmmaPartSize)).
template <int Part>
constexpr int kPartBegin = Part* kWgmmaPartSize;
template <int Part>
constexpr int kPartCount =
    (kWgmmaOps - kPartBegin<Part>) < kWgmmaPartSize ? (kWgmmaOps - kPartBegin<Part>) : kWgmmaPartSize;

}  // namespace fragviz::cuda

/// Defines launch_wgmma_part<P> and wgmma_part_mnemonic<P> in one part file.
#define FRAGVIZ_WGMMA_PART(P)                                                                                \
  namespace fragviz::cuda {                                                                                  \
  cudaError_t launch_wgmma_part##P(int index, WgmmaForm form, const WgmmaJob* jobs, int job_count,           \
                                   const std::uint8_t* images, std::uint32_t* out, std::uint32_t smem_bytes, \
                                   cudaStream_t stream) {                                                    \
    return wgmma_detail::dispatch<kPartBegin<P>>(index, form, jobs, job_count, images, out, smem_bytes,      \
                                                 stream, std::make_integer_sequence<int, kPartCount<P>>{});  \
  }                                                                                                          \
  cudaError_t preload_wgmma_part##P() {                                                                      \
    return wgmma_detail::preload_all<kPartBegin<P>>(std::make_integer_sequence<int, kPartCount<P>>{});       \
  }                                                                                                          \
  const char* wgmma_part_mnemonic##P(int index) {                                                            \
    return wgmma_detail::mnemonic_of<kPartBegin<P>>(index,                                                   \
                                                    std::make_integer_sequence<int, kPartCount<P>>{});       \
  }                                                                                                          \
  }
