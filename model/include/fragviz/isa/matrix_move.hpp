// stmatrix and movmatrix, the other two warp-level 8x8 .b16 matrix moves, and the epilogue that
// stores an mma.sync accumulator through stmatrix.
//
// Source: PTX ISA 9.0, "Warp Level Matrix Store Instruction: stmatrix" (sm_90, PTX 7.8): "the
// eight addresses required for each matrix are provided by eight threads", threads 8j..8j+7 for
// matrix j, each row 16 contiguous bytes; register j of each thread holds a fragment of matrix j
// in the same layout as ldmatrix's destination ("Matrix fragment for ldmatrix"), .trans storing it
// column-major. "Warp Level Matrix Transpose Instruction: movmatrix" (sm_75, PTX 7.8): lane l's
// source register holds row l/4, columns 2(l%4), 2(l%4)+1 of one 8x8 matrix; its destination holds
// the same positions of the transpose.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/ldmatrix.hpp"

namespace fragviz {

/// Position inside 8x8 matrix `reg` that half `half` of register `reg` of `lane` is stored to by
/// stmatrix (.trans: the transposed position). The same table as ldmatrix's destination.
constexpr Coord stmatrix_element(bool trans, int lane, int half) {
  return ldmatrix_element(trans, lane, half);
}

/// "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16" and friends.
std::string stmatrix_mnemonic(LdmatrixConfig c);
/// The one movmatrix form PTX has.
inline constexpr const char* kMovmatrixMnemonic = "movmatrix.sync.aligned.m8n8.trans.b16";

/// Which source (lane, half) movmatrix puts into destination (lane, half): the destination holds
/// the transpose's element at its fragment position ldmatrix_element(false, lane, half), which is
/// the source's element at the transposed position, ldmatrix_element(true, lane, half); the source
/// (lane, half) holding that is ldmatrix_holder(false, ...).
constexpr LaneHalf movmatrix_source(int lane, int half) {
  return ldmatrix_holder(false, ldmatrix_element(true, lane, half));
}

/// How an epilogue stores mma.sync accumulators through stmatrix: the 16-bit (packed) accumulator
/// registers of `tiles` m16n8 tiles side by side along N, `order[j]` = (tile, register) that
/// becomes stmatrix register j, matrix j stored at `origin[j]` of the output tile (16 x 8*tiles,
/// row-major; .trans: the tile is written column-major, i.e. as its transpose).
struct EpilogueStore {
  std::string name;  ///< preset name
  LdmatrixConfig store{LdmNum::x2, false};
  int tiles = 1;
  std::array<std::array<int, 2>, 4> order{};  ///< {tile, packed register 0/1}
  std::array<Coord, 4> origin{};              ///< (row, col) of matrix j in the output tile
};

/// The presets: "x2" (one m16n8 tile: {c0c1, c2c3} to rows 0-7 / 8-15), "x4" (two n-tiles: tile
/// 0's two registers, then tile 1's, to the 2x2 block), "x4-swapped" (the order users get wrong:
/// tile 0 r0, tile 1 r0, tile 0 r1, tile 1 r1 to the same block), "x2.trans" (the tile stored
/// transposed, for a column-major output).
std::vector<EpilogueStore> epilogue_presets();
std::optional<EpilogueStore> find_epilogue(std::string_view name);

/// One stored 16-bit accumulator element: where the fragment says it belongs and where stmatrix
/// puts it.
struct EpilogueCell {
  int lane = 0, reg = 0, half = 0;  ///< stmatrix register j, half
  Coord fragment{};                 ///< (row, col) in the output tile the accumulator element is
  Coord stored{};                   ///< (row, col) of the output tile stmatrix writes it to
  bool match() const { return fragment == stored; }
};

/// Every (lane, register, half) of the store for the 16x8 f32/f16 accumulator of m16n8 mma
/// (`mma` must have a 16 x 8 C/D: m16n8k*): packed pair (2p, 2p+1) of the fragment forms register
/// p. With .trans the stored coordinate is reported in the tile's own (row, col), transposed back.
std::vector<EpilogueCell> epilogue_cells(const Instruction& mma, const EpilogueStore& store);

}  // namespace fragviz
