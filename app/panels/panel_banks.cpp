// Bank view: the tile as 128-byte lines over the 32 four-byte banks, unpadded and padded side by
// side. Words each ldmatrix row address reads are filled with the supplying lane's colour; a bank
// column that one phase (one 8x8 matrix) hits with more than one distinct word is an n-way
// conflict, counted under the column. Figures in Nsight Compute's terms: wavefronts, ideal
// wavefronts (one per matrix), bank conflicts = wavefronts - ideal.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>

#include "../grid_clip.hpp"
#include "../palette.hpp"
#include "../window_placement.hpp"
#include "../zoom_grid.hpp"
#include "fragviz/viewmodel/ldmatrix_table.hpp"
#include "fragviz/viewmodel/tile_units.hpp"
#include "imgui_internal.h"  // the grids' child inside the view's window
#include "panels.hpp"

namespace fragviz::app {

namespace {

const CyclesRow* find_cycles(const AppState& s, const TileGeometry& t) {
  if (!s.probe.report) return nullptr;
  for (const CyclesRow& r : s.probe.report->cycles)
    if (r.config.num == s.controls.num && r.config.trans == s.controls.trans &&
        r.tile.stride_halves() == t.stride_halves() && r.tile.swizzle == t.swizzle)
      return &r;
  return nullptr;
}

/// In Layout mode, why the controls' tile is illegal for ldmatrix: the controls say "illegal for
/// ldmatrix (see bank view)", and the explorer's grids that give the reason are not drawn then.
void draw_explorer_illegal(AppState& s, const Derived& d) {
  if (!d.has_ldmatrix_form || !d.padded.report.error) return;
  answer_text(
      s, "banks_explorer_error", kRedV,
      "The controls' tile (not drawn in Layout mode) is illegal for ldmatrix: " + *d.padded.report.error);
}

/// `c` as the dump writes a drawn colour: "#RRGGBB" of the 8-bit channels ImGui draws.
std::string drawn_hex(const ImVec4& c) {
  const ImU32 p = ImGui::ColorConvertFloat4ToU32(c);
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02X%02X%02X", static_cast<unsigned>(p & 0xFF),
                static_cast<unsigned>((p >> 8) & 0xFF), static_cast<unsigned>((p >> 16) & 0xFF));
  return buf;
}

/// One side's title, its lines (bank_side_lines: File > Export writes the same) and measured lines
/// (the table cell above its grid).
void draw_side_header(AppState& s, const BankTable& bt, const char* title, bool padded, TileFieldUnit unit) {
  const BankReport& rep = bt.report;
  const TileGeometry& t = bt.tile;
  const std::string side = padded ? "padded" : "unpadded";
  const std::string key = "banks_" + side;
  // In the Controls view's unit (bytes for 8-bit data), so the two views count the tile alike.
  const std::string tile_text = tile_stride_text(t, unit);
  s.frame.banks_view.tile_text[side] = tile_text;
  std::vector<BanksViewRecord::StatusLine>& drawn = s.frame.banks_view.status_lines[side];
  drawn.clear();
  ImGui::Text("%s", title);
  for (const BankStatusLine& line : bank_side_lines(tile_text, rep, bt.operand_loads)) {
    const ImVec4 colour = tone_vec(line.tone);
    if (line.key == "tile") ImGui::SameLine();  // beside the title
    // The error and the loads' problems are long: wrapped at the view's edge.
    ImGui::PushTextWrapPos(0.f);
    status_text(colour, "%s", line.text.c_str());
    ImGui::PopTextWrapPos();
    if (line.key != "tile" && line.key != "phases") record_widget(s, (key + "_" + line.key).c_str());
    drawn.push_back({line.text, drawn_hex(colour)});
  }
  // Measured, when the device ran this geometry.
  const LdmatrixProbe* mp = padded ? measured_ldmatrix(s) : nullptr;
  const CyclesRow* cr = find_cycles(s, t);
  ImGui::PushTextWrapPos(0.f);
  char buf[160];
  if (mp) {
    const BankReport m = analyze_addresses(mp->config, mp->addresses);
    const ImVec4 colour = m.wavefronts == rep.wavefronts ? kGreenV : kRedV;
    std::snprintf(buf, sizeof buf, "measured addresses: %d wavefronts, %.1f cycles/ldmatrix", m.wavefronts,
                  mp->cycles_per_instruction);
    status_text(colour, "%s", buf);
    drawn.push_back({buf, drawn_hex(colour)});
  } else if (cr) {
    std::snprintf(buf, sizeof buf, "measured: %d wavefronts (predicted %d), %.1f cycles/ldmatrix",
                  cr->measured_wavefronts, cr->predicted_wavefronts, cr->cycles_per_instruction);
    status_text(kGreenV, "%s", buf);
    drawn.push_back({buf, drawn_hex(kGreenV)});
  }
  ImGui::PopTextWrapPos();
}

/// Margins of each grid: address labels on the left, bank numbers on top, per-bank counts below;
/// and the gap between the two grids.
constexpr float kWl = 46.f, kHl = 16.f, kFoot = 16.f, kGap = 24.f;

/// The rows and columns of tile `t` with a word in the lines and banks either grid shows
/// (`visible`: "unpadded", "padded"), as one block; the two grids scroll together, so their lines in
/// view are the same and their banks in view add up.
VisibleGrid visible_tile(const TileGeometry& t, const std::map<std::string, VisibleGrid>& visible) {
  VisibleGrid out;
  out.rows = t.rows;
  out.cols = t.width_halves;
  int first_line = 1 << 30, last_line = -1, first_bank = kBanks, last_bank = -1;
  for (const auto& [key, v] : visible) {
    if (v.empty()) continue;
    first_line = std::min(first_line, v.first_row);
    last_line = std::max(last_line, v.last_row);
    first_bank = std::min(first_bank, v.first_col);
    last_bank = std::max(last_bank, v.last_col);
  }
  out.first_row = out.rows;
  out.first_col = out.cols;
  for (int r = 0; r < t.rows; ++r)
    for (int c = 0; c < t.width_halves; ++c) {
      const std::uint32_t byte = byte_offset(t, Coord{r, c});
      const int line = static_cast<int>(byte / 128), bank = static_cast<int>(byte / 4 % kBanks);
      if (line < first_line || line > last_line || bank < first_bank || bank > last_bank) continue;
      out.first_row = std::min(out.first_row, r);
      out.last_row = std::max(out.last_row, r);
      out.first_col = std::min(out.first_col, c);
      out.last_col = std::max(out.last_col, c);
    }
  return out;
}

/// One side's grid at `o` with cells cw x chh, drawn where it meets the view's visible part; `window`
/// is the grids' child inside the bank view's window, not clipped to the screen.
void draw_side_grid(AppState& s, const BankTable& bt, bool padded, std::vector<Coord>& marked, ImVec2 o,
                    float cw, float chh, const ImVec2& view_min, const ImVec2& view_max, TileFieldUnit unit,
                    CellLabelMode mode, const ImRect& window) {
  const BankReport& rep = bt.report;
  const TileGeometry& t = bt.tile;
  const std::string key = padded ? "padded" : "unpadded";
  const BankGrid grid = place_bank_grid(("##grid" + key).c_str(), o, bt.lines, kWl, kHl, kFoot, cw, chh);
  const ImVec2 g0 = grid.g0, size = grid.size;
  const bool hit = grid.hit;
  const int hb = grid.hb, hline = grid.hline;
  const ImVec2 vis_min(std::max(view_min.x, o.x), std::max(view_min.y, o.y));
  const ImVec2 vis_max(std::min(view_max.x, o.x + size.x), std::min(view_max.y, o.y + size.y));
  const float none = std::nanf("");
  s.frame.banks_view.grids[key] = {g0.x, g0.y, none, none};
  // The per-bank counts' row: under the grid, or at the view's bottom edge while the grid runs on
  // below it (issue 22: only the grid's last line showed them, yet File > Export's visible part drew
  // them); the lines it covers there are not in view.
  const float foot = kFoot, g1y = g0.y + static_cast<float>(bt.lines) * chh;
  const float fy = std::max(g0.y, std::min(g1y, vis_max.y - foot));
  const bool counts = !rep.error;
  s.frame.banks_view.visible[key] =
      visible_bank_grid(s, grid, vis_min, ImVec2(vis_max.x, counts ? std::min(vis_max.y, fy) : vis_max.y));
  // The same inside the view's own window, less the sticky bands and the counts' row.
  s.frame.banks_view.in_window[key] =
      visible_cells(g0, cw, chh, bt.lines, kBanks,
                    ImVec2(std::max(window.Min.x, o.x) + kWl, std::max(window.Min.y, o.y) + kHl),
                    ImVec2(window.Max.x, window.Max.y - (counts ? foot : 0.f)));
  if (vis_max.x <= vis_min.x || vis_max.y <= vis_min.y) return;

  // The grid, clipped to its visible part up to end_grid_clip().
  ImDrawList* dl = begin_grid_clip(vis_min, vis_max);
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  const ImU32 lab = kBankGridLabel;
  char buf[24];
  const int sel = s.selected_lane, hov = s.hovered_lane;
  for (int line = 0; line < bt.lines; ++line) {
    for (int b = 0; b < 32; ++b) {
      const BankWord& w = bt.words[static_cast<std::size_t>(line * 32 + b)];
      const ImVec2 a(g0.x + b * cw, g0.y + line * chh), z(a.x + cw, a.y + chh);
      ImU32 fill = IM_COL32(18, 18, 22, 255);
      if (w.tile_row >= 0)
        fill = w.pad ? IM_COL32(70, 40, 40, 255)
                     : (w.tile_row % 2 ? IM_COL32(62, 66, 74, 255) : IM_COL32(82, 88, 98, 255));
      int reader = -1;
      if (w.readers) {
        // Lowest reading lane, unless the selected lane reads it.
        reader = (sel >= 0 && (w.readers >> sel) & 1u) ? sel : __builtin_ctz(w.readers);
        fill = lane_colour(reader);
        if (sel >= 0 && !((w.readers >> sel) & 1u)) fill = over_window_bg(fill, 0x60);
      }
      if (w.misaligned) fill = kRed;
      dl->AddRectFilled(a, z, fill);
      bank_word_label(s, dl, key, line, b, reader, mode, a, z, sel >= 0 && !((w.readers >> sel) & 1u));
      if (reader >= 0 && (reader == hov || (sel >= 0 && ((w.readers >> sel) & 1u))))
        dl->AddRect(a, z, IM_COL32(255, 255, 255, 255), 0, 0, reader == sel ? 2.f : 1.f);
    }
  }
  // Tile rows: a thin rule where each 128-byte line starts a new tile row is hard to read; instead
  // mark each row start's word with a notch.
  for (int r = 0; r < t.rows; ++r) {
    const std::uint32_t byte = byte_offset(t, Coord{r, 0});
    const int word = static_cast<int>(byte / 4), line = word / 32, b = word % 32;
    if (line >= bt.lines) continue;
    const ImVec2 a(g0.x + b * cw, g0.y + line * chh);
    dl->AddLine(a, ImVec2(a.x, a.y + chh), IM_COL32(255, 255, 255, 160), 1.5f);
  }
  // Per-bank worst phase in the counts' row, over the cells it covers.
  if (counts) {
    if (fy < g1y)
      sticky_backdrop(dl, ImVec2(std::max(g0.x, vis_min.x), fy),
                      ImVec2(std::min(g0.x + 32.f * cw, vis_max.x), fy + foot));
    const VisibleGrid& shown = s.frame.banks_view.visible[key];  // the banks in view
    std::vector<std::array<int, 2>>& drawn = s.frame.banks_view.counts[key];
    for (int b = 0; b < 32; ++b) {
      int worst = 0;
      for (const PhaseBanks& p : rep.phases) worst = std::max(worst, p.words[static_cast<std::size_t>(b)]);
      if (worst == 0) continue;
      std::snprintf(buf, sizeof buf, "%d", worst);
      const float x0 = g0.x + static_cast<float>(b) * cw;
      centred_text(dl, sf, ImVec2(x0, fy + 1), ImVec2(x0 + cw, fy + foot), worst > 1 ? kRed : lab, buf);
      if (!shown.empty() && b >= shown.first_col && b <= shown.last_col) drawn.push_back({b, worst});
    }
  }
  // Labels last: the bands that stay in view are drawn over the cells scrolled under them.
  const auto bands =
      draw_bank_grid_labels(dl, grid, "0x%03X", vis_min, vis_max, &s.frame.banks_view.address_every);
  s.frame.banks_view.grids[key] = {g0.x, g0.y, bands.first, bands.second};
  end_grid_clip();
  if (sel >= 0 && rep.lanes[static_cast<std::size_t>(sel)].used)
    marked.push_back(rep.lanes[static_cast<std::size_t>(sel)].logical);
  if (hit) {
    const int wi = hline * 32 + hb;
    const BankWord& w = bt.words[static_cast<std::size_t>(wi)];
    ImGui::BeginTooltip();
    ImGui::Text("byte %s-%s, bank %d", hex(static_cast<std::uint32_t>(wi * 4), 4).c_str(),
                hex(static_cast<std::uint32_t>(wi * 4 + 3), 4).c_str(), hb);
    if (w.tile_row < 0)
      ImGui::TextColored(kDimV, "beyond the tile");
    else if (w.pad)
      ImGui::Text("tile row %d: padding", w.tile_row);
    else {
      const int byte = wi * 4 % t.stride_bytes();
      const std::string units = word_units_text(byte, unit);
      ImGui::Text("tile row %d, bytes %d-%d%s", w.tile_row, byte, byte + 3,
                  units.empty() ? "" : (" (" + units + ")").c_str());
    }
    for (int l = 0; l < 32; ++l)
      if ((w.readers >> l) & 1u)
        ImGui::Text("read by lane %d (matrix %d, row %d)%s", l, address_matrix(l), address_row(l),
                    w.misaligned ? " - misaligned" : "");
    ImGui::EndTooltip();
    if (w.readers) {
      s.frame.hovered_lane = __builtin_ctz(w.readers);
      if (ImGui::IsItemClicked(ImGuiMouseButton_Left)) toggle_lane(s, __builtin_ctz(w.readers));
    }
  }
}

}  // namespace

void draw_banks(AppState& s, const Derived& d, const LayoutView& layout) {
  if (!begin_view(s, kWinBanks, &s.windows.banks)) {
    ImGui::End();
    return;
  }
  s.frame.bank_marked_padded.clear();
  s.frame.bank_marked_unpadded.clear();
  // Measured again where a grid is drawn; a notice alone has the layout's floor.
  s.least_view_height.erase(kWinBanks);
  // Explorer tile (the controls' width, pad, xor) or the user's own layout and addresses.
  ImGui::Checkbox("Layout: your own layout and addresses", &s.layout.enabled);
  record_widget(s, "banks_layout_mode");
  if (s.layout.enabled) {
    draw_explorer_illegal(s, d);
    draw_banks_layout(s, layout);
    ImGui::End();
    return;
  }
  // The bank view follows the explorer's ldmatrix, which belongs with the selected instruction only
  // where its A or B is loaded that way (every entry but f64 and m8n8k4: ldmatrix moves bytes, so the
  // row addresses, banks and wavefronts are the same whatever the elements' width).
  if (draw_no_ldmatrix_notice(s, d, "banks_none", kBankViewWho)) {
    ImGui::End();
    return;
  }
  const TileFieldUnit unit = tile_field_unit(d.instr->a.type);
  // The sides' headers scroll in a child where the view cannot hold them whole and kMinBankGridLines
  // lines of the grids under them (issue 22: with the Warpgroup and Descriptor views open at
  // 1600x1000 it showed its headers alone); they keep their first two lines. The layout keeps the
  // view that tall (least_view_height), their height last frame (window storage) sets the child's.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float grid_least = bank_grid_least_height(kHl, kFoot);
  const float header_least = 2.f * ImGui::GetTextLineHeightWithSpacing();
  s.least_view_height[kWinBanks] = ImGui::GetWindowHeight() - ImGui::GetContentRegionAvail().y +
                                   header_least + style.ItemSpacing.y + grid_least;
  ImGuiStorage* storage = ImGui::GetStateStorage();
  const ImGuiID header_id = ImGui::GetID("##sides_height");
  const float room =
      std::max(header_least, ImGui::GetContentRegionAvail().y - style.ItemSpacing.y - grid_least);
  const float natural = storage->GetFloat(header_id, 0.f);
  ImGui::BeginChild("##sides_child", ImVec2(0, natural > 0.f ? std::min(natural, room) : room));
  if (ImGui::BeginTable("##sides", 2, ImGuiTableFlags_BordersInnerV)) {
    ImGui::TableNextColumn();
    draw_side_header(s, d.unpadded, "Unpadded", false, unit);
    ImGui::TableNextColumn();
    draw_side_header(s, d.padded, "Padded", true, unit);
    ImGui::EndTable();
  }
  const float header_h = ImGui::GetCursorPosY();
  ImGui::EndChild();
  storage->SetFloat(header_id, header_h);
  // Both grids side by side in one zoomed, scrolled child: they open at the zoom where every line
  // has its address (a 64 x 64 tile is 64 lines), and "fit" shows them whole.
  const int lines = std::max(d.unpadded.lines, d.padded.lines);
  const float sb = ImGui::GetStyle().ScrollbarSize, bar_h = ImGui::GetFrameHeightWithSpacing();
  // The grid gets the rest of the window (the headers above scroll to leave it its least).
  const ImVec2 avail(ImGui::GetContentRegionAvail().x,
                     std::max(ImGui::GetContentRegionAvail().y, grid_least));
  const ImVec2 fit =
      fit_bank_cells(ImVec2(avail.x - sb - 10.f, avail.y - bar_h - sb), 2, lines, kWl, kHl, kFoot, kGap);
  const float readable = readable_bank_zoom(fit);
  GridZoom& z = s.banks_zoom;
  zoom_for(z, "explorer " + std::to_string(d.unpadded.lines) + " " + std::to_string(d.padded.lines), readable,
           s.frame.layout.views_changed);
  zoom_bar(s, z, "banks", kMinBanksZoom, kMaxBanksZoom, readable,
           "1x fits both grids in the view; the view opens at the zoom where every 128-byte line has its\n"
           "address. Ctrl+wheel over the grids zooms about the mouse; wheel scrolls, shift+wheel sideways.");
  const float zoom = std::clamp(z.zoom, kMinBanksZoom, kMaxBanksZoom);
  const ImVec2 cell = zoomed_bank_cells(fit, zoom);
  const float cw = cell.x, chh = cell.y;
  const float grid_w = kWl + 32.f * cw;
  begin_zoom_child(s, z, "##banks_view", "banks_view", ImVec2(0, avail.y - bar_h),
                   ImVec2(2.f * grid_w + kGap + 4.f, kHl + static_cast<float>(lines) * chh + kFoot + 4.f),
                   zoom, cw, chh);
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImDrawList* wl = ImGui::GetWindowDrawList();
  const ImVec2 view_min = wl->GetClipRectMin(), view_max = wl->GetClipRectMax();
  // A word says which lane reads it where the zoom lets it hold the label (the fragments view's rule);
  // File > Export labels the words the same way.
  const CellLabelMode mode = bank_word_label_mode(cw, chh);
  // The grids' child inside the bank view's window (the child runs on under a long header).
  ImRect window = ImGui::GetCurrentWindow()->InnerRect;
  window.ClipWithFull(ImGui::GetCurrentWindow()->ParentWindow->InnerRect);
  draw_side_grid(s, d.unpadded, false, s.frame.bank_marked_unpadded, o, cw, chh, view_min, view_max, unit,
                 mode, window);
  draw_side_grid(s, d.padded, true, s.frame.bank_marked_padded, ImVec2(o.x + grid_w + kGap, o.y), cw, chh,
                 view_min, view_max, unit, mode, window);
  s.frame.banks_view.label_mode = cell_label_mode_name(mode);
  s.banks_labels = export_labels(mode);
  const ZoomScroll sc = end_zoom_child(z, zoom, cw, chh, kMinBanksZoom, kMaxBanksZoom);
  record_banks_view(s, zoom, readable, cw, chh, sc);
  s.frame.banks_view.visible_tile = visible_tile(d.padded.tile, s.frame.banks_view.visible);
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace fragviz::app
