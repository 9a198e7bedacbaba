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

/// The sizes cell_label_mode weighs for cells that say `top` over `bottom` (one line: both, a
/// space between) or their lane's number, measured in `f` as cell_label_sizes measures (2 px of
/// margin): the widest of each kind over `words`, the widest lane number "31".
CellLabelSizes word_label_sizes(ImFont* f, const std::vector<std::pair<std::string, std::string>>& words) {
  const auto width = [&](const std::string& t) {
    return f->CalcTextSizeA(f->FontSize, 1e9f, 0.f, t.c_str()).x + 2.f;
  };
  CellLabelSizes z;
  z.number = width(std::to_string(kWarpSize - 1));
  z.line = f->FontSize;
  for (const auto& [top, bottom] : words) {
    z.full = std::max(z.full, width(top + " " + bottom));
    z.owner = std::max(z.owner, width(top));
    z.element = std::max(z.element, width(bottom));
  }
  return z;
}

/// The least square cell in which cell_label_mode gives two_lines over `z`, with room to spare
/// (the grids open at it): the wider of the two words and a margin, two lines and one.
float two_lines_cell(const CellLabelSizes& z) {
  return std::max(std::max(z.owner, z.element) + 6.f, 2.f * z.line + 5.f);
}

/// Draws what cell [a, b] says at `mode`, the cell-label rule every grid shares (cell_label_mode):
/// `top` and `bottom` on one line (full) or two (two_lines), `top` alone (owner), the lane's
/// `number` (number) or nothing; returns the words as the export writes them at that level (both on
/// one line for full and two_lines), "" for none.
std::string cell_words(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 tc, CellLabelMode mode,
                       const std::string& top, const std::string& bottom, int number) {
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  switch (mode) {
    case CellLabelMode::full:
      centred_text(dl, sf, a, b, tc, (top + " " + bottom).c_str());
      return top + " " + bottom;
    case CellLabelMode::two_lines:
      cell_labels(dl, a, b, tc, top.c_str(), bottom.c_str());
      return top + " " + bottom;
    case CellLabelMode::owner:
      centred_text(dl, sf, a, b, tc, top.c_str());
      return top;
    case CellLabelMode::number:
      centred_text(dl, sf, a, b, tc, std::to_string(number).c_str());
      return std::to_string(number);
    case CellLabelMode::none:
      break;
  }
  return "";
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
  std::vector<std::pair<std::string, std::string>> words;
  for (const StmatrixTable::Cell& x : t.cells)
    words.emplace_back(stmatrix_lane_word(x), stmatrix_register_word(x));
  const CellLabelSizes sizes = word_label_sizes(sf, words);
  const float readable = std::clamp(two_lines_cell(sizes) / fit, kMinStmatrixZoom, kMaxStmatrixZoom);
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
  // One label level for every cell, by the rule the fragments and bank grids follow (issue 22: the
  // page had thresholds of its own, and no lane-number level): the export says what the cells say.
  const CellLabelMode level = cell_label_mode(cell, cell, sizes);
  v.frame.stmatrix_labels = cell_label_mode_name(level);
  s.stmatrix_labels = export_labels(level);
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
      const std::string said =
          cell_words(dl, a, b, tc, level, stmatrix_lane_word(x), stmatrix_register_word(x), x.lane);
      if (!said.empty()) v.frame.stmatrix_cell_labels.push_back({r, col, said});
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

/// The movmatrix grids' zoom range, as the stmatrix tile's.
constexpr float kMinMovmatrixZoom = 1.f, kMaxMovmatrixZoom = 16.f;
/// Room between the before grid and the after grid's row numbers.
constexpr float kMovmatrixGap = 16.f;

/// movmatrix's before and after grids in one zoomed child, drawn as the stmatrix tile is (newcomer
/// issue 22: 10-px cells with no zoom, and a lane of its own): square cells that open at the zoom
/// where each holds its two lines ("T1.lo" over "M0,2" before, over "<T8.lo" after: movmatrix_cell,
/// the words its export writes), "fit" showing both grids; each grid's row and column numbers stay
/// in view while it scrolls; a click selects the app's lane (the lane strip and the inspector
/// follow): the lane whose colour the cell has, whose cells stay bright and outlined. `height`: the
/// room for the zoom row and the child.
void draw_movmatrix_grids(AppState& s, HopperViews& v, const MovmatrixTable& t, float height) {
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  const float fs = sf->FontSize;
  // Each grid's cells (before, then after; row-major) and their words.
  std::vector<MovmatrixCell> cells;
  std::vector<std::pair<std::string, std::string>> words;
  for (bool after : {false, true})
    for (int r = 0; r < 8; ++r)
      for (int c = 0; c < 8; ++c) {
        cells.push_back(movmatrix_cell(t, after, r, c));
        words.emplace_back(cells.back().word, cells.back().detail);
      }
  const CellLabelSizes sizes = word_label_sizes(sf, words);
  const float num_w = sf->CalcTextSizeA(fs, 1e9f, 0.f, "7").x + 6.f, wl = num_w;
  const float caption_h = ImGui::GetTextLineHeight() + 2.f, hl = fs + 4.f, top = caption_h + hl;
  const float avail_x = ImGui::GetContentRegionAvail().x;
  const float bar_h = ImGui::GetFrameHeightWithSpacing(), sb = ImGui::GetStyle().ScrollbarSize;
  // A window's first frame, before it has its size, has no room for a row: nothing is drawn nor kept.
  if (avail_x < 2.f * wl + kMovmatrixGap + 16.f || height < bar_h + top + 16.f) return;
  // Square cells that fit both grids side by side at zoom 1, at most 72 pixels.
  const float room_w = std::max(8.f, avail_x - sb - 2.f * wl - kMovmatrixGap - 4.f);
  const float room_h = std::max(8.f, height - bar_h - sb - top - 4.f);
  const float fit = std::min({room_w / 16.f, room_h / 8.f, 72.f});
  const float readable = std::clamp(two_lines_cell(sizes) / fit, kMinMovmatrixZoom, kMaxMovmatrixZoom);
  GridZoom& z = s.hopper.movmatrix_zoom;
  // While the user has not moved off it, the zoom follows the readable one as the view is resized.
  zoom_for(z, kMovmatrixMnemonic, readable);
  zoom_bar(s, z, "mov", kMinMovmatrixZoom, kMaxMovmatrixZoom, readable,
           "1x fits both grids in the view; the view opens at the zoom where every cell holds its\n"
           "register half and what it holds. Ctrl+wheel over the grids zooms about the mouse; wheel "
           "scrolls, shift+wheel sideways.");
  const float zoom = std::clamp(z.zoom, kMinMovmatrixZoom, kMaxMovmatrixZoom);
  const float cell = zoomed_cell(fit, zoom), side_w = 8.f * cell;
  v.frame.movmatrix_zoom = zoom;
  v.frame.movmatrix_readable_zoom = readable;
  // Content: [before's row numbers][before][gap][after's row numbers][after]; above each grid its
  // caption, then its column numbers.
  const float after_x = wl + side_w + kMovmatrixGap;
  const ImVec2 content(after_x + wl + side_w + 4.f, top + side_w + 4.f);
  begin_zoom_child(s, z, "##mov_view", "mov_view", ImVec2(0, std::max(1.f, height - bar_h)), content, zoom,
                   cell, cell,
                   {ContentRect{wl, top, wl + side_w, top + side_w},
                    ContentRect{after_x + wl, top, after_x + wl + side_w, top + side_w}});
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##mov_grids", content);
  record_widget(s, "mov_grids");
  const bool hovered = ImGui::IsItemHovered(), clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const auto origin = [&](int side) { return ImVec2(o.x + (side ? after_x : 0.f) + wl, o.y + top); };
  int hs = -1, hr = -1, hc = -1;
  for (int side = 0; side < 2 && hovered; ++side) {
    const ImVec2 g0 = origin(side);
    const int c = static_cast<int>(std::floor((mouse.x - g0.x) / cell));
    const int r = static_cast<int>(std::floor((mouse.y - g0.y) / cell));
    if (r >= 0 && r < 8 && c >= 0 && c < 8) {
      hs = side;
      hr = r;
      hc = c;
    }
  }
  const auto at = [&](int side, int r, int c) -> const MovmatrixCell& {
    return cells[static_cast<std::size_t>(side * 64 + r * 8 + c)];
  };
  ImDrawList* wdl = ImGui::GetWindowDrawList();
  const ImVec2 vis_min(std::max(wdl->GetClipRectMin().x, o.x), std::max(wdl->GetClipRectMin().y, o.y));
  const ImVec2 vis_max(std::min(wdl->GetClipRectMax().x, o.x + content.x),
                       std::min(wdl->GetClipRectMax().y, o.y + content.y));
  const int sel = s.selected_lane;
  const int hov = hs >= 0 ? at(hs, hr, hc).colour_lane : s.hovered_lane;
  // One label level for both grids, by the rule every grid follows; the export says what they say.
  const CellLabelMode level = cell_label_mode(cell, cell, sizes);
  v.frame.movmatrix_labels = cell_label_mode_name(level);
  s.movmatrix_labels = export_labels(level);
  ImDrawList* dl = begin_grid_clip(vis_min, vis_max);
  for (int side = 0; side < 2; ++side) {
    const char* name = side ? "after" : "before";
    const ImVec2 g0 = origin(side), g1(g0.x + side_w, g0.y + side_w);
    dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(g0.x - wl, o.y), ImGui::GetColorU32(kDimV),
                side ? "after: destination registers hold M^T" : "before: source registers hold M");
    grid_backdrop(dl, g0, g1);
    std::vector<HopperFrame::CellWords>& said = v.frame.movmatrix_cell_labels[name];
    for (int r = 0; r < 8; ++r)
      for (int c = 0; c < 8; ++c) {
        const MovmatrixCell& x = at(side, r, c);
        const ImVec2 a(g0.x + static_cast<float>(c) * cell, g0.y + static_cast<float>(r) * cell);
        const ImVec2 b(a.x + cell, a.y + cell);
        if (b.x < vis_min.x || a.x > vis_max.x || b.y < vis_min.y || a.y > vis_max.y) continue;
        lane_cell(dl, a, b, x.colour_lane, sel, x.colour_lane == hov);
        const ImU32 tc =
            (sel >= 0 && sel != x.colour_lane) ? faded_text_colour() : lane_text_colour(x.colour_lane);
        if (std::string w = cell_words(dl, a, b, tc, level, x.word, x.detail, x.lane); !w.empty())
          said.push_back({r, c, std::move(w)});
        if (side)
          measured_mark(dl, a, b,
                        t.lanes[static_cast<std::size_t>(x.lane)][static_cast<std::size_t>(x.half)].measured);
      }
    // The numbers stay in view while the grid scrolls under them (sticky_band, as the stmatrix
    // tile's): the column numbers on top, then the row numbers over their corner, below them.
    const float bx = sticky_band(g0.x - wl, vis_min.x, g1.x - wl);
    const float by = sticky_band(o.y + caption_h, vis_min.y, g1.y - hl);
    std::vector<TextRecord>& drawn = v.frame.moves_index_labels[name];
    if (by > o.y + caption_h)
      sticky_backdrop(dl, ImVec2(std::max(g0.x, vis_min.x), by), ImVec2(std::min(g1.x, vis_max.x), by + hl));
    index_labels(dl, sf, g0, 8, cell, true, by, by + hl - 1.f,
                 ImVec2(std::max(vis_min.x, bx + wl), vis_min.y), vis_max, kWarpgroupIndexLabels, false,
                 &drawn);
    const float label_top = std::max(vis_min.y, by + hl);
    if (bx > g0.x - wl)
      sticky_backdrop(dl, ImVec2(bx, std::max(g0.y, label_top)), ImVec2(bx + wl, vis_max.y));
    index_labels(dl, sf, g0, 8, cell, false, bx, bx + num_w, ImVec2(vis_min.x, label_top), vis_max,
                 kWarpgroupIndexLabels, false, &drawn);
    HopperGridRecord& rec = side ? v.frame.after : v.frame.before;
    rec = HopperGridRecord{true, g0.x, g0.y, cell, cell, 8, 8, Rect{}};
    const ImVec2 c0(std::max(g0.x, vis_min.x), std::max(g0.y, vis_min.y));
    const ImVec2 c1(std::min(g1.x, vis_max.x), std::min(g1.y, vis_max.y));
    if (c1.x > c0.x && c1.y > c0.y) rec.visible = Rect{c0.x, c0.y, c1.x - c0.x, c1.y - c0.y};
  }
  end_grid_clip();
  end_zoom_child(z, zoom, cell, cell, kMinMovmatrixZoom, kMaxMovmatrixZoom);
  if (hs >= 0) {
    const MovmatrixCell& x = at(hs, hr, hc);
    const MovmatrixTable::Half& h =
        t.lanes[static_cast<std::size_t>(x.lane)][static_cast<std::size_t>(x.half)];
    if (clicked) toggle_lane(s, x.colour_lane);
    s.frame.hovered_lane = x.colour_lane;
    v.frame.hover = HopperHover{"moves", hs ? "after" : "before", hr, hc};
    ImGui::BeginTooltip();
    if (hs) {
      ImGui::Text("after: lane %d, %s half holds M(%d, %d) = M^T(%d, %d)", x.lane, half_name(x.half),
                  h.after.row, h.after.col, hr, hc);
      ImGui::Text("from source lane %d, %s half", h.source.lane, half_name(h.source.half));
      measured_tooltip_line(h.check, "it held M at");
    } else {
      ImGui::Text("before: lane %d, %s half holds M(%d, %d)", x.lane, half_name(x.half), h.before.row,
                  h.before.col);
    }
    ImGui::EndTooltip();
  }
  ImGui::EndChild();
}

void draw_movmatrix(AppState& s, HopperViews& v) {
  const MovmatrixTable& t = v.movmatrix();
  ImGui::TextUnformatted(kMovmatrixMnemonic);
  const std::string text =
      move_measured_text(s.probe.label, t.probe, t.checked, t.matching, s.probe.report != nullptr,
                         v.hopper_in_report(), kMovmatrixMnemonic);
  v.frame.moves_text = text;
  measured_line(text, t.probe && t.probe->ran, t.matching != t.checked);
  record_widget(s, "moves_measured");
  // The grids over the per-lane map, which keeps six rows at least (a third of the room).
  const float room = ImGui::GetContentRegionAvail().y;
  const float map_h = std::max(6.f * ImGui::GetTextLineHeightWithSpacing(), room / 3.f);
  draw_movmatrix_grids(s, v, t, room - map_h);
  // The per-lane map.
  const int sel = s.selected_lane;
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
      if (lane == sel) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, IM_COL32(255, 255, 255, 40));
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
  const int sel = s.selected_lane;
  // The lane of the cell under the mouse (-1: none, or a cell no lane stores), else another view's.
  const int under = p.hover_row >= 0 ? t.at(p.hover_row, p.hover_col).lane : -1;
  const int hov = under >= 0 ? under : s.hovered_lane;
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
  if (under >= 0) {
    const EpilogueTable::Cell& x = t.at(p.hover_row, p.hover_col);
    if (p.clicked) toggle_lane(s, x.lane);
    s.frame.hovered_lane = x.lane;
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
  // Every page's lane is the app's, which the lane strip and the inspector show (issue 22: the
  // movmatrix, epilogue and 8-bit pages kept one of their own).
  const int lane = s.selected_lane;
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
