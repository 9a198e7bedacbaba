// CuTe's TiledMMA (tiled_mma.hpp), following cute/atom/mma_atom.hpp line by line.
#include "fragviz/tile/tiled_mma.hpp"

#include "fragviz/algebra/expression.hpp"
#include "fragviz/algebra/notation.hpp"
#include "tile_detail.hpp"

namespace fragviz::tile {

namespace {

using detail::Spec;
using detail::take;
using detail::tuple;
namespace ad = algebra::detail;

/// make_layout(n): n:1, and 1:0 for 1.
Layout make_layout_n(std::int64_t n) { return algebra::make_layout(IntTuple::number(n)); }

/// Which of the MNK modes an operand's two coordinates are: A (M,K), B (N,K), C (M,N).
std::array<int, 2> operand_modes(Operand op) {
  return op == Operand::A   ? std::array<int, 2>{0, 2}
         : op == Operand::B ? std::array<int, 2>{1, 2}
                            : std::array<int, 2>{0, 1};
}

const Layout& atom_layout(const MmaAtom& a, Operand op) {
  return op == Operand::A ? a.a : op == Operand::B ? a.b : a.c;
}

int atom_extent(const MmaAtom& a, int mnk) { return mnk == 0 ? a.m : mnk == 1 ? a.n : a.k; }

/// permutation_mnk<I>(): the tile's entry, or AtomShape[I] * size<I+1>(thr_layout_vmnk) for `_`.
algebra::Tiler permutation_mnk(const TiledMma& t, int i) {
  const auto& p = t.permutation[static_cast<std::size_t>(i)];
  if (p) return *p;
  return algebra::Tiler::of(std::int64_t{atom_extent(t.atom, i)} *
                            algebra::size(t.thr_layout_vmnk.mode(i + 1)));
}

std::int64_t tiler_size(const algebra::Tiler& t) {
  switch (t.kind) {
    case algebra::Tiler::Kind::number:
      return t.number;
    case algebra::Tiler::Kind::layout:
      return algebra::size(t.layout);
    case algebra::Tiler::Kind::tuple:
      break;
  }
  std::int64_t n = 1;
  for (const algebra::Tiler& x : t.items) n *= tiler_size(x);
  return n;
}

/// thrfrg_A/B/C (the throwing form).
Layout thrfrg_x(const TiledMma& t, Operand op, const Layout& operand) {
  if (operand.rank() < 2)
    ad::cute_refuses("thrfrg of " + algebra::to_string(operand) + ": the tensor has rank " +
                         std::to_string(operand.rank()),
                     "CUTE_STATIC_ASSERT_V(rank(tensor) >= Int<2>{})");
  const auto [i0, i1] = operand_modes(op);
  // Reorder the tensor for the TiledAtom: (Perm0,Perm1).
  const Layout t_tensor = detail::divide(
      operand, Spec::tuple({Spec::of(permutation_mnk(t, i0)), Spec::of(permutation_mnk(t, i1))}));
  // Tile the tensor for the Atom: ((Atom0,Atom1),(Rest0,Rest1)).
  const Layout a_tensor =
      detail::zipped_divide(t_tensor, Spec::tuple({Spec::of(make_layout_n(atom_extent(t.atom, i0))),
                                                   Spec::of(make_layout_n(atom_extent(t.atom, i1)))}));
  // Transform the Atom mode from (0,1) to (Thr,Val): ((ThrV,FrgV),(Rest0,Rest1)).
  const Layout tv_tensor =
      detail::compose(a_tensor, Spec::tuple({Spec::of(atom_layout(t.atom, op)), Spec::_()}));
  // Tile the tensor for the threads: ((ThrV,(Thr0,Thr1)),(FrgV,(Rest0,Rest1))).
  const Spec thr_tile = Spec::tuple(
      {Spec::_(), Spec::tuple({Spec::of(make_layout_n(algebra::size(t.thr_layout_vmnk.mode(i0 + 1)))),
                               Spec::of(make_layout_n(algebra::size(t.thr_layout_vmnk.mode(i1 + 1))))})});
  return detail::zipped_divide(tv_tensor, thr_tile);
}

/// get_layoutA/B/C_TV (the throwing form).
Layout layout_tv_x(const TiledMma& t, Operand op) {
  const auto [i0, i1] = operand_modes(op);
  const Layout& vmnk = t.thr_layout_vmnk;
  // (0,1) -> (0,1): the reference tile, column-major.
  const Layout ref =
      algebra::make_layout(IntTuple::tuple({IntTuple::number(t.tile_mnk[static_cast<std::size_t>(i0)]),
                                            IntTuple::number(t.tile_mnk[static_cast<std::size_t>(i1)])}));
  // thr_idx -> (ThrV,ThrM,ThrN,ThrK)
  const Layout inv =
      ad::right_inverse_of(tuple({vmnk, take(algebra::complement(vmnk), "complement(thr_layout_vmnk)")}));
  const Layout thridx_2_thrid =
      ad::compose(Layout::tuple({Layout::leaf(algebra::size(vmnk), 1), Layout::leaf(1, 0)}), inv);
  Layout tv = thrfrg_x(t, op, ref);
  const std::int64_t thr_m = algebra::size(vmnk.mode(1)), thr_n = algebra::size(vmnk.mode(2));
  if (op == Operand::A || op == Operand::B) {
    // (ThrV,(Thr0,ThrK)) -> (ThrV,(ThrM,ThrN,ThrK)): the threads of the other of M/N see the same data.
    const Layout spread = op == Operand::A ? tuple({Layout::leaf(thr_m, 1), Layout::leaf(thr_n, 0)})
                                           : tuple({Layout::leaf(thr_m, 0), Layout::leaf(thr_n, 1)});
    const Spec tile = Spec::tuple({Spec::_(), Spec::tuple({Spec::of(spread), Spec::_()})});
    tv = detail::compose(tv, Spec::tuple({tile, Spec::_()}));
  }
  return detail::compose(tv, Spec::tuple({Spec::of(thridx_2_thrid), Spec::_()}));
}

}  // namespace

Result<TiledMma> make_tiled_mma(const MmaAtom& atom, const Layout& atom_layout,
                                const Permutation& permutation) {
  return ad::guarded<TiledMma>([&] {
    TiledMma t;
    t.atom = atom;
    t.permutation = permutation;
    // append<3>(thr_layout, Layout<_1,_0>{})
    if (atom_layout.rank() > 3)
      ad::cute_refuses("make_tiled_mma: the atom layout " + algebra::to_string(atom_layout) + " has rank " +
                           std::to_string(atom_layout.rank()) + "; a TiledMMA tiles M, N and K",
                       "static_assert(N > tuple_size<T>::value) in append<3>");
    std::vector<Layout> modes = atom_layout.is_tuple ? atom_layout.modes : std::vector<Layout>{atom_layout};
    while (modes.size() < 3) modes.push_back(Layout::leaf(1, 0));
    t.atom_layout_mnk = tuple(std::move(modes));
    for (const auto& p : permutation)
      if (p && p->is_tuple())
        ad::stop(Refusal::beyond_fragviz,
                 "make_tiled_mma: a permutation entry " + algebra::to_string(*p) +
                     " is a tuple; fragviz takes `_`, a number or a layout per mode");
    t.thr_layout_vmnk = take(algebra::tiled_product(atom.thr_id, algebra::Tiler::of(t.atom_layout_mnk)),
                             "thr_layout_vmnk = tiled_product(ThrID, AtomLayoutMNK)");
    if (t.thr_layout_vmnk.rank() != 4)
      ad::cute_refuses("make_tiled_mma: thr_layout_vmnk " + algebra::to_string(t.thr_layout_vmnk) +
                           " has rank " + std::to_string(t.thr_layout_vmnk.rank()),
                       "TiledMMA requires rank-3 AtomLayoutMNK");
    for (int i = 0; i < 3; ++i) t.tile_mnk[static_cast<std::size_t>(i)] = tiler_size(permutation_mnk(t, i));
    t.layout_a_tv = layout_tv_x(t, Operand::A);
    t.layout_b_tv = layout_tv_x(t, Operand::B);
    t.layout_c_tv = layout_tv_x(t, Operand::C);
    return t;
  });
}

std::string permutation_text(const Permutation& p) {
  std::string out = "Tile<";
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (i) out += ",";
    if (!p[i])
      out += "_";
    else if (p[i]->kind == algebra::Tiler::Kind::number)
      out += "_" + std::to_string(p[i]->number);
    else
      out += algebra::to_string(*p[i]);
  }
  return out + ">";
}

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

Result<Permutation> parse_permutation(std::string_view text) {
  using R = Result<Permutation>;
  std::string_view body = trim(text);
  if (body.substr(0, 4) == "Tile") body = trim(body.substr(4));
  const bool angled = !body.empty() && body.front() == '<' && body.back() == '>';
  const bool round = !body.empty() && body.front() == '(' && body.back() == ')';
  if (!angled && !round)
    return R::fail(
        Refusal::bad_input,
        "a permutation is Tile<M,N,K> (each `_`, a number or a layout), not '" + std::string(text) + "'");
  body = body.substr(1, body.size() - 2);
  std::vector<std::string_view> entries;
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= body.size(); ++i) {
    const char c = i < body.size() ? body[i] : ',';
    if (c == '(' || c == '<') ++depth;
    if (c == ')' || c == '>') --depth;
    if (c == ',' && depth == 0) {
      entries.push_back(trim(body.substr(start, i - start)));
      start = i + 1;
    }
  }
  if (entries.size() > 3)
    return R::fail(Refusal::cute_refuses,
                   "the permutation " + std::string(text) + " has " + std::to_string(entries.size()) +
                       " entries; a TiledMMA permutes M, N and K (CuTe refuses it too: "
                       "\"TiledMMA requires rank-3 PermutationMNK\")");
  Permutation p{};
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const std::string_view e = entries[i];
    const std::string which =
        "entry " + std::to_string(i + 1) + " ('" + std::string(e) + "') of the permutation";
    if (e == "_") continue;
    const algebra::Result<algebra::Value> v = algebra::evaluate_expression(e);
    // The column of the entry's error in the whole text (the entry is a view into it).
    if (!v)
      return R::fail(
          Refusal::bad_input, which + ": " + v.message,
          v.column > 0
              ? notation::column_of(text, static_cast<std::size_t>(e.data() - text.data())) + v.column - 1
              : 0);
    if (v->kind == algebra::Value::Kind::number && v->number >= 1)
      p[i] = algebra::Tiler::of(v->number);
    else if (v->kind == algebra::Value::Kind::layout && !v->layout.composed())
      p[i] = algebra::Tiler::of(v->layout.layout);
    else
      return R::fail(Refusal::bad_input,
                     which + " is " + algebra::kind_name(v->kind) +
                         "; an entry is `_`, a number of at least 1 or a layout (shape:stride)",
                     notation::column_of(text, static_cast<std::size_t>(e.data() - text.data())));
  }
  return R::ok(p);
}

Result<Layout> parse_atom_layout(std::string_view text) {
  const algebra::Result<algebra::Value> v = algebra::evaluate_expression(text);
  if (!v) return Result<Layout>::fail(Refusal::bad_input, "the atom layout: " + v.message, v.column);
  if (v->kind == algebra::Value::Kind::shape || v->kind == algebra::Value::Kind::number) {
    const IntTuple shape = v->kind == algebra::Value::Kind::number ? IntTuple::number(v->number) : v->shape;
    // 0 atoms along a mode tiles nothing (complement divided by it: fragviz-cli and the app died).
    if (const auto n = detail::leaf_under_one(shape))
      return Result<Layout>::fail(Refusal::bad_input, "the atom layout " + std::string(text) + " has " +
                                                          std::to_string(*n) +
                                                          " atoms along a mode; each mode takes at least 1");
    return Result<Layout>::ok(algebra::make_layout(shape));
  }
  if (v->kind == algebra::Value::Kind::layout && !v->layout.composed())
    return Result<Layout>::ok(v->layout.layout);
  return Result<Layout>::fail(Refusal::bad_input,
                              std::string("the atom layout is ") + algebra::kind_name(v->kind) +
                                  "; give a shape such as (2,2,1) or a layout (2,2,1):(2,1,0)");
}

Result<Layout> thrfrg(const TiledMma& mma, Operand op, const Layout& operand) {
  return ad::guarded<Layout>([&] { return thrfrg_x(mma, op, operand); });
}

Result<IntTuple> fragment_shape(const TiledMma& mma, Operand op) {
  return ad::guarded<IntTuple>([&] {
    const auto [i0, i1] = operand_modes(op);
    const Layout ref =
        algebra::make_layout(IntTuple::tuple({IntTuple::number(mma.tile_mnk[static_cast<std::size_t>(i0)]),
                                              IntTuple::number(mma.tile_mnk[static_cast<std::size_t>(i1)])}));
    const Layout tv = thrfrg_x(mma, op, ref);
    // dummy_tv(Int<0>{}, make_coord(_, repeat<rank(dummy)>(_))): (FrgV, Rest0, Rest1).
    const Layout& values = detail::mode(tv, 1, "partition_shape");
    const Layout& rest = detail::mode(values, 1, "partition_shape");
    std::vector<IntTuple> shape{algebra::shape(values.mode(0))};
    for (int i = 0; i < rest.rank(); ++i) shape.push_back(algebra::shape(rest.mode(i)));
    return IntTuple::tuple(std::move(shape));
  });
}

const Layout& layout_tv(const TiledMma& mma, Operand op) {
  return op == Operand::A ? mma.layout_a_tv : op == Operand::B ? mma.layout_b_tv : mma.layout_c_tv;
}

std::int64_t tile_rows(const TiledMma& mma, Operand op) {
  return mma.tile_mnk[static_cast<std::size_t>(operand_modes(op)[0])];
}
std::int64_t tile_cols(const TiledMma& mma, Operand op) {
  return mma.tile_mnk[static_cast<std::size_t>(operand_modes(op)[1])];
}

std::string to_string(Cell c) { return "(" + std::to_string(c.row) + "," + std::to_string(c.col) + ")"; }

std::vector<Cell> thread_cells(const TiledMma& mma, Operand op, std::int64_t thread) {
  const Layout& l = layout_tv(mma, op);
  const std::int64_t threads = algebra::size(l.mode(0)), values = algebra::size(l.mode(1));
  const std::int64_t rows = tile_rows(mma, op);
  std::vector<Cell> out;
  for (std::int64_t v = 0; v < values; ++v) {
    const std::int64_t off = algebra::evaluate(l, thread + threads * v);
    out.push_back(Cell{off % rows, off / rows});
  }
  return out;
}

std::array<std::int64_t, 4> thread_vmnk(const TiledMma& mma, std::int64_t thread) {
  std::array<std::int64_t, 4> out{};
  for (int i = 0; i < 4; ++i) {
    // crd2crd of the mode's hierarchical coordinate to one index, first leaf fastest.
    std::int64_t coord = 0, scale = 1;
    for (const Layout& leaf : algebra::leaf_modes(mma.thr_layout_vmnk.mode(i))) {
      const std::int64_t c = leaf.shape == 1 ? 0 : (thread / leaf.stride) % leaf.shape;
      coord += c * scale;
      scale *= leaf.shape;
    }
    out[static_cast<std::size_t>(i)] = coord;
  }
  return out;
}

}  // namespace fragviz::tile
