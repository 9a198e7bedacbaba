// CuTe's side of the TiledCopy cross-check (test_cute_tiled.cpp): every copy atom of the list
// made for every TiledMMA configuration of tiled_record.hpp (make_tiled_copy_A/B/C), and a few
// make_tiled_copy(atom, thr, val), recorded as CuTe computes them (three also as the text a copy
// field takes), each when its test asks (every
// test is its own process under CTest, and all of them at -O0 take seconds). Where CuTe's TiledCopy would
// static_assert (too few threads or values for the atom) the copy is not instantiated; the record
// says so, from CuTe's own sizes, and fragviz must refuse it. No fragviz code here.
#define TILED_CUTE
// cute/tensor.hpp before the atoms: copy_atom.hpp alone reaches algorithm/copy.hpp before Copy_Atom.
#include <cute/tensor.hpp>
// Then the rest.
#include <cute/atom/copy_atom.hpp>
#include <cute/atom/copy_traits_sm75.hpp>
#include <cute/atom/copy_traits_sm80.hpp>
#include <cute/atom/copy_traits_sm90.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/mma_traits_sm75.hpp>
#include <cute/atom/mma_traits_sm80.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>

#include "tiled_record.hpp"

namespace tiled_oracle {

namespace {

using namespace cute;

template <char Op, class Mma>
auto operand_tv(const Mma& mma) {
  if constexpr (Op == 'A')
    return mma.get_layoutA_TV();
  else if constexpr (Op == 'B')
    return mma.get_layoutB_TV();
  else
    return mma.get_layoutC_TV();
}

template <char Op, class Mma>
auto operand_tile(const Mma& mma) {
  if constexpr (Op == 'A')
    return make_shape(tile_size<0>(mma), tile_size<2>(mma));
  else if constexpr (Op == 'B')
    return make_shape(tile_size<1>(mma), tile_size<2>(mma));
  else
    return make_shape(tile_size<0>(mma), tile_size<1>(mma));
}

template <char Op, class Mma, class Shape>
auto fragment_of(const Mma& mma, const Shape& tile) {
  if constexpr (Op == 'A')
    return make_layout(partition_shape_A(mma, tile));
  else if constexpr (Op == 'B')
    return make_layout(partition_shape_B(mma, tile));
  else
    return make_layout(partition_shape_C(mma, tile));
}

template <class TC, class Tile>
void record_copy(CopyRecord& r, const TC& tc, const Tile& tile) {
  r.tv = record(typename TC::TiledLayout_TV{});
  r.tiler = printed(typename TC::Tiler_MN{});
  r.s = record(tc.get_layoutS_TV());
  r.d = record(tc.get_layoutD_TV());
  const auto big = make_layout(transform(tile, [](auto n) { return n * Int<2>{}; }));
  r.tidfrg_s = record(TC::tidfrg_S(big));
  r.tidfrg_d = record(TC::tidfrg_D(big));
}

template <class CopyOp, class ValType, char Op, class Mma>
void copy_for(std::vector<CopyCase>& out, const char* mma_id, const Mma& mma, const char* copy_name,
              const char* text = "") {
  const std::string id = std::string(mma_id) + "_" + Op + "_" + copy_name + (*text ? "_as_text" : "");
  const std::string field_text = text;
  out.push_back(CopyCase{id, [=] {
                           using Atom = Copy_Atom<CopyOp, ValType>;
                           CopyRecord r;
                           r.id = id;
                           r.text = field_text;
                           r.mma = mma_id;
                           r.copy = copy_name;
                           r.value_bits = int(sizeof_bits_v<ValType>);
                           r.operand = Op;
                           using TV = decltype(operand_tv<Op>(mma));
                           using Ref = typename Atom::ValLayoutRef;
                           constexpr bool accepts =
                               size<0>(TV{}) % size<0>(Ref{}) == 0 && size<1>(TV{}) % size<1>(Ref{}) == 0;
                           r.cute_accepts = accepts;
                           if constexpr (accepts) {
                             const auto tile = operand_tile<Op>(mma);
                             const auto tc = [&] {
                               if constexpr (Op == 'A')
                                 return make_tiled_copy_A(Atom{}, mma);
                               else if constexpr (Op == 'B')
                                 return make_tiled_copy_B(Atom{}, mma);
                               else
                                 return make_tiled_copy_C(Atom{}, mma);
                             }();
                             record_copy(r, tc, tile);
                             r.retile = record(decltype(tc)::retile(fragment_of<Op>(mma, tile)));
                           }
                           return r;
                         }});
}

// Which operands of an atom are register fragments: a GMMA's B, and A of _SS, come through a
// descriptor and are not copied here.
template <class Op>
struct RegisterOperands {
  static constexpr bool a = true, b = true;
};
template <>
struct RegisterOperands<cfg::GmmaSS> {
  static constexpr bool a = false, b = false;
};
template <>
struct RegisterOperands<cfg::GmmaRS> {
  static constexpr bool a = true, b = false;
};

template <class MmaOp, class Mma>
void copies_for_mma(std::vector<CopyCase>& out, const char* id, const Mma& mma) {
  if constexpr (RegisterOperands<MmaOp>::a) {
    copy_for<SM75_U32x4_LDSM_N, half_t, 'A'>(out, id, mma, "SM75_U32x4_LDSM_N");
    copy_for<SM75_U32x2_LDSM_N, half_t, 'A'>(out, id, mma, "SM75_U32x2_LDSM_N");
    copy_for<SM75_U16x8_LDSM_T, half_t, 'A'>(out, id, mma, "SM75_U16x8_LDSM_T");
    copy_for<UniversalCopy<uint32_t>, half_t, 'A'>(out, id, mma, "UniversalCopy<uint32_t>");
  }
  if constexpr (RegisterOperands<MmaOp>::b) {
    copy_for<SM75_U16x8_LDSM_T, half_t, 'B'>(out, id, mma, "SM75_U16x8_LDSM_T");
    copy_for<SM75_U16x4_LDSM_T, half_t, 'B'>(out, id, mma, "SM75_U16x4_LDSM_T");
    copy_for<SM75_U32x4_LDSM_N, half_t, 'B'>(out, id, mma, "SM75_U32x4_LDSM_N");
    copy_for<SM75_U32x2_LDSM_N, half_t, 'B'>(out, id, mma, "SM75_U32x2_LDSM_N");
    copy_for<SM75_U32x1_LDSM_N, half_t, 'B'>(out, id, mma, "SM75_U32x1_LDSM_N");
  }
  copy_for<SM90_U32x4_STSM_N, half_t, 'C'>(out, id, mma, "SM90_U32x4_STSM_N");
  copy_for<SM90_U32x2_STSM_N, half_t, 'C'>(out, id, mma, "SM90_U32x2_STSM_N");
  copy_for<SM90_U16x8_STSM_T, half_t, 'C'>(out, id, mma, "SM90_U16x8_STSM_T");
  copy_for<SM90_U16x2_STSM_T, half_t, 'C'>(out, id, mma, "SM90_U16x2_STSM_T");
  copy_for<UniversalCopy<uint32_t>, half_t, 'C'>(out, id, mma, "UniversalCopy<uint32_t>");
}

template <class CopyOp, class ValType, class Thr, class Val>
void thr_val_copy(std::vector<CopyCase>& out, const char* id, const char* copy_name, const char* thr,
                  const char* val) {
  out.push_back(CopyCase{id, [=] {
                           CopyRecord r;
                           r.id = id;
                           r.copy = copy_name;
                           r.value_bits = int(sizeof_bits_v<ValType>);
                           r.operand = 'T';
                           r.thr = thr;
                           r.val = val;
                           const auto tc = make_tiled_copy(Copy_Atom<CopyOp, ValType>{}, Thr{}, Val{});
                           record_copy(r, tc, typename decltype(tc)::Tiler_MN{});
                           return r;
                         }});
}

}  // namespace

void copy_cases(std::vector<CopyCase>& out) {
  using namespace cfg;
#define TILED_COPIES_FOR(id, Op, AtomLayout, Perm, layout_text, perm_text) \
  copies_for_mma<Op>(out, #id, make_tiled_mma(Op{}, AtomLayout{}, Perm{}));
  TILED_MMA_CONFIGS(TILED_COPIES_FOR)
#undef TILED_COPIES_FOR
  // The sm80 GEMM tile's copies as its CuTe code spells them, given to fragviz as that text.
  const auto sm80 = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, L221{}, P32{});
  copy_for<SM75_U32x4_LDSM_N, half_t, 'A'>(
      out, "sm80_16x8x16_221_p32", sm80, "SM75_U32x4_LDSM_N",
      "make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, tiled_mma)");
  copy_for<SM75_U16x8_LDSM_T, half_t, 'B'>(out, "sm80_16x8x16_221_p32", sm80, "SM75_U16x8_LDSM_T",
                                           "make_tiled_copy_B(SM75_U16x8_LDSM_T, tiled_mma)");
  copy_for<SM90_U32x4_STSM_N, half_t, 'C'>(out, "sm80_16x8x16_221_p32", sm80, "SM90_U32x4_STSM_N",
                                           "make_tiled_copy_C(SM90_U32x4_STSM_N, tiled_mma)");
  thr_val_copy<UniversalCopy<uint128_t>, half_t, Layout<Shape<_32, _8>, Stride<_8, _1>>,
               Layout<Shape<_1, _8>>>(out, "universal128_thr32x8_val1x8", "UniversalCopy<uint128_t>",
                                      "(32,8):(8,1)", "(1,8)");
  thr_val_copy<UniversalCopy<uint128_t>, half_t, Layout<Shape<_16, _8>, Stride<_8, _1>>,
               Layout<Shape<_1, _8>>>(out, "universal128_thr16x8_val1x8", "UniversalCopy<uint128_t>",
                                      "(16,8):(8,1)", "(1,8)");
  thr_val_copy<UniversalCopy<uint64_t>, half_t, Layout<Shape<_32, _4>>, Layout<Shape<_4, _1>>>(
      out, "universal64_thr32x4_val4x1", "UniversalCopy<uint64_t>", "(32,4)", "(4,1)");
  thr_val_copy<UniversalCopy<uint32_t>, half_t, Layout<Shape<_8, _16>, Stride<_16, _1>>,
               Layout<Shape<_1, _2>>>(out, "universal32_thr8x16_val1x2", "UniversalCopy<uint32_t>",
                                      "(8,16):(16,1)", "(1,2)");
  thr_val_copy<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t, Layout<Shape<_32, _4>, Stride<_4, _1>>,
               Layout<Shape<_1, _8>>>(out, "cp_async128_thr32x4_val1x8",
                                      "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "(32,4):(4,1)", "(1,8)");
  // The global -> shared stage of B N-major (CtaTileSpec::gmem_copy): 16 x 8 threads, 8 x 1 values.
  thr_val_copy<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t, Layout<Shape<_16, _8>>, Layout<Shape<_8, _1>>>(
      out, "cp_async_cg128_thr16x8_val8x1", "SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>", "(16,8)", "(8,1)");
  thr_val_copy<SM75_U32x4_LDSM_N, half_t, Layout<Shape<_32, _1>>, Layout<Shape<_1, _8>>>(
      out, "ldsm_n_x4_thr32_val8", "SM75_U32x4_LDSM_N", "(32,1)", "(1,8)");
  thr_val_copy<SM75_U16x8_LDSM_T, half_t, Layout<Shape<_1, _32>>, Layout<Shape<_8, _1>>>(
      out, "ldsm_t_x4_thr32_val8", "SM75_U16x8_LDSM_T", "(1,32)", "(8,1)");
}

}  // namespace tiled_oracle
