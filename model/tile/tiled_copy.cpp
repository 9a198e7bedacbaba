// CuTe's TiledCopy (tiled_copy.hpp), following cute/atom/copy_atom.hpp line by line.
#include "fragviz/tile/tiled_copy.hpp"

#include "tile_detail.hpp"

namespace fragviz::tile {

namespace {

using detail::Spec;
using detail::take;
using detail::tuple;
namespace ad = algebra::detail;

/// A shape as a tile of numbers (CuTe's Tiler_MN, a Shape).
Spec shape_tile(const IntTuple& shape) { return Spec::of(algebra::tiler_of(shape)); }

/// tile2thrfrg(tensor, ref2trg): ((TileM,TileN,...),(RestM,RestN,...)) -> (Thr,(FrgV,FrgX),(RestM,...)).
Layout tile2thrfrg(const TiledCopy& c, const Layout& tensor, const Layout& ref2trg) {
  // ((atom_tid,atom_val),(rest_tid,rest_val)) -> (m,n)
  const Layout atom_layout_tv = detail::zipped_divide(
      c.layout_tv,
      shape_tile(IntTuple::tuple({IntTuple::number(c.atom_threads), IntTuple::number(c.atom_values)})));
  // ((trg_tid,trg_val),(rest_tid,rest_val)) -> (m,n)
  const Layout trg_layout_tv = detail::compose(atom_layout_tv, Spec::tuple({Spec::of(ref2trg), Spec::_()}));
  // ((trg_tid,rest_tid),(trg_val,rest_val)) -> (m,n)
  const IntTuple profile =
      IntTuple::tuple({IntTuple::number(1), IntTuple::tuple({IntTuple::number(1), IntTuple::number(1)})});
  const Layout thrval2mn = ad::coalesce_by(detail::zip(trg_layout_tv), profile);
  // ((thrid,val),(RestM,RestN,...))
  const Layout tv_tensor = detail::compose(tensor, Spec::tuple({Spec::of(thrval2mn), Spec::_()}));
  // tv_tensor(make_coord(_,_), _)
  const Layout& tv = detail::mode(tv_tensor, 0, "tile2thrfrg");
  if (tv.rank() != 2)
    ad::cute_refuses("tile2thrfrg: " + algebra::to_string(tv) + " is no (thread, value) mode",
                     "Mismatched Ranks");
  return tuple({tv.mode(0), tv.mode(1), detail::mode(tv_tensor, 1, "tile2thrfrg")});
}

/// right_inverse(AtomLayoutRef).compose(AtomLayoutSrc or Dst).
Layout ref2(const TiledCopy& c, const Layout& trg) {
  return ad::compose(ad::right_inverse_of(c.values.ref), trg);
}

/// get_layoutS_TV / get_layoutD_TV.
Layout layout_x_tv(const TiledCopy& c, const Layout& trg) {
  const Layout ref = algebra::make_layout(IntTuple::tuple({c.tiler, IntTuple::number(1)}));
  const Layout r = tile2thrfrg(c, ref, ref2(c, trg));
  return tuple({r.mode(0), r.mode(1)});  // (_,_,Int<0>{})
}

Layout tidfrg_x(const TiledCopy& c, const Layout& tensor, const Layout& trg) {
  if (tensor.rank() < c.tiler.rank())
    ad::cute_refuses("tidfrg of " + algebra::to_string(tensor) + ": rank " + std::to_string(tensor.rank()) +
                         " for a tiler of rank " + std::to_string(c.tiler.rank()),
                     "Rank of tensor to be partitioned too small.");
  return tile2thrfrg(c, detail::zipped_divide(tensor, shape_tile(c.tiler)), ref2(c, trg));
}

}  // namespace

Result<TiledCopy> make_tiled_copy_impl(const CopyAtom& atom, int value_bits, const Layout& layout_tv,
                                       const IntTuple& tiler) {
  return ad::guarded<TiledCopy>([&] {
    TiledCopy c;
    c.atom = atom;
    c.values = take(value_layouts(atom, value_bits), "Copy_Atom<" + atom.name + ">");
    c.layout_tv = layout_tv;
    c.tiler = tiler;
    c.atom_threads = algebra::size(detail::mode(c.values.ref, 0, "TiledCopy"));
    c.atom_values = algebra::size(detail::mode(c.values.ref, 1, "TiledCopy"));
    const std::int64_t threads = algebra::size(detail::mode(layout_tv, 0, "TiledCopy"));
    const std::int64_t values = algebra::size(detail::mode(layout_tv, 1, "TiledCopy"));
    if (threads % c.atom_threads != 0)
      ad::cute_refuses(atom.name + " over " + algebra::to_string(layout_tv) + ": " + std::to_string(threads) +
                           " threads are no multiple of the atom's " + std::to_string(c.atom_threads),
                       "TiledCopy uses too few thrs for selected CopyAtom");
    if (values % c.atom_values != 0)
      ad::cute_refuses(atom.name + " over " + algebra::to_string(layout_tv) + ": " + std::to_string(values) +
                           " values per thread are no multiple of the atom's " +
                           std::to_string(c.atom_values) + " (" + std::to_string(value_bits) + "-bit values)",
                       "TiledCopy uses too few vals for selected CopyAtom");
    c.layout_s_tv = layout_x_tv(c, c.values.src);
    c.layout_d_tv = layout_x_tv(c, c.values.dst);
    return c;
  });
}

Result<TiledCopy> make_tiled_copy(const CopyAtom& atom, int value_bits, const Layout& thr_layout,
                                  const Layout& val_layout) {
  Result<Layout> layout_mn = algebra::raked_product(thr_layout, val_layout);
  if (!layout_mn)
    return Result<TiledCopy>::fail(layout_mn.refusal, "raked_product(thr, val): " + layout_mn.message);
  const Result<Layout> inv = algebra::right_inverse(*layout_mn.value);
  if (!inv) return Result<TiledCopy>::fail(inv.refusal, "right_inverse(layout_mn): " + inv.message);
  const IntTuple tv_shape = IntTuple::tuple(
      {IntTuple::number(algebra::size(thr_layout)), IntTuple::number(algebra::size(val_layout))});
  const Result<Layout> layout_tv = algebra::with_shape(*inv.value, tv_shape);
  if (!layout_tv) return Result<TiledCopy>::fail(layout_tv.refusal, "layout_tv: " + layout_tv.message);
  return make_tiled_copy_impl(atom, value_bits, *layout_tv.value, detail::product_each(*layout_mn.value));
}

Result<TiledCopy> make_tiled_copy_for(const CopyAtom& atom, int value_bits, const TiledMma& mma, Operand op) {
  const IntTuple tiler =
      IntTuple::tuple({IntTuple::number(tile_rows(mma, op)), IntTuple::number(tile_cols(mma, op))});
  return make_tiled_copy_impl(atom, value_bits, layout_tv(mma, op), tiler);
}

Result<Layout> tidfrg_s(const TiledCopy& copy, const Layout& tensor) {
  return ad::guarded<Layout>([&] { return tidfrg_x(copy, tensor, copy.values.src); });
}

Result<Layout> tidfrg_d(const TiledCopy& copy, const Layout& tensor) {
  return ad::guarded<Layout>([&] { return tidfrg_x(copy, tensor, copy.values.dst); });
}

Result<Layout> retile(const TiledCopy& c, const Layout& fragment) {
  return ad::guarded<Layout>([&] {
    const int r = fragment.rank();
    const std::int64_t v = algebra::size(fragment.mode(0));
    // (m,n) -> v_idx: the shape and order of the V inside of TiledLayout_TV.
    const Layout inv_mn = ad::compose(ad::right_inverse_of(c.layout_tv), algebra::make_layout(c.tiler));
    const Layout frg_layout_mn = take(upcast(inv_mn, c.threads() * v), "retile: upcast");
    // (atom_vals,rest_vals) -> (v,m,n)
    const Layout product = ad::multiply(algebra::make_layout(IntTuple::number(v)),
                                        algebra::Tiler::of(ad::right_inverse_of(frg_layout_mn)));
    const Layout frg_layout_v =
        detail::zipped_divide(product, Spec::of(algebra::make_layout(IntTuple::number(c.atom_values))));
    // ((TileV,TileM,TileN,...),(1,RestM,RestN,...))
    const IntTuple each = detail::product_each(frg_layout_mn);
    std::vector<IntTuple> tile{IntTuple::number(v)};
    if (each.is_tuple)
      tile.insert(tile.end(), each.items.begin(), each.items.end());
    else
      tile.push_back(each);
    const Layout t_tensor = detail::zipped_divide(fragment, shape_tile(IntTuple::tuple(std::move(tile))));
    // ((atom_vals,rest_vals),(1,RM,RN,...))
    const Layout v_tensor = detail::compose(t_tensor, Spec::tuple({Spec::of(frg_layout_v), Spec::_()}));
    // v_tensor(_, append<R>(Int<0>{},_))
    const Layout& rest = detail::mode(v_tensor, 1, "retile");
    if (rest.rank() != r)
      ad::cute_refuses("retile: the rest mode " + algebra::to_string(rest) + " has rank " +
                           std::to_string(rest.rank()) + " for a fragment of rank " + std::to_string(r),
                       "Mismatched Ranks");
    std::vector<Layout> out{v_tensor.mode(0)};
    for (int i = 1; i < r; ++i) out.push_back(rest.mode(i));
    return tuple(std::move(out));
  });
}

}  // namespace fragviz::tile
