// File > Export's writing (export_dialog.hpp): a path is judged as fragviz-cli judges its outputs,
// before anything is drawn, and a written file is whole.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <variant>
#include <vector>

#include "app_state.hpp"
#include "bank_layout_mode.hpp"
#include "export_dialog.hpp"
#include "fragviz_export/writers.hpp"

namespace fragviz::app {
namespace {

// Newcomer round 7: the dialog said only "cannot open /tmp for writing", and tried /dev/full.
TEST(ExportDialog, PathsAreJudgedAsTheCliJudgesThem) {
  const AppState s;
  const ExportOutcome folder = run_export(s, scene::View::movmatrix, scene::Format::svg, "/tmp", 2.0);
  EXPECT_FALSE(folder.ok);
  EXPECT_EQ(folder.message, "cannot write to /tmp: is a folder, not a file");
  const ExportOutcome full = run_export(s, scene::View::movmatrix, scene::Format::svg, "/dev/full", 2.0);
  EXPECT_FALSE(full.ok);
  EXPECT_EQ(full.message.rfind("cannot write to /dev/full: is a character device", 0), 0u) << full.message;
  const ExportOutcome gone =
      run_export(s, scene::View::movmatrix, scene::Format::svg, "/no/such/folder/x.svg", 2.0);
  EXPECT_EQ(gone.message, "cannot write to /no/such/folder/x.svg: folder /no/such/folder does not exist");
}

// Newcomer round 28: /dev/full was first offered an Overwrite, which then refused it. Judged before
// the question: a device, another format's name, no name; a regular file (which Overwrite would
// replace) and a new name are fine.
TEST(ExportDialog, APathThatCannotTakeThePictureIsSaidBeforeOverwrite) {
  EXPECT_EQ(
      export_path_problem(scene::Format::svg, "/dev/full").value_or("").rfind("cannot write to /dev/full", 0),
      0u);
  EXPECT_TRUE(export_path_problem(scene::Format::png, "/tmp/x.jpg").has_value());
  EXPECT_EQ(export_path_problem(scene::Format::svg, ""), "no file name given");
  // Newcomer round 33: a name of blanks wrote a file named "   ".
  EXPECT_EQ(export_path_problem(scene::Format::png, "   "),
            "cannot write to \"   \": the file name is only blanks");
  EXPECT_EQ(export_path_problem(scene::Format::png, "/tmp/ "),
            "cannot write to \"/tmp/ \": the file name is only blanks");
  // Round 34: blanks before or after a name read as a folder that does not exist, or a wrong extension.
  EXPECT_EQ(export_path_problem(scene::Format::svg, "  /tmp/x.svg"),
            "cannot write to \"  /tmp/x.svg\": the name begins with a blank");
  EXPECT_EQ(export_path_problem(scene::Format::svg, "/tmp/x.svg  "),
            "cannot write to \"/tmp/x.svg  \": the name ends with a blank");
  EXPECT_EQ(export_path_problem(scene::Format::svg, "/tmp/x y.svg"), std::nullopt);
  const std::string dir = ::testing::TempDir() + "fragviz-export-problem";
  std::filesystem::create_directories(dir);
  { std::ofstream(dir + "/old.svg") << "x"; }
  EXPECT_EQ(export_path_problem(scene::Format::svg, dir + "/old.svg"), std::nullopt);
  EXPECT_EQ(export_path_problem(scene::Format::svg, dir + "/new.svg"), std::nullopt);
  std::filesystem::remove_all(dir);
}

// Newcomer round 10: with SVG chosen, x.png got SVG bytes.
TEST(ExportDialog, ANameWithAnotherFormatsExtensionIsRefused) {
  const std::string dir = ::testing::TempDir() + "fragviz-export-ext";
  std::filesystem::create_directories(dir);
  const AppState s;
  const ExportOutcome o = run_export(s, scene::View::movmatrix, scene::Format::svg, dir + "/x.png", 2.0);
  EXPECT_FALSE(o.ok);
  EXPECT_EQ(o.message, "not written: " + dir +
                           "/x.png ends in .png but the format is SVG; choose PNG or name the file .svg");
  EXPECT_FALSE(std::filesystem::exists(dir + "/x.png"));
  const ExportOutcome tikz = run_export(s, scene::View::movmatrix, scene::Format::tikz, dir + "/x.pdf", 2.0);
  EXPECT_FALSE(tikz.ok);
  EXPECT_TRUE(run_export(s, scene::View::movmatrix, scene::Format::svg, dir + "/x.svg", 2.0).ok);
  EXPECT_FALSE(run_export(s, scene::View::movmatrix, scene::Format::svg, dir + "/x.drawing", 2.0).ok);
  EXPECT_TRUE(run_export(s, scene::View::movmatrix, scene::Format::svg, dir + "/drawing", 2.0).ok);
  // A JPEG name holds no PNG (newcomer round 26 saw it in the CLI; one rule serves both).
  const ExportOutcome jpg = run_export(s, scene::View::movmatrix, scene::Format::png, dir + "/x.jpg", 2.0);
  EXPECT_EQ(jpg.message,
            "not written: " + dir + "/x.jpg ends in .jpg but the format is PNG; name the file .png");
  EXPECT_FALSE(std::filesystem::exists(dir + "/x.jpg"));
  std::filesystem::remove_all(dir);
}

TEST(ExportDialog, AWrittenFileIsWholeAndNoTemporaryIsLeft) {
  const std::string dir = ::testing::TempDir() + "fragviz-export-dialog";
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/m.svg";
  const AppState s;
  const ExportOutcome r = run_export(s, scene::View::movmatrix, scene::Format::svg, path, 2.0);
  ASSERT_TRUE(r.ok) << r.message;
  std::ifstream in(path);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("</svg>"), std::string::npos);
  for (const auto& e : std::filesystem::directory_iterator(dir))
    EXPECT_EQ(e.path().filename().string().find("fragviz-tmp"), std::string::npos) << e.path();
  std::filesystem::remove_all(dir);
}

// Issue 22: the bank view in Layout mode exported the explorer tile (16,64):(72,1) instead of the
// layout on screen. Every view's export request is the view's own state, and the exported bank scene
// is what the Layout mode itself computed (its access and layout, its totals).
TEST(ExportDialog, TheBankViewInLayoutModeExportsTheLayoutOnScreen) {
  AppState s;
  s.layout.enabled = true;
  s.layout.write_layout = "Swizzle<3,3,3> o (64,64):(64,1)";
  s.layout.lanes = "row=lane, col=0";
  s.layout.op = SharedOp::lds128;
  s.layout.element_type = "b16";
  s.selected_lane = 7;
  const scene::ViewRequest r = export_request(s, scene::View::banks);
  EXPECT_TRUE(r.layout_mode);
  EXPECT_EQ(r.layout, s.layout.write_layout);
  EXPECT_EQ(r.read_layout, "");
  EXPECT_EQ(r.lanes, s.layout.lanes);
  EXPECT_EQ(r.access, "lds128");
  EXPECT_EQ(r.elem, "b16");
  EXPECT_EQ(r.lane, 7);
  const auto built = scene::build_scene(r);
  ASSERT_TRUE(built) << built.error.message;
  const LayoutView v = compute_layout_view(s.layout);
  ASSERT_TRUE(v.ready());
  EXPECT_EQ(built.value->title, v.access->mnemonic + " over " + v.access_layout()->notation);
  // The screen's totals line, word for word, and its lines x banks grid (one Rect per word).
  bool found = false;
  int words = 0;
  for (const auto& item : built.value->items) {
    if (const auto* t = std::get_if<scene::Text>(&item); t && t->text == v.totals) found = true;
    if (const auto* c = std::get_if<scene::Rect>(&item); c && c->id.rfind("words-", 0) == 0) ++words;
  }
  EXPECT_TRUE(found) << v.totals;
  EXPECT_EQ(words, v.lines * 32);
  // Both sides travel: a load draws its read side, a store its write side (the shared LayoutView).
  s.layout.read_layout = "(64,64):(64,1)";
  EXPECT_EQ(export_request(s, scene::View::banks).read_layout, "(64,64):(64,1)");
  // The dialog's crop is the tile view's; the Layout mode's picture is the whole grid, or with the
  // visible part its lines and banks in view: exactly those words drawn, ids the whole grid's.
  s.export_dialog.crop = true;
  EXPECT_TRUE(export_request(s, scene::View::banks).crop.whole());
  s.export_dialog.part = ExportPart::visible;
  s.frame.banks_view.drawn = true;
  s.frame.banks_view.visible["layout"] = VisibleGrid{1, 2, 30, 31, v.lines, 32};
  const auto part = scene::build_scene(export_request(s, scene::View::banks));
  ASSERT_TRUE(part) << part.error.message;
  std::vector<std::string> ids;
  for (const auto& item : part.value->items)
    if (const auto* c = std::get_if<scene::Rect>(&item); c && c->id.rfind("words-", 0) == 0)
      ids.push_back(c->id);
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  EXPECT_EQ(ids, (std::vector<std::string>{"words-r1-c30", "words-r1-c31", "words-r2-c30", "words-r2-c31"}));
  s.export_dialog.part = ExportPart::whole;
  // Layout mode off: the explorer tile of the controls, as before.
  s.layout.enabled = false;
  EXPECT_FALSE(export_request(s, scene::View::banks).layout_mode);
  EXPECT_TRUE(export_request(s, scene::View::banks).layout.empty());
}

// Issue 22: "...svg exists" stayed after the format went to PNG. The outcome line speaks of one
// file: a change of view, format or name forgets it (and a pending Overwrite); nothing else does.
TEST(ExportDialog, TheOutcomeLineGoesWhenTheFileItSpokeOfChanges) {
  ExportDialog d;
  d.view = scene::View::banks;
  d.format = scene::Format::svg;
  d.path = "/w/fragviz-banks.svg";
  const auto asked = [&] {
    d.message = d.path + " exists: Overwrite replaces it, or type another name";
    d.overwrite_pending = d.path;
  };
  asked();
  forget_stale_outcome(d, scene::View::banks, scene::Format::svg, "/w/fragviz-banks.svg");
  EXPECT_FALSE(d.message.empty());  // nothing changed: still true
  EXPECT_EQ(d.overwrite_pending, d.path);
  d.format = scene::Format::png;
  forget_stale_outcome(d, scene::View::banks, scene::Format::svg, "/w/fragviz-banks.svg");
  EXPECT_TRUE(d.message.empty());
  EXPECT_TRUE(d.overwrite_pending.empty());
  asked();
  d.view = scene::View::output;
  forget_stale_outcome(d, scene::View::banks, scene::Format::png, d.path);
  EXPECT_TRUE(d.message.empty());
  asked();
  const std::string before = d.path;
  d.path = "/w/other.png";
  forget_stale_outcome(d, d.view, d.format, before);
  EXPECT_TRUE(d.message.empty());
}

// Export clicked twice quickly (newcomer round 10): the second click finds the file the first just
// wrote; its line still says it was written, in green, and Overwrite is offered. A file that was
// there before, or one written under another name, is asked about in red as before.
TEST(ExportDialog, ASecondClickRightAfterAWriteStillSaysItWasWritten) {
  ExportDialog d;
  d.path = "/w/fragviz-fragments.svg";
  EXPECT_TRUE(export_pressed(d, false));  // nothing there: written at once
  take_export_outcome(d, ExportOutcome{true, "wrote /w/fragviz-fragments.svg (SVG): m16n8k8"});
  EXPECT_FALSE(export_pressed(d, true));
  EXPECT_TRUE(d.message_ok);
  EXPECT_EQ(d.message, "wrote /w/fragviz-fragments.svg (just now); Overwrite replaces it");
  EXPECT_EQ(d.overwrite_pending, d.path);
  // Overwrite writes again; a failed write forgets the file.
  take_export_outcome(d, ExportOutcome{false, "cannot write /w/fragviz-fragments.svg"});
  EXPECT_TRUE(d.overwrite_pending.empty());
  EXPECT_FALSE(export_pressed(d, true));
  EXPECT_FALSE(d.message_ok);
  EXPECT_EQ(d.message, "/w/fragviz-fragments.svg exists: Overwrite replaces it, or type another name");
  // Written, then the name changed to another existing file: that one is asked about in red.
  take_export_outcome(d, ExportOutcome{true, "wrote /w/fragviz-fragments.svg (SVG): m16n8k8"});
  const std::string before = d.path;
  d.path = "/w/old.svg";
  forget_stale_outcome(d, d.view, d.format, before);
  EXPECT_FALSE(export_pressed(d, true));
  EXPECT_FALSE(d.message_ok);
  // The dialog opened again: a file written in an earlier opening is no longer "just now".
  d.path = before;
  take_export_outcome(d, ExportOutcome{true, "wrote /w/fragviz-fragments.svg (SVG): m16n8k8"});
  open_export_dialog(d, "/w");
  EXPECT_FALSE(export_pressed(d, true));
  EXPECT_FALSE(d.message_ok);
}

// Issue 25: the CTA tile window's A, B and C grids and the Tensor memory's one grid have a Visible
// region too, and the dialog's crop reaches their exports (the CTA export drew the whole tile).
TEST(ExportDialog, CtaAndTmemHaveAVisibleRegionAndACrop) {
  AppState s;
  EXPECT_EQ(visible_region(s, scene::View::cta, ""), std::nullopt);  // not drawn
  EXPECT_EQ(visible_region(s, scene::View::tmem, ""), std::nullopt);
  // The sm80 preset's grids scrolled: A's rows 40-70 and every column in view, B and C away.
  s.frame.cta_visible["A"] = VisibleGrid{40, 70, 0, 31, 128, 32};
  s.frame.cta_visible["B"] = VisibleGrid{0, -1, 0, -1, 128, 32};
  s.frame.cta_visible["C"] = VisibleGrid{0, -1, 0, -1, 128, 128};
  const auto a = visible_region(s, scene::View::cta, "");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->crop.operand, "A");
  EXPECT_TRUE(a->partial);
  EXPECT_EQ(visible_region_text(a), "Visible region: A rows 40-70 (31 rows), columns 0-31 (32 columns)");
  EXPECT_EQ(default_export_part(ExportPart::whole, a), ExportPart::visible);
  s.export_dialog.part = ExportPart::visible;
  scene::ViewRequest r = export_request(s, scene::View::cta);
  EXPECT_EQ(r.crop.operand, "A");
  EXPECT_EQ(r.crop.rows, (scene::IndexRange{40, 70}));
  EXPECT_EQ(r.crop.cols, (scene::IndexRange{0, 31}));
  // C is named "C" (the CTA tile has no D).
  s.frame.cta_visible["C"] = VisibleGrid{0, 3, 0, 127, 128, 128};
  EXPECT_EQ(visible_region_text(visible_region(s, scene::View::cta, "C")),
            "Visible region: C rows 0-3 (4 rows), columns 0-127 (128 columns)");
  // The dialog's own operand and crop.
  s.export_dialog.part = ExportPart::chosen;
  s.export_dialog.operand = "B";
  s.export_dialog.crop = true;
  s.export_dialog.first_row = 8;
  s.export_dialog.last_row = 15;
  s.export_dialog.first_col = 0;
  s.export_dialog.last_col = 7;
  r = export_request(s, scene::View::cta);
  EXPECT_EQ(r.crop.operand, "B");
  EXPECT_EQ(r.crop.rows, (scene::IndexRange{8, 15}));
  // The tensor memory: one grid, rows and columns, no operand.
  r = export_request(s, scene::View::tmem);
  EXPECT_EQ(r.crop.operand, "");
  EXPECT_EQ(r.crop.cols, (scene::IndexRange{0, 7}));
  s.frame.tmem_visible = VisibleGrid{0, 40, 0, 15, 128, 32};
  const auto t = visible_region(s, scene::View::tmem, "A");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->crop.operand, "");
  EXPECT_TRUE(t->partial);
  EXPECT_EQ(visible_region_text(t), "Visible region: rows 0-40 (41 rows), columns 0-15 (16 columns)");
  s.frame.tmem_visible = VisibleGrid{0, 127, 0, 31, 128, 32};
  EXPECT_FALSE(visible_region(s, scene::View::tmem, "")->partial);
}

// Issue 22: the fragments export labels its cells as the view's cells read when last drawn.
TEST(ExportDialog, TheFragmentsExportLabelsAsTheScreen) {
  AppState s;
  EXPECT_EQ(export_request(s, scene::View::fragments).labels, scene::CellLabels::full);
  s.fragments_labels = scene::CellLabels::none;
  EXPECT_EQ(export_request(s, scene::View::fragments).labels, scene::CellLabels::none);
  s.fragments_labels = scene::CellLabels::lane;
  EXPECT_EQ(export_request(s, scene::View::fragments).labels, scene::CellLabels::lane);
  s.fragments_labels = scene::CellLabels::number;
  EXPECT_EQ(export_request(s, scene::View::fragments).labels, scene::CellLabels::number);
  // The warpgroup view's own, not the fragments view's.
  EXPECT_EQ(export_request(s, scene::View::warpgroup).labels, scene::CellLabels::full);
  s.warpgroup_labels = scene::CellLabels::lane;
  EXPECT_EQ(export_request(s, scene::View::warpgroup).labels, scene::CellLabels::lane);
}

// Issue 22, "Export writes what is on screen": the Visible region is every grid the view shows,
// each cropped to its rows and columns in view (only the dialog's operand's where it names one), a
// grid wholly out of view left out, said in describe_crop's words; it is the default only where the
// view hides part of its grids.
// Newcomer round 27: after exporting A alone ("As set below", operand A), the next opening over a
// view that shows A, B and C/D kept both, and its Visible region was cut to A. Each opening starts
// on what the screen shows: every operand, the visible region where part is hidden, else the whole.
TEST(ExportDialog, EachOpeningStartsOnTheScreen) {
  AppState s;
  auto& v = s.frame.fragments_view.visible;
  v["A"] = VisibleGrid{4, 11, 2, 7, 16, 8};
  v["B"] = VisibleGrid{0, 7, 0, 7, 8, 8};
  v["C"] = VisibleGrid{4, 11, 0, 7, 16, 8};
  ExportDialog& d = s.export_dialog;
  d.part = ExportPart::chosen;
  d.operand = "A";
  d.crop = true;
  d.first_row = 2;
  start_on_screen(d, visible_region(s, scene::View::fragments, ""));
  EXPECT_EQ(d.part, ExportPart::visible);
  EXPECT_EQ(d.operand, "");
  EXPECT_EQ(scene::crop_text(export_request(s, scene::View::fragments).crop),
            "A:rows=4-11,cols=2-7;B:rows=0-7,cols=0-7;C:rows=4-11,cols=0-7");
  EXPECT_TRUE(d.crop);  // the crop's fields stay for "As set below"
  EXPECT_EQ(d.first_row, 2);
  // All in view: the whole view.
  v["A"] = VisibleGrid{0, 15, 0, 15, 16, 16};
  v["C"] = VisibleGrid{0, 15, 0, 7, 16, 8};
  d.part = ExportPart::chosen;
  start_on_screen(d, visible_region(s, scene::View::fragments, ""));
  EXPECT_EQ(d.part, ExportPart::whole);
}

// Newcomer round 28: a bank view squashed to a sliver shows no words in its cells, and its "Whole
// tile" export had none either, with no way in the app to ask for them (the CLI has --labels). The
// picture's words are the screen's unless the dialog chose a level; each opening starts on the
// screen's; views without such words keep the full ones.
TEST(ExportDialog, TheCellLabelsAreTheScreensUnlessChosen) {
  AppState s;
  s.banks_labels = scene::CellLabels::none;
  s.fragments_labels = scene::CellLabels::lane;
  s.warpgroup_labels = scene::CellLabels::number;
  s.stmatrix_labels = scene::CellLabels::lane;
  s.movmatrix_labels = scene::CellLabels::number;
  ExportDialog& d = s.export_dialog;
  EXPECT_EQ(export_request(s, scene::View::banks).labels, scene::CellLabels::none);
  EXPECT_EQ(export_request(s, scene::View::fragments).labels, scene::CellLabels::lane);
  EXPECT_EQ(export_request(s, scene::View::warpgroup).labels, scene::CellLabels::number);
  EXPECT_EQ(export_request(s, scene::View::stmatrix).labels, scene::CellLabels::lane);
  // The movmatrix grids' words at their zoom (issue 22: it had no levels, its words not the screen's).
  EXPECT_EQ(export_request(s, scene::View::movmatrix).labels, scene::CellLabels::number);
  d.labels = scene::CellLabels::full;
  EXPECT_EQ(export_request(s, scene::View::banks).labels, scene::CellLabels::full);
  EXPECT_EQ(export_request(s, scene::View::warpgroup).labels, scene::CellLabels::full);
  EXPECT_TRUE(export_has_labels(scene::View::banks));
  EXPECT_FALSE(export_has_labels(scene::View::ldmatrix));
  EXPECT_TRUE(export_has_labels(scene::View::stmatrix));  // its zoom's levels, as the fragments view's
  EXPECT_TRUE(export_has_labels(scene::View::movmatrix));
  start_on_screen(d, std::nullopt);
  EXPECT_EQ(d.labels, std::nullopt);
  EXPECT_EQ(export_request(s, scene::View::banks).labels, scene::CellLabels::none);
  EXPECT_EQ(export_request(s, scene::View::tmem).labels, scene::CellLabels::full);
}

TEST(ExportDialog, TheVisibleRegionIsWhatTheViewShows) {
  AppState s;
  EXPECT_EQ(visible_region(s, scene::View::fragments, ""), std::nullopt);  // not drawn
  EXPECT_EQ(visible_region_text(std::nullopt), "Visible region (this view has none)");
  EXPECT_EQ(default_export_part(ExportPart::visible, std::nullopt), ExportPart::whole);
  // m16n8k8 zoomed in: A's rows 4-11 and columns 2-7 in view, C/D's rows 4-11 and its column 0, B
  // scrolled away.
  auto& v = s.frame.fragments_view.visible;
  v["A"] = VisibleGrid{4, 11, 2, 7, 16, 8};
  v["B"] = VisibleGrid{0, -1, 0, -1, 8, 8};
  v["C"] = VisibleGrid{4, 11, 0, 0, 16, 8};
  const auto a = visible_region(s, scene::View::fragments, "");
  ASSERT_TRUE(a);
  ASSERT_EQ(a->crop.grids.size(), 2u);
  EXPECT_EQ(a->crop.grids[0].grid, "A");
  EXPECT_EQ(a->crop.grids[0].rows, (scene::IndexRange{4, 11}));
  EXPECT_EQ(a->crop.grids[0].cols, (scene::IndexRange{2, 7}));
  EXPECT_EQ(a->crop.grids[1].grid, "C");
  EXPECT_EQ(a->crop.grids[1].cols, (scene::IndexRange{0, 0}));
  EXPECT_TRUE(a->crop.operand.empty());
  EXPECT_TRUE(a->partial);
  EXPECT_EQ(visible_region_text(a), "Visible region: A rows 4-11, cols 2-7; C/D rows 4-11, cols 0-0");
  // The dialog's operand keeps its grid alone; one wholly out of view has none.
  EXPECT_EQ(visible_region_text(visible_region(s, scene::View::fragments, "C")),
            "Visible region: C/D rows 4-11, cols 0-0");
  EXPECT_EQ(visible_region(s, scene::View::fragments, "B"), std::nullopt);
  // Default: visible while part is hidden; the user's own crop stays.
  EXPECT_EQ(default_export_part(ExportPart::whole, a), ExportPart::visible);
  EXPECT_EQ(default_export_part(ExportPart::chosen, a), ExportPart::chosen);
  // The export draws those blocks, with the dialog's crop fields left as they were.
  s.export_dialog.part = ExportPart::visible;
  s.export_dialog.crop = false;
  const scene::ViewRequest r = export_request(s, scene::View::fragments);
  EXPECT_EQ(scene::crop_text(r.crop), "A:rows=4-11,cols=2-7;C:rows=4-11,cols=0-0");
  s.export_dialog.part = ExportPart::whole;
  EXPECT_TRUE(export_request(s, scene::View::fragments).crop.whole());
  // Everything in view: the whole tile is the default, and nothing is hidden.
  v["A"] = VisibleGrid{0, 15, 0, 7, 16, 8};
  v["B"] = VisibleGrid{0, 7, 0, 7, 8, 8};
  v["C"] = VisibleGrid{0, 15, 0, 7, 16, 8};
  const auto all = visible_region(s, scene::View::fragments, "");
  ASSERT_TRUE(all);
  EXPECT_FALSE(all->partial);
  EXPECT_EQ(all->crop.grids.size(), 3u);
  EXPECT_EQ(default_export_part(ExportPart::visible, all), ExportPart::whole);
  // The bank view: each grid's lines and banks in view; none in Layout mode.
  s.frame.banks_view.drawn = true;
  s.frame.banks_view.visible["unpadded"] = VisibleGrid{0, 3, 20, 31, 8, 32};
  s.frame.banks_view.visible["padded"] = VisibleGrid{0, 3, 0, 5, 9, 32};
  const auto b = visible_region(s, scene::View::banks, "");
  ASSERT_TRUE(b);
  EXPECT_EQ(scene::crop_text(b->crop), "unpadded:rows=0-3,cols=20-31;padded:rows=0-3,cols=0-5");
  EXPECT_TRUE(b->partial);
  EXPECT_EQ(visible_region_text(b),
            "Visible region: unpadded lines 0-3, banks 20-31; padded lines 0-3, banks 0-5");
  // Layout mode: its one lines x banks grid's lines and banks in view (newcomer round 13: it had
  // none and exported the whole grid), the tile view's grids left out.
  s.layout.enabled = true;
  EXPECT_EQ(visible_region(s, scene::View::banks, ""), std::nullopt);  // no layout grid drawn
  s.frame.banks_view.visible["layout"] = VisibleGrid{2, 9, 4, 19, 64, 32};
  const auto lb = visible_region(s, scene::View::banks, "");
  ASSERT_TRUE(lb);
  EXPECT_EQ(scene::crop_text(lb->crop), "layout:rows=2-9,cols=4-19");
  EXPECT_TRUE(lb->partial);
  EXPECT_EQ(visible_region_text(lb), "Visible region: layout lines 2-9, banks 4-19");
  // The warpgroup view: its A and D (keyed C, as the dialog's Operand keys D), D named as it shows.
  EXPECT_EQ(visible_region(s, scene::View::warpgroup, ""), std::nullopt);
  s.frame.warpgroup_visible["A"] = VisibleGrid{0, 15, 0, 15, 64, 16};
  s.frame.warpgroup_visible["C"] = VisibleGrid{0, 15, 0, 31, 64, 256};
  const auto w = visible_region(s, scene::View::warpgroup, "");
  ASSERT_TRUE(w);
  EXPECT_TRUE(w->partial);
  EXPECT_EQ(visible_region_text(w), "Visible region: A rows 0-15, cols 0-15; D rows 0-15, cols 0-31");
  s.export_dialog.part = ExportPart::visible;
  EXPECT_EQ(scene::crop_text(export_request(s, scene::View::warpgroup).crop),
            "A:rows=0-15,cols=0-15;D:rows=0-15,cols=0-31");
}

// Newcomer round 31: with the fragments view squeezed under a Hopper view and scrolled to B's edge,
// the dialog offered "Visible region: B rows 0-14, cols 0-0" first. A sliver (no grid with two rows
// and two columns in view) is not a part the user framed: the whole view is offered first; a block
// of two columns is.
TEST(ExportDialog, ASliverInViewIsNotOfferedFirst) {
  AppState s;
  auto& v = s.frame.fragments_view.visible;
  v["A"] = VisibleGrid{0, -1, 0, -1, 16, 16};
  v["B"] = VisibleGrid{0, 14, 0, 0, 16, 8};
  v["C"] = VisibleGrid{0, -1, 0, -1, 16, 8};
  const auto sliver = visible_region(s, scene::View::fragments, "");
  ASSERT_TRUE(sliver);
  EXPECT_EQ(visible_region_text(sliver), "Visible region: B rows 0-14, cols 0-0");
  EXPECT_TRUE(sliver->partial);
  EXPECT_TRUE(sliver->sliver);
  EXPECT_EQ(default_export_part(ExportPart::whole, sliver), ExportPart::whole);
  EXPECT_EQ(default_export_part(ExportPart::chosen, sliver), ExportPart::chosen);  // the user's crop stays
  v["B"] = VisibleGrid{0, 14, 0, 1, 16, 8};
  const auto block = visible_region(s, scene::View::fragments, "");
  ASSERT_TRUE(block);
  EXPECT_FALSE(block->sliver);
  EXPECT_EQ(default_export_part(ExportPart::whole, block), ExportPart::visible);
  // One row of the Tensor memory's grid is still offered first: its whole grid is 128 x 512 cells.
  s.frame.tmem_visible = VisibleGrid{3, 3, 0, 31, 128, 512};
  const auto row = visible_region(s, scene::View::tmem, "");
  ASSERT_TRUE(row);
  EXPECT_FALSE(row->sliver);
  EXPECT_EQ(default_export_part(ExportPart::whole, row), ExportPart::visible);
}

TEST(ExportDialog, EveryViewExportsItsSelectedLaneAndSettings) {
  AppState s;
  s.controls.instruction = "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32";
  s.selected_lane = 5;
  s.hopper.selected_thread = 77;
  const scene::ViewRequest f = export_request(s, scene::View::fragments);
  EXPECT_EQ(f.instr, s.controls.instruction);
  EXPECT_EQ(f.lane, 5);
  EXPECT_EQ(export_request(s, scene::View::ldmatrix).lane, 5);
  // The ldmatrix view's cells are the selected instruction's units (bytes for s8): its export is
  // built from that instruction, as the view is.
  EXPECT_EQ(export_request(s, scene::View::ldmatrix).instr, s.controls.instruction);
  EXPECT_EQ(export_request(s, scene::View::warpgroup).lane, 77);
  EXPECT_EQ(export_request(s, scene::View::warpgroup).instr, s.hopper.wgmma);
  EXPECT_EQ(export_request(s, scene::View::stmatrix).lane, 5);   // the stmatrix page selects the app's lane
  EXPECT_EQ(export_request(s, scene::View::movmatrix).lane, 5);  // so does the movmatrix page (issue 22)
  s.selected_lane = -1;
  EXPECT_EQ(export_request(s, scene::View::fragments).lane, -1);
}

// Issue 22: PNG chosen in the dialog kept the .svg name and wrote PNG bytes into it.
TEST(ExportDialog, TheNameFollowsTheFormat) {
  EXPECT_EQ(path_for_format("/tmp/fig.svg", scene::Format::png), "/tmp/fig.png");
  EXPECT_EQ(path_for_format("fig.png", scene::Format::tikz), "fig.tex");
  EXPECT_EQ(path_for_format("fig.tex", scene::Format::pdf), "fig.pdf");
  EXPECT_EQ(path_for_format("notes/fig", scene::Format::png), "notes/fig");      // no extension: as typed
  EXPECT_EQ(path_for_format("v1.2/figure", scene::Format::png), "v1.2/figure");  // a dot in a folder
  EXPECT_EQ(path_for_format("fig.jpeg", scene::Format::png), "fig.jpeg");        // not ours: as typed
  EXPECT_EQ(default_export_path("/home/u/Pictures", scene::View::banks, scene::Format::pdf),
            "/home/u/Pictures/fragviz-banks.pdf");
}

// The Algebra window exports what it shows: its expression, the operation picked and the colouring,
// the scene's tables those of the window's own model.
TEST(ExportDialog, TheAlgebraWindowExportsItsExpressionStepAndColour) {
  AppState s;
  s.algebra.expression = "coalesce(composition((4,8):(8,1), (8,4):(4,1)))";
  s.algebra.step = 0;
  s.algebra.colour = AlgebraColour::row;
  const scene::ViewRequest r = export_request(s, scene::View::algebra);
  EXPECT_EQ(r.expression, s.algebra.expression);
  EXPECT_EQ(r.step, 0);
  EXPECT_EQ(r.colour, "row");
  const auto scene = scene::build_scene(r);
  ASSERT_TRUE(scene) << scene.error.message;
  // Step 1 is composition: operands (4,8):(8,1) and (8,4):(4,1), then its result, as the window.
  const AlgebraModel m = make_algebra_model(s.algebra);
  ASSERT_EQ(m.tables.size(), 3u);
  std::size_t cells = 0;
  for (const scene::Item& it : scene->items)
    if (const auto* rect = std::get_if<scene::Rect>(&it); rect && !rect->id.empty()) ++cells;
  EXPECT_EQ(cells, 32u * 3);
}

// Newcomer round 8: a typed name stayed when the view changed, so the next picture was aimed at
// the last one's file. Another view takes its own default name, in the typed name's folder.
TEST(ExportDialog, TheNameFollowsTheView) {
  using scene::Format;
  using scene::View;
  EXPECT_EQ(follow_export_path("/w/exp/app-frag.png", "/home/u", View::fragments, Format::png, View::banks,
                               Format::png),
            "/w/exp/fragviz-banks.png");
  EXPECT_EQ(
      follow_export_path("app-frag.png", "/home/u", View::fragments, Format::png, View::banks, Format::png),
      "/home/u/fragviz-banks.png");
  // The same view: a typed name stays, and follows only the format.
  EXPECT_EQ(follow_export_path("/w/exp/app-frag.png", "/home/u", View::fragments, Format::png,
                               View::fragments, Format::svg),
            "/w/exp/app-frag.svg");
  EXPECT_EQ(follow_export_path("/w/exp/app-frag.png", "/home/u", View::fragments, Format::png,
                               View::fragments, Format::png),
            "/w/exp/app-frag.png");
  // A default name follows view and format in the default folder.
  EXPECT_EQ(follow_export_path("/home/u/fragviz-fragments.svg", "/home/u", View::fragments, Format::svg,
                               View::banks, Format::pdf),
            "/home/u/fragviz-banks.pdf");
  EXPECT_EQ(follow_export_path("", "/home/u", View::fragments, Format::svg, View::fragments, Format::svg),
            "/home/u/fragviz-fragments.svg");
}

// Issue 26: Export opened from the Tensor memory window offered the fragments view. Every window
// a view exports names that view (the titles of window_names.hpp, spelled out here as the user sees
// them); the others name none, so focusing them keeps the last choice.
TEST(ExportDialog, EveryExportableWindowNamesItsView) {
  using scene::View;
  EXPECT_EQ(export_view_of_window("Tensor memory: tcgen05 lanes and columns (sm_100, model only)"),
            View::tmem);
  EXPECT_EQ(export_view_of_window("Fragments: mma.sync A, B, C/D"), View::fragments);
  EXPECT_EQ(export_view_of_window("ldmatrix: what each lane receives"), View::ldmatrix);
  EXPECT_EQ(export_view_of_window("Bank view: shared-memory accesses over 32 banks"), View::banks);
  EXPECT_EQ(export_view_of_window("Output view"), View::output);
  EXPECT_EQ(export_view_of_window("Warpgroup: wgmma D and A fragments"), View::warpgroup);
  EXPECT_EQ(export_view_of_window("stmatrix / movmatrix: register halves and 8x8 matrices"), View::stmatrix);
  EXPECT_EQ(export_view_of_window("Algebra: CuTe layouts and their operations"), View::algebra);
  for (const char* other : {"Controls", "Gate: exact matmul", "Descriptor: wgmma operand in shared memory",
                            "Lane inspector", "##MainMenuBar", "Export", ""})
    EXPECT_EQ(export_view_of_window(other), std::nullopt) << other;
}

// The stmatrix / movmatrix window exports the page it shows (issue 22: Ctrl+E over the movmatrix
// page opened the stmatrix view): movmatrix on the movmatrix page, stmatrix on the others (the
// epilogue and 8-bit pages have no picture); any other view is left as it is.
TEST(ExportDialog, TheMatrixMoveWindowExportsItsPage) {
  using scene::View;
  AppState s;
  s.hopper.moves.view = MoveView::movmatrix;
  EXPECT_EQ(moves_page_view(s, View::stmatrix), View::movmatrix);
  EXPECT_EQ(moves_page_view(s, View::movmatrix), View::movmatrix);
  EXPECT_EQ(moves_page_view(s, View::banks), View::banks);
  EXPECT_EQ(moves_page_view(s, std::nullopt), std::nullopt);
  s.moves_b8.shown = true;
  EXPECT_EQ(moves_page_view(s, View::movmatrix), View::stmatrix);
  s.moves_b8.shown = false;
  for (MoveView page : {MoveView::stmatrix, MoveView::epilogue}) {
    s.hopper.moves.view = page;
    EXPECT_EQ(moves_page_view(s, View::movmatrix), View::stmatrix) << to_string(page);
  }
}

TEST(ExportDialog, ItOpensOnTheViewLookedAt) {
  using scene::Format;
  using scene::View;
  ExportDialog d;
  d.open_requested = true;
  d.message = "wrote /home/u/fragviz-fragments.svg (svg): ...";
  d.looked_at = View::tmem;
  open_export_dialog(d, "/home/u");
  EXPECT_FALSE(d.open_requested);
  EXPECT_EQ(d.view, View::tmem);
  EXPECT_EQ(d.path, "/home/u/fragviz-tmem.svg");  // the default name follows the view
  EXPECT_TRUE(d.message.empty());
  // A name the user typed keeps its folder; the file takes the new view's name.
  d.path = "/w/figs/mine.svg";
  d.looked_at = View::algebra;
  open_export_dialog(d, "/home/u");
  EXPECT_EQ(d.view, View::algebra);
  EXPECT_EQ(d.path, "/w/figs/fragviz-algebra.svg");
  // Nothing looked at yet: the dialog keeps its view and name.
  ExportDialog fresh;
  fresh.view = View::banks;
  fresh.format = Format::png;
  fresh.path = "/w/b.png";
  open_export_dialog(fresh, "/home/u");
  EXPECT_EQ(fresh.view, View::banks);
  EXPECT_EQ(fresh.path, "/w/b.png");
}

// The app's first frames hand the focus to each tiled view as it appears: that is not the user's.
// Afterwards a move of the focus (a click elsewhere, a window opened from the View menu) or a click
// in the window that has it takes its view; the menu bar or Controls keep the last one.
TEST(ExportDialog, TheFocusTheUserGaveIsTaken) {
  using scene::View;
  const char* const output = "Output view";
  const char* const tmem = "Tensor memory: tcgen05 lanes and columns (sm_100, model only)";
  ExportDialog d;
  note_focus(d, "Fragments: mma.sync A, B, C/D", false, false);
  note_focus(d, output, false, false);
  EXPECT_EQ(d.looked_at, std::nullopt);  // the tiling's focus
  note_focus(d, output, true, false);
  EXPECT_EQ(d.looked_at, std::nullopt);  // still where the tiling left it
  note_focus(d, output, true, true);
  EXPECT_EQ(d.looked_at, View::output);  // a click in it
  note_focus(d, tmem, true, false);
  EXPECT_EQ(d.looked_at, View::tmem);  // opened from the View menu: it takes the focus
  note_focus(d, "##MainMenuBar", true, true);
  note_focus(d, "Controls", true, true);
  EXPECT_EQ(d.looked_at, View::tmem);  // no view of theirs: the last one stays
}

// Newcomer round 13: clicked into one view, then scrolling another, Ctrl+E offered the clicked one.
// The wheel over a view makes it the one worked in; the mouse moved onto a view makes it the one
// Ctrl+E means while it rests there (the menu's File > Export keeps the one worked in); the title
// names the view.
TEST(ExportDialog, TheViewWorkedInOrPointedAtIsTaken) {
  using scene::View;
  const char* const fragments = "Fragments: mma.sync A, B, C/D";
  const char* const banks = "Bank view: shared-memory accesses over 32 banks";
  ExportDialog d;
  note_pointer(d, fragments, true, true, false);
  EXPECT_EQ(d.looked_at, std::nullopt);  // the first frames
  EXPECT_EQ(d.pointed_at, std::nullopt);
  note_focus(d, banks, true, true);
  EXPECT_EQ(d.looked_at, View::banks);
  note_pointer(d, fragments, false, true, true);  // the wheel over fragments, no click
  EXPECT_EQ(d.looked_at, View::fragments);
  note_pointer(d, "Controls", true, true, true);  // no view of its own: nothing changes but the pointer
  EXPECT_EQ(d.looked_at, View::fragments);
  EXPECT_EQ(d.pointed_at, std::nullopt);
  note_focus(d, banks, true, true);
  note_pointer(d, fragments, true, false, true);  // moved onto fragments, no click
  EXPECT_EQ(d.looked_at, View::banks);
  EXPECT_EQ(d.pointed_at, View::fragments);
  EXPECT_EQ(export_target(d), View::banks);  // File > Export from the menu
  d.open_requested = d.requested_by_key = true;
  EXPECT_EQ(export_target(d), View::fragments);  // Ctrl+E: the view under the mouse
  open_export_dialog(d, "/home/u");
  EXPECT_EQ(d.view, View::fragments);
  EXPECT_FALSE(d.requested_by_key);
  EXPECT_EQ(export_dialog_title(d.view), "Export the fragments view");
  EXPECT_EQ(d.opened_note, "");                         // the view under the mouse
  note_pointer(d, "##MainMenuBar", true, false, true);  // moved off every view
  d.requested_by_key = true;
  EXPECT_EQ(export_target(d), View::banks);
  open_export_dialog(d, "/home/u");
  EXPECT_EQ(d.opened_note, "");  // over no window: nothing to explain
  // Newcomer round 29: Ctrl+E over the Gate view opened on another view, unsaid.
  note_pointer(d, "Gate: exact matmul", true, false, true);
  d.requested_by_key = true;
  open_export_dialog(d, "/home/u");
  EXPECT_EQ(d.view, View::banks);
  EXPECT_EQ(d.opened_note,
            "The Gate window has no picture: the banks view, looked at last, is chosen (the View list "
            "below picks another).");
  d.open_requested = true;  // File > Export from the menu: the mouse is on the menu, nothing to say
  open_export_dialog(d, "/home/u");
  EXPECT_EQ(d.opened_note, "");
}

// Issue 22: the default folder was the working folder (the clone, when started from it).
TEST(ExportDialog, TheDefaultFolderIsTheLastOneUsedElsePicturesElseHome) {
  const std::string home = ::testing::TempDir() + "fragviz-export-home";
  std::filesystem::remove_all(home);
  std::filesystem::create_directories(home);
  const char* old = std::getenv("HOME");
  const std::string saved = old ? old : "";
  setenv("HOME", home.c_str(), 1);
  ExportDialog d;
  EXPECT_EQ(default_export_folder(d), home);
  std::filesystem::create_directories(home + "/Pictures");
  EXPECT_EQ(default_export_folder(d), home + "/Pictures");
  std::filesystem::create_directories(home + "/figures");
  d.last_folder = home + "/figures";
  EXPECT_EQ(default_export_folder(d), home + "/figures");
  // Saved in settings.json, it may be gone at the next start: passed over, not a path that fails.
  d.last_folder = home + "/gone";
  EXPECT_EQ(default_export_folder(d), home + "/Pictures");
  if (old)
    setenv("HOME", saved.c_str(), 1);
  else
    unsetenv("HOME");
  std::filesystem::remove_all(home);
}

// The dialog's Operand and Crop: the file holds that operand's block only, the cells named as in the
// whole tile (PTX ISA m16n8k16 A: (4,8) is T16 V4), both ends of each range included as shown.
TEST(ExportDialog, ACropWritesExactlyTheBlockAsked) {
  AppState s;
  s.controls.instruction = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
  s.export_dialog.part = ExportPart::chosen;
  s.export_dialog.operand = "A";
  s.export_dialog.crop = true;
  s.export_dialog.first_row = 4;
  s.export_dialog.last_row = 11;
  s.export_dialog.first_col = 8;
  s.export_dialog.last_col = 15;
  const scene::ViewRequest r = export_request(s, scene::View::fragments);
  EXPECT_EQ(r.crop.operand, "A");
  EXPECT_EQ(r.crop.rows, (scene::IndexRange{4, 11}));
  EXPECT_EQ(r.crop.cols, (scene::IndexRange{8, 15}));
  // The bank view crops the lines (rows) and banks (columns) of both its grids, no operand.
  const scene::ViewRequest b = export_request(s, scene::View::banks);
  EXPECT_EQ(b.crop.operand, "");
  EXPECT_EQ(b.crop.rows, (scene::IndexRange{4, 11}));
  EXPECT_EQ(b.crop.cols, (scene::IndexRange{8, 15}));
  // Views that cannot be cropped take no crop.
  EXPECT_TRUE(export_request(s, scene::View::ldmatrix).crop.whole());
  // The palette: the screen's (what was on screen) unless the dialog asks for the document's.
  const AppState fresh;
  EXPECT_TRUE(export_request(fresh, scene::View::fragments).dark);
  s.export_dialog.dark = false;
  EXPECT_FALSE(export_request(s, scene::View::output).dark);
  const std::string dir = ::testing::TempDir() + "fragviz-export-crop";
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/a.svg";
  std::filesystem::remove(path);
  const ExportOutcome o = run_export(s, scene::View::fragments, scene::Format::svg, path, 2.0);
  ASSERT_TRUE(o.ok) << o.message;
  std::ifstream in(path);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  int cells = 0;
  for (std::size_t at = text.find("id=\""); at != std::string::npos; at = text.find("id=\"", at + 1)) {
    const std::string id = text.substr(at + 4, text.find('"', at + 4) - at - 4);
    int row = -1, col = -1;
    ASSERT_EQ(std::sscanf(id.c_str(), "A-r%d-c%d", &row, &col), 2) << id;
    EXPECT_TRUE(row >= 4 && row <= 11 && col >= 8 && col <= 15) << id;
    ++cells;
  }
  EXPECT_EQ(cells, 64);
  EXPECT_NE(text.find(">T16 V4<"), std::string::npos);
  // Without an operand the crop is off: the whole view.
  s.export_dialog.operand.clear();
  EXPECT_TRUE(export_request(s, scene::View::fragments).crop.whole());
  // A range outside the operand is refused, nothing written.
  s.export_dialog.operand = "B";
  s.export_dialog.first_row = 0;
  s.export_dialog.last_row = 16;
  std::filesystem::remove(path);
  const ExportOutcome bad = run_export(s, scene::View::fragments, scene::Format::svg, path, 2.0);
  EXPECT_FALSE(bad.ok);
  // Said in the dialog's own convention (both ends included), as fragviz-cli says it: the old
  // message spoke of "rows=0:17" for the dialog's rows 0 to 16.
  EXPECT_EQ(bad.message, "rows=0-16 is outside B's 16 x 8 (rows 0-15)");
  EXPECT_FALSE(std::filesystem::exists(path));
}

// Newcomer issue 22: rows 0 to 9999 of A read "rows 0-9999 (10000 rows)" until Export refused them.
// The dialog says it as the range is typed (export_crop_problem, in build_scene's words) and keeps
// Export disabled; a range inside, or no crop asked, has no problem.
TEST(ExportDialog, ACropOutsideTheGridIsSaidBeforeExport) {
  AppState s;
  s.controls.instruction = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";  // A is 16 x 16
  ExportDialog& d = s.export_dialog;
  d.part = ExportPart::chosen;
  d.operand = "A";
  d.crop = true;
  d.first_row = 0;
  d.last_row = 9999;
  d.first_col = 0;
  d.last_col = 7;
  EXPECT_EQ(export_crop_problem(s, d, scene::View::fragments),
            "rows=0-9999 is outside A's 16 x 16 (rows 0-15)");
  d.last_row = 15;
  EXPECT_EQ(export_crop_problem(s, d, scene::View::fragments), std::nullopt);
  d.last_col = 16;
  EXPECT_EQ(export_crop_problem(s, d, scene::View::fragments),
            "cols=0-16 is outside A's 16 x 16 (columns 0-15)");
  d.crop = false;
  EXPECT_EQ(export_crop_problem(s, d, scene::View::fragments), std::nullopt);
  d.crop = true;
  d.part = ExportPart::whole;  // the crop is not what Export draws
  EXPECT_EQ(export_crop_problem(s, d, scene::View::fragments), std::nullopt);
}

// The CTA tile window's export draws the window's configuration as typed: the request carries it,
// and the scene is the one a CLI request reading the same flags over the preset builds.
TEST(ExportDialog, CtaExportIsTheWindowsConfiguration) {
  AppState s;
  s.cta_tile.spec.smem[0] = "(128,32):(32,1)";
  s.cta_tile.thread = 37;
  const scene::ViewRequest r = export_request(s, scene::View::cta);
  EXPECT_EQ(r.cta.spec, s.cta_tile.spec);
  EXPECT_EQ(r.cta.thread, 37);
  tile::CtaOverrides flags;
  flags.preset = s.cta_tile.preset;
  flags.smem[0] = "(128,32):(32,1)";
  scene::ViewRequest cli;
  cli.view = scene::View::cta;
  cli.palette = r.palette;
  cli.dark = r.dark;  // the paper is the dialog's choice, not the configuration
  cli.cta.preset = flags.preset;
  cli.cta.spec = *tile::apply_cta_overrides(flags).spec;
  cli.cta.thread = 37;
  const auto a = scene::build_scene(r), b = scene::build_scene(cli);
  ASSERT_TRUE(a) << a.error.message;
  ASSERT_TRUE(b) << b.error.message;
  EXPECT_EQ(*scene::scene_bytes(*a.value, scene::Format::svg, 1.0).value,
            *scene::scene_bytes(*b.value, scene::Format::svg, 1.0).value);
  // A configuration the model refuses exports nothing, and says why.
  s.cta_tile.spec.tile = "128x12y8x32";
  const auto refused = scene::build_scene(export_request(s, scene::View::cta));
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error.message.find("--tile: col 7"), std::string::npos) << refused.error.message;
}

// The Find ring on screen goes into the file (issue 22, newcomer round 14: Find A,9,3 ringed the
// cell on screen, not in the export): the fragments request carries the cell Find went to.
TEST(ExportDialog, TheFragmentsRequestCarriesTheFindRing) {
  AppState s;
  EXPECT_FALSE(export_request(s, scene::View::fragments).found);
  s.fragments_goto.where = WhereRequest{Operand::A, 9, 3, -1};
  const scene::ViewRequest r = export_request(s, scene::View::fragments);
  ASSERT_TRUE(r.found);
  EXPECT_EQ(r.found->grid, "A");
  EXPECT_EQ(r.found->row, 9);
  EXPECT_EQ(r.found->col, 3);
  EXPECT_EQ(r.found->product, -1);
  s.fragments_goto.where = WhereRequest{Operand::C, 2, 5, -1};
  EXPECT_EQ(export_request(s, scene::View::fragments).found->grid, "C");
}

// The warpgroup view's Find ring goes into the file too (newcomer issue 22: Find D,3,5 ringed the
// cell on screen, the export had no ring): the request carries it and the scene has the screen's
// yellow band (255, 225, 60) 1.5 outside the found cell, on its four sides, around no other cell.
TEST(ExportDialog, TheWarpgroupFileCarriesTheFindRing) {
  AppState s;
  EXPECT_FALSE(export_request(s, scene::View::warpgroup).found);
  s.warpgroup_goto.where = WhereRequest{Operand::C, 3, 5, -1};
  const scene::ViewRequest r = export_request(s, scene::View::warpgroup);
  ASSERT_TRUE(r.found);
  EXPECT_EQ(r.found->grid, "D");
  EXPECT_EQ(r.found->row, 3);
  EXPECT_EQ(r.found->col, 5);
  const auto built = scene::build_scene(r);
  ASSERT_TRUE(built) << built.error.message;
  std::vector<scene::Rect> yellow;
  for (const scene::Item& it : built.value->items)
    if (const auto* c = std::get_if<scene::Rect>(&it); c && c->fill == scene::Colour{255, 225, 60})
      yellow.push_back(*c);
  std::vector<std::string> ringed;
  for (const scene::Item& it : built.value->items) {
    const auto* c = std::get_if<scene::Rect>(&it);
    if (!c || c->id.empty()) continue;
    const auto at = [](double a, double b) { return std::abs(a - b) < 1e-9; };
    const auto band = [&](double x, double y, double w, double h) {
      return std::any_of(yellow.begin(), yellow.end(), [&](const scene::Rect& b) {
        return at(b.x, x) && at(b.y, y) && at(b.w, w) && at(b.h, h);
      });
    };
    const double x0 = c->x - 1.5, y0 = c->y - 1.5, w = c->w + 3, h = c->h + 3;
    if (band(x0, y0, w, 1.5) && band(x0, y0 + h - 1.5, w, 1.5) && band(x0, y0, 1.5, h) &&
        band(x0 + w - 1.5, y0, 1.5, h))
      ringed.push_back(c->id);
  }
  EXPECT_EQ(ringed, std::vector<std::string>{"D-r3-c5"});
  s.warpgroup_goto.where = WhereRequest{Operand::A, 60, 2, -1};
  EXPECT_EQ(export_request(s, scene::View::warpgroup).found->grid, "A");
}

// A PNG scale typed past the range 0.5-8 is kept at its end and said so beside the field (issue 22:
// 1000 became 8 silently); one inside is taken as typed, with nothing said; no number keeps the
// scale held before.
TEST(ExportDialog, ATypedScaleOutsideTheRangeIsKeptAtItsEndAndSaidSo) {
  KeptScale k = keep_export_scale(1000.f, 2.f);
  EXPECT_FLOAT_EQ(k.scale, 8.f);
  EXPECT_EQ(k.note, "1000 is past 0.5 to 8: kept at 8");
  k = keep_export_scale(0.f, 2.f);
  EXPECT_FLOAT_EQ(k.scale, 0.5f);
  EXPECT_EQ(k.note, "0 is past 0.5 to 8: kept at 0.5");
  k = keep_export_scale(3.f, 2.f);
  EXPECT_FLOAT_EQ(k.scale, 3.f);
  EXPECT_EQ(k.note, "");
  k = keep_export_scale(8.f, 2.f);
  EXPECT_FLOAT_EQ(k.scale, 8.f);
  EXPECT_EQ(k.note, "");
  k = keep_export_scale(std::nanf(""), 2.5f);
  EXPECT_FLOAT_EQ(k.scale, 2.5f);
  EXPECT_EQ(k.note, "not a number: kept at 2.5 (0.5 to 8)");
}

// Newcomer round 33: the Export dialog said "--layout: col 201: nested more than 200 levels deep" and
// "the output view needs a gate report (--report FILE)", fragviz-cli's words.
TEST(ExportDialog, RefusalsSpeakOfTheAppsFieldsNotTheCliFlags) {
  EXPECT_EQ(in_app_words("--layout: col 201: nested more than 200 levels deep"),
            "the layout's write field: col 201: nested more than 200 levels deep");
  EXPECT_EQ(in_app_words("--lanes: 'row=lane+': ends early"),
            "the layout's lanes field: 'row=lane+': ends early");
  EXPECT_EQ(in_app_words("--elem b12: not an element type"),
            "the layout's element type b12: not an element type");
  EXPECT_EQ(
      in_app_words("the output view needs a gate report (--report FILE)"),
      "the output view needs a gate report (Run gate on a GPU, or File > Open report with a gate report)");
  // A flag's name inside other words, or another text, is left as it is.
  EXPECT_EQ(in_app_words("--layouts: x"), "--layouts: x");
  EXPECT_EQ(in_app_words("no ldmatrix form"), "no ldmatrix form");
  // The real refusal for the output view without a gate result, through the dialog's own path.
  const AppState s;
  const ExportOutcome out = run_export(s, scene::View::output, scene::Format::svg,
                                       ::testing::TempDir() + "fragviz-output-none.svg", 2.0);
  EXPECT_FALSE(out.ok);
  EXPECT_EQ(out.message.find("--report"), std::string::npos) << out.message;
  EXPECT_NE(out.message.find("File > Open report"), std::string::npos) << out.message;
}

}  // namespace
}  // namespace fragviz::app
