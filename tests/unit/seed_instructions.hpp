// The seed's two instructions, mma.sync.aligned.m16n8k{8,16}.row.col.f32.f16.f16.f32, as
// catalogue entries: the tests written for them before the catalogue existed use these.
#pragma once

#include <vector>

#include "fragviz/isa/catalogue.hpp"

namespace fragviz::test {

inline const Instruction& seed8() {
  static const Instruction* in = find_instruction("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32");
  return *in;
}
inline const Instruction& seed16() {
  static const Instruction* in = find_instruction("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32");
  return *in;
}
/// Both, in order k8, k16.
inline const std::vector<Instruction>& seeds() {
  static const std::vector<Instruction> both{seed8(), seed16()};
  return both;
}

}  // namespace fragviz::test
