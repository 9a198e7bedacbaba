// 8-bit and sub-byte ldmatrix/stmatrix (fragviz/isa/matrix_move_b8.hpp). Expected cells worked
// out by hand from PTX ISA 9.0 "ldmatrix" (Figures 105, 106: "4 consecutive columns across 2
// rows", "4 consecutive columns"; matrix m's rows addressed by consecutive lanes) and, for
// stmatrix.m16n8 (whose figure was not available as text), from CuTe's SM100_U8x4_STSM_T layouts
// read by hand and mma.sync's m16n8 accumulator layout (9.7.14.5); CuTe's copy traits check the
// same maps in tests/cute/cute_sm100_matrix_move.cpp.
#include <gtest/gtest.h>

#include <set>
#include <tuple>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/fragment.hpp"
#include "fragviz/isa/matrix_move_b8.hpp"

namespace {

using fragviz::MatrixMoveB8;
using fragviz::MatrixMoveB8Form;

struct Want {
  int matrix, row, col, stored_row, stored_col, address_lane;
};

void expect_cell(MatrixMoveB8 m, int lane, int reg, int byte, Want w) {
  const fragviz::MatrixMoveB8Cell c = fragviz::matrix_move_b8_cell(m, lane, reg, byte);
  const std::string at = fragviz::matrix_move_b8_mnemonic(m) + " lane " + std::to_string(lane) + " r" +
                         std::to_string(reg) + " byte " + std::to_string(byte);
  EXPECT_EQ(c.matrix, w.matrix) << at;
  EXPECT_EQ(c.row, w.row) << at;
  EXPECT_EQ(c.col, w.col) << at;
  EXPECT_EQ(c.stored_row, w.stored_row) << at;
  EXPECT_EQ(c.stored_col, w.stored_col) << at;
  EXPECT_EQ(c.address_lane, w.address_lane) << at;
}

TEST(MatrixMoveB8, MnemonicsAndCounts) {
  EXPECT_EQ(fragviz::matrix_move_b8_mnemonic({MatrixMoveB8Form::ldsm_m16n16_trans_b8, 2}),
            "ldmatrix.sync.aligned.m16n16.x2.trans.shared.b8");
  EXPECT_EQ(fragviz::matrix_move_b8_mnemonic({MatrixMoveB8Form::ldsm_m8n16_b4x16_p64, 4}),
            "ldmatrix.sync.aligned.m8n16.x4.shared.b8x16.b4x16_p64");
  EXPECT_EQ(fragviz::matrix_move_b8_mnemonic({MatrixMoveB8Form::stsm_m16n8_trans_b8, 1}),
            "stmatrix.sync.aligned.m16n8.x1.trans.shared.b8");
  EXPECT_FALSE(fragviz::matrix_move_b8_valid({MatrixMoveB8Form::ldsm_m16n16_trans_b8, 4}));  // x1, x2 only
  EXPECT_FALSE(fragviz::parse_matrix_move_b8("ldmatrix.sync.aligned.m16n16.x4.trans.shared.b8"));
  const auto p = fragviz::parse_matrix_move_b8("ldmatrix.sync.aligned.m8n16.x2.shared.b8x16.b6x16_p32");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->form, MatrixMoveB8Form::ldsm_m8n16_b6x16_p32);
  EXPECT_EQ(p->num, 2);
  EXPECT_EQ(fragviz::matrix_move_b8_registers({MatrixMoveB8Form::ldsm_m16n16_trans_b8, 1}), 2);
  EXPECT_EQ(fragviz::matrix_move_b8_address_lanes({MatrixMoveB8Form::ldsm_m16n16_trans_b8, 1}), 16);
  EXPECT_EQ(fragviz::matrix_move_b8_address_lanes({MatrixMoveB8Form::stsm_m16n8_trans_b8, 2}), 16);
}

TEST(MatrixMoveB8, M16n16TransGivesFourColumnsAcrossTwoRows) {
  // Lane 5: groupID 1, thread in group 1. r0 holds D row 1, columns 4-7; r1 row 9. D is the
  // stored matrix transposed: D(1, 6) is stored row 6 (addressed by lane 6), byte 1.
  const MatrixMoveB8 x1{MatrixMoveB8Form::ldsm_m16n16_trans_b8, 1};
  expect_cell(x1, 5, 0, 2, {0, 1, 6, 6, 1, 6});
  expect_cell(x1, 5, 1, 3, {0, 9, 7, 7, 9, 7});
  // .x2: registers 2, 3 are the second matrix, whose rows lanes 16-31 address.
  const MatrixMoveB8 x2{MatrixMoveB8Form::ldsm_m16n16_trans_b8, 2};
  expect_cell(x2, 31, 3, 3, {1, 15, 15, 15, 15, 31});
  expect_cell(x2, 0, 2, 1, {1, 0, 1, 1, 0, 17});
}

TEST(MatrixMoveB8, M8n16WidensFourConsecutiveValuesPerLane) {
  // Lane 13: groupID 3, thread in group 1: row 3, values 4-7; .x4 register 2 is matrix 2, whose
  // rows lanes 16-23 address.
  for (MatrixMoveB8Form f :
       {MatrixMoveB8Form::ldsm_m8n16_b6x16_p32, MatrixMoveB8Form::ldsm_m8n16_b4x16_p64}) {
    expect_cell({f, 4}, 13, 2, 0, {2, 3, 4, 3, 4, 19});
    expect_cell({f, 1}, 31, 0, 3, {0, 7, 15, 7, 15, 7});
  }
}

TEST(MatrixMoveB8, StmatrixM16n8TransStoresTheColumnsAsRows) {
  // Lane 6: groupID 1, thread in group 2: byte 3 is M(9, 5), stored row 5 (lane 5), byte 9.
  const MatrixMoveB8 x1{MatrixMoveB8Form::stsm_m16n8_trans_b8, 1};
  expect_cell(x1, 6, 0, 3, {0, 9, 5, 5, 9, 5});
  expect_cell({MatrixMoveB8Form::stsm_m16n8_trans_b8, 4}, 0, 3, 0, {3, 0, 0, 0, 0, 24});
}

// Its registers are the mma.sync m16n8 accumulator fragment, byte k = c_k: an 8-bit epilogue
// stores an m16n8 accumulator with it after converting each element to a byte.
TEST(MatrixMoveB8, StmatrixM16n8RegisterIsTheMmaSyncAccumulatorFragment) {
  const fragviz::Instruction* mma =
      fragviz::find_instruction("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32");
  ASSERT_NE(mma, nullptr);
  for (int t = 0; t < 32; ++t)
    for (int k = 0; k < 4; ++k) {
      const fragviz::Coord c = fragviz::fragment_coord(*mma, fragviz::Operand::C, t, k);
      const auto cell = fragviz::matrix_move_b8_cell({MatrixMoveB8Form::stsm_m16n8_trans_b8, 1}, t, 0, k);
      EXPECT_EQ(cell.row, c.row) << t << " " << k;
      EXPECT_EQ(cell.col, c.col) << t << " " << k;
    }
}

TEST(MatrixMoveB8, EveryFormCoversEachElementOnce) {
  for (MatrixMoveB8Form f : {MatrixMoveB8Form::ldsm_m16n16_trans_b8, MatrixMoveB8Form::ldsm_m8n16_b6x16_p32,
                             MatrixMoveB8Form::ldsm_m8n16_b4x16_p64, MatrixMoveB8Form::stsm_m16n8_trans_b8})
    for (int num : {1, 2, 4}) {
      const MatrixMoveB8 m{f, num};
      if (!fragviz::matrix_move_b8_valid(m)) continue;
      std::set<std::tuple<int, int, int>> seen;
      for (int t = 0; t < 32; ++t)
        for (int r = 0; r < fragviz::matrix_move_b8_registers(m); ++r)
          for (int b = 0; b < 4; ++b) {
            const auto c = fragviz::matrix_move_b8_cell(m, t, r, b);
            EXPECT_LT(c.stored_col, 16);
            EXPECT_LT(c.address_lane, fragviz::matrix_move_b8_address_lanes(m));
            EXPECT_TRUE(seen.insert({c.matrix, c.stored_row, c.stored_col}).second)
                << fragviz::matrix_move_b8_mnemonic(m) << " t" << t;
          }
      EXPECT_EQ(static_cast<int>(seen.size()), num * fragviz::matrix_move_b8_stored_rows(m) * 16);
    }
}

// CuTe's byte shuffle after ldmatrix.m16n16.trans.b8 (cutlass #2901), worked out from the uchar4
// assignments in SM100_U8x8_LDSM_T: dst0 = {tmp0.x, tmp0.y, tmp1.x, tmp1.y}, dst1 = {tmp0.z,
// tmp0.w, tmp1.z, tmp1.w}.
TEST(MatrixMoveB8, CuteLdsmTShuffleInterleavesTheTwoRegistersBytePairs) {
  const int want[2][4][2] = {{{0, 0}, {0, 1}, {1, 0}, {1, 1}}, {{0, 2}, {0, 3}, {1, 2}, {1, 3}}};
  for (int d = 0; d < 2; ++d)
    for (int k = 0; k < 4; ++k) {
      EXPECT_EQ(fragviz::cute_ldsm_t_u8_raw_source(d, k).reg, want[d][k][0]);
      EXPECT_EQ(fragviz::cute_ldsm_t_u8_raw_source(d, k).byte, want[d][k][1]);
      EXPECT_EQ(fragviz::cute_ldsm_t_u8_raw_source(d + 2, k).reg, want[d][k][0] + 2);  // .x2's second pair
    }
}

}  // namespace
