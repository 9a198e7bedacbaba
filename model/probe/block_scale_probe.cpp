// The sm_120a block-scale probe (block_scale_probe.hpp): plan and judge.
#include "fragviz/probe/block_scale_probe.hpp"

#include <cmath>
#include <cstring>

#include "fragviz/isa/element_codec.hpp"
#include "fragviz/isa/fragment.hpp"

namespace fragviz {
namespace {

/// The highest lane whose scale register the selector does not read for `op`: a lane outside
/// the selected thread pair (A) or thread (B) of its quad.
int spare_lane(ScaleOperand op, ScaleSelector sel) {
  for (int lane = 31; lane >= 0; --lane) {
    const int in_quad = lane % 4;
    if (op == ScaleOperand::A ? in_quad / 2 != sel.thread_id : in_quad != sel.thread_id) return lane;
  }
  return 31;  // unreachable: a selector reads half the lanes (A) or a quarter (B)
}

/// The scale code byte `byte` of lane `lane` of the labelled operand carries (the header says why).
std::uint32_t label_code(ScaleType t, int spare, int lane, int byte) {
  if (t == ScaleType::ue8m0) return static_cast<std::uint32_t>(63 + 4 * lane + byte);  // 2^(4l + j - 64)
  const int code = 1 + 4 * ((lane - spare - 1 + 64) % 32) + byte;
  return code <= 126 ? static_cast<std::uint32_t>(code) : 0u;  // ue4m3 0x7F is NaN
}

/// The number a scale code stands for: ue8m0 2^(code - 127), ue4m3 the unsigned e4m3 value.
double scale_value(ScaleType t, std::uint32_t code) {
  return t == ScaleType::ue8m0 ? std::ldexp(1.0, static_cast<int>(code) - 127)
                               : element_value(ElemType::e4m3, code & 0x7F);
}

/// 1.0 in every byte of a scale register: ue8m0 0x7F, ue4m3 0x38.
std::uint32_t unit_scales(ScaleType t) { return t == ScaleType::ue8m0 ? 0x7F7F7F7Fu : 0x38383838u; }

/// Operand `op`'s registers with 1.0 in every element whose K index lies in k-block `k_block` of
/// `chunk` elements (every element for k_block -1), 0 elsewhere: the model's fragment map and
/// register slots (fragment.hpp).
template <std::size_t Regs>
std::array<std::array<std::uint32_t, 32>, Regs> ones(const Instruction& in, Operand op, int k_block,
                                                     int chunk) {
  std::array<std::array<std::uint32_t, 32>, Regs> r{};
  const ElemType type = operand_spec(in, op).type;
  const std::uint32_t one = static_cast<std::uint32_t>(encode_element(type, 1.0).value_or(0));
  for (int lane = 0; lane < 32; ++lane)
    for (int i = 0; i < elements_per_lane(in, op); ++i) {
      const Coord at = fragment_coord(in, op, lane, i);
      const int k = op == Operand::A ? at.col : at.row;
      if (k_block >= 0 && k / chunk != k_block) continue;
      const RegisterSlot s = register_slot(in, op, i);
      if (s.reg < static_cast<int>(Regs))
        r[static_cast<std::size_t>(s.reg)][static_cast<std::size_t>(lane)] |= one << s.bit;
    }
  return r;
}

}  // namespace

BlockScaleProbePlan plan_block_scale_probe(int form, ScaleOperand op, int selector) {
  BlockScaleProbePlan p;
  if (form < 0 || form >= kBlockScaleProbeFormCount || selector < 0 || selector > 1) return p;
  const BlockScaleProbeForm& f = kBlockScaleProbeForms[form];
  p.in = find_instruction(f.mnemonic);
  p.form = form;
  p.selector = selector;
  p.labelled = op;
  p.sel_a = p.sel_b = f.selectors[selector];
  if (!p.in) return p;
  const Instruction& in = *p.in;
  const ScaleType t = in.scale.type;
  const int spare = spare_lane(op, f.selectors[selector]);
  for (int lane = 0; lane < 32; ++lane) {
    std::uint32_t labels = 0;
    for (int byte = 0; byte < 4; ++byte) labels |= label_code(t, spare, lane, byte) << (8 * byte);
    p.sfa[static_cast<std::size_t>(lane)] = op == ScaleOperand::A ? labels : unit_scales(t);
    p.sfb[static_cast<std::size_t>(lane)] = op == ScaleOperand::B ? labels : unit_scales(t);
  }
  const int chunk = scale_chunk_k(in);
  for (int kb = 0; kb < in.scale.vec; ++kb) {
    BlockScalePass pass;
    pass.k_block = kb;
    pass.a = ones<4>(in, Operand::A, kb, chunk);
    pass.b = ones<2>(in, Operand::B, -1, chunk);
    p.passes.push_back(pass);
  }
  return p;
}

std::vector<BlockScaleProbePlan> all_block_scale_probe_plans() {
  std::vector<BlockScaleProbePlan> plans;
  for (int form = 0; form < kBlockScaleProbeFormCount; ++form)
    for (ScaleOperand op : {ScaleOperand::A, ScaleOperand::B})
      for (int selector = 0; selector < 2; ++selector)
        plans.push_back(plan_block_scale_probe(form, op, selector));
  return plans;
}

std::string block_scale_probe_name(const BlockScaleProbePlan& plan) {
  const ScaleSelector s = plan.labelled == ScaleOperand::A ? plan.sel_a : plan.sel_b;
  const char* mnemonic = plan.form >= 0 && plan.form < kBlockScaleProbeFormCount
                             ? kBlockScaleProbeForms[plan.form].mnemonic
                             : "";
  return std::string(mnemonic) + " " + std::string(to_string(plan.labelled)) + " {" +
         std::to_string(s.byte_id) + ", " + std::to_string(s.thread_id) + "}";
}

MatrixMoveProbe judge_block_scale_probe(const BlockScaleProbePlan& plan,
                                        const std::vector<BlockScaleOut>& d) {
  MatrixMoveProbe probe;
  probe.mnemonic = block_scale_probe_name(plan);
  probe.kind = "block-scale";
  const std::string what = plan.labelled == ScaleOperand::A ? "row" : "column";
  const int vec = plan.in ? plan.in->scale.vec : 0;
  probe.detail = vec > 1 ? "which scale byte each " + what + " of D used in each of its " +
                               std::to_string(vec) + " k-blocks; sm_120a, model only until run"
                         : "which scale byte each " + what + " of D used; sm_120a, model only until run";
  if (!plan.in) {
    probe.skipped = "internal: the catalogue lacks the probed instruction";
    return probe;
  }
  const Instruction& in = *plan.in;
  const ScaleSelector sel = plan.labelled == ScaleOperand::A ? plan.sel_a : plan.sel_b;
  const std::array<std::uint32_t, 32>& labels = plan.labelled == ScaleOperand::A ? plan.sfa : plan.sfb;
  const double chunk = scale_chunk_k(in);
  for (std::size_t pass = 0; pass < plan.passes.size(); ++pass) {
    const int kb = plan.passes[pass].k_block;
    for (int lane = 0; lane < 32; ++lane)
      for (int i = 0; i < 4; ++i) {
        const Coord at = fragment_coord(in, Operand::C, lane, i);  // D's element (row, col)
        float v = 0;
        if (pass < d.size()) {
          const std::uint32_t bits = d[pass][static_cast<std::size_t>(lane)][static_cast<std::size_t>(i)];
          std::memcpy(&v, &bits, sizeof v);
        }
        const int index = plan.labelled == ScaleOperand::A ? at.row : at.col;
        MoveCheck check;
        check.lane = index;
        check.reg = plan.labelled == ScaleOperand::A ? at.col : at.row;
        check.half = kb;
        if (const auto holder = scale_factor_holder(in, plan.labelled, sel, index, kb))
          check.expected = {holder->lane, holder->byte};
        // D = chunk * scale exactly (every product is 1.0 * 1.0 * scale * 1.0): the byte whose label it is.
        for (int l = 0; l < 32 && !check.measured; ++l)
          for (int byte = 0; byte < 4; ++byte) {
            const std::uint32_t code = (labels[static_cast<std::size_t>(l)] >> (8 * byte)) & 0xFF;
            if (code != 0 && static_cast<double>(v) == chunk * scale_value(in.scale.type, code)) {
              check.measured = Coord{l, byte};
              break;
            }
          }
        probe.cells.push_back(check);
      }
  }
  probe.ran = true;
  return probe;
}

}  // namespace fragviz
