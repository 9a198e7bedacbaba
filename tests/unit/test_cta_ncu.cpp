// `tiled --device --ncu`'s host half (fragviz/tile/cta_ncu.hpp): ncu's CSV read per launch, the
// child's markers paired with the launches, each copy's counts taken as its copies-on launch minus
// its copies-off launch and compared with the bank table's totals. The CSV text is written here by
// hand in ncu's `--csv` shape (the columns of ncu 2025's output; values as ncu prints them,
// thousands separators included); every expected figure is worked out from it by hand.
#include <gtest/gtest.h>

#include "cta_test_tiles.hpp"
#include "fragviz/probe/layout_probe.hpp"
#include "fragviz/tile/cta_copy_probe.hpp"
#include "fragviz/tile/cta_fill_probe.hpp"
#include "fragviz/tile/cta_ncu.hpp"
#include "fragviz/tile/cta_presets.hpp"

namespace fragviz::tile {
namespace {

const char* const kLdWave = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum";
const char* const kLdBank = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum";
const char* const kStWave = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum";
const char* const kStBank = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum";

const char* const kHeader =
    "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\",\"Stream\",\"Block "
    "Size\",\"Grid Size\",\"Device\",\"CC\",\"Section Name\",\"Metric Name\",\"Metric Unit\",\"Metric "
    "Value\"\n";

/// One metric row of launch `id`.
std::string row(int id, const std::string& metric, const std::string& value) {
  return "\"" + std::to_string(id) +
         "\",\"4242\",\"fragviz-cli\",\"127.0.0.1\",\"cta_copy_probe_kernel\",\"1\",\"7\",\"(128, 1, "
         "1)\",\"(1, 1, "
         "1)\",\"0\",\"9.0\",\"Command line profiler metrics\",\"" +
         metric + "\",\"\",\"" + value + "\"\n";
}

/// The four metrics of launch `id`: load wavefronts and conflicts, store wavefronts and conflicts.
std::string launch(int id, const std::string& ldw, const std::string& ldb, const std::string& stw,
                   const std::string& stb) {
  return row(id, kLdWave, ldw) + row(id, kLdBank, ldb) + row(id, kStWave, stw) + row(id, kStBank, stb);
}

/// An A load modelled at 256 wavefronts, 0 conflicts over 32 warp instructions (the probe ran 32).
CtaNcuCopy a_load() {
  CtaNcuCopy c;
  c.copy = "A load";
  c.instruction = "ldmatrix.sync.aligned.m8n8.x4.shared.b16";
  c.modelled = true;
  c.model_wavefronts = 256;
  c.model_conflicts = 0;
  c.model_instructions = c.probe_instructions = 32;
  return c;
}

/// A C store modelled at 1,024 wavefronts, 512 conflicts.
CtaNcuCopy c_store() {
  CtaNcuCopy c;
  c.copy = "C store";
  c.instruction = "st.shared.v2.b32 (STS.64)";
  c.store = true;
  c.modelled = true;
  c.model_wavefronts = 1024;
  c.model_conflicts = 512;
  c.model_instructions = c.probe_instructions = 64;
  return c;
}

// The child's output under ncu: the markers as the child prints them, ncu's lines, then the CSV.
// A's baseline: the image copied in (STS.128: 512 store wavefronts); with the copies the same plus
// 256 load wavefronts. C's baseline: its image in and read back (512 st, 512 ld); with the stores
// 1,536 store wavefronts (1,024 more) and 768 store conflicts (512 more, the set-up's 256 kept).
const std::string kRun = std::string("fragviz-ncu-launch A load off\n") +
                         "==PROF== Profiling \"cta_copy_probe_kernel\" - 0: 0%....50%....100% - 4 passes\n" +
                         "fragviz-ncu-launch A load on\n" + "fragviz-ncu-launch C store off\n" +
                         "fragviz-ncu-launch C store on\n" + "==PROF== Disconnected from process 4242\n" +
                         kHeader + launch(0, "0", "0", "512", "0") + launch(1, "256", "0", "512", "0") +
                         launch(2, "512", "0", "512", "256") + launch(3, "512", "0", "1,536", "768");

TEST(CtaNcu, LaunchesAreReadApartInIdOrder) {
  // IDs out of order in the text: ncu's ID, not the row's place, orders the launches.
  const std::string text =
      std::string(kHeader) + row(1, kLdWave, "7") + row(0, kLdWave, "1,032") + row(1, kLdBank, "3");
  const auto l = parse_ncu_csv_launches(text);
  ASSERT_TRUE(l) << l.error.message;
  ASSERT_EQ(l->size(), 2u);
  EXPECT_EQ((*l)[0].at(kLdWave), 1032);
  EXPECT_EQ((*l)[0].size(), 1u);
  EXPECT_EQ((*l)[1].at(kLdWave), 7);
  EXPECT_EQ((*l)[1].at(kLdBank), 3);
  EXPECT_FALSE(parse_ncu_csv_launches("==PROF== No kernels were profiled.\n"));
  // A metric row whose ID is no whole number cannot be placed.
  EXPECT_FALSE(parse_ncu_csv_launches(
      std::string(kHeader) + "\"x\",\"1\",\"p\",\"h\",\"k\",\"1\",\"7\",\"b\",\"g\",\"0\",\"9.0\",\"s\",\"" +
      kLdWave + "\",\"\",\"4\"\n"));
}

TEST(CtaNcu, EachCopyIsItsLaunchMinusItsBaseline) {
  std::vector<CtaNcuCopy> copies = {a_load(), c_store()};
  take_ncu_output(copies, kRun);
  ASSERT_EQ(copies[0].error, "");
  EXPECT_EQ(copies[0].measured.at(kLdWave), 256);
  EXPECT_EQ(copies[0].measured.at(kLdBank), 0);
  EXPECT_EQ(copies[0].measured.at(kStWave), 0);  // the set-up's stores cancel
  EXPECT_TRUE(copies[0].compared());
  EXPECT_FALSE(copies[0].differs());
  EXPECT_EQ(copies[0].verdict(), "as the model predicted");
  ASSERT_EQ(copies[1].error, "");
  EXPECT_EQ(copies[1].measured.at(kStWave), 1024);
  EXPECT_EQ(copies[1].measured.at(kStBank), 512);
  EXPECT_EQ(copies[1].measured.at(kLdWave), 0);  // the read-back cancels
  EXPECT_EQ(copies[1].verdict(), "as the model predicted");
}

TEST(CtaNcu, ADifferenceIsNamed) {
  std::vector<CtaNcuCopy> copies = {a_load(), c_store()};
  copies[0].model_wavefronts = 128;  // a model off by a factor of two
  copies[1].model_conflicts = 0;
  take_ncu_output(copies, kRun);
  EXPECT_TRUE(copies[0].differs());
  EXPECT_EQ(copies[0].verdict(), "THE MODEL DIFFERS: wavefronts: ncu 256, the model 128");
  EXPECT_TRUE(copies[1].differs());
  EXPECT_EQ(copies[1].verdict(), "THE MODEL DIFFERS: bank conflicts: ncu 512, the model 0");
}

TEST(CtaNcu, WhatCannotBeComparedSaysWhy) {
  // A copy the child never launched.
  std::vector<CtaNcuCopy> copies = {a_load(), c_store()};
  copies[1].copy = "B load";
  take_ncu_output(copies, kRun);
  EXPECT_EQ(copies[0].verdict(), "as the model predicted");
  EXPECT_EQ(copies[1].verdict(), "not measured: not launched under ncu");
  EXPECT_FALSE(copies[1].differs());
  // One marker too many: no launch can be named, so nothing is measured.
  copies = {a_load()};
  take_ncu_output(copies, "fragviz-ncu-launch B fill off\n" + kRun);
  EXPECT_EQ(copies[0].verdict(), "not measured: ncu profiled 4 launches, the probe made 5");
  // ncu printed no metric at all.
  take_ncu_output(copies, "==ERROR== Failed to profile\n");
  EXPECT_EQ(copies[0].verdict(), "not measured: no metric rows in ncu's CSV output");
  // The probe ran other instructions than the table counts.
  copies = {a_load()};
  copies[0].probe_instructions = 16;
  take_ncu_output(copies, kRun);
  EXPECT_FALSE(copies[0].compared());
  EXPECT_EQ(copies[0].verdict(),
            "not compared: the probe ran 16 warp instructions, the bank table counts 32");
  // A fill has no model count: measured only.
  CtaNcuCopy fill = ncu_fill_copy(Operand::A, "cp.async.cg.shared.global.L2::128B", 32, nullptr, "");
  fill.copy = "A load";  // stands on A load's launches here
  copies = {fill};
  take_ncu_output(copies, kRun);
  EXPECT_EQ(copies[0].measured.at(kStWave), 0);
  EXPECT_EQ(copies[0].verdict(), "measured only (the model has no bank count for it)");
  EXPECT_EQ(ncu_fill_copy(Operand::B, "x", 1, nullptr, "").copy, "B fill");
}

// A cp.async.ca fill: its conflicts (op_ldgsts) judged exactly, its wavefronts (every shared access)
// shown beside the model's. The baseline's set-up counts 512 wavefronts; the copies add the model's
// 512 (448 conflicts) and 12 more the baseline does not have (as call 1 of session 20 showed a .cg
// fill, whose writes ncu does not count, at 12).
const char* const kAllWave = "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum";
const char* const kLdgstsBank = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum";
const std::string kFillRun = std::string("fragviz-ncu-launch A fill off\nfragviz-ncu-launch A fill on\n") +
                             kHeader + row(0, kAllWave, "512") + row(0, kLdgstsBank, "0") +
                             row(1, kAllWave, "1,036") + row(1, kLdgstsBank, "448");

CtaBanks ca_fill_banks(int wavefronts, int conflicts) {
  CtaBanks b;
  b.op = SharedOp::cpasync16;
  b.rows.resize(4);
  b.instructions = 16;
  b.wavefronts = wavefronts;
  b.ideal = 64;
  b.conflicts = conflicts;
  return b;
}

TEST(CtaNcu, ACaFillsConflictsAreJudgedAndItsWavefrontsShown) {
  const CtaBanks banks = ca_fill_banks(512, 448);
  std::vector<CtaNcuCopy> copies = {
      ncu_fill_copy(Operand::A, "cp.async.ca.shared.global.L2::128B", 16, &banks, "")};
  EXPECT_TRUE(copies[0].modelled);
  EXPECT_EQ(copies[0].conflicts_metric(), kLdgstsBank);
  EXPECT_EQ(copies[0].wavefronts_metric(), kAllWave);
  take_ncu_output(copies, kFillRun);
  ASSERT_EQ(copies[0].error, "");
  EXPECT_EQ(copies[0].measured.at(kAllWave), 524);
  EXPECT_EQ(copies[0].measured.at(kLdgstsBank), 448);
  EXPECT_TRUE(copies[0].compared());
  EXPECT_FALSE(copies[0].differs());
  EXPECT_EQ(
      copies[0].verdict(),
      "bank conflicts as the model predicted; wavefronts not judged: ncu 524 over every shared access, "
      "the model 512 (12 more: a cp.async kernel counts wavefronts beyond its writes, 4 in every kernel "
      "of the H100 sweep, which the copies-off baseline does not remove)");
  // A model off in its conflicts differs.
  const CtaBanks wrong = ca_fill_banks(512, 0);
  copies = {ncu_fill_copy(Operand::A, "cp.async.ca.shared.global.L2::128B", 16, &wrong, "")};
  take_ncu_output(copies, kFillRun);
  EXPECT_TRUE(copies[0].differs());
  EXPECT_EQ(copies[0].verdict().rfind("THE MODEL DIFFERS: bank conflicts: ncu 448, the model 0; ", 0), 0u)
      << copies[0].verdict();
}

TEST(CtaNcu, ACgFillIsMeasuredOnlyAndSaysWhy) {
  std::vector<CtaNcuCopy> copies = {
      ncu_fill_copy(Operand::A, "cp.async.cg.shared.global.L2::128B", 16, nullptr, kCpAsyncCgNotModelled)};
  take_ncu_output(copies, kFillRun);
  EXPECT_FALSE(copies[0].compared());
  EXPECT_FALSE(copies[0].differs());
  EXPECT_EQ(copies[0].verdict(),
            "measured only (cp.async.cg is not modelled: Nsight Compute counts none of its shared-memory "
            "writes and its time follows no bank rule (measured on the H100: "
            "docs/device-runs/2026-12-06-h100-session20))");
}

TEST(CtaNcu, MetricsAskedForOnlyWhereNcuListsThem) {
  const std::string query =
      "Device NVIDIA H200 (GH100)\n"
      "l1tex__data_bank_conflicts_pipe_lsu_mem_shared            # of shared memory data bank conflicts\n"
      "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld          # of shared memory wavefronts for loads\n";
  EXPECT_EQ(listed_ncu_metrics(query, cta_ncu_total_metrics()),
            std::vector<std::string>{"l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum"});
  EXPECT_TRUE(listed_ncu_metrics("", cta_ncu_total_metrics()).empty());
  EXPECT_EQ(cta_ncu_metrics(), (std::vector<std::string>{kLdWave, kLdBank, kStWave, kStBank}));
  EXPECT_EQ(ncu_launch_marker("C store", true), "fragviz-ncu-launch C store on");
}

TEST(CtaNcu, TheModelTotalsAreTheBankTablesAndTheProbeRunsWhatItCounts) {
  // sm80-gemm-128x128x32: 4 warps, each 8 ldmatrix.x4 for A (4 per k-block, 2 k-blocks, Sm80GemmPlan):
  // 32 warp instructions, in the bank table and in the probe.
  const CtaTile t = preset("sm80-gemm-128x128x32");
  const auto r = analyze_cta_tile(t, CtaOptions{false, false});
  ASSERT_TRUE(r) << r.message;
  const CtaBanks& banks = *r->operands[0].banks;
  const auto p = plan_cta_copy_probe(t, Operand::A);
  ASSERT_TRUE(p) << p.message;
  EXPECT_EQ(banks.instructions, 32);
  EXPECT_EQ(p->instructions * p->threads / 32, 32);
  const CtaNcuCopy c = ncu_copy_from_banks(Operand::A, banks, p->instructions * p->threads / 32);
  EXPECT_EQ(c.copy, "A load");
  EXPECT_FALSE(c.store);
  EXPECT_TRUE(c.modelled);
  EXPECT_EQ(c.model_wavefronts, banks.wavefronts);
  EXPECT_EQ(c.model_conflicts, banks.conflicts);
  EXPECT_EQ(c.wavefronts_metric(), kLdWave);
  // Every preset's probed load or store runs exactly the warp instructions its table counts.
  int checked = 0;
  for (const CtaPreset& pre : cta_presets()) {
    const auto tile = make_cta_tile(pre.spec);
    ASSERT_TRUE(tile) << pre.name;
    const auto rep = analyze_cta_tile(*tile, CtaOptions{false, false});
    ASSERT_TRUE(rep) << pre.name;
    for (Operand op : {Operand::A, Operand::B, Operand::C}) {
      const auto plan = plan_cta_copy_probe(*tile, op);
      const auto& b = rep->operands[static_cast<std::size_t>(op == Operand::A   ? 0
                                                             : op == Operand::B ? 1
                                                                                : 2)]
                          .banks;
      if (!plan || !b) continue;
      EXPECT_EQ(std::int64_t{plan->instructions} * ((plan->threads + 31) / 32), b->instructions)
          << pre.name << " " << to_string(op);
      EXPECT_EQ(ncu_copy_from_banks(op, *b, 0).store, plan->store) << pre.name << " " << to_string(op);
      ++checked;
    }
  }
  EXPECT_GE(checked, 20);  // most presets probe both A and B
}

TEST(CtaNcu, ABaselinePlanIsNotJudged) {
  // The copies-off switch changes nothing the launch checks and leaves nothing to judge.
  const CtaTile t = preset("sm80-gemm-128x128x32");
  const auto made = plan_cta_copy_probe(t, Operand::A);
  ASSERT_TRUE(made) << made.message;
  EXPECT_TRUE(made->run_copies);
  CtaCopyProbePlan p = *made;
  p.run_copies = false;
  EXPECT_EQ(copy_probe_launch_problem(p, 1 << 20), "");
  const auto v = judge_cta_copy_probe(p, std::vector<std::uint32_t>(static_cast<std::size_t>(p.words()), 0));
  ASSERT_FALSE(v);
  EXPECT_EQ(v.message, "the plan's copies were off (a baseline): nothing to judge");
  const auto planned = plan_cta_fill_probe(t, Operand::A);
  ASSERT_TRUE(planned) << planned.message;
  EXPECT_TRUE(planned->run_copies);
  CtaFillProbePlan f = *planned;
  f.run_copies = false;
  EXPECT_EQ(fill_probe_launch_problem(f, 1 << 20), "");
  EXPECT_FALSE(judge_cta_fill_probe(f, std::vector<std::uint32_t>(static_cast<std::size_t>(f.words()), 0)));
}

}  // namespace
}  // namespace fragviz::tile
