// The Hopper probes' plans and judges, run through software stand-ins for the hardware: a
// warpgroup MMA that reads its operands through the descriptors the plan issued (decoded from the
// descriptor bits, addressed with CuTe's canonical layouts as test_smem_descriptor.cpp writes
// them), and stmatrix / movmatrix written from the PTX ISA text. With no fault the judges find
// every element where the model says; each planted fault is caught, and only where it should be.
#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <set>

#include "fragviz/isa/element_codec.hpp"
#include "fragviz/probe/hopper_probe.hpp"
#include "soft_wgmma.hpp"

using fragviz::Coord;
using fragviz::ElemType;
using fragviz::Major;
using fragviz::SmemSwizzle;
using fragviz::WgmmaForm;
using fragviz::WgmmaInstruction;
using fragviz::WgmmaPass;

using fragviz::soft_wgmma::Faults;
using fragviz::soft_wgmma::hw_address;
using fragviz::soft_wgmma::read;
using fragviz::soft_wgmma::simulate;

namespace {

fragviz::WgmmaProbe run(const WgmmaInstruction& in, const Faults& f = {}) {
  const fragviz::WgmmaProbePlan plan = fragviz::plan_wgmma_probe(in);
  std::vector<std::vector<std::uint32_t>> d;
  for (const WgmmaPass& p : plan.passes) d.push_back(simulate(in, p, f));
  return fragviz::judge_wgmma_probe(plan, d);
}

int bad(const std::vector<fragviz::ElementCheck>& v) {
  int n = 0;
  for (const auto& e : v) n += e.match() ? 0 : 1;
  return n;
}

const char* const kEntries[] = {
    "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16",  // MN-major forms, one atom along N
    "wgmma.mma_async.sync.aligned.m64n256k16.f16.f16.f16",   // f16 D, several atoms along N
    "wgmma.mma_async.sync.aligned.m64n64k32.f32.e5m2.e5m2",  // 8 digits per element of e5m2
    "wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.u8",       // N < K: the label passes shift
    "wgmma.mma_async.sync.aligned.m64n16k8.f32.tf32.tf32",
};

}  // namespace

TEST(HopperProbe, EveryElementMatchesWhenTheHardwareIsTheModel) {
  for (const char* name : kEntries) {
    const WgmmaInstruction* in = fragviz::find_wgmma(name);
    ASSERT_NE(in, nullptr) << name;
    const fragviz::WgmmaProbe p = run(*in);
    EXPECT_TRUE(p.ran);
    EXPECT_EQ(p.d.size(), static_cast<std::size_t>(64 * in->n));
    EXPECT_EQ(p.a.size(), static_cast<std::size_t>(64 * in->k));
    EXPECT_EQ(bad(p.d), 0) << name;
    EXPECT_EQ(bad(p.a), 0) << name;
    EXPECT_TRUE(p.tile_exact) << name << ": " << p.tile_detail;
    for (const auto& d : p.descriptors)
      EXPECT_EQ(d.mismatches(), 0) << name << " " << fragviz::to_string(d.layout.swizzle);
    EXPECT_EQ(p.mismatches(), 0) << fragviz::describe_wgmma_probe(p);
    // Descriptor probes exactly for N = 64 and 256: A and B K-major in 4 swizzles, B twice more at
    // a 32-byte K offset and once with a wild LBO (unused when swizzled), and both operands
    // M/N-major in 4 swizzles for .f16/.bf16.
    const std::size_t want = (in->n == 64 || in->n == 256) ? 8 + 2 + 1 + (in->transpose_allowed ? 8 : 0) : 0;
    EXPECT_EQ(p.descriptors.size(), want) << name;
  }
}

TEST(HopperProbe, SwappedAccumulatorWarpsAreCaughtInDExactly) {
  const WgmmaInstruction* in = fragviz::find_wgmma("wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16");
  Faults f;
  f.swap_d_warps = true;
  const fragviz::WgmmaProbe p = run(*in, f);
  // Warps 1 and 2: 64 threads x N/2 elements each sit 16 rows off.
  EXPECT_EQ(bad(p.d), 64 * in->n / 2);
  EXPECT_GT(p.mismatches(), 0);
}

TEST(HopperProbe, AnUnswizzledBReadIsCaughtInTheSwizzledBLayoutsOnly) {
  const WgmmaInstruction* in = fragviz::find_wgmma("wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16");
  Faults f;
  f.b_swizzle_ignored = true;
  const fragviz::WgmmaProbe p = run(*in, f);
  EXPECT_EQ(bad(p.d), 0);
  EXPECT_EQ(bad(p.a), 0);
  EXPECT_TRUE(p.tile_exact);  // the canonical helper layouts are unswizzled
  for (const auto& d : p.descriptors) {
    const bool swizzled_b = d.operand == fragviz::Operand::B && d.layout.swizzle != SmemSwizzle::none;
    if (swizzled_b)
      EXPECT_GT(d.mismatches(), 0) << fragviz::to_string(d.layout.swizzle);
    else
      EXPECT_EQ(d.mismatches(), 0) << fragviz::to_string(d.operand) << " "
                                   << fragviz::to_string(d.layout.swizzle);
  }
}

TEST(HopperProbe, SwappedRegisterElementsOfAAreNamed) {
  const WgmmaInstruction* in = fragviz::find_wgmma("wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.u8");
  Faults f;
  f.a_registers_swapped = true;
  const fragviz::WgmmaProbe p = run(*in, f);
  EXPECT_EQ(bad(p.a), 2 * 128);
  for (const auto& e : p.a) {
    if (e.element >= 2) continue;
    ASSERT_TRUE(e.measured.has_value());
    EXPECT_EQ(*e.measured, fragviz::wgmma_a_coord(*in, e.lane, 1 - e.element));  // named where it went
  }
}

TEST(HopperProbe, AWrongTileValueFailsTheTile) {
  const WgmmaInstruction* in = fragviz::find_wgmma("wgmma.mma_async.sync.aligned.m64n16k8.f32.tf32.tf32");
  const fragviz::WgmmaProbePlan plan = fragviz::plan_wgmma_probe(*in);
  std::vector<std::vector<std::uint32_t>> d;
  for (const WgmmaPass& p : plan.passes) {
    d.push_back(simulate(*in, p, {}));
    if (p.role == WgmmaPass::Role::tile) d.back()[5] ^= 0x00800000u;  // thread 0, d5: one exponent bit
  }
  const fragviz::WgmmaProbe p = fragviz::judge_wgmma_probe(plan, d);
  EXPECT_FALSE(p.tile_exact);
  EXPECT_NE(p.tile_detail.find("D("), std::string::npos);
}

TEST(HopperProbe, PlanValuesAreExactInTheirTypes) {
  // Every value the plans write must be representable: an image byte pattern that decodes to the
  // number the plan meant. Checked by re-reading each D pass's A through the descriptor.
  for (const WgmmaInstruction& in : fragviz::wgmma_catalogue()) {
    if (in.n != 64) continue;
    const fragviz::WgmmaProbePlan plan = fragviz::plan_wgmma_probe(in);
    const WgmmaPass& rows = plan.passes[0];
    ASSERT_EQ(rows.role, WgmmaPass::Role::d_rows);
    for (int r = 0; r < 64; ++r) {
      const double lo =
          read(rows.image, hw_address(rows.a_descriptor, in.a_type, Major::K, r, 0, false), in.a_type);
      const double hi =
          read(rows.image, hw_address(rows.a_descriptor, in.a_type, Major::K, r, 1, false), in.a_type);
      ASSERT_EQ(lo + 8 * hi, r) << in.mnemonic;
    }
  }
}

// ---- stmatrix, movmatrix, epilogue ---------------------------------------------------------------

namespace {

// PTX "stmatrix": lanes 8j..8j+7 give matrix j's row addresses; each lane's register j holds row
// lane/4, columns 2*(lane%4), +1 of matrix j (as ldmatrix's destination); .trans stores the
// transpose. `drop_trans` plants a fault.
std::vector<std::uint16_t> sim_stmatrix(const fragviz::MovePlan& p, bool drop_trans) {
  std::vector<std::uint16_t> tile(p.tile_rows * p.tile_stride_halves, 0);
  const int num = fragviz::matrices(p.config.num);
  std::uint32_t regs[4][32];
  for (int j = 0; j < 4; ++j)
    for (int l = 0; l < 32; ++l) regs[j][l] = p.registers[j][l];
  if (p.probe.kind == "epilogue") {
    // The epilogue's registers are the mma's packed accumulators: D(r, c) = 16 r + c + 8 t + 1,
    // packed (c0, c1) and (c2, c3) per tile, in the preset's order.
    for (int j = 0; j < num; ++j)
      for (int l = 0; l < 32; ++l) {
        const int t = p.order[j][0], reg = p.order[j][1];
        const int row = l / 4 + 8 * reg;
        std::uint32_t w = 0;
        for (int h = 0; h < 2; ++h) {
          const int col = 2 * (l % 4) + h + 8 * t;
          w |= static_cast<std::uint32_t>(*fragviz::encode_element(ElemType::f16, 16 * row + col + 1))
               << (16 * h);
        }
        regs[j][l] = w;
      }
  }
  for (int j = 0; j < num; ++j)
    for (int l = 0; l < 32; ++l)
      for (int h = 0; h < 2; ++h) {
        int row = l / 4, col = 2 * (l % 4) + h;
        if (p.config.trans && !drop_trans) std::swap(row, col);
        const std::uint32_t base = p.lane_offset[8 * j + row] / 2;  // row address of matrix j, row `row`
        tile[base + col] = static_cast<std::uint16_t>(regs[j][l] >> (16 * h));
      }
  return tile;
}

// PTX "movmatrix": lane l's source holds row l/4, cols 2(l%4), +1; the destination holds the same
// positions of the transpose.
std::array<std::uint32_t, 32> sim_movmatrix(const fragviz::MovePlan& p) {
  std::uint16_t m[8][8];
  for (int l = 0; l < 32; ++l)
    for (int h = 0; h < 2; ++h)
      m[l / 4][2 * (l % 4) + h] = static_cast<std::uint16_t>(p.registers[0][l] >> (16 * h));
  std::array<std::uint32_t, 32> out{};
  for (int l = 0; l < 32; ++l)
    for (int h = 0; h < 2; ++h) out[l] |= static_cast<std::uint32_t>(m[2 * (l % 4) + h][l / 4]) << (16 * h);
  return out;
}

const fragviz::Instruction& epilogue_mma() {
  return *fragviz::find_instruction("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32");
}

}  // namespace

TEST(MatrixMoves, EveryFormMatchesWhenTheHardwareIsThePtxText) {
  const auto plans = fragviz::plan_matrix_moves(epilogue_mma());
  ASSERT_EQ(plans.size(), 6u + 1u + 4u);
  for (const auto& p : plans) {
    const auto probe = p.probe.kind == "movmatrix"
                           ? fragviz::judge_matrix_move(p, {}, sim_movmatrix(p))
                           : fragviz::judge_matrix_move(p, sim_stmatrix(p, false), {});
    EXPECT_EQ(probe.mismatches(), 0) << fragviz::describe_move_probe(probe);
    EXPECT_EQ(probe.stray_writes, 0);
    const std::size_t want =
        p.probe.kind == "movmatrix" ? 64 : static_cast<std::size_t>(64 * fragviz::matrices(p.config.num));
    EXPECT_EQ(probe.cells.size(), want) << p.probe.mnemonic;
  }
}

TEST(MatrixMoves, AStmatrixThatIgnoresTransIsCaught) {
  for (const auto& p : fragviz::plan_matrix_moves(epilogue_mma())) {
    if (p.probe.kind != "stmatrix" || !p.config.trans) continue;
    const auto probe = fragviz::judge_matrix_move(p, sim_stmatrix(p, true), {});
    // Only the diagonal-symmetric cells survive: of each matrix's 64, those with row == col (8).
    EXPECT_EQ(probe.mismatches(), 56 * fragviz::matrices(p.config.num)) << p.probe.mnemonic;
  }
}

TEST(MatrixMoves, EpilogueOrderDifferencesAreThoseOfTheSwappedPresetOnly) {
  for (const auto& e : fragviz::epilogue_presets()) {
    int diff = 0;
    for (const auto& c : fragviz::epilogue_cells(epilogue_mma(), e)) diff += c.match() ? 0 : 1;
    // x4-swapped stores tile 1's c0c1 in rows 8-15 of tile 0 and tile 0's c2c3 in cols 8-15: two
    // registers of 32 lanes x 2 halves each.
    EXPECT_EQ(diff, e.name == "x4-swapped" ? 128 : 0) << e.name;
  }
}

TEST(MatrixMoves, MovmatrixSourcesAreTheTranspose) {
  // PTX ISA "Warp Level Matrix Transpose Instruction: movmatrix": source lane l holds row l/4,
  // cols 2(l%4) and 2(l%4)+1 (halves 0, 1) of an 8x8 matrix M; the destination holds the same
  // positions of M^T. Worked by hand: destination (l, h) holds M^T(l/4, 2(l%4)+h) = M(c, r), and
  // M(r, c) sits in source lane 4r + c/2, half c%2.
  const struct {
    int lane, half, source_lane, source_half;
  } by_hand[] = {
      {0, 0, 0, 0},    // M^T(0,0) = M(0,0)
      {0, 1, 4, 0},    // M^T(0,1) = M(1,0): lane 4, half 0
      {1, 0, 8, 0},    // M^T(0,2) = M(2,0)
      {3, 1, 28, 0},   // M^T(0,7) = M(7,0)
      {4, 0, 0, 1},    // M^T(1,0) = M(0,1): lane 0, half 1
      {5, 1, 12, 1},   // M^T(1,3) = M(3,1)
      {6, 0, 16, 1},   // M^T(1,4) = M(4,1)
      {9, 0, 9, 0},    // M^T(2,2) = M(2,2): the diagonal stays
      {13, 1, 13, 1},  // M^T(3,3)
      {18, 1, 22, 0},  // M^T(4,5) = M(5,4): lane 4*5 + 2, half 0
      {30, 0, 19, 1},  // M^T(7,4) = M(4,7): lane 4*4 + 3, half 1
      {31, 1, 31, 1},  // M^T(7,7)
  };
  for (const auto& e : by_hand) {
    const fragviz::LaneHalf s = fragviz::movmatrix_source(e.lane, e.half);
    EXPECT_EQ(s.lane, e.source_lane) << "lane " << e.lane << " half " << e.half;
    EXPECT_EQ(s.half, e.source_half) << "lane " << e.lane << " half " << e.half;
  }
  // A transpose moves every element once, and twice is no move at all.
  std::set<std::pair<int, int>> sources;
  for (int l = 0; l < 32; ++l)
    for (int h = 0; h < 2; ++h) {
      const fragviz::LaneHalf s = fragviz::movmatrix_source(l, h);
      sources.insert({s.lane, s.half});
      EXPECT_EQ(fragviz::movmatrix_source(s.lane, s.half), (fragviz::LaneHalf{l, h})) << l << "." << h;
    }
  EXPECT_EQ(sources.size(), 64u);
}

TEST(MatrixMoves, NamesSelectTheirProbes) {
  EXPECT_TRUE(fragviz::is_hopper_probe_name("wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16"));
  EXPECT_TRUE(fragviz::is_hopper_probe_name("epilogue"));
  EXPECT_FALSE(fragviz::is_hopper_probe_name("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32"));
  const auto plans = fragviz::plan_matrix_moves(epilogue_mma());
  int epilogues = 0, x4 = 0;
  for (const auto& p : plans) {
    epilogues += fragviz::move_probe_selected(p.probe, "epilogue") ? 1 : 0;
    x4 += fragviz::move_probe_selected(p.probe, "stmatrix.sync.aligned.m8n8.x4.shared.b16") ? 1 : 0;
  }
  EXPECT_EQ(epilogues, 4);
  EXPECT_EQ(x4, 1);  // the stmatrix form, not the epilogues that use it
}
