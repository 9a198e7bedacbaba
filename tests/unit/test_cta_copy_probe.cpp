// The CTA copy probe's host halves (fragviz/tile/cta_copy_probe.hpp): the plan fed to a software
// GPU written from the PTX ISA's text, not from the model, and judged.
//  - ldmatrix and ld.shared: soft_copy_load.hpp.
//  - stmatrix (PTX ISA "Warp Level Matrix Store Instruction: stmatrix"): threads 8j..8j+7 give
//    the addresses of rows 0..7 of matrix j; lane l's source register j holds matrix j's row l/4,
//    elements 2(l%4) (low half) and 2(l%4)+1, each row stored as eight 16-bit elements at 16
//    consecutive bytes; with .trans the register's halves are column l/4, rows 2(l%4) and 2(l%4)+1.
//  - st.shared.b32/.v2.b32/.v4.b32 ("st"): register i is written to the four bytes at address + 4i.
// A word the software GPU did not deliver must be named; refusals name why.
#include <gtest/gtest.h>

#include <set>

#include "cta_test_tiles.hpp"
#include "fragviz/tile/cta_copy_probe.hpp"
#include "fragviz/tile/cta_presets.hpp"
#include "soft_copy_load.hpp"

namespace fragviz::tile {
namespace {

/// What a GPU returns for `p`: every thread's every register (soft_copy_load.hpp).
std::vector<std::uint32_t> soft_gpu(const CtaCopyProbePlan& p) {
  std::vector<std::uint32_t> words(static_cast<std::size_t>(p.words()), 0);
  for (int t = 0; t < p.threads; ++t)
    for (int i = 0; i < p.instructions; ++i)
      for (int r = 0; r < p.registers; ++r)
        words[static_cast<std::size_t>((t * p.instructions + i) * p.registers + r)] =
            soft_load_word(p, t, i, r);
  return words;
}

/// The shared image after every thread of store plan `p` ran its stores, from the rules above.
std::vector<std::uint32_t> soft_gpu_store(const CtaCopyProbePlan& p) {
  std::vector<std::uint8_t> image = p.image;
  const auto address = [&](int thread, int i) {
    return p.addresses.at(static_cast<std::size_t>(thread) * p.instructions + i);
  };
  const auto source = [&](int thread, int i, int r) {
    return p.sources.at(static_cast<std::size_t>((thread * p.instructions + i) * p.registers + r));
  };
  const auto put = [&](std::uint32_t byte, std::uint32_t value, int bytes) {
    for (int b = 0; b < bytes; ++b) image.at(byte + b) = static_cast<std::uint8_t>(value >> (8 * b));
  };
  for (int t = 0; t < p.threads; ++t)
    for (int i = 0; i < p.instructions; ++i)
      for (int r = 0; r < p.registers; ++r) {
        const std::uint32_t w = source(t, i, r);
        if (p.load != CopyProbeLoad::ldmatrix) {
          put(address(t, i) + 4 * r, w, 4);
          continue;
        }
        const int lane = t % 32, warp = t - lane;
        // Matrix r's element (row, col) lies at lane 8r + row's address plus 2 col.
        const auto element = [&](int row, int col) { return address(warp + 8 * r + row, i) + 2 * col; };
        if (p.trans) {
          put(element(2 * (lane % 4), lane / 4), w & 0xFFFF, 2);
          put(element(2 * (lane % 4) + 1, lane / 4), w >> 16, 2);
        } else {
          put(element(lane / 4, 2 * (lane % 4)), w & 0xFFFF, 2);
          put(element(lane / 4, 2 * (lane % 4) + 1), w >> 16, 2);
        }
      }
  return words_of(image);
}

/// The model's own join of `op` (what the CLI prints).
/// The model's join of the copy alone: what the probe measures is the loads, before any register
/// swap (gate-broken-swap-b's is after them).
CtaJoin model_join(CtaTile t, Operand op) {
  t.swap.reset();
  const auto r = analyze_cta_tile(t, CtaOptions{false, false});
  EXPECT_TRUE(r) << r.message;
  return *r->operands[op == Operand::A ? 0 : op == Operand::B ? 1 : 2].join;
}

TEST(CtaCopyProbe, EveryPresetsLoadsAgreeWithTheSoftwareGpu) {
  std::set<std::pair<int, bool>> forms;  // (ldmatrix .num, .trans) the presets exercised
  int planned = 0;
  for (const CtaPreset& preset : cta_presets()) {
    const CtaTile t = tile_of(preset.spec);
    for (Operand op : {Operand::A, Operand::B}) {
      const auto plan = plan_cta_copy_probe(t, op);
      if (!plan) {
        // Only a descriptor operand or one without a copy may be refused among the presets.
        EXPECT_TRUE(plan.message.find("descriptor") != std::string::npos ||
                    plan.message.find("no copy") != std::string::npos)
            << preset.name << " " << to_string(op) << ": " << plan.message;
        continue;
      }
      ++planned;
      forms.insert({plan->matrices, plan->trans});
      EXPECT_EQ(copy_probe_launch_problem(*plan, 227 * 1024), "") << preset.name;
      const auto v = judge_cta_copy_probe(*plan, soft_gpu(*plan));
      ASSERT_TRUE(v) << v.message;
      const CtaJoin model = model_join(t, op);
      EXPECT_EQ(v->model_disagreements, 0)
          << preset.name << " " << to_string(op) << ": " << v->model_verdict();
      EXPECT_EQ(v->cells, model.cells) << preset.name;
      EXPECT_EQ(v->measured.mismatches, model.mismatches) << preset.name;
      EXPECT_EQ(v->measured.verdict(t.mma.threads()), model.verdict(t.mma.threads())) << preset.name;
      EXPECT_EQ(v->model_verdict(), "all " + std::to_string(model.cells) + " match the model");
    }
  }
  EXPECT_GE(planned, 10);
  // The presets issue .x2, .x4 and .x4.trans (no .x1: CtaCopyProbe.OtherLdmatrixForms has it).
  for (std::pair<int, bool> f : {std::pair{2, false}, std::pair{4, false}, std::pair{4, true}})
    EXPECT_TRUE(forms.count(f)) << "no preset issues ldmatrix .x" << f.first << (f.second ? ".trans" : "");
}

TEST(CtaCopyProbe, Sm80GemmPlan) {
  // 128 threads; A 128 x 32 f16: per warp 64 rows x 16 k per k-block = 4 ldmatrix.x4, 2 k-blocks.
  const CtaTile t = preset("sm80-gemm-128x128x32");
  const auto p = plan_cta_copy_probe(t, Operand::A);
  ASSERT_TRUE(p) << p.message;
  EXPECT_EQ(p->instruction, "ldmatrix.sync.aligned.m8n8.x4.shared.b16");
  EXPECT_EQ(p->threads, 128);
  EXPECT_EQ(p->instructions, 8);
  EXPECT_EQ(p->registers, 4);
  EXPECT_EQ(p->image.size(), 128u * 32 * 2);
  // 64 values per thread: A's 128 x 32 cells reach both warps along N.
  EXPECT_EQ(p->values.size(), 128u * 64);
  // Thread 0's first row: A (0,0), byte 0 under any Swizzle<3,3,3> (row 0 keeps its chunks); its
  // label is 1, the pad no label's.
  EXPECT_EQ(p->addresses[0], 0u);
  EXPECT_EQ(half_at(p->image, 0), 1u);
  // A (1,0) lies at row 1 (64 bytes), chunk 0 ^ 0 of Swizzle<3,3,3>'s 128-byte lines: the second
  // 64 bytes of line 0, 16-byte chunk 4, swizzled by line 0 -> unchanged: byte 64, label 33.
  EXPECT_EQ(half_at(p->image, 64), 33u);
}

TEST(CtaCopyProbe, AWrongWordIsNamed) {
  const CtaTile t = preset("sm80-gemm-128x128x32");
  const auto p = plan_cta_copy_probe(t, Operand::A);
  ASSERT_TRUE(p) << p.message;
  std::vector<std::uint32_t> words = soft_gpu(*p);
  // Thread 37, instruction 0, register 1's low half now holds A (5,7): label 5 * 32 + 7 + 1.
  const std::size_t w = static_cast<std::size_t>((37 * p->instructions + 0) * p->registers + 1);
  words[w] = (words[w] & 0xFFFF0000u) | 168u;
  const CopyProbeValue* hit = nullptr;
  for (const CopyProbeValue& v : p->values)
    if (v.thread == 37 && v.instruction == 0 && v.register_byte == 4) hit = &v;
  ASSERT_NE(hit, nullptr);
  ASSERT_NE(hit->moved, (Cell{5, 7}));
  const auto v = judge_cta_copy_probe(*p, words);
  ASSERT_TRUE(v) << v.message;
  EXPECT_EQ(v->model_disagreements, 1);
  ASSERT_TRUE(v->first);
  EXPECT_EQ(v->first->value.thread, 37);
  EXPECT_EQ(v->first->value.reg, hit->reg);
  EXPECT_EQ(v->first->delivered, (Cell{5, 7}));
  EXPECT_EQ(v->first->raw, 168u);
  const std::string words_said = v->model_verdict();
  EXPECT_NE(
      words_said.find("thread 37 V" + std::to_string(hit->reg) + " (instruction 0, register 1, byte 0)"),
      std::string::npos)
      << words_said;
  EXPECT_NE(words_said.find("the GPU delivered (5,7)"), std::string::npos) << words_said;
  EXPECT_NE(words_said.find("(1 of 8192 differ)"), std::string::npos) << words_said;
  // The join on the GPU's cells now finds that value wrong, in CtaJoin's words.
  EXPECT_EQ(v->measured.mismatches, 1);
  EXPECT_NE(v->measured.verdict(128).find("thread 37 V" + std::to_string(hit->reg)), std::string::npos);
  // Counted in values and in A's 128 x 32 cells, as the model's join counts them (issue 22).
  EXPECT_NE(v->measured.verdict(128).find("(1 of 8192 values (1 of 4096 cells) wrong)"), std::string::npos)
      << v->measured.verdict(128);
  // A word count the plan does not have is refused, not judged.
  words.pop_back();
  EXPECT_FALSE(judge_cta_copy_probe(*p, words));
}

CtaTileSpec vector_spec(const std::string& copy, const std::string& smem) {
  CtaTileSpec s;
  s.mma = "SM80_16x8x16_F32F16F16F32_TN";
  s.atoms = "(2,2,1)";
  s.permute = "Tile<_32,_32,_16>";
  s.copy = {copy, "", ""};
  s.smem = {smem, "", ""};
  return s;
}

/// Plans `op` of `spec`, runs the software GPU and expects the model's every byte and join.
void expect_agreement(const CtaTileSpec& spec, Operand op, CopyProbeLoad load) {
  const CtaTile t = tile_of(spec);
  const auto p = plan_cta_copy_probe(t, op);
  ASSERT_TRUE(p) << spec.copy[0] << spec.copy[1] << ": " << p.message;
  EXPECT_EQ(p->load, load);
  const auto v = judge_cta_copy_probe(*p, soft_gpu(*p));
  ASSERT_TRUE(v) << v.message;
  const CtaJoin model = model_join(t, op);
  EXPECT_EQ(v->model_disagreements, 0) << p->instruction << ": " << v->model_verdict();
  EXPECT_EQ(v->measured.mismatches, model.mismatches) << p->instruction;
  EXPECT_EQ(v->measured.verdict(t.mma.threads()), model.verdict(t.mma.threads())) << p->instruction;
}

TEST(CtaCopyProbe, VectorLoadsAgreeWithTheSoftwareGpu) {
  // K-major A: a 32-bit load moves the (k, k+1) pair the fragment holds: the join is right.
  expect_agreement(vector_spec("UniversalCopy<uint32_t>", "(32,16):(16,1)"), Operand::A,
                   CopyProbeLoad::lds32);
  EXPECT_EQ(
      model_join(tile_of(vector_spec("UniversalCopy<uint32_t>", "(32,16):(16,1)")), Operand::A).mismatches,
      0);
  // 64- and 128-bit vectors over column pairs spread 4 (8) elements apart: each vector starts
  // aligned and holds one pair and pad, so the model's join finds pad ("no element") where the
  // MMA wants a cell, and the probe must see the same pad bytes.
  expect_agreement(vector_spec("UniversalCopy<uint64_t>", "(32,(2,8)):(32,(1,4))"), Operand::A,
                   CopyProbeLoad::lds64);
  expect_agreement(vector_spec("UniversalCopy<uint128_t>", "(32,(2,8)):(64,(1,8))"), Operand::A,
                   CopyProbeLoad::lds128);
  const CtaJoin padded =
      model_join(tile_of(vector_spec("UniversalCopy<uint64_t>", "(32,(2,8)):(32,(1,4))")), Operand::A);
  ASSERT_TRUE(padded.first);
  EXPECT_FALSE(padded.first->moved);
}

TEST(CtaCopyProbe, OtherLdmatrixForms) {
  expect_agreement(vector_spec("SM75_U32x1_LDSM_N", "(32,16):(16,1)"), Operand::A, CopyProbeLoad::ldmatrix);
  expect_agreement(vector_spec("SM75_U32x2_LDSM_N", "Swizzle<1,3,3> o (32,16):(16,1)"), Operand::A,
                   CopyProbeLoad::ldmatrix);
  // B through .trans over an N-major layout.
  for (const char* copy : {"SM75_U16x2_LDSM_T", "SM75_U16x4_LDSM_T", "SM75_U16x8_LDSM_T"}) {
    CtaTileSpec s = vector_spec("", "");
    s.copy[1] = copy;
    s.smem[1] = "(32,16):(1,32)";
    expect_agreement(s, Operand::B, CopyProbeLoad::ldmatrix);
  }
}

TEST(CtaCopyProbe, Refusals) {
  const auto refused = [](const CtaTile& t, Operand op, const std::string& words) {
    const auto p = plan_cta_copy_probe(t, op);
    EXPECT_FALSE(p);
    EXPECT_NE(p.message.find(words), std::string::npos) << p.message;
  };
  refused(preset("sm80-gemm-128x128x32"), Operand::C, "no copy for C");
  refused(preset("sm90-wgmma-128x128x64"), Operand::A, "descriptor");
  refused(tile_of(vector_spec("", "(32,16):(16,1)")), Operand::A, "no copy for A");
  refused(tile_of(vector_spec("SM75_U32x4_LDSM_N", "")), Operand::A, "no shared layout for A");
  refused(tile_of(vector_spec("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "(32,16):(16,1)")), Operand::A,
          "cp.async");
  // A row of 17 halves: 34 bytes, so row 1's ldmatrix address is not 16-byte aligned.
  refused(tile_of(vector_spec("SM75_U32x4_LDSM_N", "(32,16):(17,1)")), Operand::A, "not a multiple of 16");
  // A 64-bit vector from (0,2) of a K-major row: byte 4, and ld.shared.v2 needs 8.
  refused(tile_of(vector_spec("UniversalCopy<uint64_t>", "(32,16):(16,1)")), Operand::A,
          "not a multiple of 8");
  // 256 x 256 = 65536 cells: label 65536 does not fit 16 bits.
  CtaTileSpec big = vector_spec("SM75_U32x4_LDSM_N", "(256,256):(256,1)");
  big.tile = "256x32x256";
  refused(tile_of(big), Operand::A, "holds at most 65534");
  // 8-bit elements.
  CtaTileSpec s8;
  s8.mma = "SM80_16x8x32_S32S8S8S32_TN";
  s8.copy = {"SM75_U32x4_LDSM_N", "", ""};
  s8.smem = {"(16,32):(32,1)", "", ""};
  refused(tile_of(s8), Operand::A, "8-bit elements are not probed yet");
}

TEST(CtaCopyProbe, LaunchChecks) {
  const auto p = plan_cta_copy_probe(preset("sm80-gemm-128x128x32"), Operand::B);
  ASSERT_TRUE(p) << p.message;
  EXPECT_EQ(copy_probe_launch_problem(*p, 48 * 1024), "");
  EXPECT_NE(copy_probe_launch_problem(*p, 4096).find("bytes of shared memory"), std::string::npos);
  CtaCopyProbePlan q = *p;
  q.addresses[5] += 2;
  EXPECT_NE(copy_probe_launch_problem(q, 48 * 1024).find("not a multiple of 16"), std::string::npos);
  q = *p;
  q.addresses[5] = static_cast<std::uint32_t>(q.image.size());
  EXPECT_NE(copy_probe_launch_problem(q, 48 * 1024).find("reads past the image"), std::string::npos);
  q = *p;
  q.threads = 1056;
  EXPECT_NE(copy_probe_launch_problem(q, 48 * 1024).find("1 to 1024"), std::string::npos);
  q = *p;
  q.addresses.pop_back();
  EXPECT_NE(copy_probe_launch_problem(q, 48 * 1024).find("addresses"), std::string::npos);
  q = *p;
  q.registers = 3;
  EXPECT_NE(copy_probe_launch_problem(q, 48 * 1024), "");
}

CtaTileSpec store_spec(const std::string& copy, const std::string& smem) {
  CtaTileSpec s = vector_spec("", "");
  s.copy[2] = copy;
  s.smem[2] = smem;
  return s;
}

/// Plans C of `spec`, runs the software GPU's stores and expects the model's every byte and join.
void expect_store_agreement(const CtaTileSpec& spec, CopyProbeLoad load, bool join_ok) {
  const CtaTile t = tile_of(spec);
  const auto p = plan_cta_copy_probe(t, Operand::C);
  ASSERT_TRUE(p) << spec.copy[2] << ": " << p.message;
  EXPECT_TRUE(p->store);
  EXPECT_EQ(p->load, load);
  EXPECT_EQ(copy_probe_launch_problem(*p, 227 * 1024), "");
  const auto v = judge_cta_copy_probe(*p, soft_gpu_store(*p));
  ASSERT_TRUE(v) << v.message;
  const CtaJoin model = model_join(t, Operand::C);
  EXPECT_EQ(v->model_disagreements, 0) << p->instruction << ": " << v->model_verdict();
  EXPECT_EQ(v->cells, model.cells) << p->instruction;
  EXPECT_EQ(v->measured.mismatches, model.mismatches) << p->instruction;
  EXPECT_EQ(v->measured.verdict(t.mma.threads()), model.verdict(t.mma.threads())) << p->instruction;
  EXPECT_EQ(model.mismatches == 0, join_ok) << p->instruction << ": " << model.verdict(t.mma.threads());
}

TEST(CtaCopyProbe, EveryPresetsStoreAgreesWithTheSoftwareGpu) {
  int planned = 0;
  for (const CtaPreset& preset : cta_presets()) {
    const CtaTile t = tile_of(preset.spec);
    const auto plan = plan_cta_copy_probe(t, Operand::C);
    if (!plan) {
      EXPECT_NE(plan.message.find("no copy for C"), std::string::npos) << preset.name << ": " << plan.message;
      continue;
    }
    ++planned;
    EXPECT_EQ(copy_probe_launch_problem(*plan, 227 * 1024), "") << preset.name;
    const auto v = judge_cta_copy_probe(*plan, soft_gpu_store(*plan));
    ASSERT_TRUE(v) << v.message;
    const CtaJoin model = model_join(t, Operand::C);
    EXPECT_EQ(v->model_disagreements, 0) << preset.name << ": " << v->model_verdict();
    EXPECT_EQ(v->measured.verdict(t.mma.threads()), model.verdict(t.mma.threads())) << preset.name;
    EXPECT_EQ(v->model_verdict(), "all " + std::to_string(model.cells) + " match the model");
  }
  EXPECT_GE(planned, 1);  // sm90-wgmma-128x128x64's stmatrix.x4
}

TEST(CtaCopyProbe, Sm90EpiloguePlan) {
  // 256 threads (two warpgroups), C 128 x 128 f16 through stmatrix.x4: 64 values per thread.
  const auto p = plan_cta_copy_probe(preset("sm90-wgmma-128x128x64"), Operand::C);
  ASSERT_TRUE(p) << p.message;
  EXPECT_EQ(p->instruction, "stmatrix.sync.aligned.m8n8.x4.shared.b16");
  EXPECT_EQ(p->threads, 256);
  EXPECT_EQ(p->registers, 4);
  EXPECT_EQ(p->values.size(), 256u * 64);
  EXPECT_EQ(p->image.size(), 128u * 128 * 2);
  EXPECT_EQ(p->words(), 128 * 128 * 2 / 4);
  // The image starts as pad; a value's register half holds its cell's label.
  for (std::uint8_t b : p->image) ASSERT_EQ(b, 0xFF);
  const CopyProbeValue& v = p->values.front();
  const std::uint32_t word = p->sources.at(static_cast<std::size_t>(
      (v.thread * p->instructions + v.instruction) * p->registers + v.register_byte / 4));
  EXPECT_EQ((word >> (8 * (v.register_byte % 4))) & 0xFFFF, v.expected.row * 128 + v.expected.col + 1);
  // The layout's first element, C (0,0), begins at byte 0 of every Swizzle<3,3,3> tile.
  EXPECT_EQ(p->layout_cells.at(0), 0);
}

TEST(CtaCopyProbe, OtherStoresAgreeWithTheSoftwareGpu) {
  // stmatrix of 16-bit C over a row-major 32 x 32 tile: the accumulator's rows are stmatrix's.
  expect_store_agreement(store_spec("SM90_U32x1_STSM_N", "(32,32):(32,1)"), CopyProbeLoad::ldmatrix, true);
  expect_store_agreement(store_spec("SM90_U32x2_STSM_N", "Swizzle<1,3,3> o (32,32):(32,1)"),
                         CopyProbeLoad::ldmatrix, true);
  expect_store_agreement(store_spec("SM90_U32x4_STSM_N", "Swizzle<2,3,3> o (32,32):(32,1)"),
                         CopyProbeLoad::ldmatrix, true);
  // .trans into a column-major tile.
  for (const char* copy : {"SM90_U16x2_STSM_T", "SM90_U16x4_STSM_T", "SM90_U16x8_STSM_T"})
    expect_store_agreement(store_spec(copy, "(32,32):(1,32)"), CopyProbeLoad::ldmatrix, true);
  // st.shared of 32-bit C: one f32 per thread and instruction, a pair per 64-bit vector.
  expect_store_agreement(store_spec("UniversalCopy<uint32_t>", "(32,32):(32,1)"), CopyProbeLoad::lds32, true);
  expect_store_agreement(store_spec("UniversalCopy<uint64_t>", "(32,32):(32,1)"), CopyProbeLoad::lds64, true);
}

TEST(CtaCopyProbe, AWrongStoreIsNamed) {
  const auto p = plan_cta_copy_probe(preset("sm90-wgmma-128x128x64"), Operand::C);
  ASSERT_TRUE(p) << p.message;
  std::vector<std::uint32_t> words = soft_gpu_store(*p);
  // Thread 37's first value lands on another label: C (5,7), 5 * 128 + 7 + 1 = 648.
  const CopyProbeValue* hit = nullptr;
  for (const CopyProbeValue& v : p->values)
    if (v.thread == 37 && !hit) hit = &v;
  ASSERT_NE(hit, nullptr);
  ASSERT_NE(hit->expected, (Cell{5, 7}));
  const std::size_t w = static_cast<std::size_t>(hit->model_byte / 4);
  const int shift = 8 * static_cast<int>(hit->model_byte % 4);
  words[w] = (words[w] & ~(0xFFFFu << shift)) | (648u << shift);
  const auto v = judge_cta_copy_probe(*p, words);
  ASSERT_TRUE(v) << v.message;
  EXPECT_EQ(v->model_disagreements, 1);
  ASSERT_TRUE(v->first);
  EXPECT_EQ(v->first->value.thread, 37);
  EXPECT_EQ(v->first->delivered, (Cell{5, 7}));
  const std::string said = v->model_verdict();
  EXPECT_NE(
      said.find("thread 37 V" + std::to_string(hit->reg) + " (instruction " +
                std::to_string(hit->instruction) + ", register " + std::to_string(hit->register_byte / 4)),
      std::string::npos)
      << said;
  EXPECT_NE(said.find("to byte " + std::to_string(hit->model_byte) + ": the GPU's shared memory holds (5,7)"),
            std::string::npos)
      << said;
  EXPECT_NE(said.find("the model predicted " + to_string(hit->expected)), std::string::npos) << said;
  // The value's label is nowhere now: the join on the GPU's image finds no element for it.
  EXPECT_EQ(v->measured.mismatches, 1);
  ASSERT_TRUE(v->measured.first);
  EXPECT_FALSE(v->measured.first->moved);
  // Nothing stored at all (the image as it started): every value differs.
  const std::vector<std::uint32_t> untouched(words.size(), 0xFFFFFFFFu);
  const auto none = judge_cta_copy_probe(*p, untouched);
  ASSERT_TRUE(none) << none.message;
  EXPECT_EQ(none->model_disagreements, none->cells);
  EXPECT_EQ(none->measured.mismatches, none->cells);
}

TEST(CtaCopyProbe, StoreRefusalsAndLaunchChecks) {
  const auto refused =
      plan_cta_copy_probe(tile_of(store_spec("SM75_U32x4_LDSM_N", "(32,32):(32,1)")), Operand::C);
  EXPECT_FALSE(refused);
  const auto p = plan_cta_copy_probe(preset("sm90-wgmma-128x128x64"), Operand::C);
  ASSERT_TRUE(p) << p.message;
  CtaCopyProbePlan q = *p;
  q.sources.pop_back();
  EXPECT_NE(copy_probe_launch_problem(q, 227 * 1024).find("source registers"), std::string::npos);
  q = *p;
  q.layout_cells.pop_back();
  EXPECT_NE(copy_probe_launch_problem(q, 227 * 1024).find("layout cells"), std::string::npos);
  q = *p;
  q.addresses[3] += 8;
  EXPECT_NE(copy_probe_launch_problem(q, 227 * 1024).find("not a multiple of 16"), std::string::npos);
  EXPECT_NE(copy_probe_launch_problem(*p, 16 * 1024).find("bytes of shared memory"), std::string::npos);
  // A load's word count is refused for a store.
  EXPECT_FALSE(judge_cta_copy_probe(*p, std::vector<std::uint32_t>(p->values.size())));
}

}  // namespace
}  // namespace fragviz::tile
