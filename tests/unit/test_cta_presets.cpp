// The CTA tile presets (model/tile/cta_presets.hpp) held to the gate's own geometry: every gate
// variant has its preset, and the preset's TiledMMA, layouts and tile are the kernel's:
//  - the MMA atom issues the instruction the kernel issues (gate::mma_mnemonic, the Hopper rung's
//    wgmma);
//  - every A cell (m,k) and B cell (n,k) of the preset's shared layouts lies at the byte the
//    kernel's a_tile_offset / b_tile_offset (gate_geometry.hpp) put it (halves, 2 bytes);
//  - every C cell the preset's TiledMMA gives a thread is the cell the gate's output tiling
//    (gate_output_owner, the kernels' own warp grid) says that thread writes;
//  - the joins hold and the gate's ldmatrix loads are conflict-free, as gate_geometry.hpp's comments
//    claim for its 8-half pads and XOR swizzles.
#include <gtest/gtest.h>

#include "fragviz/gate/gate_ladder.hpp"
#include "fragviz/tile/cta_presets.hpp"

namespace {

using fragviz::Operand;
using fragviz::tile::CtaTile;

CtaTile made(const fragviz::tile::CtaTileSpec& s) {
  const auto t = fragviz::tile::make_cta_tile(s);
  EXPECT_TRUE(t) << t.message;
  return *t.value;
}

TEST(CtaPresets, EveryGateVariantHasItsTile) {
  for (const fragviz::GateVariantInfo& v : fragviz::gate_variants()) {
    SCOPED_TRACE(std::string(v.name));
    const fragviz::tile::CtaPreset* p = fragviz::tile::find_cta_preset("gate-" + std::string(v.name));
    ASSERT_NE(p, nullptr);
    ASSERT_TRUE(p->gate);
    EXPECT_EQ(*p->gate, v.variant);
    const CtaTile t = made(p->spec);
    const fragviz::gate::TileConfig& c = v.tile;
    EXPECT_EQ(t.tile_mnk, (std::array<std::int64_t, 3>{c.block_m, c.block_n, c.block_k}));
    EXPECT_EQ(t.mma.atom.mnemonic, v.output.instruction);
    if (v.wgmma_rung < 0) {
      EXPECT_EQ(t.mma.atom.mnemonic, fragviz::gate::mma_mnemonic(c));
      EXPECT_EQ(t.mma.threads(), c.threads());
      for (int m = 0; m < c.block_m; ++m)
        for (int k = 0; k < c.block_k; ++k)
          ASSERT_EQ(t.smem[0]->byte_offset(m, k), 2 * fragviz::gate::a_tile_offset(c, m, k)) << m << "," << k;
      for (int n = 0; n < c.block_n; ++n)
        for (int k = 0; k < c.block_k; ++k)
          ASSERT_EQ(t.smem[1]->byte_offset(n, k), 2 * fragviz::gate::b_tile_offset(c, k, n)) << n << "," << k;
    }
    // Who holds each C cell: the gate's output tiling against the preset's TiledMMA.
    const std::int64_t regs = fragviz::tile::cta_fragment_size(t, Operand::C);
    for (std::int64_t thread = 0; thread < t.mma.threads(); ++thread) {
      const auto cells = fragviz::tile::cta_fragment_cells(t, Operand::C, thread);
      ASSERT_EQ(static_cast<std::int64_t>(cells.size()), regs);
      for (std::int64_t r = 0; r < regs; ++r) {
        const auto cell = cells[static_cast<std::size_t>(r)];
        ASSERT_EQ(cell, fragviz::tile::cta_fragment_cell(t, Operand::C, thread, r));
        const auto owner =
            fragviz::gate_output_owner(v.output, static_cast<int>(cell.row), static_cast<int>(cell.col));
        ASSERT_TRUE(owner);
        // A wgmma rung's owners are warpgroup threads; mma.sync's (the Hopper rung with mma.sync
        // consumers too) are lanes of grid warps.
        const bool warpgroups = v.output.instruction.rfind("wgmma", 0) == 0;
        const std::int64_t gate_thread =
            warpgroups ? 128 * (owner->grid_warp / 4) + owner->thread : 32 * owner->grid_warp + owner->thread;
        ASSERT_EQ(gate_thread, thread) << "register " << r << " cell (" << cell.row << "," << cell.col << ")";
      }
    }
    const auto r = fragviz::tile::analyze_cta_tile(t);
    ASSERT_TRUE(r) << r.message;
    // broken-swap-b's loads are right; the swap after them is not (BrokenSwapBFeedsTheNeighbourTile).
    EXPECT_EQ(r->joins_ok(), !v.deliberately_wrong);
    for (const auto& o : r->operands) {
      if (o.banks) EXPECT_EQ(o.banks->conflicts, 0) << fragviz::to_string(o.operand);
      if (o.descriptors) EXPECT_TRUE(o.descriptors->layout) << o.descriptors->verdict;
    }
  }
}

TEST(CtaPresets, TheGateSeedsWarpSlabs) {
  // gate-ldmatrix-k8: 4x2 warps of 16x32 in a 64x64 block; warp 5 (m 1, n 1) holds rows 16-31 and
  // columns 32-63, so its lane 0 holds C (16,32), (16,33) (c0, c1 of its first n8 tile), then
  // (24,32), (24,33), then n8 tile 1 at columns 40, 41.
  const CtaTile t = made(fragviz::tile::find_cta_preset("gate-ldmatrix-k8")->spec);
  EXPECT_EQ(t.spec.permute, "Tile<(16,4,1):(1,16,16),(8,2,4):(1,32,8),_>");
  EXPECT_EQ(fragviz::tile::cta_fragment_cell(t, Operand::C, 160, 0), (fragviz::tile::Cell{16, 32}));
  EXPECT_EQ(fragviz::tile::cta_fragment_cell(t, Operand::C, 160, 1), (fragviz::tile::Cell{16, 33}));
  EXPECT_EQ(fragviz::tile::cta_fragment_cell(t, Operand::C, 160, 2), (fragviz::tile::Cell{24, 32}));
  EXPECT_EQ(fragviz::tile::cta_fragment_cell(t, Operand::C, 160, 4), (fragviz::tile::Cell{16, 40}));
}

// gate-broken-swap-b: the kernel swaps the B fragments of n tiles 1 and 2 of every warp's 32
// columns after ldmatrix (gate_kernels.cu; tests/gpu/test_gate.cpp measures the output column j,
// j % 32 in 8..15, holding C[:, j + 8] and 16..23 holding C[:, j - 8]). Its preset's join: every
// load delivers its own cell, and the MMA's B register for (n, k) reads the cell of column n + 8 or
// n - 8 exactly there, for every thread and k; A untouched.
TEST(CtaPresets, BrokenSwapBFeedsTheNeighbourTile) {
  const fragviz::tile::CtaPreset* p = fragviz::tile::find_cta_preset("gate-broken-swap-b");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->spec.register_swap, "B 8-15:16-23/32");
  const CtaTile t = made(p->spec);
  fragviz::tile::CtaOptions o;
  o.keep_cells = true;
  const auto r = fragviz::tile::analyze_cta_tile(t, o);
  ASSERT_TRUE(r) << r.message;
  EXPECT_EQ(r->operands[0].join->mismatches, 0);
  const fragviz::tile::CtaJoin& b = *r->operands[1].join;
  std::int64_t wrong = 0;
  for (const fragviz::tile::CtaJoinCell& c : b.all) {
    ASSERT_TRUE(c.moved);
    ASSERT_EQ(*c.moved, c.expected) << "the loads themselves are the seed's: thread " << c.thread;
    const std::int64_t n = c.expected.row, tile = (n % 32) / 8;
    const std::int64_t src = tile == 1 ? n + 8 : tile == 2 ? n - 8 : n;
    ASSERT_TRUE(c.read());
    ASSERT_EQ(*c.read(), (fragviz::tile::Cell{src, c.expected.col}))
        << "thread " << c.thread << " V" << c.reg;
    EXPECT_EQ(c.match(), src == n);
    wrong += src == n ? 0 : 1;
  }
  // Half of B's 64 x 32 cells (n % 32 in 8..23), each held by the 4 warps along M.
  EXPECT_EQ(wrong, 64 * 32 / 2 * 4);
  EXPECT_EQ(b.mismatches, wrong);
  EXPECT_EQ(b.swap, "B 8-15:16-23/32");
  EXPECT_NE(b.verdict(t.mma.threads())
                .find("the copy delivered (8,0), but after the register swap B "
                      "8-15:16-23/32 the MMA reads (16,0)"),
            std::string::npos)
      << b.verdict(t.mma.threads());
  // Without the swap the same preset's join is the seed's.
  fragviz::tile::CtaTileSpec plain = p->spec;
  plain.register_swap.clear();
  EXPECT_TRUE(fragviz::tile::analyze_cta_tile(made(plain))->joins_ok());
}

TEST(CtaPresets, OthersJoinAndSayWhatTheyAre) {
  for (const char* name :
       {"sm80-gemm-128x128x32", "sm90-wgmma-128x128x64", "fa2-attention", "fa3-attention"}) {
    SCOPED_TRACE(name);
    const fragviz::tile::CtaPreset* p = fragviz::tile::find_cta_preset(name);
    ASSERT_NE(p, nullptr);
    const auto r = fragviz::tile::analyze_cta_tile(made(p->spec));
    ASSERT_TRUE(r) << r.message;
    EXPECT_TRUE(r->joins_ok());
  }
  // FA2: S's accumulator ((2,2) per m16n8, 8 n8 tiles over 64 keys) read as P's A fragment
  // ((2,2,2) per m16k16, 4 k16 steps): 4 x 8 = 8 x 4 registers, each the same (m, n = k) cell.
  const auto fa2 =
      fragviz::tile::analyze_cta_tile(made(fragviz::tile::find_cta_preset("fa2-attention")->spec));
  ASSERT_TRUE(fa2->reuse);
  EXPECT_EQ(fa2->reuse->conversion, "(4,1,8) -> ((4,2),1,4)");
  EXPECT_EQ(fa2->reuse->cells, 128 * 32);
  EXPECT_EQ(fa2->reuse->mismatches, 0);
  // FA3: S's m64n128 accumulator ((2,2,16) per thread and warpgroup) split into P's eight k16
  // blocks of A registers ((2,2,2) each, the RS atom's A): 8 x 8 registers per thread, each the
  // (m, n = k) cell its A register expects; V^T (B) read N-major through 128-byte-swizzled
  // descriptors: 8 k-elements 1024 bytes apart (SBO), 64 n-elements 128 bytes, the next 64 n
  // 16384 bytes on (LBO: V's second 64-wide atom column, 128 rows of 128 bytes).
  const auto fa3 =
      fragviz::tile::analyze_cta_tile(made(fragviz::tile::find_cta_preset("fa3-attention")->spec));
  ASSERT_TRUE(fa3) << fa3.message;
  ASSERT_TRUE(fa3->reuse);
  EXPECT_EQ(fa3->reuse->conversion, "(64,1,1) -> (8,1,(8,1))");
  EXPECT_EQ(fa3->reuse->cells, 256 * 64);
  EXPECT_EQ(fa3->reuse->mismatches, 0);
  EXPECT_FALSE(fa3->operands[0].descriptors);  // P never leaves the registers
  EXPECT_EQ(fa3->operands[0].skipped, "A from registers: the accumulator reused (C as the next A)");
  const auto& v = *fa3->operands[1].descriptors;
  ASSERT_TRUE(v.layout);
  EXPECT_EQ(v.layout->major, fragviz::Major::MN);
  EXPECT_EQ(v.layout->swizzle, fragviz::SmemSwizzle::b128);
  EXPECT_EQ(v.layout->sbo, 1024u);
  EXPECT_EQ(v.layout->lbo, 16384u);
  // The Hopper tile's descriptors: K-major 128-byte swizzle, rows 128 bytes apart, 8 rows 1024.
  const auto h =
      fragviz::tile::analyze_cta_tile(made(fragviz::tile::find_cta_preset("sm90-wgmma-128x128x64")->spec));
  const auto& a = *h->operands[0].descriptors;
  ASSERT_TRUE(a.layout);
  EXPECT_EQ(a.layout->major, fragviz::Major::K);
  EXPECT_EQ(a.layout->swizzle, fragviz::SmemSwizzle::b128);
  EXPECT_EQ(a.layout->sbo, 1024u);
  ASSERT_EQ(a.slices.size(), 8u);                              // two m64 slices x four k16 steps
  EXPECT_EQ(a.slices[1].descriptor.start_address, 32u);        // k step 1: 16 halves on
  EXPECT_EQ(a.slices[4].descriptor.start_address, 64u * 128);  // slice 1: row 64
}

TEST(CtaPresets, SwapLayoutModes) {
  EXPECT_EQ(fragviz::tile::swap_layout_modes("Swizzle<3,3,3> o (64,(64,2)):(64,(1,4096))"),
            "Swizzle<3,3,3> o ((64,2),64):((1,4096),64)");
  EXPECT_EQ(fragviz::tile::swap_layout_modes("(32,64):(72,1)"), "(64,32):(1,72)");
}

}  // namespace
