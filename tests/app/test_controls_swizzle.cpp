// The Controls view's swizzle pick (Controls::pick_swizzle, issue 22): the XOR swizzle is defined
// on an unpadded tile, so picking it at the default pad 8 sets pad 0, where the default tile (64
// halves = 128 bytes a row) is legal for ldmatrix and conflict-free; picking none leaves the pad.
#include <gtest/gtest.h>

#include "app_state.hpp"
#include "fragviz/smem/banks.hpp"

namespace fragviz::app {
namespace {

TEST(ControlsSwizzle, XorAtTheDefaultPadSetsPadZero) {
  Controls c;
  ASSERT_EQ(c.pad_halves, 8);
  // What the user saw before: xor over a padded row (144 bytes) is illegal for ldmatrix.
  Controls before = c;
  before.swizzle = Swizzle::xor_row_mod8;
  EXPECT_TRUE(analyze_ldmatrix(before.ldmatrix(), before.tile()).error.has_value());

  EXPECT_TRUE(c.pick_swizzle(Swizzle::xor_row_mod8));
  EXPECT_EQ(c.swizzle, Swizzle::xor_row_mod8);
  EXPECT_EQ(c.pad_halves, 0);
  const BankReport r = analyze_ldmatrix(c.ldmatrix(), c.tile());
  EXPECT_FALSE(r.error.has_value()) << *r.error;
  EXPECT_EQ(r.bank_conflicts, 0);  // 8 rows of a matrix on 8 different 16-byte chunks
}

TEST(ControlsSwizzle, XorAtPadZeroChangesNothingElse) {
  Controls c;
  c.pad_halves = 0;
  EXPECT_FALSE(c.pick_swizzle(Swizzle::xor_row_mod8));
  EXPECT_EQ(c.pad_halves, 0);
  EXPECT_EQ(c.swizzle, Swizzle::xor_row_mod8);
}

TEST(ControlsSwizzle, NoneKeepsThePad) {
  Controls c;
  c.pad_halves = 24;
  c.swizzle = Swizzle::xor_row_mod8;
  EXPECT_FALSE(c.pick_swizzle(Swizzle::none));
  EXPECT_EQ(c.swizzle, Swizzle::none);
  EXPECT_EQ(c.pad_halves, 24);
}

}  // namespace
}  // namespace fragviz::app
