// Which arch-specific probe families a device runs, decided here once for the runner (gpu/cuda:
// probes.cpp, blackwell_run.cpp, mma_probe_kernels.cu) and the packers (mma_pack.cpp,
// hopper_pack.cpp). Code built for an "a" target (sm_90a, sm_100a, sm_120a) runs only on a GPU of
// exactly that compute capability: its features are neither forward- nor backward-compatible (CUDA
// C++ Programming Guide, "Feature Availability"), so sm_120a code does not run on a 12.1 GPU, nor
// sm_100a code on 10.3. Whether this build holds the code is the runner's half (its CMake options).
#pragma once

#include <string>

namespace fragviz {

/// What a device of one compute capability runs of the arch-specific probe families.
struct ArchProbeSets {
  bool hopper = false;  ///< sm_90a (cc 9.0): wgmma and the Hopper probes that need it
  bool sm100a = false;  ///< sm_100a (cc 10.0): tcgen05.ld/st forms, tcgen05.mma accumulators
  /// sm_120a (cc 12.0): the .kind::f8f6f4 / block-scaled mma.sync entries and the block-scale probes
  bool sm120a = false;
  /// The 8-bit ldmatrix / stmatrix forms: sm_100a or sm_120a code (PTX ISA 9.0 names sm_100a,
  /// sm_101a and sm_120a), so cc 10.0 or 12.0.
  bool b8_moves = false;
  friend bool operator==(const ArchProbeSets& a, const ArchProbeSets& b) {
    return a.hopper == b.hopper && a.sm100a == b.sm100a && a.sm120a == b.sm120a && a.b8_moves == b.b8_moves;
  }
};

/// The families a device of compute capability cc_major.cc_minor runs (given the code is built).
ArchProbeSets arch_probe_sets(int cc_major, int cc_minor);

/// Whether a device of compute capability `sm` (major * 10 + minor) runs code for a catalogue entry
/// needing `min_sm`: sm >= min_sm, or exactly min_sm for an arch-specific (sm_XXa) entry.
bool arch_code_runs(int min_sm, bool arch_specific, int sm);

/// "needs sm_120a, a compute capability 12.0 GPU (device is sm_121)": why an arch-specific entry
/// needing `min_sm` does not run on `sm`.
std::string arch_specific_refusal(int min_sm, int sm);

}  // namespace fragviz
