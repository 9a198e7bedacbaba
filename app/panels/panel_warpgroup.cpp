// The warpgroup view: for one wgmma entry, A (64 x K, from registers) on the left and the
// accumulator D (64 x N) on the right, rows side by side, every cell coloured by the warpgroup
// thread that holds it (warp = hue, lane = shade) and labelled T<thread> V<element> where it fits.
// Zoom 1 fits both grids in the window; the slider or ctrl+wheel zooms (N = 256 needs it to read
// labels) and the child window scrolls. A click selects a thread: its cells stay bright, and the
// table under the grids lists its registers, the elements each holds and their (row, col).
//
//   +----+-----------+------+---------------------------+
//   |    | A  64 x K |      | D  64 x N                 |
//   |    | k labels  |      | n labels                  |
//   | m  | cells     | m    | cells                     |
//   +----+-----------+------+---------------------------+
//   | registers of the selected thread                  |
//
// Only the visible cells are drawn, clipped to the visible part.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>
#include <utility>

#include "../grid_clip.hpp"
#include "../window_placement.hpp"
#include "find_field.hpp"
#include "fragviz/viewmodel/tile_units.hpp"  // clamp_note
#include "hopper_common.hpp"
#include "imgui_internal.h"  // the register list's clip rect (its rows in view)
#include "imgui_stdlib.h"    // the thread field's text

namespace fragviz::app {

namespace {

// [SECTION] geometry

struct Margins {
  float wl = 48.f, gap = 30.f, hl = 16.f, title = 20.f;
};

/// The warp names' ("w0".."w3") share of A's left margin; A's row numbers take the rest.
constexpr float kWarpNamesWidth = 20.f;

/// Where A and D lie, in screen coordinates.
struct WgGeom {
  float cw = 0, ch = 0;
  Margins mg;
  int n = 0, k = 0;
  ImVec2 origin, size;
  ImVec2 a() const { return ImVec2(origin.x + mg.wl, origin.y + mg.title + mg.hl); }
  ImVec2 d() const { return ImVec2(a().x + static_cast<float>(k) * cw + mg.gap, a().y); }
  ImVec2 grid(Operand op) const { return op == Operand::A ? a() : d(); }
};

constexpr float kMinTitle = 150.f;  // room A's title ("A  64x16 (m x k)") needs when K is narrow

WgGeom make_geom(const WgmmaInstruction& in, ImVec2 origin, float cw, float ch) {
  WgGeom g;
  g.cw = cw;
  g.ch = ch;
  g.n = in.n;
  g.k = in.k;
  g.origin = origin;
  g.mg.gap = std::max(30.f, kMinTitle - static_cast<float>(in.k) * cw);
  g.size = ImVec2(g.mg.wl + static_cast<float>(in.k + in.n) * cw + g.mg.gap + 4.f,
                  g.mg.title + g.mg.hl + 64.f * ch + 4.f);
  return g;
}

/// Cell size that fits A and D into `avail` at zoom 1: at most 64 x 40, whole pixels down to 4.
ImVec2 fit_cells(const WgmmaInstruction& in, ImVec2 avail) {
  const Margins mg;
  auto size = [](float raw, float most) {
    return std::min(most, raw >= 4.f ? std::floor(raw) : std::max(raw, 1.f));
  };
  float cw = size((avail.x - mg.wl - mg.gap - 8.f) / static_cast<float>(in.k + in.n), 64.f);
  // A narrow A leaves a wider gap for its title (make_geom): fit again with it.
  const float gap = std::max(30.f, kMinTitle - static_cast<float>(in.k) * cw);
  cw = size((avail.x - mg.wl - gap - 8.f) / static_cast<float>(in.k + in.n), 64.f);
  const float ch = size((avail.y - mg.title - mg.hl - 8.f) / 64.f, 40.f);
  return ImVec2(cw, ch);
}

/// The least rows of the selected thread's register list in view, and the least height of the grids
/// above it (64 rows of about 3 px at zoom 1, which a click still hits): at 1600x1000 both fit beside
/// the fragments and bank views' least heights.
constexpr int kMinRegisterRows = 6;
constexpr float kMinWarpgroupGridHeight = 220.f;

/// The least height of the register list: its "thread" line, header and kMinRegisterRows rows.
float register_table_least() {
  const float row_h = ImGui::GetTextLineHeight() + 2.f * ImGui::GetStyle().CellPadding.y;
  return ImGui::GetFrameHeightWithSpacing() + (static_cast<float>(kMinRegisterRows) + 1.5f) * row_h +
         2.f * ImGui::GetStyle().ItemSpacing.y;
}

/// The grids' scrolled child in `avail` (the room under the zoom row): all of it, less the selected
/// thread's register list (`table`) under the grids, at most 40 % of the height: beside them (tried
/// for issue 22) the grids' cells got too small to show a thread's ring, and a larger share moved
/// cells under the list. In a short view the list scrolls. The list shows at least kMinRegisterRows
/// rows under its header and "thread" line (newcomer round 13: three rows at 1600x1000), and the
/// layout keeps the view tall enough for that beside the grids' least (AppState::least_view_height).
ImVec2 grid_child(ImVec2 avail, bool table) {
  const float table_h =
      table ? std::min(std::max(register_table_least(), std::min(260.f, avail.y * 0.4f)), avail.y - 60.f)
            : 0.f;
  return ImVec2(avail.x, std::max(60.f, avail.y - table_h));
}

/// The zoom-1 cell size of the grids in grid_child(avail, table), inside its scroll bars.
ImVec2 grid_fit(const WgmmaInstruction& in, ImVec2 avail, bool table) {
  const ImVec2 child = grid_child(avail, table);
  const float sb = ImGui::GetStyle().ScrollbarSize;
  return fit_cells(in, ImVec2(child.x - sb - 4.f, child.y - sb - 4.f));
}

/// Cell size at `zoom` over the fitted `fit`: cells grow in height only while they are wider than
/// 2.5 times their height (a wide N makes the fitted cells narrow and tall; "T127 V127" wants width).
ImVec2 zoomed_cells(ImVec2 fit, float zoom) {
  const float cw = zoomed_cell(fit.x, zoom);
  return ImVec2(cw, std::max(fit.y, std::min(zoomed_cell(fit.y, zoom), std::floor(cw / 2.5f))));
}

/// The zoom the view opens at: the least at which every cell holds a label, its thread's number at
/// least (cell_label_mode, the fragments view's rule; at 1x in a 1600x1000 window cells are about
/// 8 x 3 px and hold none: newcomer round 20). 1 where the fit already does.
float labelled_zoom(const WarpgroupTable& t, ImFont* sf, ImVec2 fit) {
  const int max_element = std::max(t.d.per_thread, t.a.per_thread) - 1;
  for (float z = kMinWarpgroupZoom; z < kMaxWarpgroupZoom; z *= 1.03f) {
    const ImVec2 c = zoomed_cells(fit, z);
    if (cell_label_mode(sf, c.x, c.y, kWarpgroupSize - 1, max_element) != CellLabelMode::none) return z;
  }
  return kMaxWarpgroupZoom;
}

/// Takes a thread number typed into the thread field, by input_number's rule for every number
/// field (number_field): one past 0-127 is set to the nearer end and the field says what it became
/// (clamp_note). Newcomer round 30: 999 was set to 127 over a thread but refused with none selected.
void take_typed_thread(HopperState& h, long long typed) {
  const int n = static_cast<int>(
      std::clamp<long long>(typed, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
  h.selected_thread = std::clamp(n, 0, kWarpgroupSize - 1);
  h.thread_clamp_note = {clamp_note("thread", n, 0, kWarpgroupSize - 1, ""), {h.selected_thread, 0}};
}

/// What the thread field says while no thread is selected (issue 22: it read "thread -1").
constexpr const char* kNoThreadText = "no thread selected (click a cell)";

/// The warpgroup view's thread field: the selected thread, stepped by its - and + buttons (- from 0
/// selects none); with none selected, kNoThreadText in an empty field that takes a thread typed and
/// entered, a text that is no thread 0-127 kept there with a message in red, and the buttons beside
/// it (+ selects 0, - does nothing). The text is as wide either way, the buttons in the same place:
/// they appeared only once a thread was selected, where the wider empty field had been, so the next
/// click there stepped the thread (newcomer round 26). Either way a number typed past 0-127 is set to
/// the nearer end, and text that is no number keeps the thread (or none), each said in the note under
/// the row (take_typed_thread). Returns whether it selected another thread (the view then scrolls to
/// it: a cell clicked is already in view).
bool thread_field(AppState& s, HopperState& h, HopperFrame& f) {
  const int before = h.selected_thread;
  const float text_w = ImGui::CalcTextSize(kNoThreadText).x + 2.f * ImGui::GetStyle().FramePadding.x;
  const float b = ImGui::GetFrameHeight(), spacing = ImGui::GetStyle().ItemInnerSpacing.x;
  const auto record_field = [&](Rect r) {  // [text][-][+], as InputInt draws them
    s.frame.widgets["wg_thread"] = r;
    s.frame.widgets["wg_thread_text"] = Rect{r.x, r.y, text_w, r.h};
    s.frame.widgets["wg_thread_minus"] = Rect{r.x + text_w + spacing, r.y, b, b};
    s.frame.widgets["wg_thread_plus"] = Rect{r.x + text_w + 2.f * spacing + b, r.y, b, b};
  };
  if (h.selected_thread >= 0) {
    ImGui::SetNextItemWidth(text_w + 2.f * (spacing + b));
    int thread = h.selected_thread;
    const NumberEdit edit = input_number("##wg_thread", &thread, 1, 32);
    if (edit == NumberEdit::changed) {
      // A step below 0 (- at thread 0) selects none; a number typed is held to 0-127 and said.
      if (thread == h.selected_thread - 1 && thread < 0)
        h.selected_thread = -1;
      else
        take_typed_thread(h, thread);
    } else if (edit == NumberEdit::not_a_number) {  // `thread`: the thread before that edit
      h.selected_thread = std::clamp(thread, -1, kWarpgroupSize - 1);
      h.thread_clamp_note = {not_a_number_note("thread", h.selected_thread, ""), {h.selected_thread, 0}};
    }
    record_field(last_item_rect());
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("The thread whose registers are listed (0-127); click a cell to choose another.");
    f.thread_text = std::to_string(h.selected_thread);
    h.thread_typed.clear();
  } else {
    ImGui::SetNextItemWidth(text_w);
    const bool entered =
        ImGui::InputTextWithHint("##wg_thread", kNoThreadText, &h.thread_typed,
                                 ImGuiInputTextFlags_CharsDecimal | ImGuiInputTextFlags_EnterReturnsTrue);
    const bool hovered = ImGui::IsItemHovered();
    const bool edited = ImGui::IsItemDeactivatedAfterEdit();
    const Rect text = last_item_rect();
    ImGui::SameLine(0.f, spacing);
    ImGui::BeginDisabled();
    ImGui::Button("-##wg_thread_none", ImVec2(b, b));
    ImGui::EndDisabled();
    ImGui::SameLine(0.f, spacing);
    if (ImGui::Button("+##wg_thread_none", ImVec2(b, b))) h.selected_thread = 0;
    record_field(Rect{text.x, text.y, text_w + 2.f * (spacing + b), text.h});
    if (hovered) ImGui::SetTooltip("Click a cell, or type a thread 0-127 and press Enter.");
    const bool blank = h.thread_typed.find_first_not_of(" \t") == std::string::npos;
    if ((entered || edited) && !blank) {  // as input_number's field, over a thread
      if (is_typed_number(h.thread_typed))
        take_typed_thread(h, std::strtoll(h.thread_typed.c_str(), nullptr, 10));
      else
        h.thread_clamp_note = {"the thread typed is not a number: still no thread selected", {-1, 0}};
      h.thread_typed.clear();
    }
    f.thread_text = h.thread_typed.empty() ? kNoThreadText : h.thread_typed;
  }
  h.thread_clamp_note.drop_unless({h.selected_thread, 0});  // stepped or clicked since
  return h.selected_thread >= 0 && h.selected_thread != before;
}

/// The first cell (row by row) of `thread` in `g`, as the Find field names one; none if it holds none.
std::optional<WhereRequest> first_cell(const WgmmaGrid& g, int thread) {
  for (int r = 0; r < g.rows; ++r)
    for (int c = 0; c < g.cols; ++c)
      if (g.at(r, c).lane == thread) return WhereRequest{g.operand, r, c, -1};
  return std::nullopt;
}

/// The state dump's name of a label mode: the dump says "thread" for a warpgroup's owner.
const char* to_string(CellLabelMode m) {
  return m == CellLabelMode::owner ? "thread" : cell_label_mode_name(m);
}

// [SECTION] drawing

/// Rings the cells at `cells` (top-left corners, cw x ch each): a dark halo and a white ring two
/// pixels wide just outside each, then the cell refilled in `fill` (red where `wrong` says it was
/// measured wrong), so that cells side by side (a thread's pair of accumulators) read as one ringed
/// block, bright among the dimmed others.
/// Draws the label of `ow`'s cell a..b after `mode` in colour `tc`; returns its first line as drawn,
/// "" where it does not fit.
std::string cell_label(ImDrawList* dl, ImFont* sf, ImVec2 a, ImVec2 b, ImU32 tc, CellLabelMode mode,
                       const Owner& ow) {
  char l1[16], l2[16];
  const float ch = b.y - a.y;
  switch (mode) {
    case CellLabelMode::full:
      std::snprintf(l1, sizeof l1, "T%d V%d", ow.lane, ow.element);
      return centred_text(dl, sf, a, b, tc, l1) ? l1 : "";
    case CellLabelMode::two_lines:
      std::snprintf(l1, sizeof l1, "T%d", ow.lane);
      std::snprintf(l2, sizeof l2, "V%d", ow.element);
      if (!centred_text(dl, sf, a, ImVec2(b.x, a.y + ch * 0.5f + 1.f), tc, l1)) return "";
      centred_text(dl, sf, ImVec2(a.x, a.y + ch * 0.5f - 1.f), b, tc, l2);
      return l1;
    case CellLabelMode::owner:
      std::snprintf(l1, sizeof l1, "T%d", ow.lane);
      return centred_text(dl, sf, a, b, tc, l1) ? l1 : "";
    case CellLabelMode::number:
      std::snprintf(l1, sizeof l1, "%d", ow.lane);
      return centred_text(dl, sf, a, b, tc, l1) ? l1 : "";
    case CellLabelMode::none:
      break;
  }
  return "";
}

/// A cell of the selected thread drawn this frame: where it is and what it holds.
struct PickedCell {
  ImVec2 a;
  Owner owner;
  bool wrong = false;
  int row = 0, col = 0;
};

/// Rings the selected thread's `cells` and fills them with its colour, their labels redrawn over the
/// fill (newcomer round 22: the fill hid "T37"); records each cell's label in `out`.
void selection_rings(ImDrawList* dl, ImFont* sf, const std::vector<PickedCell>& cells, float cw, float ch,
                     CellLabelMode mode, const char* grid, std::vector<SelectedCellLabel>& out) {
  for (const PickedCell& p : cells)
    dl->AddRect(ImVec2(p.a.x - 3.f, p.a.y - 3.f), ImVec2(p.a.x + cw + 3.f, p.a.y + ch + 3.f),
                IM_COL32(0, 0, 0, 255), 0.f, 0, 1.5f);
  for (const PickedCell& p : cells)
    dl->AddRect(ImVec2(p.a.x - 1.5f, p.a.y - 1.5f), ImVec2(p.a.x + cw + 1.5f, p.a.y + ch + 1.5f),
                IM_COL32(255, 255, 255, 255), 0.f, 0, 2.f);
  for (const PickedCell& p : cells) {
    const ImVec2 b(p.a.x + cw, p.a.y + ch);
    dl->AddRectFilled(p.a, b, thread_colour(p.owner.lane));
    const std::string label = cell_label(dl, sf, p.a, b, thread_text_colour(p.owner.lane), mode, p.owner);
    if (p.wrong) mismatch_mark(dl, p.a, b);
    out.push_back(SelectedCellLabel{grid, p.row, p.col, label});
  }
}

void draw_grid(ImDrawList* dl, const WgmmaGrid& t, const std::vector<std::uint8_t>& state, ImVec2 g0,
               float cw, float ch, int sel, int hover, const ImVec2& vis_min, const ImVec2& vis_max,
               CellLabelMode mode, int& drawn, int& labels, std::vector<SelectedCellLabel>& selected) {
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  const int c0 = std::clamp(static_cast<int>(std::floor((vis_min.x - g0.x) / cw)), 0, t.cols);
  const int c1 = std::clamp(static_cast<int>(std::ceil((vis_max.x - g0.x) / cw)), 0, t.cols);
  const int r0 = std::clamp(static_cast<int>(std::floor((vis_min.y - g0.y) / ch)), 0, t.rows);
  const int r1 = std::clamp(static_cast<int>(std::ceil((vis_max.y - g0.y) / ch)), 0, t.rows);
  if (c0 >= c1 || r0 >= r1) return;
  const bool tiny = cw < 5.f || ch < 5.f;
  if (!tiny)
    grid_backdrop(dl, ImVec2(g0.x + static_cast<float>(c0) * cw, g0.y + static_cast<float>(r0) * ch),
                  ImVec2(g0.x + static_cast<float>(c1) * cw, g0.y + static_cast<float>(r1) * ch));
  const char* grid = t.operand == Operand::A ? "A" : "D";
  // The selected thread's cells in a small cell size (zoom 1: about 7 x 5 px), ringed after the grid
  // so that no neighbour covers the ring: dimming the other 127 threads' shades alone left it hard to
  // find (newcomer round 9).
  const bool ringed = cw < 14.f || ch < 12.f;
  std::vector<PickedCell> picked;
  for (int r = r0; r < r1; ++r)
    for (int c = c0; c < c1; ++c) {
      const Owner ow = t.at(r, c);
      const ImVec2 a(g0.x + static_cast<float>(c) * cw, g0.y + static_cast<float>(r) * ch),
          b(a.x + cw, a.y + ch);
      const std::uint8_t st = state.empty() ? 0 : state[static_cast<std::size_t>(r * t.cols + c)];
      ++drawn;
      const bool dim = (sel >= 0 && sel != ow.lane) || (sel < 0 && hover >= 0 && hover != ow.lane && tiny);
      if (ringed && sel >= 0 && sel == ow.lane) picked.push_back(PickedCell{a, ow, st == 2, r, c});
      if (tiny) {
        dl->AddRectFilled(a, b,
                          st == 2 ? kRed
                          : dim   ? over_window_bg(thread_colour(ow.lane), kDimmedCellAlpha)
                                  : thread_colour(ow.lane));
        continue;
      }
      owner_cell(dl, a, b, thread_colour(ow.lane), dim, sel == ow.lane, hover == ow.lane);
      const ImU32 tc = dim ? faded_text_colour() : thread_text_colour(ow.lane);
      const std::string label = cell_label(dl, sf, a, b, tc, mode, ow);
      labels += label.empty() ? 0 : 1;
      if (sel >= 0 && sel == ow.lane && !ringed) selected.push_back(SelectedCellLabel{grid, r, c, label});
      measured_mark(dl, a, b, st);
    }
  // Rules: every 16 rows a new warp (strong), every 8 rows and columns for reading.
  const ImVec2 g1(g0.x + static_cast<float>(t.cols) * cw, g0.y + static_cast<float>(t.rows) * ch);
  selection_rings(dl, sf, picked, cw, ch, tiny ? CellLabelMode::none : mode, grid, selected);
  for (int i = 8; i < t.rows; i += 8) {
    const float y = g0.y + static_cast<float>(i) * ch;
    if (y < vis_min.y || y > vis_max.y) continue;
    const bool warp = i % 16 == 0;
    dl->AddLine(ImVec2(g0.x, y), ImVec2(g1.x, y),
                warp ? IM_COL32(255, 255, 255, 190) : IM_COL32(255, 255, 255, 70), warp ? 2.f : 1.f);
  }
  if (8.f * cw >= 12.f)
    for (int i = 8; i < t.cols; i += 8) {
      const float x = g0.x + static_cast<float>(i) * cw;
      if (x >= vis_min.x && x <= vis_max.x)
        dl->AddLine(ImVec2(x, g0.y), ImVec2(x, g1.y), IM_COL32(255, 255, 255, 70), 1.f);
    }
}

/// Titles and the warp names left of A (the index labels: draw_index_labels, over the cells).
void draw_frame(ImDrawList* dl, const WarpgroupTable& t, const WgGeom& g) {
  ImFont* bf = fonts().bold ? fonts().bold : ImGui::GetFont();
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  const ImU32 white = IM_COL32(240, 240, 240, 255);
  char buf[96];
  const ImVec2 a = g.a(), d = g.d();
  std::snprintf(buf, sizeof buf, "A  64x%d (m x k)", t.a.cols);
  dl->AddText(bf, bf->FontSize, ImVec2(a.x - g.mg.wl + 2.f, g.origin.y + 1.f), white, buf);
  std::snprintf(buf, sizeof buf, "D  64x%d (m x n), accumulator", t.d.cols);
  dl->AddText(bf, bf->FontSize, ImVec2(d.x, g.origin.y + 1.f), white, buf);
  dl->AddText(sf, sf->FontSize, ImVec2(a.x - g.mg.wl + 2.f, g.origin.y + g.mg.title),
              IM_COL32(160, 166, 176, 255), "warp");
  // Warp names in the colour of the warp, where a 16-row band is tall enough.
  if (16.f * g.ch >= 2.f * sf->FontSize)
    for (int w = 0; w < 4; ++w) {
      std::snprintf(buf, sizeof buf, "w%d", w);
      const float y = a.y + static_cast<float>(16 * w) * g.ch + 8.f * g.ch - sf->FontSize;
      dl->AddText(sf, sf->FontSize, ImVec2(g.origin.x + 1.f, y), thread_colour(32 * w + 28), buf);
    }
}

/// Each grid's column and row numbers, over its cells: pinned in view while the grids scroll
/// (pinned_index_labels, the fragments view's rule); A's row numbers right of the warp names, D's in
/// the gap. Records the bands and labels in `f` for the state dump.
void draw_index_labels(ImDrawList* dl, const WarpgroupTable& t, const WgGeom& g, const ImVec2& vis_min,
                       const ImVec2& vis_max, HopperFrame& f) {
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  for (const WgmmaGrid* grid : {&t.a, &t.d}) {
    const bool a = grid == &t.a;
    const char* key = a ? "A" : "D";
    const float band_w = a ? g.mg.wl - kWarpNamesWidth : std::min(g.mg.gap, 28.f);
    const ImVec2 o = a ? g.a() : g.d();
    std::vector<TextRecord>& drawn = f.index_labels[key];
    f.label_bands[key] = pinned_index_labels(dl, sf, o, grid->rows, grid->cols, g.cw, g.ch, g.mg.hl, band_w,
                                             true, vis_min, vis_max, kWarpgroupIndexLabels, &drawn);
    f.band_sizes[key] = {g.mg.hl, band_w};
  }
}

// [SECTION] tooltip and registers

void cell_tooltip(const WarpgroupTable& t, const WarpgroupMeasured& m, Operand op, int row, int col) {
  const WgmmaInstruction& in = *t.instr;
  const WgmmaGrid& g = op == Operand::A ? t.a : t.d;
  const Owner o = g.at(row, col);
  const int w = o.lane / 32, l = o.lane % 32, i = o.element;
  ImGui::BeginTooltip();
  constexpr FragmentScope wg = FragmentScope::warpgroup;
  ImGui::Text("%s[%d][%d]   thread %d (warp %d, lane %d), V%d", operand_title(op, wg).c_str(), row, col,
              o.lane, w, l, i);
  ImGui::Separator();
  const RegisterSlot rs = register_slot(g.type, i);
  ImGui::Text("element %s in register %s (%s), %s, register %s (.%s)", element_name(op, i, wg).c_str(),
              register_name(op, g.type, rs.reg, wg).c_str(), register_index_name(rs.reg).c_str(),
              register_part(rs).c_str(), bit_range(rs).c_str(), std::string(to_string(g.type)).c_str());
  if (op == Operand::C)
    ImGui::TextColored(kDimV,
                       "row = 16*%d + %d/4 + 8*((%d>>1)&1) = %d,  col = 8*(%d>>2) + 2*(%d%%4) + (%d&1) = %d",
                       w, l, i, row, i, l, i, col);
  else
    status_text(kDimV, "warp %d owns rows %d-%d; %d elements of .%s per thread in %d registers", w, 16 * w,
                16 * w + 15, g.per_thread, std::string(to_string(g.type)).c_str(), kWgmmaARegisters);
  const auto& checks = op == Operand::A ? m.a_check : m.d_check;
  const std::size_t slot = static_cast<std::size_t>(o.lane * g.per_thread + i);
  if (slot < checks.size() && checks[slot]) {
    const ElementCheck& e = *checks[slot];
    ImGui::Separator();
    if (e.match())
      status_text(kGreenV, "measured: the device put it at (%d,%d): matches", e.measured->row,
                  e.measured->col);
    else if (e.measured)
      status_text(kRedV, "measured: the device put it at (%d,%d): DIFFERS from the model", e.measured->row,
                  e.measured->col);
    else
      status_text(kRedV, "measured: the value named no cell: DIFFERS from the model");
  } else {
    status_text(kDimV, "model only (%s)", in.mnemonic.c_str());
  }
  ImGui::EndTooltip();
}

/// The selected thread's registers, in the space left under the grids (the table scrolls).
void register_table(AppState& s, HopperViews& v, int thread) {
  const WgmmaInstruction& in = *v.warpgroup().instr;
  const WarpgroupMeasured& m = v.warpgroup_measured();
  v.frame.registers = thread_registers(in, thread);
  v.frame.registers_thread = thread;
  ImGui::Text("thread %d: warp %d, lane %d", thread, thread / 32, thread % 32);
  ImGui::SameLine();
  status_text(kDimV, "  D: %d x .%s in %d registers;  A: %d x .%s in %d registers", wgmma_d_elements(in),
              std::string(to_string(in.d_type)).c_str(), wgmma_d_registers(in), wgmma_a_elements(in),
              std::string(to_string(in.a_type)).c_str(), kWgmmaARegisters);
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("##registers", 5, flags, ImVec2(0, ImGui::GetContentRegionAvail().y))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("register");
  ImGui::TableSetupColumn("bits");
  ImGui::TableSetupColumn("element");
  ImGui::TableSetupColumn("(row, col)");
  ImGui::TableSetupColumn("measured", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableHeadersRow();
  record_widget(s, "wg_registers");
  // The rows wholly in view under the frozen header, for the state dump.
  const float cell_pad = ImGui::GetStyle().CellPadding.y;
  const float row_h = ImGui::GetTextLineHeight() + 2.f * cell_pad;
  const ImRect body = ImGui::GetCurrentWindow()->InnerClipRect;
  v.frame.register_rows_visible = 0;
  for (const WgmmaRegister& r : v.frame.registers)
    for (std::size_t fi = 0; fi < r.fields.size(); ++fi) {
      const WgmmaField& f = r.fields[fi];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      const float row_top = ImGui::GetCursorScreenPos().y - cell_pad;
      if (row_top >= body.Min.y + row_h - 0.5f && row_top + row_h <= body.Max.y + 0.5f)
        ++v.frame.register_rows_visible;
      if (fi == 0) ImGui::TextUnformatted(r.name.c_str());
      wgmma_field_cells(r, f);
      ImGui::TableNextColumn();
      const auto& checks = r.operand == Operand::A ? m.a_check : m.d_check;
      const int per = r.operand == Operand::A ? v.warpgroup().a.per_thread : v.warpgroup().d.per_thread;
      const std::size_t slot = static_cast<std::size_t>(thread * per + f.element);
      const ElementCheck* e = slot < checks.size() ? checks[slot] : nullptr;
      if (!e)
        ImGui::TextColored(kDimV, "model only");
      else if (e->match())
        ImGui::TextColored(kGreenV, "matches");
      else if (e->measured)
        ImGui::TextColored(kRedV, "DIFFERS: at (%d, %d)", e->measured->row, e->measured->col);
      else
        ImGui::TextColored(kRedV, "DIFFERS: named no cell");
    }
  ImGui::EndTable();
  record_widget(s, "wg_registers_table");  // the table's outer rect: the rows a user can see
}

}  // namespace

void draw_warpgroup(AppState& s, HopperViews& v) {
  if (!begin_hopper_window(s, kWinWarpgroup, &s.hopper.warpgroup_open)) {
    ImGui::End();
    return;
  }
  v.frame.warpgroup_drawn = true;
  HopperState& h = s.hopper;
  wgmma_picker(s, v);
  v.refresh(s);  // an entry picked this frame shows in this frame
  const WarpgroupTable& t = v.warpgroup();
  const WgmmaInstruction& in = *t.instr;
  const WarpgroupMeasured& m = v.warpgroup_measured();

  // [SECTION] header: the entry and what is measured
  ImGui::PushTextWrapPos(0.f);
  ImGui::TextColored(
      kDimV,
      "%s: D 64x%d .%s (%d per thread), A 64x%d .%s from registers (%d per thread); B %dx%d .%s from "
      "shared memory (Descriptor view)",
      in.group.c_str(), in.n, std::string(to_string(in.d_type)).c_str(), wgmma_d_elements(in), in.k,
      std::string(to_string(in.a_type)).c_str(), wgmma_a_elements(in), in.k, in.n,
      std::string(to_string(in.b_type)).c_str());
  // Why the entry is not of the mma.sync form's types (.f64 has no wgmma), where it is not.
  if (!h.wgmma_note.empty()) status_text(kAmberV, "%s", h.wgmma_note.c_str());
  ImGui::PopTextWrapPos();
  const std::string text = warpgroup_measured_text(s.probe.label, t, m, &v.descriptor());
  v.frame.warpgroup_text = text;
  const Tone tone = warpgroup_measured_tone(m);
  measured_line(text, tone == Tone::good, tone == Tone::bad);
  record_widget(s, "wg_measured");

  // [SECTION] zoom and thread
  // The view opens at the zoom where every cell holds a label, worked out for the grids' room under
  // this row and the Find answer (as the fragments view's readable zoom); "fit" shows every cell.
  GridZoom& view = h.warpgroup_zoom;
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  const float bar_h =
      ImGui::GetFrameHeightWithSpacing() +
      find_answer_height(find_answer(h.warpgroup_find, in.mnemonic, fragment_operands(in)), 3);
  const ImVec2 before_bar = ImGui::GetContentRegionAvail();
  const float readable =
      labelled_zoom(t, sf, grid_fit(in, ImVec2(before_bar.x, before_bar.y - bar_h), h.selected_thread >= 0));
  zoom_for(view, in.mnemonic, readable);
  zoom_bar(s, view, "wg", kMinWarpgroupZoom, kMaxWarpgroupZoom, readable,
           "1x fits A and D in the window; the view opens at the zoom where every cell holds a label.\n"
           "Ctrl+wheel over the grids zooms about the mouse; wheel scrolls, shift+wheel scrolls sideways.");
  ImGui::SameLine();
  ImGui::TextColored(kDimV, "thread");
  ImGui::SameLine();
  // A thread typed (or stepped) in the field: its first cell of A comes into view by Find's rule
  // (newcomer round 23: thread 37's rows 16-31 stayed below the view). D's cells share its rows.
  // A thread restored from settings.json comes into view the same way at the view's first frame
  // (newcomer issue 22: the view opened on warp 0's rows, not thread 37's).
  const bool restored = std::exchange(h.reveal_thread, false) && h.selected_thread >= 0;
  if (thread_field(s, h, v.frame) || restored)
    if (const std::optional<WhereRequest> c = first_cell(t.a, h.selected_thread)) s.warpgroup_goto.reveal(*c);
  // Find: who holds D,17,2, what thread 37 holds, in one step (issue 22); on this line, so the
  // register list keeps its room. Its answer, when there is one, in at most three lines under it.
  find_field_same_line();
  const FindField found =
      draw_find_field(s, "warpgroup_find", h.warpgroup_find, in.mnemonic, fragment_operands(in), 3, true);
  v.frame.find_answer = found.answer.answer;
  v.frame.find_error = h.warpgroup_find_error = found.answer.error;
  if (found.committed && found.answer.thread >= 0) h.selected_thread = found.answer.thread;
  // Under the Find field: beside the thread field it pushed Find off the view.
  if (!h.thread_clamp_note.text.empty()) {
    status_text(kAmberV, "%s", h.thread_clamp_note.text.c_str());
    record_widget(s, "wg_thread_clamp_note");
  }
  s.warpgroup_goto.update(found);
  const std::optional<WhereRequest>& goto_cell = s.warpgroup_goto.where;

  // [SECTION] grids, with the selected thread's register list under them (grid_child)
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const bool table = h.selected_thread >= 0;
  s.least_view_height[kWinWarpgroup] =
      ImGui::GetWindowHeight() - avail.y + kMinWarpgroupGridHeight + (table ? register_table_least() : 0.f);
  const ImVec2 child = grid_child(avail, table);
  const ImVec2 fit = grid_fit(in, avail, table);
  const float zoom = std::clamp(view.zoom, kMinWarpgroupZoom, kMaxWarpgroupZoom);
  const ImVec2 cell = zoomed_cells(fit, zoom);
  const float cw = cell.x, ch = cell.y;
  const WgGeom size_only = make_geom(in, ImVec2(0, 0), cw, ch);
  // The element Find went to, wholly in view with its row and column numbers, at this zoom (the
  // register list that selecting its thread opens shortens the view a frame later).
  std::optional<ContentRect> reveal;
  if (const WhereRequest* r = s.warpgroup_goto.take_reveal()) {
    const ImVec2 g0 = size_only.grid(r->op);
    const float x = g0.x + static_cast<float>(r->col) * cw, y = g0.y + static_cast<float>(r->row) * ch;
    const float band = r->op == Operand::A ? size_only.mg.wl : size_only.mg.gap;
    reveal = ContentRect{x - band - cw, y - size_only.mg.hl - ch, x + 2.f * cw,
                         y + 2.f * ch};  // and a cell around
    // A cell in the grids' first rows brings their titles too: a view scrolled into the title line
    // showed "A 64x16 (m x k)" and D's title cut in half (newcomer issue 22, after thread 0).
    if (reveal->y0 <= size_only.mg.title) reveal->y0 = 0.f;
  }
  begin_zoom_child(s, view, "##wg_view", "wg_view", child, size_only.size, zoom, cw, ch, {},
                   reveal ? &*reveal : nullptr);
  const ImGuiIO& io = ImGui::GetIO();
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const WgGeom g = make_geom(in, o, cw, ch);
  ImGui::InvisibleButton("##wg_grids", ImVec2(std::max(g.size.x, 1.f), std::max(g.size.y, 1.f)));
  const bool hovered = ImGui::IsItemHovered();
  const bool clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
  const ImVec2 mouse = io.MousePos;
  Operand hit_op = Operand::A;
  int hit_row = -1, hit_col = -1;
  if (hovered)
    for (Operand op : {Operand::A, Operand::C}) {
      const WgmmaGrid& grid = op == Operand::A ? t.a : t.d;
      const ImVec2 go = g.grid(op);
      const int col = static_cast<int>(std::floor((mouse.x - go.x) / cw));
      const int row = static_cast<int>(std::floor((mouse.y - go.y) / ch));
      if (row >= 0 && row < grid.rows && col >= 0 && col < grid.cols) {
        hit_op = op;
        hit_row = row;
        hit_col = col;
      }
    }
  const bool have_hit = hit_row >= 0;
  const int hover_thread = have_hit ? (hit_op == Operand::A ? t.a : t.d).at(hit_row, hit_col).lane : -1;
  if (have_hit && clicked) h.selected_thread = h.selected_thread == hover_thread ? -1 : hover_thread;

  ImDrawList* wl = ImGui::GetWindowDrawList();
  const ImVec2 clip_min = wl->GetClipRectMin(), clip_max = wl->GetClipRectMax();
  const ImVec2 vis_min(std::max(clip_min.x, o.x), std::max(clip_min.y, o.y));
  const ImVec2 vis_max(std::min(clip_max.x, o.x + g.size.x), std::min(clip_max.y, o.y + g.size.y));
  int drawn = 0, labels = 0;
  const CellLabelMode mode =
      cell_label_mode(sf, cw, ch, kWarpgroupSize - 1, std::max(t.d.per_thread, t.a.per_thread) - 1);
  if (vis_max.x > vis_min.x && vis_max.y > vis_min.y) {
    ImDrawList* dl = begin_grid_clip(vis_min, vis_max);
    draw_frame(dl, t, g);
    draw_grid(dl, t.a, m.a_state, g.a(), cw, ch, h.selected_thread, hover_thread, vis_min, vis_max, mode,
              drawn, labels, v.frame.selected_labels);
    draw_grid(dl, t.d, m.d_state, g.d(), cw, ch, h.selected_thread, hover_thread, vis_min, vis_max, mode,
              drawn, labels, v.frame.selected_labels);
    if (goto_cell) {
      const ImVec2 go = g.grid(goto_cell->op);
      const ImVec2 a(go.x + static_cast<float>(goto_cell->col) * cw,
                     go.y + static_cast<float>(goto_cell->row) * ch);
      found_ring(dl, a, ImVec2(a.x + cw, a.y + ch));
    }
    draw_index_labels(dl, t, g, vis_min, vis_max, v.frame);
    end_grid_clip();
  }

  // [SECTION] what was drawn, for the state dump
  const Rect vis{vis_min.x, vis_min.y, std::max(0.f, vis_max.x - vis_min.x),
                 std::max(0.f, vis_max.y - vis_min.y)};
  v.frame.a = HopperGridRecord{true, g.a().x, g.a().y, cw, ch, t.a.rows, t.a.cols, vis};
  v.frame.d = HopperGridRecord{true, g.d().x, g.d().y, cw, ch, t.d.rows, t.d.cols, vis};
  // For File > Export's "Visible region": the cells with half or more in view (visible_cells), inside
  // the app's window too (a canvas taller than the window puts this view's bottom past its edge).
  ImVec2 shown_min = vis_min, shown_max = vis_max;
  clip_to_view_area(s, shown_min, shown_max);
  for (Operand op : {Operand::A, Operand::C}) {
    const WgmmaGrid& grid = op == Operand::A ? t.a : t.d;
    const ImVec2 go = g.grid(op);
    // Not the cells under the pinned column and row bands (the fragments view's rule): rows 29-30
    // under A's column band were counted in view and exported (newcomer round 29).
    ImVec2 cells_min = shown_min;
    const char* key = op == Operand::A ? "A" : "D";
    if (const auto band = v.frame.label_bands.find(key); band != v.frame.label_bands.end()) {
      const auto size = v.frame.band_sizes[key];
      if (!std::isnan(band->second.first))
        cells_min.y = std::max(cells_min.y, band->second.first + size.first);
      if (!std::isnan(band->second.second))
        cells_min.x = std::max(cells_min.x, band->second.second + size.second);
    }
    const VisibleGrid vg = visible_cells(go, cw, ch, grid.rows, grid.cols, cells_min, shown_max);
    s.frame.warpgroup_visible[op == Operand::A ? "A" : "C"] = vg;
  }
  v.frame.found.reset();
  if (goto_cell) {
    const ImVec2 go = g.grid(goto_cell->op);
    const float x = go.x + static_cast<float>(goto_cell->col) * cw,
                y = go.y + static_cast<float>(goto_cell->row) * ch;
    v.frame.found = FoundCellRecord{goto_cell->op == Operand::A ? "A" : "D", goto_cell->row, goto_cell->col,
                                    0, Rect{x, y, cw, ch}};
  }
  const ZoomScroll sc = end_zoom_child(view, zoom, cw, ch, kMinWarpgroupZoom, kMaxWarpgroupZoom);
  v.frame.zoom = zoom;
  v.frame.scroll_x = sc.x;
  v.frame.scroll_y = sc.y;
  v.frame.scroll_max_x = sc.max_x;
  v.frame.scroll_max_y = sc.max_y;
  v.frame.cells_drawn = drawn;
  v.frame.labels_drawn = labels;
  v.frame.readable_zoom = readable;
  v.frame.label_mode = to_string(mode);
  s.warpgroup_labels = export_labels(mode);  // the export draws the cells as they read now
  if (have_hit) {
    cell_tooltip(t, m, hit_op, hit_row, hit_col);
    v.frame.hover = HopperHover{"warpgroup", hit_op == Operand::A ? "A" : "D", hit_row, hit_col};
  }
  ImGui::EndChild();

  // [SECTION] registers of the selected thread
  // (A click on the grids may have cleared the thread this frame.)
  v.frame.register_rows_visible = 0;
  if (h.selected_thread >= 0) register_table(s, v, h.selected_thread);
  ImGui::End();
}

}  // namespace fragviz::app
