// The gate's variant table (gate_ladder.hpp): names and rules written out by hand, each geometry
// string checked against a second implementation (the CuTe layout parser against the kernels'
// a_tile_offset / b_tile_offset, element by element), and the wavefronts of every variant's loads
// against figures derived by hand (and, for the seed's padded tiles, measured with Nsight Compute
// on the H200: PTX-FACTS.md section 5).
#include <gtest/gtest.h>

#include <set>

#include "fragviz/gate/gate_host.hpp"
#include "fragviz/gate/gate_ladder.hpp"
#include "fragviz/gate/wgmma_gate.hpp"
#include "fragviz/smem/lane_pattern.hpp"
#include "fragviz/smem/smem_layout.hpp"

using namespace fragviz;

namespace {

AccessReport load(GateVariant v, GateOperand o, Coord origin = {}) {
  GateVariantInfo info = gate_variant_info(v);
  OperandGeometry& g = o == GateOperand::A ? info.a : info.b;
  g.origin = origin;
  const GateLoadAnalysis a = analyze_gate_load(info, o);
  EXPECT_TRUE(a.access) << a.why;
  return a.access ? *a.access : AccessReport{};
}

}  // namespace

TEST(GateLadder, NamesRungsAndMinSmAsIssue10Lists) {
  const std::vector<std::pair<std::string, int>> want = {
      {"ldmatrix-k8", 1},      {"scalar-b-k8", 1},       {"ldmatrix-k16", 1},    {"broken-swap-b", 1},
      {"cp-async-db", 2},      {"multistage", 3},        {"tile-128", 4},        {"swizzle-xor", 5},
      {"reg-db", 6},           {"reg-db-128x256", 6},    {"stream-k", 7},        {"wgmma-tma", 8},
      {"wgmma-ws", 9},         {"wgmma-persistent", 10}, {"wgmma-cluster", 11},  {"wgmma-pingpong", 12},
      {"wgmma-tma-store", 13}, {"wgmma-stream-k", 14},   {"mma-tma-cluster", 15}};
  ASSERT_EQ(gate_variants().size(), want.size());
  std::set<int> values;
  for (std::size_t i = 0; i < want.size(); ++i) {
    const GateVariantInfo& v = gate_variants()[i];
    EXPECT_EQ(v.name, want[i].first);
    EXPECT_EQ(v.rung, want[i].second) << v.name;
    EXPECT_EQ(to_string(v.variant), v.name);
    ASSERT_TRUE(parse_variant(v.name)) << v.name;
    EXPECT_EQ(*parse_variant(v.name), v.variant);
    EXPECT_FALSE(v.technique.empty());
    values.insert(static_cast<int>(v.variant));
    // ldmatrix and m16n8k8 need sm_75, m16n8k16 and cp.async sm_80, wgmma and TMA sm_90a (PTX ISA
    // target notes); stream-k is built for sm_90 only (for sm_80 ptxas spills it at 255 registers).
    const int isa_min = v.tile.copy == gate::CopyPath::tma ? 90 : v.tile.mma_k == 8 ? 75 : 80;
    EXPECT_EQ(v.min_sm, v.name == "stream-k" ? 90 : isa_min) << v.name;
    EXPECT_EQ(v.deliberately_wrong, v.name == "broken-swap-b");
  }
  EXPECT_EQ(values.size(), want.size());
  EXPECT_FALSE(parse_variant("reg_db"));
}

TEST(GateLadder, EachHopperRungHasOneRowAndTheRestNone) {
  const std::pair<GateVariant, int> want[] = {
      {GateVariant::wgmma_tma, 0},      {GateVariant::wgmma_ws, 1},       {GateVariant::wgmma_persistent, 2},
      {GateVariant::wgmma_cluster, 3},  {GateVariant::wgmma_pingpong, 4}, {GateVariant::wgmma_tma_store, 5},
      {GateVariant::wgmma_stream_k, 6}, {GateVariant::mma_tma_cluster, 7}};
  ASSERT_EQ(std::size(want), static_cast<std::size_t>(kWgmmaGateRungCount));
  for (const auto& [v, rung] : want) {
    EXPECT_EQ(wgmma_gate_rung(v), rung);
    EXPECT_EQ(gate_variant_info(v).name, kWgmmaGateRungs[rung].name);
  }
  int hopper_rows = 0;
  for (const GateVariantInfo& v : gate_variants()) {
    hopper_rows += v.wgmma_rung >= 0;
    EXPECT_EQ(v.wgmma_rung >= 0, v.tile.copy == gate::CopyPath::tma) << v.name;
  }
  EXPECT_EQ(hopper_rows, kWgmmaGateRungCount);
  EXPECT_EQ(wgmma_gate_rung(GateVariant::reg_db), -1);
  EXPECT_EQ(wgmma_gate_rung(GateVariant::user_kernel), -1);
}

// What the CLI's --variant help and the lists print (cmd_gate.cpp, cmd_banks.cpp, settings).
TEST(GateLadder, NameListsAndHelpComeFromTheTable) {
  const std::string names = gate_variant_names();
  EXPECT_EQ(names.rfind("ldmatrix-k8, scalar-b-k8, ldmatrix-k16, broken-swap-b, cp-async-db, ", 0), 0u)
      << names;
  EXPECT_EQ(
      names.substr(names.size() - std::string("wgmma-tma-store, wgmma-stream-k, mma-tma-cluster").size()),
      "wgmma-tma-store, wgmma-stream-k, mma-tma-cluster");
  const std::string help = gate_variant_help();
  EXPECT_EQ(
      help.rfind("ldmatrix-k8 (rung 1, sm_75+), scalar-b-k8 (rung 1, sm_75+), ldmatrix-k16 (rung 1, sm_80+), "
                 "broken-swap-b (rung 1, sm_75+, DELIBERATELY WRONG: for the gate to catch), cp-async-db "
                 "(rung 2, sm_80+)",
                 0),
      0u)
      << help;
  EXPECT_NE(
      help.find(
          "reg-db-128x256 (rung 6, sm_80+), stream-k (rung 7, sm_90+), wgmma-tma (rung 8, sm_90a only)"),
      std::string::npos)
      << help;
  const std::string tail = "wgmma-stream-k (rung 14, sm_90a only), mma-tma-cluster (rung 15, sm_90a only)";
  EXPECT_EQ(help.substr(help.size() - tail.size()), tail);
}

TEST(GateLadder, TilesSharedBytesAndSizeMultiplesByHand) {
  struct Want {
    GateVariant v;
    int bm, bn, bk, wm, wn, threads, stages, dynamic_bytes, n_multiple;
  };
  // Dynamic bytes: stages * (A rows * A stride + B rows * B stride) * 2 bytes.
  const Want want[] = {
      {GateVariant::ldmatrix_k8, 64, 64, 32, 16, 32, 256, 1, 0, 64},
      {GateVariant::ldmatrix_k16, 64, 64, 32, 16, 32, 256, 1, 0, 64},
      {GateVariant::cp_async_db, 64, 64, 32, 16, 32, 256, 2, 2 * (64 * 40 + 32 * 72) * 2, 64},
      {GateVariant::multistage, 64, 64, 32, 16, 32, 256, 4, 4 * (64 * 40 + 32 * 72) * 2, 64},
      {GateVariant::tile_128, 128, 128, 32, 64, 64, 128, 4, 4 * (128 * 40 + 32 * 136) * 2, 128},
      {GateVariant::swizzle_xor, 128, 128, 32, 64, 64, 128, 4, 4 * (128 * 32 + 32 * 128) * 2, 128},
      {GateVariant::reg_db, 128, 128, 32, 64, 64, 128, 4, 65536, 128},
      {GateVariant::reg_db_128x256, 128, 256, 32, 64, 64, 256, 4, 4 * (128 * 32 + 32 * 256) * 2, 256},
  };
  for (const Want& w : want) {
    const GateVariantInfo& i = gate_variant_info(w.v);
    SCOPED_TRACE(std::string(i.name));
    EXPECT_EQ(i.tile.block_m, w.bm);
    EXPECT_EQ(i.tile.block_n, w.bn);
    EXPECT_EQ(i.tile.block_k, w.bk);
    EXPECT_EQ(i.tile.warp_m(), w.wm);
    EXPECT_EQ(i.tile.warp_n(), w.wn);
    EXPECT_EQ(i.tile.threads(), w.threads);
    EXPECT_EQ(i.tile.stages, w.stages);
    EXPECT_EQ(i.dynamic_shared_bytes, w.dynamic_bytes);
    EXPECT_EQ(i.n_multiple, w.n_multiple);
  }
  // The seed's static arrays: 64 x 40 + 32 x 72 halves = 9728 bytes (what ptxas reports).
  EXPECT_EQ(gate_variant_info(GateVariant::ldmatrix_k8).tile.smem_bytes(), 9728);
}

TEST(GateLadder, LayoutStringsByHand) {
  auto a = [](GateVariant v) { return gate_variant_info(v).a.layout; };
  auto b = [](GateVariant v) { return gate_variant_info(v).b.layout; };
  EXPECT_EQ(a(GateVariant::ldmatrix_k8), "(64,32):(40,1)");
  EXPECT_EQ(b(GateVariant::ldmatrix_k8), "(32,64):(72,1)");
  EXPECT_EQ(a(GateVariant::tile_128), "(128,32):(40,1)");
  EXPECT_EQ(b(GateVariant::tile_128), "(32,128):(136,1)");
  // 64-byte A rows: chunk bits 3-4 ^= row bits 1-2 (offset bits 6-7); 256-byte B rows: chunk bits
  // 3-5 ^= row bits 0-2 (offset bits 7-9); 512-byte rows: offset bits 8-10.
  EXPECT_EQ(a(GateVariant::swizzle_xor), "Swizzle<2,3,3> o (128,32):(32,1)");
  EXPECT_EQ(b(GateVariant::swizzle_xor), "Swizzle<3,3,4> o (32,128):(128,1)");
  EXPECT_EQ(b(GateVariant::reg_db_128x256), "Swizzle<3,3,5> o (32,256):(256,1)");
  EXPECT_EQ(gate_variant_info(GateVariant::scalar_b_k8).b.op, std::nullopt);
}

TEST(GateLadder, EveryGeometryParsesAndMatchesTheKernelsOffsets) {
  for (const GateVariantInfo& i : gate_variants()) {
    for (GateOperand o : {GateOperand::A, GateOperand::B}) {
      const OperandGeometry& g = i.operand(o);
      SCOPED_TRACE(std::string(i.name) + " " + std::string(to_string(o)) + ": " + g.layout);
      const auto l = parse_smem_layout(g.layout);
      ASSERT_TRUE(l) << l.error.message;
      // The wgmma rungs' stages are read through descriptors, not per-lane addresses; their
      // layouts against TMA's placement are test_wgmma_gate's. The rung with mma.sync consumers
      // reads them with ldmatrix: its layouts are where the kernel's offsets say (wgmma_gate.hpp),
      // the cp.async rungs' where a_tile_offset / b_tile_offset say.
      const bool tma = i.tile.copy == gate::CopyPath::tma;
      if (tma && !kWgmmaGateRungs[i.wgmma_rung].mma_sync) {
        EXPECT_EQ(g.op, std::nullopt);
        continue;
      }
      EXPECT_TRUE(parse_lane_pattern(g.lanes, g.ldmatrix.num)) << g.lanes;
      const int rows = o == GateOperand::A ? i.tile.block_m : i.tile.block_k;
      const int cols = o == GateOperand::A ? i.tile.block_k : i.tile.block_n;
      ASSERT_EQ(l->rows(), rows);
      ASSERT_EQ(l->cols(), cols);
      const auto want_bytes = [&](int r, int c) -> std::int64_t {
        if (tma) return o == GateOperand::A ? wgmma_gate_a_offset(r, c) : wgmma_gate_b_offset(r, c);
        return 2 *
               (o == GateOperand::A ? gate::a_tile_offset(i.tile, r, c) : gate::b_tile_offset(i.tile, r, c));
      };
      for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
          ASSERT_EQ(l->byte_offset(r, c), want_bytes(r, c)) << "(" << r << "," << c << ")";
    }
  }
}

TEST(GateLadder, SeedWavefrontsAsMeasured) {
  // ldmatrix.x2 over 80-byte rows: 2 matrices, conflict-free.
  AccessReport r = load(GateVariant::ldmatrix_k8, GateOperand::A);
  EXPECT_EQ(r.wavefronts, 2);
  EXPECT_EQ(r.bank_conflicts, 0);
  // ldmatrix.x4.trans over 144-byte rows (stride 72: 4/0 on the H200).
  r = load(GateVariant::ldmatrix_k8, GateOperand::B);
  EXPECT_EQ(r.wavefronts, 4);
  EXPECT_EQ(r.bank_conflicts, 0);
  // ldmatrix.x4 over stride 40 (4/0 on the H200).
  r = load(GateVariant::ldmatrix_k16, GateOperand::A);
  EXPECT_EQ(r.wavefronts, 4);
  EXPECT_EQ(r.bank_conflicts, 0);
  EXPECT_FALSE(analyze_gate_load(gate_variant_info(GateVariant::scalar_b_k8), GateOperand::B).access);
}

TEST(GateLadder, LadderLoadsConflictFreeAtEveryWarpPlacement) {
  for (const GateVariantInfo& i : gate_variants()) {
    // The cp.async rungs and the Hopper rung whose mma.sync warps ldmatrix TMA's 128B-swizzled stages.
    const bool ldmatrix_from_tma = i.wgmma_rung >= 0 && kWgmmaGateRungs[i.wgmma_rung].mma_sync;
    if (i.tile.copy != gate::CopyPath::cp_async && !ldmatrix_from_tma) continue;
    SCOPED_TRACE(std::string(i.name));
    // A: every m16 tile of every warp row, every k16 step; B: every n16 pair, every k16 step.
    for (int row = 0; row < i.tile.block_m; row += 16)
      for (int k = 0; k < i.tile.block_k; k += 16) {
        const AccessReport r = load(i.variant, GateOperand::A, Coord{row, k});
        EXPECT_EQ(r.wavefronts, 4) << "A at " << row << "," << k;
        EXPECT_EQ(r.bank_conflicts, 0);
      }
    for (int k = 0; k < i.tile.block_k; k += 16)
      for (int col = 0; col < i.tile.block_n; col += 16) {
        const AccessReport r = load(i.variant, GateOperand::B, Coord{k, col});
        EXPECT_EQ(r.wavefronts, 4) << "B at " << k << "," << col;
        EXPECT_EQ(r.bank_conflicts, 0);
      }
  }
}

TEST(GateLadder, UnswizzledUnpaddedTilesWouldConflict) {
  // The control for rung 5: the same tiles without pad or swizzle. A's 64-byte rows put rows r and
  // r + 2 on the same banks: 8 rows over 2 bank groups, 4-way per matrix, 16 wavefronts for .x4.
  // B's 256-byte rows put all 8 rows of a matrix on the same banks: 8-way, 32 wavefronts.
  const auto lanes_a = parse_lane_pattern("a");
  const auto lanes_b = parse_lane_pattern("row=lane&15, col=8*(lane>>4)");
  ASSERT_TRUE(lanes_a && lanes_b);
  AccessRequest req;
  req.sm = 80;
  AccessReport r = analyze_access(*parse_smem_layout("(128,32):(32,1)"), *lanes_a, req);
  EXPECT_EQ(r.wavefronts, 16);
  EXPECT_EQ(r.bank_conflicts, 12);
  req.ldmatrix.trans = true;
  r = analyze_access(*parse_smem_layout("(32,128):(128,1)"), *lanes_b, req);
  EXPECT_EQ(r.wavefronts, 32);
  EXPECT_EQ(r.bank_conflicts, 28);
}

TEST(GateLadder, SizeRulesNameWhatWorks) {
  EXPECT_FALSE(gate_variant_size_problem(GateVariant::ldmatrix_k8, 1088));
  const auto r = gate_variant_size_problem(GateVariant::reg_db, 1088);  // 17 x 64
  ASSERT_TRUE(r);
  EXPECT_NE(r->find("n = 1088 is not a multiple of 128, reg-db's block tile (1024 or 1152 would be"),
            std::string::npos)
      << *r;
  EXPECT_NE(r->find("ldmatrix-k8, scalar-b-k8, ldmatrix-k16, cp-async-db, multistage take n = 1088"),
            std::string::npos)
      << *r;
  EXPECT_FALSE(gate_variant_size_problem(GateVariant::tile_128, 1152));
  const auto w = gate_size_problem(1152, 0, GateVariant::reg_db_128x256);
  ASSERT_TRUE(w);
  EXPECT_NE(w->find("not a multiple of 256"), std::string::npos) << *w;
  EXPECT_FALSE(gate_size_problem(2048, 0, GateVariant::reg_db_128x256));
  // The range rules come first whatever the variant.
  EXPECT_NE(gate_size_problem(128, 0, GateVariant::tile_128)->find("below 256"), std::string::npos);
}
