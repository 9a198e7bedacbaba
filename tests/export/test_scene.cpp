// The export scenes against hand-derived facts: the PTX ISA's fragment figures ("Matrix Fragments for
// mma.m16n8k16 with floating point type", "Warpgroup MMA: Register Fragments"), the bank rule
// bank = (byte / 4) % 32 worked by hand for a swizzled and a padded tile, and the seed kernel's
// output ownership; then the SVG read back (its <text> and <rect> elements), the TikZ text, and
// (with cairo) the PNG decoded with stb_image: its size and the colour of pixels inside known cells.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <regex>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "fragviz/smem/banks.hpp"
#include "fragviz/smem/smem_access.hpp"
#include "fragviz/viewmodel/assets.hpp"
#include "fragviz/viewmodel/grid_marks.hpp"
#include "fragviz_export/views.hpp"
#include "fragviz_export/writers.hpp"

#ifdef FRAGVIZ_TEST_PNG
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>
#endif

namespace fs = fragviz::scene;
using fragviz::ErrorKind;

namespace {

constexpr const char* kM16n8k16 = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";

fs::Scene build(fs::ViewRequest r) {
  r.palette = fragviz::app::assets().palette;
  auto s = fs::build_scene(r);
  EXPECT_TRUE(s) << s.error.message;
  return s ? *s.value : fs::Scene{};
}

fs::Scene fragments(const std::string& instr) {
  fs::ViewRequest r;
  r.view = fs::View::fragments;
  r.instr = instr;
  return build(r);
}

/// Index of the grid cell's Rect, or -1.
long find_cell(const fs::Scene& s, const std::string& id) {
  for (std::size_t i = 0; i < s.items.size(); ++i)
    if (const auto* r = std::get_if<fs::Rect>(&s.items[i]); r && r->id == id) return static_cast<long>(i);
  return -1;
}

/// The label drawn in a cell (the Text that follows its Rect), or "<none>".
std::string label(const fs::Scene& s, const std::string& id) {
  const long i = find_cell(s, id);
  if (i < 0 || static_cast<std::size_t>(i + 1) >= s.items.size()) return "<none>";
  const auto* t = std::get_if<fs::Text>(&s.items[static_cast<std::size_t>(i + 1)]);
  return t ? t->text : "<none>";
}

fs::Colour fill(const fs::Scene& s, const std::string& id) {
  const long i = find_cell(s, id);
  return i < 0 ? fs::Colour{1, 2, 3} : std::get<fs::Rect>(s.items[static_cast<std::size_t>(i)]).fill;
}

fs::Colour lane(int l) {
  const auto c = fragviz::app::assets().palette.lanes[static_cast<std::size_t>(l)];
  return fs::Colour{c.r, c.g, c.b};
}

int count_cells(const fs::Scene& s, const std::string& prefix) {
  int n = 0;
  for (const auto& item : s.items)
    if (const auto* r = std::get_if<fs::Rect>(&item); r && r->id.rfind(prefix + "-r", 0) == 0) ++n;
  return n;
}

bool has_text(const fs::Scene& s, const std::string& text) {
  for (const auto& item : s.items)
    if (const auto* t = std::get_if<fs::Text>(&item); t && t->text == text) return true;
  return false;
}

/// Whether `text` is drawn as one Text or wrapped over consecutive ones (joined by spaces).
bool has_prose(const fs::Scene& s, const std::string& text) {
  for (std::size_t i = 0; i < s.items.size(); ++i) {
    std::string joined;
    for (std::size_t k = i; k < s.items.size() && joined.size() < text.size(); ++k) {
      const auto* t = std::get_if<fs::Text>(&s.items[k]);
      if (!t) break;
      joined += (joined.empty() ? "" : " ") + t->text;
    }
    if (joined == text) return true;
  }
  return false;
}

}  // namespace

// PTX ISA, m16n8k16 .f16: a_i at row groupID (+8 for a2,a3,a6,a7), col 2*threadID_in_group + (i & 1)
// (+8 for a4..a7); b_i at row 2*tid + (i & 1) (+8 for b2,b3), col groupID; c_i at row groupID (+8
// for c2,c3), col 2*tid + (i & 1). lane = 4 * groupID + tid.
TEST(ExportFragments, M16n8k16CellsAreThePtxFigure) {
  const fs::Scene s = fragments(kM16n8k16);
  EXPECT_EQ(label(s, "A-r0-c0"), "T0 V0");
  EXPECT_EQ(label(s, "A-r8-c0"), "T0 V2");
  EXPECT_EQ(label(s, "A-r0-c8"), "T0 V4");
  EXPECT_EQ(label(s, "A-r1-c2"), "T5 V0");
  EXPECT_EQ(label(s, "A-r15-c15"), "T31 V7");
  EXPECT_EQ(label(s, "B-r3-c2"), "T9 V1");
  EXPECT_EQ(label(s, "B-r8-c0"), "T0 V2");
  EXPECT_EQ(label(s, "C-r9-c5"), "T6 V3");
  EXPECT_EQ(count_cells(s, "A"), 16 * 16);
  EXPECT_EQ(count_cells(s, "B"), 16 * 8);
  EXPECT_EQ(count_cells(s, "C"), 16 * 8);
  // Coloured by lane, the app's palette.
  EXPECT_EQ(fill(s, "A-r1-c2"), lane(5));
  EXPECT_NE(fill(s, "A-r1-c2"), lane(4));
  EXPECT_EQ(fill(s, "C-r9-c5"), lane(6));
  EXPECT_EQ(s.title, kM16n8k16);
}

// The label levels as fragviz-cli export --labels spells them (newcomer round 9), both ways.
TEST(ExportFragments, LabelLevelsHaveOneSpelling) {
  EXPECT_EQ(fs::parse_cell_labels("full"), fs::CellLabels::full);
  EXPECT_EQ(fs::parse_cell_labels("lane"), fs::CellLabels::lane);
  EXPECT_EQ(fs::parse_cell_labels("number"), fs::CellLabels::number);
  EXPECT_EQ(fs::parse_cell_labels("none"), fs::CellLabels::none);
  EXPECT_EQ(fs::parse_cell_labels("Full"), std::nullopt);
  EXPECT_EQ(fs::parse_cell_labels(""), std::nullopt);
  for (fs::CellLabels l :
       {fs::CellLabels::full, fs::CellLabels::lane, fs::CellLabels::number, fs::CellLabels::none})
    EXPECT_EQ(fs::parse_cell_labels(fs::to_string(l)), l);
  EXPECT_EQ(fs::cell_labels_names(), "full, lane, number, none");
}

// m8n8k4 .f16 has four quad-pair products: one grid set each, ids A p0..p3.
// Issue 22: the export labels its cells as the screen's read (ViewRequest::labels) and carries the
// screen's header lines. Hand-derived for m16n8k8 .f16: A 16 x 8 = 128 halves over 32 lanes is 4 a
// lane, B 8 x 8 is 2, C/D 16 x 8 is 4; a0 of lane 0 is A (0,0).
TEST(ExportFragments, LabelsFollowTheScreenAndTheHeaderIsACaption) {
  fs::ViewRequest r;
  r.view = fs::View::fragments;
  fs::Scene s = build(r);
  EXPECT_EQ(label(s, "A-r0-c0"), "T0 V0");  // the CLI's default, as before
  EXPECT_TRUE(has_text(s, "D = A x B + C   (C and D share one layout)"));
  EXPECT_TRUE(has_text(s, "groupID = lane >> 2, threadID_in_group = lane % 4"));
  EXPECT_TRUE(has_text(s, "per lane: A 4 x .f16, B 2 x .f16, C/D 4 x .f32"));
  r.labels = fs::CellLabels::lane;
  s = build(r);
  EXPECT_EQ(label(s, "A-r0-c0"), "T0");
  r.labels = fs::CellLabels::number;  // the screen's narrowest labelled cells: the lane alone
  s = build(r);
  EXPECT_EQ(label(s, "A-r0-c0"), "0");
  EXPECT_EQ(label(s, "A-r8-c0"), "0");  // A a2: row groupID + 8
  EXPECT_EQ(label(s, "A-r0-c2"), "1");  // threadID_in_group 1 holds columns 2-3
  r.labels = fs::CellLabels::none;
  s = build(r);
  EXPECT_EQ(label(s, "A-r0-c0"), "<none>");
  EXPECT_EQ(fill(s, "A-r0-c0"), lane(0));  // still coloured by lane
  EXPECT_EQ(count_cells(s, "A"), 16 * 8);
  EXPECT_TRUE(has_text(s, "groupID = lane >> 2, threadID_in_group = lane % 4"));
}

// Issue 26: a figure says what it rests on. No GPU has run an sm_120a entry, so its picture carries
// the model-only line with the target (as the app's status line and `fragviz-cli layout` say it);
// an sm_80 entry carries none.
TEST(ExportFragments, AnEntryNoGpuRanSaysItIsModelOnly) {
  fs::ViewRequest r;
  r.view = fs::View::fragments;
  r.instr = "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e4m3.e4m3.f32";
  EXPECT_TRUE(
      has_text(build(r), "model only (needs sm_120a): PTX ISA 9.2 and CuTe 4.2 agree; not yet run on a GPU"));
  r.instr = "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0";
  EXPECT_TRUE(has_text(build(r),
                       "model only (needs sm_120a): PTX ISA 9.2 only (CuTe 4.2 has no .kind::mxf4 "
                       "atom; it issues .kind::mxf4nvf4 .scale_vec::2X for ue8m0 scales); not yet "
                       "run on a GPU"));
  r.instr = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
  const fs::Scene s = build(r);
  for (const auto& item : s.items) {
    if (const auto* t = std::get_if<fs::Text>(&item)) {
      EXPECT_EQ(t->text.find("model only"), std::string::npos) << t->text;
    }
  }
}

namespace {

/// The report marks a scene carries: each green corner's id, and the red strokes of its wrong
/// marks (a cross and a four-line outline: 6 per wrong cell).
struct ReportMarks {
  std::vector<std::string> corners;
  int strokes = 0;
};
ReportMarks report_marks(const fs::Scene& s) {
  ReportMarks m;
  const fragviz::app::Rgb wrong = fragviz::app::kCtaWrongColour;
  for (const auto& item : s.items) {
    if (const auto* t = std::get_if<fs::Triangle>(&item)) m.corners.push_back(t->id);
    if (const auto* l = std::get_if<fs::Line>(&item); l && l->colour == fs::Colour{wrong.r, wrong.g, wrong.b})
      ++m.strokes;
  }
  return m;
}

/// Whether `s` (built without a report) carries no mark and no "measured on" line.
bool unmarked(const fs::Scene& s) {
  for (const auto& item : s.items) {
    if (std::holds_alternative<fs::Triangle>(item)) return false;
    if (const auto* t = std::get_if<fs::Text>(&item); t && t->text.find("measured on") != std::string::npos)
      return false;
  }
  return true;
}

}  // namespace

// Newcomer round 25: with a probe report open the screen's cells carry its marks (a green corner
// where every check matches, a red cross where one differs) and the view says "measured on ...";
// File > Export and `export --report` drew neither. A hand-made report: lane 0's a0 (A (0,0))
// measured where the PTX ISA puts it, lane 5's a0 (A (1,2): groupID 1, threadID_in_group 1)
// measured at (3,3).
TEST(ExportFragments, AReportsMarksAndLineAsOnScreen) {
  const std::string mnemonic = "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32";
  auto report = std::make_shared<fragviz::ProbeReport>();
  fragviz::InstructionProbe p;
  p.mnemonic = mnemonic;
  p.ran = true;
  p.tile_exact = true;
  fragviz::ElementCheck good;
  good.operand = fragviz::Operand::A;
  good.lane = 0;
  good.element = 0;
  good.expected = fragviz::Coord{0, 0, 0};
  good.measured = fragviz::Coord{0, 0, 0};
  fragviz::ElementCheck bad = good;
  bad.lane = 5;
  bad.expected = fragviz::Coord{1, 2, 0};
  bad.measured = fragviz::Coord{3, 3, 0};
  p.elements = {good, bad};
  report->instructions.push_back(p);
  fs::ViewRequest r;
  r.view = fs::View::fragments;
  r.instr = mnemonic;
  r.report = report;
  r.report_label = "measured on Test GPU, sm_90";
  const fs::Scene s = build(r);
  const ReportMarks marks = report_marks(s);
  EXPECT_EQ(marks.corners, std::vector<std::string>{"A-r0-c0-measured"});  // only the matching cell
  EXPECT_EQ(marks.strokes, 6);                                             // the wrong mark, once
  EXPECT_TRUE(
      has_text(s, "measured on Test GPU, sm_90: tensor core 1 of 2 elements differ (marked with a red X)"));
  // The SVG names the corner, so a reader finds it.
  EXPECT_NE(fs::svg_text(s).find("<polygon id=\"A-r0-c0-measured\""), std::string::npos);
  // Without a report: no marks and no such line.
  r.report = nullptr;
  r.report_label.clear();
  EXPECT_TRUE(unmarked(build(r)));
}

// Newcomer round 26: the warpgroup export drew none of the report's marks the view shows. A
// report with two D checks of m64n64k16 (from the PTX ISA's D layout: thread 0's d0 is (0,0), thread
// 37's d1 is (17,3), here measured at (18,3)): one green corner, one red cross, the line and no
// "PTX ISA" subtitle; without the report, none of it.
TEST(ExportWarpgroup, AReportsMarksAndLineAsOnScreen) {
  const std::string mnemonic = "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16";
  auto report = std::make_shared<fragviz::ProbeReport>();
  fragviz::WgmmaProbe p;
  p.mnemonic = mnemonic;
  p.ran = true;
  p.tile_exact = true;
  fragviz::ElementCheck good;
  good.operand = fragviz::Operand::C;
  good.lane = 0;
  good.element = 0;
  good.expected = fragviz::Coord{0, 0, 0};
  good.measured = fragviz::Coord{0, 0, 0};
  fragviz::ElementCheck bad = good;
  bad.lane = 37;
  bad.element = 1;
  bad.expected = fragviz::Coord{17, 3, 0};
  bad.measured = fragviz::Coord{18, 3, 0};
  p.d = {good, bad};
  report->wgmma.push_back(p);
  fs::ViewRequest r;
  r.view = fs::View::warpgroup;
  r.instr = mnemonic;
  r.report = report;
  r.report_label = "measured on Test GPU, sm_90";
  const fs::Scene s = build(r);
  const ReportMarks marks = report_marks(s);
  EXPECT_EQ(marks.corners, std::vector<std::string>{"D-r0-c0-measured"});
  EXPECT_EQ(marks.strokes, 6);  // as the fragments export draws one wrong cell
  bool line = false, ptx = false;
  for (const auto& item : s.items)
    if (const auto* t = std::get_if<fs::Text>(&item)) {
      line = line || (t->text.rfind("measured on Test GPU, sm_90: 1 of 2 D elements", 0) == 0 &&
                      t->text.find("(1 differ: red X)") != std::string::npos);
      ptx = ptx || t->text.find("PTX ISA") != std::string::npos;
    }
  EXPECT_TRUE(line);
  EXPECT_FALSE(ptx);
  r.report = nullptr;
  r.report_label.clear();
  EXPECT_TRUE(unmarked(build(r)));
}

TEST(ExportFragments, M8n8k4DrawsEveryProduct) {
  const fs::Scene s = fragments("mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32");
  for (int p = 0; p < 4; ++p) EXPECT_EQ(count_cells(s, "Ap" + std::to_string(p)), 8 * 4) << p;
}

TEST(ExportFragments, RefusesAMnemonicOutsideTheCatalogue) {
  fs::ViewRequest r;
  r.instr = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f16x";
  const auto s = fs::build_scene(r);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error.kind, ErrorKind::refused);
  EXPECT_NE(s.error.message.find("no mma.sync of the catalogue"), std::string::npos);
}

// A crop keeps exactly the cells asked for, named and labelled as uncropped (PTX ISA m16n8k16 A:
// a_i at row groupID (+8 for a2, a3, a6, a7), col 2 * tid + (i & 1) (+8 for a4..a7)).
TEST(ExportCrop, OneOperandsBlockIsExactlyTheCellsAsked) {
  fs::ViewRequest r;
  r.view = fs::View::fragments;
  r.instr = kM16n8k16;
  r.crop.operand = "A";
  r.crop.rows = fs::IndexRange{4, 11};
  r.crop.cols = fs::IndexRange{8, 15};
  const fs::Scene s = build(r);
  EXPECT_EQ(count_cells(s, "A"), 8 * 8);
  EXPECT_EQ(count_cells(s, "B"), 0);
  EXPECT_EQ(count_cells(s, "C"), 0);
  for (int row = 0; row < 16; ++row)
    for (int col = 0; col < 16; ++col) {
      const std::string id = "A-r" + std::to_string(row) + "-c" + std::to_string(col);
      EXPECT_EQ(find_cell(s, id) >= 0, row >= 4 && row < 12 && col >= 8) << id;
    }
  EXPECT_EQ(label(s, "A-r4-c8"), "T16 V4");    // groupID 4, tid 0, a4
  EXPECT_EQ(label(s, "A-r8-c8"), "T0 V6");     // groupID 0 (+8), tid 0, a6
  EXPECT_EQ(label(s, "A-r11-c15"), "T15 V7");  // groupID 3 (+8), tid 3, col 2*3+1+8, a7
  EXPECT_EQ(fill(s, "A-r4-c8"), lane(16));
  // The index labels are the tile's, not the crop's 0-7.
  EXPECT_TRUE(has_text(s, "15"));
  EXPECT_TRUE(has_text(s, "11"));
}

TEST(ExportCrop, AnOperandAloneAndEveryProduct) {
  fs::ViewRequest r;
  r.view = fs::View::fragments;
  r.instr = kM16n8k16;
  r.crop.operand = "C/D";
  const fs::Scene s = build(r);
  EXPECT_EQ(count_cells(s, "C"), 16 * 8);
  EXPECT_EQ(count_cells(s, "A") + count_cells(s, "B"), 0);
  EXPECT_EQ(label(s, "C-r9-c5"), "T6 V3");
  r.instr = "mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32";
  r.crop.operand = "b";
  r.crop.cols = fs::IndexRange{0, 3};
  const fs::Scene q = build(r);
  for (int p = 0; p < 4; ++p) EXPECT_EQ(count_cells(q, "Bp" + std::to_string(p)), 4 * 4) << p;
  EXPECT_EQ(count_cells(q, "Ap0") + count_cells(q, "Cp0"), 0);
}

// PTX ISA, wgmma D: warp w owns rows 16w..16w+15; d_i at row 16w + groupID + 8 * ((i / 2) % 2), col
// 8 * (i / 4) + 2 * tid + (i % 2).
TEST(ExportCrop, WarpgroupD) {
  fs::ViewRequest r;
  r.view = fs::View::warpgroup;
  r.instr = "m64n256k16.f32.f16.f16";
  r.crop.operand = "D";
  r.crop.rows = fs::IndexRange{16, 31};
  r.crop.cols = fs::IndexRange{8, 15};
  const fs::Scene s = build(r);
  EXPECT_EQ(count_cells(s, "D"), 16 * 8);
  EXPECT_EQ(count_cells(s, "A"), 0);
  EXPECT_EQ(label(s, "D-r16-c8"), "T32 V4");
  EXPECT_EQ(label(s, "D-r31-c15"), "T63 V7");
  EXPECT_LT(find_cell(s, "D-r15-c8"), 0);
}

// Issue 22: the warpgroup picture labels its cells as the screen's read at its zoom (the same
// cells as WarpgroupD: D(16,8) is T32 V4), down to the thread's number alone.
TEST(ExportCrop, WarpgroupLabelsFollowTheScreen) {
  fs::ViewRequest r;
  r.view = fs::View::warpgroup;
  r.instr = "m64n256k16.f32.f16.f16";
  r.crop.operand = "D";
  r.crop.rows = fs::IndexRange{16, 31};
  r.crop.cols = fs::IndexRange{8, 15};
  r.labels = fs::CellLabels::lane;
  EXPECT_EQ(label(build(r), "D-r16-c8"), "T32");
  r.labels = fs::CellLabels::number;
  EXPECT_EQ(label(build(r), "D-r31-c15"), "63");
  r.labels = fs::CellLabels::none;
  const fs::Scene s = build(r);
  EXPECT_EQ(label(s, "D-r16-c8"), "<none>");
  EXPECT_EQ(count_cells(s, "D"), 16 * 8);
}

TEST(ExportCrop, RefusesWhatCannotBeCut) {
  fs::ViewRequest r;
  r.view = fs::View::fragments;
  r.instr = kM16n8k16;
  r.crop.rows = fs::IndexRange{0, 3};  // no operand: A, B and C/D differ in shape
  auto s = fs::build_scene(r);
  ASSERT_FALSE(s);
  EXPECT_NE(s.error.message.find("needs --operand"), std::string::npos) << s.error.message;
  r.crop.operand = "B";
  r.crop.rows = fs::IndexRange{0, 16};
  s = fs::build_scene(r);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error.message, "rows=0-16 is outside B's 16 x 8 (rows 0-15)");
  r.view = fs::View::warpgroup;
  r.instr = "m64n64k16.f32.f16.f16";
  r.crop.rows.reset();
  s = fs::build_scene(r);
  ASSERT_FALSE(s);
  EXPECT_NE(s.error.message.find("B is in shared memory"), std::string::npos) << s.error.message;
}

// Issue 22: the app's crop counted both ends (rows 0 to 7: 8 rows) while --crop excluded the last
// (rows=0:8). One convention now, both ends included, read by parse_crop and written by crop_text
// and describe_range for the dialog, the CLI and the captions alike.
TEST(ExportCrop, ParsesRowsAndColsBothEndsIncluded) {
  const auto both = fs::parse_crop("rows=0-15, cols=0-7");
  ASSERT_TRUE(both) << both.error.message;
  EXPECT_EQ(both->rows, (fs::IndexRange{0, 15}));
  EXPECT_EQ(both->cols, (fs::IndexRange{0, 7}));
  EXPECT_EQ(both->rows->count(), 16);
  const auto cols = fs::parse_crop("cols=4-11");
  ASSERT_TRUE(cols);
  EXPECT_FALSE(cols->rows);
  EXPECT_EQ(cols->cols, (fs::IndexRange{4, 11}));
  const auto one = fs::parse_crop("rows=3-3");  // one row
  ASSERT_TRUE(one) << one.error.message;
  EXPECT_EQ(one->rows->count(), 1);
  for (const char* bad : {"", "rows=4", "rows=5-2", "rows=-1-2", "rows=0-2,rows=2-4", "row=0-2", "rows=a-b",
                          "rows=0-2,", "rows=0:4"})
    EXPECT_FALSE(fs::parse_crop(bad)) << bad;
  // The older half-open spelling is refused with the same rows in this convention, never read.
  const auto old = fs::parse_crop("rows=0:16");
  ASSERT_FALSE(old);
  EXPECT_NE(old.error.message.find("rows=0-15"), std::string::npos) << old.error.message;
  EXPECT_EQ(fs::parse_crop_operand("d"), std::optional<std::string>("C"));
  EXPECT_EQ(fs::parse_crop_operand("C/D"), std::optional<std::string>("C"));
  EXPECT_FALSE(fs::parse_crop_operand("E"));
}

TEST(ExportCrop, WrittenAsItIsRead) {
  fs::Crop c;
  EXPECT_EQ(fs::crop_text(c), "");
  EXPECT_EQ(fs::describe_crop(c), "");
  c.rows = fs::IndexRange{0, 7};
  EXPECT_EQ(fs::crop_text(c), "rows=0-7");
  EXPECT_EQ(fs::describe_crop(c), "rows 0-7 (8 rows)");
  c.cols = fs::IndexRange{8, 8};
  EXPECT_EQ(fs::crop_text(c), "rows=0-7,cols=8-8");
  EXPECT_EQ(fs::describe_crop(c), "rows 0-7 (8 rows), columns 8-8 (1 column)");
  const auto back = fs::parse_crop(fs::crop_text(c));
  ASSERT_TRUE(back) << back.error.message;
  EXPECT_EQ(back->rows, c.rows);
  EXPECT_EQ(back->cols, c.cols);
}

// PTX ISA, wgmma D: warp w = thread / 32 owns rows 16w..16w+15; inside, the m16n8 C layout repeated
// along N: d_i at row 16w + groupID + 8 * ((i / 2) % 2), col 8 * (i / 4) + 2 * tid + (i % 2).
TEST(ExportWarpgroup, M64n256LargeTileCells) {
  fs::ViewRequest r;
  r.view = fs::View::warpgroup;
  r.instr = "m64n256k16.f32.f16.f16";  // the prefix is optional
  const fs::Scene s = build(r);
  EXPECT_EQ(count_cells(s, "D"), 64 * 256);
  EXPECT_EQ(count_cells(s, "A"), 64 * 16);
  EXPECT_EQ(label(s, "D-r0-c0"), "T0 V0");
  EXPECT_EQ(label(s, "D-r8-c0"), "T0 V2");
  EXPECT_EQ(label(s, "D-r0-c8"), "T0 V4");
  EXPECT_EQ(label(s, "D-r16-c0"), "T32 V0");
  EXPECT_EQ(label(s, "D-r63-c255"), "T127 V127");
  EXPECT_EQ(label(s, "A-r16-c0"), "T32 V0");
  EXPECT_EQ(label(s, "A-r8-c8"), "T0 V6");
  // The SVG of 17,000 cells: every cell a <rect id>, every label a <text>.
  const std::string svg = fs::svg_text(s);
  EXPECT_NE(svg.find("id=\"D-r63-c255\""), std::string::npos);
  EXPECT_NE(svg.find(">T127 V127</text>"), std::string::npos);
}

/// The label drawn over the run of cells c0..c1 of the ldmatrix tile's row `row` (a register's bytes
/// under one label, or one half or word): each cell's Rect in order, a run of several inside one
/// outline Rect, then its Text, which no earlier cell of the run has; "<none>" otherwise.
std::string run_label(const fs::Scene& s, int row, int c0, int c1) {
  const auto id = [&](int c) { return "tile-r" + std::to_string(row) + "-c" + std::to_string(c); };
  const long first = find_cell(s, id(c0));
  if (first < 0) return "<none>";
  for (int c = c0; c <= c1; ++c)
    if (find_cell(s, id(c)) != first + (c - c0)) return "<none>";
  std::size_t i = static_cast<std::size_t>(first + (c1 - c0) + 1);
  if (c1 > c0) {  // the run's outline, no cell of its own
    const auto* outline = i < s.items.size() ? std::get_if<fs::Rect>(&s.items[i]) : nullptr;
    if (!outline || !outline->id.empty()) return "<none>";
    ++i;
  }
  const auto* t = i < s.items.size() ? std::get_if<fs::Text>(&s.items[i]) : nullptr;
  return t ? t->text : "<none>";
}

// ldmatrix .x4 (plain) as the explorer draws it (PTX ISA, "ldmatrix"): matrix j, at rows 8(j%2),
// bytes 16(j/2) of the tile, goes to register j; lane 4(row%8) + (byte%16)/4 receives bytes
// 4((byte%16)/4)..+3 of its row, byte b of them in bits 8b..8b+7. Halves for f16: half h of a
// register is bytes 2h, 2h+1 (.lo, .hi).
TEST(ExportMatrixMoves, LdmatrixF16HalvesAsTheView) {
  fs::ViewRequest r;
  r.view = fs::View::ldmatrix;
  r.instr = kM16n8k16;
  r.title_and_legend = false;
  fs::Scene s = build(r);
  EXPECT_EQ(count_cells(s, "tile"), 16 * 16);  // 16 rows of 32 bytes in halves
  EXPECT_EQ(count_cells(s, "address"), 0);     // no second grid: the screen has none
  for (int row = 0; row < 16; ++row)
    for (int col = 0; col < 16; ++col) {
      const int byte = 2 * col, owner = 4 * (row % 8) + (byte % 16) / 4, reg = row / 8 + 2 * (byte / 16);
      const std::string want =
          "T" + std::to_string(owner) + " r" + std::to_string(reg) + ((byte % 4) / 2 ? ".hi" : ".lo");
      EXPECT_EQ(label(s, "tile-r" + std::to_string(row) + "-c" + std::to_string(col)), want)
          << "row " << row << " col " << col;
      EXPECT_EQ(fill(s, "tile-r" + std::to_string(row) + "-c" + std::to_string(col)), lane(owner));
    }
  // .trans: each matrix transposed on its own, lane l's half h is the matrix's (2(l%4) + h, l/4):
  // its (i, c) goes to lane 4c + i/2, half i%2.
  r.ldmatrix.trans = true;
  s = build(r);
  for (int row = 0; row < 16; ++row)
    for (int col = 0; col < 16; ++col) {
      const int i = row % 8, c = col % 8, owner = 4 * c + i / 2, reg = row / 8 + 2 * (col / 8);
      EXPECT_EQ(label(s, "tile-r" + std::to_string(row) + "-c" + std::to_string(col)),
                "T" + std::to_string(owner) + " r" + std::to_string(reg) + (i % 2 ? ".hi" : ".lo"))
          << ".trans row " << row << " col " << col;
    }
  EXPECT_EQ(label(s, "tile-r9-c10"), "T8 r3.hi");  // matrix 3's (1, 2): lane 8, its high half
}

// m16n8k32 .s8: the explorer's cells are bytes (the view's), a register's four bytes of one row under
// one label "T<lane> r<register>", and each lane l < 32 marks the start of matrix l/8's row l%8 with a
// bar in its colour, named left of the tile for the left-hand matrices (lanes 0-15).
TEST(ExportMatrixMoves, LdmatrixS8BytesAsTheView) {
  fs::ViewRequest r;
  r.view = fs::View::ldmatrix;
  r.instr = "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32";
  r.title_and_legend = false;
  const fs::Scene s = build(r);
  EXPECT_EQ(count_cells(s, "tile"), 16 * 32);
  for (int row = 0; row < 16; ++row)
    for (int byte = 0; byte < 32; byte += 4) {
      const int owner = 4 * (row % 8) + (byte % 16) / 4, reg = row / 8 + 2 * (byte / 16);
      EXPECT_EQ(run_label(s, row, byte, byte + 3), "T" + std::to_string(owner) + " r" + std::to_string(reg))
          << "row " << row << " byte " << byte;
      for (int b = byte; b < byte + 3; ++b)  // one label a register: none after a run's first bytes
        EXPECT_EQ(label(s, "tile-r" + std::to_string(row) + "-c" + std::to_string(b)), "<none>");
      for (int b = byte; b < byte + 4; ++b)
        EXPECT_EQ(fill(s, "tile-r" + std::to_string(row) + "-c" + std::to_string(b)), lane(owner));
    }
  for (int l = 0; l < 32; ++l) {
    const int row = 8 * ((l / 8) % 2) + l % 8, byte = 16 * ((l / 8) / 2);
    EXPECT_EQ(fill(s, "start-r" + std::to_string(row) + "-c" + std::to_string(byte)), lane(l)) << l;
    EXPECT_EQ(has_text(s, "T" + std::to_string(l)), byte == 0) << l;  // named where it starts the tile's row
  }
  EXPECT_EQ(count_cells(s, "start"), 32);
  // --lane: its runs outlined, every other lane's faded.
  fs::ViewRequest h = r;
  h.lane = 5;
  const fs::Scene hs = build(h);
  EXPECT_EQ(fill(hs, "tile-r1-c4"), lane(5));  // lane 5: row 1, bytes 4-7
  EXPECT_NE(fill(hs, "tile-r0-c0"), lane(0));
}

// stmatrix .x4 as the matrix-move view draws it (PTX ISA, "stmatrix"): register j of lane l holds
// row l/4, columns 2(l%4) (.lo) and 2(l%4)+1 (.hi) of matrix j, at tile rows 8(j%2), columns 8(j/2);
// each cell says "T<lane> r<register>.lo|hi" (the screen's two lines), no "T<lane> V<element>" and
// no second "Row addresses" grid (issue 22); lanes 8j..8j+7 give matrix j's row addresses, each
// row start marked by a bar in its lane's colour, the lane named left of the tile for matrices 0, 1.
TEST(ExportMatrixMoves, StmatrixCellsAsTheView) {
  fs::ViewRequest r;
  r.view = fs::View::stmatrix;
  r.title_and_legend = false;
  const fs::Scene s = build(r);
  EXPECT_EQ(count_cells(s, "tile"), 16 * 16);
  EXPECT_EQ(count_cells(s, "address"), 0);  // no second grid: the screen has none
  for (int j = 0; j < 4; ++j)
    for (int l = 0; l < 32; ++l)
      for (int h = 0; h < 2; ++h) {
        const std::string id = "tile-r" + std::to_string(8 * (j % 2) + l / 4) + "-c" +
                               std::to_string(8 * (j / 2) + 2 * (l % 4) + h);
        EXPECT_EQ(label(s, id), "T" + std::to_string(l) + " r" + std::to_string(j) + (h ? ".hi" : ".lo"))
            << id;
        EXPECT_EQ(fill(s, id), lane(l)) << id;
      }
  for (const auto& item : s.items) {
    if (const auto* t = std::get_if<fs::Text>(&item)) {
      EXPECT_FALSE(std::regex_search(t->text, std::regex(" V[0-9]|Row addresses"))) << t->text;
    }
  }
  for (int l = 0; l < 32; ++l) {
    const int row = 8 * ((l / 8) % 2) + l % 8, col = 8 * ((l / 8) / 2);
    EXPECT_EQ(fill(s, "start-r" + std::to_string(row) + "-c" + std::to_string(col)), lane(l)) << l;
    EXPECT_EQ(has_text(s, "T" + std::to_string(l)), col == 0) << l;  // named where it starts the tile's row
  }
  EXPECT_EQ(count_cells(s, "start"), 32);
  // .x1.trans: matrix 0 transposed, lane 5's r0.lo at (2(5%4), 5/4) = (2, 1); only lanes 0-7 address.
  r.ldmatrix = fragviz::LdmatrixConfig{fragviz::LdmNum::x1, true};
  const fs::Scene t = build(r);
  EXPECT_EQ(count_cells(t, "tile"), 8 * 8);
  EXPECT_EQ(label(t, "tile-r2-c1"), "T5 r0.lo");
  EXPECT_EQ(count_cells(t, "start"), 8);
  // The selected lane: its cells keep their colour and are outlined (a black-stroked Rect over each),
  // every other lane's faded; its row start drawn 6 wide (3 for the others).
  r.ldmatrix = fragviz::LdmatrixConfig{fragviz::LdmNum::x4, false};
  r.lane = 5;
  const fs::Scene hs = build(r);
  EXPECT_EQ(fill(hs, "tile-r1-c11"), lane(5));  // lane 5's r2.hi: matrix 2's (1, 3)
  EXPECT_NE(fill(hs, "tile-r0-c0"), lane(0));
  int outlined = 0;
  for (const auto& item : hs.items)
    if (const auto* x = std::get_if<fs::Rect>(&item);
        x && x->id.empty() && x->stroke == fs::kBlack && x->fill == lane(5))
      ++outlined;
  EXPECT_EQ(outlined, 8);  // two halves of four registers
  const auto width = [](const fs::Scene& sc, const std::string& id) {
    const long i = find_cell(sc, id);
    return i < 0 ? -1.0 : std::get<fs::Rect>(sc.items[static_cast<std::size_t>(i)]).w;
  };
  EXPECT_EQ(width(hs, "start-r5-c0"), 6.0);  // lane 5: matrix 0's row 5
  EXPECT_EQ(width(hs, "start-r4-c0"), 3.0);
  // The screen's other levels (its zoom, --labels): the lane alone, its number, nothing.
  r.lane = -1;
  r.labels = fs::CellLabels::lane;
  EXPECT_EQ(label(build(r), "tile-r1-c11"), "T5");
  r.labels = fs::CellLabels::number;
  EXPECT_EQ(label(build(r), "tile-r1-c11"), "5");
  r.labels = fs::CellLabels::none;
  const fs::Scene none = build(r);
  EXPECT_EQ(count_cells(none, "tile"), 16 * 16);
  // Its only texts: the 16 row and 16 column numbers and the row starts' lanes T0-T15.
  std::vector<std::string> texts;
  for (const auto& item : none.items)
    if (const auto* t = std::get_if<fs::Text>(&item)) texts.push_back(t->text);
  std::vector<std::string> want;
  for (int i = 0; i < 16; ++i)
    want.insert(want.end(), {std::to_string(i), std::to_string(i), "T" + std::to_string(i)});
  std::sort(texts.begin(), texts.end());
  std::sort(want.begin(), want.end());
  EXPECT_EQ(texts, want);
}

// An instruction whose operands no ldmatrix loads (.f64, m8n8k4): the ldmatrix view shows no grid but
// says why, and its export refuses in those words instead of drawing the .b16 halves as if they were
// the instruction's (issue 22). tf32 is loaded (as 32-bit words): drawn.
TEST(ExportMatrixMoves, LdmatrixWithoutAFormIsRefusedInTheViewsWords) {
  fs::ViewRequest r;
  r.view = fs::View::ldmatrix;
  r.palette = fragviz::app::assets().palette;
  for (const char* in :
       {"mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64", "mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64",
        "mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32"}) {
    r.instr = in;
    const auto refused = fs::build_scene(r);
    EXPECT_EQ(refused.error.kind, ErrorKind::refused) << in;
    EXPECT_EQ(refused.error.message.rfind(std::string(in) + ": no ldmatrix form", 0), 0u)
        << refused.error.message;
    EXPECT_NE(refused.error.message.find(
                  ". The explorer models the .b16 ldmatrix, which fills A and B of every other instruction"),
              std::string::npos)
        << refused.error.message;
  }
  r.instr = "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64";
  EXPECT_NE(fs::build_scene(r).error.message.find("an .f64 element fills a 64-bit register"),
            std::string::npos);
  r.instr = "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32";
  EXPECT_TRUE(fs::build_scene(r));
}

// The bank view of an instruction no ldmatrix loads (.f64, m8n8k4) shows only why, in place of its
// grids: both its pictures refuse in those words, not drawing the explorer's .b16 ldmatrix (issue
// 22). Its Layout mode draws the user's own access (here LDS.128) whatever the instruction, and so
// does its export; tf32 is loaded (as 32-bit words): drawn.
TEST(ExportBanks, NoLdmatrixFormIsRefusedInTheViewsWords) {
  for (const fs::BankPicture picture : {fs::BankPicture::lines, fs::BankPicture::tile})
    for (const char* in : {"mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64",
                           "mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64",
                           "mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32"}) {
      fs::ViewRequest r;
      r.view = fs::View::banks;
      r.palette = fragviz::app::assets().palette;
      r.bank_picture = picture;
      r.instr = in;
      const auto refused = fs::build_scene(r);
      EXPECT_EQ(refused.error.kind, ErrorKind::refused) << in;
      EXPECT_EQ(refused.error.message.rfind(std::string(in) + ": no ldmatrix form", 0), 0u)
          << refused.error.message;
      EXPECT_NE(refused.error.message.find(". The bank view shows the row addresses of the .b16 ldmatrix, "
                                           "which fills A and B of every other instruction"),
                std::string::npos)
          << refused.error.message;
      r.instr = "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32";
      EXPECT_TRUE(fs::build_scene(r)) << fs::build_scene(r).error.message;
    }
  fs::ViewRequest r;
  r.view = fs::View::banks;
  r.palette = fragviz::app::assets().palette;
  r.layout_mode = true;
  r.instr = "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64";
  r.layout = "Swizzle<3,3,3> o (16,64):(64,1)";
  r.access = "lds128";
  EXPECT_TRUE(fs::build_scene(r)) << fs::build_scene(r).error.message;
}

// movmatrix.trans: destination lane l, half h holds M^T at (l/4, 2(l%4)+h) = M at (2(l%4)+h, l/4),
// which source lane 4(2(l%4)+h) + (l/4)/2 held in half (l/4)%2. The picture says what the screen says
// (movmatrix_cell): each cell its register half "T<lane>.lo|hi", before with the element of M it
// holds, after with the source half it received, coloured by that source lane; no "T<lane> V<half>"
// (issue 22: the picture said "T0 V1" where the screen says "T0.hi").
TEST(ExportMatrixMoves, MovmatrixIsTheTransposeInTheViewsWords) {
  fs::ViewRequest r;
  r.view = fs::View::movmatrix;
  r.title_and_legend = false;
  const fs::Scene s = build(r);
  EXPECT_EQ(count_cells(s, "before"), 64);
  EXPECT_EQ(count_cells(s, "after"), 64);
  const auto half = [](int lane, int h) { return "T" + std::to_string(lane) + (h ? ".hi" : ".lo"); };
  for (int l = 0; l < 32; ++l)
    for (int h = 0; h < 2; ++h) {
      const int row = l / 4, col = 2 * (l % 4) + h;  // (lane, half)'s place in both grids
      const std::string at = "-r" + std::to_string(row) + "-c" + std::to_string(col);
      EXPECT_EQ(label(s, "before" + at), half(l, h) + " M" + std::to_string(row) + "," + std::to_string(col));
      EXPECT_EQ(fill(s, "before" + at), lane(l));
      const int source = 4 * col + row / 2, source_half = row % 2;  // held M(col, row) before
      EXPECT_EQ(label(s, "after" + at), half(l, h) + " <" + half(source, source_half)) << at;
      EXPECT_EQ(fill(s, "after" + at), lane(source)) << at;
    }
  EXPECT_EQ(label(s, "after-r0-c1"), "T0.hi <T4.lo");   // lane 0 half 1 <- M(1,0): lane 4 half 0
  EXPECT_EQ(label(s, "after-r2-c3"), "T9.hi <T13.lo");  // lane 9 half 1 <- M(3,2): lane 13 half 0
  for (const auto& item : s.items)
    if (const auto* t = std::get_if<fs::Text>(&item)) {
      EXPECT_FALSE(std::regex_search(t->text, std::regex(" V[0-9]"))) << t->text;
    }
  // The screen's other levels (its zoom, --labels): the register half alone, its lane's number, nothing.
  r.labels = fs::CellLabels::lane;
  EXPECT_EQ(label(build(r), "after-r0-c1"), "T0.hi");
  r.labels = fs::CellLabels::number;
  EXPECT_EQ(label(build(r), "after-r0-c1"), "0");
  r.labels = fs::CellLabels::none;
  EXPECT_EQ(label(build(r), "after-r0-c1"), "<none>");
  // The selected lane: the cells in its colour keep it, every other lane's fade.
  r.labels = fs::CellLabels::full;
  r.lane = 4;
  const fs::Scene hs = build(r);
  EXPECT_EQ(fill(hs, "after-r0-c1"), lane(4));
  EXPECT_EQ(fill(hs, "before-r1-c0"), lane(4));
  EXPECT_NE(fill(hs, "before-r0-c0"), lane(0));
}

// Banks: Swizzle<3,3,3> o (16,64):(64,1) (the app's xor on a 64-half row): element (r, c) at offset
// 64r + (c ^ 8(r % 8)), byte 2x that, bank (c ^ 8(r % 8)) / 2 % 32. A padded row of 72 halves puts
// (r, c) at bank (36r + c/2) % 32.
TEST(ExportBanks, BankColoursOfAKnownSwizzleAndPad) {
  fs::ViewRequest r;
  r.view = fs::View::banks;
  r.bank_picture = fs::BankPicture::tile;  // the T/B tile picture
  r.pad_halves = 0;
  r.swizzle = "xor";
  fs::Scene s = build(r);
  EXPECT_EQ(s.title, "ldmatrix.sync.aligned.m8n8.x4.shared.b16 over Swizzle<3,3,3> o (16,64):(64,1)");
  // Cells are coloured by bank (hand-derived: r1 c8 is chunk 1 ^ 1 = 0 of row 1, byte 128: bank 0).
  EXPECT_EQ(fill(s, "tile-r1-c8"), fs::bank_colour(0));
  EXPECT_EQ(fill(s, "tile-r3-c17"), fs::bank_colour(4));
  EXPECT_EQ(fill(s, "tile-r0-c63"), fs::bank_colour(31));
  EXPECT_EQ(label(s, "tile-r1-c0"), "T1 B4");  // explorer lane 1 reads row 1 from col 0
  EXPECT_EQ(label(s, "tile-r0-c20"), "B10");
  EXPECT_TRUE(has_text(s,
                       "total: wavefronts 4, ideal wavefronts 4, bank conflicts 0 (Nsight Compute "
                       "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum, "
                       "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum)"));
  r.pad_halves = 8;
  r.swizzle = "none";
  s = build(r);
  EXPECT_EQ(fill(s, "tile-r1-c8"), fs::bank_colour(8));
  EXPECT_EQ(fill(s, "tile-r2-c0"), fs::bank_colour(8));
  // No pad, no swizzle: the 8 rows of each matrix start 128 bytes apart, on the same 4 banks.
  r.pad_halves = 0;
  s = build(r);
  EXPECT_TRUE(has_text(s, "8 wavefronts (8-way conflict)"));
  EXPECT_EQ(count_cells(s, "tile"), 16 * 64);
}

/// Whether the cell's word is outlined in `stroke` (the Rect drawn over it, inset 0.6).
bool outlined(const fs::Scene& s, const std::string& id, fs::Colour stroke) {
  const long i = find_cell(s, id);
  if (i < 0) return false;
  const auto& c = std::get<fs::Rect>(s.items[static_cast<std::size_t>(i)]);
  for (const auto& item : s.items)
    if (const auto* r = std::get_if<fs::Rect>(&item);
        r && r->id.empty() && r->x == c.x + 0.6 && r->y == c.y + 0.6 && r->stroke == stroke)
      return true;
  return false;
}

// Issue 22: the Layout mode exports its own lines x banks grid. Hand-derived: (32,64):(64,1) of b16
// puts each 64-half row in one 128-byte line; lds32 with row=lane, col=0 sends lane l to byte 128 l,
// line l, bank 0: one phase of 32 lanes asks bank 0 for 32 distinct words, 32 wavefronts, ideal 1.
TEST(ExportBanks, LayoutModeDrawsLinesByBanksAsTheScreen) {
  fs::ViewRequest r;
  r.view = fs::View::banks;
  r.bank_picture = fs::BankPicture::tile;  // the T/B tile picture
  r.layout_mode = true;
  r.layout = "(32,64):(64,1)";
  r.access = "lds32";
  r.lanes = "row=lane, col=0";
  fs::Scene s = build(r);
  EXPECT_EQ(count_cells(s, "words"), 32 * 32);
  EXPECT_EQ(count_cells(s, "tile"), 0);
  EXPECT_EQ(label(s, "words-r5-c0"), "T5");
  EXPECT_EQ(fill(s, "words-r5-c0"), lane(5));
  EXPECT_EQ(label(s, "words-r5-c1"), "<none>");  // an element no lane reads
  const fs::Colour red{220, 40, 30};
  EXPECT_TRUE(outlined(s, "words-r5-c0", red));
  EXPECT_FALSE(outlined(s, "words-r5-c1", red));
  EXPECT_TRUE(has_text(s, "0x0280"));  // line 5 starts at byte 5 * 128
  EXPECT_TRUE(has_text(s, "32"));      // bank 0's count under the grid (bank numbers stop at 31)
  EXPECT_TRUE(has_text(s, "wavefronts 32   ideal 1   bank conflicts 31   (32-way)"));
  EXPECT_TRUE(has_text(s, "phase 0 (lanes 0-31): 32 wavefronts (32-way conflict)"));
  // row=0, col=2*lane: lane l at byte 4 l, line 0, bank l; no bank serves two words.
  r.lanes = "row=0, col=2*lane";
  s = build(r);
  EXPECT_EQ(label(s, "words-r0-c9"), "T9");
  EXPECT_EQ(fill(s, "words-r0-c9"), lane(9));
  EXPECT_EQ(label(s, "words-r1-c9"), "<none>");
  EXPECT_FALSE(outlined(s, "words-r0-c9", red));
  EXPECT_TRUE(has_text(s, "wavefronts 1   ideal 1   bank conflicts 0   (1-way)"));
  // A bad field is refused with its own error, never a picture.
  r.layout = "(32,64):(64";
  EXPECT_FALSE(fs::build_scene(r));
  // The normal mode of the same request is the element tile coloured by bank, as before.
  r.layout = "(32,64):(64,1)";
  r.lanes = "row=lane, col=0";
  r.layout_mode = false;
  s = build(r);
  EXPECT_EQ(count_cells(s, "words"), 0);
  EXPECT_EQ(count_cells(s, "tile"), 32 * 64);
  EXPECT_EQ(label(s, "tile-r5-c0"), "T5 B0");
  EXPECT_EQ(fill(s, "tile-r5-c2"), fs::bank_colour(1));
}

TEST(ExportBanks, RefusesBadTilesAndLanes) {
  fs::ViewRequest r;
  r.view = fs::View::banks;
  r.bank_picture = fs::BankPicture::tile;  // the T/B tile picture
  r.width_halves = 7;
  EXPECT_EQ(fs::build_scene(r).error.kind, ErrorKind::refused);
  r.width_halves = 64;
  r.lanes = "row=lane&, col=0";  // does not read: malformed (fragviz-cli export exits 64, docs/cli.md)
  EXPECT_EQ(fs::build_scene(r).error.kind, ErrorKind::malformed);
  r.lanes.clear();
  r.pad_halves = 1;  // row starts off 16-byte boundaries: the PTX rule
  EXPECT_EQ(fs::build_scene(r).error.kind, ErrorKind::refused);
  r.pad_halves = 8;
  r.instr = "mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64";  // A has no ldmatrix form
  const auto f64 = fs::build_scene(r);
  EXPECT_EQ(f64.error.kind, ErrorKind::refused);
  EXPECT_NE(f64.error.message.find("64-bit register"), std::string::npos) << f64.error.message;
}

TEST(ExportBanks, An8BitOperandIsLoadedWithItsOwnLaneAddresses) {
  // s8 m16n8k32 A, stored 16 x 32 bytes with K contiguous, is filled by ldmatrix .x4 with lane L at
  // row L % 16, byte 16 (L / 16): in the .b16 tile (width 64 + pad 8 halves, no swizzle) lane 17's
  // row starts at row 1, half 8, so cells (1, 8..15) are outlined as T17's; the pad leaves 4
  // wavefronts, one per matrix, as for the seed's f16 A (the same addresses).
  fs::ViewRequest r;
  r.view = fs::View::banks;
  r.bank_picture = fs::BankPicture::tile;  // the T/B tile picture
  r.instr = "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32";
  const fs::Scene s = build(r);
  EXPECT_EQ(s.title.rfind("ldmatrix.sync.aligned.m8n8.x4.shared.b16 over ", 0), 0u) << s.title;
  EXPECT_EQ(label(s, "tile-r1-c8").rfind("T17 ", 0), 0u) << label(s, "tile-r1-c8");
  EXPECT_EQ(label(s, "tile-r1-c15").rfind("T17 ", 0), 0u) << label(s, "tile-r1-c15");
  EXPECT_EQ(label(s, "tile-r9-c0").rfind("T9 ", 0), 0u) << label(s, "tile-r9-c0");
  EXPECT_TRUE(has_text(s,
                       "total: wavefronts 4, ideal wavefronts 4, bank conflicts 0 (Nsight Compute "
                       "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum, "
                       "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum)"));
}

// The seed kernel's ownership (ldmatrix-k8, a request's default variant): warp (row % 64) / 16 +
// 4 ((col % 64) / 32), lane (row % 8) * 4 + (col % 8) / 2.
TEST(ExportOutput, MismatchesByBlockWarpAndLane) {
  auto g = std::make_shared<fragviz::GateReport>();
  g->ran = true;
  g->request.n = 256;
  g->mismatch_count = 2;
  g->mismatches = {{0, 0, 1.f, 2.f}, {70, 33, 1.f, 3.f}};
  fs::ViewRequest r;
  r.view = fs::View::output;
  r.gate = g;
  const fs::Scene s = build(r);
  EXPECT_EQ(count_cells(s, "blocks"), 4 * 4);
  const fs::Colour red{255, 46, 31}, green{33, 107, 56};
  EXPECT_EQ(fill(s, "blocks-r0-c0"), red);
  EXPECT_EQ(fill(s, "blocks-r1-c0"), red);
  EXPECT_EQ(fill(s, "blocks-r0-c1"), green);
  EXPECT_EQ(label(s, "warps-r0-c1"), "warp 4: 1");
  EXPECT_EQ(label(s, "warps-r0-c0"), "warp 0: 1");
  EXPECT_EQ(label(s, "warps-r1-c0"), "warp 1: 0");
  EXPECT_EQ(label(s, "lanes-r6-c0"), "T24: 1");
  EXPECT_EQ(label(s, "lanes-r0-c0"), "T0: 1");
  EXPECT_EQ(label(s, "lanes-r0-c1"), "T1: 0");
  // Only the first two of 5000 recorded: a block without a recorded mismatch whose last element lies
  // after (70, 33) in row-major order is unknown (grey), never green.
  g->mismatch_count = 5000;
  const fs::Scene p = build(r);
  const fs::Colour grey{133, 135, 143};
  EXPECT_EQ(fill(p, "blocks-r0-c1"), green);  // ends at (63, 127), before (70, 33)
  EXPECT_EQ(fill(p, "blocks-r1-c0"), red);
  EXPECT_EQ(fill(p, "blocks-r1-c1"), grey);
  EXPECT_EQ(fill(p, "blocks-r3-c3"), grey);
  r.gate = nullptr;
  EXPECT_EQ(fs::build_scene(r).error.kind, ErrorKind::refused);
}

// Each run is drawn with its own variant's tiling (gate_output.hpp), worked by hand: tile-128 has
// 128x128 blocks of 2x2 warps of 64x64, so (70, 3) is block (0, 0) (the seed's 64x64 would make it
// block (1, 0)) and warp 1 (64 rows down), lane (70 % 8) * 4 + (3 % 8) / 2 = 25; (200, 200) is block
// (1, 1), in it (72, 72): warp 1 + 2 = 3, lane 0.
TEST(ExportOutput, Tile128DrawsItsOwnBlocksAndWarps) {
  auto g = std::make_shared<fragviz::GateReport>();
  g->ran = true;
  g->request.n = 256;
  g->request.variant = fragviz::GateVariant::tile_128;
  g->mismatch_count = 2;
  g->mismatches = {{70, 3, 1.f, 2.f}, {200, 200, 1.f, 3.f}};
  fs::ViewRequest r;
  r.view = fs::View::output;
  r.gate = g;
  const fs::Scene s = build(r);
  EXPECT_EQ(count_cells(s, "blocks"), 2 * 2);
  const fs::Colour red{255, 46, 31}, green{33, 107, 56};
  EXPECT_EQ(fill(s, "blocks-r0-c0"), red);
  EXPECT_EQ(fill(s, "blocks-r1-c0"), green);
  EXPECT_EQ(fill(s, "blocks-r0-c1"), green);
  EXPECT_EQ(fill(s, "blocks-r1-c1"), red);
  // Wrapped to the 2 x 2 blocks and the warp and lane grids beside them (ExportWrap).
  EXPECT_TRUE(
      has_prose(s, "128 x 128 blocks (green: all match, red: a recorded mismatch, grey: not recorded)"));
  EXPECT_TRUE(has_prose(s, "ownership per tile-128's 128x128 block, 4 warps of 64x64, C/D of m16n8k16"));
  EXPECT_EQ(count_cells(s, "warps"), 2 * 2);
  EXPECT_EQ(label(s, "warps-r0-c0"), "warp 0: 0");
  EXPECT_EQ(label(s, "warps-r1-c0"), "warp 1: 1");
  EXPECT_EQ(label(s, "warps-r0-c1"), "warp 2: 0");
  EXPECT_EQ(label(s, "warps-r1-c1"), "warp 3: 1");
  EXPECT_EQ(label(s, "lanes-r6-c1"), "T25: 1");
  EXPECT_EQ(label(s, "lanes-r0-c0"), "T0: 1");
  // A size the variant's blocks do not tile is refused, not drawn with another kernel's blocks.
  g->request.n = 320;
  EXPECT_EQ(fs::build_scene(r).error.kind, ErrorKind::refused);
}

// wgmma-ws: 128x256 blocks; warps 0-3 produce, consumer warps 4-11 hold 16 rows each. (100, 5) is
// warp 4 + 100 / 16 = 10 (grid row 6), lane (100 % 8) * 4 + (5 % 8) / 2 = 18.
TEST(ExportOutput, WgmmaWsDrawsItsConsumerWarps) {
  auto g = std::make_shared<fragviz::GateReport>();
  g->ran = true;
  g->request.n = 256;
  g->request.variant = fragviz::GateVariant::wgmma_ws;
  g->mismatch_count = 1;
  g->mismatches = {{100, 5, 1.f, 2.f}};
  fs::ViewRequest r;
  r.view = fs::View::output;
  r.gate = g;
  const fs::Scene s = build(r);
  EXPECT_EQ(count_cells(s, "blocks"), 2 * 1);
  EXPECT_EQ(count_cells(s, "warps"), 8);
  EXPECT_EQ(label(s, "warps-r0-c0"), "warp 4: 0");
  EXPECT_EQ(label(s, "warps-r6-c0"), "warp 10: 1");
  EXPECT_EQ(label(s, "lanes-r4-c2"), "T18: 1");
}

// A user kernel's tiling is its own: regions of 64 x 64, no warps or lanes claimed.
TEST(ExportOutput, UserKernelClaimsNoWarps) {
  auto g = std::make_shared<fragviz::GateReport>();
  g->ran = true;
  g->request.n = 256;
  g->request.variant = fragviz::GateVariant::user_kernel;
  g->request.kernel = fragviz::UserKernel{};
  g->mismatch_count = 1;
  g->mismatches = {{70, 3, 1.f, 2.f}};
  fs::ViewRequest r;
  r.view = fs::View::output;
  r.gate = g;
  const fs::Scene s = build(r);
  EXPECT_EQ(count_cells(s, "blocks"), 4 * 4);
  EXPECT_EQ(fill(s, "blocks-r1-c0"), (fs::Colour{255, 46, 31}));
  EXPECT_EQ(count_cells(s, "warps"), 0);
  EXPECT_EQ(count_cells(s, "lanes"), 0);
}

TEST(ExportSvg, ReadBackTextAndRects) {
  const fs::Scene s = fragments(kM16n8k16);
  const std::string svg = fs::svg_text(s);
  // Every item is one element: rects = the scene's Rects + the white page.
  int rects = 0, texts = 0;
  for (const auto& item : s.items) {
    rects += std::holds_alternative<fs::Rect>(item);
    texts += std::holds_alternative<fs::Text>(item);
  }
  const auto count = [&](const std::regex& re) {
    return static_cast<int>(
        std::distance(std::sregex_iterator(svg.begin(), svg.end(), re), std::sregex_iterator()));
  };
  EXPECT_EQ(count(std::regex("<rect ")), rects + 1);
  EXPECT_EQ(count(std::regex("<text [^>]*>[^<]*</text>")), texts);
  EXPECT_EQ(count(std::regex(">T[0-9]+ V[0-9]+</text>")), 256 + 128 + 128);
  EXPECT_NE(svg.find("<rect id=\"A-r8-c0\""), std::string::npos);
  EXPECT_NE(svg.find(">T0 V2</text>"), std::string::npos);
  EXPECT_EQ(svg.find("<svg"), svg.find("<svg xmlns=\"http://www.w3.org/2000/svg\""));
}

TEST(ExportTikz, StandaloneDocumentWithEveryLabel) {
  const fs::Scene s = fragments(kM16n8k16);
  const std::string t = fs::tikz_text(s);
  EXPECT_NE(t.find("\\documentclass[tikz"), std::string::npos);
  EXPECT_NE(t.find("\\begin{tikzpicture}"), std::string::npos);
  EXPECT_NE(t.find("{T0 V2};"), std::string::npos);
  // The title's dots are plain; a TeX special in a label is escaped.
  fs::Scene x;
  x.width = x.height = 10;
  x.add(fs::Text{1, 1, "a_b & 50%"});
  EXPECT_NE(fs::tikz_text(x).find("{a\\_b \\& 50\\%};"), std::string::npos);
}

TEST(ExportFormats, ByExtension) {
  EXPECT_EQ(fs::format_of_path("x/y.SVG"), fs::Format::svg);
  EXPECT_EQ(fs::format_of_path("y.png"), fs::Format::png);
  EXPECT_EQ(fs::format_of_path("y.tex"), fs::Format::tikz);
  EXPECT_FALSE(fs::format_of_path("y.jpg"));
  EXPECT_FALSE(fs::format_of_path("noext"));
}

// Newcomer round 26: fragviz-cli export --png x.jpg wrote PNG bytes under a JPEG name.
TEST(ExportFormats, ANameInAnotherFormatIsNamedAsWritten) {
  EXPECT_EQ(fs::extension_mismatch(fs::Format::png, "d/x.jpg"),
            "d/x.jpg ends in .jpg but the format is PNG; name the file .png");
  EXPECT_EQ(fs::extension_mismatch(fs::Format::svg, "x.PNG"),
            "x.PNG ends in .PNG but the format is SVG; choose PNG or name the file .svg");
  EXPECT_EQ(fs::extension_mismatch(fs::Format::tikz, "x.pdf"),
            "x.pdf ends in .pdf but the format is TikZ; choose PDF or name the file .tex");
  EXPECT_TRUE(fs::extension_mismatch(fs::Format::pdf, "x.JPEG").has_value());
  EXPECT_FALSE(fs::extension_mismatch(fs::Format::png, "x.png"));
  EXPECT_FALSE(fs::extension_mismatch(fs::Format::tikz, "x.tikz"));
  EXPECT_FALSE(fs::extension_mismatch(fs::Format::svg, "noext"));
  EXPECT_EQ(fs::extension_mismatch(fs::Format::png, "x.txt"),
            "x.txt ends in .txt but the format is PNG; name the file .png");  // newcomer round 28
  EXPECT_FALSE(fs::extension_mismatch(fs::Format::svg, "x.SVG"));
  EXPECT_FALSE(fs::extension_mismatch(fs::Format::svg, "a.jpg/noext"));
}

#ifdef FRAGVIZ_TEST_PNG
TEST(ExportPng, DecodedSizeAndCellColours) {
  const fs::Scene s = fragments(kM16n8k16);
  const auto bytes = fs::cairo_bytes(s, fs::Format::png, 2);
  ASSERT_TRUE(bytes) << bytes.error.message;
  int w = 0, h = 0, n = 0;
  unsigned char* px = stbi_load_from_memory(reinterpret_cast<const unsigned char*>(bytes.value->data()),
                                            static_cast<int>(bytes.value->size()), &w, &h, &n, 3);
  ASSERT_NE(px, nullptr);
  EXPECT_EQ(w, static_cast<int>(std::ceil(s.width * 2)));
  EXPECT_EQ(h, static_cast<int>(std::ceil(s.height * 2)));
  const auto at = [&](double x, double y) {
    const unsigned char* p = px + (static_cast<int>(y * 2) * w + static_cast<int>(x * 2)) * 3;
    return fs::Colour{p[0], p[1], p[2]};
  };
  // 1.5 pt inside a cell's top-left corner: its fill, away from the label and the 0.4 pt outline.
  for (const char* id : {"A-r1-c2", "B-r3-c2", "C-r9-c5"}) {
    const auto& r = std::get<fs::Rect>(s.items[static_cast<std::size_t>(find_cell(s, id))]);
    EXPECT_EQ(at(r.x + 1.5, r.y + 1.5), r.fill) << id;
  }
  EXPECT_EQ(at(1, 1), fs::kWhite);
  stbi_image_free(px);
}

TEST(ExportPng, LargeTileAndItsLimit) {
  fs::ViewRequest r;
  r.view = fs::View::warpgroup;
  r.instr = "wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16";
  const fs::Scene s = build(r);
  const auto one = fs::cairo_bytes(s, fs::Format::png, 1);
  ASSERT_TRUE(one) << one.error.message;
  int w = 0, h = 0, n = 0;
  ASSERT_TRUE(stbi_info_from_memory(reinterpret_cast<const unsigned char*>(one.value->data()),
                                    static_cast<int>(one.value->size()), &w, &h, &n));
  EXPECT_EQ(w, static_cast<int>(std::ceil(s.width)));
  EXPECT_GT(w, 9000);                                       // 256 columns of labelled cells
  const auto big = fs::cairo_bytes(s, fs::Format::png, 4);  // over 32767 pixels wide
  ASSERT_FALSE(big);
  EXPECT_EQ(big.error.kind, ErrorKind::refused);
  EXPECT_NE(big.error.message.find("32767"), std::string::npos);
  const auto pdf = fs::cairo_bytes(s, fs::Format::pdf, 1);
  ASSERT_TRUE(pdf);
  EXPECT_EQ(pdf.value->rfind("%PDF-", 0), 0u);
}
#endif

// Issue 22: bank 0 and lane 0 were the same red in two figures of one document.
TEST(ExportBanks, BankColoursAreNeverLaneColours) {
  for (int b = 0; b < 32; ++b)
    for (int l = 0; l < 32; ++l) EXPECT_NE(fs::bank_colour(b), lane(l)) << "bank " << b << ", lane " << l;
  for (int b = 1; b < 32; ++b) EXPECT_NE(fs::bank_colour(b), fs::bank_colour(b - 1)) << b;
  fs::ViewRequest r;
  r.view = fs::View::banks;
  r.bank_picture = fs::BankPicture::tile;  // the T/B tile picture
  EXPECT_TRUE(has_text(build(r), "B0"));   // the legend names banks
}

// --lane: the lane's cells keep their colour and are outlined; every other lane's are faded.
TEST(ExportHighlight, OneLaneKeepsItsColourTheOthersFade) {
  fs::ViewRequest r;
  r.view = fs::View::fragments;
  r.instr = kM16n8k16;
  r.lane = 5;
  const fs::Scene s = build(r);
  // PTX ISA m16n8k16 A: lane 5 (groupID 1, tid 1) holds a0 at (1, 2); lane 0 holds a0 at (0, 0).
  EXPECT_EQ(fill(s, "A-r1-c2"), lane(5));
  EXPECT_NE(fill(s, "A-r0-c0"), lane(0));
  int outlined = 0;
  for (const auto& item : s.items)
    if (const auto* rect = std::get_if<fs::Rect>(&item); rect && rect->id.empty() && rect->stroke_width > 1)
      ++outlined;
  EXPECT_EQ(outlined, 8 + 4 + 4 + 1);  // lane 5's A, B and C elements of m16n8k16, its legend swatch
  r.lane = 32;
  EXPECT_FALSE(fs::build_scene(r));
  r.view = fs::View::banks;
  r.bank_picture = fs::BankPicture::tile;  // the T/B tile picture
  r.lane = 3;
  const fs::Scene b = build(r);
  // The explorer's lane 3 reads row 3 from column 0 (.x4, pad 8): its cells outlined, lane 0's faded.
  EXPECT_EQ(label(b, "tile-r3-c0").rfind("T3 ", 0), 0u);
  EXPECT_NE(fill(b, "tile-r0-c0"), fs::bank_colour(0));
}

// The fragments picture on the screen's palette draws what the screen draws (newcomer round 13): a
// faded cell's label in the screen's dim text colour (palette.json "screen" "dim", not white), the
// rule between A's k-columns 7 and 8 (the k8 split of k16) and B's rows 7 and 8, and the selected
// lane marked in the lane legend, read back from the SVG.
TEST(ExportFragments, DarkPictureDrawsTheScreensFadedLabelsRulesAndSelectedLane) {
  fs::ViewRequest r;
  r.view = fs::View::fragments;
  r.instr = kM16n8k16;
  r.lane = 5;
  r.dark = true;
  const std::string svg = fs::svg_text(build(r));
  const auto& dim = fragviz::app::assets().palette.screen.dim;
  char want[8];
  std::snprintf(want, sizeof want, "#%02x%02x%02x", dim.r, dim.g, dim.b);
  // <rect id=... x y width height ...> as numbers.
  const auto rect = [&](const std::string& id) {
    std::smatch m;
    const std::regex re("<rect id=\"" + id +
                        "\" x=\"([0-9.]+)\" y=\"([0-9.]+)\" width=\"([0-9.]+)\" height=\"([0-9.]+)\""
                        "[^>]*stroke-width=\"([0-9.]+)\"");
    EXPECT_TRUE(std::regex_search(svg, m, re)) << id;
    std::array<double, 5> v{};
    for (std::size_t i = 0; i < v.size() && m.size() > i + 1; ++i) v[i] = std::stod(m[i + 1].str());
    return v;
  };
  // PTX ISA m16n8k16 A: lane 0 holds a0 at (0, 0), drawn "T0 V0" right after its cell.
  const std::size_t cell = svg.find("<rect id=\"A-r0-c0\"");
  ASSERT_NE(cell, std::string::npos);
  std::smatch m;
  const std::string after = svg.substr(cell, 400);
  ASSERT_TRUE(
      std::regex_search(after, m, std::regex("<text [^>]*fill=\"(#[0-9a-f]{6})\"[^>]*>T0 V0</text>")));
  EXPECT_EQ(m[1].str(), want);
  // Lines as numbers.
  std::vector<std::array<double, 4>> lines;
  const std::regex line_re("<line x1=\"([0-9.]+)\" y1=\"([0-9.]+)\" x2=\"([0-9.]+)\" y2=\"([0-9.]+)\"");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), line_re); it != std::sregex_iterator(); ++it)
    lines.push_back({std::stod((*it)[1].str()), std::stod((*it)[2].str()), std::stod((*it)[3].str()),
                     std::stod((*it)[4].str())});
  const auto near = [](double a, double b) { return std::abs(a - b) < 0.02; };
  const auto has_line = [&](double x0, double y0, double x1, double y1) {
    for (const auto& l : lines)
      if (near(l[0], x0) && near(l[1], y0) && near(l[2], x1) && near(l[3], y1)) return true;
    return false;
  };
  // A is 16 x 16: the k8 split runs down its left edge of column 8, from row 0's top to row 15's foot.
  const auto a08 = rect("A-r0-c8"), a00 = rect("A-r0-c0"), a150 = rect("A-r15-c0");
  EXPECT_TRUE(has_line(a08[0], a00[1], a08[0], a150[1] + a150[3])) << "no rule at A's k8 split";
  // B is 16 x 8 (k x n): the k8 split runs across it above row 8.
  const auto b80 = rect("B-r8-c0"), b87 = rect("B-r8-c7");
  EXPECT_TRUE(has_line(b80[0], b80[1], b87[0] + b87[2], b80[1])) << "no rule at B's k8 split";
  // The legend (swatches "T0".."T31", each label after its swatch): lane 5's outlined more heavily
  // than lane 4's.
  const auto swatch_stroke = [&](int l) {
    std::smatch sm;
    const std::regex re("stroke-width=\"([0-9.]+)\"/>\n<text [^>]*>T" + std::to_string(l) + "</text>");
    EXPECT_TRUE(std::regex_search(svg, sm, re)) << l;
    return sm.size() > 1 ? std::stod(sm[1].str()) : 0.0;
  };
  EXPECT_GT(swatch_stroke(5), swatch_stroke(4));
}

// The grid rules (the k8 split of m16n8k16's A and B, every 8 rows and columns) are stroked as the
// screen strokes them (issue 22: solid ink in the export, translucent white on screen): on the dark
// palette the screen paper's ink at app::grid_rule_stroke's opacity and width, the one definition
// the fragments view draws with too; on the light palette the document's ink, the same opacity.
TEST(ExportFragments, RulesAreStrokedAsTheScreenStrokesThem) {
  for (bool dark : {true, false}) {
    fs::ViewRequest r;
    r.view = fs::View::fragments;
    r.instr = kM16n8k16;
    r.dark = dark;
    const std::string svg = fs::svg_text(build(r));
    const auto& palette = fragviz::app::assets().palette;
    const fragviz::app::RuleStroke st =
        fragviz::app::grid_rule_stroke(dark ? palette.screen : palette.document, false, false);
    char colour[8];
    std::snprintf(colour, sizeof colour, "#%02x%02x%02x", st.colour.r, st.colour.g, st.colour.b);
    // Every line of the picture is a rule (m16n8k16 has no strong one); each has the screen's stroke.
    const std::regex line_re(
        "<line [^>]*stroke=\"(#[0-9a-f]{6})\" stroke-width=\"([0-9.]+)\"( stroke-opacity=\"([0-9.]+)\")?");
    int lines = 0;
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), line_re); it != std::sregex_iterator();
         ++it) {
      ++lines;
      EXPECT_EQ((*it)[1].str(), colour) << (dark ? "dark" : "light");
      EXPECT_DOUBLE_EQ(std::stod((*it)[2].str()), st.width);
      ASSERT_TRUE((*it)[4].matched) << "a rule drawn opaque: " << (*it)[0].str();
      EXPECT_NEAR(std::stod((*it)[4].str()), st.alpha / 255.0, 0.005);
    }
    // A's k8 split and B's (k16 = two blocks of 8), C/D's 8 rows of 16: three rules at least.
    EXPECT_GE(lines, 3) << (dark ? "dark" : "light");
  }
}

// "Title and legend" off (File > Export, fragviz-cli export --no-title): no title, no caption lines
// and no lane legend ("T0".."T31" swatches), every cell still there; on (the default), all of them.
TEST(ExportFragments, TitleAndLegendCanBeLeftOut) {
  fs::ViewRequest r;
  r.view = fs::View::fragments;
  r.instr = kM16n8k16;
  const fs::Scene with = build(r);
  r.title_and_legend = false;
  const fs::Scene bare = build(r);
  const auto count = [](const fs::Scene& s, const std::string& text) {
    int n = 0;
    for (const fs::Item& item : s.items)
      if (const auto* t = std::get_if<fs::Text>(&item); t && t->text == text) ++n;
    return n;
  };
  const auto cells = [](const fs::Scene& s) {
    int n = 0;
    for (const fs::Item& item : s.items)
      if (const auto* x = std::get_if<fs::Rect>(&item); x && !x->id.empty()) ++n;
    return n;
  };
  EXPECT_EQ(count(with, kM16n8k16), 1);
  EXPECT_EQ(count(with, "Lanes"), 1);
  EXPECT_EQ(count(with, "T31"), 1);
  EXPECT_EQ(count(bare, kM16n8k16), 0);
  EXPECT_EQ(count(bare, "Lanes"), 0);
  EXPECT_EQ(count(bare, "T31"), 0);  // the legend's swatch label; cells read "T31 V..."
  EXPECT_EQ(cells(bare), 16 * 16 + 16 * 8 + 16 * 8);
  EXPECT_EQ(cells(bare), cells(with));
  // The grids move up into the title's room.
  const auto top = [](const fs::Scene& s) {
    double y = 1e9;
    for (const fs::Item& item : s.items)
      if (const auto* x = std::get_if<fs::Rect>(&item); x && !x->id.empty()) y = std::min(y, x->y);
    return y;
  };
  EXPECT_LT(top(bare), top(with) - 20.0);
}

// --palette dark (File > Export's "screen (dark)"): the picture is drawn on the palette's "screen"
// paper, the one the app's windows take their background and text from; lanes keep their colours
// and a faded lane fades towards that ground. The default is the "document" paper.
TEST(ExportPalette, DarkIsTheScreensPaperLightTheDocuments) {
  fs::ViewRequest r;
  r.view = fs::View::fragments;
  r.instr = kM16n8k16;
  r.lane = 5;
  r.palette = fragviz::app::assets().palette;
  // Papers of our own, unlike any lane colour: the scene takes them from the request's palette.
  r.palette.document = {{250, 251, 252}, {1, 2, 3}, {100, 101, 102}};
  r.palette.screen = {{10, 20, 30}, {240, 230, 220}, {150, 140, 130}};
  const auto title_colour = [](const fs::Scene& s) {
    for (const auto& item : s.items)
      if (const auto* t = std::get_if<fs::Text>(&item); t && t->text == s.title) return t->colour;
    return fs::Colour{7, 7, 7};
  };
  const auto dist = [](fs::Colour a, fs::Colour b) {
    return std::abs(a.r - b.r) + std::abs(a.g - b.g) + std::abs(a.b - b.b);
  };
  for (bool dark : {false, true}) {
    r.dark = dark;
    const auto built = fs::build_scene(r);
    ASSERT_TRUE(built) << built.error.message;
    const fs::Scene& s = *built.value;
    const auto& paper = dark ? r.palette.screen : r.palette.document;
    const fs::Colour bg{paper.background.r, paper.background.g, paper.background.b};
    EXPECT_EQ(s.background, bg) << dark;
    EXPECT_EQ(title_colour(s), (fs::Colour{paper.ink.r, paper.ink.g, paper.ink.b})) << dark;
    // Lane 5's cell keeps its colour; lane 0's (PTX ISA m16n8k16 A (0,0)) is nearer the ground.
    EXPECT_EQ(fill(s, "A-r1-c2"), lane(5)) << dark;
    EXPECT_LT(dist(fill(s, "A-r0-c0"), bg), dist(lane(0), bg) / 2) << dark;
    // No colour is left a placeholder: nothing of the other paper appears.
    const auto& other = dark ? r.palette.document : r.palette.screen;
    for (const auto& item : s.items) {
      std::vector<fs::Colour> used;
      if (const auto* x = std::get_if<fs::Rect>(&item)) used = {x->fill, x->stroke};
      if (const auto* x = std::get_if<fs::Text>(&item)) used = {x->colour};
      if (const auto* x = std::get_if<fs::Line>(&item)) used = {x->colour};
      for (const fs::Colour c : used)
        for (const auto& o : {other.background, other.ink, other.dim})
          EXPECT_NE(c, (fs::Colour{o.r, o.g, o.b})) << dark;
    }
    // The writers paint that ground.
    char hex[8];
    std::snprintf(hex, sizeof hex, "#%02x%02x%02x", bg.r, bg.g, bg.b);
    const auto svg = fs::scene_bytes(s, fs::Format::svg, 1);
    ASSERT_TRUE(svg);
    EXPECT_NE(svg.value->find(std::string("fill=\"") + hex + "\"/>"), std::string::npos) << dark;
  }
  EXPECT_EQ(fs::parse_palette_name("dark"), std::optional<bool>(true));
  EXPECT_EQ(fs::parse_palette_name("light"), std::optional<bool>(false));
  EXPECT_FALSE(fs::parse_palette_name("blue"));
}

// Issue 22: File > Export of the Tensor memory view on "screen (dark)" drew its empty cells light
// grey (232, 232, 232 whatever the palette) where the screen draws them dark. An empty cell is the
// paper, as in every view's export: the request palette's screen or document background. The
// default ld (.16x256b.x1, warp 0) fills lanes 0-15 of columns 0-7 (PTX ISA 9.1, Figure 186):
// lane 40, column 0 is empty; lane 0, column 0 holds T0 r0.
// Unused TMEM cells: 9 % of the way from the paper's ground to its ink, the colour the screen draws
// them in (worked out by hand from the papers below, truncating each channel's step).
TEST(ExportTmem, EmptyCellsAreTheScreensEmptyColour) {
  fs::ViewRequest r;
  r.view = fs::View::tmem;
  r.palette = fragviz::app::assets().palette;
  r.palette.document = {{250, 251, 252}, {1, 2, 3}, {100, 101, 102}};
  r.palette.screen = {{10, 20, 30}, {240, 230, 220}, {150, 140, 130}};
  for (bool dark : {false, true}) {
    r.dark = dark;
    const auto built = fs::build_scene(r);  // not build(): it puts the app's palette back
    ASSERT_TRUE(built) << built.error.message;
    const fs::Scene& s = *built.value;
    // document: 250 + (1 - 250) * 9 / 100 = 228, ...; screen: 10 + (240 - 10) * 9 / 100 = 30, ...
    const fs::Colour empty = dark ? fs::Colour{30, 38, 47} : fs::Colour{228, 229, 230};
    EXPECT_EQ(fill(s, "TMEM-r40-c0"), empty) << dark;
    EXPECT_EQ(fill(s, "TMEM-r127-c7"), empty) << dark;
    EXPECT_EQ(label(s, "TMEM-r0-c0"), "T0 r0") << dark;
    EXPECT_EQ(fill(s, "TMEM-r0-c0"), lane(0)) << dark;
  }
  // The screen's own paper (palette.json "screen": ground #1C1D21, ink #FFFFFF) gives (48, 49, 52).
  const auto screen =
      fragviz::app::empty_cell_colour(fragviz::app::Paper{{28, 29, 33}, {255, 255, 255}, {0, 0, 0}});
  EXPECT_EQ(screen.r, 48);
  EXPECT_EQ(screen.g, 49);
  EXPECT_EQ(screen.b, 52);
}

// --crop on the bank view: a block of the tile's rows and columns, each cell as it is uncropped
// (the explorer's .x4 over the 64-wide tile padded by 8: lane 11 reads row 11 from column 0).
TEST(ExportBanks, CropKeepsABlockOfTheTile) {
  fs::ViewRequest r;
  r.view = fs::View::banks;
  r.bank_picture = fs::BankPicture::tile;  // the T/B tile picture
  const fs::Scene whole = build(r);
  r.crop.rows = fs::IndexRange{8, 15};
  r.crop.cols = fs::IndexRange{0, 7};
  const fs::Scene part = build(r);
  EXPECT_EQ(count_cells(part, "tile"), 8 * 8);
  EXPECT_EQ(find_cell(part, "tile-r0-c0"), -1);
  EXPECT_EQ(label(part, "tile-r11-c0").rfind("T11 ", 0), 0u);
  for (const char* id : {"tile-r8-c0", "tile-r11-c3", "tile-r15-c7"}) {
    EXPECT_EQ(label(part, id), label(whole, id)) << id;
    EXPECT_EQ(fill(part, id), fill(whole, id)) << id;
  }
  EXPECT_TRUE(fs::croppable(fs::View::banks));
  r.crop.operand = "A";  // the tile has no operands
  EXPECT_FALSE(fs::build_scene(r));
  r.crop.operand.clear();
  r.crop.rows = fs::IndexRange{0, 998};  // past the tile's rows
  const auto past = fs::build_scene(r);
  ASSERT_FALSE(past);
  EXPECT_NE(past.error.message.find("outside the tile"), std::string::npos) << past.error.message;
}

// --crop on the Tensor memory view: a block of its lanes (rows) and columns, each cell as it is
// uncropped; lanes 12-35 cross the rule between sub-partitions 0 and 1, so one rule and those two
// names are drawn; an operand is refused (the tensor memory has one grid).
TEST(ExportTmem, CropKeepsABlockOfLanesAndColumns) {
  fs::ViewRequest r;
  r.view = fs::View::tmem;
  const fs::Scene whole = build(r);
  r.crop.rows = fs::IndexRange{12, 35};
  r.crop.cols = fs::IndexRange{0, 3};
  const fs::Scene part = build(r);
  EXPECT_EQ(count_cells(part, "TMEM"), 24 * 4);
  for (int lane = 0; lane < 128; ++lane)
    for (int col = 0; col < 8; ++col) {
      const std::string id = "TMEM-r" + std::to_string(lane) + "-c" + std::to_string(col);
      EXPECT_EQ(find_cell(part, id) >= 0, lane >= 12 && lane <= 35 && col <= 3) << id;
    }
  for (const char* id : {"TMEM-r12-c0", "TMEM-r15-c3"}) {  // the default ld's lanes 0-15
    EXPECT_NE(label(whole, id), "<none>") << id;
    EXPECT_EQ(label(part, id), label(whole, id)) << id;
  }
  for (const char* id : {"TMEM-r12-c0", "TMEM-r15-c3", "TMEM-r33-c3"})
    EXPECT_EQ(fill(part, id), fill(whole, id)) << id;
  const auto rules = [](const fs::Scene& s) {
    int n = 0;
    for (const auto& item : s.items)
      if (const auto* l = std::get_if<fs::Line>(&item); l && l->width == 1.5) ++n;
    return n;
  };
  EXPECT_EQ(rules(whole), 3);
  EXPECT_EQ(rules(part), 1);
  const auto names = [](const fs::Scene& s, const std::string& prefix) {
    int n = 0;
    for (const auto& item : s.items)
      if (const auto* t = std::get_if<fs::Text>(&item); t && t->text.rfind(prefix, 0) == 0) ++n;
    return n;
  };
  EXPECT_EQ(names(part, "lanes 0-31: warps 0, 4,"), 1);
  EXPECT_EQ(names(part, "lanes 32-63: warps 1, 5,"), 1);
  EXPECT_EQ(names(part, "lanes 64-95: "), 0);
  EXPECT_EQ(names(part, "lanes 96-127: "), 0);
  EXPECT_TRUE(fs::croppable(fs::View::tmem));
  r.crop.operand = "A";
  EXPECT_FALSE(fs::build_scene(r));
  r.crop.operand.clear();
  r.crop.rows = fs::IndexRange{0, 128};
  const auto past = fs::build_scene(r);
  ASSERT_FALSE(past);
  EXPECT_NE(past.error.message.find("outside the tensor memory"), std::string::npos) << past.error.message;
}

// Issue 22 (newcomer): `export --view banks --layout-mode --access lds128` was 2510 pt wide, the
// phase rule's one 400-character line. Every view's text must fit the page, and a long line is
// wrapped to the drawing (its rectangles and lines) instead of widening the page. Hand-derived
// widths: the Layout mode's grid is 32 banks x 24 pt right of a 52-pt address column, so 52 +
// 768 + the 12-pt margin = 832; the explorer tile is 64 halves x 30 pt right of 12 + 22 pt of row
// indices: 34 + 1920 + 12 = 1966.
namespace {

/// The right edge of a text as the scene's own estimate (text_width) puts it.
double right_of(const fs::Text& t) {
  const double w = fs::text_width(t.text, t.size, t.bold);
  return t.anchor == fs::Anchor::start ? t.x + w : t.anchor == fs::Anchor::middle ? t.x + w / 2 : t.x;
}

void expect_text_fits(const fs::Scene& s, const std::string& what) {
  ASSERT_GT(s.width, 0) << what;
  for (const auto& item : s.items)
    if (const auto* t = std::get_if<fs::Text>(&item)) {
      EXPECT_LE(right_of(*t), s.width) << what << ": '" << t->text << "' runs past the page";
    }
}

}  // namespace

TEST(ExportWrap, EveryViewsTextFitsThePage) {
  std::vector<std::pair<std::string, fs::ViewRequest>> views;
  const auto add = [&](const std::string& what, fs::View v, auto&& set) {
    fs::ViewRequest r;
    r.view = v;
    set(r);
    views.emplace_back(what, r);
  };
  add("fragments", fs::View::fragments, [](fs::ViewRequest& r) { r.instr = kM16n8k16; });
  add("warpgroup", fs::View::warpgroup,
      [](fs::ViewRequest& r) { r.instr = "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16"; });
  // Newcomer round 27: the visible region of A at "T<thread>" labels is narrower than the bold
  // title, which a 0.6-em estimate of bold text cut at the page's edge.
  add("warpgroup A visible", fs::View::warpgroup, [](fs::ViewRequest& r) {
    r.instr = "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16";
    r.labels = fs::CellLabels::lane;
    r.crop.grids = {fs::GridCrop{"A", fs::IndexRange{40, 58}, fs::IndexRange{0, 15}}};
  });
  add("ldmatrix", fs::View::ldmatrix, [](fs::ViewRequest&) {});
  add("stmatrix", fs::View::stmatrix, [](fs::ViewRequest&) {});
  add("movmatrix", fs::View::movmatrix, [](fs::ViewRequest&) {});
  for (const char* access : {"ldmatrix", "stmatrix", "lds32", "lds64", "lds128", "sts128"}) {
    add(std::string("banks ") + access, fs::View::banks, [&](fs::ViewRequest& r) {
      r.access = access;
      r.bank_picture = fs::BankPicture::tile;
    });
    add(std::string("banks narrow ") + access, fs::View::banks, [&](fs::ViewRequest& r) {
      r.access = access;
      r.bank_picture = fs::BankPicture::tile;
      r.width_halves = 16;
    });
    add(std::string("banks layout mode ") + access, fs::View::banks, [&](fs::ViewRequest& r) {
      r.access = access;
      r.layout_mode = true;
      r.layout = "Swizzle<3,3,3> o (16,64):(64,1)";  // the CLI's default
    });
  }
  add("banks lines", fs::View::banks, [](fs::ViewRequest&) {});
  add("banks lines narrow", fs::View::banks, [](fs::ViewRequest& r) { r.width_halves = 16; });
  add("banks lines cropped", fs::View::banks, [](fs::ViewRequest& r) {
    r.crop.grids = {fs::GridCrop{"padded", fs::IndexRange{0, 1}, fs::IndexRange{30, 31}}};
  });
  add("output", fs::View::output, [](fs::ViewRequest& r) {
    auto g = std::make_shared<fragviz::GateReport>();
    g->ran = true;
    g->request.n = 256;
    g->mismatch_count = 1;
    g->mismatches = {{0, 0, 1.f, 2.f}};
    r.gate = g;
  });
  add("algebra", fs::View::algebra,
      [](fs::ViewRequest& r) { r.expression = "composition((4,8):(8,1), (2,4))"; });
  add("tmem", fs::View::tmem, [](fs::ViewRequest&) {});
  add("cta", fs::View::cta, [](fs::ViewRequest&) {});
  for (const auto& [what, r] : views) {
    const fs::Scene s = build(r);
    expect_text_fits(s, what);
    // A line of prose (it has spaces) ends within the drawing's margin, unless the drawing leaves
    // it less than 24 characters of room (a label beside a table row, a title over a tiny grid).
    const double drawing = fs::drawing_width(s);
    for (const auto& item : s.items) {
      const auto* t = std::get_if<fs::Text>(&item);
      if (!t || t->anchor != fs::Anchor::start || t->text.find(' ') == std::string::npos) continue;
      if (drawing - 12 - t->x < 24 * 0.6 * t->size) continue;
      EXPECT_LE(right_of(*t), drawing - 12 + 1e-9)
          << what << ": '" << t->text << "' is wider than the drawing";
    }
  }
}

TEST(ExportWrap, BankFiguresAreAsWideAsTheirGrid) {
  fs::ViewRequest r;
  r.view = fs::View::banks;
  r.bank_picture = fs::BankPicture::tile;  // the T/B tile picture
  for (const char* access :
       {"ldmatrix", "stmatrix", "lds32", "lds64", "lds128", "sts32", "sts64", "sts128"}) {
    r.access = access;
    r.layout_mode = true;
    r.layout = "Swizzle<3,3,3> o (16,64):(64,1)";  // the CLI's default
    fs::Scene s = build(r);
    EXPECT_DOUBLE_EQ(s.width, 832) << access;
    r.layout_mode = false;
    r.layout.clear();
    s = build(r);
    EXPECT_DOUBLE_EQ(s.width, 1966) << access;
  }
  // The rule line is all there, wrapped at spaces: its words in order over several lines, each
  // within the drawing.
  r.access = "lds128";
  r.layout_mode = true;
  r.layout = "Swizzle<3,3,3> o (16,64):(64,1)";
  const fs::Scene s = build(r);
  const std::string want = fragviz::phase_rule_text(fragviz::SharedOp::lds128);
  std::string rule;
  int lines = 0;
  for (const auto& item : s.items) {
    const auto* t = std::get_if<fs::Text>(&item);
    if (!t || rule.size() >= want.size()) continue;
    if (rule.empty() && want.rfind(t->text, 0) != 0) continue;
    rule += (rule.empty() ? "" : " ") + t->text;
    ++lines;
    EXPECT_LE(right_of(*t), 832) << t->text;
  }
  EXPECT_EQ(rule, want);
  EXPECT_GE(lines, 3);
  // The SVG says the same width.
  const auto svg = fs::scene_bytes(s, fs::Format::svg, 1);
  ASSERT_TRUE(svg);
  EXPECT_NE(svg.value->find("width=\"832pt\""), std::string::npos);
}

// Issue 22: the bank view's export is the screen's picture, the explorer's ldmatrix over the
// unpadded and the padded tile as 128-byte lines x 32 banks. Every word a lane's 16-byte row reads
// (the model's analyze_ldmatrix: its byte address, 4 words from there) is that lane's colour and
// "T<lane>" (the lowest lane where several read it); an in-tile word nobody reads has no label;
// under each bank the most distinct words one matrix asks of it (the model's phases). Hand-derived
// anchors: unpadded (stride 128 B) lane 1's row 1 starts at byte 128, line 1 bank 0; padded (stride
// 144 B) at byte 144, line 1 bank 4, and lane 11's row 11 at byte 1584, line 12 bank 12.
TEST(ExportBanksLines, TheScreensGridsWordByWordAsTheModelReadsThem) {
  fs::ViewRequest r;
  r.view = fs::View::banks;
  const fs::Scene s = build(r);
  EXPECT_EQ(count_cells(s, "tile"), 0);
  EXPECT_EQ(label(s, "unpadded-r1-c0"), "T1");
  EXPECT_EQ(label(s, "padded-r1-c4"), "T1");
  EXPECT_EQ(label(s, "padded-r12-c12"), "T11");
  EXPECT_TRUE(has_text(s, "Unpadded"));
  EXPECT_TRUE(has_text(s, "Padded"));
  EXPECT_TRUE(has_text(s, "0x580"));  // line 11's address on the left, as the screen writes it
  EXPECT_EQ(s.title.rfind("ldmatrix.sync.aligned.m8n8.x4.shared.b16 over ", 0), 0u) << s.title;
  const fragviz::LdmatrixConfig cfg{fragviz::LdmNum::x4, false};
  for (const auto& [key, pad] : {std::pair<std::string, int>{"unpadded", 0}, {"padded", 8}}) {
    const fragviz::TileGeometry tile{64, pad, 16, fragviz::Swizzle::none};
    const fragviz::BankReport rep = fragviz::analyze_ldmatrix(cfg, tile);
    const int lines = (16 * tile.stride_bytes() + 127) / 128;
    EXPECT_EQ(count_cells(s, key), lines * 32) << key;
    std::vector<int> lowest(static_cast<std::size_t>(lines * 32), -1);
    for (int l = 31; l >= 0; --l)
      if (rep.lanes[static_cast<std::size_t>(l)].used)
        for (int k = 0; k < 4; ++k) lowest[rep.lanes[static_cast<std::size_t>(l)].byte_address / 4 + k] = l;
    for (int w = 0; w < lines * 32; ++w) {
      const std::string id = key + "-r" + std::to_string(w / 32) + "-c" + std::to_string(w % 32);
      const int l = lowest[static_cast<std::size_t>(w)];
      if (l >= 0) {
        EXPECT_EQ(label(s, id), "T" + std::to_string(l)) << id;
        EXPECT_EQ(fill(s, id), lane(l)) << id;
      } else {
        EXPECT_EQ(label(s, id), "<none>") << id;
      }
    }
    const std::string totals = "wavefronts " + std::to_string(rep.wavefronts) + "   ideal " +
                               std::to_string(rep.ideal_wavefronts) + "   bank conflicts " +
                               std::to_string(rep.bank_conflicts) + "   (" + std::to_string(rep.max_way) +
                               "-way)";
    EXPECT_TRUE(has_text(s, totals)) << totals;
  }
  // Unpadded, the 8 rows of a matrix share banks 0-3: an 8-way conflict each, 32 wavefronts; padded
  // by 8 halves, conflict-free.
  EXPECT_TRUE(has_text(s, "wavefronts 32   ideal 4   bank conflicts 28   (8-way)"));
  EXPECT_TRUE(has_text(s, "wavefronts 4   ideal 4   bank conflicts 0   (1-way)"));
}

/// The colour of the first Text saying `text`; white when there is none.
fs::Colour text_colour(const fs::Scene& s, const std::string& text) {
  for (const auto& item : s.items)
    if (const auto* t = std::get_if<fs::Text>(&item); t && t->text == text) return t->colour;
  return fs::Colour{255, 255, 255};
}

// Newcomer round 18: the lines picture writes every line the screen writes above a grid, the
// selected instruction's own A and B loads too, in the screen's colours on its palette. Hand-derived
// for m16n8k16 (A, 16 x 16 halves, read by ldmatrix.x4; B by .x2.trans): unpadded (128-byte rows)
// a matrix's 8 rows share one group of 4 banks, 8-way: A 32 wavefronts (28 conflicts), B 16 (14);
// padded by 8 halves (144-byte rows) each row moves 4 banks on, conflict-free: A 4, B 2.
TEST(ExportBanksLines, WritesTheInstructionsOwnLoadsInTheScreensColours) {
  fs::ViewRequest r;
  r.view = fs::View::banks;
  r.instr = kM16n8k16;
  r.dark = true;  // the screen's palette
  const fs::Scene s = build(r);
  const std::string a = "A's own ldmatrix.sync.aligned.m8n8.x4.shared.b16: ";
  const std::string b = "B's own ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16: ";
  for (const std::string& line :
       {a + "32 wavefronts, 28 bank conflicts", b + "16 wavefronts, 14 bank conflicts",
        a + "4 wavefronts, 0 bank conflicts", b + "2 wavefronts, 0 bank conflicts"})
    EXPECT_TRUE(has_text(s, line)) << line;
  // As ImGui draws the app's kAmberV (1, 0.78, 0.2) and kGreenV (0.4, 0.85, 0.5): x * 255 + 0.5,
  // truncated. A conflict-free load is a note, in the screen's dim text.
  const fs::Colour amber{255, 199, 51}, green{102, 217, 128};
  const fragviz::app::Rgb dim = fragviz::app::assets().palette.screen.dim;
  EXPECT_EQ(text_colour(s, a + "32 wavefronts, 28 bank conflicts"), amber);
  EXPECT_EQ(text_colour(s, "wavefronts 32   ideal 4   bank conflicts 28   (8-way)"), amber);
  EXPECT_EQ(text_colour(s, "wavefronts 4   ideal 4   bank conflicts 0   (1-way)"), green);
  EXPECT_EQ(text_colour(s, a + "4 wavefronts, 0 bank conflicts"), (fs::Colour{dim.r, dim.g, dim.b}));
}

// Issue 22: on the screen's palette the words are drawn as the screen draws them, edge to edge with
// no border (the export outlined each in light grey); the document's palette keeps the outline.
TEST(ExportBanksLines, TheScreensPaletteDrawsNoBorderRoundTheWords) {
  for (const bool dark : {true, false}) {
    fs::ViewRequest r;
    r.view = fs::View::banks;
    r.dark = dark;
    const fs::Scene s = build(r);
    int words = 0, stroked = 0;
    for (const auto& item : s.items)
      if (const auto* c = std::get_if<fs::Rect>(&item); c && !c->id.empty()) {
        ++words;
        stroked += c->stroked ? 1 : 0;
      }
    EXPECT_EQ(words, 16 * 32 + 18 * 32) << dark;  // 16 lines unpadded, 18 padded (144-byte rows)
    EXPECT_EQ(stroked, dark ? 0 : words) << dark;
  }
}

// The picture honours each grid's part: grids named in the crop are cropped to their lines and
// banks, a grid not named is left out; plain ranges crop both.
TEST(ExportBanksLines, CropPerGridAsTheScreenFramesIt) {
  fs::ViewRequest r;
  r.view = fs::View::banks;
  r.crop.grids = {fs::GridCrop{"padded", fs::IndexRange{1, 12}, fs::IndexRange{4, 12}}};
  fs::Scene s = build(r);
  EXPECT_EQ(count_cells(s, "unpadded"), 0);
  EXPECT_EQ(count_cells(s, "padded"), 12 * 9);
  EXPECT_EQ(find_cell(s, "padded-r0-c4"), -1);
  EXPECT_EQ(label(s, "padded-r1-c4"), "T1");
  EXPECT_EQ(label(s, "padded-r12-c12"), "T11");
  EXPECT_FALSE(has_text(s, "Unpadded"));
  r.crop.grids.clear();
  r.crop.rows = fs::IndexRange{0, 3};
  r.crop.cols = fs::IndexRange{0, 7};
  s = build(r);
  EXPECT_EQ(count_cells(s, "unpadded"), 4 * 8);
  EXPECT_EQ(count_cells(s, "padded"), 4 * 8);
  r.crop.rows = fs::IndexRange{0, 18};  // the padded grid has 18 lines (16 x 144 B), 0-17
  EXPECT_EQ(fs::build_scene(r).error.kind, ErrorKind::refused);
  r.crop = {};
  r.crop.grids = {fs::GridCrop{"tile", std::nullopt, std::nullopt}};
  EXPECT_EQ(fs::build_scene(r).error.kind, ErrorKind::refused);
  // What only the tile picture draws is refused with the way to it, never dropped.
  r.crop = {};
  r.layout = "(16,64):(64,1)";
  const auto refused = fs::build_scene(r);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error.message.find("--picture tile"), std::string::npos) << refused.error.message;
}

// File > Export's visible region of the fragments view: every operand grid in view, each cropped,
// placed as on screen (A left, B above, C/D bottom right); one not named is left out. PTX ISA
// m16n8k16 A: a0 of lane 5 (groupID 1, tid 1) at (1, 2); C: c0 of lane 5 at (1, 2).
TEST(ExportCrop, EveryGridInViewEachCropped) {
  fs::ViewRequest r;
  r.view = fs::View::fragments;
  r.instr = kM16n8k16;
  const auto c = fs::parse_crop("A:rows=0-7,cols=0-5;C/D:rows=0-7,cols=0-3");
  ASSERT_TRUE(c) << c.error.message;
  r.crop = *c;
  const fs::Scene s = build(r);
  EXPECT_EQ(count_cells(s, "A"), 8 * 6);
  EXPECT_EQ(count_cells(s, "B"), 0);
  EXPECT_EQ(count_cells(s, "C"), 8 * 4);
  EXPECT_EQ(label(s, "A-r1-c2"), "T5 V0");
  EXPECT_EQ(label(s, "C-r1-c2"), "T5 V0");
  EXPECT_EQ(find_cell(s, "A-r8-c0"), -1);
  // C/D right of A on the same rows.
  const auto& a = std::get<fs::Rect>(s.items[static_cast<std::size_t>(find_cell(s, "A-r0-c0"))]);
  const auto& cd = std::get<fs::Rect>(s.items[static_cast<std::size_t>(find_cell(s, "C-r0-c0"))]);
  EXPECT_EQ(a.y, cd.y);
  EXPECT_GT(cd.x, a.x + 6 * a.w);
  EXPECT_EQ(fs::crop_text(*c), "A:rows=0-7,cols=0-5;C/D:rows=0-7,cols=0-3");
  EXPECT_EQ(fs::describe_crop(*c), "A rows 0-7, cols 0-5; C/D rows 0-7, cols 0-3");
  for (const char* bad : {"A:rows=0-7;rows=0-3", "A:rows=0:8", ":rows=0-1", "rows=0-1;cols=0-1"})
    EXPECT_FALSE(fs::parse_crop(bad)) << bad;
  r.crop = *fs::parse_crop("A:rows=0-7;a:cols=0-1");  // A twice
  EXPECT_EQ(fs::build_scene(r).error.kind, ErrorKind::refused);
  r.crop = *fs::parse_crop("E:rows=0-1");
  EXPECT_EQ(fs::build_scene(r).error.kind, ErrorKind::refused);
  r.crop = *fs::parse_crop("B:rows=0-16");  // B is 16 x 8: rows 0-15
  EXPECT_EQ(fs::build_scene(r).error.kind, ErrorKind::refused);
}

// The cell Find went to is ringed in the file as on screen (issue 22, newcomer round 14): black
// then the screen's yellow (255, 225, 60) bands just outside A-r9-c3, over nothing else; none
// without a found cell, nor where a crop leaves the cell out.
TEST(ExportFragments, TheFoundCellIsRingedAsOnScreen) {
  const auto bands = [](const fs::Scene& s, fs::Colour c) {
    std::vector<fs::Rect> out;
    for (const auto& it : s.items)
      if (const auto* r = std::get_if<fs::Rect>(&it); r && r->id.empty() && !r->stroked && r->fill == c)
        out.push_back(*r);
    return out;
  };
  const fs::Colour yellow{255, 225, 60}, black{0, 0, 0};
  fs::ViewRequest r;
  r.view = fs::View::fragments;
  r.instr = kM16n8k16;
  EXPECT_TRUE(bands(build(r), yellow).empty());
  r.found = fs::FoundCell{"A", 9, 3, -1};
  const fs::Scene s = build(r);
  const long i = find_cell(s, "A-r9-c3");
  ASSERT_GE(i, 0);
  const auto& c = std::get<fs::Rect>(s.items[static_cast<std::size_t>(i)]);
  const auto inner = bands(s, yellow), outer = bands(s, black);
  ASSERT_EQ(inner.size(), 4u);
  ASSERT_EQ(outer.size(), 4u);
  // The yellow ring's box: 1.5 outside the cell on every side, bands 1.5 wide.
  double x0 = 1e9, y0 = 1e9, x1 = -1e9, y1 = -1e9;
  for (const fs::Rect& b : inner) {
    x0 = std::min(x0, b.x), y0 = std::min(y0, b.y), x1 = std::max(x1, b.x + b.w),
    y1 = std::max(y1, b.y + b.h);
    EXPECT_DOUBLE_EQ(std::min(b.w, b.h), 1.5);
  }
  EXPECT_DOUBLE_EQ(x0, c.x - 1.5);
  EXPECT_DOUBLE_EQ(y0, c.y - 1.5);
  EXPECT_DOUBLE_EQ(x1, c.x + c.w + 1.5);
  EXPECT_DOUBLE_EQ(y1, c.y + c.h + 1.5);
  // Cropped to A's rows 0-7: the cell is not in the file, nor its ring.
  r.crop.grids = {fs::GridCrop{"A", fs::IndexRange{0, 7}, std::nullopt}};
  EXPECT_TRUE(bands(build(r), yellow).empty());
}
