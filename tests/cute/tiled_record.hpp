// What CuTe computed for the TiledMMA / TiledCopy cross-check (test_cute_tiled.cpp): each layout
// as CuTe prints it, coalesced mode by mode, and as a function (its value at every index, i.e. at
// every (thread, value)). The CuTe side (this header with TILED_CUTE defined, and
// cute_tiled_copies.cpp) knows nothing of fragviz; test_cute_tiled.cpp compares the records with
// what fragviz's model/tile/ computes from the same description.
#pragma once

#include <functional>
#include <sstream>
#include <string>
#include <vector>

namespace tiled_oracle {

/// One layout as CuTe has it.
struct LayoutRecord {
  std::string printed;            ///< operator<<, CuTe's static integers' underscores removed
  std::string coalesced;          ///< coalesce(l, Shape<_1,_1>) for rank-2 layouts, else coalesce(l)
  std::vector<long long> values;  ///< l(i) for i < size(l)
};

/// One TiledMMA configuration: the description fragviz reads, and CuTe's results.
struct MmaRecord {
  std::string id;
  std::string atom;         ///< CuTe's MMA operation name (mma_atoms.hpp)
  std::string atom_layout;  ///< fragviz's text of the AtomLayoutMNK
  std::string permutation;  ///< fragviz's text of the permutation tile
  LayoutRecord vmnk;        ///< get_thr_layout_vmnk()
  long long tile[3] = {0, 0, 0};
  LayoutRecord a, b, c;               ///< get_layoutA/B/C_TV()
  std::string fragment[3];            ///< partition_shape_A/B/C(mma, tile shape), printed
  std::vector<long long> slice_vmnk;  ///< thr_layout_vmnk.get_flat_coord(t), 4 per thread
};

/// One TiledCopy configuration.
struct CopyRecord {
  std::string id;
  std::string mma;   ///< MmaRecord::id it is made for ("" for make_tiled_copy)
  std::string copy;  ///< CuTe's copy operation name (copy_atoms.hpp)
  int value_bits = 16;
  char operand = 'A';        ///< 'A', 'B', 'C' (make_tiled_copy_A/B/C), 'T' (make_tiled_copy(thr, val))
  std::string thr, val;      ///< for 'T': fragviz's text of the thread and value layouts
  bool cute_accepts = true;  ///< false: CuTe's TiledCopy static_asserts (too few thrs / vals)
  LayoutRecord tv, s, d;     ///< TiledLayout_TV, get_layoutS_TV(), get_layoutD_TV()
  std::string tiler;         ///< Tiler_MN, printed
  LayoutRecord retile;       ///< retile(make_layout(partition_shape of the MMA's tile)) ('A'/'B'/'C')
  LayoutRecord tidfrg_s, tidfrg_d;  ///< of the column-major layout of twice the tile in each mode
  std::string text;  ///< the copy field as CuTe code spells it, "make_tiled_copy_A(ATOM, tiled_mma)", read by
                     ///< fragviz's CTA tile too ("" for none)
};

/// One copy atom: Copy_Traits and Copy_Atom<Op, ValType>'s value layouts.
struct CopyAtomRecord {
  std::string name;
  LayoutRecord thr_id, src, dst, ref;
  int value_bits = 16;
  LayoutRecord val_src, val_dst, val_ref;  ///< Copy_Atom<Op, uint{value_bits}>::ValLayoutSrc/Dst/Ref
};

/// One MMA atom: MMA_Traits.
struct MmaAtomRecord {
  std::string name;
  long long m = 0, n = 0, k = 0;
  LayoutRecord thr_id, a, b, c;
};

/// One TiledCopy configuration, its record made on demand.
struct CopyCase {
  std::string id;
  std::function<CopyRecord()> make;
};
void copy_cases(std::vector<CopyCase>& out);  ///< cute_tiled_copies.cpp

inline std::string without_underscores(const std::string& s) {
  std::string out;
  for (char c : s)
    if (c != '_') out += c;
  return out;
}

#ifdef TILED_CUTE
template <class T>
std::string printed(const T& t) {
  std::ostringstream os;
  os << t;
  return without_underscores(os.str());
}

template <class L>
LayoutRecord record(const L& l) {
  LayoutRecord r;
  r.printed = printed(l);
  if constexpr (decltype(cute::rank(l))::value == 2)
    r.coalesced = printed(cute::coalesce(l, cute::Shape<cute::_1, cute::_1>{}));
  else
    r.coalesced = printed(cute::coalesce(l));
  for (int i = 0; i < int(cute::size(l)); ++i) r.values.push_back(static_cast<long long>(l(i)));
  return r;
}

// The TiledMMA configurations, shared by both translation units: X(id, Op, AtomLayout, Permutation,
// atom layout text, permutation text).
namespace cfg {
using namespace cute;
using L111 = Layout<Shape<_1, _1, _1>>;
using L221 = Layout<Shape<_2, _2, _1>>;
using L421 = Layout<Shape<_4, _2, _1>>;
using L241 = Layout<Shape<_2, _4, _1>>;
using L221n = Layout<Shape<_2, _2, _1>, Stride<_2, _1, _0>>;
using L212 = Layout<Shape<_2, _1, _2>>;
using L21 = Layout<Shape<_2, _1>>;
using P_ = Tile<Underscore, Underscore, Underscore>;
using P32 = Tile<_32, _32, _16>;
using P64 = Tile<_64, _32, _16>;
using PLay = Tile<_32, Layout<Shape<_8, _2, _2>, Stride<_1, _16, _8>>, _16>;
using PM = Tile<_64, Underscore, Underscore>;
using GmmaSS = SM90_64x128x16_F32BF16BF16_SS<GMMA::Major::K, GMMA::Major::K>;
using GmmaRS = SM90_64x64x16_F16F16F16_RS<GMMA::Major::K, GMMA::Major::K>;
}  // namespace cfg

#define TILED_MMA_CONFIGS(X)                                                                             \
  X(sm80_16x8x16_111, SM80_16x8x16_F32F16F16F32_TN, L111, P_, "(1,1,1)", "Tile<_,_,_>")                  \
  X(sm80_16x8x16_221, SM80_16x8x16_F32F16F16F32_TN, L221, P_, "(2,2,1)", "Tile<_,_,_>")                  \
  X(sm80_16x8x16_421, SM80_16x8x16_F32F16F16F32_TN, L421, P_, "(4,2,1)", "Tile<_,_,_>")                  \
  X(sm80_16x8x16_241, SM80_16x8x16_F32F16F16F32_TN, L241, P_, "(2,4,1)", "Tile<_,_,_>")                  \
  X(sm80_16x8x16_111_p32, SM80_16x8x16_F32F16F16F32_TN, L111, P32, "(1,1,1)", "Tile<_32,_32,_16>")       \
  X(sm80_16x8x16_221_p32, SM80_16x8x16_F32F16F16F32_TN, L221, P32, "(2,2,1)", "Tile<_32,_32,_16>")       \
  X(sm80_16x8x16_421_p32, SM80_16x8x16_F32F16F16F32_TN, L421, P32, "(4,2,1)", "Tile<_32,_32,_16>")       \
  X(sm80_16x8x16_241_p32, SM80_16x8x16_F32F16F16F32_TN, L241, P32, "(2,4,1)", "Tile<_32,_32,_16>")       \
  X(sm80_16x8x16_111_p64, SM80_16x8x16_F32F16F16F32_TN, L111, P64, "(1,1,1)", "Tile<_64,_32,_16>")       \
  X(sm80_16x8x16_221_p64, SM80_16x8x16_F32F16F16F32_TN, L221, P64, "(2,2,1)", "Tile<_64,_32,_16>")       \
  X(sm80_16x8x16_421_p64, SM80_16x8x16_F32F16F16F32_TN, L421, P64, "(4,2,1)", "Tile<_64,_32,_16>")       \
  X(sm80_16x8x16_241_p64, SM80_16x8x16_F32F16F16F32_TN, L241, P64, "(2,4,1)", "Tile<_64,_32,_16>")       \
  X(sm80_16x8x16_221n, SM80_16x8x16_F32F16F16F32_TN, L221n, P32, "(2,2,1):(2,1,0)", "Tile<_32,_32,_16>") \
  X(sm80_16x8x16_212, SM80_16x8x16_F32F16F16F32_TN, L212, P_, "(2,1,2)", "Tile<_,_,_>")                  \
  X(sm80_16x8x16_21_pm, SM80_16x8x16_F32F16F16F32_TN, L21, PM, "(2,1)", "Tile<_64>")                     \
  X(sm80_16x8x16_221_play, SM80_16x8x16_F32F16F16F32_TN, L221, PLay, "(2,2,1)",                          \
    "Tile<_32,(8,2,2):(1,16,8),_16>")                                                                    \
  X(sm75_16x8x8_221, SM75_16x8x8_F32F16F16F32_TN, L221, P_, "(2,2,1)", "Tile<_,_,_>")                    \
  X(sm75_16x8x8_221_p32, SM75_16x8x8_F32F16F16F32_TN, L221, P32, "(2,2,1)", "Tile<_32,_32,_16>")         \
  X(sm80_16x8x8_f16_221, SM80_16x8x8_F16F16F16F16_TN, L221, P_, "(2,2,1)", "Tile<_,_,_>")                \
  X(sm80_16x8x8_f16_221_p32, SM80_16x8x8_F16F16F16F16_TN, L221, P32, "(2,2,1)", "Tile<_32,_32,_16>")     \
  X(sm80_16x8x32_s8_221, SM80_16x8x32_S32S8S8S32_TN, L221, P_, "(2,2,1)", "Tile<_,_,_>")                 \
  X(sm90_64x128x16_ss_211, GmmaSS, L21, P_, "(2,1)", "Tile<_,_,_>")                                      \
  X(sm90_64x64x16_rs_211, GmmaRS, L21, P_, "(2,1)", "Tile<_,_,_>")
#endif

}  // namespace tiled_oracle
