// The sm_120a block-scale probe (block_scale_probe.hpp): plan and judge.
#include "fragviz/probe/block_scale_probe.hpp"

#include <cmath>
#include <cstring>

#include "fragviz/isa/fragment.hpp"

namespace fragviz {

const Instruction* block_scale_probe_instruction() {
  return find_instruction(
      "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e4m3.f32.ue8m0");
}

BlockScaleProbePlan plan_block_scale_probe(ScaleOperand op, ScaleSelector sel) {
  BlockScaleProbePlan p;
  p.in = block_scale_probe_instruction();
  p.labelled = op;
  p.sel_a = sel;
  p.sel_b = sel;
  for (int lane = 0; lane < 32; ++lane) {
    std::uint32_t labels = 0;
    for (int byte = 0; byte < 4; ++byte)
      labels |= static_cast<std::uint32_t>(63 + 4 * lane + byte) << (8 * byte);  // ue8m0: 2^(label - 64)
    p.sfa[static_cast<std::size_t>(lane)] = op == ScaleOperand::A ? labels : 0x7F7F7F7Fu;
    p.sfb[static_cast<std::size_t>(lane)] = op == ScaleOperand::B ? labels : 0x7F7F7F7Fu;
  }
  return p;
}

std::string block_scale_probe_name(const BlockScaleProbePlan& plan) {
  const ScaleSelector s = plan.labelled == ScaleOperand::A ? plan.sel_a : plan.sel_b;
  return std::string(plan.in ? plan.in->mnemonic : "") + " " + std::string(to_string(plan.labelled)) + " {" +
         std::to_string(s.byte_id) + ", " + std::to_string(s.thread_id) + "}";
}

MatrixMoveProbe judge_block_scale_probe(const BlockScaleProbePlan& plan,
                                        const std::array<std::array<std::uint32_t, 4>, 32>& d) {
  MatrixMoveProbe probe;
  probe.mnemonic = block_scale_probe_name(plan);
  probe.kind = "block-scale";
  probe.detail = "which scale byte each " + std::string(plan.labelled == ScaleOperand::A ? "row" : "column") +
                 " of D used; sm_120a, model only until run";
  if (!plan.in) {
    probe.skipped = "internal: the catalogue lacks the probed instruction";
    return probe;
  }
  const Instruction& in = *plan.in;
  const ScaleSelector sel = plan.labelled == ScaleOperand::A ? plan.sel_a : plan.sel_b;
  for (int lane = 0; lane < 32; ++lane)
    for (int i = 0; i < 4; ++i) {
      const Coord at = fragment_coord(in, Operand::C, lane, i);  // D's element (row, col)
      float v;
      const std::uint32_t bits = d[static_cast<std::size_t>(lane)][static_cast<std::size_t>(i)];
      std::memcpy(&v, &bits, sizeof v);
      // D = K * 2^(label - 64) with K = 32: the label is log2(D) - 5 + 64, exactly, for a power of two.
      int exp = 0;
      const float frac = std::frexp(v, &exp);  // v = frac * 2^exp, frac 0.5 for a power of two
      const int label = exp - 1 - 5 + 64;
      const int index = plan.labelled == ScaleOperand::A ? at.row : at.col;
      const auto holder = scale_factor_holder(in, plan.labelled, sel, index, 0);
      MoveCheck check;
      check.lane = index;
      check.reg = plan.labelled == ScaleOperand::A ? at.col : at.row;
      if (holder) check.expected = {holder->lane, holder->byte};
      if (frac == 0.5f && label >= 0 && label < 128) check.measured = Coord{label / 4, label % 4};
      probe.cells.push_back(check);
    }
  probe.ran = true;
  return probe;
}

}  // namespace fragviz
