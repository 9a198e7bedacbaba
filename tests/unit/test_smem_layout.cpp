// CuTe layout notation (smem_layout.hpp). Expected values come from CuTe's own documentation
// (media/docs/cpp/cute/01_layout.md: print_layout / print1D of s2xh4, s2xd4_a, (4,2):(2,3); the
// crd2idx example of (3,(2,3)):(3,(12,1))), from CuTe's Swizzle definition worked by hand, from
// PTX-FACTS section 4 (Swizzle<3,3,3> on f16 elements = Swizzle<3,4,3> on bytes = chunk (c>>3)^(r&7)),
// and from the existing bank model's byte_offset for every tile the app's controls can make.
#include <gtest/gtest.h>

#include <optional>
#include <utility>

#include "fragviz/smem/smem_layout.hpp"

using namespace fragviz;

namespace {
SmemLayout parsed(const std::string& text, LayoutUnits u = LayoutUnits::elements, int eb = 2) {
  auto l = parse_smem_layout(text, u, eb);
  EXPECT_TRUE(l) << text << ": " << l.error.message;
  return l ? *l : SmemLayout{};
}
/// The error message for `text`, expecting a refusal.
std::string refusal(const std::string& text, LayoutUnits u = LayoutUnits::elements, int eb = 2) {
  auto l = parse_smem_layout(text, u, eb);
  EXPECT_FALSE(l) << text << " parsed as " << (l ? l->notation : "");
  // Text that does not read points at a column and is malformed (a bad command line, exit 64); a
  // layout that reads but fragviz cannot hold is refused (exit 3).
  EXPECT_EQ(l.error.kind, l.column > 0 ? ErrorKind::malformed : ErrorKind::refused) << text;
  return l.error.message;
}
std::int64_t at(const SmemLayout& l, int r, int c) { return layout_offset(l.map.layout, r, c); }
}  // namespace

TEST(SmemLayout, CuteDocumentationExamples) {
  // print_layout(s2xh4): (2,(2,2)):(4,(2,1)) -> rows 0 2 1 3 / 4 6 5 7; print1D: 0 4 2 6 1 5 3 7.
  const SmemLayout s2xh4 = parsed("(2,(2,2)):(4,(2,1))");
  EXPECT_EQ(s2xh4.rows(), 2);
  EXPECT_EQ(s2xh4.cols(), 4);
  const int table[2][4] = {{0, 2, 1, 3}, {4, 6, 5, 7}};
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 4; ++c) EXPECT_EQ(at(s2xh4, r, c), table[r][c]) << r << "," << c;
  const int one_d[8] = {0, 4, 2, 6, 1, 5, 3, 7};
  for (int i = 0; i < 8; ++i) EXPECT_EQ(layout_offset_1d(s2xh4.map.layout, i), one_d[i]) << i;
  // print1D(s2xd4_a), (_2,4):(_12,_1): 0 12 1 13 2 14 3 15.
  const SmemLayout s2xd4a = parsed("(_2,4):(_12,_1)");
  const int a1d[8] = {0, 12, 1, 13, 2, 14, 3, 15};
  for (int i = 0; i < 8; ++i) EXPECT_EQ(layout_offset_1d(s2xd4a.map.layout, i), a1d[i]) << i;
  // print_layout((4,2):(2,3)): 0 3 / 2 5 / 4 7 / 6 9.
  const SmemLayout tt = parsed("(4,2):(2,3)");
  const int tt2[4][2] = {{0, 3}, {2, 5}, {4, 7}, {6, 9}};
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 2; ++c) EXPECT_EQ(at(tt, r, c), tt2[r][c]);
  // ((2,2),2):((4,1),2): 0 2 / 4 6 / 1 3 / 5 7.
  const SmemLayout nested_rows = parsed("((2,2),2):((4,1),2)");
  const int nr[4][2] = {{0, 2}, {4, 6}, {1, 3}, {5, 7}};
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 2; ++c) EXPECT_EQ(at(nested_rows, r, c), nr[r][c]);
  // crd2idx(16, (3,(2,3)), (3,(12,1))) == 17 and crd2idx((1,5), ...) == 17.
  const SmemLayout l3 = parsed("(3,(2,3)):(3,(12,1))");
  EXPECT_EQ(layout_offset_1d(l3.map.layout, 16), 17);
  EXPECT_EQ(at(l3, 1, 5), 17);
}

TEST(SmemLayout, SwizzleIsCutesDefinition) {
  // Swizzle<3,4,3>: yyy_msk = 7 << 7; 0x280 has bits 9 and 7, so bits [4,7) ^= 0b101: 0x280 ^ 0x50.
  EXPECT_EQ((CuteSwizzle{3, 4, 3}(0x280)), 0x2D0);
  EXPECT_EQ((CuteSwizzle{3, 4, 3}(0x7F)), 0x7F);  // nothing above bit 6: unchanged
  // Negative S shifts YYY left: Swizzle<2,0,-3> xors bits [0,2) into bits [3,5): 3 -> 3 ^ 24.
  EXPECT_EQ((CuteSwizzle{2, 0, -3}(3)), 27);
  // Swizzle<3,3,3> on 64-half rows: row r's chunk bits [3,6) ^= r & 7 (offsets r*64 + c, c < 64).
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 64; ++c)
      EXPECT_EQ((CuteSwizzle{3, 3, 3}(r * 64 + c)), r * 64 + (((c >> 3) ^ (r & 7)) << 3) + (c & 7));
  // A swizzle is a permutation of each 2^(M+B+S) block.
  std::vector<int> seen(1024, 0);
  for (int o = 0; o < 1024; ++o) seen[static_cast<std::size_t>(CuteSwizzle{2, 3, 4}(o))]++;
  for (int n : seen) EXPECT_EQ(n, 1);
}

TEST(SmemLayout, SpellingsOfOneLayout) {
  const std::string canonical = "Swizzle<3,3,3> o (8,64):(64,1)";
  for (const char* text :
       {"Swizzle<3,3,3> o (8,64):(64,1)", "Swizzle<3,3,3> \xE2\x88\x98 (8,64):(64,1)",
        "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)", "  Swizzle < 3 , 3 , 3 > o ( 8 , 64 ) : ( 64 , 1 ) ",
        "Swizzle<3,3,3>{} o (8,64):(64,1)"}) {
    const SmemLayout l = parsed(text);
    EXPECT_EQ(l.notation, canonical) << text;
    EXPECT_EQ(l.map.layout.swizzle, (CuteSwizzle{3, 3, 3})) << text;
    EXPECT_EQ(l.rows(), 8);
    EXPECT_EQ(l.cols(), 64);
    EXPECT_EQ(l.footprint_bytes, 8 * 64 * 2);
  }
  EXPECT_EQ(parsed("((8,2),(8,8)):((64,8),(1,512))").notation, "((8,2),(8,8)):((64,8),(1,512))");
  EXPECT_EQ(parsed("Swizzle<3,3,3> o 512 o (8,64):(64,1)").notation, "Swizzle<3,3,3> o 512 o (8,64):(64,1)");
  // CuTe's Swizzle takes three numbers: two are refused with the three-number spelling (newcomer
  // round 12: Swizzle<3,3> ran as Swizzle<3,3,3> without a word).
  EXPECT_NE(refusal("Swizzle<3,3> o (8,64):(64,1)").find("did you mean Swizzle<3,3,3>?"), std::string::npos);
}

TEST(SmemLayout, SecondSwizzleIsRefusedAtItsColumn) {
  // Newcomer round 13: a second swizzle read as "unknown word 'Swizzle'; did you mean Swizzle<B,M,S>?".
  for (const auto& [text, column] : {std::pair{"Swizzle<3,3,3> o Swizzle<3,3,3> o (16,64):(64,1)", 18},
                                     std::pair{"Sw<3,3,3> o 64 o Swizzle<2,3,3> o (16,64):(64,1)", 18}}) {
    const auto l = parse_smem_layout(text, LayoutUnits::elements, 2);
    ASSERT_FALSE(l) << text;
    EXPECT_EQ(l.column, column) << text;
    EXPECT_EQ(
        l.error.message,
        "col 18: only one Swizzle<B,M,S> may be composed with the layout: fragviz takes Swizzle<B,M,S> o "
        "[offset o] (shape):(stride)")
        << text;
  }
}

TEST(SmemLayout, NestedModesSplitColexicographically) {
  // ((8,2),(8,8)):((64,8),(1,512)): row r = (r%8, r/8), col c = (c%8, c/8).
  const SmemLayout l = parsed("((8,2),(8,8)):((64,8),(1,512))");
  EXPECT_EQ(l.rows(), 16);
  EXPECT_EQ(l.cols(), 64);
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 64; ++c) EXPECT_EQ(at(l, r, c), (r % 8) * 64 + (r / 8) * 8 + (c % 8) + (c / 8) * 512);
  // Footprint: the last element (15, 63) at 7*64 + 8 + 7 + 7*512 = 4047 halves, 2 bytes each.
  EXPECT_EQ(l.footprint_bytes, (4047 + 1) * 2);
}

TEST(SmemLayout, ComposedOffsetSitsInsideTheSwizzle) {
  // Swizzle o K o L = swizzle(K + L(c)): with K = 64 row 0 is swizzled like row 1.
  const SmemLayout l = parsed("Swizzle<3,3,3> o 64 o (8,64):(64,1)");
  EXPECT_EQ(at(l, 0, 0), 64 + 8);
  EXPECT_EQ(at(l, 0, 8), 64);
}

TEST(SmemLayout, ByteUnitsAreHoppersSwizzleModes) {
  // PTX-FACTS 4: Swizzle<3,3,3> on f16 element offsets = Swizzle<3,4,3> on byte offsets (the 128-byte
  // mode): physical 16-byte chunk of (r, c) in a 64-half row-major tile = (c >> 3) ^ (r & 7).
  const SmemLayout e = parsed("Swizzle<3,3,3> o (8,64):(64,1)");
  const SmemLayout b = parsed("Swizzle<3,4,3> o (8,128):(128,1)", LayoutUnits::bytes, 2);
  ASSERT_EQ(b.cols(), 64);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 64; ++c) {
      EXPECT_EQ(e.byte_offset(r, c), b.byte_offset(r, c));
      EXPECT_EQ(b.byte_offset(r, c), r * 128 + (((c >> 3) ^ (r & 7)) << 4) + (c & 7) * 2);
    }
  // tf32: Swizzle<3,2,3> o (8,32):(32,1) in elements = Swizzle<3,4,3> on bytes (4-byte elements).
  const SmemLayout t = parsed("Swizzle<3,2,3> o (8,32):(32,1)", LayoutUnits::elements, 4);
  const SmemLayout tb = parsed("Swizzle<3,4,3> o (8,128):(128,1)", LayoutUnits::bytes, 4);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 32; ++c) EXPECT_EQ(t.byte_offset(r, c), tb.byte_offset(r, c));
  // A swizzle below the element's size tears its bytes apart: refused, the element named.
  EXPECT_NE(
      refusal("Swizzle<3,0,3> o (8,128):(128,1)", LayoutUnits::bytes, 2).find("tears element (0,4) apart"),
      std::string::npos);
  // `B:` says so in the text itself, whatever the default; the notation keeps it.
  const SmemLayout prefixed = parsed("B:Swizzle<3,4,3> o (8,128):(128,1)");
  EXPECT_EQ(prefixed.map.units, LayoutUnits::bytes);
  EXPECT_EQ(prefixed.notation, "B:Swizzle<3,4,3> o (8,128):(128,1)");
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 64; ++c) EXPECT_EQ(prefixed.byte_offset(r, c), b.byte_offset(r, c));
  EXPECT_EQ(refusal("B:(8,64):(64 1)"), "col 14: expected ',' or ')', found '1'");
  // Byte units need a whole number of elements per row.
  EXPECT_NE(refusal("(8,127):(128,1)", LayoutUnits::bytes, 2).find("not a whole number"), std::string::npos);
}

TEST(SmemLayout, ParseErrorsNameTheColumn) {
  EXPECT_EQ(refusal("(8,64):(64 1)"), "col 12: expected ',' or ')', found '1'");
  EXPECT_EQ(refusal("Swizzle<3,3,3> o (8 64):(64,1)"), "col 21: expected ',' or ')', found '6'");
  // `∘` is three bytes and one column.
  EXPECT_EQ(refusal("Swizzle<3,3,3> \xE2\x88\x98 (8,64):(64,1"),
            "col 30: expected ',' or ')', found the end of the text");
  EXPECT_EQ(refusal("(8,64)"),
            "col 7: expected ':' and the stride after the shape (8,64), found the end of the text");
  EXPECT_EQ(refusal("Swizzle<3,3,3> (8,64):(64,1)"),
            "col 16: expected 'o' (or '\xE2\x88\x98') after the swizzle, found '('");
  EXPECT_EQ(refusal("(8,64):(64,1) x"), "col 15: unexpected text after the layout, found 'x'");
  EXPECT_EQ(refusal("(8,64):(64,(1,2))").substr(0, 7), "col 12:");
  EXPECT_NE(refusal("(8,64):(64,(1,2))").find("congruent"), std::string::npos);
  EXPECT_EQ(refusal("(8,(2,32)):(64,1)").substr(0, 7), "col 16:");
  EXPECT_EQ(refusal("Swizzle<3,3,2> o (8,64):(64,1)").substr(0, 7), "col 13:");
  EXPECT_NE(refusal("Swizzle<3,3,2> o (8,64):(64,1)").find("|S| >= B"), std::string::npos);
  EXPECT_EQ(refusal("(0,64):(64,1)").substr(0, 6), "col 2:");
  EXPECT_EQ(refusal("(8,64):(64,x)"), "col 12: expected a stride number or '(', found 'x'");
  EXPECT_EQ(refusal(""),
            "col 1: empty layout: expected e.g. (8,64):(64,1) or Swizzle<3,3,3> o (8,64):(64,1)");
  EXPECT_EQ(refusal("(8,64):(64,99999999999)").substr(0, 7), "col 12:");
  // Rank 2 only: rows and columns.
  EXPECT_NE(refusal("64:1").find("col 1: a tile layout has two top-level modes"), std::string::npos);
  EXPECT_NE(refusal("(8,8,8):(64,8,1)").find("has 3 modes"), std::string::npos);
  const auto bad = parse_smem_layout("(8,64):(64 1)");
  EXPECT_EQ(bad.column, 12);
  // Issue 22: a misspelt swizzle is named at its column, with the spelling fragviz takes.
  EXPECT_EQ(refusal("Swizle<3,3,3> o (64,64):(64,1)"),
            "col 1: unknown word 'Swizle'; did you mean Swizzle<B,M,S>?");
  EXPECT_EQ(refusal("B: swizzle <3,3,3> o (64,64):(64,1)"),
            "col 4: unknown word 'swizzle'; did you mean Swizzle<B,M,S>?");
}

TEST(SmemLayout, RefusesWhatNoTileHolds) {
  EXPECT_NE(refusal("(8,64):(-64,1)").find("before the tile's first byte"), std::string::npos);
  EXPECT_NE(refusal("(512,512):(512,1)").find("227 KB"), std::string::npos);
  EXPECT_NE(refusal("(8,2):(1,200000)").find("227 KB"), std::string::npos);
  EXPECT_NE(refusal("((2,2,2,2,2,2,2,2,2),8):((1,2,4,8,16,32,64,128,256),512)").find("at most 8"),
            std::string::npos);
  EXPECT_NE(refusal("(8,64):(64,1)", LayoutUnits::elements, 3).find("1, 2, 4 or 8 bytes"), std::string::npos);
  // Eight leaves of 2^31 per mode must not overflow the size computation.
  EXPECT_FALSE(
      parse_smem_layout("((2147483647,2147483647,2147483647,2147483647),(2147483647,2147483647)):"
                        "((0,0,0,0),(0,0))"));
}

TEST(SmemLayout, HugeShapeIsNamedAsWritten) {
  // Newcomer round 25: (100000,100000):(100000,1) was refused as "its mode 100000:100000 spans
  // more than 232448", a mode nobody typed. The shape as typed, its 10^10 elements and the limit:
  // 227 KB = 232448 bytes, 116224 elements of 2 bytes.
  EXPECT_EQ(refusal("(100000,100000):(100000,1)"),
            "(100000,100000):(100000,1): its shape (100000,100000) has 10000000000 elements; at most 116224 "
            "elements of 2 bytes fit in the 227 KB of shared memory one block can have");
  // Nested, in byte units: 2*4*30000*2 = 480000 bytes against 232448.
  EXPECT_EQ(refusal("B:((2,4),(30000,2)):((1,2),(8,240000))"),
            "((2,4),(30000,2)):((1,2),(8,240000)): its shape ((2,4),(30000,2)) has 480000 bytes; at most "
            "232448 bytes fit in the 227 KB of shared memory one block can have");
  // Past 10^18 it says so rather than overflowing.
  EXPECT_NE(refusal("((2147483647,2147483647,2147483647),2147483647):((0,0,0),0)")
                .find("has more than 10^18 elements"),
            std::string::npos);
  // A shape that fits with a stride that reaches too far still names that mode.
  EXPECT_NE(refusal("(8,3):(1,200000)").find("its mode 3:200000 spans more than"), std::string::npos);
}

TEST(SmemLayout, PresetsOfTheTileControlsMatchTheBankModel) {
  // Every width and pad of the one tile range (banks.hpp), without and with the XOR swizzle: the
  // preset's notation parses to the very byte offsets byte_offset() gives, cell by cell.
  int swizzled = 0, inexpressible = 0;
  for (int w = kMinTileWidthHalves; w <= kMaxTileWidthHalves; ++w)
    for (int p = 0; p <= kMaxTilePadHalves; ++p)
      for (Swizzle sw : {Swizzle::none, Swizzle::xor_row_mod8}) {
        const TileGeometry t{w, p, 16, sw};
        if (sw == Swizzle::xor_row_mod8 && t.stride_halves() % 64 != 0) {
          EXPECT_FALSE(tile_geometry_notation(t));
          continue;
        }
        const auto text = tile_geometry_notation(t);
        const int k = t.stride_halves() / 64;
        if (sw == Swizzle::xor_row_mod8 && (k & (k - 1)) != 0) {
          // 192, 320, 384, 448, 576 halves: row r starts at r * k 128-byte units; no Swizzle<B,M,S> reads r
          // % 8.
          ASSERT_FALSE(text) << w << "+" << p;
          EXPECT_NE(text.error.message.find("no CuTe Swizzle"), std::string::npos);
          ++inexpressible;
          continue;
        }
        ASSERT_TRUE(text) << w << "+" << p << ": " << text.error.message;
        const auto l = parse_smem_layout(*text.value);
        ASSERT_TRUE(l) << *text.value << ": " << l.error.message;
        ASSERT_EQ(l->rows(), 16);
        ASSERT_EQ(l->cols(), w);
        bool all = true;
        for (int r = 0; r < 16 && all; ++r)
          for (int c = 0; c < w && all; ++c) all = l->byte_offset(r, c) == byte_offset(t, Coord{r, c});
        EXPECT_TRUE(all) << *text.value << " differs from width " << w << " pad " << p << " "
                         << to_string(sw);
        swizzled += sw == Swizzle::xor_row_mod8 ? 1 : 0;
      }
  EXPECT_GT(swizzled, 0);
  EXPECT_GT(inexpressible, 0);
  EXPECT_EQ(*tile_geometry_notation(TileGeometry{64, 8, 16, Swizzle::none}).value, "(16,64):(72,1)");
  EXPECT_EQ(*tile_geometry_notation(TileGeometry{64, 0, 16, Swizzle::xor_row_mod8}).value,
            "Swizzle<3,3,3> o (16,64):(64,1)");
  EXPECT_EQ(*tile_geometry_notation(TileGeometry{64, 64, 16, Swizzle::xor_row_mod8}).value,
            "Swizzle<3,3,4> o (16,64):(128,1)");
  EXPECT_EQ(*tile_geometry_notation(TileGeometry{512, 0, 16, Swizzle::xor_row_mod8}).value,
            "Swizzle<3,3,6> o (16,512):(512,1)");
}

TEST(SmemLayout, RoundTripOfOneLayoutAgrees) {
  const SmemLayout l = parsed("Swizzle<3,3,3> o (16,64):(64,1)");
  const auto rt = round_trip(l, l);
  ASSERT_TRUE(rt);
  EXPECT_TRUE(rt->agree());
  EXPECT_EQ(rt->elements, 1024);
  EXPECT_FALSE(rt->first);
  EXPECT_FALSE(rt->write_overlap);
  // Elements written in element units and read back in byte units (the same Hopper 128-byte mode).
  const auto mixed = round_trip(l, parsed("Swizzle<3,4,3> o (16,128):(128,1)", LayoutUnits::bytes, 2));
  ASSERT_TRUE(mixed);
  EXPECT_TRUE(mixed->agree());
}

TEST(SmemLayout, RoundTripNamesTheFirstWrongRead) {
  // Written swizzled, read plain. Row 0 (and 8): bits [6,9) are 0, the swizzle is the identity. Row 1:
  // the read of (1,0) goes to half 64 = byte 128, where the writer put (1, 0 ^ 8) = (1,8); (1,0) itself
  // was written at half 64 ^ 8 = 72, byte 144. Rows with r % 8 != 0 are all wrong: 14 x 64.
  const SmemLayout w = parsed("Swizzle<3,3,3> o (16,64):(64,1)");
  const SmemLayout r = parsed("(16,64):(64,1)");
  const auto rt = round_trip(w, r);
  ASSERT_TRUE(rt);
  EXPECT_FALSE(rt->agree());
  EXPECT_EQ(rt->mismatches, 14 * 64);
  ASSERT_TRUE(rt->first);
  EXPECT_EQ(rt->first->logical, (Coord{1, 0}));
  EXPECT_EQ(rt->first->read_byte, 128);
  EXPECT_EQ(rt->first->written_byte, 144);
  EXPECT_EQ(rt->first->found, (Coord{1, 8}));
  EXPECT_EQ(rt->first->found_byte, 0);
  EXPECT_EQ(rt->ok[0], 1);
  EXPECT_EQ(rt->ok[64], 0);
}

TEST(SmemLayout, RoundTripSeesOverlapsAndTornReads) {
  // A column stride of 0 writes every column of a row to one place: the last (col 63) survives.
  const auto rt = round_trip(parsed("(16,64):(64,0)"), parsed("(16,64):(64,1)"));
  ASSERT_TRUE(rt);
  ASSERT_TRUE(rt->write_overlap);
  EXPECT_EQ((*rt->write_overlap)[0], (Coord{0, 0}));
  EXPECT_EQ((*rt->write_overlap)[1], (Coord{0, 1}));
  EXPECT_EQ(rt->first->logical, (Coord{0, 0}));
  EXPECT_EQ(rt->first->found, (Coord{0, 63}));
  // Read one byte late (a composed offset of 1 byte): (0,0) reads byte 1, the second byte of (0,0).
  const auto late = round_trip(parsed("(8,64):(64,1)"),
                               parsed("Swizzle<0,1,1> o 1 o (8,128):(128,1)", LayoutUnits::bytes, 2));
  ASSERT_TRUE(late);
  EXPECT_EQ(late->mismatches, 8 * 64);
  EXPECT_EQ(late->first->read_byte, 1);
  EXPECT_EQ(late->first->found, (Coord{0, 0}));
  EXPECT_EQ(late->first->found_byte, 1);
  // Different tiles cannot round-trip.
  const auto shapes = round_trip(parsed("(16,64):(64,1)"), parsed("(8,64):(64,1)"));
  EXPECT_FALSE(shapes);
  EXPECT_EQ(shapes.error.kind, ErrorKind::refused);
  EXPECT_FALSE(round_trip(parsed("(8,64):(64,1)"), parsed("(8,64):(64,1)", LayoutUnits::elements, 4)));
}

TEST(SmemLayout, ByteOwnersInvertTheLayout) {
  const SmemLayout l = parsed("Swizzle<3,3,3> o (8,64):(64,1)");
  const auto owners = tile_byte_owners(l);
  ASSERT_EQ(owners.size(), 1024u);
  // Byte 144 is half 72 = row 1, chunk 1 -> logical chunk 1 ^ 1 = 0: element (1,0), its first byte.
  EXPECT_EQ(cell_coord(l, owners[144].cell), (Coord{1, 0}));
  EXPECT_EQ(owners[144].byte, 0);
  EXPECT_EQ(owners[145].byte, 1);
  // A padded tile leaves its pad unowned.
  const auto padded = tile_byte_owners(parsed("(2,64):(72,1)"));
  EXPECT_EQ(padded[128].cell, -1);
  EXPECT_EQ(padded[144].cell, 64);
}

TEST(SmemLayout, UnitAndElementNames) {
  EXPECT_EQ(parse_layout_units("bytes"), LayoutUnits::bytes);
  EXPECT_EQ(parse_layout_units("elements"), LayoutUnits::elements);
  EXPECT_FALSE(parse_layout_units("halves"));
  EXPECT_EQ(parse_element_type("b16"), 2);
  EXPECT_EQ(parse_element_type("f16"), 2);
  EXPECT_EQ(parse_element_type("tf32"), 4);
  EXPECT_EQ(parse_element_type("e4m3"), 1);
  EXPECT_EQ(parse_element_type("f64"), 8);
  EXPECT_FALSE(parse_element_type("b12"));
}

// Swizzle<B,M,S> XORs bits [M+S, M+S+B) into [M, M+B) (S < 0: bits [M, M+B) into [M-S, M-S+B)), so
// it is the identity on a layout whose offsets all have the read bits clear. Worked by hand.
TEST(SmemLayout, IdleSwizzleIsNamed) {
  // (16,64):(64,1) reaches 15 * 64 + 63 = 1023 < 2^18: Swizzle<9,9,9> reads bits 18-26 of nothing.
  EXPECT_EQ(idle_swizzle_note(parsed("Swizzle<9,9,9> o (16,64):(64,1)")),
            "Swizzle<9,9,9> changes no offset of this layout: it reads bits 18-26 of an offset (in "
            "elements), and the largest offset is 1023");
  // Swizzle<3,3,3> reads bits 6-8: row 1 (offset 64) sets bit 6, and (1,0) goes to 64 ^ 8 = 72.
  const SmemLayout moved = parsed("Swizzle<3,3,3> o (16,64):(64,1)");
  EXPECT_EQ(at(moved, 1, 0), 72);
  EXPECT_EQ(idle_swizzle_note(moved), std::nullopt);
  EXPECT_EQ(idle_swizzle_note(parsed("(16,64):(64,1)")), std::nullopt);  // no swizzle, no note
  // B = 0 moves no bit whatever the layout (newcomer round 30: it passed unsaid).
  EXPECT_EQ(idle_swizzle_note(parsed("Swizzle<0,3,3> o (16,64):(64,1)")),
            "Swizzle<0,3,3> changes no offset of any layout: with B = 0 it moves no bits");
  EXPECT_EQ(idle_swizzle_note(parsed("B:Swizzle<0,4,3> o (16,128):(128,1)")),
            "Swizzle<0,4,3> changes no offset of any layout: with B = 0 it moves no bits");
  // Past 2^7 yet bit 7 never set: offsets 0, 1, 256, 257.
  EXPECT_EQ(idle_swizzle_note(parsed("Swizzle<1,3,4> o (2,2):(1,256)")),
            "Swizzle<1,3,4> changes no offset of this layout: it reads bit 7 of an offset (in elements), "
            "and no offset has it set (the largest is 257)");
  // The composed offset counts: 128 + L sets bit 7 everywhere.
  EXPECT_EQ(idle_swizzle_note(parsed("Swizzle<1,3,4> o 128 o (2,2):(1,256)")), std::nullopt);
  // S < 0 reads bits [M, M+B): 4-5. (4,4):(1,4) stays below 16; (8,8):(8,1) sets bit 4 at 16.
  EXPECT_EQ(idle_swizzle_note(parsed("Swizzle<2,4,-3> o (4,4):(1,4)")),
            "Swizzle<2,4,-3> changes no offset of this layout: it reads bits 4-5 of an offset (in "
            "elements), and the largest offset is 15");
  EXPECT_EQ(idle_swizzle_note(parsed("Swizzle<2,4,-3> o (8,8):(8,1)")), std::nullopt);
  // Bytes: Swizzle<3,4,3> reads bits 7-9 of a byte offset. (8,64):(64,1) in bytes of b16 elements
  // spans bytes 0-511 (bit 7 set at byte 128): it moves; Swizzle<3,4,6> reads bits 10-12: idle.
  EXPECT_EQ(idle_swizzle_note(parsed("Swizzle<3,4,3> o (8,64):(64,1)", LayoutUnits::bytes)), std::nullopt);
  EXPECT_EQ(idle_swizzle_note(parsed("Swizzle<3,4,6> o (8,64):(64,1)", LayoutUnits::bytes)),
            "Swizzle<3,4,6> changes no offset of this layout: it reads bits 10-12 of an offset (in bytes), "
            "and the largest offset is 511");
}
