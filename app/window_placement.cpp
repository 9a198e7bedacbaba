#include "window_placement.hpp"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <string>
#include <vector>

#include "fragviz/viewmodel/assets.hpp"
#include "imgui_internal.h"  // the gate window's content size, the floating windows' positions
#include "view_tiling.hpp"

namespace fragviz::app {

namespace {

/// The window of each slot: kLayoutIds' order for the tiled views, then the stacked windows (the
/// three Hopper windows, the CTA tile, the Algebra, the Tensor memory and the comparison's
/// Differences windows, under the fragments view's column, with_stacked_slots).
constexpr const char* kWindowOfSlot[] = {kWinControls,  kWinDevice,     kWinInspector,   kWinFragments,
                                         kWinBanks,     kWinLdmatrix,   kWinGate,        kWinOutput,
                                         kWinWarpgroup, kWinDescriptor, kWinMatrixMoves, kWinCtaTile,
                                         kWinAlgebra,   kWinTmem,       kWinDifferences};
/// How many windows join the fragments view's column when open (kWindowOfSlot past kLayoutIds).
constexpr int kStackedWindows = 7;
static_assert(sizeof kWindowOfSlot / sizeof kWindowOfSlot[0] ==
              sizeof kLayoutIds / sizeof kLayoutIds[0] + kStackedWindows);

/// The slot of a window name (kWindowOfSlot's index), or -1.
int slot_of(const char* name) {
  for (int i = 0; i < static_cast<int>(sizeof kWindowOfSlot / sizeof kWindowOfSlot[0]); ++i)
    if (std::strcmp(kWindowOfSlot[i], name) == 0) return i;
  return -1;
}

/// The slot whose column the stacked windows (Hopper, CTA tile) join: the fragments view's (kLayoutIds[3]).
constexpr int kHopperColumnSlot = 3;
/// The bank view's slot (kLayoutIds[4]), under the fragments view in its column.
constexpr int kBanksSlot = 4;
/// The least heights (logical px) of the views in the Hopper windows' column, when they share it:
/// the fragments view a fitted m16n8k16 with every second row number (about 240), the bank view
/// its header and a few zoomable lines, a Hopper window its header and a first block of rows. At
/// 1024x700 with no Hopper window open each has more than that.
constexpr float kMinFragmentsViewHeight = 240.f, kMinBanksViewHeight = 150.f, kMinHopperViewHeight = 280.f;
/// The most the fragments view's "fit" may ask of the column (a taller instruction scrolls its grids).
constexpr float kMostFragmentsViewHeight = 560.f;
/// The most of its least (a share) a stacked window at the bottom of a column a little short gives up
/// so that the column fits rather than scrolls (leasts_near_fit).
constexpr float kMostGiven = 0.15f;
/// The least height (logical px) of any tiled view: its title and a few lines.
constexpr float kMinAnyViewHeight = 70.f;
/// The CTA tile window's slot (kWindowOfSlot's twelfth).
constexpr int kCtaTileSlot = 11;
static_assert(kWindowOfSlot[kCtaTileSlot] == kWinCtaTile);
/// The right column's slots (kLayoutIds[5], [6], [7]): the ldmatrix, gate and output views.
constexpr int kLdmatrixSlot = 5, kGateSlot = 6, kOutputSlot = 7;
/// How many frames a view opened from the View menu is kept in sight (reveal_view): while the layout
/// settles its rectangle still moves.
constexpr int kRevealFrames = 8;

/// The height the gate view's window needed last frame for all it holds (with its ladder table
/// open), in logical pixels; 0 before it was drawn.
float gate_needs(const AppState& s) {
  const ImGuiWindow* w = ImGui::FindWindowByName(kWinGate);
  if (!w || !w->WasActive) return 0.f;
  // With every row of its table, where the table was drawn shorter and scrolled.
  return w->ContentSize.y + 2.f * w->WindowPadding.y + w->TitleBarHeight() +
         (w->ScrollbarX ? ImGui::GetStyle().ScrollbarSize : 0.f) + s.gate_table_cut;
}

/// The gate view's least height with its ladder open, from last frame: its controls and its ladder
/// with the table at its least rows, without what may scroll out (AppState::gate_spare: a result's
/// lines, the History); 0 with the ladder closed or before the view was drawn.
float gate_least(const AppState& s) {
  return s.gate_ladder_open ? std::max(0.f, gate_needs(s) - s.gate_table_cut - s.gate_spare) : 0.f;
}

/// How many frames after a change the layout asks for (a view opened or closed, the window resized,
/// "fit", the gate's ladder, another instruction, the warpgroup's register list shown or hidden) the layout
/// follows what the views measure: the views drawn at their new size measure again, and a view's wrapped
/// lines follow its new width.
constexpr int kSettleFrames = 4;

/// s.layout_inputs for this frame: what the views measured (their least heights, the fragments
/// view's fit height, the gate view's content height) taken while the layout settles after a change
/// it asks for, else kept, so a view's content growing or shrinking later (a report's lines, a probe
/// result, a status line) never moves a window (newcomer round 18: Close report moved the CTA tile
/// window). A view measured for the first time is taken at once.
const LayoutInputs& latch_layout_inputs(AppState& s, const std::vector<bool>& open) {
  LayoutInputs& in = s.layout_inputs;
  const ImGuiIO& io = ImGui::GetIO();
  std::string key;
  for (bool o : open) key += o ? '1' : '0';
  key += " " + std::to_string(io.DisplaySize.x) + "x" + std::to_string(io.DisplaySize.y) + "@" +
         std::to_string(io.DisplayFramebufferScale.x) + "|";
  // The views open and the window's size: taken at once, even while the user types.
  const std::size_t frame_part = key.size();
  key += std::string(s.fragments_fitted ? " fit" : "") + (s.gate_ladder_open ? " ladder " : " ") +
         s.controls.instruction +
         // A thread selected in the warpgroup view opens its register list under the grids, which
         // asks for room (the user's click, like a view opening): without it the grids squeezed to
         // rows of 1 px.
         (s.hopper.warpgroup_open && s.hopper.selected_thread >= 0 ? " wg-thread" : "") +
         // Another tab chosen: the view shown in the stacked slot measures afresh.
         " tab " + s.stacked_tab;
  // While a text field is typed in, what the views show changing (a thread typed in the warpgroup view
  // shows or hides its register list at each key) is taken once the field is let go: taken at once,
  // the column shrank back into the window and its scroll went to 0, the field jumping under the
  // keys being typed (issue 22: "-1" typed over a thread moved the field 75 px).
  const bool typing = io.WantTextInput && in.key.compare(0, frame_part, key, 0, frame_part) == 0;
  if (key != in.key && !typing) {
    in.key = key;
    in.settle = kSettleFrames;
  }
  if (in.settle > 0) {
    --in.settle;
    in.least = s.least_view_height;
    in.fragments_fit_height = s.fragments_fit_height;
    in.fragments_whole_height = s.fragments_whole_height;
    in.fragments_drawn_height = s.fragments_drawn_height;
    in.banks_whole_height = s.banks_whole_height;
    in.gate_needs = gate_needs(s);
    in.gate_least = gate_least(s);
    in.cta_tile_wants = s.cta_tile_wants;
  } else {
    for (const auto& [name, least] : s.least_view_height) in.least.emplace(name, least);
  }
  return in;
}

/// One scroll bar of the canvas: a window as large as the bar whose content is `extent` long, so
/// that its own scroll bar scrolls the canvas. Returns its scroll. Both bars are submitted every
/// frame from the first one, invisible and click-through while not needed: a window created later
/// with NoBringToFrontOnFocus would go behind the views, which then hide it.
float scroll_bar(AppState& s, const char* id, const LayoutRect& r, bool horizontal, float extent,
                 float set_to = -1.f) {
  const bool shown = !r.empty();
  // Scrolled to `set_to` (>= 0) this frame, from Begin on, so the views are tiled at that scroll.
  if (shown && set_to >= 0.f)
    ImGui::SetNextWindowScroll(horizontal ? ImVec2(set_to, -1.f) : ImVec2(-1.f, set_to));
  ImGui::SetNextWindowPos(shown ? ImVec2(r.x0, r.y0) : ImVec2(0, 0));
  ImGui::SetNextWindowSize(shown ? ImVec2(r.w(), r.h()) : ImVec2(1, 1));
  ImGui::SetNextWindowContentSize(!shown ? ImVec2(0, 0) : horizontal ? ImVec2(extent, 0) : ImVec2(0, extent));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1, 1));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.f);
  // Lighter than the views' own bars: this one moves the whole window's content and must be seen.
  ImGui::PushStyleColor(ImGuiCol_ScrollbarGrab, ImVec4(0.52f, 0.57f, 0.66f, 1.f));
  ImGui::PushStyleColor(ImGuiCol_ScrollbarGrabHovered, ImVec4(0.62f, 0.67f, 0.76f, 1.f));
  ImGui::PushStyleColor(ImGuiCol_ScrollbarGrabActive, ImVec4(0.72f, 0.77f, 0.86f, 1.f));
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
  ImGui::PopStyleColor(3);
  ImGui::PopStyleVar(4);
  return scroll;
}

/// The window of column `c`'s own vertical bar (column_bars).
std::string column_bar_id(int c) { return "##layout_vscroll:" + std::to_string(c); }

/// A column's scroll asked for this frame: its number (scroll_columns') and the scroll, or column -1.
struct ColumnScroll {
  int column = -1;
  float to = 0.f;
};

/// The scroll of its column a wheel turn this frame asks for: where the pointer is over a tiled view
/// (not Ctrl: that zooms) whose own scrolling cannot take the turn (ImGui gives the wheel to the
/// hovered window, or the first parent of a child that does not scroll), whose column scrolls (it
/// runs past the window), down only where the window cuts that view's bottom off. The output view's
/// wheel zooms it, so it keeps every turn. The other columns never move.
ColumnScroll wheel_column_scroll(const Layout& tiled, const std::vector<bool>& open,
                                 const LayoutCanvas& canvas, float scroll_x,
                                 const std::vector<float>& usable) {
  const ImGuiIO& io = ImGui::GetIO();
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  if (io.MouseWheel == 0.f || io.KeyCtrl || !g.HoveredWindow ||
      ImGui::IsPopupOpen(0u, ImGuiPopupFlags_AnyPopupId))
    return {};
  const ImGuiWindow* w = g.HoveredWindow;
  while ((w->Flags & ImGuiWindowFlags_ChildWindow) && w->ScrollMax.y == 0.f && w->ParentWindow)
    w = w->ParentWindow;
  const bool at_end =
      w->ScrollMax.y == 0.f || (io.MouseWheel > 0.f ? w->Scroll.y <= 0.f : w->Scroll.y >= w->ScrollMax.y);
  const int slot = slot_of(w->RootWindow->Name);
  if (!at_end || slot < 0 || std::strcmp(w->RootWindow->Name, kWinOutput) == 0) return {};
  const float scale = ImGui::GetIO().DisplayFramebufferScale.x;
  const auto at = [&](float y) {
    return tile_views(tiled, open, canvas, scroll_x, y, scale, usable)[static_cast<std::size_t>(slot)];
  };
  const int column = scroll_columns(tiled, usable)[static_cast<std::size_t>(slot)];
  const std::vector<float> most = column_max_scroll(tiled, open, canvas, usable);
  const float own = static_cast<std::size_t>(column) < most.size() ? most[static_cast<std::size_t>(column)]
                                                                   : 0.f;  // how far its column scrolls
  if (own <= 0.5f) return {};
  const ImGuiWindow* bar_window = ImGui::FindWindowByName(column_bar_id(column).c_str());
  const float now = std::min(bar_window ? bar_window->Scroll.y : 0.f, own);
  // Down only where the window cuts this view's bottom off, and no further than brings it in: a
  // view wholly in sight never slides its column, and the views above it, away (newcomer round 27:
  // the wheel at the bank view's end took the fragments view's header out of the window). Up goes
  // back towards the column's own place, where every view above is in sight.
  const float hidden = io.MouseWheel < 0.f ? at(now).y1 - canvas.view.y1 : now;
  if (hidden <= 0.5f) return {};
  // ImGui's own wheel step for a window of this font size (UpdateMouseWheel: 5 lines).
  const float step = std::min(std::abs(io.MouseWheel) * 5.f * ImGui::GetFontSize(), hidden);
  return {column, std::clamp(io.MouseWheel < 0.f ? now + step : now - step, 0.f, own)};
}

/// Moves every floating window (one the user may drag: View > Tensor memory, CTA tile, the dialogs)
/// whose title bar left the work area under the status strip back into it (kept_in_work_area), from
/// where it was last frame: a window shrunk to 1x1 and back left them over the menu bar, and
/// imgui.ini kept them there (newcomer round 10). Marks the settings dirty so the file forgets it.
void keep_floating_windows_in_work_area(float top) {
  constexpr ImGuiWindowFlags kPlacedElsewhere = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_ChildWindow |
                                                ImGuiWindowFlags_Popup | ImGuiWindowFlags_Tooltip |
                                                ImGuiWindowFlags_ChildMenu;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  for (ImGuiWindow* w : GImGui->Windows) {
    if (!w->WasActive || (w->Flags & kPlacedElsewhere)) continue;
    const LayoutRect r{w->Pos.x, w->Pos.y, w->Pos.x + w->Size.x, w->Pos.y + w->Size.y};
    const LayoutRect kept = kept_in_work_area(r, w->TitleBarHeight(), display.x, display.y, top);
    if (kept.x0 == r.x0 && kept.y0 == r.y0) continue;
    ImGui::SetWindowPos(w, ImVec2(kept.x0, kept.y0));
    ImGui::MarkIniSettingsDirty(w);
  }
}

/// The first stacked window's slot (kWindowOfSlot past kLayoutIds).
constexpr int kFirstStackedSlot = static_cast<int>(std::size(kLayoutIds));

/// The tab strip's padding (logical px) around its tab bar.
constexpr float kTabStripPadY = 3.f;

/// The tab strip's height: one tab bar in its padding.
float tab_strip_height() { return ImGui::GetFrameHeight() + 2.f * kTabStripPadY; }

/// What a stacked window's tab says: its title before the colon ("Warpgroup", "CTA tile").
std::string tab_label(const char* name) {
  const std::string t = name;
  return t.substr(0, t.find(':'));
}

/// The tab strip over the stacked slot (LayoutFrame::tabs), when the stacked views share it: a tab
/// for each, the one shown selected. A tab clicked makes its view the one shown (AppState::stacked_tab),
/// brought into sight and focused as a view opened from the View menu is.
void draw_tab_strip(AppState& s) {
  const LayoutFrame& f = s.frame.layout;
  if (!f.tab_shown || f.tab_strip.empty()) return;
  const LayoutRect& r = f.tab_strip;
  ImGui::SetNextWindowPos(ImVec2(r.x0, r.y0));
  ImGui::SetNextWindowSize(ImVec2(r.w(), r.h()));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(ImGui::GetStyle().WindowPadding.x, kTabStripPadY));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1, 1));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.f);
  ImGui::Begin("##stacked_tabs", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoFocusOnAppearing);
  if (ImGui::BeginTabBar("##stacked_tab_bar", ImGuiTabBarFlags_FittingPolicyResizeDown)) {
    const char* chosen = nullptr;
    for (const char* name : f.tabs) {
      // Selected from the state each frame: the View menu and Go to choose the shown view too.
      const ImGuiTabItemFlags flags = name == f.tab_shown ? ImGuiTabItemFlags_SetSelected : 0;
      const std::string label = tab_label(name) + "##tab";
      ImGui::PushID(name);
      const bool selected = ImGui::BeginTabItem(label.c_str(), nullptr, flags);
      if (ImGui::IsItemClicked() && name != f.tab_shown) chosen = name;
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", name);
      const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
      s.frame.widgets[std::string("tab:") + name] = Rect{a.x, a.y, b.x - a.x, b.y - a.y};
      if (selected) ImGui::EndTabItem();
      ImGui::PopID();
    }
    ImGui::EndTabBar();
    if (chosen) {
      reveal_opened_view(s, chosen);
      // Under the pointer, the strip stays where it is: only it is kept in sight, and the slot keeps
      // its height while its column is scrolled (AppState::tab_slot_hold).
      s.reveal_tab_click = true;
      const auto shown = std::find_if(f.tabs.begin(), f.tabs.end(),
                                      [&](const char* t) { return std::strcmp(t, f.tab_shown) == 0; });
      const int slot = shown == f.tabs.end() ? -1 : slot_of(*shown);
      if (slot >= 0 && static_cast<std::size_t>(slot) < f.views.size())
        s.tab_slot_hold = f.views[static_cast<std::size_t>(slot)].h() + f.tab_strip.h();
    }
  }
  ImGui::End();
  ImGui::PopStyleVar(3);
}

/// The height (logical px) of a scrolled column's sign of the views above it: one small line.
float column_sign_height() { return ImGui::GetFrameHeight(); }

/// Each scrolled column's sign (LayoutFrame::column_signs): "^ Fragments, Bank view above" along its
/// top, over what its scroll hides anyway; a click scrolls the column back to its top (newcomer round
/// 31: the middle column scrolled to the last view opened, its fragments view's controls out of sight,
/// and its thin bar unnoticed, the controls seemed gone).
void draw_column_signs(AppState& s) {
  const LayoutFrame& f = s.frame.layout;
  for (std::size_t c = 0; c < f.column_signs.size(); ++c) {
    const LayoutRect& r = f.column_signs[c];
    if (r.empty()) continue;
    const std::string id = "##column_sign:" + std::to_string(c);
    ImGui::SetNextWindowPos(ImVec2(r.x0, r.y0));
    ImGui::SetNextWindowSize(ImVec2(r.w(), r.h()));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1, 1));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.f);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.f);
    ImGui::Begin(id.c_str(), nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav);
    // Over the views and the tab strip it lies on.
    ImGui::BringWindowToDisplayFront(ImGui::GetCurrentWindow());
    ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_TitleBgActive));
    ImGui::PushStyleVar(ImGuiStyleVar_ButtonTextAlign, ImVec2(0.f, 0.5f));
    ImGui::PushStyleVar(ImGuiStyleVar_FrameRounding, 0.f);
    const std::string label = f.column_sign_text[c] + id;
    if (ImGui::Button(label.c_str(), ImVec2(r.w(), std::max(1.f, r.h()))))
      s.column_sign_clicked.push_back(static_cast<int>(c));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Scroll this column back to its top");
    s.frame.widgets["column_sign:" + std::to_string(c)] = Rect{r.x0, r.y0, r.w(), r.h()};
    ImGui::PopStyleVar(2);
    ImGui::PopStyleColor();
    ImGui::End();
    ImGui::PopStyleVar(4);
  }
}

}  // namespace

float status_height() { return assets().layout.status_height; }

float content_top() { return ImGui::GetFrameHeight() + status_height(); }

void begin_layout(AppState& s) {
  const ImGuiIO& io = ImGui::GetIO();
  LayoutFrame& f = s.frame.layout;
  const float bar = ImGui::GetStyle().ScrollbarSize;
  f.canvas = make_canvas(io.DisplaySize.x, io.DisplaySize.y, content_top(), bar);
  keep_floating_windows_in_work_area(content_top());
  const WindowsOpen& w = s.windows;
  const HopperState& h = s.hopper;
  // In slot_of's order: kLayoutIds, then the Hopper windows, the CTA tile, the Algebra and the
  // Tensor memory windows, which take their place in the tiling (under the fragments view's column)
  // instead of floating over the views (issue 22: the CTA tile hid the gate, ldmatrix and device
  // views; the Algebra and Tensor memory windows covered most of the window; newcomer round 30: the
  // Differences window, restored at start, floated over the views).
  // `open`: the views open; the stacked ones behind tabs are taken out below (stacked_tabs).
  std::vector<bool> open = {w.controls,
                            w.device,
                            w.inspector,
                            w.fragments,
                            w.banks,
                            w.ldmatrix,
                            w.gate,
                            w.output,
                            h.warpgroup_open,
                            h.descriptor_open,
                            h.moves_open,
                            s.cta_tile.open,
                            s.algebra.open,
                            s.tmem.open,
                            s.comparison.has_value() && s.differences_open};
  const LayoutInputs& in = latch_layout_inputs(s, open);
  // The height a column fills when its views need no more (the window's, or the 1024x700 minimum's).
  const float column_px = f.canvas.base_height;
  const Layout& base = assets().layout;
  // Each shown view's least usable height (logical px), `hard`: where a column cannot hold them all,
  // that column runs taller than the window and the canvas scrolls, instead of a view getting less
  // (issue 22: View > Warpgroup left the fragments view's grids 126 px under its header). A view
  // that measures its own (AppState::least_view_height: its header and controls at this width, plus
  // the least of its grid or table) is held there; the fixed leasts below are floors, and no view is
  // a sliver (kMinAnyViewHeight).
  std::vector<float> hard(open.size(), kMinAnyViewHeight);
  // The windows open under the bank view ("a Hopper window" below: any of them, the CTA tile, Algebra
  // and Tensor memory windows too).
  int stacked_open = static_cast<int>(
      std::count(open.begin() + static_cast<std::ptrdiff_t>(std::size(kLayoutIds)), open.end(), true));
  // Fitted ("fit" pressed since the instruction was chosen) beside a Hopper window, the fragments
  // view as tall as its fit needs (every grid whole at its least row height), from
  // kMinFragmentsViewHeight up to kMostFragmentsViewHeight, zoomed since or not: a view that shrank as
  // its zoom left 1 would move the cell under the mouse that Ctrl+wheel zooms about. Never fitted, it
  // keeps its readable least, leaving a newly opened view its room (newcomer round 13: the warpgroup
  // view's register list showed 3 rows).
  const bool fitted = s.fragments_fitted;
  hard[kHopperColumnSlot] =
      fitted && stacked_open > 0
          ? std::clamp(in.fragments_fit_height, kMinFragmentsViewHeight, kMostFragmentsViewHeight)
          : kMinFragmentsViewHeight;
  hard[kBanksSlot] = kMinBanksViewHeight;
  for (std::size_t i = std::size(kLayoutIds); i < hard.size(); ++i) hard[i] = kMinHopperViewHeight;
  for (std::size_t i = 0; i < hard.size(); ++i) {
    const auto it = in.least.find(kWindowOfSlot[i]);
    if (it != in.least.end()) hard[i] = std::max(hard[i], it->second);
  }
  // With its ladder open, the gate view holds all it has where its column can give it (every rung's
  // row: newcomer round 22 saw 14 of 15 rungs beside a taller ldmatrix view), from the ldmatrix and
  // output views down to their leasts. Never more: a recorded bench's 45 rows made the column run
  // past the window, and a wheel over the table then scrolled the columns, views sliding under the
  // mouse (newcomer round 29); past the room the table scrolls in itself (panel_gate.cpp).
  // The output view keeps its least (its picture) beside it: the table scrolls in itself, and a
  // result's lines and the History scroll out of the view, down to its controls and the ladder with
  // the table at its least rows (gate_least), which it always holds: where the column cannot hold
  // that beside the ldmatrix and output views' leasts it runs taller (newcomer issue 22: with a gate
  // report the Output view under the open ladder was a line or two, its picture under the window).
  if (s.gate_ladder_open && w.gate) {
    float room = column_px;
    for (int i : {kLdmatrixSlot, kOutputSlot})
      if (open[static_cast<std::size_t>(i)]) room -= hard[static_cast<std::size_t>(i)];
    hard[kGateSlot] = std::max({hard[kGateSlot], std::min(in.gate_needs, room), in.gate_least});
  }
  f.gate_least = s.gate_ladder_open && w.gate ? in.gate_least : 0.f;
  // Two or more stacked windows open where their column cannot hold them all at their leasts: they
  // share one slot as tabs, the one the user chose last shown under a tab strip and the others not
  // drawn (newcomer round 26: at 1600x1000 the Warpgroup, Descriptor and CTA tile windows ran far
  // under the window's bottom edge, one at a time in sight). Their column then holds the one shown.
  const StackedTabs tabs = stacked_tabs(with_stacked_slots(base, kHopperColumnSlot, kStackedWindows), open,
                                        hard, column_px, kFirstStackedSlot, slot_of(s.stacked_tab.c_str()));
  f.tabs.clear();
  f.tab_shown = nullptr;
  f.tab_strip = LayoutRect{};
  const float strip = tabs.slots.empty() ? 0.f : tab_strip_height();
  for (int i : tabs.slots) {
    f.tabs.push_back(kWindowOfSlot[i]);
    if (i != tabs.shown) open[static_cast<std::size_t>(i)] = false;
  }
  if (!tabs.slots.empty()) {
    f.tab_shown = kWindowOfSlot[tabs.shown];
    // The slot is as tall as the tallest tab's least (as measured when each was last shown), as far
    // as the column has room beside the fragments and bank views, so a click on another tab re-tiles
    // nothing (newcomer rounds 27-28: the strip moved); the view shown keeps at least its own least
    // under the strip (a warpgroup thread's register list makes its view taller than the column).
    float tallest = 0.f;
    for (int i : tabs.slots) tallest = std::max(tallest, hard[static_cast<std::size_t>(i)]);
    float room = column_px - strip;
    for (int i : {kHopperColumnSlot, kBanksSlot})
      if (open[static_cast<std::size_t>(i)]) room -= hard[static_cast<std::size_t>(i)];
    float& shown = hard[static_cast<std::size_t>(tabs.shown)];
    shown = std::max(shown, std::min(tallest, room)) + strip;
    // A tab clicked in a scrolled column: the slot as tall as it was, so the column keeps its height
    // and scroll and the strip stays under the pointer (newcomer round 31: clicking stmatrix after
    // Tensor memory shortened the column, its scroll went to 0 and every view in it slid down).
    shown = std::max(shown, s.tab_slot_hold);
  } else {
    s.tab_slot_hold = 0.f;
  }
  // Not on the first frame: the views open from the settings are no change a zoom must survive.
  f.views_changed = !s.layout_open.empty() && s.layout_open != open;
  s.layout_open = open;
  // Without a Hopper window the views keep layout.json's shares above their leasts. With one, the
  // views sharing the middle column keep a usable height (newcomer round 9: two Hopper windows left
  // the fragments view a 130-pixel sliver): each open Hopper window is given less than the whole
  // column where the fragments view would otherwise fall short, but no less than keeps it
  // kMinHopperViewHeight.
  if (!tabs.slots.empty()) stacked_open = 1;  // the one shown; the others are behind its tabs
  const float design_h = base.design_height;
  float weight = design_h;
  if (stacked_open > 0 && w.fragments) {
    const LayoutSlot& fs = base.slots[static_cast<std::size_t>(kHopperColumnSlot)];
    const float c = column_px, n = static_cast<float>(stacked_open), e = kMinHopperViewHeight;
    // The weight at which the fragments view keeps its least height, and the least at which each
    // Hopper window keeps its own, in a column of this height.
    const float w_fragments = ((fs.y1 - fs.y0) * c / hard[kHopperColumnSlot] - design_h) / n;
    const float w_hopper = c > n * e ? design_h * e / (c - n * e) : design_h;
    weight = std::min(design_h, std::max(w_fragments, w_hopper));
  }
  // What views want beyond their least, given where their column has room (wants_within), never
  // making a column taller: fitted without a Hopper window, the fragments view's fit height ("fit"
  // fits where the column can hold it beside the bank view's least; past that the view says so and
  // scrolls: newcomer round 13).
  std::vector<float> want(open.size(), 0.f);
  if (stacked_open == 0 && fitted)
    want[kHopperColumnSlot] = std::max(in.fragments_fit_height, kMinFragmentsViewHeight);
  // Not fitted, the height at which its grids open whole and labelled, where the column holds that
  // beside the bank view's least (issue 22: at 1600x1000 m16n8k16 needed 71 px more than
  // layout.json's 590 for every row, and the bank view had 130 to spare); else layout.json's share.
  if (stacked_open == 0 && !fitted && w.fragments && in.fragments_whole_height > 0.f &&
      in.fragments_whole_height + (w.banks ? hard[kBanksSlot] : 0.f) <= column_px)
    want[kHopperColumnSlot] = in.fragments_whole_height;
  // Where the fragments view's grids keep their cells (a zoom held as a view beside it opened or
  // closed) and need less than layout.json's share of the column, the rest goes to the bank view as
  // far as its lines scroll: room a column gains goes to the view whose content is taller than its
  // window, not to one whose content fits (newcomer round 31: the Differences window closed, the
  // fragments view kept 150 px empty under its grids while the bank view scrolled in 230).
  // Its height for grids whole and labelled (above) is no more than that: they keep their cells.
  if (stacked_open == 0 && w.fragments && w.banks && in.fragments_drawn_height > 0.f &&
      in.banks_whole_height > 0.f) {
    const LayoutSlot& fs = base.slots[static_cast<std::size_t>(kHopperColumnSlot)];
    const LayoutSlot& bs = base.slots[static_cast<std::size_t>(kBanksSlot)];
    const float share = column_px * (fs.y1 - fs.y0) / (fs.y1 - fs.y0 + bs.y1 - bs.y0);
    const float need = std::max(hard[kHopperColumnSlot], in.fragments_drawn_height);
    float& fragments = want[kHopperColumnSlot];
    fragments = std::min(fragments, need);
    if (std::max(need, fragments) < share)
      want[kBanksSlot] = std::min(column_px - need, in.banks_whole_height);
  }
  // The CTA tile window's form and results, where the column has room above its views' leasts (issue
  // 22: at 1600x1000 the bank view kept 230 px while the window showed its form alone).
  if (s.cta_tile.open) want[kCtaTileSlot] = in.cta_tile_wants;
  const Layout stacked = with_stacked_slots(base, kHopperColumnSlot, kStackedWindows, weight);
  // A middle column a little short of its views' leasts fits instead of scrolling: its lowest view,
  // a stacked window (or the tab slot), gives up to kMostGiven of its least, down to
  // kMinHopperViewHeight (newcomer rounds 27-28: the Warpgroup window alone, 23 px short; all six
  // stacked windows under their strip, 50 px). The views above keep theirs, so a change of the
  // lowest one's least (a warpgroup thread's register list, 123 px) never moves them: past that the
  // column scrolls.
  std::vector<float> floor = hard;
  for (std::size_t i = std::size(kLayoutIds); i < floor.size(); ++i)
    floor[i] =
        std::max((1.f - kMostGiven) * hard[i],
                 std::min(hard[i], kMinHopperViewHeight + (static_cast<int>(i) == tabs.shown ? strip : 0.f)));
  hard = leasts_near_fit(stacked, open, std::move(hard), floor, column_px);
  const std::vector<float> usable = wants_within(stacked, open, hard, want, column_px);
  // Only the column that cannot hold its views' leasts runs taller (the canvas grows to it and
  // scrolls); the other columns keep the window's height, so a view opened or closed re-tiles its
  // own column alone and the others stay where they were (issue 22: "windows jump").
  const Layout tiled = with_least_heights(stacked, open, usable, column_px);
  f.least.clear();
  for (std::size_t i = 0; i < open.size(); ++i)
    if (open[i]) f.least[kWindowOfSlot[i]] = hard[i] - (static_cast<int>(i) == tabs.shown ? strip : 0.f);
  f.canvas = make_canvas(io.DisplaySize.x, io.DisplaySize.y, content_top(), bar,
                         least_column_height(tiled, open, hard));
  if (f.canvas.column_bar > 0.f) f.canvas.column_sign = column_sign_height();
  // The canvas's vertical bar scrolls the whole canvas below the least window size; above it each
  // column that runs taller carries its own (column_bars). A scroll made for one is no place of the
  // other (newcomer round 27: back from 800x600 the middle column kept the canvas's scroll, the
  // fragments view's header out of the window). Kept until a bar is there to take it (a column's
  // comes a frame or two after the resize).
  if (s.layout_bar_whole_canvas != !f.canvas.vbar.empty()) s.layout_scroll_to_top = true;
  s.layout_bar_whole_canvas = !f.canvas.vbar.empty();
  f.scroll_x = scroll_bar(s, "##layout_hscroll", f.canvas.hbar, true,
                          f.canvas.width + (f.canvas.scroll_y ? bar : 0.f));  // its bar runs under the corner
  // The bars scroll the canvas (dragged, or the wheel over them); the wheel over a view scrolls or
  // zooms that view, never the canvas with every view's title and the Controls under the menu bar
  // (newcomer round 10, issue 22), save a turn the view cannot take (wheel_column_scroll).
  // Where the window is too short for the layout, one bar along its right edge moves every column;
  // else each column that runs taller carries its own, along its right edge, and scrolls alone: the
  // other columns keep their width and their place (issue 22: one scroll for every column).
  const float scale = io.DisplayFramebufferScale.x;
  const bool whole = !f.canvas.vbar.empty();
  const std::vector<int> column = scroll_columns(tiled, usable);
  std::vector<LayoutRect> bars = column_bars(tiled, open, f.canvas, f.scroll_x, scale, usable);
  if (whole) std::fill(bars.begin(), bars.end(), LayoutRect{});
  const std::vector<float> most = column_max_scroll(tiled, open, f.canvas, usable);
  // The scroll each bar is set to this frame (-1: as the user left it).
  float whole_to = -1.f;
  std::vector<float> column_to(bars.size(), -1.f);
  const auto bar_at = [&](int c) { return whole || !bars[static_cast<std::size_t>(c)].empty(); };
  // A view just opened from the View menu (or View > Go to) is scrolled into sight (the least scroll
  // that shows it whole, or its top) and focused: opened under the window's bottom edge, a newcomer
  // never found it (issue 22). Only then: a view's content growing never scrolls the canvas. Its
  // column scrolls alone, as far as that column runs past the window.
  if (s.reveal_frames <= 0) s.reveal_tab_click = false;
  const int reveal = s.reveal_frames > 0 ? slot_of(s.reveal_view.c_str()) : -1;
  if (s.reveal_frames > 0) --s.reveal_frames;
  bool revealed = false;
  if (reveal >= 0 && bar_at(column[static_cast<std::size_t>(reveal)])) {
    const int c = column[static_cast<std::size_t>(reveal)];
    const auto at = [&](float y) {
      return tile_views(tiled, open, f.canvas, f.scroll_x, y, scale,
                        usable)[static_cast<std::size_t>(reveal)];
    };
    LayoutRect top = at(0.f);
    const float own = whole ? top.y0 - at(f.canvas.max_scroll_y()).y0
                            : most[static_cast<std::size_t>(c)];  // how far its column scrolls
    // A tab clicked: only its strip, which is in sight under the pointer (nothing scrolls).
    if (s.reveal_tab_click && reveal == tabs.shown) top.y1 = std::min(top.y1, top.y0 + strip);
    const ImGuiWindow* bar_window =
        ImGui::FindWindowByName(whole ? "##layout_vscroll" : column_bar_id(c).c_str());
    const float now = std::min(bar_window ? bar_window->Scroll.y : 0.f, own);
    if (!top.empty() && own > 0.5f) {
      const LayoutRect& v = f.canvas.view;
      float to = scroll_to_show(top.y0, top.y1, v.y0, v.y1, now, own);
      // Scrolled, the column's sign takes its top (LayoutCanvas::column_sign): the view shows under it.
      const float sign = whole ? 0.f : f.canvas.column_sign;
      if (to > 0.f && sign > 0.f)
        to = sign + scroll_to_show(top.y0, top.y1, v.y0 + sign, v.y1, std::max(0.f, now - sign), own - sign);
      (whole ? whole_to : column_to[static_cast<std::size_t>(c)]) = to;
      revealed = true;
    }
  }
  // A wheel turn over a view that cannot take it (the view does not scroll, or is at its end that
  // way) scrolls that view's column where the column runs past the window: the open ladder makes
  // the gate view taller than the window, and its lower rows were reached only by the column's thin
  // bar (newcomer round 25). A column the window holds never moves, nor does any other column.
  // Not where the whole canvas scrolls (a window under the least layout size): that would slide
  // every view's title under the menu bar (issue 22, test_small_window).
  if (!revealed && !whole) {
    const ColumnScroll wheel = wheel_column_scroll(tiled, open, f.canvas, f.scroll_x, usable);
    if (wheel.column >= 0 && bar_at(wheel.column))
      column_to[static_cast<std::size_t>(wheel.column)] = wheel.to;
  }
  // A column's sign of the views above clicked: the column back to its top.
  for (int c : s.column_sign_clicked)
    if (!whole && c >= 0 && static_cast<std::size_t>(c) < column_to.size())
      column_to[static_cast<std::size_t>(c)] = 0.f;
  s.column_sign_clicked.clear();
  if (s.layout_scroll_to_top &&
      (whole || std::any_of(bars.begin(), bars.end(), [](const LayoutRect& r) { return !r.empty(); }))) {
    if (whole_to < 0.f) whole_to = 0.f;
    for (float& to : column_to)
      if (to < 0.f) to = 0.f;
    s.layout_scroll_to_top = false;
  }
  // Every bar is submitted every frame (scroll_bar), shown or not.
  f.scroll_y = scroll_bar(s, "##layout_vscroll", f.canvas.vbar, false, f.canvas.height, whole_to);
  f.column_scroll.assign(bars.size(), 0.f);
  for (std::size_t c = 0; c < bars.size(); ++c)
    f.column_scroll[c] = scroll_bar(s, column_bar_id(static_cast<int>(c)).c_str(), bars[c], false,
                                    f.canvas.view.h() + most[c], column_to[c]);
  f.column_bars = bars;
  if (!whole) {
    // The state dump's "##layout_vscroll" and scroll: the bar of the column that runs furthest past
    // the window (column_bar_rect's), as when it was the canvas's one bar.
    if (const int c = furthest_column(bars, most); c >= 0) {
      const LayoutRect& b = bars[static_cast<std::size_t>(c)];
      f.scroll_y = f.column_scroll[static_cast<std::size_t>(c)];
      s.frame.widgets["##layout_vscroll"] = Rect{b.x0, b.y0, b.w(), b.h()};
    }
  }
  f.views =
      tile_columns(tiled, open, f.canvas, f.scroll_x,
                   whole ? std::vector<float>(bars.size(), f.scroll_y) : f.column_scroll, scale, usable);
  // The tab strip takes the top of the shown view's slot.
  if (f.tab_shown) {
    LayoutRect& v = f.views[static_cast<std::size_t>(tabs.shown)];
    const float scale = io.DisplayFramebufferScale.x > 0 ? io.DisplayFramebufferScale.x : 1.f;
    const float y = std::round((v.y0 + strip) * scale) / scale;
    f.tab_strip = LayoutRect{v.x0, v.y0, v.x1, y};
    v.y0 = y;
  }
  // Each scrolled column's sign of the views above it.
  f.column_signs.assign(bars.size(), LayoutRect{});
  f.column_sign_text.assign(bars.size(), std::string());
  if (!whole)
    f.column_signs = column_signs(tiled, open, f.canvas, f.scroll_x, f.column_scroll, scale, usable);
  for (std::size_t c = 0; c < f.column_signs.size(); ++c) {
    if (f.column_signs[c].empty()) continue;
    std::string names;
    for (std::size_t i = 0; i < f.views.size() && i < column.size(); ++i) {
      const LayoutRect& r = f.views[i];
      // Partly or wholly above the sign's bottom: out of sight above (the tab strip counts as its view).
      const float y0 = static_cast<int>(i) == tabs.shown ? f.tab_strip.y0 : r.y0;
      if (static_cast<std::size_t>(column[i]) != c || r.empty() || y0 >= f.column_signs[c].y1 - 0.5f)
        continue;
      names += (names.empty() ? "" : ", ") + tab_label(kWindowOfSlot[i]);
    }
    f.column_sign_text[c] = "^ " + names + " above";
  }
  // The slot held for a tab clicked (AppState::tab_slot_hold) goes once its column is back at its top.
  if (s.tab_slot_hold > 0.f && f.tab_shown) {
    const auto c = static_cast<std::size_t>(column[static_cast<std::size_t>(tabs.shown)]);
    if (whole || c >= f.column_scroll.size() || f.column_scroll[c] <= 0.5f) s.tab_slot_hold = 0.f;
  }
  draw_tab_strip(s);
  draw_column_signs(s);
}

std::vector<const char*> views_out_of_sight(const AppState& s) {
  std::vector<const char*> out;
  const LayoutFrame& f = s.frame.layout;
  for (std::size_t i = 0; i < f.views.size() && i < std::size(kWindowOfSlot); ++i) {
    const LayoutRect& r = f.views[i];
    if (r.empty()) continue;
    const float w = std::min(r.x1, f.canvas.view.x1) - std::max(r.x0, f.canvas.view.x0);
    const float h = std::min(r.y1, f.canvas.view.y1) - std::max(r.y0, f.canvas.view.y0);
    if (std::max(0.f, w) * std::max(0.f, h) < 0.5f * r.w() * r.h()) out.push_back(kWindowOfSlot[i]);
  }
  // The views behind the stacked slot's tabs, which Go to shows there.
  for (const char* name : f.tabs)
    if (name != f.tab_shown) out.push_back(name);
  return out;
}

void reveal_opened_view(AppState& s, const char* name) {
  // A stacked window chosen is the one its slot shows where the stacked windows are tabs.
  if (slot_of(name) >= kFirstStackedSlot) s.stacked_tab = name;
  s.reveal_view = name;
  s.reveal_frames = kRevealFrames;
  s.reveal_tab_click = false;  // the View menu, Go to: the whole view (a tab click sets it after)
  s.reveal_focus = true;
}

bool behind_tab(const AppState& s, const char* name) {
  const LayoutFrame& f = s.frame.layout;
  return f.tab_shown && std::strcmp(name, f.tab_shown) != 0 &&
         std::any_of(f.tabs.begin(), f.tabs.end(), [&](const char* t) { return std::strcmp(t, name) == 0; });
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
  // The view just opened from the View menu takes the keyboard focus (once: the user may click away).
  if (s.reveal_focus && s.reveal_view == name) {
    ImGui::SetNextWindowFocus();
    s.reveal_focus = false;
  }
  return ImGui::Begin(name, open,
                      ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                          ImGuiWindowFlags_NoBringToFrontOnFocus);
}

void clip_to_view_area(const AppState& s, ImVec2& min, ImVec2& max) {
  const LayoutRect& v = s.frame.layout.canvas.view;
  if (v.empty()) return;  // no layout worked out yet (a frame before begin_layout)
  min = ImVec2(std::max(min.x, v.x0), std::max(min.y, v.y0));
  max = ImVec2(std::min(max.x, v.x1), std::min(max.y, v.y1));
}

}  // namespace fragviz::app
