// The WMMA probe kernel: one template over the kind table's index (see wmma_kernels.hpp). The
// fragment type is built from the table row, so fragviz/isa/wmma_table.hpp is the one list of kinds;
// num_elements and sizeof(x) are checked against the row at compile time.
//
// crt/mma.h declares the .bf16, .tf32 and .f64 fragments only for sm_80 code (and the sub-byte
// ones from sm_73): each kind's kernel is empty in the images of an older architecture, and the
// host refuses it there (wmma_probe_available reads the running code's PTX version).
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <mma.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "fragviz/isa/wmma.hpp"
#include "fragviz/isa/wmma_table.hpp"
#include "wmma_kernels.hpp"

namespace fragviz::cuda {
namespace {

namespace wmma = nvcuda::wmma;

// [SECTION] the table's values as nvcuda::wmma types

template <WmmaUse U>
struct UseTag;
template <>
struct UseTag<WmmaUse::matrix_a> {
  using type = wmma::matrix_a;
};
template <>
struct UseTag<WmmaUse::matrix_b> {
  using type = wmma::matrix_b;
};
template <>
struct UseTag<WmmaUse::accumulator> {
  using type = wmma::accumulator;
};

template <WmmaLayout L>
struct LayoutTag {
  using type = wmma::row_major;
};
template <>
struct LayoutTag<WmmaLayout::col> {
  using type = wmma::col_major;
};

/// The fragment's T and the pointer type load_matrix_sync takes for it.
template <ElemType T>
struct TypeTag;
template <>
struct TypeTag<ElemType::f16> {
  using type = __half;
  using pointee = __half;
};
template <>
struct TypeTag<ElemType::bf16> {
  using type = __nv_bfloat16;
  using pointee = __nv_bfloat16;
};
template <>
struct TypeTag<ElemType::f32> {
  using type = float;
  using pointee = float;
};
template <>
struct TypeTag<ElemType::f64> {
  using type = double;
  using pointee = double;
};
template <>
struct TypeTag<ElemType::s8> {
  using type = signed char;
  using pointee = signed char;
};
template <>
struct TypeTag<ElemType::u8> {
  using type = unsigned char;
  using pointee = unsigned char;
};
template <>
struct TypeTag<ElemType::s32> {
  using type = int;
  using pointee = int;
};
// crt/mma.h declares these types under its __CUDA_AMPERE_MMA__ and __CUDA_SUBBYTE_IMMA__, which it
// #undefs at its end: the same conditions here.
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
template <>
struct TypeTag<ElemType::tf32> {
  using type = wmma::precision::tf32;
  using pointee = float;
};
#endif
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 730
template <>
struct TypeTag<ElemType::s4> {
  using type = wmma::experimental::precision::s4;
  using pointee = void;
};
template <>
struct TypeTag<ElemType::u4> {
  using type = wmma::experimental::precision::u4;
  using pointee = void;
};
template <>
struct TypeTag<ElemType::b1> {
  using type = wmma::experimental::precision::b1;
  using pointee = void;
};
#endif

/// `fragment<use, m, n, k, T[, layout]>` of table row I (an accumulator takes no layout).
template <int I>
struct Fragment {
  static constexpr WmmaKind kKind = kWmmaKinds[I];
  using T = typename TypeTag<kKind.type>::type;
  using type = std::conditional_t<kKind.use == WmmaUse::accumulator,
                                  wmma::fragment<wmma::accumulator, kKind.m, kKind.n, kKind.k, T>,
                                  wmma::fragment<typename UseTag<kKind.use>::type, kKind.m, kKind.n, kKind.k,
                                                 T, typename LayoutTag<kKind.layout>::type>>;
};

// [SECTION] kernel

/// Every pass: load the pass's tile, write the lane's x[] bytes untouched.
template <int I>
__device__ void probe_passes(const std::uint8_t* tiles, int passes, std::uint8_t* out) {
  constexpr WmmaKind kKind = kWmmaKinds[I];
  using Frag = typename Fragment<I>::type;
  using Pointee = typename TypeTag<kKind.type>::pointee;
  constexpr int kBytes = wmma_lane_bytes(kKind);
  static_assert(Frag::num_elements == kKind.elements, "wmma_table.hpp: elements is not mma.h's num_elements");
  static_assert(sizeof(Frag::x) == kBytes, "wmma_table.hpp: the row's bytes per lane are not sizeof(x)");
  const int lane = static_cast<int>(threadIdx.x);
#pragma unroll 1
  for (int p = 0; p < passes; ++p) {  // uniform across the warp, as load_matrix_sync requires
    Frag f;
    const auto* tile = static_cast<const Pointee*>(
        static_cast<const void*>(tiles + static_cast<std::size_t>(p) * wmma_tile_stride(kKind)));
    if constexpr (kKind.use == WmmaUse::accumulator)
      wmma::load_matrix_sync(f, tile, wmma_ldm(kKind),
                             kKind.layout == WmmaLayout::row ? wmma::mem_row_major : wmma::mem_col_major);
    else
      wmma::load_matrix_sync(f, tile, wmma_ldm(kKind));
    const auto* bytes = reinterpret_cast<const unsigned char*>(&f.x[0]);
    std::uint8_t* dst = out + (static_cast<std::size_t>(p) * 32 + static_cast<std::size_t>(lane)) * kBytes;
#pragma unroll
    for (int b = 0; b < kBytes; ++b) dst[b] = bytes[b];
  }
}

template <int I>
__global__ void __launch_bounds__(32)
    wmma_probe_kernel(const std::uint8_t* tiles, int passes, std::uint8_t* out) {
#if defined(__CUDA_ARCH__)
  if constexpr (__CUDA_ARCH__ >= kWmmaKinds[I].min_sm * 10) {
    probe_passes<I>(tiles, passes, out);
  } else {
    (void)tiles, (void)passes, (void)out;  // not in this architecture's mma.h: the host refuses it
  }
#else
  (void)tiles, (void)passes, (void)out;
#endif
}

// [SECTION] dispatch

struct Entry {
  const void* kernel;
  cudaError_t (*launch)(const std::uint8_t*, int, std::uint8_t*, cudaStream_t);
};

template <int I>
cudaError_t launch_one(const std::uint8_t* tiles, int passes, std::uint8_t* out, cudaStream_t stream) {
  wmma_probe_kernel<I><<<1, 32, 0, stream>>>(tiles, passes, out);
  return cudaGetLastError();
}

template <std::size_t... I>
std::array<Entry, sizeof...(I)> make_entries(std::index_sequence<I...>) {
  return {{Entry{reinterpret_cast<const void*>(&wmma_probe_kernel<static_cast<int>(I)>),
                 &launch_one<static_cast<int>(I)>}...}};
}

const Entry* entry(int index) {
  static const std::array<Entry, kWmmaKindCount> table =
      make_entries(std::make_index_sequence<static_cast<std::size_t>(kWmmaKindCount)>{});
  if (index < 0 || index >= kWmmaKindCount) return nullptr;
  return &table[static_cast<std::size_t>(index)];
}

}  // namespace

bool wmma_probe_available(int index, cudaError_t* error) {
  const Entry* e = entry(index);
  if (error) *error = cudaSuccess;
  if (!e) return false;
  // The code the device runs: ptxVersion is the virtual architecture it was compiled from
  // (__CUDA_ARCH__ / 10). Below the kind's min_sm its kernel is empty and would write nothing.
  cudaFuncAttributes attr{};
  const cudaError_t query = cudaFuncGetAttributes(&attr, e->kernel);
  if (query != cudaSuccess) {
    if (error) *error = query;
    return false;
  }
  return attr.ptxVersion >= kWmmaKinds[index].min_sm;
}

cudaError_t launch_wmma_probe(int index, const std::uint8_t* tiles, int passes, std::uint8_t* out,
                              cudaStream_t stream) {
  const Entry* e = entry(index);
  if (!e || passes < 0 || tiles == nullptr || out == nullptr) return cudaErrorInvalidValue;
  cudaError_t query = cudaSuccess;
  if (!wmma_probe_available(index, &query)) return query != cudaSuccess ? query : cudaErrorNotSupported;
  if (passes == 0) return cudaSuccess;
  return e->launch(tiles, passes, out, stream);
}

}  // namespace fragviz::cuda
