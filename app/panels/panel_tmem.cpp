// The Tensor memory window (View > Tensor memory): Blackwell TMEM as 128 lanes x 32-bit columns,
// its four 32-lane sub-partitions named with the warps that may reach them, filled by one
// tcgen05.ld/st (each cell the thread and register that moves it, coloured by thread) or by a
// tcgen05.mma accumulator (each cell the element of D it holds, the data-path layout named), or by
// a tcgen05.cp (each cell the source row and 32-bit word it receives, multicast copies included). Model
// only: the window's first line is the model's own status (viewmodel/tmem_view.hpp).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "../grid_clip.hpp"
#include "../palette.hpp"
#include "../window_names.hpp"
#include "../window_placement.hpp"
#include "panels.hpp"

namespace fragviz::app {
namespace {

constexpr TmemShape kShapes[] = {TmemShape::s32x32b, TmemShape::s16x64b, TmemShape::s16x128b,
                                 TmemShape::s16x256b, TmemShape::s16x32bx2};

/// The next field, `width` wide with its label `label` right of it, on this line where it fits in
/// the window, else on the next (newcomer issue 22: "taddr lane" ran past the window's right edge at
/// 1600x1000).
void next_field(float width, const char* label) {
  const ImGuiStyle& st = ImGui::GetStyle();
  const float need = width + st.ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x;
  ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x < need) ImGui::NewLine();
  ImGui::SetNextItemWidth(width);
}

void draw_load_store_controls(AppState& s, TmemControls& c) {
  ImGui::SetNextItemWidth(110);
  if (ImGui::BeginCombo("shape", ("." + std::string(to_string(c.shape))).c_str())) {
    for (TmemShape sh : kShapes)
      if (ImGui::Selectable(("." + std::string(to_string(sh))).c_str(), sh == c.shape)) {
        c.shape = sh;
        c.num = std::min(c.num, tmem_max_num(sh));
      }
    ImGui::EndCombo();
  }
  record_widget(s, "tmem_shape");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(80);
  if (ImGui::BeginCombo(".num", (".x" + std::to_string(c.num)).c_str())) {
    for (int n = 1; n <= tmem_max_num(c.shape); n *= 2)
      if (ImGui::Selectable((".x" + std::to_string(n)).c_str(), n == c.num)) c.num = n;
    ImGui::EndCombo();
  }
  record_widget(s, "tmem_num");
  ImGui::SameLine();
  ImGui::Checkbox(".pack::16b / .unpack::16b", &c.pack16);
  record_widget(s, "tmem_pack16");
  next_field(100, "warp");
  // A warp past the CTA's is set to the last and said (it was set silently: newcomer issue 22).
  number_field(s, "tmem_warp", "warp", "warp", &c.warp, 0, kCtaMaxWarps - 1);
  // taddr's lane, as fragviz-cli tmem --lane: -1 (or less) is the warp's first lane; any other
  // value goes to the model, which refuses one outside the warp's sub-partition in the CLI's words.
  next_field(100, "taddr lane");
  number_field(s, "tmem_lane", "taddr lane", "lane", &c.lane, -1, std::numeric_limits<int>::max());
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "the TMEM address's lane field (bits 31-16); -1: the warp's first lane, 32 * (warp %% 4)");
  if (c.shape == TmemShape::s16x32bx2) {
    next_field(110, "immHalfSplitoff");
    number_field(s, "tmem_split", "immHalfSplitoff", "immHalfSplitoff", &c.split, -1, 512);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("columns; -1: CuTe's, the columns one half spans");
  }
  for (const char* field : {"tmem_warp", "tmem_lane", "tmem_split"}) number_note(s, field);
}

void draw_accumulator_controls(AppState& s, TmemControls& c) {
  ImGui::SetNextItemWidth(80);
  if (ImGui::BeginCombo("M", std::to_string(c.acc.m).c_str())) {
    constexpr int kMs[] = {32, 64, 128, 256};  // 32: the .ws form only (the model refuses it otherwise)
    std::vector<PickerEntry> entries;
    for (int m : kMs)
      entries.push_back(PickerEntry{std::to_string(m), "", "", m == c.acc.m, "tmem_m:" + std::to_string(m)});
    if (const int i = filtered_list(s, "tmem_m", entries); i >= 0) c.acc.m = kMs[i];
    ImGui::EndCombo();
  }
  record_widget(s, "tmem_m");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(100);
  // Every N the model refuses is refused in the CLI's words and the N from before the edit stays
  // drawn (7 was clamped to 8 and 300 to 256 while 20 was refused; typing 2560 kept the 256 its
  // digits reached: newcomer issue 22). Under an M the model already refuses, N is taken as typed:
  // the view's own refusal says what is wrong. Text that is no number is said (number_note).
  int n = c.acc.n, n_before = n;
  const NumberEdit n_edit = input_number("N", &n, 8, 64, 0, &n_before);
  ClampNote& n_note = s.number_notes["tmem_n"];
  if (n_edit == NumberEdit::not_a_number) {  // `n`: the N before the edit
    c.acc.n = n;
    n_note = {not_a_number_note("N", n, ""), {n, 0}};
  }
  n_note.drop_unless({c.acc.n, 0});
  if (n_edit == NumberEdit::changed) {
    UmmaAccumulator want = c.acc;
    want.n = n;
    const auto why = umma_accumulator_refusal(c.acc) ? std::nullopt : umma_accumulator_refusal(want);
    c.n_refusal = why ? *why : std::string();
    c.acc.n = why ? n_before : n;
    c.n_refused_with = c.acc;
    n_note = {};
  }
  record_widget(s, "tmem_n");
  const UmmaAccumulator& w = c.n_refused_with;
  if (w.m != c.acc.m || w.n != c.acc.n || w.cta_group != c.acc.cta_group || w.sparse != c.acc.sparse ||
      w.ws != c.acc.ws)
    c.n_refusal.clear();  // M, cta_group, sparse or .ws changed since: the words no longer apply
  if (!c.n_refusal.empty()) {
    ImGui::SameLine();
    status_text(kRedV, "refused: %s", c.n_refusal.c_str());
    record_widget(s, "tmem_n_refusal");
  }
  ImGui::SameLine();
  ImGui::TextUnformatted("cta_group");
  for (int g : {1, 2}) {
    ImGui::SameLine();
    if (ImGui::RadioButton(("::" + std::to_string(g)).c_str(), c.acc.cta_group == g)) {
      c.acc.cta_group = g;
      c.cta = std::min(c.cta, g - 1);
    }
  }
  record_widget(s, "tmem_cta_group");
  ImGui::SameLine();
  ImGui::Checkbox("sparse A", &c.acc.sparse);
  record_widget(s, "tmem_sparse");
  ImGui::SameLine();
  ImGui::Checkbox(".ws", &c.acc.ws);
  record_widget(s, "tmem_ws");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("the weight-stationary tcgen05.mma.ws: M 32, 64, 128 (Layouts G, E, D), cta_group::1");
  if (c.acc.cta_group == 2) {
    ImGui::SameLine();
    ImGui::TextUnformatted("show CTA");
    for (int k : {0, 1}) {
      ImGui::SameLine();
      if (ImGui::RadioButton(("CTA " + std::to_string(k)).c_str(), c.cta == k)) c.cta = k;
    }
    record_widget(s, "tmem_cta");
  }
  number_note(s, "tmem_n");
}

/// tcgen05.cp: the shape (its multicast included) from a list that filters as you type; each entry
/// is recorded as "tmem_cp_shape:<shape>" for the GUI tests.
void draw_copy_controls(AppState& s, TmemControls& c) {
  ImGui::SetNextItemWidth(220);
  if (ImGui::BeginCombo("tcgen05.cp shape", ("." + std::string(to_string(c.cp_shape))).c_str())) {
    std::vector<PickerEntry> entries;
    for (TmemCpShape sh : kTmemCpShapes)
      entries.push_back(PickerEntry{"." + std::string(to_string(sh)), "", "", sh == c.cp_shape,
                                    "tmem_cp_shape:" + std::string(to_string(sh))});
    if (const int i = filtered_list(s, "tmem_cp_shape", entries); i >= 0) c.cp_shape = kTmemCpShapes[i];
    ImGui::EndCombo();
  }
  record_widget(s, "tmem_cp_shape");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "which TMEM lanes and columns each 128-bit chunk of each shared-memory source row fills;\n"
        ".warpx2 / .warpx4 write each row to 2 / 4 lanes, one per warp sub-partition");
  // taddr, as fragviz-cli tmem --cp --lane --column: any value 0-9999 goes to the model, which
  // refuses one that puts the copy outside tensor memory, in the CLI's words.
  next_field(100, "taddr lane##cp");
  number_field(s, "tmem_cp_lane", "taddr lane##cp", "lane", &c.cp_lane, 0, 9999);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "the TMEM address's lane field (bits 31-16); the PTX text sets tcgen05.cp's taddr no alignment:\n"
        "lane 0 for every shape but .4x256b (0-31), or the copy leaves the 128 lanes");
  next_field(100, "taddr column##cp");
  number_field(s, "tmem_cp_column", "taddr column##cp", "column", &c.cp_column, 0, 9999);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("the TMEM address's column field (bits 15-0): 0-504 (256-bit rows) or 0-508 (128-bit)");
  for (const char* field : {"tmem_cp_lane", "tmem_cp_column"}) number_note(s, field);
}

/// The grid in its zoomed child: lane numbers and sub-partition names on the left, column numbers
/// on top, each cell's label where it fits; the hovered cell's text in a tooltip and in `m.drawn`.
/// The least height (logical px) of a lane in the grid the layout keeps room for.
constexpr float kMinTmemLanePx = 2.f;

void draw_grid(AppState& s, TmemModel& m) {
  TmemControls& c = s.tmem;
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  const float left = ImGui::CalcTextSize("w3,7,11,15").x + sf->FontSize * 2.2f + 8.f;
  const float top = sf->FontSize + 6.f;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float sb = ImGui::GetStyle().ScrollbarSize, bar_h = ImGui::GetFrameHeightWithSpacing();
  const float room_w = std::max(40.f, avail.x - sb - left - 6.f);
  const float room_h = std::max(40.f, avail.y - bar_h - sb - top - 6.f);
  // Tiled, the view keeps room under its header for every lane at kMinTmemLanePx, so that all four
  // sub-partitions show at its first size (issue 26); its column runs taller where it must.
  s.least_view_height[kWinTmem] = ImGui::GetWindowHeight() - avail.y + bar_h + sb + top + 6.f +
                                  kMinTmemLanePx * static_cast<float>(m.lanes);
  // Fitted cells 2.5 times as wide as tall ("T31 r127" wants width). A wide access does not shrink
  // them under the fragments view's least row height (half a row number: kFragmentIndexLabels), as
  // it did to 1-px lanes, a sliver nobody could read at "fit" (newcomer issue 22): every lane still
  // in the height (all four sub-partitions, issue 26), the columns scroll sideways.
  const float all_lanes_h = room_h / static_cast<float>(m.lanes);
  const float min_lane_h = std::ceil(0.5f * (sf->FontSize + kFragmentIndexLabels.gap));
  const float fit_h = std::max(
      0.5f, std::min(all_lanes_h, std::max(min_lane_h, room_w / (2.5f * static_cast<float>(m.columns)))));
  const float fit_w = 2.5f * fit_h;
  const float label_w = ImGui::CalcTextSize("T31 r127hi").x * sf->FontSize / ImGui::GetFontSize() + 4.f;
  const float readable =
      std::clamp(std::max(label_w / fit_w, (sf->FontSize + 2.f) / fit_h), 1.f, kMaxTmemZoom);
  // The view opens with every lane in its height, so all four sub-partitions (the lanes warps 0-3
  // reach) are seen without a scroll; 128 labelled rows never fit a screen, so labels wait for the
  // "labels" zoom (or the hover), and a wide access scrolls sideways only.
  const float all_lanes = std::clamp(all_lanes_h / fit_h, 1.f, kMaxTmemZoom);
  GridZoom& z = c.zoom;
  zoom_for(z, m.key, std::min(readable, all_lanes));
  zoom_bar(s, z, "tmem", kMinTmemZoom, kMaxTmemZoom, readable,
           "1x fits every lane and column in the view; the view opens with every lane in its height\n"
           "(all four sub-partitions). Ctrl+wheel over the grid zooms about the mouse; wheel scrolls,\n"
           "shift+wheel sideways.");
  const float zoom = std::clamp(z.zoom, kMinTmemZoom, kMaxTmemZoom);
  const float cw = zoomed_cell(fit_w, zoom), ch = zoomed_cell(fit_h, zoom);
  const ImVec2 content(left + cw * static_cast<float>(m.columns) + 4.f,
                       top + ch * static_cast<float>(m.lanes) + 4.f);
  begin_zoom_child(s, z, "##tmem_view", "tmem_view", ImVec2(0, avail.y - bar_h), content, zoom, cw, ch);
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const ImVec2 g0(o.x + left, o.y + top);
  ImGui::InvisibleButton("##tmem_grid", ImVec2(std::max(content.x, 1.f), std::max(content.y, 1.f)));
  const bool hovered = ImGui::IsItemHovered();
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  ImDrawList* wl = ImGui::GetWindowDrawList();
  const ImVec2 clip_min = wl->GetClipRectMin(), clip_max = wl->GetClipRectMax();
  const ImVec2 vis_min(std::max(clip_min.x, o.x), std::max(clip_min.y, o.y));
  const ImVec2 vis_max(std::min(clip_max.x, o.x + content.x), std::min(clip_max.y, o.y + content.y));
  m.drawn = TmemModel::Drawn{};
  m.drawn.drawn = true;
  m.drawn.x = g0.x;
  m.drawn.y = g0.y;
  m.drawn.cw = cw;
  m.drawn.ch = ch;
  m.drawn.zoom = zoom;
  // For File > Export's "Visible region".
  ImVec2 shown_min = vis_min, shown_max = vis_max;  // inside the app's window too
  clip_to_view_area(s, shown_min, shown_max);
  s.frame.tmem_visible = visible_cells(g0, cw, ch, m.lanes, m.columns, shown_min, shown_max);
  if (hovered) {
    const int col = static_cast<int>(std::floor((mouse.x - g0.x) / cw));
    const int lane = static_cast<int>(std::floor((mouse.y - g0.y) / ch));
    if (lane >= 0 && lane < m.lanes && col >= 0 && col < m.columns) {
      m.drawn.hover_lane = lane;
      m.drawn.hover_column = col;
      m.drawn.hover = tmem_cell_text(m, lane, col);
    }
  }
  if (vis_max.x > vis_min.x && vis_max.y > vis_min.y) {
    ImDrawList* dl = begin_grid_clip(vis_min, vis_max);
    const int r0 = std::max(0, static_cast<int>((vis_min.y - g0.y) / ch));
    const int r1 = std::min(m.lanes - 1, static_cast<int>((vis_max.y - g0.y) / ch));
    const int c0 = std::max(0, static_cast<int>((vis_min.x - g0.x) / cw));
    const int c1 = std::min(m.columns - 1, static_cast<int>((vis_max.x - g0.x) / cw));
    grid_backdrop(dl, ImVec2(g0.x, g0.y),
                  ImVec2(g0.x + cw * static_cast<float>(m.columns), g0.y + ch * static_cast<float>(m.lanes)));
    for (int r = r0; r <= r1; ++r)
      for (int col = c0; col <= c1; ++col) {
        const TmemGridCell& cell = m.at(r, col);
        const ImVec2 a(g0.x + cw * static_cast<float>(col), g0.y + ch * static_cast<float>(r));
        const ImVec2 b(a.x + cw, a.y + ch);
        if (!cell.used()) {
          dl->AddRectFilled(ImVec2(a.x + 1, a.y + 1), b, empty_cell_colour());
          continue;
        }
        const int colour = tmem_cell_colour(cell);
        lane_cell(dl, a, b, colour, -1, r == m.drawn.hover_lane && col == m.drawn.hover_column);
        centred_text(dl, sf, a, b, lane_text_colour(colour), tmem_cell_label(cell).c_str());
      }
    const ImVec2 g1(g0.x + cw * static_cast<float>(m.columns), g0.y + ch * static_cast<float>(m.lanes));
    // Sub-partition borders across the grid.
    for (int sub = 1; sub < 4; ++sub) {
      const float y0 = g0.y + ch * static_cast<float>(32 * sub);
      dl->AddLine(ImVec2(o.x, y0), ImVec2(g1.x, y0), IM_COL32(255, 255, 255, 200), 2.f);
    }
    // The axis bands stay in view while the grid scrolls under them, as the fragments view's do
    // (sticky_band): the left one (sub-partition names, lane numbers) and the column numbers on top.
    const float bx = sticky_band(o.x, vis_min.x, g1.x - left);
    const float by = sticky_band(o.y, vis_min.y, g1.y - top);
    m.drawn.lane_band_x = bx;
    m.drawn.column_band_y = by;
    // The column band first, then the left band over its corner; the left band's names and numbers
    // start below the column band (`label_top`), so none hides under it.
    if (by > o.y) sticky_backdrop(dl, ImVec2(std::max(g0.x, vis_min.x), by), ImVec2(vis_max.x, by + top));
    index_labels(dl, sf, g0, m.columns, cw, true, by, by + top - 1.f, vis_min, vis_max, kFragmentIndexLabels);
    const float label_top = std::max(vis_min.y, by + top);
    if (bx > o.x) sticky_backdrop(dl, ImVec2(bx, std::max(g0.y, label_top)), ImVec2(bx + left, vis_max.y));
    // Names of the warps (every fourth from w) that reach lanes 32w to 32w+31, each on a chip of its
    // colour in the text colour that reads on it (readable_text_colour): a dark lane colour on the
    // dark window read as nothing.
    for (int sub = 0; sub < 4; ++sub) {
      const float y0 = g0.y + ch * static_cast<float>(32 * sub), y1 = y0 + 32.f * ch;
      if (sub > 0 && y0 >= label_top)
        dl->AddLine(ImVec2(bx, y0), ImVec2(bx + left, y0), IM_COL32(255, 255, 255, 200), 2.f);
      const std::string chip = tmem_subpartition_chip(sub);
      const char* buf = chip.c_str();
      const ImVec2 ts = sf->CalcTextSizeA(sf->FontSize, 1e9f, 0.f, buf);
      const float lo = std::max(y0, label_top);
      // Within the part of its lanes in view: a sub-partition whose first lanes peek in at the bottom
      // had its name drawn at its middle, below the view.
      const float ty =
          std::clamp((y0 + y1) * 0.5f - ts.y * 0.5f, lo, std::max(lo, std::min(y1, vis_max.y) - ts.y));
      const ImVec2 a(bx + 1.f, ty), b(bx + 3.f + ts.x, ty + ts.y);
      const std::uint32_t fill = lane_colour(8 * sub + 2), ink = readable_text_colour(fill);
      dl->AddRectFilled(a, b, fill, 2.f);
      dl->AddText(sf, sf->FontSize, ImVec2(a.x + 1.f, a.y), ink, buf);
      if (y1 > label_top && y0 < vis_max.y)
        m.drawn.sub_labels.push_back(TmemModel::SubLabel{a.x, a.y, b.x - a.x, b.y - a.y, fill, ink, buf});
    }
    index_labels(dl, sf, g0, m.lanes, ch, false, bx + left - sf->FontSize * 2.2f - 4.f, bx + left - 1.f,
                 ImVec2(vis_min.x, label_top), vis_max, kFragmentIndexLabels);
    end_grid_clip();
  }
  end_zoom_child(z, zoom, cw, ch, kMinTmemZoom, kMaxTmemZoom);
  if (!m.drawn.hover.empty()) text_tooltip(ImVec4(1, 1, 1, 1), m.drawn.hover);
  ImGui::EndChild();
}

}  // namespace

void draw_tmem(AppState& s, TmemModel& m) {
  if (!s.tmem.open || behind_tab(s, kWinTmem)) return;  // behind the stacked slot's tabs: not drawn
  // Tiled under the fragments view's column like the Hopper views, never over another view (issue 22).
  if (!begin_view(s, kWinTmem, &s.tmem.open)) {
    ImGui::End();
    return;
  }
  s.least_view_height.erase(kWinTmem);  // measured again where the grid is drawn (draw_grid)
  TmemControls& c = s.tmem;
  if (ImGui::RadioButton("tcgen05.ld/st", c.mode == TmemMode::load_store)) c.mode = TmemMode::load_store;
  record_widget(s, "tmem_mode_ld");
  ImGui::SameLine();
  if (ImGui::RadioButton("accumulator (tcgen05.mma D)", c.mode == TmemMode::accumulator))
    c.mode = TmemMode::accumulator;
  record_widget(s, "tmem_mode_accumulator");
  ImGui::SameLine();
  if (ImGui::RadioButton("tcgen05.cp (shared -> TMEM)", c.mode == TmemMode::copy)) c.mode = TmemMode::copy;
  record_widget(s, "tmem_mode_cp");
  if (c.mode == TmemMode::load_store)
    draw_load_store_controls(s, c);
  else if (c.mode == TmemMode::accumulator)
    draw_accumulator_controls(s, c);
  else
    draw_copy_controls(s, c);
  if (m.key != tmem_controls_text(c)) m = make_tmem_model(c);
  status_text(kAmberV, "%s", m.status.c_str());
  record_widget(s, "tmem_status");
  if (!m.ok) {
    status_text(kRedV, "refused: %s", m.error.c_str());
    record_widget(s, "tmem_error");
    ImGui::End();
    return;
  }
  ImGui::TextUnformatted(m.title.c_str());
  record_widget(s, "tmem_title");
  if (!m.reach.empty()) {
    status_text(kDimV, "%s", m.reach.c_str());
    record_widget(s, "tmem_reach");
  }
  status_text(kDimV, "%s. %s", m.source.c_str(), m.facts.c_str());
  if (!m.relation.empty()) {
    status_text(ImVec4(0.55f, 0.85f, 1.f, 1.f), "%s", m.relation.c_str());
    record_widget(s, "tmem_relation");
  }
  draw_grid(s, m);
  ImGui::End();
}

}  // namespace fragviz::app
