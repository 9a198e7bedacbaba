// The CTA tiled-MMA probe's wgmma plan (fragviz/tile/cta_mma_check.hpp, plan_cta_wgmma_probe) fed
// to a software wgmma written from the PTX ISA's text, not from the model:
//  - "Matrix Descriptor Format": start address bits 0-13, LBO 16-29, SBO 32-45 (each >> 4),
//    swizzle mode 62-63 (1: 128-byte);
//  - "Shared Memory Matrix Layout", K-major with the 128-byte swizzle: rows of 128 bytes, 8 rows per
//    core-matrix group, groups SBO bytes apart, element (mn, k) at start + (mn / 8) * SBO +
//    (mn % 8) * 128 + 2k, the 16-byte chunk then XORed with the row in its 8-row (1024-byte) atom:
//    address ^ ((address >> 7) & 7) << 4; M/N-major with the 128-byte swizzle: 64 elements of M/N
//    per 128-byte row, (mn, k) at start + 2 (mn % 64) + (mn / 64) * LBO + (k % 8) * 128 +
//    (k / 8) * SBO, swizzled alike;
//  - "Register Fragments" for wgmma .m64nNk16's D: thread t of the warpgroup, register i holds row
//    16 (t / 32) + (t % 32) / 4 + 8 ((i / 2) % 2), column 2 (t % 4) + (i % 2) + 8 (i / 4); A of
//    the RS form (.f16: four .b32, element h in half h % 2 of register h / 2) alike over k16;
//  - wgmma.mma_async with scale-d: D = A x B + D after the first call of a warpgroup;
//  - the kernel's contract (cta_wgmma_probe.hpp): call c of a warpgroup accumulates into D set
//    c % atoms, whose register i is written to out[thread * c_values + (c % atoms) * N/2 + i]; the
//    RS form's A element h of call c is the f16 a_values[a_table[(thread * calls + c) * 8 + h]].
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "fragviz/tile/cta_mma_check.hpp"
#include "fragviz/tile/cta_presets.hpp"

namespace fragviz::tile {
namespace {

/// An IEEE half's value (normal numbers and zero are all the probe stores; NaN otherwise).
float half_value(std::uint16_t h) {
  const int exp = (h >> 10) & 31, man = h & 1023;
  if (exp == 0 && man == 0) return 0.0f;
  if (exp == 0 || exp == 31) return std::nanf("");
  const float v = std::ldexp(1.0f + static_cast<float>(man) / 1024.0f, exp - 15);
  return (h & 0x8000) ? -v : v;
}

/// Element (mn, k) of a 128B-swizzled operand (K- or M/N-major) described by `desc`, from `image`
/// (its base 1024-aligned, so the swizzle of the absolute address is that of the offset).
float soft_read(const std::vector<std::uint8_t>& image, std::uint64_t desc, bool mn_major, int mn, int k) {
  const std::uint32_t start = static_cast<std::uint32_t>(desc & 0x3FFF) << 4;
  const std::uint32_t lbo = static_cast<std::uint32_t>((desc >> 16) & 0x3FFF) << 4;
  const std::uint32_t sbo = static_cast<std::uint32_t>((desc >> 32) & 0x3FFF) << 4;
  EXPECT_EQ(desc >> 62, 1u) << "the software wgmma reads the 128-byte swizzle only";
  const auto u = [](int v) { return static_cast<std::uint32_t>(v); };
  std::uint32_t a = mn_major ? start + 2 * u(mn % 64) + u(mn / 64) * lbo + u(k % 8) * 128 + u(k / 8) * sbo
                             : start + u(mn / 8) * sbo + u(mn % 8) * 128 + 2 * u(k);
  a ^= ((a >> 7) & 7) << 4;
  if (a + 1 >= image.size()) return std::nanf("");
  return half_value(static_cast<std::uint16_t>(image[a] | (image[a + 1] << 8)));
}

/// The PTX fragment's row and column of element i of thread t (of its warpgroup): D, and RS's A.
int frag_row(int t, int i) { return 16 * (t / 32) + (t % 32) / 4 + 8 * ((i / 2) % 2); }
int frag_col(int t, int i) { return 2 * (t % 4) + (i % 2) + 8 * (i / 4); }

/// Every thread's D registers ([thread * c_values + set * N/2 + i]) after its warpgroup's calls.
std::vector<float> soft_wgmma(const CtaMmaProbePlan& p) {
  const WgmmaProbePlan& w = *p.wgmma;
  const int regs = w.n / 2;
  std::vector<float> out(static_cast<std::size_t>(p.threads * regs * w.atoms), 0.0f);
  for (int g = 0; g < w.warpgroups; ++g)
    for (int call = 0; call < p.calls; ++call) {
      const std::uint64_t da = w.descriptors[static_cast<std::size_t>((g * p.calls + call) * 2)];
      const std::uint64_t db = w.descriptors[static_cast<std::size_t>((g * p.calls + call) * 2 + 1)];
      // RS: the warpgroup's registers make the atom's 64 x 16 A (NaN where no thread gives one).
      std::vector<float> ra(64 * 16, std::nanf(""));
      if (w.a_registers)
        for (int t = 0; t < 128; ++t)
          for (int h = 0; h < 8; ++h)
            ra[static_cast<std::size_t>(frag_row(t, h) * 16 + frag_col(t, h))] = half_value(
                w.a_values[w.a_table[static_cast<std::size_t>(((128 * g + t) * p.calls + call) * 8 + h)]]);
      const auto a_at = [&](int row, int k) {
        return w.a_registers ? ra[static_cast<std::size_t>(row * 16 + k)]
                             : soft_read(w.image, da, w.a_mn_major, row, k);
      };
      for (int t = 0; t < 128; ++t)
        for (int i = 0; i < regs; ++i) {
          const int row = frag_row(t, i), col = frag_col(t, i);
          float sum = 0;
          for (int k = 0; k < 16; ++k) sum += a_at(row, k) * soft_read(w.image, db, w.b_mn_major, col, k);
          out[static_cast<std::size_t>(((128 * g + t) * w.atoms + call % w.atoms) * regs + i)] += sum;
        }
    }
  return out;
}

CtaTile preset_tile(const char* name) {
  const auto t = make_cta_tile(find_cta_preset(name)->spec);
  EXPECT_TRUE(t) << t.message;
  return *t.value;
}

TEST(CtaWgmmaCheck, HopperPresetMeetsASoftwareWgmma) {
  const auto plan = plan_cta_mma_probe(preset_tile("sm90-wgmma-128x128x64"));
  ASSERT_TRUE(plan) << plan.message;
  ASSERT_TRUE(plan->wgmma);
  EXPECT_EQ(plan->kind, MmaProbeAtom::wgmma_f16);
  EXPECT_EQ(plan->instruction, "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16");
  EXPECT_EQ(plan->threads, 256);  // (2,1,1) warpgroups
  EXPECT_EQ(plan->calls, 4);      // K 64 in k16 steps
  EXPECT_EQ(plan->c_values, 64);  // m64n128's D: 64 f32 per thread
  EXPECT_EQ(plan->wgmma->descriptors.size(), 16u);
  EXPECT_TRUE(plan->model_predicts_match);
  EXPECT_EQ(wgmma_probe_launch_problem(*plan, 227 * 1024), "");
  const auto verdict = judge_cta_mma_probe(*plan, soft_wgmma(*plan));
  ASSERT_TRUE(verdict) << verdict.message;
  EXPECT_EQ(verdict->cells, 128 * 128);
  EXPECT_EQ(verdict->mismatches, 0) << verdict->text();
  EXPECT_TRUE(verdict->agrees_with_model());
}

TEST(CtaWgmmaCheck, EveryWgmmaPresetMeetsASoftwareWgmma) {
  int ran = 0;
  for (const CtaPreset& preset : cta_presets()) {
    const auto t = make_cta_tile(preset.spec);
    ASSERT_TRUE(t) << preset.name << ": " << t.message;
    if (!t->mma.atom.warpgroup) continue;
    const auto plan = plan_cta_mma_probe(*t);
    ASSERT_TRUE(plan) << preset.name << ": " << plan.message;
    ASSERT_EQ(mma_probe_launch_problem(*plan, 227 * 1024), "") << preset.name;
    const auto verdict = judge_cta_mma_probe(*plan, soft_wgmma(*plan));
    ASSERT_TRUE(verdict) << verdict.message;
    EXPECT_EQ(verdict->cells, t->tile_mnk[0] * t->tile_mnk[1]) << preset.name;
    EXPECT_EQ(verdict->mismatches, 0) << preset.name << ": " << verdict->text();
    EXPECT_TRUE(verdict->agrees_with_model()) << preset.name;
    ++ran;
  }
  EXPECT_EQ(ran, 9);  // sm90-wgmma-128x128x64, the seven gate rungs (B N-major) and fa3-attention (RS)
}

/// The expected C (A x B^T by a triple loop over the plan's logical tiles) at `c`.
std::int64_t expected_c(const CtaMmaProbePlan& p, Cell c) {
  return multiply_a_bt(p.a_tile, p.b_tile, p.m, p.n, p.k)[static_cast<std::size_t>(c.row * p.n + c.col)];
}

TEST(CtaWgmmaCheck, OneWarpgroupOverTwoAtomsMeetsASoftwareWgmma) {
  // gate-wgmma-tma: SM90_64x128x16 SS, atom layout (1,1,1), 128x128x64: MMA_M = 2, so one
  // warpgroup issues two m64n128k16 per k16 step (rows 0-63, 64-127), each into its own D.
  const CtaTile t = preset_tile("gate-wgmma-tma");
  const auto plan = plan_cta_mma_probe(t);
  ASSERT_TRUE(plan) << plan.message;
  ASSERT_TRUE(plan->wgmma);
  EXPECT_EQ(plan->threads, 128);
  EXPECT_EQ(plan->wgmma->atoms, 2);
  EXPECT_EQ(plan->calls, 8);       // 4 k16 steps x 2 atoms
  EXPECT_EQ(plan->c_values, 128);  // two m64n128 D's of 64 f32
  ASSERT_EQ(plan->wgmma->descriptors.size(), 16u);
  EXPECT_TRUE(plan->model_predicts_match);
  EXPECT_EQ(mma_probe_launch_problem(*plan, 227 * 1024), "");
  // A is (128,64) K-major with the 128-byte swizzle: row r starts at byte 128 r, k16 step s 32 s
  // bytes into it. Call 2s + j reads A from row 64 j; both atoms of a step read the same B.
  const auto start = [&](std::size_t i) { return (plan->wgmma->descriptors[i] & 0x3FFF) << 4; };
  for (std::size_t s = 0; s < 4; ++s) {
    EXPECT_EQ(start((2 * s + 0) * 2), 32 * s) << "step " << s;
    EXPECT_EQ(start((2 * s + 1) * 2), 64 * 128 + 32 * s) << "step " << s;
    EXPECT_EQ(plan->wgmma->descriptors[(2 * s + 0) * 2 + 1], plan->wgmma->descriptors[(2 * s + 1) * 2 + 1]);
  }
  // The model's C numbering is CuTe's (FrgV, MMA_M, MMA_N): value 64 j + i is the PTX D fragment's
  // register i of atom j, whose rows are 64 j on.
  for (std::int64_t th = 0; th < 128; ++th)
    for (std::int64_t i = 0; i < 128; ++i) {
      const std::int64_t r = i % 64;
      const Cell ptx{64 * (i / 64) + 16 * (th / 32) + (th % 32) / 4 + 8 * ((r / 2) % 2),
                     2 * (th % 4) + (r % 2) + 8 * (r / 4)};
      ASSERT_EQ(cta_fragment_cell(t, Operand::C, th, i), ptx) << "thread " << th << " V" << i;
    }
  const auto verdict = judge_cta_mma_probe(*plan, soft_wgmma(*plan));
  ASSERT_TRUE(verdict) << verdict.message;
  EXPECT_EQ(verdict->cells, 128 * 128);
  EXPECT_EQ(verdict->mismatches, 0) << verdict->text();
  EXPECT_TRUE(verdict->agrees_with_model());
}

TEST(CtaWgmmaCheck, TwoAtomsWrongDescriptorOrNumberingIsNamed) {
  const auto plan = plan_cta_mma_probe(preset_tile("gate-wgmma-tma"));
  ASSERT_TRUE(plan) << plan.message;
  const std::int64_t c00 = expected_c(*plan, {0, 0}), c01 = expected_c(*plan, {0, 1}),
                     c640 = expected_c(*plan, {64, 0});
  ASSERT_NE(c00, c640) << "the probe values must tell rows 0 and 64 apart here";
  ASSERT_NE(c01, c640);
  {  // k-step 2's second atom reads A's slice 0 (the first atom's descriptor): rows 64-127 wrong
    CtaMmaProbePlan wrong = *plan.value;
    wrong.wgmma->descriptors[(2 * 2 + 1) * 2] = wrong.wgmma->descriptors[(2 * 2 + 0) * 2];
    const auto bad = judge_cta_mma_probe(*plan, soft_wgmma(wrong));
    ASSERT_TRUE(bad && bad->first);
    EXPECT_GT(bad->mismatches, 0);
    EXPECT_EQ(bad->first->thread, 0) << bad->text();
    EXPECT_GE(bad->first->reg, 64) << "D set 0 is untouched: " << bad->text();
    EXPECT_GE(bad->first->cell.row, 64) << bad->text();
    EXPECT_FALSE(bad->agrees_with_model());
  }
  {  // the atoms' A slices exchanged in every step (D set 0 pairs with M block 1): named at V0
    CtaMmaProbePlan wrong = *plan.value;
    for (std::size_t s = 0; s < 4; ++s)
      std::swap(wrong.wgmma->descriptors[(2 * s) * 2], wrong.wgmma->descriptors[(2 * s + 1) * 2]);
    const auto bad = judge_cta_mma_probe(*plan, soft_wgmma(wrong));
    ASSERT_TRUE(bad && bad->first);
    EXPECT_EQ(bad->first->thread, 0) << bad->text();
    EXPECT_EQ(bad->first->reg, 0) << bad->text();
    EXPECT_EQ(bad->first->cell, (Cell{0, 0}));
    EXPECT_EQ(bad->first->expected, c00);
    EXPECT_EQ(bad->first->measured, static_cast<float>(c640));  // thread 0's d0 of rows 64 on
    EXPECT_FALSE(bad->agrees_with_model());
  }
  {  // C numbered (MMA_M, FrgV) instead of (FrgV, MMA_M): V1 would be atom 1's d0, (64,0)
    CtaMmaProbePlan wrong = *plan.value;
    for (std::size_t th = 0; th < 128; ++th)
      for (std::size_t r = 0; r < 128; ++r)
        wrong.c_cells[th * 128 + r] = plan->c_cells[th * 128 + (r % 2) * 64 + r / 2];
    const auto bad = judge_cta_mma_probe(wrong, soft_wgmma(*plan));
    ASSERT_TRUE(bad && bad->first);
    EXPECT_EQ(bad->first->thread, 0) << bad->text();
    EXPECT_EQ(bad->first->reg, 1) << bad->text();
    EXPECT_EQ(bad->first->cell, (Cell{64, 0}));
    EXPECT_EQ(bad->first->expected, c640);
    EXPECT_EQ(bad->first->measured, static_cast<float>(c01));  // PTX: thread 0's d1 is D(0, 1)
  }
}

TEST(CtaWgmmaCheck, MoreAccumulatorsThanTheKernelKeepsAreRefused) {
  // gate-wgmma-ws's m64n256 atom over 128x256 with one warpgroup: two D's of 128 f32 each.
  CtaTileSpec spec = find_cta_preset("gate-wgmma-ws")->spec;
  spec.atoms = "(1,1,1)";
  const auto t = make_cta_tile(spec);
  ASSERT_TRUE(t) << t.message;
  const auto refused = plan_cta_mma_probe(*t);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.message,
            "each thread holds 256 accumulators (2 atoms of 128 per warpgroup, MMA_M 2 x MMA_N 1); the probe "
            "keeps at most 128 f32 D registers per thread (a thread has 255 registers)");
  // A plan that claims three m64n128 D's is refused before launch.
  const auto plan = plan_cta_mma_probe(preset_tile("gate-wgmma-tma"));
  ASSERT_TRUE(plan) << plan.message;
  CtaMmaProbePlan bad = *plan.value;
  bad.wgmma->atoms = 3;
  EXPECT_EQ(
      mma_probe_launch_problem(bad, 227 * 1024),
      "3 atoms of m64n128k16 per warpgroup hold 192 D registers per thread; the kernel keeps at most 128");
  bad = *plan.value;
  bad.c_values = 64;  // one D's worth of C cells for two atoms
  EXPECT_NE(mma_probe_launch_problem(bad, 227 * 1024).find("not 2 D's of m64n128k16"), std::string::npos);
}

TEST(CtaWgmmaCheck, AWrongDescriptorOrDRegisterIsNamed) {
  const auto plan = plan_cta_mma_probe(preset_tile("sm90-wgmma-128x128x64"));
  ASSERT_TRUE(plan) << plan.message;
  // Warpgroup 1's calls 1 and 2 read each other's A: the same products in another order per k,
  // but each k-step's A columns now meet B's columns of the other step: C of warpgroup 1 differs.
  CtaMmaProbePlan wrong = *plan.value;
  std::swap(wrong.wgmma->descriptors[(1 * 4 + 1) * 2], wrong.wgmma->descriptors[(1 * 4 + 2) * 2]);
  const auto bad = judge_cta_mma_probe(*plan, soft_wgmma(wrong));
  ASSERT_TRUE(bad);
  ASSERT_TRUE(bad->first);
  EXPECT_GT(bad->mismatches, 0);
  EXPECT_GE(bad->first->thread, 128) << "warpgroup 0 is untouched: " << bad->text();
  EXPECT_FALSE(bad->agrees_with_model());
  // Two of thread 0's D registers with different A x B^T exchanged: exactly those two, V0 first.
  std::vector<float> d = soft_wgmma(*plan);
  std::size_t j = 1;
  while (d[j] == d[0]) ++j;
  std::swap(d[0], d[j]);
  const auto swapped = judge_cta_mma_probe(*plan, d);
  ASSERT_TRUE(swapped);
  EXPECT_EQ(swapped->mismatches, 2);
  ASSERT_TRUE(swapped->first);
  EXPECT_EQ(swapped->first->thread, 0);
  EXPECT_EQ(swapped->first->reg, 0);
  EXPECT_EQ(swapped->first->cell, (Cell{0, 0}));  // PTX: thread 0's d0 is D(0, 0)
  EXPECT_EQ(swapped->first->measured, d[0]);
}

TEST(CtaWgmmaCheck, ANonCanonicalLayoutIsPredictedToMismatch) {
  // A row-major without the swizzle: no GMMA layout reads it, so the model predicts a wrong C;
  // the K-major 128B descriptors it then runs read swizzled bytes of an unswizzled A.
  CtaTileSpec spec = find_cta_preset("sm90-wgmma-128x128x64")->spec;
  spec.smem[0] = "(128,64):(64,1)";
  const auto t = make_cta_tile(spec);
  ASSERT_TRUE(t) << t.message;
  const auto plan = plan_cta_mma_probe(*t);
  ASSERT_TRUE(plan) << plan.message;
  EXPECT_FALSE(plan->model_predicts_match);
  const auto verdict = judge_cta_mma_probe(*plan, soft_wgmma(*plan));
  ASSERT_TRUE(verdict);
  EXPECT_GT(verdict->mismatches, 0);
  EXPECT_TRUE(verdict->agrees_with_model()) << verdict->text();
}

TEST(CtaWgmmaCheck, RefusalsSayWhy) {
  const auto plan = plan_cta_mma_probe(preset_tile("sm90-wgmma-128x128x64"));
  ASSERT_TRUE(plan) << plan.message;
  EXPECT_NE(mma_probe_launch_problem(*plan, 32 * 1024).find("bytes of shared memory"), std::string::npos);
  CtaMmaProbePlan bad = *plan.value;
  bad.wgmma->descriptors[3] += 0x3000;  // B's start 192 KiB further: past the image
  EXPECT_NE(mma_probe_launch_problem(bad, 227 * 1024).find("reads byte"), std::string::npos);
  bad = *plan.value;
  bad.wgmma->descriptors.pop_back();
  EXPECT_NE(mma_probe_launch_problem(bad, 227 * 1024).find("every warpgroup's every call"),
            std::string::npos);
  EXPECT_FALSE(judge_cta_mma_probe(*plan, std::vector<float>(3)));
  CtaTileSpec spec = find_cta_preset("sm90-wgmma-128x128x64")->spec;
  spec.smem[1] = "";
  const auto no_b = make_cta_tile(spec);
  ASSERT_TRUE(no_b) << no_b.message;
  const auto refused = plan_cta_mma_probe(*no_b);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.message.find("give both"), std::string::npos) << refused.message;
}

TEST(CtaWgmmaCheck, Fa3PresetsRsFormMeetsASoftwareWgmma) {
  // fa3-attention: P (A) from registers, V^T (B) N-major through descriptors, two warpgroups.
  const auto plan = plan_cta_mma_probe(preset_tile("fa3-attention"));
  ASSERT_TRUE(plan) << plan.message;
  ASSERT_TRUE(plan->wgmma);
  const WgmmaProbePlan& w = *plan->wgmma;
  EXPECT_EQ(plan->instruction, "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16");
  EXPECT_TRUE(w.a_registers);
  EXPECT_TRUE(w.b_mn_major);
  EXPECT_EQ(plan->threads, 256);
  EXPECT_EQ(plan->calls, 8);  // K 128 in k16 steps, one atom per warpgroup
  EXPECT_EQ(plan->c_values, 64);
  EXPECT_EQ(w.b_offset, 0u);  // the image is V alone: 128 x 128 halves
  EXPECT_EQ(w.image.size(), 128u * 128u * 2u);
  EXPECT_EQ(w.a_values.size(), 128u * 128u);
  EXPECT_EQ(w.a_table.size(), 256u * 8u * 8u);
  for (std::size_t i = 0; i < w.descriptors.size(); i += 2) EXPECT_EQ(w.descriptors[i], 0u) << i;
  EXPECT_TRUE(plan->model_predicts_match);
  EXPECT_EQ(mma_probe_launch_problem(*plan, 227 * 1024), "");
  // Thread 130 (warpgroup 1, warp 0, lane 2), k-step 3: rows 64 + 0 and 64 + 8, columns 48 + 4,
  // 5, 12, 13 (PTX's A fragment), as the table's indices into the row-major 128 x 128 A.
  const std::size_t at = (130 * 8 + 3) * 8;
  const std::uint32_t want[8] = {64 * 128 + 52, 64 * 128 + 53, 72 * 128 + 52, 72 * 128 + 53,
                                 64 * 128 + 60, 64 * 128 + 61, 72 * 128 + 60, 72 * 128 + 61};
  for (std::size_t h = 0; h < 8; ++h) EXPECT_EQ(w.a_table[at + h], want[h]) << "half " << h;
  const auto verdict = judge_cta_mma_probe(*plan, soft_wgmma(*plan));
  ASSERT_TRUE(verdict) << verdict.message;
  EXPECT_EQ(verdict->cells, 128 * 128);
  EXPECT_EQ(verdict->mismatches, 0) << verdict->text();
  EXPECT_TRUE(verdict->agrees_with_model());
}

/// SM90_64x64x16_F32F16F16_RS over 64x64x64, B K-major in the 128-byte swizzle.
CtaTileSpec rs64_spec() {
  CtaTileSpec s;
  s.mma = "SM90_64x64x16_F32F16F16_RS";
  s.smem[1] = "Swizzle<3,3,3> o (64,64):(64,1)";
  s.tile = "64x64x64";
  return s;
}

TEST(CtaWgmmaCheck, RsN64MeetsASoftwareWgmmaAndAWrongRegisterIsNamed) {
  const auto t = make_cta_tile(rs64_spec());
  ASSERT_TRUE(t) << t.message;
  const auto plan = plan_cta_mma_probe(*t);
  ASSERT_TRUE(plan) << plan.message;
  ASSERT_TRUE(plan->wgmma && plan->wgmma->a_registers);
  EXPECT_EQ(plan->wgmma->n, 64);
  EXPECT_FALSE(plan->wgmma->b_mn_major);
  EXPECT_EQ(plan->calls, 4);
  EXPECT_EQ(plan->c_values, 32);
  EXPECT_EQ(mma_probe_launch_problem(*plan, 227 * 1024), "");
  const auto verdict = judge_cta_mma_probe(*plan, soft_wgmma(*plan));
  ASSERT_TRUE(verdict) << verdict.message;
  EXPECT_EQ(verdict->cells, 64 * 64);
  EXPECT_EQ(verdict->mismatches, 0) << verdict->text();
  // Thread 5's register 0 of k-step 0 with its halves exchanged: A (1,2) and (1,3) trade places,
  // so C's row 1 (lanes 4-7) goes wrong wherever B's columns 2 and 3 differ.
  ASSERT_NE(plan->a_tile[1 * 64 + 2], plan->a_tile[1 * 64 + 3]) << "the probe values must differ here";
  CtaMmaProbePlan wrong = *plan.value;
  std::swap(wrong.wgmma->a_table[5 * 4 * 8 + 0], wrong.wgmma->a_table[5 * 4 * 8 + 1]);
  const auto bad = judge_cta_mma_probe(*plan, soft_wgmma(wrong));
  ASSERT_TRUE(bad && bad->first);
  EXPECT_GT(bad->mismatches, 0);
  EXPECT_GE(bad->first->thread, 4) << bad->text();
  EXPECT_LT(bad->first->thread, 8) << bad->text();
  EXPECT_EQ(bad->first->cell.row, 1) << bad->text();
  EXPECT_FALSE(bad->agrees_with_model());
}

TEST(CtaWgmmaCheck, RsRefusalsSayWhy) {
  CtaTileSpec spec = rs64_spec();
  spec.smem[1] = "";
  const auto no_b = make_cta_tile(spec);
  ASSERT_TRUE(no_b) << no_b.message;
  const auto refused = plan_cta_mma_probe(*no_b);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.message, "wgmma SM90_64x64x16_F32F16F16_RS reads B through a shared layout: give it");
  spec = rs64_spec();
  spec.mma = "SM90_64x64x16_F32BF16BF16_RS";
  const auto bf16 = make_cta_tile(spec);
  ASSERT_TRUE(bf16) << bf16.message;
  const auto no_bf16 = plan_cta_mma_probe(*bf16);
  ASSERT_FALSE(no_bf16);
  EXPECT_NE(no_bf16.message.find("m64n64k16, m64n128k16 and m64n256k16 with f16 inputs"), std::string::npos)
      << no_bf16.message;
  const auto t = make_cta_tile(rs64_spec());
  ASSERT_TRUE(t) << t.message;
  const auto plan = plan_cta_mma_probe(*t);
  ASSERT_TRUE(plan) << plan.message;
  CtaMmaProbePlan bad = *plan.value;
  bad.wgmma->a_table[7] = 64 * 64;  // one past the A tile
  EXPECT_EQ(mma_probe_launch_problem(bad, 227 * 1024), "A's register table entry 7 reads value 4096 of 4096");
  bad = *plan.value;
  bad.wgmma->a_table.pop_back();
  EXPECT_NE(mma_probe_launch_problem(bad, 227 * 1024).find("8 halves of the 64x64 A tile"),
            std::string::npos);
  // One warpgroup over 128x128: 2 x 2 atoms of m64n64 (128 D registers, within the limit), but
  // the kernel is compiled for at most 2: refused before launch, not failed by the launcher.
  CtaTileSpec four = rs64_spec();
  four.smem[1] = "Swizzle<3,3,3> o (128,64):(64,1)";
  four.tile = "128x128x64";
  const auto t4 = make_cta_tile(four);
  ASSERT_TRUE(t4) << t4.message;
  const auto p4 = plan_cta_mma_probe(*t4);
  ASSERT_TRUE(p4) << p4.message;
  EXPECT_EQ(p4->wgmma->atoms, 4);
  EXPECT_EQ(mma_probe_launch_problem(*p4, 227 * 1024),
            "4 atoms of m64n64k16 per warpgroup: the kernel issues at most 2");
  bad = *plan.value;
  bad.wgmma->descriptors[0] = bad.wgmma->descriptors[1];
  EXPECT_EQ(mma_probe_launch_problem(bad, 227 * 1024), "descriptor 0: the RS form has no A descriptor");
}

}  // namespace
}  // namespace fragviz::tile
