// Every nvcuda::wmma fragment kind loaded on a real GPU. There is no published map to compare
// with, so what is checked is that the measurement itself holds: every x[i] of every lane decodes
// to a cell of the matrix (never the padding, never two labellings that disagree), every cell is
// held by some lane (the tensor core needs every element of A, B and C), the same load gives the
// same map twice, a kind the device lacks is skipped with the SM it needs, and a report with the
// maps reads back with every cell. Without a usable device every test is SKIPPED (never passed).
#include <gtest/gtest.h>

#include <iostream>
#include <string>

#include "fragviz/device/device.hpp"
#include "fragviz/isa/wmma.hpp"
#include "fragviz/report/report_json.hpp"
#include "skip_without_device.hpp"

namespace fragviz {
namespace {

ProbeReport probe_wmma() {
  ProbeRequest req;
  req.instructions = {"wmma"};
  req.cycles_table = false;
  return run_probes(req);
}

}  // namespace

TEST(WmmaGpu, EveryKindDecodesToEveryCellAndOnlyToCells) {
  SKIP_WITHOUT_DEVICE();
  const ProbeReport r = probe_wmma();
  ASSERT_EQ(r.error.message, "");
  ASSERT_EQ(r.wmma.size(), static_cast<std::size_t>(wmma_kind_count()));
  int ran = 0;
  for (int k = 0; k < wmma_kind_count(); ++k) {
    const WmmaKind& w = wmma_kinds()[k];
    const WmmaProbe& p = r.wmma[static_cast<std::size_t>(k)];
    ASSERT_EQ(p.name, wmma_name(w));
    if (r.device.sm() < w.min_sm) {
      EXPECT_FALSE(p.ran);
      EXPECT_EQ(p.skipped, "skipped: needs sm_" + std::to_string(w.min_sm) + " or newer (device is sm_" +
                               std::to_string(r.device.sm()) + ")");
      continue;
    }
    ASSERT_TRUE(p.ran) << p.name << ": " << p.skipped;
    ++ran;
    ASSERT_EQ(p.raw.size(), static_cast<std::size_t>(wmma_passes(w)));
    EXPECT_EQ(p.map.disagreeing(), 0) << p.name << ": the two labellings disagree somewhere";
    EXPECT_EQ(p.map.no_cell(), 0) << p.name << ": a slot names no cell of the matrix";
    for (int lane = 0; lane < 32; ++lane)
      for (int i = 0; i < w.elements; ++i) {
        const int cell = p.map.at(w, lane, i);
        EXPECT_TRUE(cell >= 0 && cell < wmma_cells(w))
            << p.name << " lane " << lane << " x[" << i << "]: " << wmma_cell_text(w, cell);
      }
    const std::vector<int> holders = p.map.holders(w);
    for (int cell = 0; cell < wmma_cells(w); ++cell)
      EXPECT_GT(holders[static_cast<std::size_t>(cell)], 0)
          << p.name << ": cell " << wmma_cell_text(w, cell) << " is held by no lane";
    // What the text output says, for the log: holders and the relation to mma.sync.
    std::cout << p.name << ": " << describe_wmma_map(w, p.map) << "\n  "
              << describe_relation(w, relate_to_mma(w, p.map)) << "\n";
  }
  EXPECT_GT(ran, 0);
}

TEST(WmmaGpu, TheSameLoadGivesTheSameMapAndAReportKeepsIt) {
  SKIP_WITHOUT_DEVICE();
  const ProbeReport a = probe_wmma(), b = probe_wmma();
  ASSERT_EQ(a.wmma.size(), b.wmma.size());
  for (std::size_t k = 0; k < a.wmma.size(); ++k) {
    EXPECT_EQ(a.wmma[k].ran, b.wmma[k].ran);
    EXPECT_EQ(a.wmma[k].map.cells, b.wmma[k].map.cells) << a.wmma[k].name;
  }
  ReportFile f;
  f.probe = a;
  const auto back = parse_report(to_json_text(f));
  ASSERT_TRUE(back) << back.error.message;
  ASSERT_EQ(back.value->probe->wmma.size(), a.wmma.size());
  for (std::size_t k = 0; k < a.wmma.size(); ++k)
    EXPECT_EQ(back.value->probe->wmma[k].map.cells, a.wmma[k].map.cells) << a.wmma[k].name;
}

TEST(WmmaGpu, OneKindByNameAndAnUnknownName) {
  SKIP_WITHOUT_DEVICE();
  ProbeRequest req;
  req.instructions = {"wmma.m16n16k16.accumulator.row.f32", "wmma.m16n16k16.accumulator.row.f32",
                      "wmma.no.such.kind"};
  req.cycles_table = false;
  const ProbeReport r = run_probes(req);
  ASSERT_EQ(r.error.message, "");
  ASSERT_EQ(r.wmma.size(), 2u);  // asked twice, probed once
  EXPECT_TRUE(r.wmma[0].ran);
  EXPECT_EQ(r.wmma[1].name, "wmma.no.such.kind");
  EXPECT_FALSE(r.wmma[1].ran);
  EXPECT_EQ(r.wmma[1].skipped, "not run: no WMMA fragment kind has this name");
  EXPECT_TRUE(r.instructions.empty()) << "a WMMA name is no mma.sync request";
}

}  // namespace fragviz
