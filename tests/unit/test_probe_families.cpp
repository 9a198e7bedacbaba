// The probe families' host halves (fragviz/probe/mma_family.hpp, hopper_family.hpp) without a GPU:
// what pack_* puts in the input buffer, read back the way the kernels read it and run through the
// software tensor cores, must come out of judge_* exactly as the model judges the same instruction
// directly; packing must not depend on the thread count; and outputs made through the maps the
// H200 measured (tests/fixtures/reports) are judged a match, and one changed word a mismatch named
// where it was changed. Runs in every build, CUDA or not.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "fragviz/isa/fragment.hpp"
#include "fragviz/probe/hopper_family.hpp"
#include "fragviz/probe/mma_family.hpp"
#include "fragviz/probe/probe_run_plan.hpp"
#include "fragviz/probe/relations_family.hpp"
#include "fragviz/probe/wmma_family.hpp"
#include "fragviz/report/report_json.hpp"
#include "soft_tensor_core.hpp"
#include "soft_wgmma.hpp"

namespace fragviz {
namespace {

DeviceInfo device_sm(int major, int minor) {
  DeviceInfo d;
  d.present = true;
  d.cc_major = major;
  d.cc_minor = minor;
  return d;
}

/// This build's code checks, stood in: every entry has code (what gpu/cuda answers on sm_90 for
/// the entries these tests name).
bool every_entry_has_code(int, int) { return true; }
std::string no_code_problem(int, const std::string&) { return {}; }

MmaWork pack_mma(const ProbeRequest& req, const DeviceInfo& device) {
  return fragviz::pack_mma(req, device, every_entry_has_code);
}
HopperWork pack_hopper(const ProbeRequest& req, const DeviceInfo& device) {
  return fragviz::pack_hopper(req, device, no_code_problem);
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
    if (f.launch)
      spans.emplace_back(f.out_at, f.out_at + sizeof(kernel_io::FragmentSetOut) * kernel_io::kFragmentSets);
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
    ASSERT_LE(l.jobs_at + l.jobs.size() * sizeof(kernel_io::WgmmaJob), w.in.size());
    for (std::size_t j = 0; j < l.jobs.size(); ++j) {
      kernel_io::WgmmaJob job;
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

// The wgmma kernel stores D with 16-byte (8-byte) vector stores where a thread's register count is
// a multiple of 4 (2): every job's D must start 16-byte aligned in the output, and no entry may
// have an odd count.
TEST(ProbeFamilies, HopperOutputsAlignedForVectorStores) {
  const HopperWork w = pack_hopper(ProbeRequest{}, device_sm(9, 0));
  ASSERT_EQ(w.plans.size(), wgmma_catalogue().size());
  for (const WgmmaInstruction& in : wgmma_catalogue()) EXPECT_EQ(wgmma_d_registers(in) % 2, 0) << in.mnemonic;
  std::size_t jobs = 0;
  for (const HopperWork::Launch& l : w.launches)
    for (const kernel_io::WgmmaJob& job : l.jobs) {
      EXPECT_EQ(job.out_offset % 4, 0u) << w.plans[l.plan].instr->mnemonic;
      ++jobs;
    }
  EXPECT_GT(jobs, 1000u);
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

// [SECTION] Hopper family in chunks (judged as the device half copies each one out)

/// Checks that `chunks` tile `w` exactly: plans, launches and output bytes, in order, each launch
/// and each pass's D inside its own chunk, the matrix moves on the last chunk only.
void expect_chunks_tile(const HopperWork& w, const std::vector<HopperChunk>& chunks) {
  ASSERT_FALSE(chunks.empty());
  std::size_t plan = 0, launch = 0, byte = 0;
  for (std::size_t c = 0; c < chunks.size(); ++c) {
    const HopperChunk& k = chunks[c];
    EXPECT_EQ(k.plan_begin, plan) << c;
    EXPECT_EQ(k.launch_begin, launch) << c;
    EXPECT_EQ(k.out_begin, byte) << c;
    EXPECT_LE(k.plan_begin, k.plan_end);
    EXPECT_LE(k.out_begin, k.out_end);
    EXPECT_EQ(k.moves, c + 1 == chunks.size()) << c;
    if (!w.plans.empty()) EXPECT_LT(k.plan_begin, k.plan_end) << "chunk " << c << " has no plan";
    for (std::size_t l = k.launch_begin; l < k.launch_end; ++l) {
      EXPECT_GE(w.launches[l].plan, k.plan_begin) << l;
      EXPECT_LT(w.launches[l].plan, k.plan_end) << l;
    }
    for (std::size_t pi = k.plan_begin; pi < k.plan_end; ++pi) {
      const std::size_t regs =
          static_cast<std::size_t>(kWarpgroupSize * wgmma_d_registers(*w.plans[pi].instr));
      for (std::uint32_t at : w.out_at[pi]) {
        EXPECT_GE(at * 4u, k.out_begin) << pi;
        EXPECT_LE((at + regs) * 4u, k.out_end) << pi;
      }
    }
    plan = k.plan_end;
    launch = k.launch_end;
    byte = k.out_end;
  }
  EXPECT_EQ(plan, w.plans.size());
  EXPECT_EQ(launch, w.launches.size());
  EXPECT_EQ(byte, w.out_bytes);
  if (!w.move_plans.empty()) EXPECT_LE(chunks.back().out_begin, hopper_moves_out_at(w));
}

TEST(ProbeFamilies, HopperChunksTileTheWholeCatalogue) {
  const HopperWork w = pack_hopper(ProbeRequest{}, device_sm(9, 0));
  ASSERT_EQ(w.plans.size(), wgmma_catalogue().size());
  ASSERT_FALSE(w.move_plans.empty());
  for (std::size_t count : {0u, 1u, 2u, 8u, 1000u}) {
    SCOPED_TRACE(count);
    const std::vector<HopperChunk> chunks = hopper_chunks(w, count);
    expect_chunks_tile(w, chunks);
    EXPECT_LE(chunks.size(), std::max<std::size_t>(count, 1));
  }
  EXPECT_EQ(hopper_chunks(w, 1).size(), 1u);
  // Eight chunks of about equal output: each at most an eighth of D plus one plan's output.
  const std::vector<HopperChunk> eight = hopper_chunks(w, 8);
  ASSERT_EQ(eight.size(), 8u);
  std::size_t largest_plan = 0;
  for (std::size_t pi = 0; pi < w.plans.size(); ++pi)
    largest_plan = std::max<std::size_t>(largest_plan, w.plans[pi].passes.size() * 4u * kWarpgroupSize *
                                                           wgmma_d_registers(*w.plans[pi].instr));
  for (std::size_t c = 0; c + 1 < eight.size(); ++c)
    EXPECT_LE(eight[c].out_end - eight[c].out_begin, w.d_bytes / 8 + largest_plan) << c;
  EXPECT_LE(hopper_chunks(w, 1000).size(), w.plans.size());  // one plan per chunk at least
}

TEST(ProbeFamilies, HopperChunksOfMovesAloneAndOfNothing) {
  const HopperWork moves = pack_hopper(ProbeRequest{}, device_sm(8, 0));  // movmatrix only, no wgmma
  ASSERT_TRUE(moves.plans.empty());
  ASSERT_FALSE(moves.move_plans.empty());
  const std::vector<HopperChunk> chunks = hopper_chunks(moves, 8);
  ASSERT_EQ(chunks.size(), 1u);
  expect_chunks_tile(moves, chunks);
  ProbeRequest none;
  none.instruction_probes = false;
  EXPECT_TRUE(hopper_chunks(pack_hopper(none, device_sm(9, 0)), 8).empty());
}

// Judging as the chunks arrive gives the report judge_hopper gives in one go: the same JSON, byte
// for byte, for matching outputs (software wgmma), one changed bit and the matrix moves' raw
// results, on every core and on one thread; the chunks are asked for in order, once each; a chunk
// that never arrives leaves its entries and every later one's unjudged, and the earlier ones judged.
HopperWork hopper_with_outputs() {
  const ProbeRequest req =
      named({"wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16",
             "wgmma.mma_async.sync.aligned.m64n256k16.f16.f16.f16",
             "wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.u8",
             "wgmma.mma_async.sync.aligned.m64n32k8.f32.tf32.tf32",
             "wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e5m2", "movmatrix", "epilogue"});
  HopperWork w = pack_hopper(req, device_sm(9, 0));
  EXPECT_EQ(w.plans.size(), 5u);
  EXPECT_FALSE(w.move_plans.empty());
  w.out.assign(w.out_bytes, 0);
  for (const HopperWork::Launch& l : w.launches) {
    const WgmmaInstruction& in = *w.plans[l.plan].instr;
    for (const kernel_io::WgmmaJob& job : l.jobs) {
      WgmmaPass pass;
      pass.form = l.form;
      pass.image.assign(w.in.begin() + job.image_offset, w.in.begin() + job.image_offset + job.image_bytes);
      pass.a_start = job.a_start;
      pass.b_start = job.b_start;
      pass.a_descriptor = job.a_descriptor;
      pass.b_descriptor = job.b_descriptor;
      if (l.form == WgmmaForm::rs) pass.a_registers = words_at(w.in.data(), job.a_registers, 128 * 4);
      const std::vector<std::uint32_t> d = soft_wgmma::simulate(in, pass, {});
      std::memcpy(w.out.data() + static_cast<std::size_t>(job.out_offset) * 4, d.data(), d.size() * 4);
    }
  }
  w.out[w.out_at[2][1] * 4 + 17] ^= 0x10;  // one wrong bit in the s8.u8 entry's second pass
  for (std::size_t i = hopper_moves_out_at(w); i < w.out_bytes; ++i)
    w.out[i] = static_cast<std::uint8_t>(i * 7);  // no real moves: raw bytes, judged all the same
  return w;
}

TEST(ProbeFamilies, HopperJudgedAsCopiedAsInOneGo) {
  HopperWork w = hopper_with_outputs();
  ReportFile whole, before;
  whole.probe.emplace();
  add_hopper_entries(w, *whole.probe);
  before = whole;
  judge_hopper(w, *whole.probe);
  EXPECT_EQ(whole.probe->wgmma[0].mismatches(), 0) << describe_wgmma_probe(whole.probe->wgmma[0]);
  EXPECT_GT(whole.probe->wgmma[2].mismatches(), 0);
  ASSERT_TRUE(whole.probe->moves[0].ran);
  const std::vector<HopperChunk> chunks = hopper_chunks(w, 3);
  ASSERT_EQ(chunks.size(), 3u);
  for (const char* threads : {"", "1"}) {
    SCOPED_TRACE(threads);
    if (*threads) ::setenv("FRAGVIZ_PROBE_THREADS", threads, 1);
    ReportFile got = before;
    std::vector<std::size_t> asked;
    EXPECT_TRUE(judge_hopper_as_copied(
        w, chunks, w.out.data(),
        [&](std::size_t c) {
          asked.push_back(c);
          return true;
        },
        *got.probe));
    ::unsetenv("FRAGVIZ_PROBE_THREADS");
    EXPECT_EQ(asked, (std::vector<std::size_t>{0, 1, 2}));
    EXPECT_EQ(to_json_text(got), to_json_text(whole));
  }
  // Chunk 1 never arrives: chunk 0 judged, chunks 1 and 2 (and the moves) as they were.
  ReportFile cut = before;
  std::vector<std::size_t> asked;
  EXPECT_FALSE(judge_hopper_as_copied(
      w, chunks, w.out.data(),
      [&](std::size_t c) {
        asked.push_back(c);
        return c == 0;
      },
      *cut.probe));
  EXPECT_EQ(asked, (std::vector<std::size_t>{0, 1}));
  ReportFile expected = before;
  for (std::size_t pi = chunks[0].plan_begin; pi < chunks[0].plan_end; ++pi)
    expected.probe->wgmma[w.probe_of[pi]] = whole.probe->wgmma[w.probe_of[pi]];
  EXPECT_EQ(to_json_text(cut), to_json_text(expected));
  EXPECT_FALSE(cut.probe->moves[0].ran);
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

// [SECTION] against the H200's measured maps
// The device's part is played by software tensor cores that place every element where the H200
// put it: the maps come from the pinned recordings (tests/fixtures/README.md), never from the model
// the judges compare with. The same outputs with one word changed must fail where it was changed.

/// The "probe" object of a pinned report fixture.
nlohmann::json fixture_probe(const std::string& name) {
  std::ifstream f(std::string(FRAGVIZ_SOURCE_DIR) + "/tests/fixtures/reports/" + name);
  EXPECT_TRUE(f.good()) << name;
  return nlohmann::json::parse(f).at("probe");
}

/// The recorded entry of `list` whose mnemonic is `name`.
nlohmann::json recorded_entry(const nlohmann::json& list, const std::string& name) {
  for (const nlohmann::json& e : list)
    if (e.at("mnemonic") == name) return e;
  ADD_FAILURE() << name << " is not in the fixture";
  return {};
}

constexpr const char* kMmaK8 = "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32";

using MmaSlot = std::tuple<Operand, int, int>;  ///< operand, lane, element

/// The measured coordinate of every (operand, lane, element) in a recorded instruction probe
/// (rows [operand, lane, element, expected, measured, raw]).
std::map<MmaSlot, Coord> recorded_mma_map(const nlohmann::json& entry) {
  std::map<MmaSlot, Coord> map;
  for (const nlohmann::json& row : entry.at("elements")) {
    const std::string op = row.at(0);
    const Operand o = op == "A" ? Operand::A : op == "B" ? Operand::B : Operand::C;
    map[{o, row.at(1).get<int>(), row.at(2).get<int>()}] =
        Coord{row.at(4).at(0).get<int>(), row.at(4).at(1).get<int>(), 0};
  }
  return map;
}

/// Packs kMmaK8 alone for sm_90, plays its register probe through the H200's map (`edit` may
/// change the D words first) and judges the family.
InstructionProbe judge_mma_through_h200(
    const std::map<MmaSlot, Coord>& h200,
    const std::function<void(const MmaProbePlan&, std::vector<std::uint32_t>&)>& edit) {
  const ProbeRequest req = named({kMmaK8});
  MmaWork w = pack_mma(req, device_sm(9, 0));
  const MmaWork::Instr& ip = w.instr_plans.at(0);
  EXPECT_TRUE(ip.launch);
  const MmaProbePlan& model = w.mma[ip.plan];
  MmaProbePlan read = model;  // what the kernel reads: the packed words alone
  read.a = words_at(w.in.data(), ip.a_at, model.a.size());
  read.b = words_at(w.in.data(), ip.b_at, model.b.size());
  read.c = words_at(w.in.data(), ip.c_at, model.c.size());
  const Map hw = [&h200](Operand op, int lane, int i) { return h200.at({op, lane, i}); };
  std::vector<std::uint32_t> d = emulate(read, hw);
  edit(model, d);
  std::memcpy(w.out.data() + ip.d_at, d.data(), d.size() * 4);
  ProbeReport report;
  add_mma_entries(w, report);
  judge_mma(w, req, report);
  return report.instructions.at(0);
}

TEST(ProbeFamiliesH200, MmaSyncMeasuredMapIsJudgedAMatch) {
  const auto h200 = recorded_mma_map(
      recorded_entry(fixture_probe("h200-2026-12-01-probe.json").at("instructions"), kMmaK8));
  ASSERT_EQ(h200.size(), 320u);  // A 128, B 64, C 128
  const InstructionProbe p =
      judge_mma_through_h200(h200, [](const MmaProbePlan&, std::vector<std::uint32_t>&) {});
  EXPECT_TRUE(p.ran);
  EXPECT_EQ(p.mismatches(), 0) << describe_instruction_probe(p);
  EXPECT_TRUE(p.tile_exact) << p.tile_detail;
  ASSERT_EQ(p.elements.size(), h200.size());
  for (const ElementCheck& e : p.elements) {  // each element measured where the H200 put it
    ASSERT_TRUE(e.measured) << e.lane << " " << e.element;
    EXPECT_EQ(*e.measured, h200.at({e.operand, e.lane, e.element})) << e.lane << " " << e.element;
  }
}

TEST(ProbeFamiliesH200, MmaSyncOneChangedDWordIsNamed) {
  const auto h200 = recorded_mma_map(
      recorded_entry(fixture_probe("h200-2026-12-01-probe.json").at("instructions"), kMmaK8));
  // Lane 5's D register 2 reads 0 in the one-hot row pass of the row the H200 measured for it
  // (row 9), so no row pass names it any more.
  const int lane = 5, reg = 2;
  const Coord cell = h200.at({Operand::C, lane, reg});
  ASSERT_EQ(cell.row, 9);
  int changed = 0;
  const InstructionProbe p =
      judge_mma_through_h200(h200, [&](const MmaProbePlan& plan, std::vector<std::uint32_t>& d) {
        for (int k = 0; k < plan.passes; ++k) {
          const MmaProbePlan::Pass& pass = plan.info[static_cast<std::size_t>(k)];
          if (pass.kind != MmaProbePlan::Kind::d_row || pass.window != cell.row) continue;
          std::uint32_t& word = d[static_cast<std::size_t>((k * 32 + lane) * 4 + reg)];
          EXPECT_EQ(word, 0x3f800000u);  // 1.0f: this slot is in row 9
          word = 0;
          ++changed;
        }
      });
  ASSERT_EQ(changed, 1);
  EXPECT_TRUE(p.ran);
  EXPECT_EQ(p.mismatches(), 1) << describe_instruction_probe(p);
  for (const ElementCheck& e : p.elements)
    if (!e.match()) {
      EXPECT_EQ(e.operand, Operand::C);
      EXPECT_EQ(e.lane, lane);
      EXPECT_EQ(e.element, reg);
    }
  EXPECT_TRUE(p.tile_exact);  // the tile pass is untouched
}

constexpr const char* kWgmma = "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16";

/// A recorded list of measured cells (row + 64 * col per warpgroup thread and element; -1: none).
std::vector<std::int64_t> recorded_cells(const nlohmann::json& text) {
  std::vector<std::int64_t> cells;
  std::istringstream in(text.get<std::string>());
  for (std::int64_t c = 0; in >> c;) cells.push_back(c);
  return cells;
}

/// One wgmma of `in` on a stand-in that reads A and B as soft_wgmma does (descriptors decoded with
/// CuTe's canonical layouts, or A's registers) but places A's register elements and writes D
/// through the H200's recorded cells.
std::vector<std::uint32_t> wgmma_on_h200(const WgmmaInstruction& in, const WgmmaPass& p,
                                         const std::vector<std::int64_t>& d_cells,
                                         const std::vector<std::int64_t>& a_cells) {
  const int K = in.k, N = in.n;
  std::vector<double> a(static_cast<std::size_t>(64 * K)), b(static_cast<std::size_t>(K * N));
  if (p.form == WgmmaForm::rs) {
    const int per = wgmma_a_elements(in), bits = element_bits(in.a_type), per_reg = 32 / bits;
    for (int t = 0; t < 128; ++t)
      for (int i = 0; i < per; ++i) {
        const std::uint32_t word = p.a_registers[static_cast<std::size_t>(t * 4 + i / per_reg)];
        const std::uint64_t raw = (word >> ((i % per_reg) * bits)) & ((1ull << bits) - 1);
        const std::int64_t c = a_cells.at(static_cast<std::size_t>(t * per + i));
        a[static_cast<std::size_t>((c % 64) * K + c / 64)] = decode_element(in.a_type, raw).value_or(0);
      }
  } else {
    const Major am = p.form == WgmmaForm::ss_a_mn ? Major::MN : Major::K;
    for (int r = 0; r < 64; ++r)
      for (int k = 0; k < K; ++k)
        a[static_cast<std::size_t>(r * K + k)] = soft_wgmma::read(
            p.image, soft_wgmma::hw_address(p.a_descriptor | (p.a_start >> 4), in.a_type, am, r, k, false),
            in.a_type);
  }
  const Major bm = p.form == WgmmaForm::ss_b_mn ? Major::MN : Major::K;
  for (int n = 0; n < N; ++n)
    for (int k = 0; k < K; ++k)
      b[static_cast<std::size_t>(k * N + n)] = soft_wgmma::read(
          p.image, soft_wgmma::hw_address(p.b_descriptor | (p.b_start >> 4), in.b_type, bm, n, k, false),
          in.b_type);
  const int regs = wgmma_d_registers(in), per_d = wgmma_d_elements(in);
  std::vector<std::uint32_t> d(static_cast<std::size_t>(128 * regs), 0);
  for (int t = 0; t < 128; ++t)
    for (int i = 0; i < per_d; ++i) {
      const std::int64_t c = d_cells.at(static_cast<std::size_t>(t * per_d + i));
      const std::int64_t row = c % 64, col = c / 64;
      double s = 0;
      for (int k = 0; k < K; ++k)
        s += a[static_cast<std::size_t>(row * K + k)] * b[static_cast<std::size_t>(k * N + col)];
      const std::uint64_t bits = *encode_element(in.d_type, s);
      if (in.d_type == ElemType::f16)
        d[static_cast<std::size_t>(t * regs + i / 2)] |= static_cast<std::uint32_t>(bits << (16 * (i % 2)));
      else
        d[static_cast<std::size_t>(t * regs + i)] = static_cast<std::uint32_t>(bits);
    }
  return d;
}

/// Packs kWgmma alone for sm_90, plays every job (read back from the packed buffer) on the H200
/// stand-in, lets `edit` change the output words of pass k (edit(plan, k, words)) and judges.
WgmmaProbe judge_wgmma_through_h200(
    const std::vector<std::int64_t>& d_cells, const std::vector<std::int64_t>& a_cells,
    const std::function<void(const WgmmaProbePlan&, std::size_t, std::vector<std::uint32_t>&)>& edit) {
  HopperWork w = pack_hopper(named({kWgmma}), device_sm(9, 0));
  EXPECT_EQ(w.plans.size(), 1u);
  const WgmmaInstruction& in = *w.plans.at(0).instr;
  std::map<std::uint32_t, std::size_t> pass_at;  // D's word offset -> pass
  for (std::size_t k = 0; k < w.out_at.at(0).size(); ++k) pass_at[w.out_at[0][k]] = k;
  w.out.assign(w.out_bytes, 0);
  for (const HopperWork::Launch& l : w.launches)
    for (std::size_t j = 0; j < l.jobs.size(); ++j) {
      kernel_io::WgmmaJob job;
      std::memcpy(&job, w.in.data() + l.jobs_at + j * sizeof job, sizeof job);
      WgmmaPass pass;
      pass.form = l.form;
      pass.image.assign(w.in.begin() + job.image_offset, w.in.begin() + job.image_offset + job.image_bytes);
      pass.a_start = job.a_start;
      pass.b_start = job.b_start;
      pass.a_descriptor = job.a_descriptor;
      pass.b_descriptor = job.b_descriptor;
      if (l.form == WgmmaForm::rs) pass.a_registers = words_at(w.in.data(), job.a_registers, 128 * 4);
      std::vector<std::uint32_t> d = wgmma_on_h200(in, pass, d_cells, a_cells);
      edit(w.plans[0], pass_at.at(job.out_offset), d);
      std::memcpy(w.out.data() + static_cast<std::size_t>(job.out_offset) * 4, d.data(), d.size() * 4);
    }
  ProbeReport report;
  add_hopper_entries(w, report);
  judge_hopper(w, report);
  return report.wgmma.at(0);
}

TEST(ProbeFamiliesH200, WgmmaMeasuredMapIsJudgedAMatch) {
  const auto entry = recorded_entry(fixture_probe("h200-2026-12-01-hopper-probe.json").at("wgmma"), kWgmma);
  const auto d_cells = recorded_cells(entry.at("d_measured")),
             a_cells = recorded_cells(entry.at("a_measured"));
  ASSERT_EQ(d_cells.size(), 128u * 32);  // 64 x 64 f32 D over 128 threads
  ASSERT_EQ(a_cells.size(), 128u * 8);   // 64 x 16 bf16 A over 128 threads
  const WgmmaProbe p = judge_wgmma_through_h200(
      d_cells, a_cells, [](const WgmmaProbePlan&, std::size_t, std::vector<std::uint32_t>&) {});
  EXPECT_TRUE(p.ran);
  EXPECT_EQ(p.mismatches(), 0) << describe_wgmma_probe(p);
  EXPECT_TRUE(p.tile_exact) << p.tile_detail;
  EXPECT_EQ(p.descriptors.size(), 19u);  // as recorded
  const auto expect_cells = [](const std::vector<ElementCheck>& checks,
                               const std::vector<std::int64_t>& cells) {
    ASSERT_EQ(checks.size(), cells.size());
    for (std::size_t i = 0; i < cells.size(); ++i) {
      ASSERT_TRUE(checks[i].measured) << i;
      EXPECT_EQ(checks[i].measured->row + 64 * checks[i].measured->col, cells[i]) << i;
    }
  };
  expect_cells(p.d, d_cells);
  expect_cells(p.a, a_cells);
}

TEST(ProbeFamiliesH200, WgmmaOneChangedDWordIsNamed) {
  const auto entry = recorded_entry(fixture_probe("h200-2026-12-01-hopper-probe.json").at("wgmma"), kWgmma);
  const auto d_cells = recorded_cells(entry.at("d_measured")),
             a_cells = recorded_cells(entry.at("a_measured"));
  // Thread 37's D register 5 in the pass where D(row, col) = row: the H200 put it at (17, 11)
  // (PTX ISA: row 16 * warp + lane / 4, col 2 * (lane % 4) + 1 + 8); it now reads row 18.
  const int thread = 37, reg = 5;
  ASSERT_EQ(d_cells.at(thread * 32 + reg), 17 + 64 * 11);
  int changed = 0;
  const WgmmaProbe p = judge_wgmma_through_h200(
      d_cells, a_cells, [&](const WgmmaProbePlan& plan, std::size_t k, std::vector<std::uint32_t>& d) {
        if (plan.passes[k].role != WgmmaPass::Role::d_rows) return;
        std::uint32_t& word = d[static_cast<std::size_t>(thread * 32 + reg)];
        EXPECT_EQ(word, *encode_element(ElemType::f32, 17));
        word = static_cast<std::uint32_t>(*encode_element(ElemType::f32, 18));
        ++changed;
      });
  ASSERT_EQ(changed, 1);
  EXPECT_TRUE(p.ran);
  int bad_d = 0;
  for (const ElementCheck& e : p.d)
    if (!e.match()) {
      ++bad_d;
      EXPECT_EQ(e.lane, thread);
      EXPECT_EQ(e.element, reg);
      ASSERT_TRUE(e.measured);
      EXPECT_EQ(*e.measured, (Coord{18, 11, 0}));
    }
  EXPECT_EQ(bad_d, 1);
  EXPECT_GE(p.mismatches(), 1) << describe_wgmma_probe(p);
  EXPECT_TRUE(p.tile_exact);
}

// [SECTION] WMMA family

TEST(ProbeFamilies, WmmaPacksWhatRunsAndSaysWhyTheRestDoNot) {
  ProbeRequest req = named({"wmma.no.such.kind", "wmma"});
  ProbeReport report;
  WmmaWork w;
  // sm_75: the kinds that need sm_80 are skipped; of the others, kind 0 has no code in this build.
  ASSERT_TRUE(pack_wmma(
      req, 75, [](int index) { return index == 0 ? 0 : 1; }, report, w));
  ASSERT_EQ(report.wmma.size(), static_cast<std::size_t>(wmma_kind_count()) + 1);
  EXPECT_EQ(report.wmma.back().name, "wmma.no.such.kind");  // unknown names after every kind
  EXPECT_EQ(report.wmma.back().skipped, "not run: no WMMA fragment kind has this name");
  std::size_t planned = 0;
  for (int i = 0; i < wmma_kind_count(); ++i) {
    const WmmaKind& k = wmma_kinds()[i];
    const WmmaProbe& p = report.wmma[static_cast<std::size_t>(i)];
    EXPECT_EQ(p.name, wmma_name(k));
    if (k.min_sm > 75)
      EXPECT_EQ(p.skipped, "skipped: needs sm_" + std::to_string(k.min_sm) + " or newer (device is sm_75)");
    else if (i == 0)
      EXPECT_EQ(p.skipped, "not run: this build has no code for it on sm_75 (needs sm_" +
                               std::to_string(k.min_sm) + ")");
    else
      EXPECT_EQ(p.skipped, "") << p.name;
    if (p.skipped.empty()) {
      ASSERT_LT(planned, w.plans.size());
      EXPECT_EQ(w.plans[planned].probe, static_cast<std::size_t>(i));
      EXPECT_EQ(w.plans[planned].kind, &k);
      ++planned;
    }
  }
  EXPECT_EQ(planned, w.plans.size());
  EXPECT_FALSE(w.plans.empty());
}

TEST(ProbeFamilies, WmmaStopsAtAFailedQueryKeepingTheEntriesBefore) {
  ProbeReport report;
  WmmaWork w;
  int asked = 0;
  EXPECT_FALSE(pack_wmma(
      named({"wmma"}), 90, [&asked](int) { return ++asked == 2 ? -1 : 1; }, report, w));
  EXPECT_EQ(asked, 2);
  ASSERT_EQ(report.wmma.size(), 1u);  // the first kind's entry; the failing one is not added
  EXPECT_EQ(report.wmma[0].name, wmma_name(wmma_kinds()[0]));
}

// [SECTION] relation checks

TEST(ProbeFamilies, RelationsPackEveryCheckTheBuildRunsAndNameWhyNot) {
  const DeviceInfo dev = device_sm(9, 0);
  RelationsReport report = relations_not_run(dev, "before");
  const RelationsCodeCheck no_reuse{[](int, int, int) { return true; }, [](int, int, int) { return false; }};
  const RelationsWork w = pack_relations(report, 90, no_reuse);
  std::size_t splits = 0;
  for (const KSplitCheck& c : report.k_splits) {
    if (!c.model.holds()) {
      EXPECT_EQ(c.skipped, "not run: the model says it does not hold");
    } else if (std::max(c.model.whole->min_sm, c.model.half->min_sm) > 90) {
      EXPECT_EQ(c.skipped.rfind("skipped: needs sm_", 0), 0u) << c.skipped;
    } else {
      EXPECT_EQ(c.skipped, "not run: a CUDA error stopped the run");  // until judged
      ++splits;
    }
  }
  EXPECT_EQ(w.splits.size(), splits);
  EXPECT_GT(splits, 0u);
  EXPECT_TRUE(w.reuses.empty());
  for (const ReuseCheck& c : report.reuse) {
    if (!c.model.refused.empty() || std::max(c.model.producer->min_sm, c.model.consumer->min_sm) > 90)
      continue;
    EXPECT_EQ(c.skipped, "model only: this build has no code for it on sm_90");
  }
  // Every D the kernels write has its own words in the output image.
  std::vector<std::pair<std::size_t, std::size_t>> spans;
  for (const RelationsWork::KSplitLaunch& l : w.splits) {
    spans.emplace_back(l.d_whole, l.d_whole + l.d_words);
    spans.emplace_back(l.d_split, l.d_split + l.d_words);
  }
  std::sort(spans.begin(), spans.end());
  for (std::size_t i = 1; i < spans.size(); ++i) EXPECT_LE(spans[i - 1].second, spans[i].first);
  ASSERT_FALSE(spans.empty());
  EXPECT_LE(spans.back().second * 4, w.out.bytes());
}

}  // namespace
}  // namespace fragviz
