// The matrix-move view, in the ldmatrix view's style: stmatrix (.x1/.x2/.x4, .trans) as the tile
// it writes, each cell coloured by the lane whose register half lands there (T<lane> r<reg>.lo/hi)
// and each matrix row marked with the lane that supplies its address; movmatrix as the 8x8 matrix
// before (source registers) and after (destination registers, coloured by the source lane); the
// epilogue presets as the output tile an mma.sync accumulator is stored to, with every cell whose
// stored position is not the accumulator element's own flagged. Measured cells from a report get a
// green corner or a red X.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "../grid_clip.hpp"
#include "../palette.hpp"
#include "hopper_common.hpp"

namespace fragviz::app {

namespace {

const char* half_name(int half) { return half ? "hi" : "lo"; }

/// A square-celled grid of `rows` x `cols` at the cursor, with row/column indices; returns its
/// cell size and top-left, and the hovered cell (-1 when none).
struct GridPlace {
  ImVec2 o, g0;
  float cell = 0;
  int hover_row = -1, hover_col = -1;
  bool clicked = false;
};
GridPlace place_grid(const char* id, int rows, int cols, float width, float height) {
  GridPlace p;
  const float wl = 46.f, hl = 16.f;
  // Square cells that fill the room, at most 72 pixels (an .x1 tile would otherwise be huge).
  p.cell = std::clamp(
      std::floor(std::min((width - wl) / static_cast<float>(cols), (height - hl) / static_cast<float>(rows))),
      10.f, 72.f);
  p.o = ImGui::GetCursorScreenPos();
  p.g0 = ImVec2(p.o.x + wl, p.o.y + hl);
  ImGui::InvisibleButton(id, ImVec2(wl + p.cell * cols, hl + p.cell * rows));
  if (ImGui::IsItemHovered()) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    const int c = static_cast<int>(std::floor((m.x - p.g0.x) / p.cell));
    const int r = static_cast<int>(std::floor((m.y - p.g0.y) / p.cell));
    if (r >= 0 && r < rows && c >= 0 && c < cols) {
      p.hover_row = r;
      p.hover_col = c;
      p.clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
    }
  }
  return p;
}

/// The grid's row and column numbers as the fragments view spaces them (index_labels: each where it
/// fits its cell, else every second, fourth...): a centred label that did not fit was left out, so
/// columns 10-15 went unnumbered in a small view (newcomer issue 22). Rows in the band left of the
/// address-lane names. `drawn` gets each label drawn.
void indices(ImDrawList* dl, const GridPlace& p, int rows, int cols, std::vector<TextRecord>& drawn) {
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  const ImVec2 vis_min = dl->GetClipRectMin(), vis_max = dl->GetClipRectMax();
  index_labels(dl, sf, p.g0, cols, p.cell, true, p.o.y, p.g0.y, vis_min, vis_max, kWarpgroupIndexLabels,
               false, &drawn);
  index_labels(dl, sf, p.g0, rows, p.cell, false, p.o.x, p.o.x + 16.f, vis_min, vis_max,
               kWarpgroupIndexLabels, false, &drawn);
}

/// Two labels in a cell (one line each where the cell is tall enough, else only the first).
void cell_labels(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 tc, const char* top, const char* bottom) {
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  const float h = b.y - a.y;
  if (h >= 2.f * sf->FontSize + 2.f) {
    centred_text(dl, sf, a, ImVec2(b.x, a.y + h * 0.5f + 1.f), tc, top);
    centred_text(dl, sf, ImVec2(a.x, a.y + h * 0.5f - 1.f), b, tc, bottom);
  } else {
    centred_text(dl, sf, a, b, tc, top);
  }
}

HopperGridRecord record(const GridPlace& p, int rows, int cols) {
  return HopperGridRecord{true,   p.g0.x, p.g0.y, p.cell,
                          p.cell, rows,   cols,   Rect{p.g0.x, p.g0.y, p.cell * cols, p.cell * rows}};
}

void measured_tooltip_line(const MoveCheck* m, const char* what) {
  if (!m) return;
  if (m->match())
    status_text(kGreenV, "measured: %s (%d,%d): matches", what, m->measured->row, m->measured->col);
  else if (m->measured)
    status_text(kRedV, "measured: %s (%d,%d): DIFFERS (model (%d,%d))", what, m->measured->row,
                m->measured->col, m->expected.row, m->expected.col);
  else
    status_text(kRedV, "measured: not found (model (%d,%d)): DIFFERS", m->expected.row, m->expected.col);
}

// [SECTION] stmatrix

/// The stmatrix grid's zoom range: 1 fits the tile in the view; more enlarges the cells and scrolls.
constexpr float kMinStmatrixZoom = 1.f, kMaxStmatrixZoom = 16.f;
/// Room right of the row labels for the row-start bars (up to 6 px for the selected lane's).
constexpr float kRowBarRoom = 7.f;

/// The stmatrix tile in a zoomed child, as the ldmatrix and fragments views draw theirs (newcomer
/// issue 22: 10-px cells with no zoom and no labels, a lane of its own): square cells that open at
/// the zoom where each holds its two lines ("T5" over "r2.hi", the words its export writes:
/// stmatrix_lane_word, stmatrix_register_word), "fit" showing them all; left of the tile each row's
/// number and, where a row starts the tile's, the lane whose address starts it, both bands staying
/// in view while the tile scrolls; a click selects the app's lane (the lane strip and the inspector
/// follow), whose cells stay bright and outlined and whose row start is marked.
void draw_stmatrix_grid(AppState& s, HopperViews& v, const StmatrixTable& t) {
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  const float fs = sf->FontSize;
  const auto text_w = [&](const char* x) { return sf->CalcTextSizeA(fs, 1e9f, 0.f, x).x; };
  const float num_w = text_w(std::to_string(t.rows - 1).c_str()) + 4.f, lane_w = text_w("T31") + 4.f;
  const float wl = num_w + lane_w + kRowBarRoom, hl = fs + 4.f;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float bar_h = ImGui::GetFrameHeightWithSpacing(), foot = 2.f * ImGui::GetTextLineHeightWithSpacing();
  const float sb = ImGui::GetStyle().ScrollbarSize;
  // A window's first frame, before it has its size, has no room for a row: nothing is drawn nor
  // kept (its scroll, kept in 1-pixel cells, opened the tile scrolled two rows down).
  if (avail.x < wl + 8.f || avail.y < bar_h + foot + hl + 8.f) return;
  // Square cells that fit the room at zoom 1, at most 72 pixels (an .x1 tile would otherwise be huge).
  const float room_w = std::max(8.f, avail.x - sb - wl - 4.f);
  const float room_h = std::max(8.f, avail.y - bar_h - foot - sb - hl - 4.f);
  const float fit =
      std::min({room_w / static_cast<float>(t.cols), room_h / static_cast<float>(t.rows), 72.f});
  // Two lines: as wide as the widest lane or register word and a margin, two font heights and one.
  const float two_lines = std::max(std::max(text_w("T31"), text_w("r3.hi")) + 8.f, 2.f * fs + 5.f);
  const float readable = std::clamp(two_lines / fit, kMinStmatrixZoom, kMaxStmatrixZoom);
  GridZoom& z = s.hopper.stmatrix_zoom;
  // While the user has not moved off it, the zoom follows the readable one as the view is resized
  // (the window's first frames, a view opened beside it): the cells keep their two lines' size.
  zoom_for(z, t.mnemonic, readable);
  zoom_bar(s, z, "st", kMinStmatrixZoom, kMaxStmatrixZoom, readable,
           "1x fits the tile in the view; the view opens at the zoom where every cell holds its lane\n"
           "and register. Ctrl+wheel over the grid zooms about the mouse; wheel scrolls, shift+wheel "
           "sideways.");
  const float zoom = std::clamp(z.zoom, kMinStmatrixZoom, kMaxStmatrixZoom);
  const float cell = zoomed_cell(fit, zoom);
  v.frame.stmatrix_zoom = zoom;
  v.frame.stmatrix_readable_zoom = readable;
  const ImVec2 content(wl + cell * static_cast<float>(t.cols) + 4.f,
                       hl + cell * static_cast<float>(t.rows) + 4.f);
  begin_zoom_child(s, z, "##st_view", "st_view", ImVec2(0, std::max(1.f, avail.y - bar_h - foot)), content,
                   zoom, cell, cell, {ContentRect{wl, hl, content.x, content.y}});
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const ImVec2 g0(o.x + wl, o.y + hl);
  const ImVec2 g1(g0.x + cell * static_cast<float>(t.cols), g0.y + cell * static_cast<float>(t.rows));
  ImGui::InvisibleButton("##st_grid", content);
  record_widget(s, "st_grid");
  const bool hovered = ImGui::IsItemHovered(), clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  int hr = -1, hc = -1;
  if (hovered) {
    const int c = static_cast<int>(std::floor((mouse.x - g0.x) / cell));
    const int r = static_cast<int>(std::floor((mouse.y - g0.y) / cell));
    if (r >= 0 && r < t.rows && c >= 0 && c < t.cols) {
      hr = r;
      hc = c;
    }
  }
  ImDrawList* wdl = ImGui::GetWindowDrawList();
  const ImVec2 vis_min(std::max(wdl->GetClipRectMin().x, o.x), std::max(wdl->GetClipRectMin().y, o.y));
  const ImVec2 vis_max(std::min(wdl->GetClipRectMax().x, o.x + content.x),
                       std::min(wdl->GetClipRectMax().y, o.y + content.y));
  const int sel = s.selected_lane;
  const int hov = hr >= 0 ? t.at(hr, hc).lane : s.hovered_lane;
  // One label level for every cell: both words where two lines fit, else the lane alone, else none.
  std::string level = "none";
  if (cell >= 2.f * fs + 2.f && std::max(text_w("T31"), text_w("r3.hi")) + 2.f <= cell)
    level = "two_lines";
  else if (text_w("T31") + 2.f <= cell && fs <= cell + 1.f)
    level = "lane";
  v.frame.stmatrix_labels = level;
  s.stmatrix_labels = level == "two_lines" ? scene::CellLabels::full
                      : level == "lane"    ? scene::CellLabels::lane
                                           : scene::CellLabels::none;  // the export says what the cells say
  v.frame.stmatrix_cell_labels.clear();
  v.frame.stmatrix_row_lanes.clear();
  ImDrawList* dl = begin_grid_clip(vis_min, vis_max);
  grid_backdrop(dl, g0, g1);
  for (int r = 0; r < t.rows; ++r)
    for (int col = 0; col < t.cols; ++col) {
      const StmatrixTable::Cell& x = t.at(r, col);
      const ImVec2 a(g0.x + static_cast<float>(col) * cell, g0.y + static_cast<float>(r) * cell);
      const ImVec2 b(a.x + cell, a.y + cell);
      if (b.x < vis_min.x || a.x > vis_max.x || b.y < vis_min.y || a.y > vis_max.y) continue;
      lane_cell(dl, a, b, x.lane, sel, x.lane == hov);
      const ImU32 tc = (sel >= 0 && sel != x.lane) ? faded_text_colour() : lane_text_colour(x.lane);
      const std::string lane = stmatrix_lane_word(x), reg = stmatrix_register_word(x);
      if (level == "two_lines") {
        cell_labels(dl, a, b, tc, lane.c_str(), reg.c_str());
        v.frame.stmatrix_cell_labels.push_back({r, col, lane + " " + reg});
      } else if (level == "lane") {
        centred_text(dl, sf, a, b, tc, lane.c_str());
        v.frame.stmatrix_cell_labels.push_back({r, col, lane});
      }
      measured_mark(dl, a, b, x.measured);
    }
  // Matrix boundaries.
  const ImU32 rule = IM_COL32(255, 255, 255, 150);
  if (t.rows == 16) dl->AddLine(ImVec2(g0.x, g0.y + 8 * cell), ImVec2(g1.x, g0.y + 8 * cell), rule, 2.f);
  if (t.cols == 16) dl->AddLine(ImVec2(g0.x + 8 * cell, g0.y), ImVec2(g0.x + 8 * cell, g1.y), rule, 2.f);
  // Row starts: a bar in the supplying lane's colour left of each matrix row (thicker, and the
  // row outlined, for the selected lane).
  for (int lane = 0; lane < address_lanes(t.config.num); ++lane) {
    const Coord at = stmatrix_row_start(lane);
    const ImVec2 a(g0.x + static_cast<float>(at.col) * cell, g0.y + static_cast<float>(at.row) * cell);
    const float w = lane == sel ? 6.f : 3.f;
    dl->AddRectFilled(ImVec2(a.x - w, a.y + 1), ImVec2(a.x, a.y + cell - 1), lane_colour(lane));
    if (lane == sel)
      dl->AddRect(a, ImVec2(a.x + 8 * cell, a.y + cell), IM_COL32(255, 255, 255, 255), 0, 0, 2.f);
  }
  // The bands stay in view while the tile scrolls under them (sticky_band, as the Tensor memory
  // view's): the column numbers on top, then the left band (row numbers, row-start lanes) over its
  // corner, its labels below the column band.
  const float bx = sticky_band(o.x, vis_min.x, g1.x - wl), by = sticky_band(o.y, vis_min.y, g1.y - hl);
  std::vector<TextRecord>& drawn = v.frame.moves_index_labels["tile"];
  if (by > o.y) sticky_backdrop(dl, ImVec2(std::max(g0.x, vis_min.x), by), ImVec2(vis_max.x, by + hl));
  index_labels(dl, sf, g0, t.cols, cell, true, by, by + hl - 1.f,
               ImVec2(std::max(vis_min.x, bx + wl), vis_min.y), vis_max, kWarpgroupIndexLabels, false,
               &drawn);
  const float label_top = std::max(vis_min.y, by + hl);
  if (bx > o.x) sticky_backdrop(dl, ImVec2(bx, std::max(g0.y, label_top)), ImVec2(bx + wl, vis_max.y));
  index_labels(dl, sf, g0, t.rows, cell, false, bx, bx + num_w, ImVec2(vis_min.x, label_top), vis_max,
               kWarpgroupIndexLabels, false, &drawn);
  for (int lane = 0; lane < address_lanes(t.config.num); ++lane) {
    const Coord at = stmatrix_row_start(lane);
    if (at.col != 0) continue;  // the right-hand matrices' rows start inside the tile: their bar says it
    const float y = g0.y + static_cast<float>(at.row) * cell;
    if (y < label_top - 0.5f || y + cell > vis_max.y + 0.5f) continue;
    const std::string name = "T" + std::to_string(lane);
    if (centred_text(dl, sf, ImVec2(bx + num_w, y), ImVec2(bx + num_w + lane_w, y + cell), lane_colour(lane),
                     name.c_str()))
      v.frame.stmatrix_row_lanes[at.row] = name;
  }
  end_grid_clip();
  HopperGridRecord& rec = v.frame.moves;
  rec = HopperGridRecord{true, g0.x, g0.y, cell, cell, t.rows, t.cols, Rect{}};
  const ImVec2 c0(std::max(g0.x, vis_min.x), std::max(g0.y, vis_min.y));
  const ImVec2 c1(std::min(g1.x, vis_max.x), std::min(g1.y, vis_max.y));
  if (c1.x > c0.x && c1.y > c0.y) rec.visible = Rect{c0.x, c0.y, c1.x - c0.x, c1.y - c0.y};
  end_zoom_child(z, zoom, cell, cell, kMinStmatrixZoom, kMaxStmatrixZoom);
  if (hr >= 0) {
    const StmatrixTable::Cell& x = t.at(hr, hc);
    if (clicked) toggle_lane(s, x.lane);
    s.frame.hovered_lane = x.lane;
    v.frame.hover = HopperHover{"moves", "stmatrix", hr, hc};
    const int matrix = hr / 8 + 2 * (hc / 8);
    ImGui::BeginTooltip();
    ImGui::Text("tile (%d, %d): matrix %d, its (%d, %d)", hr, hc, matrix, hr % 8, hc % 8);
    ImGui::Text("stored from lane %d, reg %d, %s half", x.lane, x.reg, x.half ? "high" : "low");
    ImGui::Text("row %d of matrix %d: address from lane %d", hr % 8, matrix, x.address_lane);
    measured_tooltip_line(x.check, "lane's half found at");
    ImGui::EndTooltip();
  }
  ImGui::EndChild();
}

void draw_stmatrix(AppState& s, HopperViews& v) {
  MoveControls& c = s.hopper.moves;
  ImGui::TextColored(kDimV, ".num");
  ImGui::SameLine();
  for (LdmNum n : {LdmNum::x1, LdmNum::x2, LdmNum::x4}) {
    const std::string label = "." + std::string(to_string(n));
    if (ImGui::RadioButton(label.c_str(), c.stmatrix.num == n)) c.stmatrix.num = n;
    record_widget(s, ("st_num_" + std::string(to_string(n))).c_str());
    ImGui::SameLine();
  }
  ImGui::Checkbox(".trans", &c.stmatrix.trans);
  record_widget(s, "st_trans");
  v.refresh(s);
  const StmatrixTable& t = v.stmatrix();
  ImGui::SameLine(0, 20.f);
  ImGui::TextUnformatted(t.mnemonic.c_str());
  const std::string text = move_measured_text(s.probe.label, t.probe, t.checked, t.matching,
                                              s.probe.report != nullptr, v.hopper_in_report(), t.mnemonic);
  v.frame.moves_text = text;
  measured_line(text, t.probe && t.probe->ran, t.matching != t.checked);
  record_widget(s, "moves_measured");

  draw_stmatrix_grid(s, v, t);
  ImGui::PushTextWrapPos(0.f);
  status_text(kDimV, "%s",
              t.config.trans
                  ? ".trans: register j of lane l holds column l/4 of matrix j (stored column-major); "
                    "lanes 8j..8j+7 give matrix j's row addresses."
                  : "register j of lane l holds row l/4, cols 2(l%4), +1 of matrix j; lanes 8j..8j+7 "
                    "give matrix j's row addresses (16 contiguous bytes each).");
  ImGui::PopTextWrapPos();
}

// [SECTION] movmatrix

void draw_movmatrix(AppState& s, HopperViews& v) {
  const MovmatrixTable& t = v.movmatrix();
  ImGui::TextUnformatted(kMovmatrixMnemonic);
  const std::string text =
      move_measured_text(s.probe.label, t.probe, t.checked, t.matching, s.probe.report != nullptr,
                         v.hopper_in_report(), kMovmatrixMnemonic);
  v.frame.moves_text = text;
  measured_line(text, t.probe && t.probe->ran, t.matching != t.checked);
  record_widget(s, "moves_measured");
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float w = (avail.x - 20.f) * 0.5f, h = std::min(w, avail.y * 0.5f);
  const int sel = s.hopper.moves_lane;
  // One 8x8 grid: before = M as the source registers hold it; after = the destination registers,
  // each cell (r, c) held by lane 4r + c/2 in half c%2, holding M(c, r).
  int hover_lane = -1, hover_half = 0;
  bool clicked = false;
  for (int side = 0; side < 2; ++side) {
    if (side) ImGui::SameLine(0, 20.f);
    ImGui::BeginGroup();
    ImGui::TextColored(kDimV,
                       side ? "after: destination registers hold M^T" : "before: source registers hold M");
    const GridPlace p = place_grid(side ? "##mov_after" : "##mov_before", 8, 8, w, h);
    record_widget(s, side ? "mov_after" : "mov_before");
    ImDrawList* dl = ImGui::GetWindowDrawList();
    grid_backdrop(dl, p.g0, ImVec2(p.g0.x + 8 * p.cell, p.g0.y + 8 * p.cell));
    indices(dl, p, 8, 8, v.frame.moves_index_labels[side ? "after" : "before"]);
    char l1[16], l2[24];
    for (int r = 0; r < 8; ++r)
      for (int c = 0; c < 8; ++c) {
        const int lane = 4 * r + c / 2, half = c % 2;
        const MovmatrixTable::Half& x =
            t.lanes[static_cast<std::size_t>(lane)][static_cast<std::size_t>(half)];
        const int colour_lane = side ? x.source.lane : lane;  // after: where the value came from
        const ImVec2 a(p.g0.x + c * p.cell, p.g0.y + r * p.cell), b(a.x + p.cell, a.y + p.cell);
        lane_cell(dl, a, b, colour_lane, sel, false);
        const ImU32 tc =
            (sel >= 0 && sel != colour_lane) ? faded_text_colour() : lane_text_colour(colour_lane);
        std::snprintf(l1, sizeof l1, "T%d.%s", lane, half_name(half));
        if (side)
          std::snprintf(l2, sizeof l2, "<T%d.%s", x.source.lane, half_name(x.source.half));
        else
          std::snprintf(l2, sizeof l2, "M%d,%d", r, c);
        cell_labels(dl, a, b, tc, l1, l2);
        if (side) measured_mark(dl, a, b, x.measured);
      }
    (side ? v.frame.after : v.frame.before) = record(p, 8, 8);
    if (p.hover_row >= 0) {
      hover_lane = 4 * p.hover_row + p.hover_col / 2;
      hover_half = p.hover_col % 2;
      clicked = clicked || p.clicked;
      v.frame.hover = HopperHover{"moves", side ? "after" : "before", p.hover_row, p.hover_col};
      const MovmatrixTable::Half& x =
          t.lanes[static_cast<std::size_t>(hover_lane)][static_cast<std::size_t>(hover_half)];
      ImGui::BeginTooltip();
      if (side) {
        ImGui::Text("after: lane %d, %s half holds M(%d, %d) = M^T(%d, %d)", hover_lane,
                    half_name(hover_half), x.after.row, x.after.col, p.hover_row, p.hover_col);
        ImGui::Text("from source lane %d, %s half", x.source.lane, half_name(x.source.half));
        measured_tooltip_line(x.check, "it held M at");
      } else {
        ImGui::Text("before: lane %d, %s half holds M(%d, %d)", hover_lane, half_name(hover_half),
                    x.before.row, x.before.col);
      }
      ImGui::EndTooltip();
    }
    ImGui::EndGroup();
  }
  if (clicked) s.hopper.moves_lane = s.hopper.moves_lane == hover_lane ? -1 : hover_lane;
  // The per-lane map.
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
  if (ImGui::BeginTable("##mov_lanes", 5, flags, ImVec2(0, ImGui::GetContentRegionAvail().y))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("lane");
    ImGui::TableSetupColumn("before .lo");
    ImGui::TableSetupColumn("before .hi");
    ImGui::TableSetupColumn("after .lo (from)");
    ImGui::TableSetupColumn("after .hi (from)", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    for (int lane = 0; lane < kWarpSize; ++lane) {
      const auto& x = t.lanes[static_cast<std::size_t>(lane)];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(lane_colour(lane)), "T%d", lane);
      for (int half = 0; half < 2; ++half) {
        ImGui::TableNextColumn();
        ImGui::Text("M(%d,%d)", x[static_cast<std::size_t>(half)].before.row,
                    x[static_cast<std::size_t>(half)].before.col);
      }
      for (int half = 0; half < 2; ++half) {
        const MovmatrixTable::Half& y = x[static_cast<std::size_t>(half)];
        ImGui::TableNextColumn();
        ImGui::TextColored(y.measured == 2   ? kRedV
                           : y.measured == 1 ? kGreenV
                                             : ImVec4(1, 1, 1, 1),
                           "M(%d,%d)  (T%d.%s)", y.after.row, y.after.col, y.source.lane,
                           half_name(y.source.half));
      }
    }
    ImGui::EndTable();
  }
}

// [SECTION] epilogue

void draw_epilogue(AppState& s, HopperViews& v) {
  MoveControls& c = s.hopper.moves;
  ImGui::TextColored(kDimV, "preset");
  ImGui::SameLine();
  for (const EpilogueStore& e : epilogue_presets()) {
    if (ImGui::RadioButton(e.name.c_str(), c.epilogue == e.name)) c.epilogue = e.name;
    record_widget(s, ("ep_" + e.name).c_str());
    ImGui::SameLine();
  }
  ImGui::NewLine();
  v.refresh(s);
  const EpilogueTable& t = v.epilogue();
  ImGui::PushTextWrapPos(0.f);
  ImGui::TextColored(
      kDimV, "%s: the f32 accumulator of %d x %s, packed to f16x2 (c0c1, c2c3 per tile), stored with %s",
      t.store.name.c_str(), t.store.tiles, t.mma ? short_mnemonic(*t.mma) : "?",
      stmatrix_mnemonic(t.store.store).c_str());
  const int total = static_cast<int>(t.cells.size());
  if (t.order_differences)
    status_text(kAmberV,
                "%d of %d elements are stored away from their fragment position (amber outline): this "
                "register order is wrong for this tile",
                t.order_differences, total);
  else
    status_text(kGreenV, "all %d elements land at their fragment position", total);
  record_widget(s, "ep_order");
  ImGui::PopTextWrapPos();
  const std::string text =
      move_measured_text(s.probe.label, t.probe, t.checked, t.matching, s.probe.report != nullptr,
                         v.hopper_in_report(), "epilogue " + t.store.name);
  v.frame.moves_text = text;
  measured_line(text, t.probe && t.probe->ran, t.matching != t.checked);
  record_widget(s, "moves_measured");

  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const GridPlace p =
      place_grid("##ep_grid", t.rows, t.cols, avail.x, avail.y - ImGui::GetTextLineHeightWithSpacing());
  record_widget(s, "ep_grid");
  const int sel = s.hopper.moves_lane;
  const int hov = p.hover_row >= 0 ? t.at(p.hover_row, p.hover_col).lane : -1;
  ImDrawList* dl = begin_grid_clip(p.o, ImVec2(p.g0.x + p.cell * t.cols, p.g0.y + p.cell * t.rows));
  grid_backdrop(dl, p.g0, ImVec2(p.g0.x + p.cell * t.cols, p.g0.y + p.cell * t.rows));
  indices(dl, p, t.rows, t.cols, v.frame.moves_index_labels["tile"]);
  char l1[16], l2[24];
  for (int r = 0; r < t.rows; ++r)
    for (int col = 0; col < t.cols; ++col) {
      const EpilogueTable::Cell& x = t.at(r, col);
      const ImVec2 a(p.g0.x + col * p.cell, p.g0.y + r * p.cell), b(a.x + p.cell, a.y + p.cell);
      if (x.lane < 0) continue;
      lane_cell(dl, a, b, x.lane, sel, x.lane == hov);
      const ImU32 tc = (sel >= 0 && sel != x.lane) ? faded_text_colour() : lane_text_colour(x.lane);
      std::snprintf(l1, sizeof l1, "T%d", x.lane);
      if (x.moved)
        std::snprintf(l2, sizeof l2, "C%d,%d", x.fragment.row, x.fragment.col);
      else
        std::snprintf(l2, sizeof l2, "r%d.%s", x.reg, half_name(x.half));
      cell_labels(dl, a, b, tc, l1, l2);
      if (x.moved) {
        dl->AddRect(ImVec2(a.x + 2, a.y + 2), ImVec2(b.x - 2, b.y - 2), kAmber, 0.f, 0, 2.5f);
        dl->AddTriangleFilled(ImVec2(a.x + 1, b.y - 1), ImVec2(a.x + 1, b.y - 8), ImVec2(a.x + 8, b.y - 1),
                              kAmber);
      }
      measured_mark(dl, a, b, x.measured);
    }
  const ImU32 rule = IM_COL32(255, 255, 255, 150);
  for (int j = 0; j < matrices(t.store.store.num); ++j) {
    const Coord o = t.store.origin[static_cast<std::size_t>(j)];
    dl->AddRect(ImVec2(p.g0.x + o.col * p.cell, p.g0.y + o.row * p.cell),
                ImVec2(p.g0.x + (o.col + 8) * p.cell, p.g0.y + (o.row + 8) * p.cell), rule, 0.f, 0, 2.f);
  }
  end_grid_clip();
  v.frame.moves = record(p, t.rows, t.cols);
  if (hov >= 0) {
    const EpilogueTable::Cell& x = t.at(p.hover_row, p.hover_col);
    if (p.clicked) s.hopper.moves_lane = s.hopper.moves_lane == x.lane ? -1 : x.lane;
    v.frame.hover = HopperHover{"moves", "epilogue", p.hover_row, p.hover_col};
    ImGui::BeginTooltip();
    ImGui::Text("output (%d, %d): stmatrix writes lane %d, reg %d, %s half", p.hover_row, p.hover_col, x.lane,
                x.reg, half_name(x.half));
    if (x.moved)
      status_text(kAmberV, "that half holds C(%d, %d) of the accumulator: it belongs at (%d, %d)",
                  x.fragment.row, x.fragment.col, x.fragment.row, x.fragment.col);
    else
      status_text(kGreenV, "that half holds C(%d, %d): its own place", x.fragment.row, x.fragment.col);
    measured_tooltip_line(x.check, "the device stored it at");
    ImGui::EndTooltip();
  }
  ImGui::TextColored(kDimV,
                     "cells: T<lane> r<register>.<half>; where misplaced, the C(row,col) it really holds");
}

}  // namespace

void draw_matrix_moves(AppState& s, HopperViews& v) {
  if (!begin_hopper_window(s, kWinMatrixMoves, &s.hopper.moves_open)) {
    ImGui::End();
    return;
  }
  v.frame.moves_drawn = true;
  MoveControls& c = s.hopper.moves;
  for (MoveView mv : {MoveView::stmatrix, MoveView::movmatrix, MoveView::epilogue}) {
    if (ImGui::RadioButton(to_string(mv), c.view == mv && !s.moves_b8.shown)) {
      c.view = mv;
      s.moves_b8.shown = false;
    }
    record_widget(s, (std::string("moves_") + to_string(mv)).c_str());
    ImGui::SameLine();
  }
  if (draw_moves_b8(s)) {  // the 8-bit sm_100a page (panel_moves_b8.cpp)
    ImGui::End();
    return;
  }
  // The stmatrix page's lane is the app's (draw_stmatrix_grid); the other pages keep their own.
  const int lane = c.view == MoveView::stmatrix ? s.selected_lane : s.hopper.moves_lane;
  ImGui::TextColored(kDimV, "  lane %s", lane >= 0 ? std::to_string(lane).c_str() : "none (click a cell)");
  ImGui::Separator();
  v.refresh(s);
  switch (c.view) {
    case MoveView::stmatrix:
      draw_stmatrix(s, v);
      break;
    case MoveView::movmatrix:
      draw_movmatrix(s, v);
      break;
    case MoveView::epilogue:
      draw_epilogue(s, v);
      break;
  }
  ImGui::End();
}

}  // namespace fragviz::app
