// The sm_120a block-scale probe, host side: which byte of which lane's scale register each row of A
// and each column of B of a block-scaled mma.sync was multiplied by (fragviz/isa/block_scale.hpp).
// Pure model: no CUDA. gpu/cuda/sm120/block_scale_kernels.cu runs it (sm_120a code only);
// tests/unit/test_block_scale_probe.cpp runs the plan through a stand-in with planted faults. No
// sm_120 GPU has run it yet.
//
// .kind::mxf8f6f4 .scale_vec::1X (m16n8k32, e4m3 x e4m3, f32, ue8m0): A and B are all 1.0, C is 0.
// One pass per operand labels every byte of every lane's scale register: byte j of lane l holds
// 2^(4l + j - 64) (ue8m0 63 + 4l + j), the other operand 2^0 in every byte. So D(row, col) =
// 32 * 2^(label - 64), and the exponent of each D element names the (lane, byte) that scaled its row
// (pass A) or column (pass B). A sum of two labelled bytes shows as a value that is no power of two.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "fragviz/isa/block_scale.hpp"
#include "fragviz/probe/hopper_results.hpp"

namespace fragviz {

/// One run: the instruction (its mnemonic names it), which operand's scales carry the labels and
/// the selectors of both operands (immediates of the kernel).
struct BlockScaleProbePlan {
  const Instruction* in = nullptr;
  ScaleOperand labelled = ScaleOperand::A;
  ScaleSelector sel_a{}, sel_b{};
  std::array<std::uint32_t, 32> sfa{};  ///< scale-a-data per lane
  std::array<std::uint32_t, 32> sfb{};  ///< scale-b-data per lane
};

/// The selector pairs the kernel is built with: {byte-id, thread-id} = {0, 0} and {3, 1}, the same
/// for A and B (PTX ISA 9.2, 9.7.14.3: 1X takes byte-id 0-3; thread-id-a 0-1).
inline constexpr ScaleSelector kBlockScaleProbeSelectors[] = {{0, 0}, {3, 1}};

/// "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e4m3.f32.ue8m0":
/// the probed instruction (nullptr only if the catalogue lost it).
const Instruction* block_scale_probe_instruction();

/// The plan for labelled operand `op` under selector `sel` (both operands' selector).
BlockScaleProbePlan plan_block_scale_probe(ScaleOperand op, ScaleSelector sel);

/// "... sfa {3, 1}": the name a report gives the run.
std::string block_scale_probe_name(const BlockScaleProbePlan& plan);

/// Judges one run: `d[lane][i]`, f32 bits of D as the m16n8 C fragment holds it. One MoveCheck per
/// row (labelled A) or column (labelled B) of D and per element of it: lane = that row or column,
/// reg = the element's other index, expected = (lane, byte) from scale_factor_holder, measured = the
/// (lane, byte) its value names (none when it is no labelled power of two). kind "block-scale".
MatrixMoveProbe judge_block_scale_probe(const BlockScaleProbePlan& plan,
                                        const std::array<std::array<std::uint32_t, 4>, 32>& d);

}  // namespace fragviz
