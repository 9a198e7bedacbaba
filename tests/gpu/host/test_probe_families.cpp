// The probe families' host halves (gpu/cuda/mma_family.hpp, hopper_run.hpp) without a GPU: what
// pack_* puts in the input buffer, read back the way the kernels read it and run through the
// software tensor cores, must come out of judge_* exactly as the model judges the same instruction
// directly; and packing must not depend on the thread count. Label "unit": no device needed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "../../../gpu/cuda/hopper_run.hpp"
#include "../../../gpu/cuda/mma_family.hpp"
#include "../../unit/soft_tensor_core.hpp"
#include "../../unit/soft_wgmma.hpp"
#include "fragviz/isa/fragment.hpp"
#include "fragviz/probe/probe_run_plan.hpp"

namespace fragviz {
namespace {

DeviceInfo device_sm(int major, int minor) {
  DeviceInfo d;
  d.present = true;
  d.cc_major = major;
  d.cc_minor = minor;
  return d;
}

ProbeRequest named(std::vector<std::string> names) {
  ProbeRequest req;
  req.cycles_table = false;
  req.instructions = std::move(names);
  return req;
}

/// `count` 32-bit words at byte `at` of `bytes`.
std::vector<std::uint32_t> words_at(const std::uint8_t* bytes, std::size_t at, std::size_t count) {
  std::vector<std::uint32_t> v(count);
  std::memcpy(v.data(), bytes + at, count * 4);
  return v;
}

void expect_same_checks(const std::vector<ElementCheck>& a, const std::vector<ElementCheck>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].raw, b[i].raw) << i;
    EXPECT_EQ(a[i].match(), b[i].match()) << i;
  }
}

// [SECTION] mma.sync family

TEST(ProbeFamilies, MmaPackedInputsJudgedLikeTheModel) {
  const std::vector<std::string> names = {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
                                          "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32",
                                          "no.such.mma"};
  const ProbeRequest req = named(names);
  MmaWork w = pack_mma(req, device_sm(9, 0));
  ASSERT_EQ(w.instructions.size(), names.size());
  ASSERT_EQ(w.through_ldmatrix.size(), names.size());
  for (std::size_t i = 0; i < names.size(); ++i) EXPECT_EQ(w.instructions[i].mnemonic, names[i]);
  EXPECT_EQ(w.instructions[2].skipped, "not run: no catalogue entry has this mnemonic");

  // The device's part: each register probe reads its A, B, C words where the plan put them and
  // writes D where the plan reserved it.
  std::uint8_t* out = w.out.data();  // zeroed by pack_mma, as launch_mma zeroes the device's copy
  std::vector<InstructionProbe> direct(names.size());
  for (std::size_t i = 0; i < w.instr_plans.size(); ++i) {
    const MmaWork::Instr& ip = w.instr_plans[i];
    if (!ip.launch) continue;
    const MmaProbePlan& model = w.mma[ip.plan];
    MmaProbePlan read = model;
    read.a = words_at(w.in.data(), ip.a_at, model.a.size());
    read.b = words_at(w.in.data(), ip.b_at, model.b.size());
    read.c = words_at(w.in.data(), ip.c_at, model.c.size());
    const std::vector<std::uint32_t> d = emulate(read, catalogue_map(*model.instr));
    ASSERT_LE(ip.d_at + d.size() * 4, w.out.size());
    std::memcpy(out + ip.d_at, d.data(), d.size() * 4);
    // What the model says for the same instruction, planned and run apart from the family.
    const MmaProbePlan alone = plan_mma_probe(*model.instr);
    direct[i] = judge_mma_probe(alone, emulate(alone, catalogue_map(*model.instr)));
  }

  ProbeReport report;
  add_mma_entries(w, report);
  judge_mma(w, req, report);
  ASSERT_EQ(report.instructions.size(), names.size());
  int ran = 0;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (!w.instr_plans[i].launch) continue;
    ++ran;
    const InstructionProbe& got = report.instructions[i];
    EXPECT_TRUE(got.ran) << names[i];
    EXPECT_EQ(got.mismatches(), 0) << names[i];
    EXPECT_EQ(got.passes, direct[i].passes);
    EXPECT_EQ(got.tile_exact, direct[i].tile_exact);
    expect_same_checks(got.elements, direct[i].elements);
  }
  EXPECT_EQ(ran, 2);  // both catalogue entries run on sm_90
}

TEST(ProbeFamilies, MmaOutputsNeverOverlap) {
  ProbeRequest req;  // the default request: every catalogue entry, the explorer, the cycles table
  const MmaWork w = pack_mma(req, device_sm(9, 0));
  EXPECT_EQ(w.instructions.size(), requested_instructions(req).size());
  std::vector<std::pair<std::size_t, std::size_t>> spans;  // [begin, end) of every output
  for (const MmaWork::Instr& ip : w.instr_plans) {
    if (!ip.launch) continue;
    const MmaProbePlan& p = w.mma[ip.plan];
    spans.emplace_back(ip.d_at, ip.d_at + p.c.size() * 4);  // D has C's shape
    if (!ip.feed) continue;
    const LdmatrixFeedPlan& f = *w.feed[ip.plan];
    const auto bytes = [&](Operand op) {
      return static_cast<std::size_t>(f.passes) * 32 *
             static_cast<std::size_t>(words_per_lane(*f.instr, op)) * 4;
    };
    spans.emplace_back(ip.fd, ip.fd + bytes(Operand::C));
    spans.emplace_back(ip.fa_got, ip.fa_got + bytes(Operand::A));
    spans.emplace_back(ip.fb_got, ip.fb_got + bytes(Operand::B));
    spans.emplace_back(ip.f_off, ip.f_off + 2 * 32 * 4);  // A's and B's lane offsets
  }
  for (const MmaWork::Fragment& f : w.fragment_plans)
    if (f.launch) spans.emplace_back(f.out_at, f.out_at + sizeof(cuda::FragmentSetOut) * cuda::kFragmentSets);
  ASSERT_FALSE(spans.empty());
  std::sort(spans.begin(), spans.end());
  for (std::size_t i = 0; i < spans.size(); ++i) {
    EXPECT_LE(spans[i].second, w.out.size());
    if (i > 0) EXPECT_LE(spans[i - 1].second, spans[i].first);
  }
}

TEST(ProbeFamilies, MmaSkipsWhatTheDeviceLacks) {
  const MmaWork w = pack_mma(named({"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"}), device_sm(7, 5));
  ASSERT_EQ(w.fragments.size(), 2u);  // the seed's m16n8k8 and m16n8k16
  EXPECT_EQ(w.fragments[1].skipped, "skipped: needs sm_80 or newer (device is sm_75)");
  ASSERT_EQ(w.instructions.size(), 1u);
  EXPECT_EQ(w.instructions[0].skipped, "skipped: needs sm_80 or newer (device is sm_75)");
  EXPECT_FALSE(w.instr_plans[0].launch);
}

// [SECTION] Hopper family

TEST(ProbeFamilies, HopperPackedJobsJudgedLikeTheModel) {
  const std::vector<std::string> names = {"wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16",
                                          "wgmma.no.such.entry"};
  HopperWork w = pack_hopper(named(names), device_sm(9, 0));
  ASSERT_EQ(w.wgmma.size(), 2u);
  EXPECT_EQ(w.wgmma[0].skipped, "not run: no wgmma catalogue entry has this mnemonic");  // unknown first
  ASSERT_EQ(w.plans.size(), 1u);
  EXPECT_TRUE(w.move_plans.empty());
  const WgmmaInstruction& in = *w.plans[0].instr;

  // The device's part: every job read back from the packed buffer alone, as the kernel reads it.
  std::vector<std::uint32_t> out_words(w.d_bytes / 4, 0);
  std::set<std::uint32_t> offsets;
  const std::size_t regs = static_cast<std::size_t>(kWarpgroupSize * wgmma_d_registers(in));
  for (const HopperWork::Launch& l : w.launches) {
    ASSERT_LE(l.jobs_at + l.jobs.size() * sizeof(cuda::WgmmaJob), w.in.size());
    for (std::size_t j = 0; j < l.jobs.size(); ++j) {
      cuda::WgmmaJob job;
      std::memcpy(&job, w.in.data() + l.jobs_at + j * sizeof job, sizeof job);
      WgmmaPass pass;
      pass.form = l.form;
      ASSERT_LE(job.image_offset + job.image_bytes, w.in.size());
      pass.image.assign(w.in.begin() + job.image_offset, w.in.begin() + job.image_offset + job.image_bytes);
      pass.a_start = job.a_start;
      pass.b_start = job.b_start;
      pass.a_descriptor = job.a_descriptor;
      pass.b_descriptor = job.b_descriptor;
      if (l.form == WgmmaForm::rs) pass.a_registers = words_at(w.in.data(), job.a_registers, 128 * 4);
      const std::vector<std::uint32_t> d = soft_wgmma::simulate(in, pass, {});
      ASSERT_EQ(d.size(), regs);
      ASSERT_LE(job.out_offset + regs, out_words.size());
      EXPECT_TRUE(offsets.insert(job.out_offset).second) << "two jobs write D at " << job.out_offset;
      std::copy(d.begin(), d.end(), out_words.begin() + job.out_offset);
    }
  }
  const WgmmaProbePlan alone = plan_wgmma_probe(in);
  EXPECT_EQ(offsets.size(), alone.passes.size());  // one job per pass
  w.out.assign(w.out_bytes, 0);
  std::memcpy(w.out.data(), out_words.data(), out_words.size() * 4);

  ProbeReport report;
  add_hopper_entries(w, report);
  judge_hopper(w, report);
  std::vector<std::vector<std::uint32_t>> d_alone;
  for (const WgmmaPass& p : alone.passes) d_alone.push_back(soft_wgmma::simulate(in, p, {}));
  const WgmmaProbe direct = judge_wgmma_probe(alone, d_alone);
  ASSERT_EQ(report.wgmma.size(), 2u);
  const WgmmaProbe& got = report.wgmma[1];
  EXPECT_TRUE(got.ran);
  EXPECT_EQ(got.mismatches(), 0);
  EXPECT_EQ(got.passes, direct.passes);
  EXPECT_EQ(got.tile_exact, direct.tile_exact);
  expect_same_checks(got.d, direct.d);
  expect_same_checks(got.a, direct.a);
}

TEST(ProbeFamilies, HopperOffSm90SkipsWgmmaAndStmatrix) {
  ProbeRequest req;  // every Hopper probe
  const HopperWork w = pack_hopper(req, device_sm(8, 0));
  EXPECT_EQ(w.wgmma.size(), wgmma_catalogue().size());
  for (const WgmmaProbe& p : w.wgmma)
    EXPECT_EQ(p.skipped, "skipped: wgmma needs sm_90a, a compute capability 9.0 GPU (device is sm_80)");
  EXPECT_TRUE(w.plans.empty());
  EXPECT_TRUE(w.launches.empty());
  ASSERT_FALSE(w.moves.empty());
  for (const MatrixMoveProbe& p : w.moves)  // movmatrix runs from sm_75, stmatrix needs sm_90
    EXPECT_EQ(p.skipped.empty(), p.kind == "movmatrix") << p.kind;
}

TEST(ProbeFamilies, NothingRequestedPacksNothing) {
  ProbeRequest req;
  req.instruction_probes = false;
  const HopperWork w = pack_hopper(req, device_sm(9, 0));
  EXPECT_TRUE(w.wgmma.empty());
  EXPECT_TRUE(w.moves.empty());
  EXPECT_TRUE(w.in.empty());
  EXPECT_TRUE(pack_mma(req, device_sm(9, 0)).instructions.empty());
}

// [SECTION] thread count

TEST(ProbeFamilies, PackingIsTheSameOnOneThread) {
  ProbeRequest req;
  const DeviceInfo dev = device_sm(9, 0);
  const HopperWork hopper = pack_hopper(req, dev);
  const MmaWork mma = pack_mma(req, dev);
  ::setenv("FRAGVIZ_PROBE_THREADS", "1", 1);
  const HopperWork hopper1 = pack_hopper(req, dev);
  const MmaWork mma1 = pack_mma(req, dev);
  ::unsetenv("FRAGVIZ_PROBE_THREADS");
  EXPECT_FALSE(hopper.in.empty());
  EXPECT_TRUE(hopper.in == hopper1.in);
  ASSERT_EQ(mma.in.size(), mma1.in.size());
  EXPECT_EQ(std::memcmp(mma.in.data(), mma1.in.data(), mma.in.size()), 0);
}

}  // namespace
}  // namespace fragviz
