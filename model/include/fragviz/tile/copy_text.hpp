// make_tiled_copy(ATOM, THR, VAL) as the user writes it (issue 25), read once for every field that
// takes it: the global -> shared cp.async stage (gmem_copy.hpp, --gmem-copy-a/b) and the shared ->
// register (or register -> shared) copies of A, B and C (--copy-a/b/c, where a bare atom name, or
// CuTe's own spelling make_tiled_copy_A/B/C(ATOM, tiled_mma), means CuTe's make_tiled_copy_A/B/C over
// the TiledMMA). Refusals carry the 1-based column of the part refused.
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

/// "make_tiled_copy_A/B/C(ATOM, tiled_mma)" read: the atom a bare-name field would name, and the
/// ValType width a Copy_Atom<OP, ValType> spelling sets.
struct OperandCopyText {
  const CopyAtom* atom = nullptr;  ///< never cp.async (a global -> shared copy, not into registers)
  int value_bits = 0;              ///< the ValType's bits, else the value_bits given (0: the default)
  int atom_column = 0;             ///< 1-based column of ATOM in the whole text
};

/// Whether `text` (blanks aside) starts with "make_tiled_copy_A(", "_B(" or "_C(".
bool is_make_tiled_copy_for_mma(std::string_view text);

/// Reads "make_tiled_copy_X(ATOM, tiled_mma)" for the copy field of operand `op`. ATOM is a name the
/// bare field takes ("SM75_U32x4_LDSM_N") or "Copy_Atom<OP, ValType>" (a trailing "{}" allowed), the
/// ValType setting the value width; `value_bits` is the width the user gave otherwise (0: none), which
/// a different ValType contradicts. The second argument is the literal word tiled_mma: the TiledMMA the
/// tile defines. Refused (bad_input) with the column of the part refused: another operand's call, an
/// unknown or cp.async atom, an unknown ValType, another TiledMMA, parts not two. The copy is then
/// built exactly as the bare atom with that width (make_tiled_copy_for), so its refusals are the bare
/// atom's.
Result<OperandCopyText> parse_make_tiled_copy_for_mma(std::string_view text, Operand op, int value_bits);

}  // namespace fragviz::tile
