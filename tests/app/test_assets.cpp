// The asset files (assets/*.json) and their parser: the embedded files are complete and valid, an
// override replaces only what it names, and every kind of bad file is refused with a message that
// names the problem, leaving the embedded values in place.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "fragviz/viewmodel/assets.hpp"

namespace fragviz::app {
namespace {

namespace fs = std::filesystem;

Rgb hex(unsigned v) {
  return Rgb{static_cast<std::uint8_t>(v >> 16), static_cast<std::uint8_t>(v >> 8),
             static_cast<std::uint8_t>(v)};
}

/// A fresh folder under the system's temporary one, removed at the end of the test.
struct TempDir {
  fs::path path;
  TempDir() {
    std::string t = (fs::temp_directory_path() / "fragviz-assets-XXXXXX").string();
    path = mkdtemp(t.data());
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  void write(const char* name, const std::string& text) const { std::ofstream(path / name) << text; }
};

TEST(Assets, EmbeddedFilesParseWithoutNotices) {
  const Assets a = load_assets("");
  EXPECT_TRUE(a.notices.empty()) << a.notices.front();
  EXPECT_EQ(a.palette_source, "embedded");
  EXPECT_EQ(a.palette.lanes[0], hex(0xE6194B));
  EXPECT_EQ(a.palette.lanes[5], hex(0x911EB4));
  EXPECT_EQ(a.palette.lanes[31], hex(0xF4A6D7));
  EXPECT_EQ(a.layout.window_width, 1600);
  EXPECT_EQ(a.layout.window_height, 1000);
  EXPECT_EQ(a.layout.status_height, 30.f);
  ASSERT_EQ(a.layout.slots.size(), std::size(kLayoutIds));
  EXPECT_EQ(a.fonts.ui.file, "DejaVuSans.ttf");
  EXPECT_EQ(a.fonts.ui.size, 15.f);
  ASSERT_FALSE(a.fonts.dirs.empty());
  EXPECT_EQ(a.fonts.dirs[0], "/usr/share/fonts/truetype/dejavu");
}

TEST(Assets, FifosDevicesAndHugeFilesAreNotRead) {
  // Found by a newcomer: a FIFO palette.json blocked the start forever, a layout.json linked to
  // /dev/zero filled the memory. Each is said, and the built-in asset used.
  TempDir t;
  ASSERT_EQ(mkfifo((t.path / "palette.json").c_str(), 0600), 0);
  fs::create_symlink("/dev/zero", t.path / "layout.json");
  { std::ofstream(t.path / "fonts.json") << "{"; }
  fs::resize_file(t.path / "fonts.json", (1u << 20) + 1);
  const Assets a = load_assets(t.path.string());
  ASSERT_EQ(a.notices.size(), 3u);
  EXPECT_EQ(a.notices[0], "assets: " + (t.path / "palette.json").string() +
                              ": is a FIFO, not a regular file; using the built-in palette");
  EXPECT_NE(a.notices[1].find("layout.json: is a character device"), std::string::npos) << a.notices[1];
  EXPECT_NE(a.notices[2].find("fonts.json: is 1048577 bytes; an asset file is at most 1024 KiB"),
            std::string::npos)
      << a.notices[2];
  EXPECT_EQ(a.palette_source, "embedded");
}

TEST(Assets, EmbeddedLaneColoursAreDistinct) {
  const Palette& p = load_assets("").palette;
  for (std::size_t i = 0; i < p.lanes.size(); ++i)
    for (std::size_t j = i + 1; j < p.lanes.size(); ++j)
      EXPECT_FALSE(p.lanes[i] == p.lanes[j]) << i << " " << j;
  for (std::size_t i = 0; i < p.warps.size(); ++i)
    for (std::size_t j = i + 1; j < p.warps.size(); ++j)
      EXPECT_FALSE(p.warps[i] == p.warps[j]) << i << " " << j;
}

TEST(Assets, EmbeddedLayoutTilesTheDesignArea) {
  // The eight default rectangles cover the design area exactly once: no gap, no overlap.
  const Layout& l = load_assets("").layout;
  double area = 0;
  for (const LayoutSlot& s : l.slots) area += (s.x1 - s.x0) * (s.y1 - s.y0);
  EXPECT_DOUBLE_EQ(area, static_cast<double>(l.design_width) * l.design_height);
  for (std::size_t i = 0; i < l.slots.size(); ++i)
    for (std::size_t j = i + 1; j < l.slots.size(); ++j) {
      const LayoutSlot &a = l.slots[i], &b = l.slots[j];
      const bool apart = a.x1 <= b.x0 || b.x1 <= a.x0 || a.y1 <= b.y0 || b.y1 <= a.y0;
      EXPECT_TRUE(apart) << a.id << " overlaps " << b.id;
    }
}

TEST(Assets, PaletteOverrideReplacesOnlyWhatItNames) {
  Palette p = load_assets("").palette;
  const Palette before = p;
  EXPECT_EQ(parse_palette(R"({"warps": ["#000000", "#111111", "#222222", "#abcdef"]})", p), "");
  EXPECT_EQ(p.warps[3], hex(0xABCDEF));
  EXPECT_EQ(p.lanes, before.lanes);
  EXPECT_EQ(p.block_warps, before.block_warps);
}

// The papers: "document" (exports by default) and "screen" (the app's windows, and exports with
// --palette dark), each part replaceable alone.
TEST(Assets, PapersAreReadAndReplacedPartByPart) {
  Palette p = load_assets("").palette;
  const Palette before = p;
  // The embedded document paper is a light one, the screen's a dark one (text lighter than ground).
  const auto luma = [](Rgb c) { return 299 * c.r + 587 * c.g + 114 * c.b; };
  EXPECT_GT(luma(p.document.background), luma(p.document.ink));
  EXPECT_LT(luma(p.screen.background), luma(p.screen.ink));
  EXPECT_EQ(parse_palette(R"({"screen": {"background": "#102030"}})", p), "");
  EXPECT_EQ(p.screen.background, hex(0x102030));
  EXPECT_EQ(p.screen.ink, before.screen.ink);
  EXPECT_EQ(p.document.background, before.document.background);
  for (const char* bad : {R"({"screen": {"ground": "#102030"}})", R"({"document": {"ink": "#12"}})",
                          R"({"document": "#ffffff"})"}) {
    Palette q = before;
    EXPECT_NE(parse_palette(bad, q), "") << bad;
    EXPECT_EQ(q.document.ink, before.document.ink) << bad;
  }
}

TEST(Assets, BadPalettesAreRefusedAndLeaveThePaletteAlone) {
  const Palette before = load_assets("").palette;
  const struct {
    const char* text;
    const char* says;
  } cases[] = {
      {"{\"lanes\": [", "not JSON"},
      {"[1, 2]", "not a JSON object"},
      {R"({"lanes": ["#000000"]})", "exactly 32"},
      {R"({"warps": ["#000000", "#111111", "#222222", "#12345"]})", "warps[3]"},
      {R"({"warps": ["#000000", "#111111", "#222222", "#GG0000"]})", "not \"#RRGGBB\""},
      {R"({"lane": []})", "unknown key \"lane\""},
      {R"({"format": "fragviz-layout"})", "\"format\""},
      {R"({"version": 2})", "\"version\""},
  };
  for (const auto& c : cases) {
    Palette p = before;
    const std::string e = parse_palette(c.text, p);
    EXPECT_NE(e.find(c.says), std::string::npos) << c.text << " -> " << e;
    EXPECT_EQ(p.lanes, before.lanes) << c.text;
    EXPECT_EQ(p.warps, before.warps) << c.text;
  }
}

TEST(Assets, NotJsonSaysWhere) {
  Palette p;
  const std::string e = parse_palette("{\n  \"lanes\": [\n    \"#000000\",,\n", p);
  EXPECT_NE(e.find("line 3"), std::string::npos) << e;
}

TEST(Assets, LayoutOverrideMovesOneView) {
  Layout l = load_assets("").layout;
  EXPECT_EQ(parse_layout(R"({"windows": {"gate": [0, 0, 100, 100]}, "window": [1200, 800]})", l), "");
  EXPECT_EQ(l.window_width, 1200);
  for (const LayoutSlot& s : l.slots) {
    if (s.id == "gate") {
      EXPECT_EQ(s.x1, 100.f);
    }
    if (s.id == "controls") {
      EXPECT_EQ(s.x1, 330.f);
    }
  }
}

namespace {

/// The slot `id` of `l` as [x0, y0, x1, y1].
std::vector<float> slot_of(const Layout& l, const std::string& id) {
  for (const LayoutSlot& s : l.slots)
    if (s.id == id) return {s.x0, s.y0, s.x1, s.y1};
  return {};
}

}  // namespace

// Issue 22: a layout.json that moves the gate view up over the built-in ldmatrix view's place
// (gui.test_assets' file) left the two views overlapping.
TEST(Assets, LayoutViewsNeverOverlap) {
  Layout l = load_assets("").layout;
  EXPECT_EQ(
      parse_layout(R"({"windows": {"gate": [1120, 340, 1600, 500], "output": [1120, 500, 1600, 950]}})", l),
      "");
  EXPECT_EQ(slot_of(l, "gate"), (std::vector<float>{1120, 340, 1600, 500}));
  // The ldmatrix view (built-in [1120, 0, 1600, 440]) keeps the part above the gate view.
  EXPECT_EQ(slot_of(l, "ldmatrix"), (std::vector<float>{1120, 0, 1600, 340}));
  EXPECT_EQ(slot_of(l, "fragments"), (std::vector<float>{330, 0, 1120, 590}));
  for (std::size_t i = 0; i < l.slots.size(); ++i)
    for (std::size_t j = i + 1; j < l.slots.size(); ++j) {
      const LayoutSlot &a = l.slots[i], &b = l.slots[j];
      EXPECT_FALSE(std::min(a.x1, b.x1) > std::max(a.x0, b.x0) && std::min(a.y1, b.y1) > std::max(a.y0, b.y0))
          << a.id << " and " << b.id;
    }
  // A view moved onto the left of another's place: that one keeps its right part (the larger).
  Layout m = load_assets("").layout;
  EXPECT_EQ(parse_layout(R"({"windows": {"gate": [330, 0, 500, 590]}})", m), "");
  EXPECT_EQ(slot_of(m, "fragments"), (std::vector<float>{500, 0, 1120, 590}));
}

TEST(Assets, OverlappingLayoutsAreRefused) {
  const Layout before = load_assets("").layout;
  Layout l = before;
  EXPECT_EQ(parse_layout(R"({"windows": {"gate": [0, 0, 500, 500], "output": [400, 400, 900, 900]}})", l),
            "windows.gate and windows.output overlap");
  EXPECT_EQ(slot_of(l, "gate"), slot_of(before, "gate"));
  const std::string e = parse_layout(R"({"windows": {"gate": [0, 0, 400, 400]}})", l);
  EXPECT_NE(e.find("covers all of the controls view's place"), std::string::npos) << e;
  EXPECT_EQ(slot_of(l, "controls"), slot_of(before, "controls"));
}

TEST(Assets, BadLayoutsAreRefused) {
  const Layout before = load_assets("").layout;
  const struct {
    const char* text;
    const char* says;
  } cases[] = {
      {R"({"windows": {"gates": [0, 0, 10, 10]}})", "unknown view \"gates\""},
      {R"({"windows": {"gate": [0, 0, 10]}})", "windows.gate needs"},
      {R"({"windows": {"gate": [10, 0, 5, 10]}})", "not a rectangle"},
      {R"({"windows": {"gate": [0, 0, 1700, 10]}})", "not a rectangle"},
      {R"({"window": [100, 100]})", "\"window\""},
      {R"({"status_height": "tall"})", "\"status_height\""},
      {R"({"design_width": 800})", "windows."},  // the views no longer fit
  };
  for (const auto& c : cases) {
    Layout l = before;
    const std::string e = parse_layout(c.text, l);
    EXPECT_NE(e.find(c.says), std::string::npos) << c.text << " -> " << e;
    EXPECT_EQ(l.window_width, before.window_width);
    EXPECT_EQ(l.design_width, before.design_width);
  }
}

TEST(Assets, BadFontFilesAreRefused) {
  FontSet f = load_assets("").fonts;
  EXPECT_NE(parse_fonts(R"({"ui": {"file": "", "size": 15}})", f).find("\"file\""), std::string::npos);
  EXPECT_NE(parse_fonts(R"({"ui": {"size": 500}})", f).find("\"size\""), std::string::npos);
  EXPECT_NE(parse_fonts(R"({"dirs": "/usr"})", f).find("\"dirs\""), std::string::npos);
  EXPECT_NE(parse_fonts(R"({"ui": {"file": "a.ttf", "weight": 3}})", f).find("unknown key"),
            std::string::npos);
  EXPECT_EQ(f.ui.file, "DejaVuSans.ttf");
}

TEST(Assets, OverrideFolderReplacesFileByFile) {
  TempDir d;
  std::string lanes = "[";
  for (int i = 0; i < 32; ++i) lanes += std::string(i ? ", " : "") + "\"#0000" + (i < 16 ? "0" : "1") + "0\"";
  d.write("palette.json", "{\"lanes\": " + lanes + "]}");
  d.write("fonts.json", R"({"dirs": ["fonts", "/abs"]})");
  const Assets a = load_assets(d.path.string());
  EXPECT_TRUE(a.notices.empty()) << a.notices.front();
  EXPECT_EQ(a.palette_source, (d.path / "palette.json").string());
  EXPECT_EQ(a.layout_source, "embedded");  // no layout.json there
  EXPECT_EQ(a.palette.lanes[0], hex(0x000000));
  EXPECT_EQ(a.palette.lanes[31], hex(0x000010));
  // Relative font folders are relative to the assets folder.
  ASSERT_EQ(a.fonts.dirs.size(), 2u);
  EXPECT_EQ(a.fonts.dirs[0], (d.path / "fonts").string());
  EXPECT_EQ(a.fonts.dirs[1], "/abs");
}

TEST(Assets, CorruptOverrideGivesANoticeAndTheEmbeddedFile) {
  TempDir d;
  d.write("palette.json", "this is not json");
  d.write("layout.json", R"({"windows": {"nope": [0, 0, 1, 1]}})");
  const Assets a = load_assets(d.path.string());
  ASSERT_EQ(a.notices.size(), 2u);
  EXPECT_NE(a.notices[0].find("palette.json: not JSON"), std::string::npos) << a.notices[0];
  EXPECT_NE(a.notices[0].find("using the built-in palette"), std::string::npos) << a.notices[0];
  EXPECT_NE(a.notices[1].find("unknown view \"nope\""), std::string::npos) << a.notices[1];
  EXPECT_EQ(a.palette_source, "embedded");
  EXPECT_EQ(a.palette.lanes, load_assets("").palette.lanes);
}

TEST(Assets, MissingOverrideFolderGivesANotice) {
  TempDir d;
  const Assets a = load_assets((d.path / "absent").string());
  ASSERT_EQ(a.notices.size(), 1u);
  EXPECT_NE(a.notices[0].find("is not a folder"), std::string::npos) << a.notices[0];
  EXPECT_EQ(a.palette.lanes, load_assets("").palette.lanes);
}

TEST(Assets, HexText) {
  EXPECT_EQ(to_hex(hex(0x0A0B0C)), "#0A0B0C");
  EXPECT_EQ(to_hex(hex(0xE6194B)), "#E6194B");
}

}  // namespace
}  // namespace fragviz::app
