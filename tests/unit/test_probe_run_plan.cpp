// What run_probes runs for a request (probe_run_plan.hpp), checked against expectations worked out
// by hand from the PTX ISA's fragment tables and the bank rules, never from the code under test.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "fragviz/probe/probe_decode.hpp"
#include "fragviz/probe/probe_run_plan.hpp"
#include "seed_instructions.hpp"

namespace fragviz {
namespace {

constexpr const char* kF16K8 = "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32";
constexpr const char* kS8K32 = "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32";

TEST(StandardCycleTiles, AreTheDocumentedStridesAndTheirConflicts) {
  const std::vector<TileGeometry> tiles = standard_cycle_tiles();
  ASSERT_EQ(tiles.size(), 6u);
  // Wavefronts of one ldmatrix .x4 (4 matrices of 8 rows of 16 bytes), by hand: banks repeat every
  // 128 bytes, so a matrix's 8 row starts r * stride collide where they agree mod 128.
  //   64 halves = 128 B: all 8 rows at one 16-byte slot, 8-way: 4 x 8 = 32
  //   72 halves = 144 B: slots 0,16,...,112, distinct: 4
  //   80 halves = 160 B: slots 0,32,64,96,0,...: 2-way: 8
  //   96 halves = 192 B: slots 0,64,0,64,...: 4-way: 16
  //   40 halves =  80 B: slots 0,80,32,112,64,16,96,48, distinct: 4
  //   64 halves XOR-swizzled (chunk ^= row % 8): 8 distinct slots: 4
  const struct {
    int width;
    Swizzle swizzle;
    int wavefronts;
  } want[] = {{64, Swizzle::none, 32}, {72, Swizzle::none, 4}, {80, Swizzle::none, 8},
              {96, Swizzle::none, 16}, {40, Swizzle::none, 4}, {64, Swizzle::xor_row_mod8, 4}};
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    const TileGeometry& t = tiles[i];
    EXPECT_EQ(t.width_halves, want[i].width) << i;
    EXPECT_EQ(t.pad_halves, 0) << i;
    EXPECT_EQ(t.rows, 16) << i;
    EXPECT_EQ(t.swizzle, want[i].swizzle) << i;
    EXPECT_EQ(analyze_ldmatrix({LdmNum::x4, false}, t).wavefronts, want[i].wavefronts) << i;
    // run_probes leaves out a row the explorer refuses: none of the standard ones is.
    EXPECT_TRUE(plan_explorer({LdmNum::x4, false}, t)) << i;
  }
}

TEST(RequestedInstructions, NoneWithoutInstructionProbes) {
  ProbeRequest r;
  r.instruction_probes = false;
  EXPECT_TRUE(requested_instructions(r).empty());
  r.instructions = {kF16K8};
  EXPECT_TRUE(requested_instructions(r).empty());
}

TEST(RequestedInstructions, AnEmptyListIsTheWholeCatalogueOnce) {
  const std::vector<std::string> all = requested_instructions(ProbeRequest{});
  EXPECT_EQ(all.size(), 144u);  // the catalogue's 144 mma.sync forms (test_catalogue.cpp pins them)
  EXPECT_EQ(std::set<std::string>(all.begin(), all.end()).size(), all.size());
  for (const char* m : {kF16K8, kS8K32}) EXPECT_NE(std::find(all.begin(), all.end(), m), all.end()) << m;
  for (const std::string& m : all) EXPECT_EQ(m.rfind("mma.sync.", 0), 0u) << m;
}

TEST(RequestedInstructions, AListKeepsItsMmaNamesInOrderAndLeavesTheRestToTheirRunners) {
  ProbeRequest r;
  r.instructions = {"wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16",
                    kS8K32,
                    "stmatrix",
                    "movmatrix",
                    "epilogue:f32-f16",
                    "wmma",
                    "wmma.m16n16k16.matrix_a.row.f16",
                    "mma.sync.no.such.form",
                    kF16K8};
  const std::vector<std::string> want = {kS8K32, "mma.sync.no.such.form", kF16K8};
  EXPECT_EQ(requested_instructions(r), want);
}

TEST(FragmentProbeLoads, SeedK8IsX2PlainAndX1Trans) {
  // PTX ISA "Matrix Fragments for mma.m16n8k8" (.f16): A registers {a0,a1} row groupID and
  // {a2,a3} row groupID + 8, columns 2 * threadID_in_group + {0,1}: two 8x8 matrices stacked, so
  // .x2 of A stored M x K; B {b0,b1} rows (k) 2 * threadID_in_group + {0,1}, column groupID: one
  // matrix of B stored K x N, read column-major, so .x1.trans.
  const auto p = plan_fragment_probe_loads(test::seed8());
  ASSERT_TRUE(p) << p.error.message;
  EXPECT_EQ(p->a.num, LdmNum::x2);
  EXPECT_FALSE(p->a.trans);
  EXPECT_EQ(p->b.num, LdmNum::x1);
  EXPECT_TRUE(p->b.trans);
  // A stored with K + 8 = 16 halves a row (32 bytes): lanes 0-15 address rows 0-15; B with
  // N + 8 = 16 halves: lanes 0-7 rows 0-7. The lanes the .num ignores repeat lane % address lanes.
  for (std::uint32_t lane = 0; lane < kWarpSize; ++lane) {
    EXPECT_EQ(p->a_offsets[lane], (lane % 16) * 32) << lane;
    EXPECT_EQ(p->b_offsets[lane], (lane % 8) * 32) << lane;
  }
}

TEST(FragmentProbeLoads, SeedK16IsX4PlainAndX2Trans) {
  // PTX ISA "Matrix Fragments for mma.m16n8k16 with floating point type": A {a0,a1} (row g, k
  // 0-7), {a2,a3} (row g + 8, k 0-7), {a4,a5} (row g, k 8-15), {a6,a7} (row g + 8, k 8-15): four
  // matrices with origins (0,0), (8,0), (0,8), (8,8): .x4. B {b0,b1} k 0-7, {b2,b3} k 8-15: .x2.trans.
  const auto p = plan_fragment_probe_loads(test::seed16());
  ASSERT_TRUE(p) << p.error.message;
  EXPECT_EQ(p->a.num, LdmNum::x4);
  EXPECT_FALSE(p->a.trans);
  EXPECT_EQ(p->b.num, LdmNum::x2);
  EXPECT_TRUE(p->b.trans);
  // A stored with K + 8 = 24 halves a row (48 bytes). Lane l addresses row l % 8 of matrix l / 8:
  // lanes 0-15 rows 0-15 at column 0; lanes 16-31 rows 0-15 at column 8 (16 bytes in).
  // B stored with N + 8 = 16 halves (32 bytes): lanes 0-15 rows (k) 0-15, 16-31 repeat them.
  const std::uint32_t a_want[kWarpSize] = {0,   48,  96,  144, 192, 240, 288, 336, 384, 432, 480,
                                           528, 576, 624, 672, 720, 16,  64,  112, 160, 208, 256,
                                           304, 352, 400, 448, 496, 544, 592, 640, 688, 736};
  for (std::uint32_t lane = 0; lane < kWarpSize; ++lane) {
    EXPECT_EQ(p->a_offsets[lane], a_want[lane]) << lane;
    EXPECT_EQ(p->b_offsets[lane], (lane % 16) * 32) << lane;
  }
}

TEST(FragmentProbeLoads, AnOperandWithoutLdmatrixIsRefused) {
  // m8n8k4 .f64: "an .f64 element fills a 64-bit register" (no .b16 matrix holds it).
  const Instruction* f64 = find_instruction("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64");
  ASSERT_NE(f64, nullptr);
  const auto p = plan_fragment_probe_loads(*f64);
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error.kind, ErrorKind::refused);
  EXPECT_EQ(p.error.message.rfind("A: no ldmatrix form", 0), 0u) << p.error.message;
}

}  // namespace
}  // namespace fragviz
