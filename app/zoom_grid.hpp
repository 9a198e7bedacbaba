// A zoomable grid view: the grids of the fragments, bank and warpgroup views sit in a scrolled
// child window at a zoom relative to the cell size that fits everything into it (zoom 1: fit).
// One definition of what they share: the zoom slider with its "fit" and "labels" buttons, the
// scrolled child whose scroll keeps the point under the mouse (ctrl+wheel) or the view's centre
// (slider) on the same cell across a zoom, ctrl+wheel zooming, and the axis labels that stay in
// view while the grid scrolls under them (sticky_band).
//
// Usage, each frame:
//   zoom_bar(s, z, "fragments", lo, hi, readable, tip);        // slider, fit, labels
//   const float cw = zoomed_cell(fit_w, zoom), ...;
//   begin_zoom_child(s, z, "##fragment_view", "fragment_view", size, content, zoom, cw, ch);
//   ... draw at ImGui::GetCursorScreenPos() ...
//   const ZoomScroll sc = end_zoom_child(z, zoom, cw, ch, lo, hi);  // before ImGui::EndChild()
#pragma once

#include <string>
#include <vector>

#include "app_state.hpp"
#include "fragviz/viewmodel/hopper_state.hpp"  // GridZoom
#include "imgui.h"

namespace fragviz::app {

/// Resets `z` for a new subject `key` (an instruction, a tile): zoom `start` and no scroll history;
/// returns whether it was reset. For the same subject, a zoom the user has not moved off the last
/// `start` follows a new one (the window was resized: the first zoom is worked out again), except
/// where `views_changed` (LayoutFrame::views_changed): a view opened or closed beside this one
/// leaves its zoom as it was (issue 22: opening the warpgroup view moved the fragments and bank
/// views' zoom), and from then on it stays there as if the user had set it.
bool zoom_for(GridZoom& z, const std::string& key, float start, bool views_changed = false);

/// The zoom row: a logarithmic slider over [lo, hi] (recorded as "<id>_zoom"), "fit" (zoom 1: every
/// cell in the view; "<id>_fit") and "labels" (zoom `readable`: the smallest at which every cell
/// holds its label and every row and column its number; "<id>_labels"; none where `readable` <= 0). `tip` is
/// the slider's tooltip. Call before begin_zoom_child, on the line above the grid. Returns whether
/// "fit" was pressed this frame.
bool zoom_bar(AppState& s, GridZoom& z, const char* id, float lo, float hi, float readable, const char* tip);

/// The zoom slider's readout, after its "zoom" label: "32.00x" (zoom 32.00x; the "fit" button beside).
inline constexpr const char* kZoomFormat = "%.2fx";
/// `zoom` as the slider shows it (kZoomFormat), for the state dump's zoom_readouts.
std::string zoom_readout(float zoom);

/// A fitted cell side `base` (pixels) at zoom `zoom`: whole pixels from 4 up, fractions below.
float zoomed_cell(float base, float zoom);

/// A rectangle of a zoomed view's content (pixels from its top-left): a grid keep_in_view looks for.
struct ContentRect {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

/// The scroll (x, y) after which a view of `view_w` x `view_h` pixels over content of `content_w`
/// x `content_h` shows part of one of `grids`: `scroll` itself (clamped to the content) when it
/// already does, else the least move that brings the nearest grid in (its near edge to the view's),
/// on each axis where that grid lies outside the view (the other keeps its scroll).
/// `grids` empty: `scroll`, clamped.
ImVec2 keep_in_view(ImVec2 scroll, float view_w, float view_h, float content_w, float content_h,
                    const std::vector<ContentRect>& grids);

/// The scroll (x, y) after which a view of `view_w` x `view_h` pixels over content of `content_w`
/// x `content_h` shows all of `r` (as much as fits, from its top-left): `scroll` where it already
/// does, else the least move that does (the Find field's cell with its row and column numbers).
ImVec2 reveal_in_view(ImVec2 scroll, float view_w, float view_h, float content_w, float content_h,
                      const ContentRect& r);

/// Begins the scrolled child `child_id` of `size` (0: the rest of the window) whose content is
/// `content` pixels at cell size cw x ch, recorded as `widget`: when the zoom or the cell size changed
/// since the last frame, its scroll keeps the anchor (mouse or centre) on the same cell, or where
/// the view was resized, the cell at the top-left of the scroll the user left; after such a change or a
/// resize it keeps part of one of `grids` (content coordinates; none: no such care) in view (keep_in_view),
/// so the view never shows only empty margins. `reveal` (content coordinates), when given, is then scrolled
/// wholly into view (reveal_in_view). While ctrl is down the wheel zooms instead of scrolling. Always pair
/// with end_zoom_child and ImGui::EndChild().
void begin_zoom_child(AppState& s, GridZoom& z, const char* child_id, const char* widget, ImVec2 size,
                      ImVec2 content, float zoom, float cw, float ch,
                      const std::vector<ContentRect>& grids = {}, const ContentRect* reveal = nullptr);

/// The child's scroll as drawn this frame (pixels).
struct ZoomScroll {
  float x = 0, y = 0, max_x = 0, max_y = 0;
};
/// Inside the child, after drawing: keeps this frame's zoom, cell size, scroll and size in `z` for
/// the next, and applies ctrl+wheel over the child (a 1.25 step about the mouse, within [lo, hi]).
ZoomScroll end_zoom_child(GridZoom& z, float zoom, float cw, float ch, float lo, float hi);

/// Where an axis band of a grid goes so that it stays in view while the grid does: at `at` (its own
/// place, before the grid's first cell), else at the visible edge `edge`, but never past `last` (the
/// grid's far end less the band's width), so it leaves with the grid's last cell.
inline float sticky_band(float at, float edge, float last) {
  return edge <= at ? at : (edge < last ? edge : (last > at ? last : at));
}

/// The dark band drawn under a sticky axis band where it covers cells ([a, b] in screen pixels).
void sticky_backdrop(ImDrawList* dl, ImVec2 a, ImVec2 b);

}  // namespace fragviz::app
