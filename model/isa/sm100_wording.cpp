#include "fragviz/isa/sm100_wording.hpp"

namespace fragviz {

const char* sm100_model_only_line() {
  return "model only: PTX ISA 9.1 and CuTe 4.2 agree; not yet run on a GPU (tests/cute/test_cute_sm100.cpp)";
}

std::string umma_accumulator_status(TmemDataPath p) {
  if (p == TmemDataPath::C)
    return "model only: PTX ISA 9.1 gives Layout C; CuTe 4.2 disagrees (its sparse 2SM M=128 atom lays D out "
           "as Layout B); not yet run on a GPU (docs/guide/blackwell.md)";
  return "model only: PTX ISA 9.1 and CuTe 4.2 agree; not yet run on a GPU "
         "(tests/cute/cute_sm100_accumulator.cpp)";
}

const char* tmem_16x256b_relation() {
  return "each repetition's r0-r3 are the mma.sync m16n8 accumulator fragment c0-c3 "
         "(row = lane - taddr lane, column = TMEM column - taddr column)";
}

const char* umma_accumulator_relation() {
  return "the relation: warp w's tcgen05.ld.16x256b at a run's first lane gives thread t, per 8 columns, "
         "r0 r1 = D(row0 + t/4, col0 + 2*(t%4) +0/+1) and r2 r3 eight rows down: exactly the mma.sync "
         "m16n8 C fragment c0-c3, which is why it pairs with stmatrix";
}

}  // namespace fragviz
