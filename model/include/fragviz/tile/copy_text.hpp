// make_tiled_copy(ATOM, THR, VAL) as the user writes it (issue 25), read once for every field that
// takes it: the global -> shared cp.async stage (gmem_copy.hpp, --gmem-copy-a/b) and the shared ->
// register (or register -> shared) copies of A, B and C (--copy-a/b/c, where a bare atom name means
// make_tiled_copy_A/B/C over the TiledMMA). Refusals carry the 1-based column of the part refused.
// Pure model: no CUDA, no GL.
#pragma once

#include <string>
#include <string_view>

#include "fragviz/tile/tiled_copy.hpp"

namespace fragviz::tile {

/// "make_tiled_copy(ATOM, THR, VAL)" read but not built: the atom's text and the two layouts.
struct TiledCopyText {
  std::string atom;     ///< as written (trimmed); not yet looked up
  int atom_column = 0;  ///< 1-based column of the atom in the whole text
  int thr_column = 0;   ///< ... of THR
  Layout thr, val;      ///< rank 2: a shape "(32,4)" is CuTe's column-major Layout<Shape<...>>
};

/// Whether `text` (blanks aside) starts with "make_tiled_copy(": a TiledCopy, not an atom's name.
bool is_make_tiled_copy(std::string_view text);

/// Reads "make_tiled_copy(ATOM, THR, VAL)" (also "ATOM, THR, VAL"), THR and VAL shapes or layouts of
/// rank 2 ("(32,4):(4,1)", "(1,8)"). Refused (bad_input) with the column of the part that does not
/// read; `example` is quoted when the parts are not three.
Result<TiledCopyText> parse_make_tiled_copy(std::string_view text, std::string_view example);

/// The copy of operand `op` written as make_tiled_copy(ATOM, THR, VAL) (`text`) for `mma`: ATOM
/// an ldmatrix, stmatrix or UniversalCopy atom by CuTe's name, its ValType `value_bits` (0: a
/// stmatrix's 16, else `element_bits`). Refused, with the column of the part refused, for an atom
/// fragviz does not know or a cp.async one, a copy whose threads are not the TiledMMA's (CuTe's
/// retile and partition pair the copy's thread t with the MMA's thread t) or whose tile is not the
/// TiledMMA's tile of `op` (partition_S and the retiled fragment would differ in shape, and CuTe's
/// copy needs them equal), and where join() refuses the pair (values per thread, direction).
Result<TiledCopy> make_operand_tiled_copy(std::string_view text, int value_bits, int element_bits,
                                          const TiledMma& mma, Operand op);

}  // namespace fragviz::tile
