// tcgen05.cp (fragviz/isa/tmem_cp.hpp) against CuTe's SM100_UTCCP_* copy traits
// (cute/atom/copy_traits_sm100.hpp), host only. Part of test_cute_sm100 (cute.sm100.*).
//
// CuTe copies source value j to destination value j. SrcLayout(0, j) names the source bit as a
// logical index, DstLayout(0, j) the destination's; ValID maps a logical index to a TMEM bit address
// (lane * DP_b + bit column). Modes of the logical index, in CuTe's words: [core_matrix_strided
// (rows), core_matrix_leading (bits of a row), repeat, broadcast]; the source's broadcast stride is 0.
// So every j gives one (source row, bit) -> (TMEM lane, bit) pair; the model must give exactly the
// same set of pairs, every row to tmem_cp_copies lanes. How each atom's logical index reads as a
// source row is spelt out per atom below (the rows mode, plus .64x128b.01_23's repeat mode: its
// rows 32-63; .4x256b numbers its four rows 0, 32, 64, 96 of a 128-row "refresh").
#include <gtest/gtest.h>

#include <cute/atom/copy_traits_sm100.hpp>
#include <set>
#include <tuple>
#include <type_traits>

#include "fragviz/isa/tmem_cp.hpp"

namespace {

using fragviz::TmemCpShape;
using Pair = std::tuple<int, int, int, int>;  // source row, source bit, TMEM lane, TMEM bit column

struct RowBit {
  int row, bit;
};

// CuTe's pairs of atom `Op`; `decode` reads a source logical index as (row, bit).
template <class Op, class Decode>
std::set<Pair> cute_pairs(Decode decode) {
  using T = cute::Copy_Traits<Op>;
  const int n = static_cast<int>(cute::size<1>(typename T::SrcLayout{}));
  EXPECT_EQ(n, static_cast<int>(cute::size<1>(typename T::DstLayout{})));
  const std::int64_t dp = cute::TMEM::DP_b::value;
  std::set<Pair> out;
  for (int j = 0; j < n; ++j) {
    const RowBit src = decode(static_cast<int>(typename T::SrcLayout{}(0, j)));
    const std::int64_t addr =
        static_cast<std::int64_t>(typename T::ValID{}(static_cast<int>(typename T::DstLayout{}(0, j))));
    out.insert({src.row, src.bit, static_cast<int>(addr / dp), static_cast<int>(addr % dp)});
  }
  return out;
}

// The model's pairs: every bit of every row, every copy.
std::set<Pair> model_pairs(TmemCpShape s) {
  std::set<Pair> out;
  for (int r = 0; r < fragviz::tmem_cp_rows(s); ++r)
    for (int b = 0; b < fragviz::tmem_cp_row_bits(s); ++b)
      for (int k = 0; k < fragviz::tmem_cp_copies(s); ++k) {
        const fragviz::TmemCpDest d = fragviz::tmem_cp_dest(s, r, b / 128, k, (b % 128) / 32);
        out.insert({r, b, d.lane, 32 * d.column + b % 32});
      }
  return out;
}

template <class Op, class Decode>
void expect_same(TmemCpShape s, Decode decode, const char* name) {
  const std::set<Pair> cute = cute_pairs<Op>(decode);
  const std::set<Pair> model = model_pairs(s);
  EXPECT_EQ(model.size(), static_cast<std::size_t>(fragviz::tmem_cp_rows(s) * fragviz::tmem_cp_row_bits(s) *
                                                   fragviz::tmem_cp_copies(s)))
      << name;
  EXPECT_TRUE(cute == model) << name << ": CuTe " << cute.size() << " pairs, model " << model.size();
  int shown = 0;
  for (const Pair& p : cute)
    if (!model.count(p) && shown++ < 4)
      ADD_FAILURE() << name << ": CuTe row " << std::get<0>(p) << " bit " << std::get<1>(p) << " -> lane "
                    << std::get<2>(p) << " bit " << std::get<3>(p) << ", not in the model";
}

TEST(CuteSm100, Cp128x256bEqualsCute) {
  // ValID (128, 256): row + 128 * bit.
  expect_same<cute::SM100_UTCCP_128dp256bit_1cta>(
      TmemCpShape::s128x256b,
      [](int l) {
        return RowBit{l % 128, l / 128};
      },
      "SM100_UTCCP_128dp256bit_1cta");
}

TEST(CuteSm100, Cp128x128bEqualsCute) {
  expect_same<cute::SM100_UTCCP_128dp128bit_1cta>(
      TmemCpShape::s128x128b,
      [](int l) {
        return RowBit{l % 128, l / 128};
      },
      "SM100_UTCCP_128dp128bit_1cta");
}

TEST(CuteSm100, Cp4x256bEqualsCute) {
  // ValID (128, 256) too; the four rows are its rows 0, 32, 64, 96.
  expect_same<cute::SM100_UTCCP_4dp256bit_1cta>(
      TmemCpShape::s4x256b,
      [](int l) {
        EXPECT_EQ(l % 32, 0) << "a 4dp256bit source row off CuTe's 32-row grid";
        return RowBit{(l % 128) / 32, l / 128};
      },
      "SM100_UTCCP_4dp256bit_1cta");
}

TEST(CuteSm100, Cp32x128bWarpx4EqualsCute) {
  // ValID (32, 128, 4): row + 32 * bit (+ 4096 * broadcast, 0 in the source).
  expect_same<cute::SM100_UTCCP_4x32dp128bit_1cta>(
      TmemCpShape::s32x128b_x4,
      [](int l) {
        return RowBit{l % 32, l / 32};
      },
      "SM100_UTCCP_4x32dp128bit_1cta");
}

TEST(CuteSm100, Cp64x128bWarpx2EqualsCute) {
  // 02_13, ValID (64, 128, 2): row + 64 * bit (+ broadcast).
  expect_same<cute::SM100_UTCCP_2x64dp128bitlw0213_1cta>(
      TmemCpShape::s64x128b_02_13,
      [](int l) {
        return RowBit{l % 64, l / 64};
      },
      "SM100_UTCCP_2x64dp128bitlw0213_1cta");
  // 01_23, ValID (32, 128, 2, 2): row % 32 + 32 * bit + 4096 * (row / 32) (+ broadcast).
  expect_same<cute::SM100_UTCCP_2x64dp128bitlw0123_1cta>(
      TmemCpShape::s64x128b_01_23,
      [](int l) {
        return RowBit{l % 32 + 32 * (l / 4096), (l / 32) % 128};
      },
      "SM100_UTCCP_2x64dp128bitlw0123_1cta");
}

TEST(CuteSm100, CpPairAtomsCopyTheSameMapIntoEachCta) {
  // cta_group::2: two "threads" (the CTAs), the same ValID and, per CTA, the same source values.
  static_assert(std::is_same_v<cute::Copy_Traits<cute::SM100_UTCCP_128dp256bit_2cta>::ValID,
                               cute::Copy_Traits<cute::SM100_UTCCP_128dp256bit_1cta>::ValID>);
  static_assert(std::is_same_v<cute::Copy_Traits<cute::SM100_UTCCP_4x32dp128bit_2cta>::ValID,
                               cute::Copy_Traits<cute::SM100_UTCCP_4x32dp128bit_1cta>::ValID>);
  static_assert(std::is_same_v<cute::Copy_Traits<cute::SM100_UTCCP_2x64dp128bitlw0123_2cta>::ValID,
                               cute::Copy_Traits<cute::SM100_UTCCP_2x64dp128bitlw0123_1cta>::ValID>);
  using Src2 = cute::Copy_Traits<cute::SM100_UTCCP_2x64dp128bitlw0213_2cta>::SrcLayout;
  for (int j = 0; j < 64; ++j) EXPECT_EQ(Src2{}(0, j), Src2{}(1, j)) << j;
}

}  // namespace
