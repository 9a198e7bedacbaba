// The 8-bit and sub-byte matrix moves (fragviz/isa/matrix_move_b8.hpp) against CuTe's SM100
// copy traits (cute/atom/copy_traits_sm100.hpp), host only. Part of test_cute_sm100 (cute.sm100.*).
//
// CuTe names a shared-memory byte by a logical bit: the row whose address lane h gives starts at
// logical bit SrcLayout(h, 0) (loads) or DstLayout(h, 0) (stores), 128 bits a row; a register byte
// of lane t is logical bit Dst/SrcLayout(t, 32 r + 8 k). So for every (lane, register, byte) the
// model's stored row (through its address lane) and byte must give the same logical bit.
// SM100_U8x8_LDSM_T and SM100_U8x16_LDSM_T permute bytes after the instruction (cutlass #2901):
// their registers are compared with the raw map through cute_ldsm_t_u8_raw_source, and a second
// check shows the raw registers alone do not match, so the shuffle is real and named.
#include <gtest/gtest.h>

#include <cute/atom/copy_traits_sm100.hpp>
#include <string>

#include "fragviz/isa/matrix_move_b8.hpp"

namespace {

using fragviz::MatrixMoveB8;
using fragviz::MatrixMoveB8Form;

// The logical bit CuTe gives the model's stored byte of cell `c`: its row's address lane's row
// start plus 8 bits a byte (m8n16: a widened value, 8 logical bits each).
template <class RowLayout>
int cute_stored_bit(const fragviz::MatrixMoveB8Cell& c) {
  const int row_start = static_cast<int>(RowLayout{}(c.address_lane, 0));
  return row_start + 8 * c.stored_col;
}

// Every (lane, register, byte) of atom `Op`: CuTe's logical bit of the register byte against the
// model's stored byte; `shuffle`: CuTe's register byte is the raw one cute_ldsm_t_u8_raw_source
// names. Returns the number of mismatches.
template <class Op, bool kStore>
int mismatches(MatrixMoveB8 m, bool shuffle) {
  using Traits = cute::Copy_Traits<Op>;
  using RegLayout = std::conditional_t<kStore, typename Traits::SrcLayout, typename Traits::DstLayout>;
  using RowLayout = std::conditional_t<kStore, typename Traits::DstLayout, typename Traits::SrcLayout>;
  using Regs = std::conditional_t<kStore, typename Op::SRegisters, typename Op::DRegisters>;
  const int regs = static_cast<int>(sizeof(Regs) / sizeof(std::uint32_t));
  EXPECT_EQ(regs, fragviz::matrix_move_b8_registers(m)) << fragviz::matrix_move_b8_mnemonic(m);
  int bad = 0;
  for (int t = 0; t < 32; ++t)
    for (int r = 0; r < regs; ++r)
      for (int k = 0; k < 4; ++k) {
        const int cute_bit = static_cast<int>(RegLayout{}(t, 32 * r + 8 * k));
        const fragviz::RegisterByte raw =
            shuffle ? fragviz::cute_ldsm_t_u8_raw_source(r, k) : fragviz::RegisterByte{r, k};
        const fragviz::MatrixMoveB8Cell c = fragviz::matrix_move_b8_cell(m, t, raw.reg, raw.byte);
        if (c.matrix < 0 || cute_stored_bit<RowLayout>(c) != cute_bit) ++bad;
      }
  return bad;
}

TEST(CuteSm100, LdsmM16n16TransB8EqualsCuteThroughItsByteShuffle) {
  const MatrixMoveB8 x1{MatrixMoveB8Form::ldsm_m16n16_trans_b8, 1};
  const MatrixMoveB8 x2{MatrixMoveB8Form::ldsm_m16n16_trans_b8, 2};
  EXPECT_EQ((mismatches<cute::SM100_U8x8_LDSM_T, false>(x1, true)), 0) << "SM100_U8x8_LDSM_T";
  EXPECT_EQ((mismatches<cute::SM100_U8x16_LDSM_T, false>(x2, true)), 0) << "SM100_U8x16_LDSM_T";
  // Without the shuffle exactly half the bytes land elsewhere: bytes 2, 3 of each even register
  // (raw: D(r, c+2), D(r, c+3); CuTe: D(r+8, c), D(r+8, c+1)) and bytes 0, 1 of each odd one.
  EXPECT_EQ((mismatches<cute::SM100_U8x8_LDSM_T, false>(x1, false)), 32 * 8 / 2);
  EXPECT_EQ((mismatches<cute::SM100_U8x16_LDSM_T, false>(x2, false)), 32 * 16 / 2);
}

TEST(CuteSm100, LdsmM8n16SubByteEqualsCute) {
  using F = MatrixMoveB8Form;
  EXPECT_EQ((mismatches<cute::SM100_SU4_DU8x16_x1_LDSM_N, false>({F::ldsm_m8n16_b4x16_p64, 1}, false)), 0);
  EXPECT_EQ((mismatches<cute::SM100_SU4_DU8x16_x2_LDSM_N, false>({F::ldsm_m8n16_b4x16_p64, 2}, false)), 0);
  EXPECT_EQ((mismatches<cute::SM100_SU4_DU8x16_x4_LDSM_N, false>({F::ldsm_m8n16_b4x16_p64, 4}, false)), 0);
  EXPECT_EQ((mismatches<cute::SM100_SU6_DU8x16_x1_LDSM_N, false>({F::ldsm_m8n16_b6x16_p32, 1}, false)), 0);
  EXPECT_EQ((mismatches<cute::SM100_SU6_DU8x16_x2_LDSM_N, false>({F::ldsm_m8n16_b6x16_p32, 2}, false)), 0);
  EXPECT_EQ((mismatches<cute::SM100_SU6_DU8x16_x4_LDSM_N, false>({F::ldsm_m8n16_b6x16_p32, 4}, false)), 0);
}

TEST(CuteSm100, StsmM16n8TransB8EqualsCute) {
  using F = MatrixMoveB8Form;
  EXPECT_EQ((mismatches<cute::SM100_U8x4_STSM_T, true>({F::stsm_m16n8_trans_b8, 1}, false)), 0);
  EXPECT_EQ((mismatches<cute::SM100_U8x8_STSM_T, true>({F::stsm_m16n8_trans_b8, 2}, false)), 0);
  EXPECT_EQ((mismatches<cute::SM100_U8x16_STSM_T, true>({F::stsm_m16n8_trans_b8, 4}, false)), 0);
}

}  // namespace
