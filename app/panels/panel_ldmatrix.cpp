// The explorer's ldmatrix over the tile: every loaded tile cell coloured by the lane that
// receives it (label T<lane> r<reg>.lo/hi; for 8-bit and narrower operands the cells are bytes,
// labelled once per register's four, hover naming r<reg>.b0-b3; for tf32 whole registers), each
// matrix row start marked with the lane that supplies its address. Toggling .trans visibly
// transposes each 8x8 matrix on its own.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "../grid_clip.hpp"
#include "../label_text.hpp"
#include "../palette.hpp"
#include "../window_placement.hpp"
#include "fragviz/smem/banks.hpp"
#include "fragviz/viewmodel/ldmatrix_table.hpp"
#include "fragviz/viewmodel/tile_units.hpp"
#include "panels.hpp"

namespace fragviz::app {

namespace {
/// The smallest font size (logical px) a cell's lane number is shrunk to before it is left out.
constexpr float kMinLabelPx = 7.f;
/// Clear room between a cell label and each side of its cells, in ems of the small font: two
/// neighbours' labels are half an em apart or more, and read as two words.
constexpr float kLabelPadEm = 0.25f;
/// The least room between two column indices (pixels).
constexpr float kHeaderGap = 5.f;
/// Room right of the row labels for the row-start bars (up to 6 px for the selected lane's).
constexpr float kRowBarRoom = 7.f;
}  // namespace

void draw_ldmatrix(AppState& s, const Derived& d) {
  if (!begin_view(s, kWinLdmatrix, &s.windows.ldmatrix)) {
    ImGui::End();
    return;
  }
  // The explorer is the .b16 ldmatrix; it belongs with the instruction only where A or B is loaded
  // that way (every entry but f64 and m8n8k4).
  if (draw_no_ldmatrix_notice(s, d, "ldmatrix_none", kLdmatrixViewWho)) {
    s.least_view_height.erase(kWinLdmatrix);  // a notice: no grid to keep readable
    ImGui::End();
    return;
  }
  const LdmatrixTable& t = d.ldmatrix;
  ImGui::TextUnformatted(ldmatrix_mnemonic(t.config).c_str());
  {
    // How the selected instruction itself loads A and B (the explorer may be set differently).
    std::string loads;
    for (Operand op : {Operand::A, Operand::B})
      if (const auto& l = d.op(op).load)
        loads += std::string(loads.empty() ? "" : "; ") + operand_key(op) + ": " +
                 ldmatrix_mnemonic(l->config) + ", " + storage_words(*d.instr, *l);
    ImGui::PushTextWrapPos(0.f);
    status_text(kDimV, "%s loads %s", shape_name(*d.instr).c_str(), loads.c_str());
    if (t.config.trans && element_bits(d.instr->a.type) != 16)
      status_text(
          kAmberV,
          ".trans moves 16-bit elements (cells are halves here): it fills no operand of %s, whose .%s "
          "elements are loaded without it",
          shape_name(*d.instr).c_str(), std::string(to_string(d.instr->a.type)).c_str());
    if (t.unit_bytes != kHalfBytes) {
      const std::string what =
          t.unit_bytes == 1
              ? "bytes: r0.b0 is bits 0-7 of r0"
              : "32-bit words: one ." + std::string(to_string(d.instr->a.type)) + " element each";
      status_text(kDimV, "cells are %s (ldmatrix moves bytes: each lane's register is four bytes of one row)",
                  what.c_str());
    }
    ImGui::PopTextWrapPos();
  }
  // A tile the explorer's load cannot run on (.x4 on a width of 8, a misaligned row stride) is said
  // here too, as the bank view says it: the grid below is then the instruction's delivery over its
  // own matrices, not a load of these controls' tile (newcomer round 7).
  s.frame.ldmatrix_tile_problem.clear();
  if (auto why = validate(s.controls.tile(), t.config, tile_field_unit(d.instr->a.type))) {
    s.frame.ldmatrix_tile_problem = *why;
    status_text(kAmberV,
                "these tile controls cannot be loaded so (%s): the cells below are what %s delivers from its "
                "own matrices",
                why->c_str(), ldmatrix_mnemonic(t.config).c_str());
    record_widget(s, "ldmatrix_tile_problem");
  }
  const LdmatrixProbe* mp = measured_ldmatrix(s);
  if (mp) {
    const int bad = mp->mismatches();
    ImGui::PushTextWrapPos(0.f);
    status_text(bad ? kRedV : kGreenV, "%s: %s, %.1f cycles/instr", s.probe.label.c_str(),
                bad ? (std::to_string(bad) + " elements differ").c_str() : "every element matches",
                mp->cycles_per_instruction);
    ImGui::PopTextWrapPos();
  } else if (s.probe.report && !s.probe.report->ldmatrix.skipped.empty() && !s.probe.report->ldmatrix.ran) {
    status_text(kAmberV, "not run on the device: %s", s.probe.report->ldmatrix.skipped.c_str());
  } else {
    ImGui::TextColored(kDimV, "tile rows 0-%d, %d-byte cells 0-%d; matrix j at rows 8(j%%2), bytes 16(j/2)",
                       t.rows - 1, t.unit_bytes, t.cols - 1);
  }

  const ImVec2 o = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  // The label column: each row's number, then the lane supplying its address ("T15"), both as wide
  // as their widest (a fixed 34 px held "T9" but not "T10": rows 10-15 went unlabelled, round 22).
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  const float fs = sf->FontSize;
  const auto text_w = [&](const char* t, float size) { return sf->CalcTextSizeA(size, 1e9f, 0.f, t).x; };
  const float num_w = text_w(std::to_string(t.rows - 1).c_str(), fs) + 4.f;
  const float lane_w = text_w("T31", fs) + 4.f;
  const float wl = std::max(34.f, num_w + lane_w + kRowBarRoom), hl = 16.f,
              foot = 2.f * ImGui::GetTextLineHeightWithSpacing();
  // Rows as tall as 16 fit; cells as wide as the row's units fit, up to twice their height (a 4-byte
  // cell of tf32 is wider than a half's, a byte's narrower).
  const float ch = std::max(8.f, std::min((avail.x - wl) / 16.f, (avail.y - hl - foot) / 16.f));
  const float cw = std::max(8.f, std::min((avail.x - wl) / static_cast<float>(t.cols), 2.f * ch));
  // Usable from rows a lane number reads in (the "lane" labels: the font at most a pixel taller than
  // a row): the layout keeps the view that tall
  // (a gate view grown for its ladder squeezed these rows to 8 px, issue 22).
  const float least_row = (fonts().small ? fonts().small : ImGui::GetFont())->FontSize - 0.5f;
  s.least_view_height[kWinLdmatrix] = ImGui::GetWindowHeight() - avail.y + hl + foot + 16.f * least_row;
  const int row_cells = kRowBytes / t.unit_bytes;  // cells one row address covers
  const ImVec2 g0(o.x + wl, o.y + hl);
  ImGui::InvisibleButton("##ldm", ImVec2(wl + cw * t.cols, hl + ch * t.rows));
  record_widget(s, "ldmatrix_grid");
  s.frame.ldmatrix_grid = {g0.x, g0.y, cw, ch};
  const bool hovered = ImGui::IsItemHovered();
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const int hc = static_cast<int>(std::floor((mouse.x - g0.x) / cw));
  const int hr = static_cast<int>(std::floor((mouse.y - g0.y) / ch));
  const bool hit = hovered && hr >= 0 && hr < t.rows && hc >= 0 && hc < t.cols;

  // Measured mismatches (the probe checks halves) by the cells they cover.
  std::vector<char> bad(t.cells.size(), 0);
  if (mp)
    for (const LdmatrixCheck& e : mp->elements) {
      if (e.match() || e.expected.row < 0 || e.expected.row >= t.rows) continue;
      for (int b = 0; b < kHalfBytes; b += std::min(t.unit_bytes, kHalfBytes)) {
        const int c = (e.expected.col * kHalfBytes + b) / t.unit_bytes;
        if (e.expected.col >= 0 && c < t.cols) bad[static_cast<std::size_t>(e.expected.row * t.cols + c)] = 1;
      }
    }

  // The grid, clipped to its rectangle up to end_grid_clip().
  ImDrawList* dl = begin_grid_clip(o, ImVec2(g0.x + cw * t.cols, g0.y + ch * t.rows));
  grid_backdrop(dl, g0, ImVec2(g0.x + cw * t.cols, g0.y + ch * t.rows));
  const ImU32 lab = IM_COL32(160, 166, 176, 255);
  char buf[32];
  // One label level for every cell (newcomer round 9: byte cells showed lanes 0-9 and dropped
  // "12"): the first that the widest label (lane 31) fits, the lane number shrunk down to
  // kMinLabelPx before none at all, which the view then says.
  // Returns where the text went (min, max).
  const auto draw_at = [&](float size, ImVec2 a, ImVec2 b, ImU32 col, const char* t) {
    const ImVec2 ts = sf->CalcTextSizeA(size, 1e9f, 0.f, t);
    const ImVec2 at(a.x + (b.x - a.x - ts.x) * 0.5f, a.y + (b.y - a.y - ts.y) * 0.5f);
    dl->AddText(sf, size, at, col, t);
    return std::pair<ImVec2, ImVec2>(at, ImVec2(at.x + ts.x, at.y + ts.y));
  };
  // Byte cells are labelled once per register run: the lane over the four bytes its register
  // holds, at the font's own size (a label per byte shrank to about 6 px at 1600x1000, issue 22);
  // hover names each byte (r<reg>.b0-b3). Halves and words keep a label each (r<reg>.lo/hi).
  const int run = label_run(t);
  // A label keeps kLabelPadEm clear of its cells' edges, so two neighbours' never run together
  // (newcomer issue 22: "T11T11" over two cells of one lane in a short pane, 4 px apart); where
  // none fits, none is drawn and hover gives it.
  const float room = run * cw - 2.f * kLabelPadEm * fs;
  std::string level = "none";
  float label_px = 0;
  if (ch >= 2.f * fs + 2.f && text_w("T31", fs) <= room) {
    level = "two_lines";
    label_px = fs;
  } else if (run > 1 && text_w("T31 r3", fs) <= room && fs <= ch + 1.f) {
    level = "lane_register";  // a register run on one line: "T5 r2"
    label_px = fs;
  } else if (text_w("T31", fs) <= room && fs <= ch + 1.f) {
    level = "lane";
    label_px = fs;
  } else {
    label_px = std::min({fs, fs * room / text_w("31", fs), ch + 1.f});
    if (label_px >= kMinLabelPx) level = "number";
  }
  s.frame.ldmatrix_labels = level;
  s.frame.ldmatrix_label_px = level == "none" ? 0.f : label_px;
  s.frame.ldmatrix_label_run = run;
  s.frame.ldmatrix_labelled = 0;
  s.frame.ldmatrix_cell_labels.clear();
  // Column indices: every one, shrunk like the cells' numbers but kHeaderGap apart (two-digit
  // numbers 2 px apart ran together, round 22); every 2nd, 4th, ... where even that is too small.
  int col_step = 1;
  const float widest_col = text_w(std::to_string(t.cols - 1).c_str(), fs);
  float col_px = std::min(fs, fs * (cw - kHeaderGap) / widest_col);
  while (col_px < kMinLabelPx && col_step < t.cols) {
    col_step *= 2;
    col_px = std::min(fs, fs * (col_step * cw - kHeaderGap) / widest_col);
  }
  s.frame.ldmatrix_col_label_step = col_step;
  s.frame.ldmatrix_col_labels.clear();
  for (int c = 0; c < t.cols; c += col_step) {
    std::snprintf(buf, sizeof buf, "%d", c);
    const float mid = g0.x + (c + 0.5f) * cw, half = 0.5f * col_step * cw;
    draw_at(col_px, ImVec2(mid - half, o.y), ImVec2(mid + half, g0.y), lab, buf);
    const float w = text_w(buf, col_px);
    s.frame.ldmatrix_col_labels.push_back({c, mid - 0.5f * w, mid + 0.5f * w});
  }
  s.frame.ldmatrix_row_labels.assign(static_cast<std::size_t>(t.rows), {});
  const int sel = s.selected_lane, hov = hit ? t.at(hr, hc).lane : s.hovered_lane;
  for (int r = 0; r < t.rows; ++r) {
    std::snprintf(buf, sizeof buf, "%d", r);
    if (centred_text(dl, sf, ImVec2(o.x, g0.y + r * ch), ImVec2(o.x + num_w, g0.y + (r + 1) * ch), lab, buf))
      s.frame.ldmatrix_row_labels[static_cast<std::size_t>(r)].number = buf;
    // One cell per run (a run of one where cells are halves or words), its label over it, and a
    // tick between its bytes at the bottom edge (full-height borders cut through the label).
    for (int c = 0, n = 1; c < t.cols; c += n) {
      n = run_length(t, r, c);
      const LdmatrixTable::Cell& x = t.at(r, c);
      const ImVec2 a(g0.x + c * cw, g0.y + r * ch), b(a.x + n * cw, a.y + ch);
      lane_cell(dl, a, b, x.lane, sel, x.lane == hov);
      for (int k = 1; k < n; ++k)
        dl->AddLine(ImVec2(a.x + k * cw, b.y - 3.f), ImVec2(a.x + k * cw, b.y), IM_COL32(0, 0, 0, 220), 1.f);
      if (level == "none") continue;
      const ImU32 tc = (sel >= 0 && sel != x.lane) ? faded_text_colour() : lane_text_colour(x.lane);
      // A run names its register ("r2"), a single cell its part of one ("r2.lo"): the export's words
      // (ldmatrix_table.hpp).
      const std::string reg = run_register(t, r, c, n);
      std::string said;
      std::pair<ImVec2, ImVec2> ink;
      if (level == "two_lines") {
        std::snprintf(buf, sizeof buf, "T%d", x.lane);
        ink = draw_at(label_px, a, ImVec2(b.x, a.y + ch * 0.5f + 1.f), tc, buf);
        said = buf;
        // The register part only where it fits ("r3.b2" is wider than "T31").
        if (centred_text(dl, sf, ImVec2(a.x, a.y + ch * 0.5f - 1.f), b, tc, reg.c_str())) said += " " + reg;
      } else {
        if (level == "lane_register")
          std::snprintf(buf, sizeof buf, "T%d %s", x.lane, reg.c_str());
        else
          std::snprintf(buf, sizeof buf, level == "lane" ? "T%d" : "%d", x.lane);
        ink = draw_at(label_px, a, b, tc, buf);
        said = buf;
      }
      s.frame.ldmatrix_labelled += n;
      s.frame.ldmatrix_cell_labels.push_back(
          {r, c, c + n - 1, said, ink.first.x, ink.first.y, ink.second.x, ink.second.y});
    }
    for (int c = 0; c < t.cols; ++c)
      if (bad[static_cast<std::size_t>(r * t.cols + c)])
        mismatch_mark(dl, ImVec2(g0.x + c * cw, g0.y + r * ch),
                      ImVec2(g0.x + (c + 1) * cw, g0.y + (r + 1) * ch));
  }
  // Row starts: a bar in the supplying lane's colour left of each matrix row (thicker for the
  // selected lane), and the supplier's number in the label column.
  for (int lane = 0; lane < address_lanes(t.config.num); ++lane) {
    const Coord start = row_start_cell(t, lane);
    const int r = start.row, c = start.col;
    const ImVec2 a(g0.x + c * cw, g0.y + r * ch);
    const float w = lane == sel ? 6.f : 3.f;
    dl->AddRectFilled(ImVec2(a.x - w, a.y + 1), ImVec2(a.x, a.y + ch - 1), lane_colour(lane));
    if (lane == sel)
      dl->AddRect(a, ImVec2(a.x + row_cells * cw, a.y + ch), IM_COL32(255, 255, 255, 255), 0, 0, 2.f);
    if (c == 0) {
      std::snprintf(buf, sizeof buf, "T%d", lane);
      if (centred_text(dl, sf, ImVec2(o.x + num_w, a.y), ImVec2(o.x + num_w + lane_w, a.y + ch),
                       lane_colour(lane), buf) &&
          r >= 0 && r < t.rows)
        s.frame.ldmatrix_row_labels[static_cast<std::size_t>(r)].lane = buf;
    }
  }
  // Matrix boundaries.
  const ImU32 rule = IM_COL32(255, 255, 255, 150);
  if (t.rows == 16)
    dl->AddLine(ImVec2(g0.x, g0.y + 8 * ch), ImVec2(g0.x + t.cols * cw, g0.y + 8 * ch), rule, 2.f);
  if (t.cols == 2 * row_cells)
    dl->AddLine(ImVec2(g0.x + row_cells * cw, g0.y), ImVec2(g0.x + row_cells * cw, g0.y + t.rows * ch), rule,
                2.f);
  end_grid_clip();

  if (hit) {
    const LdmatrixTable::Cell& x = t.at(hr, hc);
    if (ImGui::IsItemClicked(ImGuiMouseButton_Left)) toggle_lane(s, x.lane);
    s.frame.hovered_lane = x.lane;
    const int first = hc * t.unit_bytes;  // byte of the row
    const std::uint32_t byte = tile_byte(s.controls.tile(), hr, first);
    ImGui::BeginTooltip();
    // Its first lines kept for the state dump: a run's one label leaves each byte to the hover.
    const auto line = [&](const char* fmt, auto... v) {
      char text[160];
      std::snprintf(text, sizeof text, fmt, v...);
      ImGui::TextUnformatted(text);
      s.frame.ldmatrix_tooltip.push_back(text);
    };
    line("tile row %d, %s: matrix %d", hr, unit_range("byte", first, first + t.unit_bytes - 1).c_str(),
         (hr / 8) + 2 * (first / kRowBytes));
    line("received by lane %d in register %s (bits %d-%d)", x.lane,
         register_part_name(x.reg, x.part, t.unit_bytes).c_str(), 8 * x.part * t.unit_bytes,
         8 * (x.part + 1) * t.unit_bytes - 1);
    ImGui::Text("row start supplied by lane %d", x.address_lane);
    ImGui::Text("byte %s (%u), bank %d", hex(byte, 4).c_str(), byte, bank_of(byte));
    if (mp)
      for (const LdmatrixCheck& e : mp->elements)
        if (e.expected.row == hr && e.expected.col == first / kHalfBytes) {
          if (e.match())
            status_text(kGreenV, "measured: lane %d r%d.%s holds it", e.lane, e.reg, e.half ? "hi" : "lo");
          else
            ImGui::TextColored(
                kRedV, "measured: lane %d r%d.%s holds %s", e.lane, e.reg, e.half ? "hi" : "lo",
                e.measured
                    ? ("(" + std::to_string(e.measured->row) + "," + std::to_string(e.measured->col) + ")")
                          .c_str()
                    : "no cell");
        }
    ImGui::EndTooltip();
  }
  ImGui::PushTextWrapPos(0.f);
  if (s.frame.ldmatrix_labels == "none") {
    status_text(kAmberV, "cells too narrow for lane numbers: hover a cell for its lane, or widen the view");
    record_widget(s, "ldmatrix_labels_dropped");
  }
  ImGui::TextColored(kDimV, t.config.trans
                                ? ".trans: each 8x8 matrix is transposed on its own; lane l gets column l/4."
                                : "lanes 8j..8j+7 give matrix j's row starts; lane l gets row l/4 of each.");
  ImGui::PopTextWrapPos();
  ImGui::End();
}

}  // namespace fragviz::app
