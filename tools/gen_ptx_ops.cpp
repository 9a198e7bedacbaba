// Writes the committed PTX wrapper headers from the model's instruction catalogues, so the
// kernels issue exactly the instructions the catalogues list and no operand list is typed by hand:
//
//   gen_ptx_ops mma   > gpu/cuda/mma_wrappers.cuh        (mma.sync, catalogue_table.hpp)
//   gen_ptx_ops wgmma > gpu/cuda/hopper/wgmma_ops.cuh    (wgmma, fragviz/isa/wgmma.hpp)
//
// Both outputs are committed (the device build needs no generator); the tests
// build.mma_wrappers_current and build.wgmma_ops_current regenerate them and fail on any
// difference (tools/CMakeLists.txt).
#include "gen_ptx_ops.hpp"

#include <cstdio>
#include <cstring>

int main(int argc, char** argv) {
  if (argc == 2 && std::strcmp(argv[1], "mma") == 0) {
    fragviz::gen::write_mma_wrappers();
    return 0;
  }
  if (argc == 2 && std::strcmp(argv[1], "wgmma") == 0) {
    fragviz::gen::write_wgmma_ops();
    return 0;
  }
  std::fprintf(stderr, "usage: gen_ptx_ops mma|wgmma > FILE\n");
  return 2;
}
