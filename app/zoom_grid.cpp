#include "zoom_grid.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "imgui_internal.h"  // ImGui::SetNextWindowScroll
#include "panels/panels.hpp"

namespace fragviz::app {

bool zoom_for(GridZoom& z, const std::string& key, float start, bool views_changed) {
  if (z.key == key) {
    if (views_changed && z.zoom == z.start) {
      // Kept: no longer the first zoom, so the resizes that follow (the view's own scroll bar a
      // frame later, a window resize) leave it too.
      z.start = 0;
      return false;
    }
    // Kept (start 0: by a view opened beside it, or restored from the settings): it stays, even
    // where the first zoom worked out again equals it (the fragments view's, whose fit the resize
    // leaves as it was, does).
    if (z.start == 0) return false;
    if (z.zoom == z.start) z.zoom = start;  // not moved off the first zoom: it follows the view's size
    z.start = start;
    return false;
  }
  z = GridZoom{};
  z.key = key;
  z.zoom = z.drawn_zoom = z.start = start;
  return true;
}

bool zoom_bar(AppState& s, GridZoom& z, const char* id, float lo, float hi, float readable, const char* tip) {
  const std::string name(id);
  ImGui::TextColored(kDimV, "zoom");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(150.f);
  // "zoom 32.00x" beside the "fit" button: "32.00x fit" read as "it fits" (newcomer issue 22). That
  // the zoom is relative to the cells that fit the view (newcomer round 25 read "2.03x" as a fixed
  // scale) the tooltip says.
  ImGui::SliderFloat(("##" + name + "_zoom").c_str(), &z.zoom, lo, hi, kZoomFormat,
                     ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  record_widget(s, (name + "_zoom").c_str());
  s.frame.zoom_readouts[name] = zoom_readout(std::clamp(z.zoom, lo, hi));
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "%s\nThe zoom counts times the cell size at which every cell fits this view (1x: fit),\n"
        "so the same zoom draws larger cells when the view is larger.",
        tip);
  ImGui::SameLine();
  const bool fit = ImGui::SmallButton(("fit##" + name).c_str());
  if (fit) z.zoom = 1.f;
  record_widget(s, (name + "_fit").c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Every cell in the view (zoom 1).");
  if (readable <= 0.f) return fit;  // a view that opens fitted has no first zoom to go back to
  ImGui::SameLine();
  if (ImGui::SmallButton(("labels##" + name).c_str())) z.zoom = std::clamp(readable, lo, hi);
  record_widget(s, (name + "_labels").c_str());
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "The smallest zoom at which every cell holds its label and every row and\n"
        "column its number; the view scrolls.");
  return fit;
}

std::string zoom_readout(float zoom) {
  char buf[32];
  std::snprintf(buf, sizeof buf, kZoomFormat, zoom);
  return buf;
}

float zoomed_cell(float base, float zoom) {
  return base * zoom >= 4.f ? std::floor(base * zoom) : base * zoom;
}

ImVec2 keep_in_view(ImVec2 scroll, float view_w, float view_h, float content_w, float content_h,
                    const std::vector<ContentRect>& grids) {
  const auto clamp_to = [](float v, float most) { return std::clamp(v, 0.f, std::max(0.f, most)); };
  ImVec2 sc(clamp_to(scroll.x, content_w - view_w), clamp_to(scroll.y, content_h - view_h));
  if (grids.empty()) return sc;
  // How far grid g lies outside the view scrolled to sc (0: part of it shows).
  const auto gap = [&](const ContentRect& g) {
    const float dx = std::max({0.f, g.x0 - (sc.x + view_w), sc.x - g.x1});
    const float dy = std::max({0.f, g.y0 - (sc.y + view_h), sc.y - g.y1});
    return dx + dy;
  };
  const ContentRect* nearest = &grids.front();
  for (const ContentRect& g : grids) {
    if (gap(g) <= 0.f) return sc;
    if (gap(g) < gap(*nearest)) nearest = &g;
  }
  // The least move that puts as much of it in view as fits: its far edge at the view's far edge,
  // or its near edge at the view's near edge where it is larger than the view.
  // An axis on which it already lies across the view keeps its scroll (issue 22: m16n8k32, A below
  // the view, was also moved 26 px right, to A's left edge: column 0 under the row numbers, the
  // "A" of its title clipped).
  const ContentRect& g = *nearest;
  const bool across_x = g.x0 < sc.x + view_w && g.x1 > sc.x, across_y = g.y0 < sc.y + view_h && g.y1 > sc.y;
  const float lo_x = std::min(g.x0, g.x1 - view_w), hi_x = std::max(g.x0, g.x1 - view_w);
  const float lo_y = std::min(g.y0, g.y1 - view_h), hi_y = std::max(g.y0, g.y1 - view_h);
  return ImVec2(across_x ? sc.x : clamp_to(std::clamp(sc.x, lo_x, hi_x), content_w - view_w),
                across_y ? sc.y : clamp_to(std::clamp(sc.y, lo_y, hi_y), content_h - view_h));
}

ImVec2 reveal_in_view(ImVec2 scroll, float view_w, float view_h, float content_w, float content_h,
                      const ContentRect& r) {
  // Per axis: the far edge brought in first, then the near edge, so a rect larger than the view
  // shows its top-left (where its row and column numbers are).
  const auto axis = [](float sc, float view, float content, float lo, float hi) {
    if (hi > sc + view) sc = hi - view;
    if (lo < sc) sc = lo;
    return std::clamp(sc, 0.f, std::max(0.f, content - view));
  };
  return ImVec2(axis(scroll.x, view_w, content_w, r.x0, r.x1), axis(scroll.y, view_h, content_h, r.y0, r.y1));
}

void begin_zoom_child(AppState& s, GridZoom& z, const char* child_id, const char* widget, ImVec2 size,
                      ImVec2 content, float zoom, float cw, float ch, const std::vector<ContentRect>& grids,
                      const ContentRect* reveal) {
  ImGui::SetNextWindowContentSize(content);
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImVec2 child(size.x > 0 ? size.x : avail.x, size.y > 0 ? size.y : avail.y);
  const bool resized =
      z.view_w > 0 && (std::abs(child.x - z.view_w) > 0.5f || std::abs(child.y - z.view_h) > 0.5f);
  bool set = false;
  // A resize starts from the scroll the user left (clamped by an earlier resize, it comes back).
  ImVec2 next = resized ? ImVec2(z.kept_x, z.kept_y) : ImVec2(z.scroll_x, z.scroll_y);
  if (z.view_w <= 0 && z.cell_w <= 0) {
    // A new subject (zoom_for started `z` afresh: another instruction, another tile) starts at the
    // top-left: the child's own scroll was the old subject's (newcomer round 14: m16n8k16 after a
    // scrolled m16n8k32 showed only A's columns 4-15).
    next = ImVec2(0.f, 0.f);
    set = true;
  }
  if ((zoom != z.drawn_zoom || cw != z.cell_w || ch != z.cell_h) && z.cell_w > 0 && z.cell_h > 0) {
    if (resized && z.anchor_x < 0) {
      // The view's new size changed its cells (a cell fitted to the view, a first zoom following
      // it): the cell the user left at the top-left stays there, so a view never scrolled stays at
      // its start (issue 22: the bank view, anchored on its centre, moved to line 0x0080 when the
      // warpgroup view closed). Kept in the new cells' pixels.
      next = ImVec2(z.kept_x * (cw / z.cell_w), z.kept_y * (ch / z.cell_h));
      z.kept_x = next.x;
      z.kept_y = next.y;
    } else {
      // Scale the scroll so the anchor (the mouse for ctrl+wheel, else the view's centre) stays on
      // the same cell; set before the child begins, so this frame already shows it.
      const float ax = z.anchor_x >= 0 ? z.anchor_x : z.view_w * 0.5f;
      const float ay = z.anchor_y >= 0 ? z.anchor_y : z.view_h * 0.5f;
      next = ImVec2(std::max(0.f, (z.scroll_x + ax) * (cw / z.cell_w) - ax),
                    std::max(0.f, (z.scroll_y + ay) * (ch / z.cell_h) - ay));
    }
    set = true;
  }
  // The scroll bars' room is left out of the view (they show when the content is larger).
  const float bar = ImGui::GetStyle().ScrollbarSize;
  const ImVec2 shown(child.x - (content.y > child.y ? bar : 0.f),
                     child.y - (content.x > child.x ? bar : 0.f));
  if ((set || resized) && !grids.empty()) {
    // Newcomer round 9: after a resize the view showed only the empty corner between the grids.
    next = keep_in_view(next, shown.x, shown.y, content.x, content.y, grids);
    set = true;
  }
  if (reveal) {
    next = reveal_in_view(next, shown.x, shown.y, content.x, content.y, *reveal);
    set = true;
  }
  if (set) ImGui::SetNextWindowScroll(next);
  if (set && !resized) {
    z.kept_x = next.x;  // a zoom, a new subject, a reveal: the view's own choice of place
    z.kept_y = next.y;
  }
  z.anchor_x = z.anchor_y = -1;
  ImGuiWindowFlags flags = ImGuiWindowFlags_HorizontalScrollbar;
  if (ImGui::GetIO().KeyCtrl) flags |= ImGuiWindowFlags_NoScrollWithMouse;  // ctrl+wheel zooms instead
  ImGui::BeginChild(child_id, size, false, flags);
  const ImVec2 wp = ImGui::GetWindowPos(), ws = ImGui::GetWindowSize();
  s.frame.widgets[widget] = Rect{wp.x, wp.y, ws.x, ws.y};
}

ZoomScroll end_zoom_child(GridZoom& z, float zoom, float cw, float ch, float lo, float hi) {
  ZoomScroll sc{ImGui::GetScrollX(), ImGui::GetScrollY(), ImGui::GetScrollMaxX(), ImGui::GetScrollMaxY()};
  const ImVec2 size = ImGui::GetWindowSize();
  z.drawn_zoom = zoom;
  z.cell_w = cw;
  z.cell_h = ch;
  z.scroll_x = sc.x;
  z.scroll_y = sc.y;
  // Where the user scrolls, kept; not where a taller view clamped the kept scroll to its end.
  if (!(z.kept_x > sc.max_x + 0.5f && std::abs(sc.x - sc.max_x) < 0.5f)) z.kept_x = sc.x;
  if (!(z.kept_y > sc.max_y + 0.5f && std::abs(sc.y - sc.max_y) < 0.5f)) z.kept_y = sc.y;
  z.view_w = size.x;
  z.view_h = size.y;
  // Applied next frame, about the mouse, by begin_zoom_child's scroll scaling.
  const ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsWindowHovered() && io.KeyCtrl && io.MouseWheel != 0.f) {
    z.zoom = std::clamp(zoom * std::pow(1.25f, io.MouseWheel), lo, hi);
    const ImVec2 win = ImGui::GetWindowPos();
    z.anchor_x = io.MousePos.x - win.x;
    z.anchor_y = io.MousePos.y - win.y;
  }
  return sc;
}

void sticky_backdrop(ImDrawList* dl, ImVec2 a, ImVec2 b) {
  dl->AddRectFilled(a, b, ImGui::GetColorU32(ImGuiCol_WindowBg));
}

}  // namespace fragviz::app
