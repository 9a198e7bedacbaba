// Where the views go (the view tiling; window_placement.hpp puts the ImGui windows there): the eight
// of layout.json, the Hopper windows stacked into a column (with_stacked_slots), each view held at
// its least height (with_least_heights); worked out again every frame from the window's size: plain
// arithmetic (no ImGui), so the unit tests check it directly (tests/app/test_view_tiling.cpp).
//
// The views tile the area under the menu bar and status strip as layout.json's slots say, stretched
// to that area, so they follow the window at every size: nothing overlaps, nothing is left empty,
// and going back to a size gives back the same rectangles. The user does not drag views around;
// the View menu shows and hides them, and a hidden view's room goes to the others of its column
// (or, when a whole column is hidden, to the other columns), as long as layout.json's slots form
// such columns (the built-in one does); otherwise to the others of its stack (the slots of its
// width right above and below it). parse_layout keeps layout.json's slots from overlapping.
//
// A column whose views' least heights add up to more than the window runs taller, alone, and
// scrolls (tile_views' `least`): a view opened or closed re-tiles its own column, and the other
// columns keep their rectangles (issue 22, "windows jump"). Each column scrolls by its own offset
// (tile_columns), as far as it runs past the window, with its own bar along its right edge
// (column_bars), drawn only where it runs past: a bar coming or going never narrows another column,
// and the bar or the wheel over one column (over one of its views that cannot take the turn) never
// moves another. A view opened from the View menu is scrolled into sight in its column; the views'
// least heights are latched (window_placement.cpp), so a view's content growing or shrinking never
// re-tiles the layout, nor does it while the user types in a text field.
//
// Below kMinLayoutWidth x kMinLayoutHeight logical pixels (a small window, or a large display
// scale: 1600x1000 pixels at --scale 2 is 800x500 logical) the views are laid out at that size
// instead, on a canvas the window shows part of, with scroll bars at its right and bottom edges. Only
// those bars scroll it (dragged, or the wheel over them): the wheel over a view is that view's alone,
// so no wheel turn meant for a view slides every view's title under the menu bar.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "fragviz/viewmodel/assets.hpp"

namespace fragviz::app {

/// The smallest window, in logical pixels, the views are fitted into; a smaller one scrolls.
inline constexpr float kMinLayoutWidth = 1024.f, kMinLayoutHeight = 700.f;

/// A rectangle [x0, x1) x [y0, y1).
struct LayoutRect {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  float w() const { return x1 - x0; }
  float h() const { return y1 - y0; }
  bool empty() const { return !(x1 > x0 && y1 > y0); }
};

/// The area the views are laid out on in one frame, in the window's logical pixels.
struct LayoutCanvas {
  LayoutRect view;              ///< where the views show: the area under the status strip, less scroll bars
  float width = 0, height = 0;  ///< the canvas: the view's size, or the minimum where that is larger
  /// The height a column fills when its views' least heights need no more: `height` before
  /// make_canvas's `min_height` grew it (tile_views: only the column that needs more runs taller).
  float base_height = 0;
  bool scroll_x = false, scroll_y = false;
  LayoutRect hbar, vbar;  ///< the scroll bars (empty when not needed); hbar covers the corner
  /// Where the window is tall enough and only columns run taller than it: the vertical bars' width,
  /// each along the right edge of a column that runs taller (column_bars) instead of `vbar`, so that
  /// the other columns keep their width whether it shows or not; else 0.
  float column_bar = 0;
  /// Where the columns carry their own bars: the height of the sign a scrolled column shows along its
  /// top of the views above (column_signs). A column scrolled by s leaves min(s, column_sign) of its
  /// top to the sign, its views lying that much lower: the sign covers only what the scroll hid
  /// anyway, and the column scrolls that much further so its bottom still comes into the window.
  float column_sign = 0;
  float max_scroll_x() const { return width - view.w(); }
  float max_scroll_y() const { return height - view.h(); }
};

/// The canvas for a display of `display_w` x `display_h` logical pixels whose top `top` pixels are
/// the menu bar and status strip, with scroll bars `bar` pixels thick where the canvas is larger
/// than the view. The canvas is never smaller than kMinLayoutWidth x (kMinLayoutHeight - top).
LayoutCanvas make_canvas(float display_w, float display_h, float top, float bar);

/// make_canvas with a canvas at least `min_height` tall too (min_canvas_height: the views' own
/// minimum heights), scrolled where the window is shorter.
LayoutCanvas make_canvas(float display_w, float display_h, float top, float bar, float min_height);

/// The least canvas height at which every shown slot i of `layout` (open[i]) is at least
/// `min_height[i]` logical pixels tall (0 or a missing entry: no minimum), the slots sharing the
/// canvas as tile_views shares it; 0 when none has a minimum.
float min_canvas_height(const Layout& layout, const std::vector<bool>& open,
                        const std::vector<float>& min_height);

/// The least canvas height at which each column of `layout` holds every shown slot i at `least[i]`
/// logical pixels (the tallest column's sum; a layout whose slots form no columns: min_canvas_height).
float least_column_height(const Layout& layout, const std::vector<bool>& open,
                          const std::vector<float>& least);

/// `least` with each column whose shown slots' leasts add up to more than `column_px` fitted by its
/// views giving up the difference, the lowest first, each down to its `floor` (by slot; a missing or
/// larger entry: that view gives nothing): a column some pixels short of its leasts would otherwise
/// run past the window and scroll its top view under the status strip for nothing a user misses
/// (newcomer round 27: the Warpgroup window opened at 1600x1000 needed 23 px more than the middle
/// column's 949; round 28: all six stacked windows, 50 px more). The lowest view gives first, so a
/// change of its least (a warpgroup thread selected shows its registers) never moves the views above
/// it. A column that cannot fit even at its floors keeps every least (it runs taller and scrolls);
/// other columns keep theirs.
std::vector<float> leasts_near_fit(const Layout& layout, const std::vector<bool>& open,
                                   std::vector<float> least, const std::vector<float>& floor,
                                   float column_px);

/// Each shown slot's height to ask with_least_heights for: its `least`, plus what it wants beyond
/// that (`want[i]` > least[i]: the gate view's ladder, a fitted fragments view) only as far as its
/// column has room above its slots' leasts in `column_px` (the wants then shared in proportion), so
/// that a want never makes a column taller than the window.
std::vector<float> wants_within(const Layout& layout, const std::vector<bool>& open,
                                const std::vector<float>& least, const std::vector<float>& want,
                                float column_px);

/// The view of each slot of `layout` (in its order) in window coordinates, for a canvas scrolled
/// by (`scroll_x`, `scroll_y`); `open[i]` says whether slot i is shown (a hidden one gets an empty
/// rectangle). Edges are rounded to whole physical pixels at `scale` pixels per logical pixel, and
/// neighbours share their edge exactly. With `least` (by slot, as given to with_least_heights), a
/// layout of columns has each column as tall as its shown slots' leasts add up to, from the canvas's
/// base_height to its height: a view that opens, closes or grows past the window makes its own
/// column run taller (and the canvas scroll), while the other columns keep their rectangles; each
/// column that carries its own vertical bar (column_bars) leaves it its right edge. Each column
/// scrolls by `scroll_y` at most as far as it runs past the view area: a column the view area holds
/// stays put while a taller one scrolls. (tile_columns with every column's offset `scroll_y`: the
/// whole canvas's scroll, below the least window size.)
std::vector<LayoutRect> tile_views(const Layout& layout, const std::vector<bool>& open,
                                   const LayoutCanvas& canvas, float scroll_x, float scroll_y, float scale,
                                   const std::vector<float>& least = {});

/// Which vertical scroll moves each slot of `layout`: with `least` in a layout of columns, its
/// column's own (the columns numbered from the left), so the wheel or the bar over one column never
/// moves another (issue 22); without `least`, or in a layout of no columns, 0 for every slot (one
/// scroll for the canvas, as its columns are then as tall as it).
std::vector<int> scroll_columns(const Layout& layout, const std::vector<float>& least = {});

/// tile_views with each column scrolled by its own offset: `column_scroll[c]` for the slots whose
/// scroll_columns entry is c (a missing entry: 0), each at most as far as its column runs past the
/// view area (column_max_scroll).
std::vector<LayoutRect> tile_columns(const Layout& layout, const std::vector<bool>& open,
                                     const LayoutCanvas& canvas, float scroll_x,
                                     const std::vector<float>& column_scroll, float scale,
                                     const std::vector<float>& least = {});

/// How far each column (scroll_columns' numbers) scrolls: how far it runs past the view area; 0 for
/// one that it holds.
std::vector<float> column_max_scroll(const Layout& layout, const std::vector<bool>& open,
                                     const LayoutCanvas& canvas, const std::vector<float>& least = {});

/// The vertical bar of each column (scroll_columns' numbers) where the columns carry their own
/// (canvas.column_bar > 0): along the right edge of each column that runs past the view area, from
/// the view area's top to its bottom, for tile_columns' arguments; empty for a column the view area
/// holds, and for every column where the whole canvas scrolls instead (canvas.vbar). Without `least`,
/// or in a layout of no columns, one bar along the rightmost views.
std::vector<LayoutRect> column_bars(const Layout& layout, const std::vector<bool>& open,
                                    const LayoutCanvas& canvas, float scroll_x, float scale,
                                    const std::vector<float>& least = {});

/// Of `bars` (column_bars'), the number of the column that runs furthest past the view area by
/// `most` (column_max_scroll's), the rightmost of equals; -1 when no column carries a bar.
int furthest_column(const std::vector<LayoutRect>& bars, const std::vector<float>& most);

/// Where each column's sign of the views above it lies (scroll_columns' numbers), for tile_columns'
/// arguments: along the top of a column scrolled by more than 0 where the canvas has a column_sign,
/// min(scroll, column_sign) tall, left of its bar; empty elsewhere.
std::vector<LayoutRect> column_signs(const Layout& layout, const std::vector<bool>& open,
                                     const LayoutCanvas& canvas, float scroll_x,
                                     const std::vector<float>& column_scroll, float scale,
                                     const std::vector<float>& least = {});

/// Of column_bars, that of the column that runs furthest past the view area (furthest_column);
/// empty when no column carries a bar.
LayoutRect column_bar_rect(const Layout& layout, const std::vector<bool>& open, const LayoutCanvas& canvas,
                           float scroll_x, float scale, const std::vector<float>& least = {});

/// What the layout worked out for one frame (kept in the frame's record for the views and the
/// state dump).
struct LayoutFrame {
  LayoutCanvas canvas;
  /// How far the canvas is scrolled: the whole canvas below the least window size; above it, where
  /// the columns scroll one by one, scroll_y is that of the column that runs furthest past the window.
  float scroll_x = 0, scroll_y = 0;
  /// Each column's own scroll and bar (scroll_columns' numbers; column_bars), where the columns
  /// scroll one by one; empty bars and zero scrolls where the whole canvas scrolls.
  std::vector<float> column_scroll;
  std::vector<LayoutRect> column_bars;
  /// Each column's sign of the views above it (column_signs; empty where none) and what it says.
  std::vector<LayoutRect> column_signs;
  std::vector<std::string> column_sign_text;
  std::vector<LayoutRect> views;  ///< by slot, in kLayoutIds order; empty rectangles for hidden views
  /// A view was opened or closed since the last frame: the others' new sizes come from that, and
  /// they keep their zoom (zoom_for).
  bool views_changed = false;
  /// Each shown view's least usable height (logical px) by window name: its column runs taller
  /// rather than give it less.
  std::map<std::string, float> least;
  /// With the gate view's ladder open, the least it is held at (its controls and the ladder with the
  /// table at its least rows; the rest may scroll out of it), for the state dump; else 0.
  float gate_least = 0;
  /// Where the open stacked views share one slot as tabs (stacked_tabs): their window names in slot
  /// order, the one shown, and the tab strip over it (the top of its slot); else empty.
  std::vector<const char*> tabs;
  const char* tab_shown = nullptr;
  LayoutRect tab_strip;
};

/// `layout` with `extra` more slots (ids "extra0", "extra1", ...) stacked under the column of slot
/// `under`, each as tall as the whole column (one open gets half of it): the Hopper windows' places. The
/// column's slots are scaled together so that it still covers the design height; as tile_views shares a
/// column's height among its shown slots in proportion, a hidden extra slot takes no room and the others get
/// back exactly what they had. In a layout whose slots form no columns the same holds for slot
/// `under`'s stack (the slots of its width right above and below it): the extra slots never lie over
/// another view. `weight` > 0: each extra slot that tall in design units of a column instead of the
/// whole column (the column's own views then keep more of it).
Layout with_stacked_slots(const Layout& layout, int under, int extra, float weight = 0.f);

/// The stacked views that share one slot as tabs this frame (newcomer round 26: at 1600x1000 the
/// Warpgroup, Descriptor and CTA tile windows stacked in one column could not be seen at once).
struct StackedTabs {
  std::vector<int> slots;  ///< the open stacked slots in slot order; empty: each open one has its own slot
  int shown = -1;          ///< the one tiled; the others are behind its tab strip, not drawn
};

/// Tabs where two or more of the stacked slots (`first` on: with_stacked_slots' extra slots) are open
/// and their column of `layout` (their stack, in a layout of no columns) cannot hold every open slot's
/// `least` in `column_px`: then only one of them is tiled, `active` where it is open, else the first open.
StackedTabs stacked_tabs(const Layout& layout, const std::vector<bool>& open, const std::vector<float>& least,
                         float column_px, int first, int active);

/// `layout` with each shown slot i (open[i]) at least `least[i]` of its column's `column_px` pixels
/// tall (0 or a missing entry: no minimum), the room taken from the column's other shown slots in
/// proportion to their design heights, never below their own least: a newly opened view (or one
/// that grew, as the gate view's ladder) gets a usable height without squeezing the others below
/// theirs. A column whose shown slots' least heights add up to more than `column_px` gives each its
/// least in proportion (the canvas then grows: min_canvas_height). A layout whose slots form no
/// columns is left as it is.
Layout with_least_heights(const Layout& layout, const std::vector<bool>& open,
                          const std::vector<float>& least, float column_px);

/// Whether the slots of `layout` form columns that can give a hidden view's room to its neighbours:
/// slots with the same [x0, x1) make a column, the columns cover the design width side by side, and
/// each column's slots cover the design height one above the other.
bool forms_columns(const Layout& layout);

/// The scroll along one axis that shows [a0, a1), where it lies at scroll 0, in the view [v0, v1):
/// moved from `scroll` the least that shows it whole, or showing its start where it is longer than the
/// view; within [0, max_scroll]. A view opened from the View menu is brought into sight so.
float scroll_to_show(float a0, float a1, float v0, float v1, float scroll, float max_scroll);

/// A floating window (View > Tensor memory, CTA tile, ...) moved the least so that it lies in the
/// work area [0, display_w) x [top, display_h) under the menu bar and status strip: along x only
/// where the area is as wide as the window; along y the whole window where the area is as tall as
/// it, else its title bar (`title_h` high along its top) where the area is that tall (a window
/// shrunk to 1x1 moves nothing, which then moves the window back once the window is large again).
/// A window already inside is left as it is.
LayoutRect kept_in_work_area(const LayoutRect& window, float title_h, float display_w, float display_h,
                             float top);

}  // namespace fragviz::app
