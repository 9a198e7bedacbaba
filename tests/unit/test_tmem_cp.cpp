// tcgen05.cp (fragviz/isa/tmem_cp.hpp) against rows transcribed by hand from PTX ISA 9.1,
// 9.7.16.9.2 "tcgen05.cp" and 9.7.16.2.3 "Data Movement Shape": `.LxWb` is L lanes of W bits, one
// source row a lane; .warpx2::02_13 "warps 0 and 2 form a pair; warps 1 and 3 form a pair",
// .warpx2::01_23 "warps 0 and 1 ...; warps 2 and 3", .warpx4 "multicasted into all 4 warps"; warp w
// (id % 4) owns lanes 32w to 32w+31 (9.7.16.8.1). The one placement the text leaves open (.4x256b's
// four lanes) is CuTe's, checked in tests/cute/cute_sm100_cp.cpp.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "fragviz/isa/tmem_cp.hpp"

namespace {

using fragviz::TmemCpDecompress;
using fragviz::TmemCpShape;

/// The lanes row `row` (chunk 0, word 0) is written to, over every copy.
std::set<int> lanes_of(TmemCpShape s, int row) {
  std::set<int> out;
  for (int k = 0; k < fragviz::tmem_cp_copies(s); ++k) out.insert(fragviz::tmem_cp_dest(s, row, 0, k).lane);
  return out;
}

TEST(TmemCp, FullShapesPutRowRInLaneRAndItsBitsInConsecutiveColumns) {
  // .128x256b: 128 lanes of 256 bits = 8 columns; chunk 1 (bits 128-255) in columns 4-7.
  EXPECT_EQ(fragviz::tmem_cp_dest(TmemCpShape::s128x256b, 0, 0, 0, 0).column, 0);
  EXPECT_EQ(fragviz::tmem_cp_dest(TmemCpShape::s128x256b, 0, 1, 0, 3).column, 7);
  EXPECT_EQ(fragviz::tmem_cp_dest(TmemCpShape::s128x256b, 127, 1, 0, 0).lane, 127);
  EXPECT_EQ(fragviz::tmem_cp_dest(TmemCpShape::s128x256b, 127, 1, 0, 0).column, 4);
  // .128x128b: 4 columns; there is no second chunk.
  EXPECT_EQ(fragviz::tmem_cp_dest(TmemCpShape::s128x128b, 5, 0, 0, 2).lane, 5);
  EXPECT_EQ(fragviz::tmem_cp_dest(TmemCpShape::s128x128b, 5, 0, 0, 2).column, 2);
  EXPECT_EQ(fragviz::tmem_cp_dest(TmemCpShape::s128x128b, 5, 1, 0, 0).lane, -1);
  EXPECT_EQ(lanes_of(TmemCpShape::s128x128b, 77), (std::set<int>{77}));
}

TEST(TmemCp, Warpx2PairsGetTheSameRows) {
  // 02_13: rows 0-31 to warps 0 and 2 (lanes 0-31, 64-95), rows 32-63 to warps 1 and 3.
  EXPECT_EQ(lanes_of(TmemCpShape::s64x128b_02_13, 0), (std::set<int>{0, 64}));
  EXPECT_EQ(lanes_of(TmemCpShape::s64x128b_02_13, 31), (std::set<int>{31, 95}));
  EXPECT_EQ(lanes_of(TmemCpShape::s64x128b_02_13, 33), (std::set<int>{33, 97}));
  // 01_23: rows 0-31 to warps 0 and 1 (lanes 0-31, 32-63), rows 32-63 to warps 2 and 3.
  EXPECT_EQ(lanes_of(TmemCpShape::s64x128b_01_23, 0), (std::set<int>{0, 32}));
  EXPECT_EQ(lanes_of(TmemCpShape::s64x128b_01_23, 40), (std::set<int>{72, 104}));
  EXPECT_EQ(lanes_of(TmemCpShape::s64x128b_01_23, 63), (std::set<int>{95, 127}));
  EXPECT_EQ(fragviz::tmem_cp_dest(TmemCpShape::s64x128b_01_23, 40, 0, 1, 3).column, 3);
  EXPECT_EQ(fragviz::tmem_cp_row_lanes(TmemCpShape::s64x128b_02_13, 5), "lanes 5, 69 (warps 0, 2 by id % 4)");
}

TEST(TmemCp, Warpx4GivesEveryRowToAllFourWarps) {
  EXPECT_EQ(lanes_of(TmemCpShape::s32x128b_x4, 7), (std::set<int>{7, 39, 71, 103}));
  EXPECT_EQ(lanes_of(TmemCpShape::s32x128b_x4, 31), (std::set<int>{31, 63, 95, 127}));
  EXPECT_EQ(fragviz::tmem_cp_dest(TmemCpShape::s32x128b_x4, 0, 0, 4).lane, -1);  // 4 copies: 0-3
}

TEST(TmemCp, FourRowsGoOneToEachSubPartition) {
  // 4 lanes of 256 bits; which four is CuTe's (SM100_UTCCP_4dp256bit: 32 lanes apart).
  EXPECT_EQ(lanes_of(TmemCpShape::s4x256b, 0), (std::set<int>{0}));
  EXPECT_EQ(lanes_of(TmemCpShape::s4x256b, 3), (std::set<int>{96}));
  EXPECT_EQ(fragviz::tmem_cp_dest(TmemCpShape::s4x256b, 2, 1, 0, 1).column, 5);
  EXPECT_EQ(fragviz::tmem_cp_dest(TmemCpShape::s4x256b, 4, 0, 0).lane, -1);
}

TEST(TmemCp, NoLaneIsWrittenTwiceAndLanesCountAsTheShapeSays) {
  for (TmemCpShape s : fragviz::kTmemCpShapes) {
    std::set<int> seen;
    int writes = 0;
    for (int r = 0; r < fragviz::tmem_cp_rows(s); ++r)
      for (int k = 0; k < fragviz::tmem_cp_copies(s); ++k) {
        seen.insert(fragviz::tmem_cp_dest(s, r, 0, k).lane);
        ++writes;
      }
    EXPECT_EQ(static_cast<int>(seen.size()), writes) << to_string(s);
    EXPECT_EQ(writes, s == TmemCpShape::s4x256b ? 4 : 128) << to_string(s);
  }
}

TEST(TmemCp, DecompressionWidensEachValueToAByteOfTheSameColumns) {
  // 16 values a 128-bit chunk -> 16 bytes (.b8x16): value 5 of chunk 1 is byte 1 of column 4 + 1.
  const fragviz::TmemCpByte b = fragviz::tmem_cp_value_dest(TmemCpShape::s128x256b, 3, 1, 0, 5);
  EXPECT_EQ(b.at.lane, 3);
  EXPECT_EQ(b.at.column, 5);
  EXPECT_EQ(b.byte, 1);
  EXPECT_EQ(fragviz::tmem_cp_value_dest(TmemCpShape::s128x128b, 0, 0, 0, 16).byte, -1);
  EXPECT_EQ(fragviz::tmem_cp_value_bits(TmemCpDecompress::b6x16_p32), 6);
  EXPECT_EQ(fragviz::tmem_cp_value_bits(TmemCpDecompress::b4x16_p64), 4);
}

TEST(TmemCp, NamesAreThePtxQualifiers) {
  EXPECT_EQ(fragviz::parse_tmem_cp_shape(".64x128b.warpx2::01_23"), TmemCpShape::s64x128b_01_23);
  EXPECT_EQ(fragviz::parse_tmem_cp_shape("32x128b.warpx4"), TmemCpShape::s32x128b_x4);
  EXPECT_FALSE(fragviz::parse_tmem_cp_shape("64x128b"));  // needs its multicast (PTX: ** forms)
  EXPECT_FALSE(fragviz::parse_tmem_cp_shape("32x32b"));
  EXPECT_EQ(fragviz::parse_tmem_cp_decompress("b4x16_p64"), TmemCpDecompress::b4x16_p64);
  EXPECT_FALSE(fragviz::parse_tmem_cp_decompress("b8x16"));
  EXPECT_EQ(fragviz::tmem_cp_mnemonic(TmemCpShape::s64x128b_02_13, 1, TmemCpDecompress::none),
            "tcgen05.cp.cta_group::1.64x128b.warpx2::02_13");
  EXPECT_EQ(fragviz::tmem_cp_mnemonic(TmemCpShape::s128x128b, 2, TmemCpDecompress::b6x16_p32),
            "tcgen05.cp.cta_group::2.128x128b.b8x16.b6x16_p32");
  EXPECT_EQ(fragviz::tmem_cp_shape_names().size(), 6u);
}

}  // namespace

// taddr's lane and column (PTX ISA 9.0, 9.7.16.9.2 "tcgen05.cp" states no alignment for taddr, where
// 9.7.16.9.3 asks tcgen05.shift's lane be aligned to 32; 9.7.16.1 gives a CTA 128 lanes x 512
// columns). So the bound is where the copy's last lane or column leaves tensor memory. The numbers
// below are worked out by hand from the shapes' lanes: .4x256b's rows sit at lanes 0, 32, 64, 96
// from taddr, every other shape fills 128 lanes; 256-bit rows take 8 columns, 128-bit rows 4.
TEST(TmemCp, TaddrMustKeepEveryWrittenLaneInsideTheCtasTensorMemory) {
  using fragviz::tmem_cp_taddr_refusal;
  for (TmemCpShape s : {TmemCpShape::s128x256b, TmemCpShape::s128x128b, TmemCpShape::s64x128b_02_13,
                        TmemCpShape::s64x128b_01_23, TmemCpShape::s32x128b_x4}) {
    EXPECT_FALSE(tmem_cp_taddr_refusal(s, 0, 0)) << to_string(s);
    const auto why = tmem_cp_taddr_refusal(s, 1, 0);
    ASSERT_TRUE(why) << to_string(s);
    EXPECT_NE(why->find("last lane at 128"), std::string::npos) << *why;
    EXPECT_NE(why->find("takes taddr lane 0 only"), std::string::npos) << *why;
    EXPECT_NE(why->find("9.7.16.1"), std::string::npos) << *why;
  }
  // .4x256b: lanes L, L+32, L+64, L+96, so L up to 31.
  EXPECT_FALSE(tmem_cp_taddr_refusal(TmemCpShape::s4x256b, 31, 0));
  EXPECT_FALSE(tmem_cp_taddr_refusal(TmemCpShape::s4x256b, 5, 0));
  const auto why = tmem_cp_taddr_refusal(TmemCpShape::s4x256b, 32, 0);
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("last lane at 128"), std::string::npos) << *why;
  EXPECT_NE(why->find("takes taddr lane 0-31"), std::string::npos) << *why;
}

TEST(TmemCp, TaddrColumnMustKeepTheRowInsideTheFiveHundredTwelveColumns) {
  using fragviz::tmem_cp_taddr_refusal;
  // 256-bit rows: 8 columns, so the last start is 504; 128-bit rows: 4 columns, 508. No alignment:
  // an odd column is as good as any.
  EXPECT_FALSE(tmem_cp_taddr_refusal(TmemCpShape::s128x256b, 0, 504));
  EXPECT_FALSE(tmem_cp_taddr_refusal(TmemCpShape::s4x256b, 0, 3));
  const auto wide = tmem_cp_taddr_refusal(TmemCpShape::s128x256b, 0, 505);
  ASSERT_TRUE(wide);
  EXPECT_NE(wide->find("last column at 512"), std::string::npos) << *wide;
  EXPECT_NE(wide->find("takes taddr column 0-504"), std::string::npos) << *wide;
  EXPECT_FALSE(tmem_cp_taddr_refusal(TmemCpShape::s32x128b_x4, 0, 508));
  const auto narrow = tmem_cp_taddr_refusal(TmemCpShape::s32x128b_x4, 0, 509);
  ASSERT_TRUE(narrow);
  EXPECT_NE(narrow->find("takes taddr column 0-508"), std::string::npos) << *narrow;
  EXPECT_TRUE(tmem_cp_taddr_refusal(TmemCpShape::s128x128b, -1, 0));
  EXPECT_TRUE(tmem_cp_taddr_refusal(TmemCpShape::s128x128b, 0, -4));
}

TEST(TmemCp, RowLanesCountFromTaddrsLane) {
  // .4x256b from lane 5: row 2 at lane 5 + 64 = 69, in sub-partition 2.
  EXPECT_EQ(fragviz::tmem_cp_row_lanes(TmemCpShape::s4x256b, 2, 5), "lane 69 (warp 2 by id % 4)");
  EXPECT_EQ(fragviz::tmem_cp_row_lanes(TmemCpShape::s4x256b, 0, 31), "lane 31 (warp 0 by id % 4)");
}
