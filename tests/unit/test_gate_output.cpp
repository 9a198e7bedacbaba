// Who writes each output element (gate_output.hpp), per variant. Owners of single elements are
// worked by hand from the kernels' tilings and the PTX ISA's C/D figures: mma.m16n8 "Matrix
// Fragments for mma.m16n8k8 / k16" (c0,c1 at row groupID, cols 2*tid + {0,1}; c2,c3 8 rows lower;
// groupID = lane / 4, tid = lane % 4) and wgmma "Register Fragments" for D (warp w of the
// warpgroup: rows 16w + lane/4 + 8*((i>>1)&1), cols 8*(i>>2) + 2*(lane%4) + (i&1)). Then every
// variant's tiling must cover its block exactly once with the threads its kernel launches.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <tuple>

#include "fragviz/gate/gate_ladder.hpp"
#include "fragviz/gate/gate_output.hpp"
#include "fragviz/gate/wgmma_gate.hpp"

using namespace fragviz;

namespace {

const GateOutputTiling& tiling(GateVariant v) { return gate_variant_info(v).output; }

GateOutputOwner owner(GateVariant v, int row, int col) {
  const auto o = gate_output_owner(tiling(v), row, col);
  EXPECT_TRUE(o) << to_string(v) << " (" << row << ", " << col << ")";
  return o ? *o : GateOutputOwner{};
}

}  // namespace

TEST(GateOutput, SeedOwnersByHand) {
  // (70, 33): block (1, 0) of 64x64; in it (6, 33): warp 0 + 4 * 1 = 4 (16x32 slabs, 4 along M);
  // groupID 6, tid 0 -> lane 24; row 6 < 8, col 33 odd -> c1; n-tile (33 % 32) / 8 = 0.
  const GateOutputOwner o = owner(GateVariant::ldmatrix_k8, 70, 33);
  EXPECT_EQ(o.block_row, 1);
  EXPECT_EQ(o.block_col, 0);
  EXPECT_EQ(o.warp, 4);
  EXPECT_EQ(o.slab, (Coord{0, 32}));
  EXPECT_EQ(o.lane, 24);
  EXPECT_EQ(o.element, 1);
  EXPECT_EQ(o.tile_n, 0);
  EXPECT_EQ(gate_output_owner_words(tiling(GateVariant::ldmatrix_k8), 70, 33),
            (std::vector<std::string>{"block (1, 0), warp 4 (rows +0, cols +32)",
                                      "lane 24, acc[0][1] = c1 of n-tile 0"}));
  EXPECT_EQ(gate_output_tiling_words("ldmatrix-k8", tiling(GateVariant::ldmatrix_k8)),
            "ownership per ldmatrix-k8's 64x64 block, 8 warps of 16x32, C/D of m16n8k8");
  EXPECT_EQ(gate_output_shape(tiling(GateVariant::ldmatrix_k16)), "m16n8k16");
}

TEST(GateOutput, Tile128OwnersByHand) {
  // (70, 3) is in block (0, 0) of 128x128 (in the seed's 64x64 it is block (1, 0)); 2x2 warps of
  // 64x64: row 70 is warp row 1 -> warp 1, slab at (64, 0); groupID 6, tid 1 -> lane 25, c1.
  GateOutputOwner o = owner(GateVariant::tile_128, 70, 3);
  EXPECT_EQ(o.block_row, 0);
  EXPECT_EQ(o.block_col, 0);
  EXPECT_EQ(o.warp, 1);
  EXPECT_EQ(o.slab, (Coord{64, 0}));
  EXPECT_EQ(o.lane, 25);
  EXPECT_EQ(o.element, 1);
  EXPECT_EQ(owner(GateVariant::ldmatrix_k8, 70, 3).block_row, 1);
  // (100, 77): warp 1 + 2 * 1 = 3; in its slab (36, 13): m-tile 2, n-tile 1; groupID 4, tid 2 ->
  // lane 18; row 36 % 16 = 4 < 8, col odd -> c1.
  o = owner(GateVariant::tile_128, 100, 77);
  EXPECT_EQ(o.warp, 3);
  EXPECT_EQ(o.tile_m, 2);
  EXPECT_EQ(o.tile_n, 1);
  EXPECT_EQ(o.lane, 18);
  EXPECT_EQ(o.element, 1);
  EXPECT_EQ(gate_output_owner_words(tiling(GateVariant::tile_128), 100, 77),
            (std::vector<std::string>{"block (0, 0), warp 3 (rows +64, cols +64)",
                                      "lane 18, acc[2][1][1] = c1 of m-tile 2, n-tile 1"}));
  EXPECT_EQ(gate_output_tiling_words("tile-128", tiling(GateVariant::tile_128)),
            "ownership per tile-128's 128x128 block, 4 warps of 64x64, C/D of m16n8k16");
  // 128x256 blocks of 2x4 warps: (5, 200) is warp 0 + 2 * 3 = 6.
  EXPECT_EQ(owner(GateVariant::reg_db_128x256, 5, 200).warp, 6);
}

TEST(GateOutput, WgmmaOwnersByHand) {
  // wgmma-tma: one warpgroup, two m64n128 tiles per 128x128 block. (85, 130): block (0, 1); row 85
  // is m64 tile 1, row 21 of it: warp 1, lane/4 = 5, no +8 -> i bit 1 clear; col 2: i>>2 = 0,
  // lane%4 = 1, i&1 = 0 -> lane 21, thread 53, element 0.
  GateOutputOwner o = owner(GateVariant::wgmma_tma, 85, 130);
  EXPECT_EQ(o.block_row, 0);
  EXPECT_EQ(o.block_col, 1);
  EXPECT_EQ(o.warp, 1);
  EXPECT_EQ(o.slab, (Coord{80, 0}));
  EXPECT_EQ(o.lane, 21);
  EXPECT_EQ(o.thread, 53);
  EXPECT_EQ(o.element, 0);
  EXPECT_EQ(o.tile_m, 1);
  // (29, 77): warp 1, row 13 of its 16: lane/4 = 5 and +8 (i bit 1 set); col 77 = 8*9 + 2*2 + 1 ->
  // i = 36 + 2 + 1 = 39, lane 22, thread 54.
  o = owner(GateVariant::wgmma_tma, 29, 77);
  EXPECT_EQ(o.warp, 1);
  EXPECT_EQ(o.lane, 22);
  EXPECT_EQ(o.thread, 54);
  EXPECT_EQ(o.element, 39);
  EXPECT_EQ(o.tile_m, 0);
  EXPECT_EQ(
      gate_output_owner_words(tiling(GateVariant::wgmma_tma), 85, 130),
      (std::vector<std::string>{"block (0, 1), warp 1 (rows +80, cols +0)",
                                "lane 21 (thread 53 of the warpgroup), D element 0 of m64n128k16 tile 1"}));
  EXPECT_EQ(
      gate_output_tiling_words("wgmma-tma", tiling(GateVariant::wgmma_tma)),
      "ownership per wgmma-tma's 128x128 block, 4 warps of 16x128 in every 64 rows, D of wgmma m64n128k16");
  // wgmma-ws: warps 0-3 produce; consumer warpgroup 1 (warps 8-11) holds rows 64-127. (100, 5): row
  // 36 of that warpgroup's m64 tile -> its warp 2 = block warp 10; lane/4 = 4; col 5 = 2*2 + 1 ->
  // lane 18, i = 1, thread 82 of the warpgroup.
  o = owner(GateVariant::wgmma_ws, 100, 5);
  EXPECT_EQ(o.warp, 10);
  EXPECT_EQ(o.lane, 18);
  EXPECT_EQ(o.thread, 82);
  EXPECT_EQ(o.element, 1);
  EXPECT_EQ(o.tile_m, 0);
  EXPECT_EQ(gate_output_tiling_words("wgmma-ws", tiling(GateVariant::wgmma_ws)),
            "ownership per wgmma-ws's 128x256 block, 8 warps of 16x256 (warps 4-11), D of wgmma m64n256k16");
  // wgmma-pingpong: one consumer warpgroup holds a whole 128x128 tile (the first one's, warps 4-7,
  // shown), two m64n128 D's. (100, 5): the second m64 tile, its row 36 -> warp 2 = block warp 6;
  // lane 18, element 1, thread 82, as in wgmma-ws.
  o = owner(GateVariant::wgmma_pingpong, 100, 5);
  EXPECT_EQ(o.warp, 6);
  EXPECT_EQ(o.lane, 18);
  EXPECT_EQ(o.thread, 82);
  EXPECT_EQ(o.element, 1);
  EXPECT_EQ(o.tile_m, 1);
  EXPECT_EQ(gate_output_tiling_words("wgmma-pingpong", tiling(GateVariant::wgmma_pingpong)),
            "ownership per wgmma-pingpong's 128x128 block, 4 warps of 16x128 in every 64 rows (warps 4-7), D "
            "of wgmma m64n128k16");
}

TEST(GateOutput, EveryVariantCoversItsBlockOnceWithTheThreadsItLaunches) {
  for (const GateVariantInfo& v : gate_variants()) {
    SCOPED_TRACE(std::string(v.name));
    const GateOutputTiling& t = v.output;
    ASSERT_EQ(t.block_m, v.tile.block_m);
    ASSERT_EQ(t.block_n, v.tile.block_n);
    // The warps holding C plus any producer warpgroup are the block the kernel launches; with
    // ping-pong, plus the other consumer warpgroup's, which holds a tile of its own. The rung with
    // mma.sync consumers has its producer warpgroup after them.
    const int threads =
        v.wgmma_rung >= 0 ? wgmma_gate_threads(kWgmmaGateRungs[v.wgmma_rung]) : v.tile.threads();
    const bool pingpong = v.wgmma_rung >= 0 && kWgmmaGateRungs[v.wgmma_rung].pingpong;
    const int producer_after = v.wgmma_rung >= 0 && kWgmmaGateRungs[v.wgmma_rung].mma_sync ? 128 : 0;
    EXPECT_EQ(32 * (t.first_warp + t.warps() * (pingpong ? 2 : 1)) + producer_after, threads);
    std::set<std::tuple<int, int, int, int, int>> held;  // warp, lane, tile m, tile n, element
    std::map<int, int> per_warp;
    for (int row = 0; row < t.block_m; ++row)
      for (int col = 0; col < t.block_n; ++col) {
        const auto o = gate_output_owner(t, row, col);
        ASSERT_TRUE(o) << row << ", " << col;
        ASSERT_EQ(o->block_row, 0);
        ASSERT_GE(o->warp, t.first_warp);
        ASSERT_LT(o->warp, t.first_warp + t.warps());
        ASSERT_EQ(o->lane, o->thread % 32);
        ++per_warp[o->warp];
        ASSERT_TRUE(held.insert({o->warp, o->lane, o->tile_m, o->tile_n, o->element}).second)
            << "(" << row << ", " << col << ") held twice";
        // The next block's same element has the same owner in it.
        const auto next = gate_output_owner(t, row + t.block_m, col + t.block_n);
        ASSERT_TRUE(next);
        ASSERT_EQ(next->block_row, 1);
        ASSERT_EQ(next->warp, o->warp);
        ASSERT_EQ(next->lane, o->lane);
        ASSERT_EQ(next->element, o->element);
      }
    EXPECT_EQ(static_cast<int>(per_warp.size()), t.warps());
    for (const auto& [warp, count] : per_warp) EXPECT_EQ(count, t.block_m * t.block_n / t.warps()) << warp;
  }
}

TEST(GateOutput, NoOwnerWithoutATiling) {
  EXPECT_FALSE(gate_output_owner(GateOutputTiling{}, 0, 0));
  EXPECT_FALSE(gate_output_owner(tiling(GateVariant::ldmatrix_k8), -1, 0));
  EXPECT_TRUE(gate_output_owner_words(GateOutputTiling{}, 0, 0).empty());
  EXPECT_EQ(find_gate_variant(GateVariant::user_kernel), nullptr);
}
