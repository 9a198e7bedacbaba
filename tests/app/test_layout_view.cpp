// The bank view's Layout mode tables (app/bank_layout_mode.hpp) against hand-derived figures.
//
// The tile is 16 rows of 64 halves (128 bytes a row). The explorer's .x4 pattern puts lanes 8j..8j+7
// on rows 8 (j % 2) + 0..7 at column 8 (j / 2). Swizzle<3,3,3> on element offsets xors the 8-half
// chunk (offset bits 3-5) with the row (bits 6-8), so the 8 rows of a matrix land on 8 different
// 16-byte chunks: one wavefront per matrix, 4 in all. Swizzle<2,3,3> xors only two bits: rows r and
// r + 4 share a chunk, 2-way, 8 in all. Without a swizzle every row starts at bank 0: 8-way, 32.
#include <gtest/gtest.h>

#include "bank_layout_mode.hpp"
#include "report_view.hpp"
#include "settings.hpp"

namespace fragviz::app {
namespace {

LayoutControls controls(const std::string& write, const std::string& read = "") {
  LayoutControls c;
  c.enabled = true;
  c.write_layout = write;
  c.read_layout = read;
  return c;
}

TEST(LayoutView, FullSwizzleIsConflictFree) {
  const LayoutView v = compute_layout_view(controls("Swizzle<3,3,3> o (16,64):(64,1)"));
  ASSERT_TRUE(v.ready()) << v.write_error.message << v.lanes_error.message;
  EXPECT_FALSE(v.access->refused());
  EXPECT_EQ(v.access->wavefronts, 4);
  EXPECT_EQ(v.access->ideal_wavefronts, 4);
  EXPECT_EQ(v.access->bank_conflicts, 0);
  EXPECT_TRUE(v.conflicting_lanes.empty());
  ASSERT_EQ(v.phase_lines.size(), 4u);
  EXPECT_EQ(v.phase_lines[0], "matrix 0 (lanes 0-7): 1 wavefront (conflict-free)");
  EXPECT_EQ(v.totals, "wavefronts 4   ideal 4   bank conflicts 0   (1-way)");
  // 16 rows of 128 bytes: 16 lines.
  EXPECT_EQ(v.lines, 16);
  ASSERT_EQ(v.words.size(), 16u * 32);
  // Lane 0: row 0, col 0 at byte 0 (words 0-3). Lane 1: row 1, col 0 -> chunk 0 ^ 1 = 1: element
  // 64 + 8, byte 144, word 36. Byte 128 (element 64, chunk 1 ^ 1 = 0 of row 1) is (1, 8): lane 17.
  for (int w = 0; w < 4; ++w) EXPECT_EQ(v.words[static_cast<std::size_t>(w)].lanes, 1u << 0);
  EXPECT_EQ(v.words[36].lanes, 1u << 1);
  EXPECT_EQ(v.words[32].lanes, 1u << 17);
  EXPECT_EQ(v.words[32].cell, 1 * 64 + 8);
  EXPECT_FALSE(v.words[32].conflict);
}

// Issue 22 (s25b): the Layout mode's default lanes (explorer) over an 8-bit tile: each matrix row 16
// bytes, 16 elements (it read the second matrix 8 bytes in and refused it as misaligned). A b8 row of
// 32 bytes is a b16 row of 16 halves: matrix rows 0 and 4 share banks, 2-way, as PTX-FACTS 5's
// stride 16.
TEST(LayoutView, ExplorerLanesOverAnEightBitTile) {
  LayoutControls c = controls("(16,32):(32,1)");
  c.element_type = "b8";
  c.lanes = "explorer";
  const LayoutView v = compute_layout_view(c);
  ASSERT_TRUE(v.ready()) << v.write_error.message << v.lanes_error.message;
  EXPECT_FALSE(v.access->refused()) << v.access->error.message;
  EXPECT_EQ(v.access->wavefronts, 8);
  EXPECT_EQ(v.access->bank_conflicts, 4);
  EXPECT_EQ(v.lanes->at[16], (Coord{0, 16}));
}

TEST(LayoutView, TwoBitSwizzleIsTwoWay) {
  const LayoutView v = compute_layout_view(controls("Swizzle<2,3,3> o (16,64):(64,1)"));
  ASSERT_TRUE(v.ready());
  EXPECT_EQ(v.access->wavefronts, 8);
  EXPECT_EQ(v.access->bank_conflicts, 4);
  EXPECT_EQ(v.access->max_way, 2);
  // Every row shares its chunk with the row 4 away: every lane conflicts.
  EXPECT_EQ(v.conflicting_lanes.size(), 32u);
  EXPECT_TRUE(v.words[0].conflict);
  EXPECT_EQ(v.phase_lines[1], "matrix 1 (lanes 8-15): 2 wavefronts (2-way conflict)");
}

TEST(LayoutView, NoSwizzleIsEightWay) {
  const LayoutView v = compute_layout_view(controls("(16,64):(64,1)"));
  ASSERT_TRUE(v.ready());
  EXPECT_EQ(v.access->wavefronts, 32);
  EXPECT_EQ(v.access->max_way, 8);
}

TEST(LayoutView, RoundTripNamesTheFirstMismatchAndTheByteItRead) {
  // Written swizzled, read plain. Rows 0 and 8 (row % 8 == 0) are unchanged by the swizzle; the
  // first other element is (1, 0): read at element 64 = byte 128, where the write put element
  // (1, c) with chunk (c / 8) ^ 1 = 0, c % 8 = 0: (1, 8). It was written at element 64 + 8 = byte 144.
  const LayoutView v = compute_layout_view(controls("Swizzle<3,3,3> o (16,64):(64,1)", "(16,64):(64,1)"));
  ASSERT_TRUE(v.trip.has_value());
  EXPECT_EQ(v.trip->elements, 1024);
  EXPECT_EQ(v.trip->mismatches, 14 * 64);
  ASSERT_TRUE(v.trip->first.has_value());
  EXPECT_EQ(v.trip->first->logical, (Coord{1, 0}));
  EXPECT_EQ(v.trip->first->read_byte, 128);
  EXPECT_EQ(
      v.trip_line,
      "round trip: 896 of 1024 elements read back wrong; first (1,0) read at byte 128, which holds (1,8); "
      "written at byte 144");
  // The read (ldmatrix) goes through the read side: no swizzle, 32 wavefronts; the read word marked.
  EXPECT_EQ(v.access->wavefronts, 32);
  EXPECT_TRUE(v.words[32].round_trip);
  EXPECT_FALSE(v.words[36].round_trip);
  // stmatrix goes through the write side.
  LayoutControls st = controls("Swizzle<3,3,3> o (16,64):(64,1)", "(16,64):(64,1)");
  st.op = SharedOp::stmatrix;
  const LayoutView s = compute_layout_view(st);
  ASSERT_TRUE(s.ready());
  EXPECT_EQ(s.access->wavefronts, 4);
  EXPECT_FALSE(s.words[32].round_trip);
}

TEST(LayoutView, SameLayoutBothSidesReadsBack) {
  const LayoutView v =
      compute_layout_view(controls("Swizzle<3,3,3> o (16,64):(64,1)", "Swizzle<3,3,3> o (16,64):(64,1)"));
  ASSERT_TRUE(v.trip.has_value());
  EXPECT_TRUE(v.trip->agree());
  EXPECT_EQ(v.trip_line, "round trip: all 1024 elements read back");
}

TEST(LayoutView, ParseErrorsCarryTheirColumnAndTheRestIsStillJudged) {
  LayoutControls c = controls("Swizzle<3,3,3> o (16,64):(64,1");
  c.lanes = "row=lane&15, col=8*(lane>>4";
  const LayoutView v = compute_layout_view(c);
  EXPECT_FALSE(v.ready());
  EXPECT_FALSE(v.write_error.ok());
  EXPECT_GT(v.write_error.column, 0);
  EXPECT_EQ(v.write_error.message.rfind("col " + std::to_string(v.write_error.column) + ":", 0), 0u)
      << v.write_error.message;
  EXPECT_FALSE(v.lanes_error.ok());
  EXPECT_GT(v.lanes_error.column, 0);
  EXPECT_TRUE(v.words.empty());
  LayoutControls e = controls("(16,64):(64,1)");
  e.element_type = "b12";
  const LayoutView w = compute_layout_view(e);
  EXPECT_FALSE(w.element_error.ok());
  EXPECT_FALSE(w.ready());
}

TEST(LayoutView, MisalignedLanesAreNamedAndNothingIsCounted) {
  // Column 1 of a .b16 row: byte 2 past a 16-byte boundary, for every lane.
  LayoutControls c = controls("(16,64):(64,1)");
  c.lanes = "row=lane&15, col=8*(lane>>4)+1";
  const LayoutView v = compute_layout_view(c);
  ASSERT_TRUE(v.ready());
  EXPECT_TRUE(v.access->refused());
  EXPECT_TRUE(v.totals.empty());
  bool named = false;
  for (const AccessProblem& p : v.access->problems)
    if (p.check == AccessCheck::misaligned) {
      named = true;
      EXPECT_EQ(p.lanes.size(), 32u);
    }
  EXPECT_TRUE(named);
}

TEST(LayoutView, PlainLoadsCountPhases) {
  // LDS.32, lane l at (0, 2l): byte 4l, bank l: one wavefront.
  LayoutControls c = controls("(16,64):(64,1)");
  c.op = SharedOp::lds32;
  c.lanes = "row=0, col=2*lane";
  LayoutView v = compute_layout_view(c);
  ASSERT_TRUE(v.ready());
  EXPECT_EQ(v.access->wavefronts, 1);
  EXPECT_EQ(v.access->ideal_wavefronts, 1);
  EXPECT_EQ(v.phase_lines[0], "phase 0 (lanes 0-31): 1 wavefront (conflict-free)");
  // Lane l at (l % 16, 0): byte 128 (l % 16), bank 0 for every lane; lanes l and l + 16 share a word
  // (broadcast): 16 distinct words in bank 0, 16-way.
  c.lanes = "row=lane&15, col=0";
  v = compute_layout_view(c);
  ASSERT_TRUE(v.ready());
  EXPECT_EQ(v.access->wavefronts, 16);
}

TEST(LayoutView, ControlsStandForTheirNotation) {
  Controls c;
  c.width_halves = 64;
  c.pad_halves = 8;
  const auto n = controls_layout_notation(c);
  ASSERT_TRUE(n) << n.error.message;
  EXPECT_EQ(*n, "(16,64):(72,1)");
}

TEST(LayoutView, OpenLayoutViewShowsTheRequest) {
  AppState s;
  s.windows.banks = false;
  LayoutViewRequest r;
  r.write_layout = "Swizzle<3,3,3> o (16,64):(64,1)";
  r.read_layout = r.write_layout;
  r.lanes = "a";
  r.op = SharedOp::ldmatrix;
  r.num = LdmNum::x2;
  r.element_bytes = 4;
  r.title = "gate rung ldmatrix-k16";
  open_layout_view(s, r);
  EXPECT_TRUE(s.windows.banks);
  EXPECT_TRUE(s.layout.enabled);
  EXPECT_EQ(s.layout.write_layout, r.write_layout);
  EXPECT_EQ(s.layout.read_layout, "");  // the same layout: no round trip to show
  EXPECT_EQ(s.layout.lanes, "a");
  EXPECT_EQ(s.layout.num, LdmNum::x2);
  EXPECT_EQ(s.layout.element_type, "b32");
  EXPECT_EQ(s.layout.title, "gate rung ldmatrix-k16");
  r.element_bytes = 3;
  open_layout_view(s, r);
  EXPECT_FALSE(compute_layout_view(s.layout).element_error.ok());
}

/// A `probe --layout` run as a GPU that agrees with the model would return it: each lane's labels
/// built by hand for the plain 64-half tile and the explorer's .x4 pattern (lane l, register j: row
/// 8 (j % 2) + l / 4, columns 8 (j / 2) + 2 (l % 4) and + 1, label row * 64 + col + 1).
std::shared_ptr<const ProbeReport> plain_run(bool break_one) {
  LayoutProbeRequest r;
  r.write_layout = "(16,64):(64,1)";
  const auto plan = plan_layout_probe(r);
  std::uint32_t words[32][4] = {}, offsets[32] = {};
  for (int l = 0; l < 32; ++l) {
    for (int j = 0; j < 4; ++j) {
      const int row = 8 * (j % 2) + l / 4, col = 8 * (j / 2) + 2 * (l % 4);
      words[l][j] = static_cast<std::uint32_t>(row * 64 + col + 1) |
                    static_cast<std::uint32_t>(row * 64 + col + 2) << 16;
    }
    offsets[l] = static_cast<std::uint32_t>(((8 * ((l / 8) % 2) + l % 8) * 64 + 8 * (l / 16)) * 2);
  }
  if (break_one) words[2][0] = 0;  // lane 2, register 0: pad instead of (0,4),(0,5)
  LayoutProbe p = judge_layout_probe(*plan, words, offsets, 32 * 1024, 1024);
  p.ncu["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"] = 32;
  p.ncu["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"] = 28;
  auto rep = std::make_shared<ProbeReport>();
  rep->device.present = true;
  rep->device.name = "NVIDIA H200";
  rep->layout = std::make_shared<const LayoutProbe>(p);
  return rep;
}

TEST(LayoutView, MeasuredRunShowsBesideTheModelOnlyForItsOwnGeometry) {
  const LayoutView v = compute_layout_view(controls("(16,64):(64,1)"));
  const auto rep = plain_run(false);
  const LayoutProbe* m = matching_layout_probe(v, rep.get());
  ASSERT_NE(m, nullptr);
  const std::vector<std::string> lines = measured_lines(*m, v);
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[0], "measured addresses: every lane at the model's byte offset");
  EXPECT_EQ(lines[1], "received: all 256 slots as the model predicts");
  EXPECT_EQ(lines[2], "model 32 wavefronts, measured 32.0 cycles per load");
  EXPECT_EQ(lines[3], "ncu l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum: 32 (model 32)");
  EXPECT_EQ(lines[4], "ncu l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum: 28 (model 28)");
  // The same addresses written as an expression still match; another layout does not.
  LayoutControls e = controls("(16,64):(64,1)");
  e.lanes = "row=(lane&7)+8*((lane>>3)&1), col=8*(lane>>4)";
  EXPECT_NE(matching_layout_probe(compute_layout_view(e), rep.get()), nullptr);
  EXPECT_EQ(matching_layout_probe(compute_layout_view(controls("(16,64):(72,1)")), rep.get()), nullptr);
  const auto broken = plain_run(true);
  const std::vector<std::string> b = measured_lines(*broken->layout, v);
  EXPECT_EQ(
      b[1],
      "received: 2 of 256 slots differ from the model; first lane 2 slot 0: expected (0,4), received pad");
}

TEST(LayoutView, OpeningAReportWithALayoutRunShowsItAndClosingGivesTheUsersBack) {
  AppState s;
  s.layout.write_layout = "Swizzle<2,3,3> o (16,64):(64,1)";
  const LayoutControls mine = s.layout;
  ReportFile f;
  f.probe = *plain_run(false);
  show_report(s, "/tmp/run.json", f);
  EXPECT_TRUE(s.layout.enabled);
  EXPECT_EQ(s.layout.write_layout, "(16,64):(64,1)");
  EXPECT_EQ(s.layout.title, "recorded: ldmatrix.sync.aligned.m8n8.x4.shared.b16 on NVIDIA H200");
  EXPECT_EQ(settings_of(s).layout.write_layout, mine.write_layout);  // the user's is what is saved
  // Said among the report's changes (newcomer round 7: the strip listed nothing).
  ASSERT_TRUE(s.report);
  ASSERT_FALSE(s.report->changes.empty());
  EXPECT_EQ(s.report->changes.back(),
            "the Layout view's layout (16,64):(64,1) (yours Swizzle<2,3,3> o (16,64):(64,1))");
  close_report(s);
  EXPECT_EQ(s.layout, mine);
  // An edit while the report is shown is the user's and stays.
  show_report(s, "/tmp/run.json", f);
  s.layout.read_layout = "(16,64):(72,1)";
  EXPECT_EQ(settings_of(s).layout.read_layout, "(16,64):(72,1)");
  close_report(s);
  EXPECT_EQ(s.layout.read_layout, "(16,64):(72,1)");
}

// Issue 22: a ladder rung's A/B button replaced the user's own layout text with no way back.
TEST(LayoutView, AGateRungKeepsTheUsersLayoutToGiveBackAndToSave) {
  AppState s;
  s.layout.enabled = true;
  s.layout.write_layout = "Swizzle<2,3,3> o (32,64):(64,1)";
  s.layout.lanes = "row=lane, col=0";
  const LayoutControls mine = s.layout;
  LayoutViewRequest r;
  r.write_layout = "(16,64):(72,1)";
  r.lanes = "a";
  r.title = "gate variant ldmatrix-k16, operand A";
  open_layout_view(s, r);
  EXPECT_EQ(s.layout.write_layout, "(16,64):(72,1)");
  ASSERT_TRUE(s.layout_yours);
  EXPECT_EQ(*s.layout_yours, mine);
  // Quitting now saves the user's layout, not the rung's.
  EXPECT_EQ(settings_of(s).layout.write_layout, mine.write_layout);
  // A second rung: the user's is still the one kept.
  r.write_layout = "Swizzle<3,3,3> o (16,64):(64,1)";
  r.title = "gate variant swizzle-xor, operand A";
  open_layout_view(s, r);
  EXPECT_EQ(*s.layout_yours, mine);
  restore_your_layout(s);
  EXPECT_EQ(s.layout, mine);
  EXPECT_FALSE(s.layout_yours);
  EXPECT_EQ(settings_of(s).layout.write_layout, mine.write_layout);
}

}  // namespace
}  // namespace fragviz::app
