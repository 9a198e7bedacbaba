// The tensor-core probe kernel: one template over the catalogue index, registers in, registers
// out (see mma_probe_kernels.hpp). Every instruction's PTX lives in mma_wrappers.cuh; this file
// only moves words, so the catalogue, not this file, decides which instructions exist.
#include <cuda_runtime.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/catalogue_table.hpp"
#include "fragviz/isa/fragment.hpp"
#include "fragviz/probe/arch_probes.hpp"
#include "mma_probe_kernels.hpp"
#include "mma_wrappers.cuh"

namespace fragviz::cuda {
namespace {

// [SECTION] kernel ------------------------------------------------------------------------------

/// One warp runs `passes` mma of kInstructions[Index]. For pass p, lane l reads its words of A, B
/// and C at ((p * 32 + l) * words) and writes D's the same way; nothing else is touched, so the
/// host decides every input bit and judges every output bit. The pass loop is uniform across the
/// warp, as mma.sync.aligned requires.
template <int Index>
__global__ void __launch_bounds__(kWarpSize)
    mma_probe_kernel(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* d,
                     int passes) {
  using Wrapper = MmaWrapper<Index>;
  constexpr int kA = words_per_lane(kInstructions[Index], Operand::A);
  constexpr int kB = words_per_lane(kInstructions[Index], Operand::B);
  constexpr int kC = words_per_lane(kInstructions[Index], Operand::C);
  static_assert(kA == Wrapper::kAWords && kB == Wrapper::kBWords && kC == Wrapper::kCWords,
                "the wrapper's word counts are the catalogue's");
  const int lane = static_cast<int>(threadIdx.x);
#pragma unroll 1  // one mma per iteration: small kernels, quick to compile
  for (int p = 0; p < passes; ++p) {
    const std::size_t slot = static_cast<std::size_t>(p) * kWarpSize + static_cast<std::size_t>(lane);
    std::uint32_t ra[kA], rb[kB], rc[kC], rd[kC] = {};  // rd stays 0 only where run() is empty
#pragma unroll
    for (int j = 0; j < kA; ++j) ra[j] = a[slot * kA + j];
#pragma unroll
    for (int j = 0; j < kB; ++j) rb[j] = b[slot * kB + j];
#pragma unroll
    for (int j = 0; j < kC; ++j) rc[j] = c[slot * kC + j];
    Wrapper::run(rd, ra, rb, rc);
#pragma unroll
    for (int j = 0; j < kC; ++j) d[slot * kC + j] = rd[j];
  }
}

// [SECTION] which code runs where ----------------------------------------------------------------

#if defined(__CUDA_ARCH_LIST__)
/// The virtual architectures this file is compiled for, ascending (nvcc's __CUDA_ARCH_LIST__, e.g.
/// 750,800,900 for CMake's "75-real 80-real 90").
constexpr int kArchList[] = {__CUDA_ARCH_LIST__};

/// The __CUDA_ARCH__ of the code that runs on compute capability `sm`, or 0 if none can: the
/// driver takes the image of the highest architecture of the same major version not above `sm`
/// (cubins run on later minor versions), else JIT-compiles the highest PTX not above `sm`. So an
/// sm_89 card runs the sm_80 image, in which the fp8 wrappers are empty. The list shows an sm_120a
/// image as 1200 too; it runs on 12.0 only, but no entry other than the sm_120a ones (checked apart,
/// mma_probe_available) needs more than the compute_90 PTX that a 12.1 card runs instead.
constexpr int code_arch_for(int sm) {
  int same_major = 0, any = 0;
  for (const int arch : kArchList) {
    if (arch / 10 > sm) continue;
    any = arch;
    if (arch / 100 == sm / 10) same_major = arch;
  }
  return same_major != 0 ? same_major : any;
}
#else
constexpr int code_arch_for(int sm) { return sm * 10; }  // no list (not nvcc): assume a native build
#endif

/// Whether this file is also built for sm_120a (gpu/CMakeLists.txt, FRAGVIZ_SM120_PROBES), where
/// the .kind:: wrappers hold their asm.
#if FRAGVIZ_HAVE_SM120_PROBES
constexpr bool kSm120aCode = true;
#else
constexpr bool kSm120aCode = false;
#endif

// [SECTION] dispatch ------------------------------------------------------------------------------

struct ProbeEntry {
  bool available;  ///< MmaWrapper<Index>::kAvailable: an asm exists in this build
  int min_sm;
  const void* kernel;  ///< &mma_probe_kernel<Index>, or nullptr when !available
  cudaError_t (*launch)(const std::uint32_t*, const std::uint32_t*, const std::uint32_t*, std::uint32_t*, int,
                        cudaStream_t);
};

template <int Index>
cudaError_t launch_one(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c,
                       std::uint32_t* d, int passes, cudaStream_t stream) {
  if constexpr (MmaWrapper<Index>::kAvailable) {
    mma_probe_kernel<Index><<<1, kWarpSize, 0, stream>>>(a, b, c, d, passes);
    return cudaGetLastError();
  } else {
    (void)a, (void)b, (void)c, (void)d, (void)passes, (void)stream;
    return cudaErrorNotSupported;
  }
}

template <int Index>
ProbeEntry make_entry() {
  if constexpr (MmaWrapper<Index>::kAvailable) {
    return ProbeEntry{true, kInstructions[Index].min_sm,
                      reinterpret_cast<const void*>(&mma_probe_kernel<Index>), &launch_one<Index>};
  } else {
    return ProbeEntry{false, kInstructions[Index].min_sm, nullptr, &launch_one<Index>};
  }
}

template <std::size_t... I>
std::array<ProbeEntry, sizeof...(I)> make_entries(std::index_sequence<I...>) {
  return {{make_entry<static_cast<int>(I)>()...}};
}

/// One entry per catalogue index; instantiating it instantiates every wrapper, so a catalogue
/// entry without one is a compile error here.
const std::array<ProbeEntry, kInstructionCount>& entries() {
  static const std::array<ProbeEntry, kInstructionCount> table =
      make_entries(std::make_index_sequence<static_cast<std::size_t>(kInstructionCount)>{});
  return table;
}

const ProbeEntry* entry(int index) {
  if (index < 0 || index >= kInstructionCount) return nullptr;
  return &entries()[static_cast<std::size_t>(index)];
}

}  // namespace

// [SECTION] API ------------------------------------------------------------------------------------

bool mma_probe_available(int index, int sm) {
  const ProbeEntry* e = entry(index);
  if (e == nullptr || !e->available) return false;
  // An sm_120a entry: __CUDA_ARCH_LIST__ cannot tell 1200 from 120a code (nor would an sm_120a
  // cubin run on 12.1), so the build says: -DFRAGVIZ_SM120_PROBES=ON adds sm_120a to this file.
  if (kInstructions[index].arch_specific)
    return kSm120aCode && e->min_sm == 120 && arch_code_runs(e->min_sm, true, sm);
  return sm >= e->min_sm && code_arch_for(sm) >= e->min_sm * 10;
}

cudaError_t launch_mma_probe(int index, const std::uint32_t* a, const std::uint32_t* b,
                             const std::uint32_t* c, std::uint32_t* d, int passes, cudaStream_t stream) {
  const ProbeEntry* e = entry(index);
  if (e == nullptr || passes < 0) return cudaErrorInvalidValue;
  if (!e->available) return cudaErrorNotSupported;
  // The code the current device runs: cudaFuncAttributes::ptxVersion is the virtual architecture
  // it was compiled from, __CUDA_ARCH__ / 10 (on the H200, a compute_80 PTX-only kernel reports
  // ptxVersion 80, binaryVersion 90). Below min_sm its wrapper is empty and D would be whatever
  // the buffer held, so that is refused like a missing wrapper.
  cudaFuncAttributes attr{};
  const cudaError_t query = cudaFuncGetAttributes(&attr, e->kernel);
  if (query != cudaSuccess) return query;
  if (attr.ptxVersion < e->min_sm) return cudaErrorNotSupported;
  if (passes == 0) return cudaSuccess;
  if (a == nullptr || b == nullptr || c == nullptr || d == nullptr) return cudaErrorInvalidValue;
  return e->launch(a, b, c, d, passes, stream);
}

cudaError_t preload_mma_probe_kernels() {
  cudaFuncAttributes attr{};
  for (const ProbeEntry& e : entries()) {
    if (!e.available) continue;
    const cudaError_t err = cudaFuncGetAttributes(&attr, e.kernel);
    if (err != cudaSuccess) return err;
  }
  return cudaSuccess;
}

}  // namespace fragviz::cuda
