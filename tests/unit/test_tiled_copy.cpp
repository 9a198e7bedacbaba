// TiledCopy and the join (model/tile/tiled_copy.hpp, join.hpp) against facts derived by hand:
//  - make_tiled_copy(UniversalCopy<uint128_t>, thr (32,8):(8,1), val (1,8)) of 16-bit values: a
//    32 x 64 tile, thread t the 8 consecutive columns 8(t%8).. of row t/8;
//  - ldmatrix .x4 for A of a (2,2,1) m16n8k16 tiled MMA: lane l of warp w addresses A row
//    16*(w%2) + l%16 at k 8*(l/16) (the matrices are A's four 8x8 quarters in register order:
//    rows 0-7 k 0-7, rows 8-15 k 0-7, rows 0-7 k 8-15, rows 8-15 k 8-15);
//  - a copy made for one atom layout joined with another whose warps sit elsewhere finds exactly
//    the warps that moved; an atom whose DstLayout swaps two registers (a transcription error) is
//    caught by the join's own model of ldmatrix.
// tests/cute/test_cute_tiled.cpp holds every layout against CuTe's TiledCopy.
#include <gtest/gtest.h>

#include "fragviz/tile/join.hpp"

namespace {

using fragviz::Operand;
using fragviz::tile::Cell;
using fragviz::tile::TiledCopy;
using fragviz::tile::TiledMma;

TiledMma mma(const char* atoms, const char* perm = "Tile<_,_,_>") {
  const auto t = fragviz::tile::make_tiled_mma(*fragviz::tile::find_mma_atom("SM80_16x8x16_F32F16F16F32_TN"),
                                               *fragviz::tile::parse_atom_layout(atoms).value,
                                               *fragviz::tile::parse_permutation(perm).value);
  EXPECT_TRUE(t) << t.message;
  return *t.value;
}

TiledCopy copy_for(const char* atom, const TiledMma& m, Operand op, int bits = 16) {
  const auto c = fragviz::tile::make_tiled_copy_for(*fragviz::tile::find_copy_atom(atom), bits, m, op);
  EXPECT_TRUE(c) << c.message;
  return *c.value;
}

std::int64_t at(const fragviz::algebra::Layout& l, std::int64_t t, std::int64_t v) {
  return fragviz::algebra::evaluate(l, t + fragviz::algebra::size(l.mode(0)) * v);
}

TEST(TiledCopy, UniversalVectorsOverRows) {
  const auto c = fragviz::tile::make_tiled_copy(*fragviz::tile::find_copy_atom("UniversalCopy<uint128_t>"),
                                                16, *fragviz::tile::parse_atom_layout("(32,8):(8,1)").value,
                                                *fragviz::tile::parse_atom_layout("(1,8)").value);
  ASSERT_TRUE(c) << c.message;
  EXPECT_EQ(fragviz::algebra::to_string(c->tiler), "(32,64)");
  EXPECT_EQ(c->threads(), 256);
  EXPECT_EQ(c->values_per_thread(), 8);
  for (int t = 0; t < 256; ++t)
    for (int v = 0; v < 8; ++v) {
      const std::int64_t row = t / 8, col = 8 * (t % 8) + v;
      ASSERT_EQ(at(c->layout_tv, t, v), row + 32 * col) << t << " " << v;
      ASSERT_EQ(at(c->layout_s_tv, t, v), row + 32 * col) << t << " " << v;
    }
}

TEST(TiledCopy, LdmatrixX4AddressesAsQuarters) {
  const TiledMma m = mma("(2,2,1)");
  const TiledCopy c = copy_for("SM75_U32x4_LDSM_N", m, Operand::A);
  EXPECT_EQ(fragviz::algebra::to_string(c.tiler), "(32,16)");
  for (int t = 0; t < 128; ++t) {
    const int lane = t % 32, w = t / 32;
    for (int e = 0; e < 8; ++e)
      ASSERT_EQ(at(c.layout_s_tv, t, e), (16 * (w % 2) + lane % 16) + 32 * (8 * (lane / 16) + e))
          << "thread " << t << " element " << e;
  }
  const auto j = fragviz::tile::join(c, m, Operand::A);
  ASSERT_TRUE(j) << j.message;
  EXPECT_EQ(j->verdict(), "all 1024 match (128 threads x 8 values)");
  EXPECT_EQ(j->cute_disagrees, 0);
  EXPECT_EQ(j->unvectorized, 0);
  EXPECT_EQ(j->vector_run, "along k (8 values of 16 bits)");
  // Thread 37 V4 is a4: (m 17, k 10).
  EXPECT_EQ(j->cells[37 * 8 + 4].expected, (Cell{17, 10}));
}

// B stored N-contiguous: ldmatrix .trans, whose rows run along n.
TEST(TiledCopy, LdmatrixTransForB) {
  const TiledMma m = mma("(2,2,1)", "Tile<_32,_32,_16>");
  const auto j = fragviz::tile::join(copy_for("SM75_U16x8_LDSM_T", m, Operand::B), m, Operand::B);
  ASSERT_TRUE(j) << j.message;
  EXPECT_EQ(j->mismatches, 0) << j->verdict();
  EXPECT_EQ(j->vector_run, "along n (8 values of 16 bits)");
}

// The epilogue: stmatrix .x4 of the 16-bit accumulators of Tile<_32,_32,_16>, and .x2 of (2,2,1).
TEST(TiledCopy, StmatrixStoresEveryAccumulator) {
  const TiledMma m = mma("(2,2,1)", "Tile<_32,_32,_16>");
  const auto j = fragviz::tile::join(copy_for("SM90_U32x4_STSM_N", m, Operand::C), m, Operand::C);
  ASSERT_TRUE(j) << j.message;
  EXPECT_TRUE(j->store);
  EXPECT_EQ(j->verdict(), "all 1024 match (128 threads x 8 values)");
  const TiledMma m2 = mma("(2,2,1)");
  const auto j2 = fragviz::tile::join(copy_for("SM90_U32x2_STSM_N", m2, Operand::C), m2, Operand::C);
  ASSERT_TRUE(j2) << j2.message;
  EXPECT_EQ(j2->verdict(), "all 512 match (128 threads x 4 values)");
}

// A copy made for (2,2,1) column-major, used with (2,2,1):(2,1,0): warps 1 and 2 swap their atom
// positions ((m 1, n 0) and (m 0, n 1)), so their 64 threads load the other half of A's rows; warps
// 0 and 3 still match. Thread 32 (lane 0 of warp 1) gets row 16 where the MMA wants row 0.
TEST(TiledCopy, JoinFindsMovedWarps) {
  const TiledMma col = mma("(2,2,1)"), row = mma("(2,2,1):(2,1,0)");
  const auto j = fragviz::tile::join(copy_for("SM75_U32x4_LDSM_N", col, Operand::A), row, Operand::A);
  ASSERT_TRUE(j) << j.message;
  EXPECT_EQ(j->mismatches, 512);
  EXPECT_EQ(j->verdict(), "thread 32 V0: delivered (16,0), expected (0,0) (512 of 1024 differ)");
}

// An ldmatrix atom whose DstLayout names registers 1 and 2 the other way round: CuTe's layouts
// then build a copy consistent with themselves, and the PTX ISA's ldmatrix disagrees.
TEST(TiledCopy, JoinCatchesAWrongCopyAtom) {
  fragviz::tile::CopyAtom bad = *fragviz::tile::find_copy_atom("SM75_U32x4_LDSM_N");
  bad.dst = *fragviz::tile::parse_atom_layout("(32,(32,2,2)):(32,(1,2048,1024))").value;
  bad.ref = bad.dst;
  const TiledMma m = mma("(2,2,1)");
  const auto c = fragviz::tile::make_tiled_copy_for(bad, 16, m, Operand::A);
  ASSERT_TRUE(c) << c.message;
  const auto j = fragviz::tile::join(*c, m, Operand::A);
  ASSERT_TRUE(j) << j.message;
  EXPECT_GT(j->mismatches, 0);
  EXPECT_EQ(j->cute_disagrees, j->mismatches);
}

TEST(TiledCopy, Refusals) {
  const TiledMma m = mma("(2,2,1)");
  const auto* ldsm4 = fragviz::tile::find_copy_atom("SM75_U32x4_LDSM_N");
  // B of (2,2,1) holds 4 values per thread; ldmatrix .x4 moves 8: CuTe's static_assert.
  const auto few = fragviz::tile::make_tiled_copy_for(*ldsm4, 16, m, Operand::B);
  ASSERT_FALSE(few);
  EXPECT_EQ(few.refusal, fragviz::algebra::Refusal::cute_refuses);
  EXPECT_NE(few.message.find("TiledCopy uses too few vals for selected CopyAtom"), std::string::npos);
  // ldmatrix for the accumulator, stmatrix for A.
  const auto ld_c = fragviz::tile::join(copy_for("SM75_U32x2_LDSM_N", m, Operand::C), m, Operand::C);
  ASSERT_FALSE(ld_c);
  EXPECT_NE(ld_c.message.find("ldmatrix loads registers"), std::string::npos) << ld_c.message;
  const auto st_a = fragviz::tile::join(copy_for("SM90_U32x4_STSM_N", m, Operand::A), m, Operand::A);
  ASSERT_FALSE(st_a);
  // A GMMA _SS atom takes A through a descriptor.
  const auto g = fragviz::tile::make_tiled_mma(*fragviz::tile::find_mma_atom("SM90_64x64x16_F16F16F16_SS"),
                                               *fragviz::tile::parse_atom_layout("(1,1,1)").value);
  ASSERT_TRUE(g) << g.message;
  const auto universal = fragviz::tile::make_tiled_copy_for(
      *fragviz::tile::find_copy_atom("UniversalCopy<uint32_t>"), 16, *g.value, Operand::A);
  ASSERT_TRUE(universal) << universal.message;
  const auto desc = fragviz::tile::join(*universal, *g.value, Operand::A);
  ASSERT_FALSE(desc);
  EXPECT_NE(desc.message.find("descriptor"), std::string::npos) << desc.message;
  // A copy of another tile.
  const auto other = fragviz::tile::join(
      copy_for("SM75_U32x4_LDSM_N", mma("(2,2,1)", "Tile<_64,_32,_16>"), Operand::A), m, Operand::A);
  ASSERT_FALSE(other);
}

}  // namespace
