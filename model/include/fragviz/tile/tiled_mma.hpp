// CuTe's TiledMMA built with fragviz's layout algebra, step by step as CuTe 4.2's
// cute/atom/mma_atom.hpp builds it (make_tiled_mma, TiledMMA::thrfrg_A/B/C, get_layoutA/B/C_TV,
// permutation_mnk, tile_size_mnk, get_slice):
//
//   thr_layout_vmnk = tiled_product(ThrID, AtomLayoutMNK)          (ThrV,ThrM,ThrN,ThrK) -> thread
//   permutation I   = the tile's entry I, or AtomShape[I] * size(thr_layout_vmnk mode I+1) for `_`
//   thrfrg_A(L)     = zipped_divide(logical_divide(L, (PermM,PermK)), (AtomM,AtomK))
//                     .compose(ALayout, _), then zipped_divide by (_, (ThrM,ThrK))
//                     -> ((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK)))
//   get_layoutA_TV  = thrfrg_A(make_layout((TileM,TileK))).compose((_, ((ThrM,ThrN):(1,0), _)), _)
//                     .compose(thr_idx -> (ThrV,ThrM,ThrN,ThrK), _)      (thread, value) -> m + TileM*k
//
// and likewise B ((N,K), n + TileN*k) and C ((M,N), m + TileM*n). Where CuTe static_asserts (a
// rank other than 3, a tiler with more modes than the layout, a divisibility condition inside the
// algebra) the Result is a refusal quoting it. tests/cute/test_cute_tiled.cpp holds the layouts
// against CuTe's TiledMMA at every (thread, value) and coalesced; tests/unit/test_tiled_mma.cpp
// against cells derived by hand from the PTX ISA. Pure model: no CUDA, no GL.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/tile/mma_atoms.hpp"

namespace fragviz::tile {

/// CuTe's permutation tile Tile<PermM, PermN, PermK>: per mode `_` (nullopt) or a tiler, a number
/// (`_32`) or a layout (`(8,2,2):(1,16,8)`).
using Permutation = std::array<std::optional<algebra::Tiler>, 3>;

/// One TiledMMA (see the header comment).
struct TiledMma {
  MmaAtom atom;
  Layout atom_layout_mnk;   ///< the atom layout, padded with 1:0 to rank 3 (make_tiled_mma's append<3>)
  Permutation permutation;  ///< as given (`_` where nullopt)
  Layout thr_layout_vmnk;   ///< (ThrV,ThrM,ThrN,ThrK) -> thread index
  std::array<std::int64_t, 3> tile_mnk{};  ///< tile_size_mnk<0..2>: the tile's M, N, K
  Layout layout_a_tv;                      ///< get_layoutA_TV: (thread, value) -> m + M*k over the M x K tile
  Layout layout_b_tv;                      ///< get_layoutB_TV: (thread, value) -> n + N*k over the N x K tile
  Layout layout_c_tv;                      ///< get_layoutC_TV: (thread, value) -> m + M*n over the M x N tile
  /// size(thr_layout_vmnk): the threads the tiled MMA takes.
  std::int64_t threads() const { return algebra::size(thr_layout_vmnk); }
};

/// The most threads a CTA has (CUDA's limit per block): a TiledMMA of more builds in CuTe, but no
/// kernel launches it; a CTA tile refuses it, fragviz-cli tiled notes it.
inline constexpr std::int64_t kMaxCtaThreads = 1024;

/// CuTe's make_tiled_mma(atom, atom_layout, permutation). `atom_layout` of rank 1 to 3 (CuTe's
/// Layout<Shape<_2,_2,_1>> is (2,2,1):(1,2,0)); permutation entries `_` by default.
Result<TiledMma> make_tiled_mma(const MmaAtom& atom, const Layout& atom_layout,
                                const Permutation& permutation = {});

/// "Tile<_32,_32,_16>", "Tile<_,_,_>", "Tile<_32,(8,2,2):(1,16,8),_16>".
std::string permutation_text(const Permutation& p);

/// Reads a permutation tile: `Tile<_32,_32,_16>` (CuTe's spelling, also without `Tile`: `<32,32,16>`,
/// `(32,32,16)`), each entry `_`, a number (`_32` or `32`) or a layout in CuTe's notation
/// (`(8,2,2):(1,16,8)`); fewer than three entries are padded with `_` (make_tiled_mma's append<3>).
/// Refused (bad_input) with the entry named.
Result<Permutation> parse_permutation(std::string_view text);

/// Reads an atom layout: a shape `(2,2,1)` (CuTe's Layout<Shape<_2,_2,_1>>, column-major) or a
/// layout `(2,2,1):(2,1,0)`.
Result<Layout> parse_atom_layout(std::string_view text);

/// CuTe's thrfrg_A/B/C of a layout of the operand's two coordinates ((M,K), (N,K) or (M,N)):
/// ((ThrV,(Thr0,Thr1)),(FrgV,(Rest0,Rest1,...))).
Result<Layout> thrfrg(const TiledMma& mma, Operand op, const Layout& operand);

/// The shape of a thread's fragment of one tile, CuTe's partition_shape_A/B/C(mma, tile shape):
/// (FrgV, Rest0, Rest1).
Result<IntTuple> fragment_shape(const TiledMma& mma, Operand op);

/// The operand's TV layout (layout_a_tv, layout_b_tv or layout_c_tv).
const Layout& layout_tv(const TiledMma& mma, Operand op);
/// The operand tile's first coordinate extent (A: M, B: N, C: M) and second (A: K, B: K, C: N).
std::int64_t tile_rows(const TiledMma& mma, Operand op);
std::int64_t tile_cols(const TiledMma& mma, Operand op);

/// A cell of an operand tile in CuTe's coordinates: A (m, k), B (n, k), C (m, n).
struct Cell {
  std::int64_t row = 0, col = 0;
  friend bool operator==(Cell a, Cell b) { return a.row == b.row && a.col == b.col; }
  friend bool operator!=(Cell a, Cell b) { return !(a == b); }
};
/// "(m,k)" style text: "(17,2)".
std::string to_string(Cell c);

/// The cells thread `thread` holds, value by value (layout_tv(thread, v) read column-major).
/// Precondition: thread < threads().
std::vector<Cell> thread_cells(const TiledMma& mma, Operand op, std::int64_t thread);

/// CuTe's thr_layout_vmnk.get_flat_coord(thread): (v, m, n, k), each mode's coordinate by its
/// strides ((thread / stride) % shape per leaf, a shape-1 leaf 0), as get_slice finds a thread's place.
std::array<std::int64_t, 4> thread_vmnk(const TiledMma& mma, std::int64_t thread);

}  // namespace fragviz::tile
