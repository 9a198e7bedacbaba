#include "fragviz/probe/arch_probes.hpp"

namespace fragviz {

ArchProbeSets arch_probe_sets(int cc_major, int cc_minor) {
  ArchProbeSets s;
  const bool minor0 = cc_minor == 0;
  s.hopper = cc_major == 9 && minor0;
  s.sm100a = cc_major == 10 && minor0;
  s.sm120a = cc_major == 12 && minor0;
  s.b8_moves = s.sm100a || s.sm120a;
  return s;
}

bool arch_code_runs(int min_sm, bool arch_specific, int sm) {
  return arch_specific ? sm == min_sm : sm >= min_sm;
}

std::string arch_specific_refusal(int min_sm, int sm) {
  return "needs sm_" + std::to_string(min_sm) + "a, a compute capability " + std::to_string(min_sm / 10) +
         "." + std::to_string(min_sm % 10) + " GPU (device is sm_" + std::to_string(sm) + ")";
}

}  // namespace fragviz
