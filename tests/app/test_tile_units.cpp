// The Controls view's tile fields follow the element type (app/tile_units.hpp): an s8 tile's width
// is counted in bytes (one element each), f16's in halves, tf32's in words. Values worked by hand:
// a 64-half row is 128 bytes, 32 words.
#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/viewmodel/tile_units.hpp"

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

// Issue 22: the bank view said "stride 72 halves" beside Controls' "bytes" for s8. A 64-half row
// with 8 halves of pad is 128 + 16 = 144 bytes, 36 words.
TEST(TileUnits, BankViewLineCountsInTheFieldsUnit) {
  TileGeometry t;
  t.width_halves = 64;
  t.pad_halves = 8;
  EXPECT_EQ(tile_stride_text(t, tile_field_unit(ElemType::s8)),
            "width 128 + pad 16 = stride 144 bytes (144 B)");
  EXPECT_EQ(tile_stride_text(t, tile_field_unit(ElemType::f16)),
            "width 64 + pad 8 = stride 72 halves (144 B)");
  EXPECT_EQ(tile_stride_text(t, tile_field_unit(ElemType::tf32)),
            "width 32 + pad 4 = stride 36 words (144 B)");
  t.pad_halves = 0;
  t.swizzle = Swizzle::xor_row_mod8;
  EXPECT_EQ(tile_stride_text(t, tile_field_unit(ElemType::s8)),
            "width 128 + pad 0 = stride 128 bytes (128 B), xor swizzle");
}

// The tooltip's word at byte 8 of a row: bytes 8-11, halves 4-5, word 2, the first half of double 1.
TEST(TileUnits, WordUnitsInTheFieldsUnit) {
  EXPECT_EQ(word_units_text(8, tile_field_unit(ElemType::s8)), "");
  EXPECT_EQ(word_units_text(8, tile_field_unit(ElemType::f16)), "halves 4-5");
  EXPECT_EQ(word_units_text(8, tile_field_unit(ElemType::tf32)), "word 2");
  EXPECT_EQ(word_units_text(8, tile_field_unit(ElemType::f64)), "double 1");
  EXPECT_EQ(word_units_text(12, tile_field_unit(ElemType::f64)), "double 1");
}

// Newcomer round 13: m16n8k32 s8 with the width clamped to 16 bytes (8 halves) said "row stride 16
// bytes = 16 bytes" in Controls, "a tile 8 halves wide" in Fragments and "needs at least 16
// columns" in ldmatrix. Every line about the tile speaks the fields' unit, once. Worked by hand:
// .x4 reads 2 matrices of 8 halves = 32 bytes a row; s8 A is 16 x 32 bytes.
TEST(TileUnits, TileMessagesSpeakTheFieldsUnitOnce) {
  const TileFieldUnit bytes = tile_field_unit(ElemType::s8), halves = tile_field_unit(ElemType::f16);
  TileGeometry t{8, 0, 16, Swizzle::none};
  EXPECT_EQ(tile_stride_line(t, bytes), "row stride 16 bytes");
  EXPECT_EQ(tile_stride_line(t, halves), "row stride 8 halves = 16 bytes");

  const LdmatrixConfig x4{LdmNum::x4, false};
  EXPECT_EQ(validate(t, x4, bytes).value_or(""),
            "tile width 16 bytes is too narrow: ldmatrix .x4 needs at least 32 bytes");
  EXPECT_EQ(validate(t, x4, halves).value_or(""),
            "tile width 8 halves is too narrow: ldmatrix .x4 needs at least 16 halves");
  const Instruction& s8 = *find_instruction("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32");
  EXPECT_EQ(operand_tile_problem(s8, Operand::A, t, bytes).value_or(""),
            "a tile 16 bytes wide cannot hold A (16 x 32 .s8, 32 bytes a row): byte 16 and beyond lie "
            "outside its rows");
  // A stride off 16-byte boundaries: 20 bytes said once, the rule in bytes.
  t = TileGeometry{8, 2, 16, Swizzle::none};
  const std::string misaligned = validate(t, LdmatrixConfig{LdmNum::x1, false}, bytes).value_or("");
  EXPECT_EQ(misaligned.rfind("row stride 20 bytes puts row starts off 16-byte boundaries.", 0), 0u)
      << misaligned;
  EXPECT_NE(misaligned.find("so the stride must be a multiple of 16 bytes"), std::string::npos) << misaligned;
  EXPECT_EQ(misaligned.find("halves"), std::string::npos) << misaligned;
  // The XOR swizzle on a stride that is not whole 128-byte groups.
  t = TileGeometry{72, 0, 16, Swizzle::xor_row_mod8};
  EXPECT_NE(validate(t, LdmatrixConfig{LdmNum::x1, false}, bytes)
                .value_or("")
                .find("needs a row stride that is a multiple of 128 bytes (got 144)"),
            std::string::npos);
}

// A typed width or pad outside its range is named with the value typed and the one set (newcomer
// round 25: the fields changed silently).
TEST(TileUnits, AClampedFieldSaysWhatItBecame) {
  const TileFieldUnit halves = tile_field_unit(ElemType::f16);
  const TileFieldUnit bytes = tile_field_unit(ElemType::s8);
  EXPECT_EQ(clamp_note("width", 99999999, 8, 512, halves),
            "the width typed is more than the most, 512 halves: set to 512");
  EXPECT_EQ(clamp_note("width", 0, 16, 1024, bytes),
            "the width typed is less than the least, 16 bytes: set to 16");
  EXPECT_EQ(clamp_note("pad", -7, 0, 64, halves), "the pad typed is less than the least, 0 halves: set to 0");
  EXPECT_EQ(clamp_note("pad", 64, 0, 64, halves), "");
  EXPECT_EQ(clamp_note("width", 8, 8, 512, halves), "");
  // Newcomer round 29: an odd byte count (the tile is kept in halves) became one less, unsaid.
  EXPECT_EQ(clamp_note("width", 17, 16, 1024, bytes),
            "the width typed, 17 bytes, is no whole number of 2-byte halves, the tile's unit: set to 16");
  EXPECT_EQ(clamp_note("pad", 3, 0, 128, bytes),
            "the pad typed, 3 bytes, is no whole number of 2-byte halves, the tile's unit: set to 2");
  EXPECT_EQ(clamp_note("width", 18, 16, 1024, bytes), "");
  EXPECT_EQ(clamp_note("width", 17, 8, 512, halves), "");
}

// A count with no unit (the gate's n, the Warpgroup thread) names the limit bare (newcomer round 26:
// those fields clamped silently).
TEST(TileUnits, AClampedCountSaysWhatItBecame) {
  EXPECT_EQ(clamp_note("n", 2147483647, 256, 65536, ""),
            "the n typed is more than the most, 65536: set to 65536");
  EXPECT_EQ(clamp_note("n", 0, 256, 65536, ""), "the n typed is less than the least, 256: set to 256");
  EXPECT_EQ(clamp_note("thread", 128, 0, 127, ""), "the thread typed is more than the most, 127: set to 127");
  EXPECT_EQ(clamp_note("n", 256, 256, 65536, ""), "");
}

// Text that is no number is said to be none and the field keeps its value (a newcomer's test: "abc"
// in the tile width said "less than the least, 8 halves: set to 8" and changed the tile).
TEST(TileUnits, TextThatIsNoNumberIsSaidSo) {
  for (const char* text : {"0", "64", "-7", "+8", " 96 ", "\t12", "99999999999999999999"})
    EXPECT_TRUE(is_typed_number(text)) << text;
  for (const char* text :
       {"abc", "12abc", "abc12", "3.5", "-", "+", "", "  ", "1e3", "0x40", "1 2", "--4", "*2"})
    EXPECT_FALSE(is_typed_number(text)) << text;
  const TileFieldUnit halves = tile_field_unit(ElemType::f16);
  const TileFieldUnit bytes = tile_field_unit(ElemType::s8);
  EXPECT_EQ(not_a_number_note("width", 64, halves), "the width typed is not a number: kept at 64 halves");
  EXPECT_EQ(not_a_number_note("pad", 16, bytes), "the pad typed is not a number: kept at 16 bytes");
  EXPECT_EQ(not_a_number_note("n", 2048, ""), "the n typed is not a number: kept at 2048");
  EXPECT_EQ(not_a_number_note("thread", 37, ""), "the thread typed is not a number: kept at 37");
}

}  // namespace
}  // namespace fragviz::app
