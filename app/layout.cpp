#include "layout.hpp"

#include <cstring>

#include "assets.hpp"
#include "window_layout.hpp"

namespace fragviz::app {

namespace {

/// The slot (kLayoutIds index) of a window name, or -1.
int slot_of(const char* name) {
  static constexpr const char* kNames[] = {kWinControls, kWinDevice,   kWinInspector, kWinFragments,
                                           kWinBanks,    kWinLdmatrix, kWinGate,      kWinOutput};
  static_assert(sizeof kNames / sizeof kNames[0] == sizeof kLayoutIds / sizeof kLayoutIds[0]);
  for (int i = 0; i < static_cast<int>(sizeof kNames / sizeof kNames[0]); ++i)
    if (std::strcmp(kNames[i], name) == 0) return i;
  return -1;
}

/// One scroll bar of the canvas: a window as large as the bar whose content is `extent` long, so
/// that its own scroll bar scrolls the canvas. Returns its scroll. Both bars are submitted every
/// frame from the first one, invisible and click-through while not needed: a window created later
/// with NoBringToFrontOnFocus would go behind the views, which then hide it.
float scroll_bar(AppState& s, const char* id, const LayoutRect& r, bool horizontal, float extent) {
  const bool shown = !r.empty();
  ImGui::SetNextWindowPos(shown ? ImVec2(r.x0, r.y0) : ImVec2(0, 0));
  ImGui::SetNextWindowSize(shown ? ImVec2(r.w(), r.h()) : ImVec2(1, 1));
  ImGui::SetNextWindowContentSize(!shown ? ImVec2(0, 0) : horizontal ? ImVec2(extent, 0) : ImVec2(0, extent));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1, 1));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.f);
  ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                           ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                           ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoFocusOnAppearing;
  if (!shown)
    flags |= ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoScrollbar;
  else if (horizontal)
    flags |= ImGuiWindowFlags_HorizontalScrollbar | ImGuiWindowFlags_AlwaysHorizontalScrollbar;
  else
    flags |= ImGuiWindowFlags_AlwaysVerticalScrollbar;
  ImGui::Begin(id, nullptr, flags);
  const float scroll = !shown ? 0.f : horizontal ? ImGui::GetScrollX() : ImGui::GetScrollY();
  if (shown) s.frame.widgets[id] = Rect{r.x0, r.y0, r.w(), r.h()};
  ImGui::End();
  ImGui::PopStyleVar(4);
  return scroll;
}

}  // namespace

float status_height() { return assets().layout.status_height; }

float content_top() { return ImGui::GetFrameHeight() + status_height(); }

void begin_layout(AppState& s) {
  const ImGuiIO& io = ImGui::GetIO();
  LayoutFrame& f = s.frame.layout;
  f.canvas = make_canvas(io.DisplaySize.x, io.DisplaySize.y, content_top(), ImGui::GetStyle().ScrollbarSize);
  const float bar = ImGui::GetStyle().ScrollbarSize;
  f.scroll_x = scroll_bar(s, "##layout_hscroll", f.canvas.hbar, true,
                          f.canvas.width + (f.canvas.scroll_y ? bar : 0.f));  // its bar runs under the corner
  f.scroll_y = scroll_bar(s, "##layout_vscroll", f.canvas.vbar, false, f.canvas.height);
  const WindowsOpen& w = s.windows;
  // In kLayoutIds order.
  const std::vector<bool> open = {w.controls, w.device,   w.inspector, w.fragments,
                                  w.banks,    w.ldmatrix, w.gate,      w.output};
  f.views = tile_views(assets().layout, open, f.canvas, f.scroll_x, f.scroll_y, io.DisplayFramebufferScale.x);
}

bool begin_view(AppState& s, const char* name, bool* open) {
  const int slot = slot_of(name);
  const std::vector<LayoutRect>& views = s.frame.layout.views;
  if (slot >= 0 && static_cast<std::size_t>(slot) < views.size() &&
      !views[static_cast<std::size_t>(slot)].empty()) {
    const LayoutRect& r = views[static_cast<std::size_t>(slot)];
    ImGui::SetNextWindowPos(ImVec2(r.x0, r.y0), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(r.w(), r.h()), ImGuiCond_Always);
  }
  return ImGui::Begin(name, open,
                      ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                          ImGuiWindowFlags_NoBringToFrontOnFocus);
}

}  // namespace fragviz::app
