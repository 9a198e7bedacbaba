#include "fragviz/viewmodel/fragments_header.hpp"

#include "fragviz/isa/fragment.hpp"

namespace fragviz::app {

std::vector<std::string> fragments_header_lines(const Instruction& in) {
  const auto per_lane = [&](const char* name, Operand op) {
    return std::string(name) + " " + std::to_string(elements_per_lane(in, op)) + " x ." +
           std::string(to_string(operand_spec(in, op).type));
  };
  return {in.op == MmaOp::xor_popc   ? "D = popc(A XOR B) + C, summed over k"
          : in.op == MmaOp::and_popc ? "D = popc(A AND B) + C, summed over k"
                                     : "D = A x B + C   (C and D share one layout)",
          "groupID = lane >> 2, threadID_in_group = lane % 4",
          "per lane: " + per_lane("A", Operand::A) + ", " + per_lane("B", Operand::B) + ", " +
              per_lane("C/D", Operand::C)};
}

std::string fragments_model_status(const Instruction& in) {
  const std::string status = model_status(in);
  const std::string prefix = "model only: ";
  if (status.rfind(prefix, 0) != 0) return status;
  return "model only (needs sm_" + std::to_string(in.min_sm) + (in.arch_specific ? "a" : "") +
         "): " + status.substr(prefix.size());
}

}  // namespace fragviz::app
