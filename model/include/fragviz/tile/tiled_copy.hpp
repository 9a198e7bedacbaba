// CuTe's TiledCopy built with fragviz's layout algebra, step by step as CuTe 4.2's
// cute/atom/copy_atom.hpp builds it:
//
//   make_tiled_copy(atom, thr, val): layout_mn = raked_product(thr, val),
//                                    layout_tv = right_inverse(layout_mn).with_shape((size(thr), size(val))),
//                                    tiler     = product_each(shape(layout_mn))
//   make_tiled_copy_A/B/C(atom, mma): layout_tv = mma's get_layoutA/B/C_TV, tiler = its (M,K)/(N,K)/(M,N)
//   tile2thrfrg(tensor, ref2trg):    zipped_divide(layout_tv, (AtomNumThr, AtomNumVal)).compose(ref2trg, _),
//                                    zipped and coalesced by (1,(1,1)), composed into the tile mode
//   tidfrg_S/D(tensor)               = tile2thrfrg(zipped_divide(tensor, tiler), right_inverse(Ref) o
//   Src/Dst) get_layoutS_TV / get_layoutD_TV  = tile2thrfrg(make_layout((tiler, 1)), ...)(_, _, 0)
//   retile(fragment)                 : the fragment's values in the copy's order, CuTe's TiledCopy::retile
//
// The layouts are in values of the copy's ValType (Copy_Atom<Op, ValType>): value_bits. Refusals
// quote CuTe's static_asserts ("TiledCopy uses too few vals for selected CopyAtom", ...).
// tests/cute/test_cute_tiled.cpp holds every layout against CuTe's TiledCopy. Pure model.
#pragma once

#include "fragviz/tile/copy_atoms.hpp"
#include "fragviz/tile/tiled_mma.hpp"

namespace fragviz::tile {

/// One TiledCopy (see the header comment).
struct TiledCopy {
  CopyAtom atom;
  CopyValueLayouts values;        ///< the atom's Src/Dst/Ref recast to value_bits
  Layout layout_tv;               ///< TiledLayout_TV: (thread, value) -> index in the tile (column-major)
  IntTuple tiler;                 ///< Tiler_MN: the tile's shape
  Layout layout_s_tv;             ///< get_layoutS_TV: (thread, source value) -> index in the tile
  Layout layout_d_tv;             ///< get_layoutD_TV: (thread, destination value) -> index in the tile
  std::int64_t atom_threads = 0;  ///< AtomNumThr: size<0>(RefLayout)
  std::int64_t atom_values = 0;   ///< AtomNumVal: size<1>(RefLayout)
  /// TiledNumThr: size<0>(layout_tv).
  std::int64_t threads() const { return algebra::size(layout_tv.mode(0)); }
  /// TiledNumVal: size<1>(layout_tv).
  std::int64_t values_per_thread() const { return algebra::size(layout_tv.mode(1)); }
};

/// CuTe's make_tiled_copy_impl(Copy_Atom<atom, value_bits>, layout_tv, tiler), with TiledCopy's
/// checks (threads and values a multiple of the atom's).
Result<TiledCopy> make_tiled_copy_impl(const CopyAtom& atom, int value_bits, const Layout& layout_tv,
                                       const IntTuple& tiler);
/// CuTe's make_tiled_copy(copy_atom, thr_layout, val_layout): (m,n) -> thread and (m,n) -> value.
Result<TiledCopy> make_tiled_copy(const CopyAtom& atom, int value_bits, const Layout& thr_layout,
                                  const Layout& val_layout);
/// CuTe's make_tiled_copy_A (op A), make_tiled_copy_B (B) or make_tiled_copy_C (C) for `mma`.
Result<TiledCopy> make_tiled_copy_for(const CopyAtom& atom, int value_bits, const TiledMma& mma, Operand op);

/// CuTe's tidfrg_S(tensor): (Thr,(FrgV,FrgX),(Rest0,Rest1,...)) of a layout over the tiled shape.
Result<Layout> tidfrg_s(const TiledCopy& copy, const Layout& tensor);
/// CuTe's tidfrg_D(tensor).
Result<Layout> tidfrg_d(const TiledCopy& copy, const Layout& tensor);
/// CuTe's TiledCopy::retile(fragment) (what retile_S and retile_D apply to a fragment's layout):
/// ((atom values, rest values), rest modes...) -> the fragment's offsets.
Result<Layout> retile(const TiledCopy& copy, const Layout& fragment);

}  // namespace fragviz::tile
