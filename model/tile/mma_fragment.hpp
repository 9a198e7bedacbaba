// Inside model/tile/: the shape of an operand's fragment over the CTA tile, as both tiled-MMA probe
// plans (mma.sync in cta_mma_check.cpp, wgmma in cta_wgmma_check.cpp) pair A, B and C blocks by it.
#pragma once

#include <cstdint>

#include "fragviz/tile/cta_tile.hpp"

namespace fragviz::tile::detail {

/// One operand's fragment: (FrgV, MMA_0, MMA_1) of the CTA tile (CuTe's partition_fragment), its
/// registers numbered colexicographically: value v of block (i, j) is register v + FrgV (i + MMA_0 j).
struct Frag {
  std::int64_t v = 0, mode1 = 0, mode2 = 0;
};
/// `op`'s fragment shape in `t` (A: MMA_M, MMA_K; B: MMA_N, MMA_K; C: MMA_M, MMA_N).
algebra::Result<Frag> frag_of(const CtaTile& t, Operand op);

}  // namespace fragviz::tile::detail
