// The Tensor memory view's grid (viewmodel/tmem_view.hpp). Expected cells are worked out by hand
// from the PTX ISA 9.1 figures of 9.7.16.2.3.1 and the data-path table of 9.7.16.10.5 as
// docs/guide/blackwell.md states them (and, for .16x256b, from the mma.sync m16n8 C fragment:
// c0 c1 in row groupID, columns 2*tig and +1; c2 c3 eight rows down), not from the code.
#include <gtest/gtest.h>

#include "app_state.hpp"
#include "export_dialog.hpp"
#include "fragviz/viewmodel/tmem_view.hpp"
#include "fragviz_export/views.hpp"

namespace fragviz::app {
namespace {

TmemControls ld(TmemShape s, int num, int warp = 0, bool pack16 = false) {
  TmemControls c;
  c.shape = s;
  c.num = num;
  c.warp = warp;
  c.pack16 = pack16;
  return c;
}

TmemControls acc(int m, int n, int cta_group, bool sparse = false, int cta = 0) {
  TmemControls c;
  c.mode = TmemMode::accumulator;
  c.acc = UmmaAccumulator{m, n, cta_group, sparse};
  c.cta = cta;
  return c;
}

TEST(TmemView, Ld16x256bIsTheMmaC) {
  const TmemModel m = make_tmem_model(ld(TmemShape::s16x256b, 1));
  ASSERT_TRUE(m.ok) << m.error;
  EXPECT_EQ(m.columns, 8);
  EXPECT_EQ(m.lanes, 128);
  // Thread 5: groupID 1, thread-in-group 1. c2 is row 1 + 8 = 9, column 2.
  EXPECT_EQ(tmem_cell_label(m.at(9, 2)), "T5 r2");
  EXPECT_EQ(tmem_cell_label(m.at(0, 0)), "T0 r0");
  EXPECT_EQ(tmem_cell_label(m.at(0, 1)), "T0 r1");
  // Column 7 of row 8: thread-in-group 3, groupID 0, c3.
  EXPECT_EQ(tmem_cell_label(m.at(8, 7)), "T3 r3");
  EXPECT_FALSE(m.at(16, 0).used());  // 16 lanes only
  EXPECT_EQ(tmem_cell_colour(m.at(9, 2)), 5);
  EXPECT_NE(m.relation.find("m16n8"), std::string::npos);
  EXPECT_EQ(m.status,
            "model only: PTX ISA 9.1 and CuTe 4.2 agree; not yet run on a GPU "
            "(docs/guide/blackwell.md, \"How the sm_100 model was checked\")");
  const std::string hover = tmem_cell_text(m, 9, 2);
  EXPECT_NE(hover.find("thread 5, register r2"), std::string::npos) << hover;
  EXPECT_NE(hover.find("C fragment c2 of tile 0 (row 9, column 2)"), std::string::npos) << hover;
}

TEST(TmemView, Ld16x256bSecondRepetitionIsTheNextTile) {
  const TmemModel m = make_tmem_model(ld(TmemShape::s16x256b, 2));
  ASSERT_TRUE(m.ok);
  EXPECT_EQ(m.columns, 16);
  // Register 4 is repetition 1's r0: thread 6 (groupID 1, tig 2) at row 1, column 8 + 4.
  EXPECT_EQ(tmem_cell_label(m.at(1, 12)), "T6 r4");
  EXPECT_NE(tmem_cell_text(m, 1, 12).find("c0 of tile 1 (row 1, column 4)"), std::string::npos);
}

TEST(TmemView, Ld16x64bThreadOneReadsLaneEight) {
  const TmemModel m = make_tmem_model(ld(TmemShape::s16x64b, 1));
  ASSERT_TRUE(m.ok);
  EXPECT_EQ(m.columns, 2);
  EXPECT_EQ(tmem_cell_label(m.at(8, 0)), "T1 r0");
  EXPECT_EQ(tmem_cell_label(m.at(0, 1)), "T2 r0");
  EXPECT_EQ(tmem_cell_label(m.at(15, 1)), "T31 r0");
  EXPECT_TRUE(m.relation.empty());
}

TEST(TmemView, WarpReachesItsSubPartitionOnly) {
  // Warp 6: id % 4 = 2, lanes 64-95.
  const TmemModel m = make_tmem_model(ld(TmemShape::s32x32b, 2, 6));
  ASSERT_TRUE(m.ok);
  EXPECT_EQ(m.lane_base, 64);
  EXPECT_EQ(tmem_cell_label(m.at(71, 1)), "T7 r1");
  EXPECT_FALSE(m.at(63, 0).used());
  EXPECT_FALSE(m.at(96, 0).used());
  EXPECT_EQ(tmem_subpartition_label(2), "lanes 64-95: warps 2, 6, 10, ..., 30 (id % 4 = 2)");
  // 32 warps in a CTA: warp 31 (id % 4 = 3) reaches lanes 96-127 too.
  EXPECT_EQ(tmem_subpartition_chip(3), "w3,7..31");
  EXPECT_NE(tmem_cell_text(m, 71, 1).find("lanes 64-95"), std::string::npos);
}

TEST(TmemView, HalfSplitAndPacking) {
  // .16x32bx2.x1 from warp 1: threads 16-31 at immHalfSplitoff = 1 column (CuTe's .num).
  TmemModel m = make_tmem_model(ld(TmemShape::s16x32bx2, 1, 1));
  ASSERT_TRUE(m.ok);
  EXPECT_EQ(tmem_cell_label(m.at(33, 1)), "T17 r0");
  EXPECT_EQ(tmem_cell_label(m.at(33, 0)), "T1 r0");
  // .32x32b.x1.pack::16b: each register's halves in two adjacent columns.
  m = make_tmem_model(ld(TmemShape::s32x32b, 1, 0, true));
  ASSERT_TRUE(m.ok);
  EXPECT_EQ(m.columns, 2);
  EXPECT_EQ(tmem_cell_label(m.at(3, 0)), "T3 r0lo");
  EXPECT_EQ(tmem_cell_label(m.at(3, 1)), "T3 r0hi");
  EXPECT_NE(tmem_cell_text(m, 3, 1).find("its high 16 bits"), std::string::npos);
}

TEST(TmemView, AccumulatorM64IsLayoutF) {
  const TmemModel m = make_tmem_model(acc(64, 64, 1));
  ASSERT_TRUE(m.ok) << m.error;
  EXPECT_EQ(m.layout, 'F');
  EXPECT_EQ(m.columns, 64);
  // Row 17 = block 1 of 16 rows: lanes 32 + 1.
  EXPECT_EQ(tmem_cell_label(m.at(33, 3)), "17,3");
  EXPECT_FALSE(m.at(16, 0).used());  // lanes 16-31 stay free
  EXPECT_EQ(tmem_cell_label(m.at(111, 63)), "63,63");
  EXPECT_NE(m.status.find("agree"), std::string::npos);
  const std::string hover = tmem_cell_text(m, 33, 3);
  EXPECT_NE(hover.find("D(17, 3)"), std::string::npos) << hover;
  EXPECT_NE(hover.find("id % 4 = 1 may tcgen05.ld it; Layout F"), std::string::npos) << hover;
}

TEST(TmemView, AccumulatorPairIsLayoutB) {
  // M 128 over a CTA pair, dense: each CTA 64 rows; columns N/2 = 32 and up go 64 lanes down.
  TmemModel m = make_tmem_model(acc(128, 64, 2));
  ASSERT_TRUE(m.ok);
  EXPECT_EQ(m.layout, 'B');
  EXPECT_EQ(m.columns, 32);
  EXPECT_EQ(tmem_cell_label(m.at(74, 8)), "10,40");
  m = make_tmem_model(acc(128, 64, 2, false, 1));
  EXPECT_EQ(tmem_cell_label(m.at(74, 8)), "74,40");
  // Sparse: Layout C, where CuTe disagrees, and the status says so.
  m = make_tmem_model(acc(128, 64, 2, true));
  ASSERT_TRUE(m.ok);
  EXPECT_EQ(m.layout, 'C');
  EXPECT_NE(m.status.find("CuTe 4.2 disagrees"), std::string::npos) << m.status;
}

TEST(TmemView, Refusals) {
  TmemModel m = make_tmem_model(ld(TmemShape::s16x256b, 64));
  EXPECT_FALSE(m.ok);
  EXPECT_NE(m.error.find(".x32"), std::string::npos) << m.error;
  EXPECT_FALSE(make_tmem_model(ld(TmemShape::s32x32b, 1, 32)).ok);  // a CTA's warps are 0-31
  m = make_tmem_model(acc(96, 64, 1));
  EXPECT_FALSE(m.ok);
  EXPECT_FALSE(m.status.empty());                               // still labelled model only
  EXPECT_FALSE(make_tmem_model(acc(128, 64, 1, false, 1)).ok);  // no CTA 1 in cta_group::1
}

TEST(TmemView, ControlsText) {
  EXPECT_EQ(tmem_controls_text(TmemControls{}), "ld shape=16x256b num=1 warp=0");
  const auto p = parse_tmem_controls("accumulator m=64 n=32, sparse cta_group=1");
  ASSERT_TRUE(p.controls) << p.error;
  EXPECT_EQ(p.controls->mode, TmemMode::accumulator);
  EXPECT_EQ(p.controls->acc.m, 64);
  EXPECT_EQ(p.controls->acc.n, 32);
  EXPECT_TRUE(p.controls->acc.sparse);
  EXPECT_EQ(tmem_controls_text(*p.controls), "accumulator m=64 n=32 cta_group=1 sparse cta=0");
  const auto q = parse_tmem_controls("ld shape=16x32bx2 num=x4 warp=3 pack16 split=8");
  ASSERT_TRUE(q.controls) << q.error;
  EXPECT_EQ(tmem_controls_text(*q.controls), "ld shape=16x32bx2 num=4 warp=3 pack16 split=8");
  EXPECT_FALSE(parse_tmem_controls("shape=16x512b").controls);
  EXPECT_FALSE(parse_tmem_controls("colour=red").controls);
  EXPECT_NE(parse_tmem_controls("bogus").error.find("'bogus'"), std::string::npos);
}

TEST(TmemView, CopyDrawsEachSourceRowInItsLanes) {
  // PTX ISA 9.1 tcgen05.cp: .warpx2::02_13, warps 0 and 2 (lanes 0-31, 64-95) get rows 0-31; 128
  // bits a row = 4 columns. Row 5's word 2 is in lanes 5 and 69, column 2; nothing else is drawn.
  TmemControls c;
  c.mode = TmemMode::copy;
  c.cp_shape = TmemCpShape::s64x128b_02_13;
  const TmemModel m = make_tmem_model(c);
  ASSERT_TRUE(m.ok) << m.error;
  EXPECT_EQ(m.columns, 4);
  EXPECT_EQ(tmem_cell_label(m.at(5, 2)), "R5 w2");
  EXPECT_EQ(tmem_cell_label(m.at(69, 2)), "R5 w2");
  EXPECT_EQ(tmem_cell_label(m.at(32, 0)), "R32 w0");
  EXPECT_EQ(tmem_cell_label(m.at(96, 3)), "R32 w3");
  EXPECT_NE(tmem_cell_text(m, 69, 2).find("copy 2 of 2: row 5 goes to lanes 5, 69"), std::string::npos)
      << tmem_cell_text(m, 69, 2);
  EXPECT_EQ(m.title, "tcgen05.cp.cta_group::1.64x128b.warpx2::02_13 [taddr], s-desc");
  EXPECT_NE(m.status.find("model only"), std::string::npos);
  // .4x256b: four lanes, one per sub-partition, 8 columns each; the rest untouched.
  c.cp_shape = TmemCpShape::s4x256b;
  const TmemModel f = make_tmem_model(c);
  EXPECT_EQ(f.columns, 8);
  EXPECT_EQ(tmem_cell_label(f.at(96, 7)), "R3 w7");
  EXPECT_FALSE(f.at(1, 0).used());
  const auto p = parse_tmem_controls("cp shape=32x128b.warpx4");
  ASSERT_TRUE(p.controls) << p.error;
  EXPECT_EQ(tmem_controls_text(*p.controls), "cp shape=32x128b.warpx4");
  EXPECT_FALSE(parse_tmem_controls("cp shape=16x256b").controls);  // an ld shape, not a cp one
  EXPECT_FALSE(parse_tmem_controls("ld shape=128x256b").controls);
}

TEST(TmemView, CopyTaddrLaneAndColumnMoveTheCopy) {
  // .4x256b from taddr lane 5, column 8: rows at lanes 5, 37, 69, 101, words 0-7 in columns 8-15
  // (PTX ISA 9.7.16.9.2 sets taddr no alignment; 9.7.16.1's 128 lanes x 512 columns bound it).
  TmemControls c;
  c.mode = TmemMode::copy;
  c.cp_shape = TmemCpShape::s4x256b;
  c.cp_lane = 5;
  c.cp_column = 8;
  const TmemModel m = make_tmem_model(c);
  ASSERT_TRUE(m.ok) << m.error;
  EXPECT_EQ(m.columns, 16);
  EXPECT_EQ(tmem_cell_label(m.at(69, 15)), "R2 w7");
  EXPECT_EQ(tmem_cell_label(m.at(5, 8)), "R0 w0");
  EXPECT_FALSE(m.at(0, 8).used());
  EXPECT_FALSE(m.at(5, 7).used());
  EXPECT_EQ(tmem_controls_text(c), "cp shape=4x256b lane=5 column=8");
  const auto p = parse_tmem_controls("cp shape=4x256b lane=5 column=8");
  ASSERT_TRUE(p.controls) << p.error;
  EXPECT_EQ(p.controls->cp_lane, 5);
  EXPECT_EQ(p.controls->cp_column, 8);
  EXPECT_EQ(p.controls->lane, -1);  // the ld/st lane stays its own
  // A 128-lane shape takes lane 0 only: refused, in the CLI's words, not drawn.
  c.cp_shape = TmemCpShape::s128x256b;
  const TmemModel r = make_tmem_model(c);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("takes taddr lane 0 only"), std::string::npos) << r.error;
  EXPECT_FALSE(parse_tmem_controls("ld shape=16x256b column=4").controls);  // column is cp's alone
}

TEST(TmemView, FileExportDrawsTheWindowsControls) {
  AppState s;
  s.tmem.mode = TmemMode::accumulator;
  s.tmem.acc = UmmaAccumulator{64, 32, 1, false};
  const scene::ViewRequest r = export_request(s, scene::View::tmem);
  EXPECT_EQ(r.tmem, "accumulator m=64 n=32 cta_group=1 cta=0");
  const auto built = scene::build_scene(r);
  ASSERT_TRUE(built) << built.error.message;
  EXPECT_EQ(built.value->title, "tcgen05.mma.cta_group::1 M=64 N=32: D in tensor memory");
}

// Issue 26: taddr's lane, as fragviz-cli tmem --lane takes it. Warp 1 at lane 48 (the second half
// of its sub-partition, lanes 32-63): .16x256b moves lanes 48-63; thread 5's c2 (row 9, column 2 of
// the m16n8 tile) is at lane 48 + 9 = 57.
TEST(TmemView, TaddrLaneMovesTheAccess) {
  TmemControls c = ld(TmemShape::s16x256b, 1, 1);
  c.lane = 48;
  const TmemModel m = make_tmem_model(c);
  ASSERT_TRUE(m.ok) << m.error;
  EXPECT_EQ(m.lane_base, 48);
  EXPECT_EQ(tmem_cell_label(m.at(57, 2)), "T5 r2");
  EXPECT_EQ(tmem_cell_label(m.at(48, 0)), "T0 r0");
  EXPECT_FALSE(m.at(32, 0).used());
  EXPECT_FALSE(m.at(64, 0).used());
  EXPECT_EQ(m.reach,
            "taddr lane 48 reaches lanes 48-63 of sub-partition 1 (lanes 32-63, reached by warps 1, 5, 9, "
            "..., 29)");
  EXPECT_NE(m.facts.find("taddr = lane 48"), std::string::npos) << m.facts;
  // Not given (-1): the warp's first lane, 32.
  c.lane = -1;
  EXPECT_EQ(make_tmem_model(c).lane_base, 32);
}

// A lane outside the warp's sub-partition is refused in the words fragviz-cli tmem --lane prints
// after "refused: " (one check, tmem_access_refusal): warp 0 reaches lanes 0-31; .16x256b at lane
// 20 would touch 20-35.
TEST(TmemView, TaddrLaneOutsideTheWarpsLanesIsRefusedAsTheCliDoes) {
  TmemControls c = ld(TmemShape::s16x256b, 1, 0);
  c.lane = 20;
  TmemModel m = make_tmem_model(c);
  EXPECT_FALSE(m.ok);
  EXPECT_EQ(m.error,
            "warp 0 (warp id % 4 = 0) reaches TMEM lanes 0-31 only; .16x256b at lane 20 touches lanes 20-35");
  c.lane = 16;  // lanes 16-31: inside
  EXPECT_TRUE(make_tmem_model(c).ok);
  c.warp = 5;  // warp 5 reaches 32-63: lane 16 is not its
  m = make_tmem_model(c);
  EXPECT_FALSE(m.ok);
  EXPECT_EQ(
      m.error,
      "warp 5 (warp id % 4 = 1) reaches TMEM lanes 32-63 only; .16x256b at lane 16 touches lanes 16-31");
}

// Newcomer issue 22: a CTA has up to 32 warps (1024 threads), and warp w reaches TMEM lanes
// 32*(w%4) to +31 (PTX ISA tcgen05 "Access restrictions"), so warp 20 (20 % 4 = 0) reaches lanes
// 0-31 as warp 0 does; the view refused every warp past 15 that the field, the CLI and PTX allow.
TEST(TmemView, EveryWarpOfA32WarpCtaIsDrawn) {
  for (int w : {16, 20, 31}) {
    const TmemModel m = make_tmem_model(ld(TmemShape::s16x256b, 1, w));
    ASSERT_TRUE(m.ok) << w << ": " << m.error;
    EXPECT_EQ(m.lane_base, 32 * (w % 4)) << w;
  }
  const TmemModel m20 = make_tmem_model(ld(TmemShape::s32x32b, 1, 20));
  ASSERT_TRUE(m20.ok) << m20.error;
  EXPECT_EQ(tmem_cell_label(m20.at(7, 0)), "T7 r0");
  EXPECT_FALSE(m20.at(32, 0).used());
  // Warp 32 is no warp of a CTA: refused by the view, and the text (settings, export) does not keep it.
  EXPECT_EQ(make_tmem_model(ld(TmemShape::s16x256b, 1, 32)).error,
            "the warp id is 0-31 (a CTA has up to 32 warps, 1024 threads), not 32");
  EXPECT_EQ(parse_tmem_controls("ld shape=16x256b num=1 warp=32").controls, std::nullopt);
  EXPECT_EQ(parse_tmem_controls("ld shape=16x256b num=1 warp=99999").controls, std::nullopt);
  const TmemControlsParse p = parse_tmem_controls("ld shape=16x256b num=1 warp=31");
  ASSERT_TRUE(p.controls) << p.error;
  EXPECT_EQ(p.controls->warp, 31);
}

TEST(TmemView, TaddrLaneIsInTheControlsText) {
  TmemControls c = ld(TmemShape::s32x32b, 2, 2);
  c.lane = 64;
  EXPECT_EQ(tmem_controls_text(c), "ld shape=32x32b num=2 warp=2 lane=64");
  const TmemControlsParse p = parse_tmem_controls("ld shape=32x32b num=x2 warp=2 lane=64");
  ASSERT_TRUE(p.controls) << p.error;
  EXPECT_EQ(p.controls->lane, 64);
  EXPECT_EQ(parse_tmem_controls("ld lane=-3").controls, std::nullopt);
  EXPECT_EQ(parse_tmem_controls("ld shape=16x64b").controls->lane, -1);  // not given: the warp's first
}

// Each mode's text whichever is shown, and one mode's choices taken without the other's.
TEST(TmemView, EachModesChoicesStandApart) {
  TmemControls c = acc(64, 32, 1);
  c.shape = TmemShape::s16x128b;
  c.num = 4;
  c.lane = 8;
  EXPECT_EQ(tmem_mode_text(c, TmemMode::load_store), "ld shape=16x128b num=4 warp=0 lane=8");
  EXPECT_EQ(tmem_mode_text(c, TmemMode::accumulator), "accumulator m=64 n=32 cta_group=1 cta=0");
  TmemControls into;
  take_tmem_mode(into, c, TmemMode::accumulator);
  EXPECT_EQ(into.mode, TmemMode::load_store);
  EXPECT_EQ(into.acc.m, 64);
  EXPECT_EQ(into.acc.n, 32);
  EXPECT_EQ(into.shape, TmemShape::s16x256b);  // the ld/st choices not taken
  take_tmem_mode(into, c, TmemMode::load_store);
  EXPECT_EQ(into.shape, TmemShape::s16x128b);
  EXPECT_EQ(into.num, 4);
  EXPECT_EQ(into.lane, 8);
}

}  // namespace
}  // namespace fragviz::app
