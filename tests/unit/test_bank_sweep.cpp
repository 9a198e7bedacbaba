// The bank model held to the hardware: every row of the H200 bank sweep
// (tests/fixtures/bank-sweep/h200-2026-12-04.csv, recorded by tools/bank-sweep/run.sh: one warp, one
// shared-memory instruction per launch, Nsight Compute's wavefronts and bank conflicts per pattern)
// must come out of count_shared_access exactly. The expected values are the hardware's, never the
// model's. Stores and ld/stmatrix are in the table; plain loads are not yet (see smem_access.hpp).
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "fragviz/smem/smem_access.hpp"

using namespace fragviz;

namespace {

struct SweepRow {
  std::string op, pattern;
  std::vector<std::uint32_t> offsets;
  int wavefronts = 0, bank_conflicts = 0;
};

std::vector<SweepRow> read_sweep() {
  std::ifstream in(std::string(FRAGVIZ_FIXTURES_DIR) + "/bank-sweep/h200-2026-12-04.csv");
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

/// "sts64" -> sts64; "ldmatrix.x4.trans" -> ldmatrix .x4 .trans.
std::pair<SharedOp, LdmatrixConfig> op_of(const std::string& name) {
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

}  // namespace

TEST(BankSweep, ModelEqualsEveryMeasuredRow) {
  const std::vector<SweepRow> rows = read_sweep();
  std::map<std::string, int> per_op, wrong;
  for (const SweepRow& r : rows) {
    const auto [op, c] = op_of(r.op);
    const int lanes = is_matrix_op(op) ? address_lanes(c.num) : kWarpSize;
    ASSERT_EQ(static_cast<int>(r.offsets.size()), lanes) << r.op << " " << r.pattern;
    const SharedCount n = count_shared_access(op, c, r.offsets);
    ++per_op[r.op];
    if (n.wavefronts != r.wavefronts || n.bank_conflicts != r.bank_conflicts) {
      ++wrong[r.op];
      ADD_FAILURE() << r.op << " '" << r.pattern << "': measured " << r.wavefronts << " wavefronts, "
                    << r.bank_conflicts << " conflicts; model " << n.wavefronts << ", " << n.bank_conflicts;
    }
  }
  // The whole table: a truncated or emptied fixture fails here, not silently.
  EXPECT_EQ(rows.size(), 2376u);
  for (const char* op : {"sts32", "sts64", "sts128"}) EXPECT_EQ(per_op[op], 348) << op;
  for (const char* op :
       {"ldmatrix.x1", "ldmatrix.x2", "ldmatrix.x4", "stmatrix.x1", "stmatrix.x2", "stmatrix.x4"})
    EXPECT_EQ(per_op[op], 208) << op;
  for (const char* op : {"ldmatrix.x4.trans", "stmatrix.x4.trans"}) EXPECT_EQ(per_op[op], 42) << op;
  for (const auto& [op, n] : per_op)
    std::cout << op << ": " << n << " patterns, " << wrong[op] << " differ from the model\n";
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

TEST(BankSweep, LoadsWhoseLanesShareAnAddressAreMarkedUnmeasured) {
  // Session 8 on the H200: a broadcast ld.shared.v4 took 2 wavefronts, the model says 4. Until the
  // sweep holds loads, the report must say its count is an upper bound, and name the lanes.
  const auto l = parse_smem_layout("(16,64):(0,0)", LayoutUnits::elements, 2);
  ASSERT_TRUE(l);
  const auto same = parse_lane_pattern("row=0, col=0");
  const auto distinct = parse_lane_pattern("row=lane%16, col=8*(lane/16)");
  ASSERT_TRUE(same && distinct);
  const auto l2 = parse_smem_layout("(16,64):(64,1)", LayoutUnits::elements, 2);
  ASSERT_TRUE(l2);
  for (SharedOp op : {SharedOp::lds64, SharedOp::lds128}) {
    AccessRequest req;
    req.op = op;
    const AccessReport r = analyze_access(*l, *same, req);
    const auto note = std::find_if(r.problems.begin(), r.problems.end(), [](const AccessProblem& p) {
      return p.check == AccessCheck::unmeasured_rule;
    });
    ASSERT_NE(note, r.problems.end()) << to_string(op);
    EXPECT_FALSE(note->fatal);
    EXPECT_EQ(note->lanes.size(), 32u);
    const AccessReport d = analyze_access(*l2, *distinct, req);
    for (const AccessProblem& p : d.problems) EXPECT_NE(p.check, AccessCheck::unmeasured_rule) << p.message;
  }
  AccessRequest req;
  req.op = SharedOp::sts128;
  for (const AccessProblem& p : analyze_access(*l, *same, req).problems)
    EXPECT_NE(p.check, AccessCheck::unmeasured_rule) << "stores are measured";
}

TEST(BankSweep, EveryOpHasOneRowInTheTable) {
  for (const SharedOpInfo& i : kSharedOps) {
    EXPECT_EQ(parse_shared_op(i.name), i.op);
    EXPECT_EQ(&shared_op_info(i.op), &i);
  }
  EXPECT_EQ(parse_shared_op("sts256"), std::nullopt);
  EXPECT_EQ(shared_op_names(false, true), "stmatrix, sts32, sts64, sts128");
}
