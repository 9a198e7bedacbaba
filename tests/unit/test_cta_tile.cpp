// The CTA tile (model/tile/cta_tile.hpp) against values worked out by hand.
//
// The CUTLASS-style sm80 tile: SM80_16x8x16 over (2,2,1) warps with Tile<_32,_32,_16>, a CTA of
// 128x128x32. Each warp's A per k-block is 64 rows (16 of each of the four 32-row MMA tiles) by 16
// k: four ldmatrix.x4, so 4 warps x 2 k-blocks x 4 = 32 instructions of 4 matrices each.
//  - A in Swizzle<3,3,3> o (128,32):(32,1) (64-byte rows): an 8x8 matrix's rows m..m+7 at 16-byte
//    chunk c sit in the 128-byte line's chunk (c | (m&1)<<2) ^ ((m>>1)&7): 8 distinct chunks, one
//    wavefront per matrix, 128 in all, no conflict.
//  - A in (128,32):(32,1) unswizzled: chunk (4m + c) mod 8 takes 2 values over 8 rows: 4-way, 16
//    wavefronts per ldmatrix.x4, 512 in all, 384 conflicts. Swizzle<2,3,3> (chunk ^= (m>>1)&3)
//    makes the 8 chunks distinct again; B = 1 cannot (two bits of row variety for eight rows), and
//    Swizzle<2,3,2> (chunk ^= m&3) repeats at m = 4: the first conflict-free swizzle of the search
//    is Swizzle<2,3,3>.
//  - C (f32) stored by UniversalCopy<uint64_t> into (128,128):(128,1): the m16n8 accumulator's
//    lanes 4r..4r+3 hold row r's columns 0-7, 8 bytes each; a 512-byte row stride puts every row on
//    the same 8 banks, so each 16-lane phase (4 rows) is 4-way: 8 wavefronts per STS.64, ideal 2.
//    128 registers / 2 per store = 64 stores per thread, 256 per CTA: 2048 wavefronts, 512 ideal.
//  - C stored M-major, (128,128):(1,128): thread 0's STS.64 at (0,0) writes its V1 (C's
//    (0,1)) to byte 4, which holds (1,0); lane 4's address (row 1) is byte 4: misaligned.
//  - A stored M-major with LDSM_N: lane 0's row address is (0,0), whose 16 bytes run down m: thread
//    0's V1 (a0's upper half, (0,1)) receives (1,0).
//  - cp.async.ca fills, counted by the H100 sweep's rule (docs/device-runs/2026-12-06-h100-session20,
//    call 2): 16 bytes per lane, four phases of 8 lanes, in each the most lane writes any bank takes,
//    lanes on one word not merged. See the fill tests below for each hand count.
#include <gtest/gtest.h>

#include "fragviz/tile/cta_tile.hpp"

namespace {

using fragviz::Operand;
using fragviz::tile::Cell;
using fragviz::tile::CtaReport;
using fragviz::tile::CtaTile;
using fragviz::tile::CtaTileSpec;

CtaTileSpec sm80(const char* a = "Swizzle<3,3,3> o (128,32):(32,1)",
                 const char* b = "Swizzle<3,3,3> o ((64,2),(8,4)):((1,512),(64,1024))",
                 const char* c = "(128,128):(128,1)") {
  CtaTileSpec s;
  s.mma = "SM80_16x8x16_F32F16F16F32_TN";
  s.atoms = "(2,2,1)";
  s.permute = "Tile<_32,_32,_16>";
  s.copy = {"SM75_U32x4_LDSM_N", "SM75_U16x8_LDSM_T", "UniversalCopy<uint64_t>"};
  s.smem = {a, b, c};
  s.tile = "128x128x32";
  return s;
}

CtaReport analyze(const CtaTileSpec& s) {
  const auto t = fragviz::tile::make_cta_tile(s);
  EXPECT_TRUE(t) << t.message;
  const auto r = fragviz::tile::analyze_cta_tile(*t.value);
  EXPECT_TRUE(r) << r.message;
  return *r.value;
}

TEST(CtaTile, Sm80SwizzledJoinsAndIsConflictFree) {
  const CtaReport r = analyze(sm80());
  for (const auto& o : r.operands) {
    ASSERT_TRUE(o.join) << o.skipped;
    EXPECT_EQ(o.join->mismatches, 0);
  }
  // A 128x32 held twice (two warps along N): 8192 (thread, register) cells, 64 registers each.
  EXPECT_EQ(r.operands[0].join->cells, 8192);
  EXPECT_EQ(r.operands[0].join->verdict(128), "all 8192 match (128 threads x 64 values)");
  const auto& a = *r.operands[0].banks;
  EXPECT_EQ(a.instructions, 32);
  EXPECT_EQ(a.wavefronts, 128);
  EXPECT_EQ(a.ideal, 128);
  EXPECT_EQ(a.conflicts, 0);
  ASSERT_EQ(a.rows.size(), 8u);  // 4 warps x 2 k-blocks
  EXPECT_EQ(a.rows[3].warp, 1);
  EXPECT_EQ(a.rows[3].k_block, 1);
  EXPECT_EQ(a.rows[3].instructions, 4);
  EXPECT_EQ(a.rows[3].wavefronts, 16);
  ASSERT_EQ(a.per_k_block.size(), 2u);
  EXPECT_EQ(a.per_k_block[1].instructions, 16);
  EXPECT_FALSE(r.operands[0].suggestion);
  EXPECT_EQ(r.operands[1].banks->conflicts, 0);
}

TEST(CtaTile, UnswizzledAConflictsFourWayAndASwizzleIsFound) {
  const CtaReport r = analyze(sm80("(128,32):(32,1)"));
  const auto& a = *r.operands[0].banks;
  EXPECT_EQ(a.wavefronts, 512);
  EXPECT_EQ(a.conflicts, 384);
  EXPECT_EQ(a.rows[0].wavefronts, 64);  // 4 ldmatrix.x4 of 16 wavefronts
  ASSERT_TRUE(r.operands[0].suggestion);
  EXPECT_EQ(r.operands[0].suggestion->notation, "Swizzle<2,3,3> o (128,32):(32,1)");
  EXPECT_EQ(r.operands[0].suggestion->wavefronts, 128);
  EXPECT_EQ(r.operands[0].suggestion->conflicts, 0);
  EXPECT_EQ(r.operands[0].join->mismatches, 0);  // a bank conflict is no wrong register
}

TEST(CtaTile, EpilogueStoreBanks) {
  const CtaReport r = analyze(sm80());
  const auto& c = *r.operands[2].banks;
  EXPECT_EQ(c.instruction, "st.shared.v2.b32 (STS.64)");
  EXPECT_EQ(c.instructions, 256);
  EXPECT_EQ(c.wavefronts, 2048);
  EXPECT_EQ(c.ideal, 512);
  EXPECT_EQ(c.conflicts, 1536);
  ASSERT_EQ(c.rows.size(), 4u);
  EXPECT_EQ(c.rows[0].k_block, -1);
  EXPECT_EQ(r.operands[2].join->cells, 16384);
  ASSERT_TRUE(r.operands[2].suggestion);
  EXPECT_EQ(r.operands[2].suggestion->conflicts, 0);
}

TEST(CtaTile, WrongStorageOrderNamesTheFirstWrongRegister) {
  const CtaReport c =
      analyze(sm80("Swizzle<3,3,3> o (128,32):(32,1)", "Swizzle<3,3,3> o ((64,2),(8,4)):((1,512),(64,1024))",
                   "(128,128):(1,128)"));
  const auto& j = *c.operands[2].join;
  ASSERT_TRUE(j.first);
  EXPECT_EQ(j.first->thread, 0);
  EXPECT_EQ(j.first->reg, 1);
  EXPECT_EQ(j.first->byte, 4);
  EXPECT_EQ(*j.first->moved, (Cell{1, 0}));
  EXPECT_EQ(j.first->expected, (Cell{0, 1}));
  EXPECT_EQ(c.operands[2].banks->misaligned, 256);

  const CtaReport a = analyze(sm80("(128,32):(1,128)"));
  const auto& ja = *a.operands[0].join;
  ASSERT_TRUE(ja.first);
  EXPECT_EQ(ja.first->thread, 0);
  EXPECT_EQ(ja.first->reg, 1);
  EXPECT_EQ(ja.first->k_block, 0);
  EXPECT_EQ(*ja.first->moved, (Cell{1, 0}));
  EXPECT_EQ(ja.first->expected, (Cell{0, 1}));
  EXPECT_EQ(ja.verdict(128).rfind("thread 0 V1 (k-block 0): delivered (1,0) at byte 2, expected (0,1)", 0),
            0u)
      << ja.verdict(128);
}

TEST(CtaTile, FragmentRegistersFollowCuTesOrder) {
  // Thread 37 (warp 1: M half 1; lane 5: rows 1 and 9, k 2-3 and 10-11 of its 16x16 atom).
  const auto t = fragviz::tile::make_cta_tile(sm80());
  ASSERT_TRUE(t);
  EXPECT_EQ(fragviz::tile::cta_fragment_size(*t.value, Operand::A), 64);
  EXPECT_EQ(fragviz::tile::cta_fragment_cell(*t.value, Operand::A, 37, 0), (Cell{17, 2}));
  EXPECT_EQ(fragviz::tile::cta_fragment_cell(*t.value, Operand::A, 37, 2), (Cell{25, 2}));
  // V8: the next M tile (rows + 32), V32: the next k-block (k + 16).
  EXPECT_EQ(fragviz::tile::cta_fragment_cell(*t.value, Operand::A, 37, 8), (Cell{49, 2}));
  EXPECT_EQ(fragviz::tile::cta_fragment_cell(*t.value, Operand::A, 37, 32), (Cell{17, 18}));
}

// A 64 x 64 half tile filled by make_tiled_copy(CACHEALWAYS, (32,4):(1,32), (1,8)): thread t holds
// row t % 32 and the 8 halves at column 8 (t / 32); the tiler is 32 x 32, so 2 x 2 blocks, 4
// cp.async per thread, block (b0, b1) its cp.async 2 b1 + b0. Warp w's lanes are rows 0-31 at one
// column: each phase's 8 lanes are 8 rows, one column.
//  - unswizzled (64,64):(64,1), 128-byte rows: the 8 lanes' 16 bytes sit on the same 4 banks, 8
//    writes each: 8 wavefronts a phase, 32 per cp.async (ideal 4, 28 conflicts); per warp 4 x 32 =
//    128 (ideal 16), the tile 512 (ideal 64, 448 conflicts);
//  - Swizzle<3,3,3> o (64,64):(64,1): the 16-byte chunk c of row r moves to c ^ (r & 7): 8 rows in
//    a phase, 8 distinct chunks, all 32 banks once: 4 wavefronts per cp.async, 64 in all, 0 conflicts.
fragviz::tile::GmemCopy fill_copy(const char* atom) {
  const auto g = fragviz::tile::make_gmem_copy(
      std::string("make_tiled_copy(") + atom + ", (32,4):(1,32), (1,8))", 16, {64, 64});
  EXPECT_TRUE(g) << g.message;
  return *g.value;
}

fragviz::SmemLayout half_layout(const char* text) {
  const auto l = fragviz::parse_smem_layout(text, fragviz::LayoutUnits::elements, 2);
  EXPECT_TRUE(l) << l.error.message;
  return *l.value;
}

TEST(CtaTile, CpAsyncCaFillOfOneColumnPerWarpConflictsEightWay) {
  const auto g = fill_copy("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>");
  const auto b = fragviz::tile::count_fill_banks(g, half_layout("(64,64):(64,1)"), 16);
  ASSERT_TRUE(b);
  EXPECT_EQ(b->op, fragviz::SharedOp::cpasync16);
  EXPECT_EQ(b->note, "");
  EXPECT_EQ(b->instructions, 16);
  EXPECT_EQ(b->wavefronts, 512);
  EXPECT_EQ(b->ideal, 64);
  EXPECT_EQ(b->conflicts, 448);
  EXPECT_EQ(b->misaligned, 0);
  // The tiler's 32 columns span two 16-wide k-blocks: one row per warp over the whole K.
  EXPECT_TRUE(b->whole_k);
  ASSERT_EQ(b->rows.size(), 4u);
  for (const auto& r : b->rows) {
    EXPECT_EQ(r.k_block, 0);
    EXPECT_EQ(r.instructions, 4);
    EXPECT_EQ(r.wavefronts, 128);
    EXPECT_EQ(r.ideal, 16);
    EXPECT_EQ(r.conflicts, 112);
  }
  // 32-wide k-blocks: block column b1 is k-block b1, two cp.async of each warp in each.
  const auto k = fragviz::tile::count_fill_banks(g, half_layout("(64,64):(64,1)"), 32);
  ASSERT_TRUE(k);
  EXPECT_FALSE(k->whole_k);
  ASSERT_EQ(k->rows.size(), 8u);
  EXPECT_EQ(k->rows[1].warp, 0);
  EXPECT_EQ(k->rows[1].k_block, 1);
  EXPECT_EQ(k->rows[1].instructions, 2);
  EXPECT_EQ(k->rows[1].wavefronts, 64);
  ASSERT_EQ(k->per_k_block.size(), 2u);
  EXPECT_EQ(k->per_k_block[1].wavefronts, 256);
  EXPECT_EQ(k->per_k_block[1].conflicts, 224);
  EXPECT_EQ(k->wavefronts, 512);
}

TEST(CtaTile, CpAsyncCaFillThroughSwizzle333IsConflictFree) {
  const auto b = fragviz::tile::count_fill_banks(fill_copy("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>"),
                                                 half_layout("Swizzle<3,3,3> o (64,64):(64,1)"), 16);
  ASSERT_TRUE(b);
  EXPECT_EQ(b->instructions, 16);
  EXPECT_EQ(b->wavefronts, 64);
  EXPECT_EQ(b->ideal, 64);
  EXPECT_EQ(b->conflicts, 0);
}

TEST(CtaTile, CpAsyncCgFillHasNoBankCountAndSaysWhy) {
  EXPECT_FALSE(fragviz::tile::count_fill_banks(fill_copy("SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>"),
                                               half_layout("(64,64):(64,1)"), 16));
  // The sm80 preset's fills are .cg (DefaultGemm_TensorOpSm80's).
  CtaTileSpec s = sm80();
  s.gmem_copy = {"make_tiled_copy(SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, (32,4):(4,1), (1,8))", ""};
  const CtaReport r = analyze(s);
  ASSERT_TRUE(r.operands[0].fill);
  EXPECT_FALSE(r.operands[0].fill_banks);
  EXPECT_EQ(
      r.operands[0].fill_no_banks,
      "cp.async.cg is not modelled: Nsight Compute counts none of its shared-memory writes and its time "
      "follows no bank rule (measured on the H100: docs/device-runs/2026-12-06-h100-session20)");
  EXPECT_EQ(r.operands[1].fill_no_banks, "");  // no fill
}

TEST(CtaTile, CpAsyncCaFillOfTheSm80TileIsOneLinePerPhase) {
  // A 128 x 32 halves (64-byte rows) by (32,4):(4,1) threads of (1,8): thread t at row t / 4,
  // chunk t % 4; a phase's 8 lanes are 2 rows x 4 chunks, one 128-byte line, which Swizzle<3,3,3>
  // only permutes by chunk: 1 wavefront a phase, 4 a cp.async. 4 blocks of 32 rows: 4 cp.async per
  // thread, 16 warp instructions, 64 wavefronts.
  CtaTileSpec s = sm80();
  s.gmem_copy = {"make_tiled_copy(SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, (32,4):(4,1), (1,8))", ""};
  const CtaReport r = analyze(s);
  ASSERT_TRUE(r.operands[0].fill_banks);
  const auto& b = *r.operands[0].fill_banks;
  EXPECT_EQ(b.instruction, "cp.async.ca.shared.global (16 B) (LDGSTS.E.128)");
  EXPECT_EQ(b.instructions, 16);
  EXPECT_EQ(b.wavefronts, 64);
  EXPECT_EQ(b.ideal, 64);
  EXPECT_EQ(b.conflicts, 0);
  EXPECT_TRUE(b.whole_k);  // the tiler's 32 columns hold both 16-wide k-blocks
  EXPECT_EQ(r.operands[0].fill_no_banks, "");
}

TEST(CtaTile, Refusals) {
  CtaTileSpec s = sm80();
  s.tile = "100x128x32";
  auto t = fragviz::tile::make_cta_tile(s);
  ASSERT_FALSE(t);
  EXPECT_NE(t.message.find("M (100) is not a multiple of the TiledMMA's (32)"), std::string::npos)
      << t.message;
  s = sm80("(64,32):(32,1)");
  t = fragviz::tile::make_cta_tile(s);
  ASSERT_FALSE(t);
  EXPECT_NE(t.message.find("--smem-a '(64,32):(32,1)': its shape is 64 x 32, the CTA's A is 128 x 32"),
            std::string::npos)
      << t.message;
  s = sm80();
  s.k_block = 24;
  EXPECT_FALSE(fragviz::tile::make_cta_tile(s));
  EXPECT_FALSE(fragviz::tile::parse_tile_mnk("128x128"));
  EXPECT_EQ(*fragviz::tile::parse_tile_mnk("(64,32,16)").value, (std::array<std::int64_t, 3>{64, 32, 16}));
}

}  // namespace
