// The relations model (fragviz/probe/relations.hpp) against facts derived by hand from the PTX ISA's
// fragment formulas, and its hardware checks' inputs and judges against a software tensor core.
//
// The formulas below are transcribed from PTX ISA 9.x, "Warp-level Matrix Fragment Storage"
// ("Matrix Fragments for mma.m16n8k8", "... mma.m16n8k16 with floating point type", "...
// mma.m16n8k16 with integer type", "... mma.m16n8k32"), with groupID g = lane >> 2 and
// threadID_in_group t = lane % 4, never taken from the catalogue:
//   C/D of every m16n8k*: row = g + 8 (c2, c3), col = 2t + (i & 1)
//   f16 m16n8k8  A: row = g + 8 (a2, a3), col = 2t + (i & 1);            B: k = 2t + i, n = g
//   f16 m16n8k16 A: row = g + 8 (a2, a3, a6, a7), col = 2t + (i & 1) + 8 (i >= 4);
//                B: k = 2t + (i & 1) + 8 (i >= 2), n = g
//   s8 m16n8k16  A: row = g + 8 (i >= 4), col = 4t + (i & 3);           B: k = 4t + i, n = g
//   s8 m16n8k32  A: row = g + 8 (4 <= i < 8 or i >= 12), col = 4t + (i & 3) + 16 (i >= 8);
//                B: k = 4t + (i & 3) + 16 (i >= 4), n = g
//   tf32 m16n8k8 A: row = g + 8 (a1, a3), col = t + 4 (a2, a3)
// Registers: f16 two elements each, s8 four, tf32 one; element 0 in the low bits.
#include <gtest/gtest.h>

#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "fragviz/isa/element_codec.hpp"
#include "fragviz/probe/mma_probe.hpp"
#include "fragviz/probe/relations.hpp"

namespace fragviz {
namespace {

constexpr const char* kF16K8 = "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32";
constexpr const char* kF16K16 = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
constexpr const char* kS8K16 = "mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32";
constexpr const char* kS8K32 = "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32";
constexpr const char* kTf32K8 = "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32";
constexpr const char* kE4m3K32 = "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32";
constexpr const char* kBf16K16 = "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32";

const Instruction& instr(const char* mnemonic) {
  const Instruction* in = find_instruction(mnemonic);
  EXPECT_NE(in, nullptr) << mnemonic;
  return *in;
}

// [SECTION] the PTX formulas, by hand --------------------------------------------------------------

int g_of(int lane) { return lane >> 2; }
int t_of(int lane) { return lane % 4; }

using Formula = std::function<Coord(int lane, int i)>;  // A: (row, col); B: (k, n)

Coord ptx_c(int lane, int i) { return {g_of(lane) + 8 * (i >= 2), 2 * t_of(lane) + (i & 1), 0}; }
Coord ptx_f16_k8_a(int lane, int i) { return {g_of(lane) + 8 * (i >= 2), 2 * t_of(lane) + (i & 1), 0}; }
Coord ptx_f16_k8_b(int lane, int i) { return {2 * t_of(lane) + i, g_of(lane), 0}; }
Coord ptx_f16_k16_a(int lane, int i) {
  const bool low_rows = i == 0 || i == 1 || i == 4 || i == 5;
  return {g_of(lane) + (low_rows ? 0 : 8), 2 * t_of(lane) + (i & 1) + 8 * (i >= 4), 0};
}
Coord ptx_f16_k16_b(int lane, int i) { return {2 * t_of(lane) + (i & 1) + 8 * (i >= 2), g_of(lane), 0}; }
Coord ptx_s8_k16_a(int lane, int i) { return {g_of(lane) + 8 * (i >= 4), 4 * t_of(lane) + (i & 3), 0}; }
Coord ptx_s8_k16_b(int lane, int i) { return {4 * t_of(lane) + i, g_of(lane), 0}; }
Coord ptx_s8_k32_a(int lane, int i) {
  const bool low_rows = i < 4 || (i >= 8 && i < 12);
  return {g_of(lane) + (low_rows ? 0 : 8), 4 * t_of(lane) + (i & 3) + 16 * (i >= 8), 0};
}
Coord ptx_s8_k32_b(int lane, int i) { return {4 * t_of(lane) + (i & 3) + 16 * (i >= 4), g_of(lane), 0}; }
Coord ptx_tf32_k8_a(int lane, int i) {
  return {g_of(lane) + 8 * (i == 1 || i == 3), t_of(lane) + 4 * (i == 2 || i == 3), 0};
}

/// The register map of a K split worked out from two formulas: W element i sits in register i /
/// per_reg; its cell in half h = k / half_k is found among H's elements of the same lane.
std::vector<HalfRegister> hand_map(const Formula& whole, int whole_elems, const Formula& half, int half_elems,
                                   int per_reg, int half_k, bool is_a) {
  std::vector<HalfRegister> map(static_cast<std::size_t>(whole_elems / per_reg), HalfRegister{-1, -1});
  for (int lane = 0; lane < 32; ++lane) {
    for (int i = 0; i < whole_elems; ++i) {
      Coord c = whole(lane, i);
      int& k = is_a ? c.col : c.row;
      const int h = k / half_k;
      k -= h * half_k;
      int found = -1;
      for (int j = 0; j < half_elems; ++j)
        if (half(lane, j) == c) found = j;
      EXPECT_GE(found, 0) << "lane " << lane << " element " << i;
      EXPECT_EQ(found % per_reg, i % per_reg) << "same bits";
      map[static_cast<std::size_t>(i / per_reg)] = HalfRegister{h, found / per_reg};
    }
  }
  return map;
}

std::vector<HalfRegister> regs(std::vector<std::pair<int, int>> v) {
  std::vector<HalfRegister> out;
  for (auto [h, r] : v) out.push_back(HalfRegister{h, r});
  return out;
}

// [SECTION] K split: the model -------------------------------------------------------------------

TEST(KSplit, F16K16IsTwoK8RegisterForRegister) {
  // By hand: A a0a1 (row g, cols 2t..2t+1) and a2a3 (row g+8) are k8's a0a1 and a2a3 of the low
  // half; a4..a7 (cols + 8) the high half's. B b0b1 (k 2t..2t+1) is k8's b0b1 of the low half,
  // b2b3 (k + 8) the high half's.
  const auto a = regs({{0, 0}, {0, 1}, {1, 0}, {1, 1}});
  const auto b = regs({{0, 0}, {1, 0}});
  EXPECT_EQ(hand_map(ptx_f16_k16_a, 8, ptx_f16_k8_a, 4, 2, 8, true), a);
  EXPECT_EQ(hand_map(ptx_f16_k16_b, 4, ptx_f16_k8_b, 2, 2, 8, false), b);
  const KSplit s = analyze_k_split(instr(kF16K16), instr(kF16K8));
  ASSERT_TRUE(s.holds()) << describe_k_split(s);
  EXPECT_EQ(s.a.map, a);
  EXPECT_EQ(s.b.map, b);
  EXPECT_TRUE(s.a.contiguous() && s.b.contiguous());
  EXPECT_TRUE(s.c_same);
  EXPECT_EQ(describe_k_split(s), std::string(kF16K16) + " = 2 x " + kF16K8 +
                                     ": A regs 0,1 -> half 0, 2,3 -> half 1; B reg 0 -> half 0, 1 -> half 1");
}

TEST(KSplit, S8K32IsTwoK16RegisterForRegister) {
  // By hand: A registers 0 (row g, cols 4t..4t+3) and 1 (row g+8) are k16's registers 0 and 1 of
  // the low half, 2 and 3 (cols + 16) the high half's; B register 0 (k 4t..4t+3) low, 1 (+16) high.
  const auto a = regs({{0, 0}, {0, 1}, {1, 0}, {1, 1}});
  const auto b = regs({{0, 0}, {1, 0}});
  EXPECT_EQ(hand_map(ptx_s8_k32_a, 16, ptx_s8_k16_a, 8, 4, 16, true), a);
  EXPECT_EQ(hand_map(ptx_s8_k32_b, 8, ptx_s8_k16_b, 4, 4, 16, false), b);
  const KSplit s = analyze_k_split(instr(kS8K32), instr(kS8K16));
  ASSERT_TRUE(s.holds()) << describe_k_split(s);
  EXPECT_EQ(s.a.map, a);
  EXPECT_EQ(s.b.map, b);
  EXPECT_TRUE(s.c_same);
}

TEST(KSplit, F64K16MapsFourRegistersPerHalf) {
  // m16n8k16 .f64 A: col = t + 4 (i >> 1), so registers 0..3 (cols < 8) are k8's 0..3 of the low
  // half and 4..7 the high half's; B: k = t + 4i, registers 0, 1 low, 2, 3 high.
  const KSplit s = analyze_k_split(instr("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64"),
                                   instr("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64"));
  ASSERT_TRUE(s.holds()) << describe_k_split(s);
  EXPECT_EQ(s.a.map, regs({{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 0}, {1, 1}, {1, 2}, {1, 3}}));
  EXPECT_EQ(s.b.map, regs({{0, 0}, {0, 1}, {1, 0}, {1, 1}}));
  const KSplitRunPlan p = plan_k_split_run(s, 1);
  // 64-bit registers: each is two words, low first.
  EXPECT_EQ(p.a_half, (std::vector<int>{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1}));
  EXPECT_EQ(p.a_word, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7}));
}

TEST(KSplit, CandidatesAreExactlyTheSameTypeHalvings) {
  // Every pair of the catalogue with the same types, op, M and N and half the K, written out.
  const std::set<std::pair<std::string, std::string>> want = {
      {kF16K16, kF16K8},
      {"mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16",
       "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16"},
      {kBf16K16, "mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32"},
      {kTf32K8, "mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32"},
      {"mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64",
       "mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64"},
      {"mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64",
       "mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64"},
      {kS8K32, kS8K16},
      {"mma.sync.aligned.m16n8k32.row.col.s32.s8.u8.s32", "mma.sync.aligned.m16n8k16.row.col.s32.s8.u8.s32"},
      {"mma.sync.aligned.m16n8k32.row.col.s32.u8.s8.s32", "mma.sync.aligned.m16n8k16.row.col.s32.u8.s8.s32"},
      {"mma.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32", "mma.sync.aligned.m16n8k16.row.col.s32.u8.u8.s32"},
      {kE4m3K32, "mma.sync.aligned.m16n8k16.row.col.f32.e4m3.e4m3.f32"},
      {"mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32",
       "mma.sync.aligned.m16n8k16.row.col.f32.e4m3.e5m2.f32"},
      {"mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32",
       "mma.sync.aligned.m16n8k16.row.col.f32.e5m2.e4m3.f32"},
      {"mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32",
       "mma.sync.aligned.m16n8k16.row.col.f32.e5m2.e5m2.f32"},
      {"mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16",
       "mma.sync.aligned.m16n8k16.row.col.f16.e4m3.e4m3.f16"},
      {"mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e5m2.f16",
       "mma.sync.aligned.m16n8k16.row.col.f16.e4m3.e5m2.f16"},
      {"mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e4m3.f16",
       "mma.sync.aligned.m16n8k16.row.col.f16.e5m2.e4m3.f16"},
      {"mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e5m2.f16",
       "mma.sync.aligned.m16n8k16.row.col.f16.e5m2.e5m2.f16"},
      {"mma.sync.aligned.m16n8k64.row.col.s32.s4.s4.s32", "mma.sync.aligned.m16n8k32.row.col.s32.s4.s4.s32"},
      {"mma.sync.aligned.m16n8k64.row.col.s32.s4.u4.s32", "mma.sync.aligned.m16n8k32.row.col.s32.s4.u4.s32"},
      {"mma.sync.aligned.m16n8k64.row.col.s32.u4.s4.s32", "mma.sync.aligned.m16n8k32.row.col.s32.u4.s4.s32"},
      {"mma.sync.aligned.m16n8k64.row.col.s32.u4.u4.s32", "mma.sync.aligned.m16n8k32.row.col.s32.u4.u4.s32"},
      {"mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.xor.popc",
       "mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.xor.popc"},
      {"mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc",
       "mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.and.popc"},
  };
  std::set<std::pair<std::string, std::string>> got;
  for (const KSplit& s : k_split_relations()) {
    got.emplace(s.whole->mnemonic, s.half->mnemonic);
    // Every one holds, and in the one shape: W's registers [0, R/2) are the low half's, in order.
    EXPECT_TRUE(s.holds()) << describe_k_split(s);
    EXPECT_TRUE(s.a.contiguous() && s.b.contiguous()) << describe_k_split(s);
  }
  EXPECT_EQ(got, want);
  // Not a pair: m16n8k16 .s8 and m8n8k16 .s8 differ in M, not in K.
  EXPECT_FALSE(is_k_split_candidate(instr(kS8K16), instr("mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32")));
}

TEST(KSplit, NamesTheFirstElementThatBreaksIt) {
  // A half whose A value modes are swapped: element 1 is (8, 0), element 2 is (0, 1). W's lane 0
  // element 1, A(0,1), sits at bit 16 of register 0; the doctored half has it in register 1.
  Instruction bits = instr(kF16K8);
  bits.a.map.value[0] = Mode{2, 8};
  bits.a.map.value[1] = Mode{2, 16};
  const KSplit s = analyze_k_split(instr(kF16K16), bits);
  EXPECT_FALSE(s.holds());
  EXPECT_FALSE(s.a.holds);
  EXPECT_TRUE(s.a.map.empty());
  EXPECT_NE(s.a.why.find("lane 0 element 1 (A(0,1)) sits at bit 16 of register 0"), std::string::npos)
      << s.a.why;
  EXPECT_TRUE(s.b.holds);

  // A half whose B thread modes are swapped: B(2, 0), lane 1's element 0 in W, is lane 8's there.
  Instruction lanes = instr(kF16K8);
  lanes.b.map.thread[0] = Mode{8, 8};
  lanes.b.map.thread[1] = Mode{4, 2};
  const KSplit t = analyze_k_split(instr(kF16K16), lanes);
  EXPECT_FALSE(t.b.holds);
  EXPECT_NE(t.b.why.find("lane 1 element 0 (B(2,0)) is, in half 0, element 0 of lane 8"), std::string::npos)
      << t.b.why;
  EXPECT_NE(describe_k_split(t).find(" != 2 x "), std::string::npos);
}

// [SECTION] accumulator as A: the model --------------------------------------------------------------

/// The right source of (lane, i) of a consumer A whose cell is `a(lane, i)`, by the C/D formula:
/// cell (r, c) of n-tile c / 8 is held by lane 4*(r % 8) + (c % 8) / 2, element 2*(r >= 8) + c % 2.
ElementSource ptx_source(Coord a) {
  const int c = a.col % 8;
  return ElementSource{4 * (a.row % 8) + c / 2, a.col / 8, 2 * (a.row >= 8) + c % 2};
}

TEST(AccumulatorReuse, F16FlashAttentionStepHoldsInPlace) {
  // By hand: f16 m16n8k16 A element i at (g + 8((i>>1)&1), 2t + (i&1) + 8(i>>2)) is n-tile i>>2,
  // element i&3 of the lane's own C/D at (g + 8((i&3)>>1), 2t + (i&1)): the naive order.
  for (int lane = 0; lane < 32; ++lane)
    for (int i = 0; i < 8; ++i)
      EXPECT_EQ(ptx_source(ptx_f16_k16_a(lane, i)), (ElementSource{lane, i / 4, i % 4})) << lane << " " << i;
  for (const char* m : {kF16K16, kBf16K16, kF16K8, "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16"}) {
    const AccumulatorReuse r = analyze_accumulator_reuse(instr(m), instr(m));
    EXPECT_TRUE(r.holds()) << describe_accumulator_reuse(r);
    EXPECT_EQ(r.cross_lane, 0);
    EXPECT_EQ(r.naive_wrong, 0);
    EXPECT_EQ(r.tiles, std::string(m) == kF16K8 ? 1 : 2);
  }
}

TEST(AccumulatorReuse, S8NeedsCrossLaneMoves) {
  const AccumulatorReuse r = analyze_accumulator_reuse(instr(kS8K32), instr(kS8K32));
  ASSERT_TRUE(r.refused.empty()) << r.refused;
  EXPECT_FALSE(r.holds());
  EXPECT_EQ(r.tiles, 4);
  EXPECT_EQ(r.accumulators, 4);
  EXPECT_EQ(r.a_elements, 16);
  // Hand example: lane 1 (g 0, t 1) element 0 is A(0,4); its own accumulator element 0 is (0,2).
  // (0,4) of n-tile 0 is lane 4*0 + 4/2 = 2, element 0.
  EXPECT_EQ(ptx_s8_k32_a(1, 0), (Coord{0, 4, 0}));
  EXPECT_EQ(ptx_c(1, 0), (Coord{0, 2, 0}));
  EXPECT_EQ(r.right[1 * 16 + 0], (ElementSource{2, 0, 0}));
  EXPECT_EQ(r.naive[1 * 16 + 0], (ElementSource{1, 0, 0}));
  EXPECT_EQ(source_cell(r, r.naive[1 * 16 + 0]), (Coord{0, 2, 0}));
  EXPECT_EQ(describe_reuse_element(r, 1, 0),
            "lane 1 a0 = A(0,4) <- lane 2 n-tile 0 c0; naive: n-tile 0 c0 = A(0,2), wrong");
  // Every element against the formula. Counting by hand: the source lane is 4g + ((4t + (i&3)) % 8)
  // / 2, the lane itself only for t = 0 with i&3 in {0,1} and t = 3 with i&3 in {2,3}: 8 of 16
  // elements in 16 lanes, so 512 - 128 = 384 cross. The naive (lane, i>>2, i&3) is right only
  // there and with ((i>>2)&1) = (t >= 2): 4 of 16 in those 16 lanes, 64, so 448 wrong.
  int cross = 0, wrong = 0;
  for (int lane = 0; lane < 32; ++lane) {
    for (int i = 0; i < 16; ++i) {
      const ElementSource want = ptx_source(ptx_s8_k32_a(lane, i));
      EXPECT_EQ(r.right[static_cast<std::size_t>(lane * 16 + i)], want) << lane << " " << i;
      cross += want.lane != lane;
      wrong += want != ElementSource{lane, i / 4, i % 4};
    }
  }
  EXPECT_EQ(cross, 384);
  EXPECT_EQ(wrong, 448);
  EXPECT_EQ(r.cross_lane, 384);
  EXPECT_EQ(r.naive_wrong, 448);
  EXPECT_TRUE(r.within_quad);
  EXPECT_EQ(
      describe_accumulator_reuse(r),
      std::string(kS8K32) + " C/D -> A of " + kS8K32 +
          " (4 n-tiles): reuse in place does NOT hold: 384 of 512 A elements must come from another lane "
          "(all within the quad, lanes 4g..4g+3); the naive in-order repack fills 448 of 512 from the "
          "wrong cell");
  // e4m3 has the s8 layouts (PTX ISA: "as s8"): the same answer.
  const AccumulatorReuse e = analyze_accumulator_reuse(instr(kE4m3K32), instr(kE4m3K32));
  EXPECT_EQ(e.right, r.right);
  EXPECT_EQ(e.naive_wrong, 448);
}

TEST(AccumulatorReuse, Tf32NeedsCrossLaneMoves) {
  // tf32 m16n8k8 A (g + 8(i&1), t + 4(i>>1)): source lane 4g + (t + 4(i>>1)) / 2, the lane
  // itself for t = 0 (i < 2) and t = 3 (i >= 2): 32 of 128, so 96 cross; the naive element i is
  // right only for t = 0, i = 0 and t = 3, i = 3: 16, so 112 wrong.
  const AccumulatorReuse r = analyze_accumulator_reuse(instr(kTf32K8), instr(kTf32K8));
  EXPECT_FALSE(r.holds());
  for (int lane = 0; lane < 32; ++lane)
    for (int i = 0; i < 4; ++i)
      EXPECT_EQ(r.right[static_cast<std::size_t>(lane * 4 + i)], ptx_source(ptx_tf32_k8_a(lane, i)));
  EXPECT_EQ(r.cross_lane, 96);
  EXPECT_EQ(r.naive_wrong, 112);
}

TEST(AccumulatorReuse, RefusesUnrelatedPairs) {
  EXPECT_NE(analyze_accumulator_reuse(instr(kF16K16), instr("mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32"))
                .refused.find("M differs"),
            std::string::npos);
  EXPECT_NE(analyze_accumulator_reuse(instr("mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32"),
                                      instr("mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32"))
                .refused.find("no multiple"),
            std::string::npos);
  EXPECT_FALSE(reuse_candidate_error(instr(kS8K32), instr(kF16K16)) == std::nullopt);  // s32 -> f16
  // A refused pair has no plan: the refusal, kind refused, is the plan's error.
  const AccumulatorReuse unrelated =
      analyze_accumulator_reuse(instr(kF16K16), instr("mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32"));
  const auto plan = plan_reuse_run(unrelated, 7);
  ASSERT_FALSE(plan);
  EXPECT_EQ(plan.error.kind, ErrorKind::refused);
  EXPECT_EQ(plan.error.message, unrelated.refused);
  EXPECT_EQ(static_cast<int>(accumulator_reuse_relations().size()), kReusePairCount);
}

// [SECTION] the checks, against a software tensor core -----------------------------------------------

/// D words of one mma of `in` (single product) computed in double from register words read
/// through the catalogue's maps, as the kernels would see the hardware do it.
std::vector<std::uint32_t> emulate(const Instruction& in, const std::uint32_t* a, const std::uint32_t* b,
                                   const std::uint32_t* c) {
  auto cells = [&](Operand op, const std::uint32_t* words) {
    std::vector<double> v(static_cast<std::size_t>(operand_rows(in, op) * operand_cols(in, op)), 0.0);
    const int w = words_per_lane(in, op);
    for (int lane = 0; lane < 32; ++lane)
      for (int i = 0; i < elements_per_lane(in, op); ++i) {
        const auto x =
            decode_element(operand_spec(in, op).type, element_bits_of(in, op, words + lane * w, i));
        v[static_cast<std::size_t>(cell_index(in, op, fragment_coord(in, op, lane, i)))] = x.value_or(1e300);
      }
    return v;
  };
  const auto va = cells(Operand::A, a), vb = cells(Operand::B, b), vc = cells(Operand::C, c);
  std::vector<std::uint64_t> d(vc.size());
  for (int m = 0; m < in.m; ++m)
    for (int n = 0; n < in.n; ++n) {
      double s = vc[static_cast<std::size_t>(m * in.n + n)];
      for (int k = 0; k < in.k; ++k) {
        const double x = va[static_cast<std::size_t>(m * in.k + k)],
                     y = vb[static_cast<std::size_t>(k * in.n + n)];
        s += in.op == MmaOp::multiply_add ? x * y : in.op == MmaOp::and_popc ? (x != 0 && y != 0) : (x != y);
      }
      const auto e = encode_element(in.c.type, s);
      EXPECT_TRUE(e.has_value()) << in.mnemonic << " D(" << m << "," << n << ") = " << s << " is not exact";
      d[static_cast<std::size_t>(m * in.n + n)] = e.value_or(0);
    }
  return pack_operand(in, Operand::C, d);
}

/// The K-split kernel in software: W once, then H twice on the words `plan` moves.
std::pair<std::vector<std::uint32_t>, std::vector<std::uint32_t>> run_k_split(const KSplitRunPlan& p) {
  const Instruction &W = *p.whole, &H = *p.half;
  const int aw = words_per_lane(W, Operand::A), bw = words_per_lane(W, Operand::B);
  const int ah = words_per_lane(H, Operand::A), bh = words_per_lane(H, Operand::B);
  std::vector<std::uint32_t> half_a[2], half_b[2];
  for (int h = 0; h < 2; ++h) {
    half_a[h].assign(static_cast<std::size_t>(32 * ah), 0);
    half_b[h].assign(static_cast<std::size_t>(32 * bh), 0);
  }
  for (int lane = 0; lane < 32; ++lane) {
    for (int w = 0; w < aw; ++w)
      half_a[p.a_half[w]][static_cast<std::size_t>(lane * ah + p.a_word[w])] =
          p.a[static_cast<std::size_t>(lane * aw + w)];
    for (int w = 0; w < bw; ++w)
      half_b[p.b_half[w]][static_cast<std::size_t>(lane * bh + p.b_word[w])] =
          p.b[static_cast<std::size_t>(lane * bw + w)];
  }
  const auto whole = emulate(W, p.a.data(), p.b.data(), p.c.data());
  const auto lo = emulate(H, half_a[0].data(), half_b[0].data(), p.c.data());
  const auto split = emulate(H, half_a[1].data(), half_b[1].data(), lo.data());
  return {whole, split};
}

TEST(KSplitCheck, EveryPairAgreesOnASoftwareTensorCore) {
  for (const KSplit& s : k_split_relations()) {
    const KSplitRunPlan p = plan_k_split_run(s, 2027);
    const auto [whole, split] = run_k_split(p);
    const KSplitCheck c = judge_k_split_run(s, p, whole, split);
    EXPECT_TRUE(c.agrees()) << describe_k_split(s) << ": " << describe_k_split_check(c);
    EXPECT_EQ(c.d_elements, s.whole->m * s.whole->n);
  }
}

TEST(KSplitCheck, AWrongRegisterMapIsCaught) {
  const KSplit s = analyze_k_split(instr(kF16K16), instr(kF16K8));
  KSplitRunPlan p = plan_k_split_run(s, 2027);
  std::swap(p.a_half[0], p.a_half[2]);  // A register 0 to the high half, register 2 to the low
  const auto [whole, split] = run_k_split(p);
  const KSplitCheck c = judge_k_split_run(s, p, whole, split);
  EXPECT_TRUE(c.ran);
  EXPECT_FALSE(c.agrees());
  EXPECT_EQ(c.whole_exact, 128);
  EXPECT_LT(c.d_equal, 128);
  EXPECT_EQ(describe_k_split_check(c).rfind("on the GPU ", 0), 0u);
}

/// The reuse kernel in software: the producer per tile, the naive and the planned repack with
/// the conversion done by value (decode, encode: exact by the plan's choice of labels), the
/// consumer every pass. `plan_fault` swaps two of lane 5's shuffle-plan slots first.
std::pair<std::vector<std::uint32_t>, std::vector<std::uint32_t>> run_reuse(const AccumulatorReuse& r,
                                                                            ReuseRunPlan p, bool plan_fault) {
  const Instruction &P = *p.producer, &Q = *p.consumer;
  const int pa = words_per_lane(P, Operand::A), pb = words_per_lane(P, Operand::B),
            pc = words_per_lane(P, Operand::C);
  const int qb = words_per_lane(Q, Operand::B), qc = words_per_lane(Q, Operand::C);
  const int E = r.accumulators, EA = r.a_elements;
  if (plan_fault) std::swap(p.src_slot[5 * EA], p.src_slot[5 * EA + 1]);  // lane 5: a0 <-> a1
  std::vector<std::vector<std::uint32_t>> acc;
  for (int t = 0; t < p.tiles; ++t)
    acc.push_back(emulate(P, &p.pa[static_cast<std::size_t>(t * 32 * pa)],
                          &p.pb[static_cast<std::size_t>(t * 32 * pb)],
                          &p.pc[static_cast<std::size_t>(t * 32 * pc)]));
  auto value = [&](int lane, int slot) {
    const auto v = decode_element(
        P.c.type,
        element_bits_of(P, Operand::C,
                        &acc[static_cast<std::size_t>(slot / E)][static_cast<std::size_t>(lane * pc)],
                        slot % E));
    return v.value_or(1e300);
  };
  auto pack = [&](bool naive) {
    std::vector<std::uint64_t> cells(static_cast<std::size_t>(Q.m * Q.k), 0);
    for (int lane = 0; lane < 32; ++lane)
      for (int i = 0; i < EA; ++i) {
        const std::size_t at = static_cast<std::size_t>(lane * EA + i);
        const double v = naive ? value(lane, i) : value(p.src_lane[at], p.src_slot[at]);
        const auto bits = encode_element(Q.a.type, v);
        EXPECT_TRUE(bits.has_value()) << v << " is not exact in ." << to_string(Q.a.type);
        cells[static_cast<std::size_t>(cell_index(Q, Operand::A, fragment_coord(Q, Operand::A, lane, i)))] =
            bits.value_or(0);
      }
    return pack_operand(Q, Operand::A, cells);
  };
  const auto a_naive = pack(true), a_right = pack(false);
  std::vector<std::uint32_t> d_naive, d_right;
  for (int pass = 0; pass < p.passes; ++pass) {
    const std::uint32_t* b = &p.qb[static_cast<std::size_t>(pass * 32 * qb)];
    const std::uint32_t* c = &p.qc[static_cast<std::size_t>(pass * 32 * qc)];
    const auto dn = emulate(Q, a_naive.data(), b, c), dr = emulate(Q, a_right.data(), b, c);
    d_naive.insert(d_naive.end(), dn.begin(), dn.end());
    d_right.insert(d_right.end(), dr.begin(), dr.end());
  }
  return {d_naive, d_right};
}

TEST(ReuseCheck, PlansAreExactForEveryPair) {
  for (const AccumulatorReuse& r : accumulator_reuse_relations()) {
    const auto planned = plan_reuse_run(r, 7);
    ASSERT_TRUE(planned) << describe_accumulator_reuse(r) << ": " << planned.error.message;
    const ReuseRunPlan& p = *planned.value;
    EXPECT_EQ(p.passes, 1 + r.consumer->k / r.consumer->n);
    EXPECT_EQ(p.src_lane.size(), static_cast<std::size_t>(r.slots()));
    // Where the model says the naive repack is wrong, the labels show it: some A cell differs.
    int differ = 0;
    for (std::size_t i = 0; i < p.a_right.size(); ++i) differ += p.a_right[i] != p.a_naive[i];
    if (r.holds())
      EXPECT_EQ(differ, 0);
    else
      EXPECT_GT(differ, 0) << describe_accumulator_reuse(r);
  }
}

TEST(ReuseCheck, EveryPairAgreesOnASoftwareTensorCore) {
  for (const AccumulatorReuse& r : accumulator_reuse_relations()) {
    const ReuseRunPlan p = *plan_reuse_run(r, 7).value;
    const auto [naive, right] = run_reuse(r, p, false);
    const ReuseCheck c = judge_reuse_run(r, p, naive, right);
    EXPECT_TRUE(c.agrees()) << describe_accumulator_reuse(r) << ": " << describe_reuse_check(c);
    EXPECT_EQ(c.right_exact, c.d_elements);
    EXPECT_EQ(c.a_cells, r.consumer->m * r.consumer->k);
    if (r.holds()) {
      EXPECT_EQ(c.naive_equal_right, c.d_elements);
      EXPECT_EQ(c.a_wrong_seen, 0);
    } else {
      EXPECT_LT(c.naive_equal_right, c.d_elements);
      EXPECT_EQ(c.a_wrong_seen, c.a_wrong_predicted);
    }
  }
}

TEST(ReuseCheck, S8WrongCellsAreTheModelsAndABrokenPlanIsCaught) {
  const AccumulatorReuse r = analyze_accumulator_reuse(instr(kS8K32), instr(kS8K32));
  const ReuseRunPlan p = *plan_reuse_run(r, 7).value;
  {
    const auto [naive, right] = run_reuse(r, p, false);
    const ReuseCheck c = judge_reuse_run(r, p, naive, right);
    EXPECT_EQ(c.a_cells, 512);
    EXPECT_EQ(c.a_wrong_predicted, 448);  // every wrong source shows as a wrong value here
    EXPECT_EQ(c.a_wrong_seen, 448);
    EXPECT_EQ(c.d_elements, 5 * 128);
  }
  const auto [naive, right] = run_reuse(r, p, true);
  const ReuseCheck c = judge_reuse_run(r, p, naive, right);
  EXPECT_FALSE(c.agrees());
  EXPECT_LT(c.right_exact, c.d_elements);
  EXPECT_NE(c.first_difference.find("shuffle"), std::string::npos) << c.first_difference;
}

TEST(ReuseCheck, ShortOutputIsAModelErrorNotAVerdict) {
  const AccumulatorReuse r = analyze_accumulator_reuse(instr(kF16K16), instr(kF16K16));
  const ReuseCheck c = judge_reuse_run(r, *plan_reuse_run(r, 7).value, {}, {});
  EXPECT_FALSE(c.ran);
  EXPECT_EQ(c.skipped.rfind("model error", 0), 0u);
}

TEST(RelationsReport, NotRunListsEveryRelationWithTheReason) {
  const RelationsReport rep = relations_not_run(DeviceInfo{}, "not run: no GPU");
  EXPECT_EQ(rep.k_splits.size(), k_split_relations().size());
  EXPECT_EQ(rep.reuse.size(), static_cast<std::size_t>(kReusePairCount));
  for (const KSplitCheck& c : rep.k_splits) EXPECT_EQ(describe_k_split_check(c), "not run: no GPU");
  for (const ReuseCheck& c : rep.reuse) EXPECT_FALSE(c.agrees());
}

}  // namespace
}  // namespace fragviz
