// The relation kernels (see relation_kernels.hpp): K split and accumulator as A. The pairs are
// found at compile time over kInstructions (is_k_split_candidate; kReusePairs), each a template
// instance dispatched like the probe kernel (mma_probe_kernels.cu). Every mma is issued through
// its wrapper in mma_wrappers.cuh, whose asm exists only where __CUDA_ARCH__ >= min_sm * 10; the
// conversions below are guarded the same way where PTX needs it. Compiles for sm_75 alone.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <cuda_runtime.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/catalogue_table.hpp"
#include "fragviz/isa/fragment.hpp"
#include "fragviz/probe/relations.hpp"
#include "mma_probe_kernels.hpp"
#include "mma_wrappers.cuh"
#include "relation_kernels.hpp"

namespace fragviz::cuda {
namespace {

// [SECTION] the pairs, found at compile time -------------------------------------------------------

struct IndexPair {
  int first = -1;
  int second = -1;
};

/// Up to one K-split pair per catalogue entry, plus their count.
struct PairList {
  IndexPair pairs[kInstructionCount]{};
  int count = 0;
};

constexpr PairList find_k_split_pairs() {
  PairList out{};
  for (int w = 0; w < kInstructionCount; ++w)
    for (int h = 0; h < kInstructionCount; ++h)
      if (is_k_split_candidate(kInstructions[w], kInstructions[h]) && out.count < kInstructionCount)
        out.pairs[out.count++] = IndexPair{w, h};
  return out;
}
constexpr PairList kKSplitPairs = find_k_split_pairs();

constexpr IndexPair reuse_pair(int i) {
  return IndexPair{instruction_index(kReusePairs[i].producer), instruction_index(kReusePairs[i].consumer)};
}

// [SECTION] K split kernel -------------------------------------------------------------------------

/// One warp: D_whole = W(a, b, c); the halves' registers are W's words moved by `map` (every
/// index below is a compile-time constant, so the words stay in registers); D_split = H(a_hi,
/// b_hi, H(a_lo, b_lo, c)). The instruction sequence is uniform across the warp.
template <int W, int H>
__global__ void __launch_bounds__(kWarpSize)
    k_split_kernel(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c, KSplitWordMap map,
                   std::uint32_t* d_whole, std::uint32_t* d_split) {
  constexpr int kAW = words_per_lane(kInstructions[W], Operand::A);
  constexpr int kBW = words_per_lane(kInstructions[W], Operand::B);
  constexpr int kC = words_per_lane(kInstructions[W], Operand::C);
  constexpr int kAH = words_per_lane(kInstructions[H], Operand::A);
  constexpr int kBH = words_per_lane(kInstructions[H], Operand::B);
  static_assert(kAW == 2 * kAH && kBW == 2 * kBH, "two halves hold the whole's A and B words");
  static_assert(kC == words_per_lane(kInstructions[H], Operand::C), "the halves accumulate into W's C/D");
  static_assert(kAW <= kMaxSplitAWords && kBW <= kMaxSplitBWords, "KSplitWordMap holds every word");
  const int lane = static_cast<int>(threadIdx.x);
  std::uint32_t ra[kAW], rb[kBW], rc[kC], dw[kC] = {}, d0[kC] = {}, d1[kC] = {};
#pragma unroll
  for (int j = 0; j < kAW; ++j) ra[j] = a[lane * kAW + j];
#pragma unroll
  for (int j = 0; j < kBW; ++j) rb[j] = b[lane * kBW + j];
#pragma unroll
  for (int j = 0; j < kC; ++j) rc[j] = c[lane * kC + j];
  MmaWrapper<W>::run(dw, ra, rb, rc);

  std::uint32_t ha[2][kAH] = {}, hb[2][kBH] = {};
#pragma unroll
  for (int w = 0; w < kAW; ++w)
#pragma unroll
    for (int h = 0; h < 2; ++h)
#pragma unroll
      for (int j = 0; j < kAH; ++j)
        if (map.a_half[w] == h && map.a_word[w] == j) ha[h][j] = ra[w];
#pragma unroll
  for (int w = 0; w < kBW; ++w)
#pragma unroll
    for (int h = 0; h < 2; ++h)
#pragma unroll
      for (int j = 0; j < kBH; ++j)
        if (map.b_half[w] == h && map.b_word[w] == j) hb[h][j] = rb[w];
  MmaWrapper<H>::run(d0, ha[0], hb[0], rc);
  MmaWrapper<H>::run(d1, ha[1], hb[1], d0);
#pragma unroll
  for (int j = 0; j < kC; ++j) {
    d_whole[lane * kC + j] = dw[j];
    d_split[lane * kC + j] = d1[j];
  }
}

// [SECTION] conversions of the accumulator-as-A repack ------------------------------------------------

template <ElemType>
constexpr bool kNoConversion = false;

/// cvt.rna.tf32.f32 (PTX ISA, "Data Movement and Conversion Instructions: cvt"; sm_80). Below
/// sm_80 no tf32 mma exists and the host refuses the launch; the fallback only keeps the code
/// compiling (it truncates).
__device__ __forceinline__ std::uint32_t to_tf32(float x) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  std::uint32_t out;
  asm("cvt.rna.tf32.f32 %0, %1;\n" : "=r"(out) : "f"(x));
  return out;
#else
  return __float_as_uint(x) & 0xFFFFE000u;
#endif
}

/// cvt.pack.sat.{s8,u8}.s32.b32 d, a, b, c: d = c << 16 | sat(a) << 8 | sat(b) (PTX ISA,
/// "Data Movement and Conversion Instructions: cvt.pack"; sm_72). Elements low to high: v0..v3.
template <bool kSigned>
__device__ __forceinline__ std::uint32_t pack_sat_8bit(const std::uint32_t* v) {
  std::uint32_t lo, out;
  if constexpr (kSigned) {
    asm("cvt.pack.sat.s8.s32.b32 %0, %1, %2, 0;\n" : "=r"(lo) : "r"(v[3]), "r"(v[2]));
    asm("cvt.pack.sat.s8.s32.b32 %0, %1, %2, %3;\n" : "=r"(out) : "r"(v[1]), "r"(v[0]), "r"(lo));
  } else {
    asm("cvt.pack.sat.u8.s32.b32 %0, %1, %2, 0;\n" : "=r"(lo) : "r"(v[3]), "r"(v[2]));
    asm("cvt.pack.sat.u8.s32.b32 %0, %1, %2, %3;\n" : "=r"(out) : "r"(v[1]), "r"(v[0]), "r"(lo));
  }
  return out;
}

/// One register of the consumer's A from elements_per_register(To) accumulators `v` (raw bits:
/// .f32 and .s32 whole words, .f16 in the low 16 bits), lowest-numbered element in the least
/// significant bits, as the catalogue packs every operand.
template <ElemType From, ElemType To>
__device__ __forceinline__ std::uint32_t pack_register(const std::uint32_t* v) {
  if constexpr (From == ElemType::f32 && To == ElemType::f16) {
    const __half2 h = __floats2half2_rn(__uint_as_float(v[0]), __uint_as_float(v[1]));  // .x: low half
    return *reinterpret_cast<const std::uint32_t*>(&h);
  } else if constexpr (From == ElemType::f32 && To == ElemType::bf16) {
    const __nv_bfloat162 h = __floats2bfloat162_rn(__uint_as_float(v[0]), __uint_as_float(v[1]));
    return *reinterpret_cast<const std::uint32_t*>(&h);
  } else if constexpr (From == ElemType::f32 && To == ElemType::tf32) {
    return to_tf32(__uint_as_float(v[0]));
  } else if constexpr (From == ElemType::f32 && (To == ElemType::e4m3 || To == ElemType::e5m2)) {
    // cvt.rn.satfinite.{e4m3,e5m2}x2.f32 on sm_89+, emulated below; float2 .x lands in the low byte.
    constexpr __nv_fp8_interpretation_t kKind = To == ElemType::e4m3 ? __NV_E4M3 : __NV_E5M2;
    const std::uint32_t lo = __nv_cvt_float2_to_fp8x2(
        make_float2(__uint_as_float(v[0]), __uint_as_float(v[1])), __NV_SATFINITE, kKind);
    const std::uint32_t hi = __nv_cvt_float2_to_fp8x2(
        make_float2(__uint_as_float(v[2]), __uint_as_float(v[3])), __NV_SATFINITE, kKind);
    return (lo & 0xFFFFu) | (hi << 16);
  } else if constexpr (From == ElemType::s32 && (To == ElemType::s8 || To == ElemType::u8)) {
    return pack_sat_8bit<To == ElemType::s8>(v);
  } else if constexpr (From == ElemType::f16 && To == ElemType::f16) {
    return (v[0] & 0xFFFFu) | (v[1] << 16);  // the accumulator's own halves, in order
  } else {
    static_assert(kNoConversion<To>, "reuse_conversion_supported() lists every conversion here");
    return 0;
  }
}

/// Raw bits of accumulator element `e` of a C/D register array whose elements are `kBits` wide
/// (32: the word; 16: a half of it), by the catalogue's packing: element e in register
/// e * kBits / 32, at bit (e * kBits) % 32.
template <int kBits, int N>
__device__ __forceinline__ std::uint32_t accumulator_bits(const std::uint32_t (&words)[N], int e) {
  static_assert(kBits == 32 || kBits == 16, "f32, s32 or f16 accumulators");
  if constexpr (kBits == 32) {
    return words[e];
  } else {
    return (words[e / 2] >> ((e % 2) * 16)) & 0xFFFFu;
  }
}

// [SECTION] accumulator-as-A kernel ------------------------------------------------------------------

/// One warp: the producer P for each of its n-tiles, the consumer's A packed naively and by the
/// shuffle plan, then every consumer pass on both. Everything the warp does is uniform; the plan
/// only chooses which lane each shuffle reads and which candidate a lane keeps.
template <int P, int Q>
__global__ void __launch_bounds__(kWarpSize) reuse_kernel(ReuseBuffers buf) {
  constexpr ElemType kFrom = kInstructions[P].c.type, kTo = kInstructions[Q].a.type;
  constexpr int kTiles = kInstructions[Q].k / kInstructions[P].n;
  constexpr int kE = elements_per_lane(kInstructions[P], Operand::C);
  constexpr int kEA = elements_per_lane(kInstructions[Q], Operand::A);
  constexpr int kBits = element_bits(kFrom);
  constexpr int kPer = elements_per_register(kTo);
  constexpr int kPA = words_per_lane(kInstructions[P], Operand::A);
  constexpr int kPB = words_per_lane(kInstructions[P], Operand::B);
  constexpr int kPC = words_per_lane(kInstructions[P], Operand::C);
  constexpr int kQA = words_per_lane(kInstructions[Q], Operand::A);
  constexpr int kQB = words_per_lane(kInstructions[Q], Operand::B);
  constexpr int kQC = words_per_lane(kInstructions[Q], Operand::C);
  static_assert(kInstructions[Q].k % kInstructions[P].n == 0 && kEA == kTiles * kE,
                "the consumer's A is the producer's tiles side by side");
  static_assert(kQA * kPer == kEA, "every A register is full");
  const int lane = static_cast<int>(threadIdx.x);

  // The producer, once per n-tile.
  std::uint32_t acc[kTiles][kPC];
#pragma unroll
  for (int t = 0; t < kTiles; ++t) {
    std::uint32_t ra[kPA], rb[kPB], rc[kPC];
#pragma unroll
    for (int j = 0; j < kPA; ++j) ra[j] = buf.pa[(t * kWarpSize + lane) * kPA + j];
#pragma unroll
    for (int j = 0; j < kPB; ++j) rb[j] = buf.pb[(t * kWarpSize + lane) * kPB + j];
#pragma unroll
    for (int j = 0; j < kPC; ++j) {
      rc[j] = buf.pc[(t * kWarpSize + lane) * kPC + j];
      acc[t][j] = 0;
    }
    MmaWrapper<P>::run(acc[t], ra, rb, rc);
  }
  // The lane's accumulators in order: tile-major, element within the tile second. Element i of
  // this list is what the naive repack puts in A element i.
  std::uint32_t own[kEA];
#pragma unroll
  for (int i = 0; i < kEA; ++i) own[i] = accumulator_bits<kBits>(acc[i / kE], i % kE);

  // The shuffle repack: A element i of this lane is candidate src_slot of lane src_lane. Each
  // candidate is shuffled from the planned lane and kept where it is the planned one.
  std::uint32_t moved[kEA];
#pragma unroll
  for (int i = 0; i < kEA; ++i) {
    const int from_lane = buf.src_lane[lane * kEA + i], from_slot = buf.src_slot[lane * kEA + i];
    std::uint32_t v = 0;
#pragma unroll
    for (int s = 0; s < kEA; ++s) {
      const std::uint32_t x = __shfl_sync(0xFFFFFFFFu, own[s], from_lane);
      if (s == from_slot) v = x;
    }
    moved[i] = v;
  }

  std::uint32_t a_naive[kQA], a_right[kQA];
#pragma unroll
  for (int r = 0; r < kQA; ++r) {
    a_naive[r] = pack_register<kFrom, kTo>(&own[r * kPer]);
    a_right[r] = pack_register<kFrom, kTo>(&moved[r * kPer]);
  }

#pragma unroll 1
  for (int p = 0; p < buf.passes; ++p) {
    std::uint32_t rb[kQB], rc[kQC], dn[kQC] = {}, dr[kQC] = {};
#pragma unroll
    for (int j = 0; j < kQB; ++j) rb[j] = buf.qb[(p * kWarpSize + lane) * kQB + j];
#pragma unroll
    for (int j = 0; j < kQC; ++j) rc[j] = buf.qc[(p * kWarpSize + lane) * kQC + j];
    MmaWrapper<Q>::run(dn, a_naive, rb, rc);
    MmaWrapper<Q>::run(dr, a_right, rb, rc);
#pragma unroll
    for (int j = 0; j < kQC; ++j) {
      buf.d_naive[(p * kWarpSize + lane) * kQC + j] = dn[j];
      buf.d_right[(p * kWarpSize + lane) * kQC + j] = dr[j];
    }
  }
}

// [SECTION] dispatch ------------------------------------------------------------------------------

struct KSplitEntry {
  int whole = -1, half = -1;
  bool available = false;  ///< both wrappers have asm in this build
  const void* kernel = nullptr;
  cudaError_t (*launch)(const KSplitWordMap&, const std::uint32_t*, const std::uint32_t*,
                        const std::uint32_t*, std::uint32_t*, std::uint32_t*, cudaStream_t) = nullptr;
};

template <int W, int H>
cudaError_t launch_k_split_one(const KSplitWordMap& map, const std::uint32_t* a, const std::uint32_t* b,
                               const std::uint32_t* c, std::uint32_t* d_whole, std::uint32_t* d_split,
                               cudaStream_t stream) {
  k_split_kernel<W, H><<<1, kWarpSize, 0, stream>>>(a, b, c, map, d_whole, d_split);
  return cudaGetLastError();
}

template <std::size_t I>
KSplitEntry make_k_split_entry() {
  constexpr int W = kKSplitPairs.pairs[I].first, H = kKSplitPairs.pairs[I].second;
  if constexpr (MmaWrapper<W>::kAvailable && MmaWrapper<H>::kAvailable) {
    return KSplitEntry{W, H, true, reinterpret_cast<const void*>(&k_split_kernel<W, H>),
                       &launch_k_split_one<W, H>};
  } else {
    return KSplitEntry{W, H, false, nullptr, nullptr};
  }
}

template <std::size_t... I>
std::array<KSplitEntry, sizeof...(I)> make_k_split_entries(std::index_sequence<I...>) {
  return {{make_k_split_entry<I>()...}};
}

const std::array<KSplitEntry, static_cast<std::size_t>(kKSplitPairs.count)>& k_split_entries() {
  static const auto table =
      make_k_split_entries(std::make_index_sequence<static_cast<std::size_t>(kKSplitPairs.count)>{});
  return table;
}

const KSplitEntry* find_k_split(int whole, int half) {
  for (const KSplitEntry& e : k_split_entries())
    if (e.whole == whole && e.half == half) return &e;
  return nullptr;
}

struct ReuseEntry {
  int producer = -1, consumer = -1;
  bool available = false;
  const void* kernel = nullptr;
  cudaError_t (*launch)(const ReuseBuffers&, cudaStream_t) = nullptr;
};

template <int P, int Q>
cudaError_t launch_reuse_one(const ReuseBuffers& buf, cudaStream_t stream) {
  reuse_kernel<P, Q><<<1, kWarpSize, 0, stream>>>(buf);
  return cudaGetLastError();
}

template <std::size_t I>
ReuseEntry make_reuse_entry() {
  constexpr IndexPair kPair = reuse_pair(static_cast<int>(I));
  static_assert(kPair.first >= 0 && kPair.second >= 0, "every kReusePairs mnemonic is in the catalogue");
  constexpr int P = kPair.first, Q = kPair.second;
  if constexpr (MmaWrapper<P>::kAvailable && MmaWrapper<Q>::kAvailable) {
    return ReuseEntry{P, Q, true, reinterpret_cast<const void*>(&reuse_kernel<P, Q>),
                      &launch_reuse_one<P, Q>};
  } else {
    return ReuseEntry{P, Q, false, nullptr, nullptr};
  }
}

template <std::size_t... I>
std::array<ReuseEntry, sizeof...(I)> make_reuse_entries(std::index_sequence<I...>) {
  return {{make_reuse_entry<I>()...}};
}

const std::array<ReuseEntry, static_cast<std::size_t>(kReusePairCount)>& reuse_entries() {
  static const auto table =
      make_reuse_entries(std::make_index_sequence<static_cast<std::size_t>(kReusePairCount)>{});
  return table;
}

const ReuseEntry* find_reuse(int producer, int consumer) {
  for (const ReuseEntry& e : reuse_entries())
    if (e.producer == producer && e.consumer == consumer) return &e;
  return nullptr;
}

/// Refuses a kernel whose image on the current device was compiled below `min_sm` (its wrappers
/// would be empty): cudaFuncAttributes::ptxVersion is the virtual architecture / 10, as in
/// launch_mma_probe.
cudaError_t check_image(const void* kernel, int min_sm) {
  cudaFuncAttributes attr{};
  const cudaError_t query = cudaFuncGetAttributes(&attr, kernel);
  if (query != cudaSuccess) return query;
  return attr.ptxVersion < min_sm ? cudaErrorNotSupported : cudaSuccess;
}

int max_min_sm(int x, int y) {
  return kInstructions[x].min_sm > kInstructions[y].min_sm ? kInstructions[x].min_sm
                                                           : kInstructions[y].min_sm;
}

}  // namespace

// [SECTION] API --------------------------------------------------------------------------------------

bool k_split_available(int whole, int half, int sm) {
  const KSplitEntry* e = find_k_split(whole, half);
  return e != nullptr && e->available && mma_probe_available(whole, sm) && mma_probe_available(half, sm);
}

cudaError_t launch_k_split(int whole, int half, const KSplitWordMap& map, const std::uint32_t* a,
                           const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* d_whole,
                           std::uint32_t* d_split, cudaStream_t stream) {
  const KSplitEntry* e = find_k_split(whole, half);
  if (e == nullptr) return cudaErrorInvalidValue;
  if (!e->available) return cudaErrorNotSupported;
  if (a == nullptr || b == nullptr || c == nullptr || d_whole == nullptr || d_split == nullptr)
    return cudaErrorInvalidValue;
  const cudaError_t image = check_image(e->kernel, max_min_sm(whole, half));
  if (image != cudaSuccess) return image;
  return e->launch(map, a, b, c, d_whole, d_split, stream);
}

bool reuse_available(int producer, int consumer, int sm) {
  const ReuseEntry* e = find_reuse(producer, consumer);
  return e != nullptr && e->available && mma_probe_available(producer, sm) &&
         mma_probe_available(consumer, sm);
}

cudaError_t launch_reuse(int producer, int consumer, const ReuseBuffers& buffers, cudaStream_t stream) {
  const ReuseEntry* e = find_reuse(producer, consumer);
  if (e == nullptr || buffers.passes < 0) return cudaErrorInvalidValue;
  if (!e->available) return cudaErrorNotSupported;
  if (!buffers.pa || !buffers.pb || !buffers.pc || !buffers.qb || !buffers.qc || !buffers.src_lane ||
      !buffers.src_slot || !buffers.d_naive || !buffers.d_right)
    return cudaErrorInvalidValue;
  const cudaError_t image = check_image(e->kernel, max_min_sm(producer, consumer));
  if (image != cudaSuccess) return image;
  return e->launch(buffers, stream);
}

cudaError_t preload_relation_kernels() {
  cudaFuncAttributes attr{};
  for (const KSplitEntry& e : k_split_entries()) {
    if (!e.available) continue;
    const cudaError_t err = cudaFuncGetAttributes(&attr, e.kernel);
    if (err != cudaSuccess) return err;
  }
  for (const ReuseEntry& e : reuse_entries()) {
    if (!e.available) continue;
    const cudaError_t err = cudaFuncGetAttributes(&attr, e.kernel);
    if (err != cudaSuccess) return err;
  }
  return cudaSuccess;
}

}  // namespace fragviz::cuda
