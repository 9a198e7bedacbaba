// The Controls view's tile fields follow the element type (app/tile_units.hpp): an s8 tile's width
// is counted in bytes (one element each), f16's in halves, tf32's in words. Values worked by hand:
// a 64-half row is 128 bytes, 32 words.
#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "tile_units.hpp"

namespace fragviz::app {
namespace {

TEST(TileUnits, UnitFollowsTheElementType) {
  EXPECT_EQ(std::string(tile_field_unit(ElemType::s8).name), "bytes");
  EXPECT_EQ(tile_field_unit(ElemType::s8).bytes, 1);
  EXPECT_EQ(std::string(tile_field_unit(ElemType::e4m3).name), "bytes");
  EXPECT_EQ(std::string(tile_field_unit(ElemType::s4).name), "bytes");  // no half-byte unit
  EXPECT_EQ(std::string(tile_field_unit(ElemType::b1).name), "bytes");
  EXPECT_EQ(std::string(tile_field_unit(ElemType::f16).name), "halves");
  EXPECT_EQ(std::string(tile_field_unit(ElemType::bf16).name), "halves");
  EXPECT_EQ(std::string(tile_field_unit(ElemType::tf32).name), "words");
  EXPECT_EQ(tile_field_unit(ElemType::tf32).bytes, 4);
  EXPECT_EQ(std::string(tile_field_unit(ElemType::f64).name), "doubles");
}

TEST(TileUnits, ConvertsToAndFromHalves) {
  const TileFieldUnit bytes = tile_field_unit(ElemType::s8), halves = tile_field_unit(ElemType::f16),
                      words = tile_field_unit(ElemType::tf32);
  EXPECT_EQ(halves_to_field(64, bytes), 128);
  EXPECT_EQ(halves_to_field(64, halves), 64);
  EXPECT_EQ(halves_to_field(64, words), 32);
  EXPECT_EQ(field_to_halves(128, bytes), 64);
  EXPECT_EQ(field_to_halves(72, bytes), 36);
  EXPECT_EQ(field_to_halves(33, bytes), 16);  // half a half rounds down
  EXPECT_EQ(field_to_halves(32, words), 64);
  EXPECT_EQ(field_to_halves(8, halves), 8);
  // The field's ends stay an int's ends, never wrap.
  EXPECT_EQ(field_to_halves(std::numeric_limits<int>::max(), words), std::numeric_limits<int>::max());
  EXPECT_EQ(field_to_halves(std::numeric_limits<int>::min(), words), std::numeric_limits<int>::min());
}

}  // namespace
}  // namespace fragviz::app
