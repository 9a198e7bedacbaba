// The bank model held to the hardware: every row of the H200 bank sweeps (tests/fixtures/bank-sweep/,
// recorded by tools/bank-sweep/run.sh: one warp, one shared-memory instruction per launch, Nsight
// Compute's wavefronts and bank conflicts per pattern) must come out of count_shared_access exactly.
// The expected values are the hardware's, never the model's: h200-2026-12-04.csv holds stores and
// ld/stmatrix, h200-2026-12-05-loads.csv the plain loads, h200-2026-12-05-packing.csv the packing
// family (lanes that share addresses in part of the warp) of loads and stores.
#include <gtest/gtest.h>

#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "fragviz/smem/smem_access.hpp"

using namespace fragviz;

namespace {

struct SweepRow {
  std::string op, pattern;
  std::vector<std::uint32_t> offsets;
  int wavefronts = 0, bank_conflicts = 0;
};

std::vector<SweepRow> read_sweep(const std::string& name = "h200-2026-12-04.csv") {
  std::ifstream in(std::string(FRAGVIZ_FIXTURES_DIR) + "/bank-sweep/" + name);
  EXPECT_TRUE(in) << "the measured table is missing";
  std::vector<SweepRow> rows;
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "op,pattern,offsets,wavefronts,bank_conflicts");
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    std::stringstream ss(line);
    for (std::string x; std::getline(ss, x, ',');) f.push_back(x);
    EXPECT_EQ(f.size(), 5u) << line;
    if (f.size() != 5) continue;
    SweepRow r{f[0], f[1], {}, std::stoi(f[3]), std::stoi(f[4])};
    std::stringstream offs(f[2]);
    for (std::uint32_t o; offs >> o;) r.offsets.push_back(o);
    rows.push_back(r);
  }
  return rows;
}

/// "sts64" -> sts64; "ldmatrix.x4.trans" -> ldmatrix .x4 .trans; "cpasync.ca16" -> cpasync16.
std::pair<SharedOp, LdmatrixConfig> op_of(const std::string& name) {
  if (name.rfind("cpasync.ca", 0) == 0) {
    const auto op = parse_shared_op("cpasync" + name.substr(10));
    EXPECT_TRUE(op) << name;
    return {op.value_or(SharedOp::cpasync16), LdmatrixConfig{}};
  }
  const std::string base = name.substr(0, name.find('.'));
  const auto op = parse_shared_op(base);
  EXPECT_TRUE(op) << name;
  LdmatrixConfig c{};
  if (name.find(".x1") != std::string::npos) c.num = LdmNum::x1;
  if (name.find(".x2") != std::string::npos) c.num = LdmNum::x2;
  if (name.find(".x4") != std::string::npos) c.num = LdmNum::x4;
  c.trans = name.find(".trans") != std::string::npos;
  return {op.value_or(SharedOp::ldmatrix), c};
}

/// Holds count_shared_access to every row of `rows`; returns the rows per op. `other_wavefronts`:
/// what the measured wavefronts count besides the instruction's own.
std::map<std::string, int> check_every_row(const std::vector<SweepRow>& rows, int other_wavefronts = 0) {
  std::map<std::string, int> per_op, wrong;
  for (const SweepRow& r : rows) {
    const auto [op, c] = op_of(r.op);
    const int lanes = is_matrix_op(op) ? address_lanes(c.num) : kWarpSize;
    if (static_cast<int>(r.offsets.size()) != lanes) {
      ADD_FAILURE() << r.op << " " << r.pattern << ": " << r.offsets.size() << " offsets, want " << lanes;
      continue;
    }
    const SharedCount n = count_shared_access(op, c, r.offsets);
    ++per_op[r.op];
    if (n.wavefronts + other_wavefronts != r.wavefronts || n.bank_conflicts != r.bank_conflicts) {
      ++wrong[r.op];
      ADD_FAILURE() << r.op << " '" << r.pattern << "': measured " << r.wavefronts << " wavefronts, "
                    << r.bank_conflicts << " conflicts; model " << n.wavefronts << ", " << n.bank_conflicts;
    }
  }
  for (const auto& [op, n] : per_op)
    std::cout << op << ": " << n << " patterns, " << wrong[op] << " differ from the model\n";
  return per_op;
}

}  // namespace

TEST(BankSweep, ModelEqualsEveryMeasuredRow) {
  const std::vector<SweepRow> rows = read_sweep();
  std::map<std::string, int> per_op = check_every_row(rows);
  // The whole table: a truncated or emptied fixture fails here, not silently.
  EXPECT_EQ(rows.size(), 2376u);
  for (const char* op : {"sts32", "sts64", "sts128"}) EXPECT_EQ(per_op[op], 348) << op;
  for (const char* op :
       {"ldmatrix.x1", "ldmatrix.x2", "ldmatrix.x4", "stmatrix.x1", "stmatrix.x2", "stmatrix.x4"})
    EXPECT_EQ(per_op[op], 208) << op;
  for (const char* op : {"ldmatrix.x4.trans", "stmatrix.x4.trans"}) EXPECT_EQ(per_op[op], 42) << op;
}

TEST(BankSweep, ModelEqualsEveryMeasuredLoadRow) {
  const std::vector<SweepRow> rows = read_sweep("h200-2026-12-05-loads.csv");
  std::map<std::string, int> per_op = check_every_row(rows);
  EXPECT_EQ(rows.size(), 1044u);
  for (const char* op : {"lds32", "lds64", "lds128"}) EXPECT_EQ(per_op[op], 348) << op;
}

TEST(BankSweep, StoresNeverMergeLanesOnOneAddress) {
  // What the table says of a broadcast: a store is counted like distinct addresses in its phases.
  std::map<std::string, int> broadcast;
  for (const SweepRow& r : read_sweep())
    if (r.pattern == "broadcast unit 0") broadcast[r.op] = r.wavefronts;
  EXPECT_EQ(broadcast["sts32"], 1);
  EXPECT_EQ(broadcast["sts64"], 2);
  EXPECT_EQ(broadcast["sts128"], 4);
  EXPECT_EQ(broadcast["stmatrix.x4"], 4);
  EXPECT_EQ(broadcast["ldmatrix.x4"], 4);
}

TEST(BankSweep, AStoreThroughALayoutCountsAsTheSweepMeasured) {
  // Every lane on byte 0 of a tile, through analyze_access: the measured broadcast figures.
  const auto l = parse_smem_layout("(16,64):(0,0)", LayoutUnits::elements, 2);
  ASSERT_TRUE(l) << l.error.message;
  const auto lanes = parse_lane_pattern("row=0, col=0");
  ASSERT_TRUE(lanes) << lanes.error.message;
  for (auto [op, want] : {std::pair{SharedOp::sts32, 1}, {SharedOp::sts64, 2}, {SharedOp::sts128, 4}}) {
    AccessRequest req;
    req.op = op;
    const AccessReport r = analyze_access(*l, *lanes, req);
    ASSERT_FALSE(r.refused()) << r.error.message;
    EXPECT_EQ(r.wavefronts, want) << to_string(op);
    EXPECT_EQ(r.ideal_wavefronts, want) << to_string(op);
    EXPECT_EQ(r.bank_conflicts, 0) << to_string(op);
    EXPECT_EQ(wavefronts_metric(op), "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum");
  }
}

TEST(BankSweep, ModelEqualsEveryMeasuredPackingRow) {
  // The packing family (pairs T, T^x sharing an address in all or part of the warp, mixed
  // pairings, random paired sets with one pair broken): loads and stores.
  const std::vector<SweepRow> rows = read_sweep("h200-2026-12-05-packing.csv");
  std::map<std::string, int> per_op = check_every_row(rows);
  EXPECT_EQ(rows.size(), 540u);
  for (const char* op : {"lds32", "lds64", "lds128", "sts64", "sts128"}) EXPECT_EQ(per_op[op], 108) << op;
  // Packing is all or nothing over the warp: pairs in lanes 0-15 only leave the phases as they are.
  std::map<std::string, int> wf;
  for (const SweepRow& r : rows) wf[r.op + " " + r.pattern] = r.wavefronts;
  EXPECT_EQ(wf["lds64 pair T^1 in all *1 units"], 1);
  EXPECT_EQ(wf["lds64 pair T^1 in lanes 0-15 *1 units"], 2);
  EXPECT_EQ(wf["lds128 pair T^1 in all *1 units"], 2);
  EXPECT_EQ(wf["lds128 pair T^1 in lanes 0-15 *1 units"], 4);
  EXPECT_EQ(wf["sts128 pair T^1 in all *1 units"], 4);
}

TEST(BankSweep, LoadsPackLanePairsAsTheSweepMeasured) {
  // What the load table says (the hardware's numbers): a broadcast ld.shared.v2 is 1 wavefront and
  // .v4 2; lanes paired T, T^1 or T, T^2 halve the phases; pairs T, T^4 do not.
  std::map<std::string, int> wf;
  for (const SweepRow& r : read_sweep("h200-2026-12-05-loads.csv")) wf[r.op + " " + r.pattern] = r.wavefronts;
  EXPECT_EQ(wf["lds32 broadcast unit 0"], 1);
  EXPECT_EQ(wf["lds64 broadcast unit 0"], 1);
  EXPECT_EQ(wf["lds128 broadcast unit 0"], 2);
  EXPECT_EQ(wf["lds128 lane%2 *1 units"], 2);   // T, T^2 share
  EXPECT_EQ(wf["lds128 lane/2 *1 units"], 2);   // T, T^1 share
  EXPECT_EQ(wf["lds128 lane&~4 *1 units"], 4);  // T, T^4 share: no packing
  // The same broadcast through a layout, as the bank view and `banks --access` count it.
  const auto l = parse_smem_layout("(16,64):(0,0)", LayoutUnits::elements, 2);
  ASSERT_TRUE(l) << l.error.message;
  const auto same = parse_lane_pattern("row=0, col=0");
  ASSERT_TRUE(same) << same.error.message;
  for (auto [op, want, x] : {std::tuple{SharedOp::lds64, 1, 1}, {SharedOp::lds128, 2, 1}}) {
    AccessRequest req;
    req.op = op;
    const AccessReport r = analyze_access(*l, *same, req);
    ASSERT_FALSE(r.refused()) << r.error.message;
    EXPECT_EQ(r.wavefronts, want) << to_string(op);
    EXPECT_EQ(r.ideal_wavefronts, want) << to_string(op);
    EXPECT_EQ(r.bank_conflicts, 0) << to_string(op);
    EXPECT_EQ(r.packed_pairs, x) << to_string(op);
    EXPECT_EQ(static_cast<int>(r.phases.size()), want) << to_string(op);
  }
  // Distinct addresses: nothing packs, whatever the op.
  std::vector<std::uint32_t> distinct;
  for (std::uint32_t t = 0; t < 32; ++t) distinct.push_back(16 * t);
  for (SharedOp op : {SharedOp::lds64, SharedOp::lds128, SharedOp::sts128})
    EXPECT_EQ(packed_lane_pairs(op, distinct), 0) << to_string(op);
  // Stores never pack (the store table's broadcast rows above).
  EXPECT_EQ(packed_lane_pairs(SharedOp::sts128, std::vector<std::uint32_t>(32, 0)), 0);
  EXPECT_EQ(
      packing_note(SharedOp::lds128, 1),
      "every lane T shares its address with lane T^1: the load packs the pairs into 2 phases of 16 lanes");
}

TEST(BankSweep, ModelEqualsEveryMeasuredCpAsyncRow) {
  // cp.async.ca of 4, 8 and 16 bytes (the H100 sweep: Nsight Compute's op_ldgsts conflicts and every
  // shared wavefront of the kernel, which holds 4 besides the instruction's: see the .cg rows).
  std::vector<SweepRow> ca;
  for (const SweepRow& r : read_sweep("h100-2026-12-06-cp-async.csv"))
    if (r.op.rfind("cpasync.ca", 0) == 0) ca.push_back(r);
  std::map<std::string, int> per_op = check_every_row(ca, 4);
  EXPECT_EQ(ca.size(), 456u);
  for (const char* op : {"cpasync.ca4", "cpasync.ca8", "cpasync.ca16"}) EXPECT_EQ(per_op[op], 152) << op;
  // What the table says, in the hardware's numbers: lanes on one address are not merged (a
  // broadcast is 32 + 4), while st.shared.v4 at the same addresses is 4 (the H200 table above).
  std::map<std::string, int> wf;
  for (const SweepRow& r : ca) wf[r.op + " " + r.pattern] = r.wavefronts;
  EXPECT_EQ(wf["cpasync.ca16 broadcast unit 0"], 36);
  EXPECT_EQ(wf["cpasync.ca4 broadcast unit 0"], 36);
  EXPECT_EQ(wf["cpasync.ca16 lane*3 units"], 8);    // conflict-free: 4 phases + 4
  EXPECT_EQ(wf["cpasync.ca16 lane*32 units"], 36);  // one bank group: 32 + 4
}

TEST(BankSweep, CpAsyncCgWritesAreNotCounted) {
  // cp.async.cg (L1 bypass): every pattern, 32 lanes on one address included, reads the same 4
  // wavefronts and no conflict, so Nsight Compute sees none of its shared writes; the model counts
  // .ca only and says so (phase_rule_text).
  int rows = 0;
  for (const SweepRow& r : read_sweep("h100-2026-12-06-cp-async.csv")) {
    if (r.op != "cpasync.cg16") continue;
    ++rows;
    EXPECT_EQ(r.wavefronts, 4) << r.pattern;
    EXPECT_EQ(r.bank_conflicts, 0) << r.pattern;
  }
  EXPECT_EQ(rows, 456);
  EXPECT_NE(phase_rule_text(SharedOp::cpasync16).find("cp.async.cg (L1 bypass) is not modelled"),
            std::string::npos);
  EXPECT_EQ(bank_conflicts_metric(SharedOp::cpasync16),
            "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum");
}

TEST(BankSweep, EveryOpHasOneRowInTheTable) {
  for (const SharedOpInfo& i : kSharedOps) {
    EXPECT_EQ(parse_shared_op(i.name), i.op);
    EXPECT_EQ(&shared_op_info(i.op), &i);
  }
  EXPECT_EQ(parse_shared_op("sts256"), std::nullopt);
  EXPECT_EQ(shared_op_names(false, true), "stmatrix, sts32, sts64, sts128, cpasync4, cpasync8, cpasync16");
}
