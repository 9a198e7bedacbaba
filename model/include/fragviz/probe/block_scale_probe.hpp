// The sm_120a block-scale probe, host side: which byte of which lane's scale register each row of A
// and each column of B of a block-scaled mma.sync was multiplied by, in each k-block
// (fragviz/isa/block_scale.hpp). Pure model: no CUDA. gpu/cuda/sm120/block_scale_kernels.cu runs it
// (sm_120a code only); tests/unit/test_block_scale_probe.cpp runs the plan through a stand-in with
// planted faults. No sm_120 GPU has run it yet.
//
// Four forms (kBlockScaleProbeForms): .kind::mxf8f6f4 .scale_vec::1X (m16n8k32, e4m3), .kind::mxf4
// .scale_vec::2X and .kind::mxf4nvf4 .scale_vec::2X (m16n8k64, e2m1, ue8m0), .kind::mxf4nvf4
// .scale_vec::4X (e2m1, ue4m3). C is 0 and B is 1.0 everywhere. One pass per k-block (K / vec
// elements along K): A is 1.0 in that k-block's columns and 0 elsewhere, so D holds that k-block's
// product alone. The labelled operand's scale register carries a distinct scale in every byte, the
// other operand's 1.0 in every byte, so D(row, col) = (K / vec) * scale, and the value names the
// (lane, byte) that scaled the row (A labelled) or column (B labelled) in that k-block:
// - ue8m0: byte j of lane l is 2^(4l + j - 64) (ue8m0 63 + 4l + j);
// - ue4m3 has 126 finite non-zero codes for 128 bytes: byte j of lane l is code 1 + 4l' + j with l'
//   = (l - spare - 1) mod 32, where `spare` is the highest lane the selector does not read; its bytes
//   2 and 3 (codes 127 and 128) carry 0 instead. So every byte the mma should read has a label.
// A value that is no label (two bytes summed, an unlabelled byte) is measured as nothing.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "fragviz/isa/block_scale.hpp"
#include "fragviz/probe/hopper_results.hpp"

namespace fragviz {

/// One probed form: its mnemonic and the two selector pairs {byte-id, thread-id} its kernel is
/// built with (immediates, the same for A and B; each valid for the form: PTX ISA 9.2, 9.7.14.3,
/// the table of valid selector values).
struct BlockScaleProbeForm {
  const char* mnemonic;
  ScaleSelector selectors[2];
};

/// The probed forms, in report order. 1X reads one byte (byte-id 0-3), 2X a byte pair (0 or 2), 4X
/// all four (0 only); thread-id-a is 0 or 1, so each form's second pair takes the upper thread pair.
inline constexpr BlockScaleProbeForm kBlockScaleProbeForms[] = {
    {"mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e4m3.f32.ue8m0",
     {{0, 0}, {3, 1}}},
    {"mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0",
     {{0, 0}, {2, 1}}},
    {"mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0",
     {{0, 0}, {2, 1}}},
    {"mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3",
     {{0, 0}, {0, 1}}},
};
inline constexpr int kBlockScaleProbeFormCount =
    static_cast<int>(sizeof kBlockScaleProbeForms / sizeof kBlockScaleProbeForms[0]);

/// One launch of a probe: k-block `k_block`'s A elements are 1.0, the others 0; B is 1.0.
struct BlockScalePass {
  int k_block = 0;
  std::array<std::array<std::uint32_t, 32>, 4> a{};  ///< A register r of each lane
  std::array<std::array<std::uint32_t, 32>, 2> b{};  ///< B register r of each lane
};

/// One probe: a form, which operand's scales carry the labels, and one of the form's selector
/// pairs (both operands').
struct BlockScaleProbePlan {
  const Instruction* in = nullptr;  ///< the form's catalogue entry (nullptr only if it was lost)
  int form = 0;                     ///< index into kBlockScaleProbeForms
  int selector = 0;                 ///< 0 or 1: which of the form's selector pairs
  ScaleOperand labelled = ScaleOperand::A;
  ScaleSelector sel_a{}, sel_b{};
  std::array<std::uint32_t, 32> sfa{};  ///< scale-a-data per lane
  std::array<std::uint32_t, 32> sfb{};  ///< scale-b-data per lane
  std::vector<BlockScalePass> passes;   ///< one per k-block, in k order
};

/// The plan for form `form` (0 to kBlockScaleProbeFormCount - 1), labelled operand `op` and the
/// form's selector pair `selector` (0 or 1).
BlockScaleProbePlan plan_block_scale_probe(int form, ScaleOperand op, int selector);

/// Every probe, in report order: by form, then A before B, then selector pair.
std::vector<BlockScaleProbePlan> all_block_scale_probe_plans();

/// "<mnemonic> sfa {3, 1}": the name a report gives the probe.
std::string block_scale_probe_name(const BlockScaleProbePlan& plan);

/// One launch's output: `[lane][i]`, f32 bits of D as the m16n8 C fragment holds it.
using BlockScaleOut = std::array<std::array<std::uint32_t, 4>, 32>;

/// Judges a probe from one output per pass (a missing one counts as all zero: nothing measured).
/// One MoveCheck per pass and element of D: lane = its row (A labelled) or column (B labelled),
/// reg = its other index, half = the pass's k-block, expected = (lane, byte) from
/// scale_factor_holder, measured = the (lane, byte) its value names (none when it names none).
/// kind "block-scale".
MatrixMoveProbe judge_block_scale_probe(const BlockScaleProbePlan& plan, const std::vector<BlockScaleOut>& d);

}  // namespace fragviz
