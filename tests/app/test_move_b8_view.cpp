// The matrix-move view's 8-bit page (viewmodel/move_b8_view.hpp). Cells worked out by hand from the
// PTX ISA 9.0 text as docs/guide/blackwell.md states it: m16n16 .trans: lane t, register 2m + r,
// byte j holds D(t/4 + 8r, 4(t%4) + j); m8n16: register m, byte j holds M_m(t/4, 4(t%4) + j);
// stmatrix.m16n8 .trans: register m, byte k holds M_m(t/4 + 8(k/2), 2(t%4) + k%2).
#include <gtest/gtest.h>

#include "fragviz/viewmodel/move_b8_view.hpp"

namespace fragviz::app {
namespace {

TEST(MoveB8View, ElevenForms) {
  const auto forms = matrix_move_b8_forms();
  EXPECT_EQ(forms.size(), 11u);
  EXPECT_EQ(matrix_move_b8_mnemonic(forms.front()), "ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8");
}

TEST(MoveB8View, M16n16TransLoad) {
  const MoveB8Model m = make_move_b8_model(MatrixMoveB8{MatrixMoveB8Form::ldsm_m16n16_trans_b8, 1});
  ASSERT_EQ(m.matrices.size(), 1u);
  EXPECT_EQ(m.matrices[0].rows, 16);
  EXPECT_EQ(m.matrices[0].cols, 16);
  // Lane 5 (t/4 1, t%4 1), register 1, byte 2: D(9, 6), stored row 4 + 2 = 6, byte 9.
  EXPECT_EQ(move_b8_cell_label(m.matrices[0].at(9, 6)), "T5 r1.2");
  const std::string hover = move_b8_cell_text(m, 0, 9, 6);
  EXPECT_NE(hover.find("stored row 6, byte 9 (its address from lane 6)"), std::string::npos) << hover;
  EXPECT_NE(m.cute.find("#2901"), std::string::npos) << m.cute;
  EXPECT_NE(m.status.find("PTX ISA 9.0 and CuTe 4.2 agree"), std::string::npos);
}

TEST(MoveB8View, SubByteLoadAndStore) {
  MoveB8Model m = make_move_b8_model(MatrixMoveB8{MatrixMoveB8Form::ldsm_m8n16_b4x16_p64, 4});
  ASSERT_EQ(m.matrices.size(), 4u);
  EXPECT_EQ(m.matrices[3].rows, 8);
  // Lane 13 (t/4 3, t%4 1), register 3, byte 1: M_3(3, 5).
  EXPECT_EQ(move_b8_cell_label(m.matrices[3].at(3, 5)), "T13 r3.1");
  m = make_move_b8_model(MatrixMoveB8{MatrixMoveB8Form::stsm_m16n8_trans_b8, 2});
  ASSERT_EQ(m.matrices.size(), 2u);
  EXPECT_EQ(m.matrices[1].rows, 16);
  EXPECT_EQ(m.matrices[1].cols, 8);
  // Lane 6 (t/4 1, t%4 2), register 1, byte 3: M_1(1 + 8, 4 + 1).
  EXPECT_EQ(move_b8_cell_label(m.matrices[1].at(9, 5)), "T6 r1.3");
  EXPECT_TRUE(m.store);
  EXPECT_NE(m.status.find("CuTe 4.2's"), std::string::npos) << m.status;
}

}  // namespace
}  // namespace fragviz::app
