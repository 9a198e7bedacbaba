#include "fragviz/isa/block_scale.hpp"

#include "fragviz/isa/fragment.hpp"

namespace fragviz {

std::string_view to_string(ScaleOperand op) { return op == ScaleOperand::A ? "sfa" : "sfb"; }

std::optional<ScaleOperand> parse_scale_operand(std::string_view t) {
  if (t == "sfa" || t == "SFA" || t == "scale_a") return ScaleOperand::A;
  if (t == "sfb" || t == "SFB" || t == "scale_b") return ScaleOperand::B;
  return std::nullopt;
}

int scale_chunk_k(const Instruction& in) { return in.scale.vec > 0 ? in.k / in.scale.vec : 0; }

std::string scale_selector_problem(const Instruction& in, ScaleOperand op, ScaleSelector sel) {
  const int vec = in.scale.vec;
  if (vec == 0) return std::string(in.mnemonic) + " has no block scaling (no scale operands)";
  const bool byte_ok = vec == 1   ? sel.byte_id >= 0 && sel.byte_id <= 3
                       : vec == 2 ? sel.byte_id == 0 || sel.byte_id == 2
                                  : sel.byte_id == 0;
  if (!byte_ok)
    return "byte-id " + std::to_string(sel.byte_id) + " is not valid for .scale_vec::" + std::to_string(vec) +
           "X (" +
           (vec == 1   ? "0-3"
            : vec == 2 ? "0 or 2"
                       : "0 only") +
           ")";
  const int threads = op == ScaleOperand::A ? 2 : 4;  // a thread pair of the quad (A), one thread (B)
  if (sel.thread_id < 0 || sel.thread_id >= threads)
    return std::string("thread-id-") + (op == ScaleOperand::A ? "a" : "b") + " " +
           std::to_string(sel.thread_id) + " is not valid (" + (op == ScaleOperand::A ? "0 or 1" : "0-3") +
           ")";
  return {};
}

std::optional<ScaleCell> scale_factor_cell(const Instruction& in, ScaleOperand op, ScaleSelector sel,
                                           int lane, int byte) {
  if (!scale_selector_problem(in, op, sel).empty() || lane < 0 || lane >= kWarpSize || byte < 0 || byte > 3)
    return std::nullopt;
  const int group = lane / 4, in_quad = lane % 4;  // groupID, threadID_in_group
  const int k_block = byte - sel.byte_id;          // 1X: one byte; 2X: a pair; 4X: all four
  if (k_block < 0 || k_block >= in.scale.vec) return std::nullopt;
  if (op == ScaleOperand::A) {
    if (in_quad / 2 != sel.thread_id) return std::nullopt;  // not the selected thread pair
    return ScaleCell{group + (in.m / 2) * (in_quad % 2), k_block};
  }
  if (in_quad != sel.thread_id) return std::nullopt;
  return ScaleCell{group, k_block};
}

std::optional<ScaleHolder> scale_factor_holder(const Instruction& in, ScaleOperand op, ScaleSelector sel,
                                               int index, int k_block) {
  if (!scale_selector_problem(in, op, sel).empty() || k_block < 0 || k_block >= in.scale.vec)
    return std::nullopt;
  const int rows = op == ScaleOperand::A ? in.m : in.n;
  if (index < 0 || index >= rows) return std::nullopt;
  const int lane =
      op == ScaleOperand::A ? 4 * (index % 8) + 2 * sel.thread_id + index / 8 : 4 * index + sel.thread_id;
  return ScaleHolder{lane, sel.byte_id + k_block};
}

}  // namespace fragviz
