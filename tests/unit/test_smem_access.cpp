// Shared-memory accesses through a layout (smem_access.hpp): the wavefronts Nsight Compute measured
// on the H200 (PTX-FACTS section 5), the issue's swizzle examples, hand-derived LDS.32/64 figures,
// the static checks with the lanes they name, what each lane's bytes hold against the PTX fragment
// tables, and the existing explorer bank model (analyze_ldmatrix) for every row stride in range.
#include <gtest/gtest.h>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/smem/smem_access.hpp"

using namespace fragviz;

namespace {
SmemLayout layout(const std::string& text, int eb = 2, LayoutUnits u = LayoutUnits::elements) {
  auto l = parse_smem_layout(text, u, eb);
  EXPECT_TRUE(l) << text << ": " << l.error.message;
  return l ? *l : SmemLayout{};
}
LanePattern lanes(const std::string& text, LdmNum num = LdmNum::x4) {
  auto p = parse_lane_pattern(text, num);
  EXPECT_TRUE(p) << text << ": " << p.error.message;
  return p ? *p : LanePattern{};
}
AccessRequest ldsm(LdmNum num = LdmNum::x4, bool trans = false) {
  AccessRequest r;
  r.ldmatrix = {num, trans};
  return r;
}
AccessRequest op(SharedOp o) {
  AccessRequest r;
  r.op = o;
  return r;
}
/// (wavefronts, bank conflicts), or (-1, -1) when refused.
std::pair<int, int> figures(const AccessReport& r) {
  EXPECT_FALSE(r.refused()) << r.error.message;
  return r.refused() ? std::pair{-1, -1} : std::pair{r.wavefronts, r.bank_conflicts};
}
std::string rows_of(int halves, const std::string& swizzle = "") {
  return (swizzle.empty() ? "" : swizzle + " o ") + "(16," + std::to_string(halves) + "):(" +
         std::to_string(halves) + ",1)";
}
const AccessProblem* find(const AccessReport& r, AccessCheck c) {
  for (const AccessProblem& p : r.problems)
    if (p.check == c) return &p;
  return nullptr;
}
}  // namespace

TEST(SmemAccess, LdmatrixX4MatchesNsightComputeOnTheH200) {
  // PTX-FACTS 5, ldmatrix.x4 by row stride (wavefronts / conflicts): 64 halves 32/28; 72 4/0; 32 16/12;
  // 40 4/0; 16 8/4; 64 + Swizzle<3,3,3> 4/0; .trans costs the same.
  const std::pair<int, std::pair<int, int>> measured[] = {
      {64, {32, 28}}, {72, {4, 0}}, {32, {16, 12}}, {40, {4, 0}}, {16, {8, 4}}};
  for (bool trans : {false, true})
    for (const auto& [stride, want] : measured)
      EXPECT_EQ(figures(analyze_access(layout(rows_of(stride)), lanes("a"), ldsm(LdmNum::x4, trans))), want)
          << stride << (trans ? " .trans" : "");
  EXPECT_EQ(figures(analyze_access(layout(rows_of(64, "Swizzle<3,3,3>")), lanes("a"), ldsm())),
            (std::pair{4, 0}));
  EXPECT_EQ(
      figures(analyze_access(layout(rows_of(64, "Swizzle<3,3,3>")), lanes("a"), ldsm(LdmNum::x4, true))),
      (std::pair{4, 0}));
}

TEST(SmemAccess, IssueSwizzleExamples) {
  // "Your own layout": 4 total wavefronts for Swizzle<3,3,3> on 64-half rows, 8 for Swizzle<2,3,3>
  // (two row bits: rows r and r + 4 of a matrix share a chunk, 2 words per bank).
  const AccessReport three = analyze_access(layout(rows_of(64, "Swizzle<3,3,3>")), lanes("a"), ldsm());
  const AccessReport two = analyze_access(layout(rows_of(64, "Swizzle<2,3,3>")), lanes("a"), ldsm());
  EXPECT_EQ(three.wavefronts, 4);
  EXPECT_EQ(two.wavefronts, 8);
  ASSERT_EQ(two.phases.size(), 4u);
  for (const AccessPhase& p : two.phases) EXPECT_EQ(p.wavefronts, 2);
  EXPECT_EQ(two.max_way, 2);
  EXPECT_EQ(two.ideal_wavefronts, 4);
  // The same in Hopper's byte units: Swizzle<3,4,3> (the 128-byte mode) over 128-byte rows.
  EXPECT_EQ(
      analyze_access(layout("Swizzle<3,4,3> o (16,128):(128,1)", 2, LayoutUnits::bytes), lanes("a"), ldsm())
          .wavefronts,
      4);
}

TEST(SmemAccess, PlainLoadsMatchNsightComputeAndHandCounts) {
  // PTX-FACTS 5: LDS.128 with a 128-byte stride 32/28 (8 lanes of a phase all on banks 0-3), contiguous 4/0.
  EXPECT_EQ(figures(analyze_access(layout("(32,64):(64,1)"), lanes("rows"), op(SharedOp::lds128))),
            (std::pair{32, 28}));
  EXPECT_EQ(
      figures(analyze_access(layout("(1,256):(256,1)"), lanes("row=0, col=8*lane"), op(SharedOp::lds128))),
      (std::pair{4, 0}));
  // LDS.32, one phase of 32 lanes: a 128-byte stride puts all 32 words in bank 0 (32/31); consecutive
  // words 1/0; every lane on one word broadcasts (1/0).
  EXPECT_EQ(figures(analyze_access(layout("(32,64):(64,1)"), lanes("rows"), op(SharedOp::lds32))),
            (std::pair{32, 31}));
  EXPECT_EQ(figures(analyze_access(layout("(1,64):(64,1)"), lanes("0, 2*lane"), op(SharedOp::lds32))),
            (std::pair{1, 0}));
  EXPECT_EQ(figures(analyze_access(layout("(1,64):(64,1)"), lanes("0, 0"), op(SharedOp::lds32))),
            (std::pair{1, 0}));
  // LDS.64, two phases of 16: contiguous 2/0; a 128-byte stride 16 + 16 = 32 (30 conflicts). Lanes 16-31
  // reading what lanes 0-15 read is still its own phase: 2 wavefronts, not 1.
  EXPECT_EQ(figures(analyze_access(layout("(1,128):(128,1)"), lanes("0, 4*lane"), op(SharedOp::lds64))),
            (std::pair{2, 0}));
  EXPECT_EQ(figures(analyze_access(layout("(32,64):(64,1)"), lanes("rows"), op(SharedOp::lds64))),
            (std::pair{32, 30}));
  EXPECT_EQ(figures(analyze_access(layout("(1,64):(64,1)"), lanes("0, 4*(lane&15)"), op(SharedOp::lds64))),
            (std::pair{2, 0}));
  const AccessReport r = analyze_access(layout("(32,64):(64,1)"), lanes("rows"), op(SharedOp::lds128));
  ASSERT_EQ(r.phases.size(), 4u);
  EXPECT_EQ(r.phases[1].first_lane, 8);
  EXPECT_EQ(r.phases[1].lanes, 8);
  EXPECT_EQ(r.phases[1].words[0], 8);
  EXPECT_EQ(r.ideal_wavefronts, 4);
  EXPECT_EQ(analyze_access(layout("(32,64):(64,1)"), lanes("rows"), op(SharedOp::lds64)).ideal_wavefronts, 2);
}

TEST(SmemAccess, IdenticalRowsBroadcast) {
  // Every lane of an .x4 on the same 16-byte row: one wavefront per matrix.
  EXPECT_EQ(figures(analyze_access(layout(rows_of(64)), lanes("0, 0"), ldsm())), (std::pair{4, 0}));
  // Two rows 128 bytes apart, four lanes each, in every matrix: 2 words per bank.
  EXPECT_EQ(figures(analyze_access(layout(rows_of(64)), lanes("lane&1, 0"), ldsm())), (std::pair{8, 4}));
}

TEST(SmemAccess, MatricesAnywhereInTheTile) {
  // Banks depend on the stride and the 16-byte column: at column 8 (byte 16) a 64-half stride is as bad.
  AccessRequest r = ldsm();
  r.origin = Coord{0, 8};
  EXPECT_EQ(figures(analyze_access(layout("(16,128):(128,1)"), lanes("a"), r)), (std::pair{32, 28}));
  // Column 4 is byte 8: no row start is 16-byte aligned.
  r.origin = Coord{0, 4};
  const AccessReport off = analyze_access(layout("(16,128):(128,1)"), lanes("a"), r);
  ASSERT_TRUE(off.refused());
  ASSERT_NE(find(off, AccessCheck::misaligned), nullptr);
  EXPECT_EQ(find(off, AccessCheck::misaligned)->lanes.size(), 32u);
  // A tile based at shared byte 16 keeps alignment; at byte 8 it does not.
  r.origin = Coord{};
  r.base_bytes = 16;
  const AccessReport based = analyze_access(layout(rows_of(72)), lanes("a"), r);
  EXPECT_EQ(figures(based), (std::pair{4, 0}));
  EXPECT_EQ(based.lanes[0].byte_address, 16);
  EXPECT_EQ(based.lanes[0].banks[0], 4);
  r.base_bytes = 8;
  EXPECT_TRUE(analyze_access(layout(rows_of(72)), lanes("a"), r).refused());
  r.base_bytes = kMaxTileBytes;
  const AccessReport beyond = analyze_access(layout(rows_of(72)), lanes("a"), r);
  ASSERT_NE(find(beyond, AccessCheck::placement), nullptr);
}

TEST(SmemAccess, MisalignedRowStartsNameTheirLanes) {
  // 66-half stride: row r starts at byte 132 r, 16-byte aligned only for r % 4 == 0 (132 = 4 x 33).
  const AccessReport r = analyze_access(layout(rows_of(66)), lanes("a"), ldsm());
  ASSERT_TRUE(r.refused());
  EXPECT_TRUE(r.phases.empty());
  const AccessProblem* p = find(r, AccessCheck::misaligned);
  ASSERT_NE(p, nullptr);
  EXPECT_TRUE(p->fatal);
  EXPECT_EQ(lane_list(p->lanes), "lanes 1-3, 5-7, 9-11, 13-15, 17-19, 21-23, 25-27, 29-31");
  EXPECT_NE(p->message.find("(lane 1 at byte 132)"), std::string::npos);
  EXPECT_NE(p->message.find("Warp Level Matrix Load Instruction: ldmatrix"), std::string::npos);
  EXPECT_EQ(r.error.kind, ErrorKind::refused);
  // The addresses are still there for a view to mark.
  EXPECT_EQ(r.lanes[1].byte_address, 132);
  EXPECT_FALSE(r.lanes[1].aligned);
  EXPECT_TRUE(r.lanes[4].aligned);
  // LDS.64 needs 8-byte alignment: lanes at 4-byte steps break it on every odd lane.
  const AccessReport l = analyze_access(layout("(1,128):(128,1)"), lanes("0, 2*lane"), op(SharedOp::lds64));
  ASSERT_NE(find(l, AccessCheck::misaligned), nullptr);
  EXPECT_EQ(find(l, AccessCheck::misaligned)->lanes.front(), 1);
  EXPECT_EQ(find(l, AccessCheck::misaligned)->lanes.size(), 16u);
  EXPECT_NE(find(l, AccessCheck::misaligned)->message.find("Addresses as Operands"), std::string::npos);
}

TEST(SmemAccess, BoundsAndTheSm75Rule) {
  // The A preset's lanes 16-31 point at column 8: outside a 16 x 8 tile.
  const AccessReport x4 = analyze_access(layout("(16,8):(8,1)"), lanes("a"), ldsm(LdmNum::x4));
  ASSERT_NE(find(x4, AccessCheck::out_of_bounds), nullptr);
  EXPECT_EQ(find(x4, AccessCheck::out_of_bounds)->message,
            "lanes 16-31 point outside the 16 x 8 tile: lane 16 would read (0,8)-(0,15)");
  // With .x2 those lanes are ignored, but sm_75 still needs valid addresses in them.
  const AccessReport x2 = analyze_access(layout("(16,8):(8,1)"), lanes("a"), ldsm(LdmNum::x2));
  const AccessProblem* ignored = find(x2, AccessCheck::ignored_lane);
  ASSERT_NE(ignored, nullptr);
  EXPECT_TRUE(ignored->fatal);
  EXPECT_EQ(lane_list(ignored->lanes), "lanes 16-31");
  EXPECT_TRUE(x2.refused());
  AccessRequest sm80 = ldsm(LdmNum::x2);
  sm80.sm = 80;
  const AccessReport x2_80 = analyze_access(layout("(16,8):(8,1)"), lanes("a"), sm80);
  ASSERT_NE(find(x2_80, AccessCheck::ignored_lane), nullptr);
  EXPECT_FALSE(find(x2_80, AccessCheck::ignored_lane)->fatal);
  EXPECT_EQ(figures(x2_80), (std::pair{2, 0}));  // 16-byte rows side by side: all 32 banks once
  // b-pair repeats lanes 0-15 in 16-31: valid for sm_75.
  EXPECT_FALSE(analyze_access(layout("(16,8):(8,1)"), lanes("b-pair"), ldsm(LdmNum::x2)).refused());
  // A table of 8 entries: fine for .x1 on sm_80, the rule names lanes 8-31 on sm_75, and .x2 lacks addresses.
  const LanePattern eight = lanes("0,0;1,0;2,0;3,0;4,0;5,0;6,0;7,0");
  const AccessReport x1 = analyze_access(layout(rows_of(72)), eight, ldsm(LdmNum::x1));
  ASSERT_NE(find(x1, AccessCheck::ignored_lane), nullptr);
  EXPECT_EQ(lane_list(find(x1, AccessCheck::ignored_lane)->lanes), "lanes 8-31");
  EXPECT_NE(find(x1, AccessCheck::ignored_lane)->message.find("lane 8 holds none"), std::string::npos);
  const AccessReport x2t = analyze_access(layout(rows_of(72)), eight, ldsm(LdmNum::x2));
  ASSERT_NE(find(x2t, AccessCheck::no_address), nullptr);
  EXPECT_EQ(find(x2t, AccessCheck::no_address)->message,
            "lanes 8-15 hold no address, but ldmatrix .x2 reads one from each of lanes 0-15");
}

TEST(SmemAccess, StmatrixSharesTheAddressTable) {
  AccessRequest st = ldsm();
  st.op = SharedOp::stmatrix;
  const AccessReport old = analyze_access(layout(rows_of(64)), lanes("a"), st);
  ASSERT_NE(find(old, AccessCheck::target), nullptr);
  EXPECT_TRUE(old.refused());
  st.sm = 90;
  const AccessReport r = analyze_access(layout(rows_of(64)), lanes("a"), st);
  EXPECT_EQ(figures(r), (std::pair{32, 28}));
  EXPECT_EQ(r.mnemonic, "stmatrix.sync.aligned.m8n8.x4.shared.b16");
  EXPECT_EQ(wavefronts_metric(SharedOp::stmatrix), "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum");
  EXPECT_EQ(bank_conflicts_metric(SharedOp::ldmatrix),
            "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum");
}

TEST(SmemAccess, WhatTheRowsHoldIsTheMmaFragment) {
  // Through any layout that keeps 8-half rows whole, ldmatrix.x4 with the A preset delivers the
  // m16n8k16 A fragment: lane l's register j half h = A element 2j + h of the PTX table.
  const Instruction* k16 = find_instruction("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32");
  ASSERT_NE(k16, nullptr);
  for (const char* text :
       {"(16,64):(72,1)", "Swizzle<3,3,3> o (16,64):(64,1)", "((8,2),(8,8)):((64,8),(1,512))"}) {
    const AccessReport r = analyze_access(layout(text), lanes("a"), ldsm());
    ASSERT_FALSE(r.refused()) << text << ": " << r.error.message;
    for (int lane = 0; lane < 32; ++lane)
      for (int reg = 0; reg < 4; ++reg)
        for (int h = 0; h < 2; ++h)
          EXPECT_EQ(received_element(r, lane, reg, h), fragment_coord(*k16, Operand::A, lane, 2 * reg + h))
              << text << " lane " << lane << " reg " << reg << " half " << h;
  }
  // .trans: lane 5, register 0, high half = matrix 0's (row 3, col 1) (PTX: row 2(l&3)+k, col l>>2).
  const AccessReport t = analyze_access(layout("(16,64):(72,1)"), lanes("a"), ldsm(LdmNum::x4, true));
  EXPECT_EQ(received_element(t, 5, 0, 1), (Coord{3, 1}));
  EXPECT_FALSE(received_element(t, 5, 4, 0));
}

TEST(SmemAccess, SplitRowsAreNotedNotRefused) {
  // Swizzle<1,0,1> swaps halves 2 and 3 (bit 0 ^= bit 1) inside every row: starts stay aligned.
  const AccessReport r = analyze_access(layout(rows_of(64, "Swizzle<1,0,1>")), lanes("a"), ldsm());
  EXPECT_FALSE(r.refused());
  const AccessProblem* p = find(r, AccessCheck::not_contiguous);
  ASSERT_NE(p, nullptr);
  EXPECT_FALSE(p->fatal);
  EXPECT_EQ(lane_list(p->lanes), "lanes 0-31");
  EXPECT_NE(p->message.find("lane 0 moves (0,0) (0,1) (0,3) (0,2) (0,4) (0,5) (0,7) (0,6)"),
            std::string::npos);
  EXPECT_EQ(r.wavefronts, 32);
}

TEST(SmemAccess, PlacementOfWideElements) {
  const AccessReport r = analyze_access(layout("(32,16):(16,1)", 8), lanes("rows"), op(SharedOp::lds32));
  ASSERT_NE(find(r, AccessCheck::placement), nullptr);
  EXPECT_NE(find(r, AccessCheck::placement)->message.find("less than one element of 8 bytes"),
            std::string::npos);
}

TEST(SmemAccess, AgreesWithTheExplorerBankModelOnEveryStride) {
  // cmd_banks's tile for a stride s: width min(s, 512), pad the rest. Every stride in range, every
  // .num, with and without the XOR swizzle where CuTe can write it: same refusal, same row addresses,
  // same wavefronts per matrix as analyze_ldmatrix.
  int compared = 0;
  for (int s = kMinTileWidthHalves; s <= kMaxTileStrideHalves; ++s)
    for (Swizzle sw : {Swizzle::none, Swizzle::xor_row_mod8})
      for (LdmNum num : {LdmNum::x1, LdmNum::x2, LdmNum::x4}) {
        const int w = std::min(s, kMaxTileWidthHalves);
        const TileGeometry t{w, s - w, 16, sw};
        const auto text = tile_geometry_notation(t);
        if (!text)
          continue;  // the XOR swizzle on strides CuTe has no Swizzle for (tested in test_smem_layout)
        const BankReport legacy = analyze_ldmatrix({num, false}, t);
        const AccessReport now = analyze_access(layout(*text.value), lanes("explorer", num), ldsm(num));
        ASSERT_EQ(legacy.error.has_value(), now.refused())
            << *text.value << " " << to_string(num) << ": " << now.error.message;
        for (int lane = 0; lane < address_lanes(num); ++lane) {
          if (!legacy.addresses_valid) break;
          EXPECT_EQ(now.lanes[lane].aligned, legacy.lanes[lane].aligned) << s << " lane " << lane;
          if (now.lanes[lane].in_bounds)
            EXPECT_EQ(now.lanes[lane].byte_address, legacy.lanes[lane].byte_address) << s << " lane " << lane;
        }
        if (legacy.error) continue;
        ASSERT_EQ(now.phases.size(), legacy.phases.size());
        for (std::size_t j = 0; j < now.phases.size(); ++j)
          EXPECT_EQ(now.phases[j].wavefronts, legacy.phases[j].wavefronts) << *text.value << " matrix " << j;
        EXPECT_EQ(now.wavefronts, legacy.wavefronts);
        EXPECT_EQ(now.bank_conflicts, legacy.bank_conflicts);
        ++compared;
      }
  EXPECT_GT(compared, 200);
}

TEST(SmemAccess, LaneLists) {
  EXPECT_EQ(lane_list({5}), "lane 5");
  EXPECT_EQ(lane_list({8, 9, 10, 11}), "lanes 8-11");
  EXPECT_EQ(lane_list({1, 3, 5, 6, 7}), "lanes 1, 3, 5-7");
  EXPECT_EQ(parse_shared_op("lds128"), SharedOp::lds128);
  EXPECT_FALSE(parse_shared_op("lds16"));
}
