// The layout's arithmetic (app/view_tiling.hpp): the canvas and its scroll bars for a window size,
// and the views' rectangles, checked against rectangles worked out by hand from the design
// (assets/layout.json's numbers, written out here) and against properties that must hold at every
// size: inside the canvas, no overlap, nothing left empty.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "view_tiling.hpp"

namespace fragviz::app {
namespace {

/// The built-in arrangement: 1600 x 950 design units, three columns.
Layout design() {
  Layout l;
  l.window_width = 1600;
  l.window_height = 1000;
  l.status_height = 30;
  l.design_width = 1600;
  l.design_height = 950;
  l.slots = {{"controls", 0, 0, 330, 345},    {"device", 0, 345, 330, 625},
             {"inspector", 0, 625, 330, 950}, {"fragments", 330, 0, 1120, 590},
             {"banks", 330, 590, 1120, 950},  {"ldmatrix", 1120, 0, 1600, 440},
             {"gate", 1120, 440, 1600, 680},  {"output", 1120, 680, 1600, 950}};
  return l;
}

const std::vector<bool> kAll(8, true);
enum { kControls, kDevice, kInspector, kFragments, kBanks, kLdmatrix, kGate, kOutput };

void expect_rect(const LayoutRect& r, float x0, float y0, float x1, float y1, const std::string& what) {
  EXPECT_FLOAT_EQ(r.x0, x0) << what;
  EXPECT_FLOAT_EQ(r.y0, y0) << what;
  EXPECT_FLOAT_EQ(r.x1, x1) << what;
  EXPECT_FLOAT_EQ(r.y1, y1) << what;
}

/// Inside the canvas, overlapping nowhere, and covering all of it.
void expect_tiles(const std::vector<LayoutRect>& v, const LayoutCanvas& c, const std::string& what) {
  double area = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (v[i].empty()) continue;
    area += static_cast<double>(v[i].w()) * v[i].h();
    EXPECT_GE(v[i].x0, c.view.x0 - 0.01f) << what << " view " << i;
    EXPECT_GE(v[i].y0, c.view.y0 - 0.01f) << what << " view " << i;
    EXPECT_LE(v[i].x1, c.view.x0 + c.width + 0.01f) << what << " view " << i;
    EXPECT_LE(v[i].y1, c.view.y0 + c.height + 0.01f) << what << " view " << i;
    for (std::size_t j = i + 1; j < v.size(); ++j) {
      if (v[j].empty()) continue;
      const float ox = std::min(v[i].x1, v[j].x1) - std::max(v[i].x0, v[j].x0);
      const float oy = std::min(v[i].y1, v[j].y1) - std::max(v[i].y0, v[j].y0);
      EXPECT_FALSE(ox > 0.01f && oy > 0.01f) << what << ": views " << i << " and " << j << " overlap";
    }
  }
  // A column that carries the canvas's bar leaves it a strip as tall as the canvas (no leasts given).
  EXPECT_NEAR(area, static_cast<double>(c.width - c.column_bar) * c.height, 1.0)
      << what << ": part of the canvas is empty";
}

TEST(ViewTiling, CanvasIsTheAreaUnderTheStatusStripFromTheMinimumUp) {
  const LayoutCanvas c = make_canvas(1600, 1000, 50, 14);
  expect_rect(c.view, 0, 50, 1600, 1000, "view");
  EXPECT_FLOAT_EQ(c.width, 1600);
  EXPECT_FLOAT_EQ(c.height, 950);
  EXPECT_FALSE(c.scroll_x);
  EXPECT_FALSE(c.scroll_y);
  EXPECT_TRUE(c.hbar.empty());
  EXPECT_TRUE(c.vbar.empty());
  // Exactly the minimum: still no scrolling.
  const LayoutCanvas m = make_canvas(1024, 700, 50, 14);
  EXPECT_FALSE(m.scroll_x || m.scroll_y);
  EXPECT_FLOAT_EQ(m.width, 1024);
  EXPECT_FLOAT_EQ(m.height, 650);
}

TEST(ViewTiling, BelowTheMinimumTheCanvasScrollsBehindBarsAtTheEdges) {
  // 800 x 600 with a 50-pixel top: both directions are short; each bar takes 14 pixels of the view.
  const LayoutCanvas c = make_canvas(800, 600, 50, 14);
  EXPECT_TRUE(c.scroll_x);
  EXPECT_TRUE(c.scroll_y);
  expect_rect(c.view, 0, 50, 786, 586, "view");
  EXPECT_FLOAT_EQ(c.width, 1024);
  EXPECT_FLOAT_EQ(c.height, 650);
  expect_rect(c.hbar, 0, 586, 800, 600, "horizontal bar, under the corner too");
  expect_rect(c.vbar, 786, 50, 800, 586, "vertical bar");
  EXPECT_FLOAT_EQ(c.max_scroll_x(), 1024 - 786);
  EXPECT_FLOAT_EQ(c.max_scroll_y(), 650 - 536);
}

TEST(ViewTiling, OneShortDirectionScrollsAloneUnlessItsBarMakesTheOtherShort) {
  const LayoutCanvas narrow = make_canvas(1000, 1000, 50, 14);
  EXPECT_TRUE(narrow.scroll_x);
  EXPECT_FALSE(narrow.scroll_y);
  EXPECT_FLOAT_EQ(narrow.height, 1000 - 50 - 14);
  const LayoutCanvas low = make_canvas(1600, 650, 50, 14);
  EXPECT_FALSE(low.scroll_x);
  EXPECT_TRUE(low.scroll_y);
  EXPECT_FLOAT_EQ(low.view.w(), 1586);
  // 1030 wide is enough alone, but not once a vertical bar takes 14 pixels.
  const LayoutCanvas both = make_canvas(1030, 650, 50, 14);
  EXPECT_TRUE(both.scroll_x);
  EXPECT_TRUE(both.scroll_y);
}

TEST(ViewTiling, AtTheDesignSizeEveryViewIsItsSlot) {
  const LayoutCanvas c = make_canvas(1600, 1000, 50, 14);
  const std::vector<LayoutRect> v = tile_views(design(), kAll, c, 0, 0, 1);
  ASSERT_EQ(v.size(), 8u);
  expect_rect(v[kControls], 0, 50, 330, 395, "controls");
  expect_rect(v[kDevice], 0, 395, 330, 675, "device");
  expect_rect(v[kInspector], 0, 675, 330, 1000, "inspector");
  expect_rect(v[kFragments], 330, 50, 1120, 640, "fragments");
  expect_rect(v[kBanks], 330, 640, 1120, 1000, "banks");
  expect_rect(v[kLdmatrix], 1120, 50, 1600, 490, "ldmatrix");
  expect_rect(v[kGate], 1120, 490, 1600, 730, "gate");
  expect_rect(v[kOutput], 1120, 730, 1600, 1000, "output");
}

TEST(ViewTiling, AtHalfTheSizeEveryViewIsHalved) {
  LayoutCanvas c;
  c.view = LayoutRect{0, 0, 800, 475};
  c.width = 800;
  c.height = 475;
  const std::vector<LayoutRect> v = tile_views(design(), kAll, c, 0, 0, 1);
  expect_rect(v[kControls], 0, 0, 165, 173, "controls (172.5 rounds to 173)");
  expect_rect(v[kFragments], 165, 0, 560, 295, "fragments");
  expect_rect(v[kOutput], 560, 340, 800, 475, "output");
}

TEST(ViewTiling, EdgesLandOnWholePhysicalPixels) {
  LayoutCanvas c;
  c.view = LayoutRect{0, 40, 1001, 700};
  c.width = 1001;
  c.height = 660;
  for (float scale : {1.f, 1.5f, 2.f})
    for (const LayoutRect& r : tile_views(design(), kAll, c, 0, 0, scale))
      for (float e : {r.x0, r.y0, r.x1, r.y1}) EXPECT_NEAR(e * scale, std::round(e * scale), 1e-3) << scale;
}

TEST(ViewTiling, AHiddenViewsRoomGoesToItsColumn) {
  const LayoutCanvas c = make_canvas(1600, 1000, 50, 14);
  std::vector<bool> open = kAll;
  open[kDevice] = false;
  const std::vector<LayoutRect> v = tile_views(design(), open, c, 0, 0, 1);
  EXPECT_TRUE(v[kDevice].empty());
  // Controls and inspector share the column's 950 pixels as 345 : 325.
  expect_rect(v[kControls], 0, 50, 330, std::round(50 + 950.f * 345 / 670), "controls");
  expect_rect(v[kInspector], 0, std::round(50 + 950.f * 345 / 670), 330, 1000, "inspector");
  expect_rect(v[kFragments], 330, 50, 1120, 640, "fragments (another column: unchanged)");
  expect_tiles(v, c, "device hidden");
}

TEST(ViewTiling, AHiddenColumnsRoomGoesToTheOtherColumns) {
  const LayoutCanvas c = make_canvas(1600, 1000, 50, 14);
  std::vector<bool> open = kAll;
  open[kLdmatrix] = open[kGate] = open[kOutput] = false;
  const std::vector<LayoutRect> v = tile_views(design(), open, c, 0, 0, 1);
  // Columns of 330 and 790 share 1600 pixels.
  const float edge = std::round(1600.f * 330 / 1120);
  expect_rect(v[kControls], 0, 50, edge, 395, "controls");
  expect_rect(v[kFragments], edge, 50, 1600, 640, "fragments");
  expect_rect(v[kBanks], edge, 640, 1600, 1000, "banks");
  expect_tiles(v, c, "right column hidden");
}

TEST(ViewTiling, ScrollingMovesEveryViewByTheScrollWithinItsRange) {
  const LayoutCanvas c = make_canvas(800, 600, 50, 14);
  const std::vector<LayoutRect> at0 = tile_views(design(), kAll, c, 0, 0, 1);
  const std::vector<LayoutRect> at = tile_views(design(), kAll, c, 100, 30, 1);
  const std::vector<LayoutRect> past = tile_views(design(), kAll, c, 1e6f, 1e6f, 1);
  for (std::size_t i = 0; i < at0.size(); ++i) {
    expect_rect(at[i], at0[i].x0 - 100, at0[i].y0 - 30, at0[i].x1 - 100, at0[i].y1 - 30, "scrolled");
    // Scrolled as far as it goes: the canvas's far edges meet the view's.
    EXPECT_FLOAT_EQ(past[i].x0, at0[i].x0 - c.max_scroll_x());
    EXPECT_FLOAT_EQ(past[i].y1, at0[i].y1 - c.max_scroll_y());
  }
  EXPECT_FLOAT_EQ(past[kOutput].x1, c.view.x1);
  EXPECT_FLOAT_EQ(past[kOutput].y1, c.view.y1);
}

TEST(ViewTiling, EverySizeIsTiledWithoutOverlapOrGaps) {
  const Layout l = design();
  for (float w = 200; w <= 3000; w += 97)
    for (float h = 200; h <= 2000; h += 83)
      for (int hidden = -1; hidden < 8; ++hidden) {
        std::vector<bool> open = kAll;
        if (hidden >= 0) open[static_cast<std::size_t>(hidden)] = false;
        const LayoutCanvas c = make_canvas(w, h, 49, 14);
        EXPECT_GE(c.width, kMinLayoutWidth);
        EXPECT_GE(c.height, kMinLayoutHeight - 49);
        expect_tiles(tile_views(l, open, c, 0, 0, 1), c,
                     std::to_string(w) + "x" + std::to_string(h) + " hidden " + std::to_string(hidden));
        if (HasFailure()) return;
      }
}

// Slots that form no columns keep their widths; a hidden view's room goes to the views of its stack
// (the slots of its width right above and below it), here the hidden output view's to the gate.
TEST(ViewTiling, SlotsThatFormNoColumnsKeepTheirPlacesInTheirStack) {
  Layout l = design();
  EXPECT_TRUE(forms_columns(l));
  l.slots[kGate].y0 = 400;  // overlaps ldmatrix: no clean columns
  EXPECT_FALSE(forms_columns(l));
  const LayoutCanvas c = make_canvas(1600, 1000, 50, 14);
  std::vector<bool> open = kAll;
  open[kOutput] = false;
  const std::vector<LayoutRect> v = tile_views(l, open, c, 0, 0, 1);
  expect_rect(v[kGate], 1120, 450, 1600, 1000, "gate in its slot and the hidden output's below it");
  EXPECT_TRUE(v[kOutput].empty());
  expect_rect(v[kControls], 0, 50, 330, 395, "controls");
}

TEST(ViewTiling, AtElevenHundredByFiveHundredEveryViewIsReachedByScrolling) {
  // The newcomer's window: 1100 x 500 under a 51-pixel menu bar and status strip. The canvas is
  // 1024 x 700 less the top (649) tall behind a 14-pixel vertical bar: 449 pixels show, 200 scroll.
  const LayoutCanvas c = make_canvas(1100, 500, 51, 14);
  EXPECT_FALSE(c.scroll_x);
  ASSERT_TRUE(c.scroll_y);
  EXPECT_FLOAT_EQ(c.height, 649);
  EXPECT_FLOAT_EQ(c.view.h(), 449);
  EXPECT_FLOAT_EQ(c.max_scroll_y(), 200);
  // Every view lies wholly inside the window at some scroll from 0 to the end (each is shorter
  // than what shows), and at the end the last view's bottom is the window's.
  for (int i = 0; i < 8; ++i) {
    bool seen = false;
    for (float y = 0; y <= c.max_scroll_y() && !seen; y += 1.f) {
      const LayoutRect r = tile_views(design(), kAll, c, 0, y, 1)[static_cast<std::size_t>(i)];
      seen = r.y0 >= c.view.y0 - 0.5f && r.y1 <= c.view.y1 + 0.5f;
    }
    EXPECT_TRUE(seen) << "view " << i << " is never wholly in the window";
  }
  const std::vector<LayoutRect> end = tile_views(design(), kAll, c, 0, c.max_scroll_y(), 1);
  EXPECT_FLOAT_EQ(end[kOutput].y1, 500);
  EXPECT_FLOAT_EQ(end[kInspector].y1, 500);
}

// The Hopper windows take their place in the tiling: stacked under the fragments view's column, an
// open one shares that column's height with fragments and banks (each in proportion to its design
// height: fragments 590, banks 360, a Hopper window the column's 950), overlapping nothing;
// closed, they give back every rectangle exactly.
TEST(ViewTiling, HopperWindowsTakeTheirPlaceInTheColumn) {
  const Layout l = with_stacked_slots(design(), kFragments, 3);
  ASSERT_EQ(l.slots.size(), 11u);
  EXPECT_TRUE(forms_columns(l));
  const LayoutCanvas c = make_canvas(1600, 1000, 50, 14);  // 1600 x 950 under a 50-pixel top
  std::vector<bool> open = kAll;
  open.insert(open.end(), {false, false, false});
  const std::vector<LayoutRect> closed = tile_views(l, open, c, 0, 0, 1);
  const std::vector<LayoutRect> plain = tile_views(design(), kAll, c, 0, 0, 1);
  for (std::size_t i = 0; i < 8; ++i)
    expect_rect(closed[i], plain[i].x0, plain[i].y0, plain[i].x1, plain[i].y1, "closed " + std::to_string(i));
  for (std::size_t i = 8; i < 11; ++i) EXPECT_TRUE(closed[i].empty()) << i;
  // The warpgroup window open: the middle column's 950 pixels are 590 : 360 : 950 of 1900, half of
  // them the warpgroup's.
  open[8] = true;
  const std::vector<LayoutRect> v = tile_views(l, open, c, 0, 0, 1);
  expect_tiles(v, c, "warpgroup open");
  const float fh = std::round(950.f * 590.f / 1900.f), bh = std::round(950.f * 950.f / 1900.f);
  expect_rect(v[kFragments], 330, 50, 1120, 50 + fh, "fragments");
  expect_rect(v[kBanks], 330, 50 + fh, 1120, 50 + bh, "banks");
  expect_rect(v[8], 330, 50 + bh, 1120, 1000, "warpgroup");
  // The side columns do not move.
  for (int i : {kControls, kDevice, kInspector, kLdmatrix, kGate, kOutput})
    expect_rect(v[static_cast<std::size_t>(i)], plain[static_cast<std::size_t>(i)].x0,
                plain[static_cast<std::size_t>(i)].y0, plain[static_cast<std::size_t>(i)].x1,
                plain[static_cast<std::size_t>(i)].y1, "side " + std::to_string(i));
  // All three open, fragments and banks hidden: the three share the column equally.
  open = kAll;
  open[kFragments] = open[kBanks] = false;
  open.insert(open.end(), {true, true, true});
  const std::vector<LayoutRect> h = tile_views(l, open, c, 0, 0, 1);
  expect_tiles(h, c, "three Hopper windows");
  for (std::size_t i = 8; i < 11; ++i) EXPECT_NEAR(h[i].h(), 950.f / 3, 1.f) << i;
}

// Newcomer round 9: two Hopper windows left the fragments view 950 * 590 / 2850 = 197 pixels at
// 1600 x 1000, and one left it 650 * 590 / 1900 = 202 at 1024 x 700. min_canvas_height gives the
// canvas that keeps each view at its least height (fragments 240 here): 240 / (590 / 2850) = 1159.3
// and 240 / (590 / 1900) = 772.9; a view already that tall needs no more than the canvas has.
TEST(ViewTiling, LeastHeightsGrowTheCanvasThatScrolls) {
  const Layout l = with_stacked_slots(design(), kFragments, 3);
  std::vector<bool> open = kAll;
  open.insert(open.end(), {true, true, false});
  std::vector<float> least(11, 0.f);
  least[kFragments] = 240;
  EXPECT_NEAR(min_canvas_height(l, open, least), 240.f * 2850.f / 590.f, 0.01f);
  const LayoutCanvas c = make_canvas(1600, 1000, 50, 14, min_canvas_height(l, open, least));
  EXPECT_TRUE(c.scroll_y);
  EXPECT_FALSE(c.scroll_x);
  EXPECT_FLOAT_EQ(c.height, std::ceil(240.f * 2850.f / 590.f));
  const std::vector<LayoutRect> v = tile_views(l, open, c, 0, 0, 1);
  EXPECT_GE(v[kFragments].h(), 239.5f);
  expect_tiles(v, c, "two Hopper windows, grown");
  open[9] = false;  // one Hopper window
  EXPECT_NEAR(min_canvas_height(l, open, least), 240.f * 1900.f / 590.f, 0.01f);
  // No Hopper window: fragments has 590 / 950 of the canvas, 240 of 367 pixels, under 650.
  open[8] = false;
  EXPECT_LT(min_canvas_height(l, open, least), 650.f);
  EXPECT_FALSE(make_canvas(1024, 700, 50, 14, min_canvas_height(l, open, least)).scroll_y);
  // No least height: 0; a hidden view's is not counted.
  EXPECT_EQ(min_canvas_height(l, open, std::vector<float>(11, 0.f)), 0.f);
  open[kFragments] = false;
  EXPECT_EQ(min_canvas_height(l, open, least), 0.f);
}

// Least heights in a column (with_least_heights), hand-worked at 1600 x 1000 (950 pixels under the
// top): the right column's design heights are ldmatrix 440, gate 240, output 270. A layout.json
// giving the gate 60 % of the column (570 px) leaves ldmatrix 440 * 380 / 710 = 235.5 px and output
// 144.5; ldmatrix's least of 330 then holds it there, the gate and output sharing the other 620 px as
// 570 : 144.5.
TEST(ViewTiling, LeastHeightsHoldANeighbourOfAGrownView) {
  const LayoutCanvas c = make_canvas(1600, 1000, 50, 14);
  ASSERT_FLOAT_EQ(c.height, 950.f);
  Layout grown = design();
  grown.slots[kLdmatrix].y1 = grown.slots[kGate].y0 = 950.f * 440.f / 1775.f;  // 440 : 1065 : 270
  grown.slots[kGate].y1 = grown.slots[kOutput].y0 = 950.f * 1505.f / 1775.f;
  ASSERT_TRUE(forms_columns(grown));
  const std::vector<LayoutRect> before = tile_views(grown, kAll, c, 0, 0, 1);
  EXPECT_NEAR(before[kLdmatrix].h(), 440.f * 380.f / 710.f, 1.f);  // the squeeze the least undoes
  std::vector<float> least(8, 0.f);
  least[kLdmatrix] = 330;
  const Layout held = with_least_heights(grown, kAll, least, c.height);
  EXPECT_TRUE(forms_columns(held));
  const std::vector<LayoutRect> v = tile_views(held, kAll, c, 0, 0, 1);
  expect_tiles(v, c, "ldmatrix held");
  EXPECT_NEAR(v[kLdmatrix].h(), 330.f, 1.f);
  EXPECT_NEAR(v[kGate].h(), 620.f * 570.f / 714.5f, 1.f);
  EXPECT_NEAR(v[kOutput].h(), 620.f * 144.5f / 714.5f, 1.f);
  for (int i : {kControls, kDevice, kInspector, kFragments, kBanks})
    EXPECT_FLOAT_EQ(v[static_cast<std::size_t>(i)].h(), before[static_cast<std::size_t>(i)].h()) << i;
  // A least it already has changes nothing; nor does a hidden view's.
  least[kLdmatrix] = 100;
  EXPECT_NEAR(tile_views(with_least_heights(grown, kAll, least, c.height), kAll, c, 0, 0, 1)[kLdmatrix].h(),
              before[kLdmatrix].h(), 0.5f);
  std::vector<bool> open = kAll;
  open[kLdmatrix] = false;
  least[kLdmatrix] = 900;
  const std::vector<LayoutRect> hidden =
      tile_views(with_least_heights(grown, open, least, c.height), open, c, 0, 0, 1);
  EXPECT_NEAR(hidden[kGate].h(), 950.f * 570.f / 714.5f, 1.f);
  // Least heights past the column: each its least in proportion, and the canvas grows to hold them.
  least = std::vector<float>(8, 0.f);
  least[kLdmatrix] = 600;
  least[kGate] = 500;
  const Layout over = with_least_heights(design(), kAll, least, c.height);
  EXPECT_NEAR(min_canvas_height(over, kAll, least), 1100.f, 1.f);
  const LayoutCanvas tall = make_canvas(1600, 1000, 50, 14, min_canvas_height(over, kAll, least));
  EXPECT_TRUE(tall.scroll_y);
  const std::vector<LayoutRect> t = tile_views(over, kAll, tall, 0, 0, 1);
  EXPECT_GE(t[kLdmatrix].h(), 599.f);
  EXPECT_GE(t[kGate].h(), 499.f);
}

// Issue 22, "windows jump": a Hopper window opened at 1600 x 1000 (950 px under the top) whose column
// cannot hold the leasts (fragments 240 + banks 150 + warpgroup 700 = 1090 px) makes that column
// alone 1090 px tall and the canvas scroll; the left and right columns keep the rectangles they had
// without it on the same canvas (the window's 950 px, not the canvas's 1090).
TEST(ViewTiling, OnlyTheColumnThatNeedsMoreRunsTaller) {
  const Layout l = with_stacked_slots(design(), kFragments, 3);
  std::vector<bool> open = kAll;
  open.insert(open.end(), {true, false, false});
  std::vector<float> least(11, 70.f);
  least[kFragments] = 240;
  least[kBanks] = 150;
  least[8] = 700;
  const Layout held = with_least_heights(l, open, least, 950.f);
  EXPECT_FLOAT_EQ(least_column_height(held, open, least), 1090.f);
  const LayoutCanvas c = make_canvas(1600, 1000, 50, 14, least_column_height(held, open, least));
  EXPECT_TRUE(c.scroll_y);
  EXPECT_FLOAT_EQ(c.height, 1090.f);
  EXPECT_FLOAT_EQ(c.base_height, 950.f);
  const std::vector<LayoutRect> v = tile_views(held, open, c, 0, 0, 1, least);
  EXPECT_NEAR(v[kFragments].h(), 240.f, 0.5f);
  EXPECT_NEAR(v[kBanks].h(), 150.f, 0.5f);
  EXPECT_NEAR(v[8].h(), 700.f, 0.5f);
  EXPECT_FLOAT_EQ(v[8].y1, 50.f + 1090.f);
  // The same canvas without the Hopper window's column growth: the other columns as they were.
  std::vector<bool> closed = open;
  closed[8] = false;
  const std::vector<LayoutRect> before =
      tile_views(with_least_heights(l, closed, least, 950.f), closed, c, 0, 0, 1, least);
  for (int i : {kControls, kDevice, kInspector, kLdmatrix, kGate, kOutput}) {
    const LayoutRect &a = v[static_cast<std::size_t>(i)], &b = before[static_cast<std::size_t>(i)];
    expect_rect(a, b.x0, b.y0, b.x1, b.y1, "column kept, view " + std::to_string(i));
    EXPECT_FLOAT_EQ(a.y1 - a.y0, b.y1 - b.y0);
  }
  EXPECT_FLOAT_EQ(before[kOutput].y1, 50.f + 950.f);  // the window's height, not the canvas's
  // The scroll bar is the taller column's own: the middle column leaves it its right edge, and the
  // other columns are exactly what they are in a window that needs no bar (newcomer round 18: every
  // column narrowed when the bar came).
  EXPECT_TRUE(c.vbar.empty());
  EXPECT_FLOAT_EQ(c.column_bar, 14.f);
  EXPECT_FLOAT_EQ(c.view.w(), 1600.f);
  const LayoutRect bar = column_bar_rect(held, open, c, 0, 1, least);
  expect_rect(bar, 1120 - 14, 50, 1120, 1000, "the bar along the middle column's right edge");
  EXPECT_FLOAT_EQ(v[kFragments].x1, 1120.f - 14.f);
  EXPECT_FLOAT_EQ(v[8].x1, 1120.f - 14.f);
  const LayoutCanvas plain = make_canvas(1600, 1000, 50, 14);
  EXPECT_FALSE(plain.scroll_y);
  const std::vector<LayoutRect> unbarred =
      tile_views(with_least_heights(l, closed, least, 950.f), closed, plain, 0, 0, 1, least);
  for (int i : {kControls, kDevice, kInspector, kLdmatrix, kGate, kOutput}) {
    const LayoutRect &a = v[static_cast<std::size_t>(i)], &b = unbarred[static_cast<std::size_t>(i)];
    expect_rect(a, b.x0, b.y0, b.x1, b.y1, "as without a bar, view " + std::to_string(i));
  }
  // Scrolled to the bottom: the warpgroup view ends at the window's bottom edge, its column moved up
  // by the 140 px it runs past the window; the other columns stay where they are (issue 22: the
  // canvas scrolled every column, so bringing a view into sight moved the left and right columns).
  const std::vector<LayoutRect> end = tile_views(held, open, c, 0, c.max_scroll_y(), 1, least);
  EXPECT_FLOAT_EQ(c.max_scroll_y(), 140.f);
  EXPECT_FLOAT_EQ(end[8].y1, 1000.f);
  EXPECT_FLOAT_EQ(end[kFragments].y0, 50.f - 140.f);
  for (int i : {kControls, kDevice, kInspector, kLdmatrix, kGate, kOutput}) {
    const LayoutRect &a = end[static_cast<std::size_t>(i)], &b = v[static_cast<std::size_t>(i)];
    expect_rect(a, b.x0, b.y0, b.x1, b.y1, "unscrolled column, view " + std::to_string(i));
  }
}

// Issue 22, "nothing moves under the user's hands": at 1600 x 1000 (950 px under the top) a middle
// column of leasts 600 + 500 = 1100 px and a right one of 640 + 300 + 300 = 1240 px both run past the
// window (by 150 and 290 px), the left one (3 x 70) does not. Each scrolls by its own offset, as far
// as it runs past, with its own bar along its own right edge; the left column has none and never
// moves. (With one scroll for the canvas, scrolling the middle column moved the right one too.)
TEST(ViewTiling, EachColumnScrollsByItsOwnOffsetAlongItsOwnBar) {
  std::vector<float> least(8, 70.f);
  least[kFragments] = 600;
  least[kBanks] = 500;
  least[kLdmatrix] = 640;
  least[kGate] = 300;
  least[kOutput] = 300;
  const Layout held = with_least_heights(design(), kAll, least, 950.f);
  const LayoutCanvas c = make_canvas(1600, 1000, 50, 14, least_column_height(held, kAll, least));
  EXPECT_FLOAT_EQ(c.height, 1240.f);
  EXPECT_FLOAT_EQ(c.column_bar, 14.f);
  EXPECT_TRUE(c.vbar.empty());
  EXPECT_EQ(scroll_columns(held, least), (std::vector<int>{0, 0, 0, 1, 1, 2, 2, 2}));
  EXPECT_EQ(scroll_columns(held), std::vector<int>(8, 0));  // without leasts: one scroll
  EXPECT_EQ(column_max_scroll(held, kAll, c, least), (std::vector<float>{0.f, 150.f, 290.f}));
  const std::vector<LayoutRect> bars = column_bars(held, kAll, c, 0, 1, least);
  ASSERT_EQ(bars.size(), 3u);
  EXPECT_TRUE(bars[0].empty());
  expect_rect(bars[1], 1120 - 14, 50, 1120, 1000, "the middle column's bar");
  expect_rect(bars[2], 1600 - 14, 50, 1600, 1000, "the right column's bar");
  // column_bar_rect: the bar of the column that runs furthest past, the right one.
  const LayoutRect furthest = column_bar_rect(held, kAll, c, 0, 1, least);
  expect_rect(furthest, 1600 - 14, 50, 1600, 1000, "column_bar_rect");

  const std::vector<LayoutRect> top = tile_columns(held, kAll, c, 0, {0, 0, 0}, 1, least);
  expect_rect(top[kControls], 0, 50, 330, 50 + 345, "left column at the top");
  expect_rect(top[kFragments], 330, 50, 1120 - 14, 50 + 600, "fragments at the top");
  expect_rect(top[kBanks], 330, 50 + 600, 1120 - 14, 50 + 1100, "banks at the top");
  expect_rect(top[kLdmatrix], 1120, 50, 1600 - 14, 50 + 640, "ldmatrix at the top");
  expect_rect(top[kOutput], 1120, 50 + 940, 1600 - 14, 50 + 1240, "output at the top");
  // The middle column scrolled 100 and the right one 50: each by its own; the left one not at all.
  const std::vector<LayoutRect> v = tile_columns(held, kAll, c, 0, {0, 100, 50}, 1, least);
  for (int i : {kControls, kDevice, kInspector}) {
    const LayoutRect& a = v[static_cast<std::size_t>(i)];
    const LayoutRect& b = top[static_cast<std::size_t>(i)];
    expect_rect(a, b.x0, b.y0, b.x1, b.y1, "left column, view " + std::to_string(i));
  }
  expect_rect(v[kFragments], 330, 50 - 100, 1120 - 14, 50 - 100 + 600, "fragments scrolled 100");
  expect_rect(v[kBanks], 330, 50 - 100 + 600, 1120 - 14, 50 - 100 + 1100, "banks scrolled 100");
  expect_rect(v[kLdmatrix], 1120, 50 - 50, 1600 - 14, 50 - 50 + 640, "ldmatrix scrolled 50");
  expect_rect(v[kOutput], 1120, 50 - 50 + 940, 1600 - 14, 50 - 50 + 1240, "output scrolled 50");
  // Past its end a column stops at its end (the middle one's banks view at the window's bottom), and
  // the right column, scrolled 0, stays at its top.
  const std::vector<LayoutRect> end = tile_columns(held, kAll, c, 0, {500, 500, 0}, 1, least);
  EXPECT_FLOAT_EQ(end[kBanks].y1, 1000.f);
  EXPECT_FLOAT_EQ(end[kControls].y0, 50.f);
  expect_rect(end[kOutput], 1120, 50 + 940, 1600 - 14, 50 + 1240, "right column unscrolled");
}

// Newcomer round 31: a scrolled column shows a sign of the views above it along its top
// (LayoutCanvas::column_sign, 20 px here). Scrolled by s, its views lie min(s, 20) lower than the plain
// scroll puts them, so the sign covers only what that scroll hid; it scrolls 20 further, so its last
// view still reaches the window's bottom. A column the window holds and an unscrolled one show none.
TEST(ViewTiling, AScrolledColumnsSignTakesItsTopAsItScrolls) {
  std::vector<float> least(8, 70.f);
  least[kFragments] = 600;
  least[kBanks] = 500;
  const Layout held = with_least_heights(design(), kAll, least, 950.f);
  LayoutCanvas c = make_canvas(1600, 1000, 50, 14, least_column_height(held, kAll, least));
  c.column_sign = 20.f;
  // The middle column runs 1100 - 950 = 150 past the window, and its sign's 20 more.
  EXPECT_EQ(column_max_scroll(held, kAll, c, least), (std::vector<float>{0.f, 170.f, 0.f}));
  const std::vector<LayoutRect> top = tile_columns(held, kAll, c, 0, {0, 0, 0}, 1, least);
  expect_rect(top[kFragments], 330, 50, 1120 - 14, 50 + 600, "fragments unscrolled: no sign");
  const std::vector<LayoutRect> few = tile_columns(held, kAll, c, 0, {0, 8, 0}, 1, least);
  expect_rect(few[kFragments], 330, 50, 1120 - 14, 50 + 600, "scrolled 8: the sign covers its top 8");
  const std::vector<LayoutRect> v = tile_columns(held, kAll, c, 0, {0, 100, 0}, 1, least);
  expect_rect(v[kFragments], 330, 50 - 80, 1120 - 14, 50 - 80 + 600, "fragments scrolled 100");
  expect_rect(v[kBanks], 330, 50 - 80 + 600, 1120 - 14, 50 - 80 + 1100, "banks scrolled 100");
  const std::vector<LayoutRect> end = tile_columns(held, kAll, c, 0, {0, 500, 0}, 1, least);
  EXPECT_FLOAT_EQ(end[kBanks].y1, 1000.f);
  EXPECT_FLOAT_EQ(end[kFragments].y0, 50.f + 20.f - 170.f);
  // The sign: along the column's top, left of its bar, min(scroll, 20) tall; none elsewhere.
  const std::vector<LayoutRect> none = column_signs(held, kAll, c, 0, {0, 0, 0}, 1, least);
  ASSERT_EQ(none.size(), 3u);
  for (const LayoutRect& r : none) EXPECT_TRUE(r.empty());
  const std::vector<LayoutRect> signs = column_signs(held, kAll, c, 0, {40, 100, 40}, 1, least);
  ASSERT_EQ(signs.size(), 3u);
  EXPECT_TRUE(signs[0].empty());  // the window holds the left column: it never scrolls
  expect_rect(signs[1], 330, 50, 1120 - 14, 50 + 20, "the middle column's sign");
  EXPECT_TRUE(signs[2].empty());
  expect_rect(column_signs(held, kAll, c, 0, {0, 8, 0}, 1, least)[1], 330, 50, 1120 - 14, 50 + 8,
              "the sign scrolled 8");
  // Without a sign's height (the whole canvas scrolls below the least window size) nothing changes.
  c.column_sign = 0.f;
  EXPECT_EQ(column_max_scroll(held, kAll, c, least), (std::vector<float>{0.f, 150.f, 0.f}));
  expect_rect(tile_columns(held, kAll, c, 0, {0, 100, 0}, 1, least)[kFragments], 330, 50 - 100, 1120 - 14,
              50 - 100 + 600, "no sign: fragments scrolled 100");
}

// A view opened from the View menu is scrolled into sight (scroll_to_show): the view area is
// [50, 1000), the canvas scrolls up to 640. A view at [1023, 1303) (at scroll 0) comes up just whole
// (scroll 303); one in sight stays; one above comes down to its top; one taller than the area shows
// its top; never past the scroll's range.
TEST(ViewTiling, AnOpenedViewIsScrolledIntoSight) {
  EXPECT_FLOAT_EQ(scroll_to_show(1023, 1303, 50, 1000, 0, 640), 303.f);
  EXPECT_FLOAT_EQ(scroll_to_show(1023, 1303, 50, 1000, 400, 640), 400.f);
  EXPECT_FLOAT_EQ(scroll_to_show(200, 500, 50, 1000, 400, 640), 150.f);
  EXPECT_FLOAT_EQ(scroll_to_show(600, 1700, 50, 1000, 0, 640), 550.f);
  EXPECT_FLOAT_EQ(scroll_to_show(1303, 1640, 50, 1000, 0, 600), 600.f);
  EXPECT_FLOAT_EQ(scroll_to_show(1303, 1640, 50, 1000, 0, 0), 0.f);
}

// Slots that form no columns (a layout.json leaving a gap) still stack the Hopper windows under the
// fragments view, in its own place: never over another view, and its room comes back when closed.
TEST(ViewTiling, HopperWindowsInALayoutOfNoColumnsStayInTheirStack) {
  Layout gap = design();
  gap.slots[kGate].y1 = 600;  // 600..680 left empty: no columns
  ASSERT_FALSE(forms_columns(gap));
  const Layout l = with_stacked_slots(gap, kFragments, 3);
  std::vector<bool> open = kAll;
  open.insert(open.end(), {true, false, false});
  const LayoutCanvas c = make_canvas(1600, 1000, 50, 14);
  const std::vector<LayoutRect> v = tile_views(l, open, c, 0, 0, 1);
  for (std::size_t i = 0; i < v.size(); ++i)
    for (std::size_t j = i + 1; j < v.size(); ++j) {
      if (v[i].empty() || v[j].empty()) continue;
      const float ox = std::min(v[i].x1, v[j].x1) - std::max(v[i].x0, v[j].x0);
      const float oy = std::min(v[i].y1, v[j].y1) - std::max(v[i].y0, v[j].y0);
      EXPECT_FALSE(ox > 0.01f && oy > 0.01f) << "views " << i << " and " << j << " overlap";
    }
  EXPECT_FLOAT_EQ(v[8].y1, 1000.f);
  EXPECT_FLOAT_EQ(v[kFragments].y0, 50.f);
  open[8] = false;
  const std::vector<LayoutRect> closed = tile_views(l, open, c, 0, 0, 1);
  const std::vector<LayoutRect> plain = tile_views(gap, kAll, c, 0, 0, 1);
  for (int i : {kFragments, kBanks, kGate})
    expect_rect(closed[static_cast<std::size_t>(i)], plain[static_cast<std::size_t>(i)].x0,
                plain[static_cast<std::size_t>(i)].y0, plain[static_cast<std::size_t>(i)].x1,
                plain[static_cast<std::size_t>(i)].y1, "closed again " + std::to_string(i));
}

// A floating window left at x -300, y 2 (over the menu bar) by a 1x1 window goes back under the
// status strip (top 50) and inside a 1600x1000 display; one inside stays; a 1x1 display moves nothing;
// a window wider than the display is moved only vertically.
TEST(ViewTiling, FloatingWindowsKeepTheirTitleBarInTheWorkArea) {
  const LayoutRect stray{-300, 2, 300, 402};  // 600 x 400
  const LayoutRect back = kept_in_work_area(stray, 20, 1600, 1000, 50);
  EXPECT_FLOAT_EQ(back.x0, 0.f);
  EXPECT_FLOAT_EQ(back.y0, 50.f);
  EXPECT_FLOAT_EQ(back.w(), 600.f);
  EXPECT_FLOAT_EQ(back.h(), 400.f);
  const LayoutRect past{1500, 990, 2100, 1390};  // off the bottom right
  EXPECT_FLOAT_EQ(kept_in_work_area(past, 20, 1600, 1000, 50).x0, 1000.f);
  // Its bottom edge inside too, where the area is as tall as the window (issue 22: the warpgroup
  // window's export region held rows past the app's bottom edge).
  EXPECT_FLOAT_EQ(kept_in_work_area(past, 20, 1600, 1000, 50).y0, 600.f);
  // Taller than the area: its title bar at the lowest place that keeps it in.
  const LayoutRect tall{100, 990, 700, 2090};
  EXPECT_FLOAT_EQ(kept_in_work_area(tall, 20, 1600, 1000, 50).y0, 980.f);
  const LayoutRect inside{200, 300, 800, 700};
  const LayoutRect same = kept_in_work_area(inside, 20, 1600, 1000, 50);
  EXPECT_FLOAT_EQ(same.x0, 200.f);
  EXPECT_FLOAT_EQ(same.y0, 300.f);
  const LayoutRect tiny = kept_in_work_area(stray, 20, 1, 1, 50);
  EXPECT_FLOAT_EQ(tiny.x0, -300.f);
  EXPECT_FLOAT_EQ(tiny.y0, 2.f);
  const LayoutRect narrow = kept_in_work_area(stray, 20, 160, 100, 50);
  EXPECT_FLOAT_EQ(narrow.x0, -300.f);
  EXPECT_FLOAT_EQ(narrow.y0, 50.f);
}

// Newcomer round 26: the Warpgroup, Descriptor and CTA tile windows (stacked slots 8, 9 and 11 of six)
// open at 1600x1000 need 240 + 150 + 3 * 280 = 1230 px of a 950 px column: they share one slot as
// tabs, the one chosen shown (the first open where none is chosen, or the one chosen is closed). A
// column that holds them all (1230 px), or a single stacked window however short the column, needs
// no tabs; two of them need exactly 950 px, which a 950 px column holds and a 949 px one does not. A
// taller view of another column (ldmatrix) plays no part.
TEST(ViewTiling, StackedWindowsShareOneSlotAsTabsWhereTheirColumnCannotHoldThem) {
  const Layout l = with_stacked_slots(design(), kFragments, 6);
  std::vector<bool> open = kAll;
  open.insert(open.end(), {true, true, false, true, false, false});
  std::vector<float> least(14, 0.f);
  least[kFragments] = 240;
  least[kBanks] = 150;
  for (int i = 8; i < 14; ++i) least[static_cast<std::size_t>(i)] = 280;
  least[kLdmatrix] = 2000;
  StackedTabs t = stacked_tabs(l, open, least, 950, 8, 11);
  EXPECT_EQ(t.slots, (std::vector<int>{8, 9, 11}));
  EXPECT_EQ(t.shown, 11);
  EXPECT_EQ(stacked_tabs(l, open, least, 950, 8, -1).shown, 8);
  EXPECT_EQ(stacked_tabs(l, open, least, 950, 8, 10).shown, 8);  // 10 (matrix moves) is closed
  EXPECT_EQ(stacked_tabs(l, open, least, 950, 8, 9).shown, 9);
  EXPECT_TRUE(stacked_tabs(l, open, least, 1230, 8, 11).slots.empty());
  EXPECT_EQ(stacked_tabs(l, open, least, 1229, 8, 11).slots.size(), 3u);
  open[11] = false;
  EXPECT_TRUE(stacked_tabs(l, open, least, 950, 8, 9).slots.empty());
  t = stacked_tabs(l, open, least, 949, 8, 9);
  EXPECT_EQ(t.slots, (std::vector<int>{8, 9}));
  EXPECT_EQ(t.shown, 9);
  open[9] = false;
  EXPECT_TRUE(stacked_tabs(l, open, least, 300, 8, 8).slots.empty());
  EXPECT_EQ(stacked_tabs(l, open, least, 300, 8, 8).shown, -1);
}

// Newcomer round 27: the Warpgroup window opened at 1600x1000 asked 380 + 228 + 364 = 972 px of a
// 949 px middle column, which then scrolled 23 px and hid the fragments view's header; round 28: all
// six stacked windows (a tab strip over the Warpgroup) asked 50 px more. A short column's views give
// up the difference, the lowest first, each down to its floor; a column that cannot fit even at its
// floors, or one that fits, keeps every least.
TEST(ViewTiling, AShortColumnFitsByItsLowestViewsGivingWay) {
  const Layout l = with_stacked_slots(design(), kFragments, 6);
  std::vector<bool> open = kAll;
  open.insert(open.end(), {true, false, false, false, false, false});
  std::vector<float> least(14, 0.f);
  least[kFragments] = 380;
  least[kBanks] = 228;
  least[8] = 364;
  least[kLdmatrix] = 300;
  std::vector<float> floor = least;
  floor[kFragments] = 240;
  floor[kBanks] = 150;
  floor[8] = 280;
  floor[kLdmatrix] = 100;  // a column that fits gives nothing
  const std::vector<float> fitted = leasts_near_fit(l, open, least, floor, 949);
  EXPECT_FLOAT_EQ(fitted[kFragments], 380.f);
  EXPECT_FLOAT_EQ(fitted[kBanks], 228.f);
  EXPECT_FLOAT_EQ(fitted[8], 341.f);
  EXPECT_FLOAT_EQ(least_column_height(l, open, fitted), 949.f);
  EXPECT_FLOAT_EQ(fitted[kLdmatrix], 300.f);
  // Short by 72 px: the Warpgroup window alone gives it (84 above its floor).
  const std::vector<float> seventy = leasts_near_fit(l, open, least, floor, 900);
  EXPECT_FLOAT_EQ(seventy[8], 292.f);
  EXPECT_FLOAT_EQ(seventy[kBanks], 228.f);
  // Short by 172: the Warpgroup window down to 280, the bank view to 150, the fragments view 10 px.
  const std::vector<float> more = leasts_near_fit(l, open, least, floor, 800);
  EXPECT_FLOAT_EQ(more[8], 280.f);
  EXPECT_FLOAT_EQ(more[kBanks], 150.f);
  EXPECT_FLOAT_EQ(more[kFragments], 370.f);
  EXPECT_FLOAT_EQ(least_column_height(l, open, more), 800.f);
  // Short by 372, more than the 302 the floors allow: every least kept (the column scrolls).
  EXPECT_EQ(leasts_near_fit(l, open, least, floor, 600), least);
  EXPECT_EQ(leasts_near_fit(l, open, least, floor, 972), least);
  // No floor given: nothing gives.
  EXPECT_EQ(leasts_near_fit(l, open, least, least, 949), least);
  // Without the Warpgroup window the bank view is the lowest: it gives way.
  open[8] = false;
  const std::vector<float> two = leasts_near_fit(l, open, least, floor, 600);
  EXPECT_FLOAT_EQ(two[kFragments], 380.f);
  EXPECT_FLOAT_EQ(two[kBanks], 220.f);
}

}  // namespace
}  // namespace fragviz::app
