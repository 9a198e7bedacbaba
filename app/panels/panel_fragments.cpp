// A, B and C/D fragment grids of the selected instruction, arranged as the product is read: A to
// the left, B above, C/D at the bottom right, so a row of A and a column of B meet at the C/D cell
// they produce. Any M/N/K: the grids sit in a scrolled child window with a zoom (zoom_grid.hpp:
// slider, "fit", "labels", ctrl+wheel about the mouse); zoom 1 fits everything (rows never shorter
// than half an index label: a view too short for that scrolls), and the view opens
// at the smallest zoom at which every cell holds "T<lane> V<element>" and every row and column its
// index; the index bands stay in view while their grid scrolls under them. m8n8k4 .f16 shows its four
// independent quad-pair products as four such blocks, arranged to give the largest cells.
//
//   +----------------------+---+-----------+
//   | corner: mnemonic,    | k | B (k x n) |
//   | legend               |   |           |
//   +----------------------+---+-----------+
//   | k labels             |   | "C/D"     |
//   +---+------------------+---+-----------+
//   | m | A (m x k)        | m | C/D (m x n)|
//
// Only the cells inside the visible part of the child are drawn (the largest operand, b1
// m16n8k256's A, has 4096 cells), clipped to that visible part.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "../grid_clip.hpp"
#include "../palette.hpp"
#include "../window_placement.hpp"
#include "../zoom_grid.hpp"
#include "find_field.hpp"
#include "fragviz/smem/banks.hpp"
#include "fragviz/util/words.hpp"
#include "fragviz/viewmodel/fragments_header.hpp"
#include "fragviz/viewmodel/grid_marks.hpp"
#include "fragviz/viewmodel/tile_units.hpp"
#include "imgui_internal.h"  // ImGui::SetNextWindowScroll
#include "panels.hpp"

namespace fragviz::app {

namespace {

// [SECTION] geometry

/// Fixed margins in logical pixels: row labels, the gap between A and B/C, column labels, B's
/// title line, and the gap between product blocks (quad pairs).
struct Margins {
  float wl = 26.f, gap = 24.f, hl = 18.f, btitle = 18.f, block_gap = 28.f;
};

/// Where each grid of each product block lies, in screen coordinates.
struct GridGeom {
  float cw = 0, ch = 0;
  int per_row = 1;  ///< product blocks per row
  Margins mg;
  int m = 0, n = 0, k = 0, products = 1;
  ImVec2 origin;  ///< top-left of the whole arrangement
  ImVec2 size;    ///< its size
  float block_w = 0, block_h = 0;
  ImVec2 block(int p) const {
    return ImVec2(origin.x + static_cast<float>(p % per_row) * (block_w + mg.block_gap),
                  origin.y + static_cast<float>(p / per_row) * (block_h + mg.block_gap));
  }
  /// Top-left of operand `op`'s grid in product block `p`.
  ImVec2 grid(Operand op, int p) const {
    const ImVec2 b = block(p);
    const float xa = b.x + mg.wl, xb = xa + static_cast<float>(k) * cw + mg.gap;
    const float yb = b.y + mg.btitle + mg.hl, ya = yb + static_cast<float>(k) * ch + mg.gap;
    return op == Operand::A ? ImVec2(xa, ya) : op == Operand::B ? ImVec2(xb, yb) : ImVec2(xb, ya);
  }
  ImVec2 cell_min(Operand op, int p, int row, int col) const {
    const ImVec2 g = grid(op, p);
    return ImVec2(g.x + static_cast<float>(col) * cw, g.y + static_cast<float>(row) * ch);
  }
};

/// Width the B and C/D titles need right of B's left edge.
constexpr float kTitleWidth = 120.f;

GridGeom make_geom(const Instruction& in, ImVec2 origin, float cw, float ch, int per_row, const Margins& mg) {
  GridGeom g;
  g.cw = cw;
  g.ch = ch;
  g.per_row = per_row;
  g.mg = mg;
  g.m = in.m;
  g.n = in.n;
  g.k = in.k;
  g.products = in.products;
  g.origin = origin;
  g.block_w = mg.wl + static_cast<float>(in.k + in.n) * cw + mg.gap;
  g.block_h = mg.btitle + mg.hl + static_cast<float>(in.k + in.m) * ch + mg.gap;
  const int rows = (in.products + per_row - 1) / per_row;
  // Room right of a narrow B and C/D for their titles.
  g.block_w += std::max(0.f, kTitleWidth - static_cast<float>(in.n) * cw);
  g.size = ImVec2(static_cast<float>(per_row) * g.block_w + static_cast<float>(per_row - 1) * mg.block_gap,
                  static_cast<float>(rows) * g.block_h + static_cast<float>(rows - 1) * mg.block_gap);
  return g;
}

/// Cell size (and blocks per row) that fits every grid into `avail` at zoom 1: at most 64x40 as
/// the seed drew them; whole pixels down to 4, fractions below in width (b1 m16n8k256 fits its 264
/// columns at about 3 wide), but never less than `min_ch` tall: a view too short for every row at
/// that height scrolls instead (a Hopper window below it made 2-3 px rows nobody could read or hit).
struct Fit {
  float cw, ch;
  int per_row;
};
/// The widest a fitted cell may be against its height.
constexpr float kMaxCellAspect = 3.f;

/// The least height (logical px) of the grids' area the layout keeps the view (least_view_height):
/// m16n8k16's grids whole at "fit"'s least row height (about 232 px). A longer instruction scrolls
/// its grids in that much; a view under it showed 81-126 px of grids under its header (issue 22).
constexpr float kMinFragmentsGridHeight = 240.f;

Fit fit_cells(const Instruction& in, ImVec2 avail, const Margins& mg, float min_ch) {
  Fit best{1.f, 1.f, 1};
  float best_score = -1.f;
  for (int per_row : {1, 2, 4}) {
    if (per_row > in.products || in.products % per_row) continue;
    const int rows = in.products / per_row;
    const float fixed_w =
        static_cast<float>(per_row) * (mg.wl + mg.gap) + static_cast<float>(per_row - 1) * mg.block_gap;
    const float fixed_h =
        static_cast<float>(rows) * (mg.btitle + mg.hl + mg.gap) + static_cast<float>(rows - 1) * mg.block_gap;
    auto size = [](float raw, float most) {
      return std::min(most, raw >= 4.f ? std::floor(raw) : std::max(raw, 1.f));
    };
    // A B and C/D narrower than their titles get room for them (make_geom): a block is then k cells
    // and kTitleWidth wide, so the cells may be no wider than that leaves (else the view overflows
    // its width by a few pixels and scrolls sideways).
    const float free_w = avail.x - fixed_w;
    const float cw_all = free_w / static_cast<float>(per_row * (in.k + in.n));
    const float cw_titled =
        (free_w - static_cast<float>(per_row) * kTitleWidth) / static_cast<float>(per_row * in.k);
    float cw = size(cw_all * static_cast<float>(in.n) >= kTitleWidth ? cw_all : cw_titled, 64.f);
    const float ch =
        std::max(min_ch, size((avail.y - fixed_h) / static_cast<float>(rows * (in.k + in.m)), 40.f));
    // A short view (a Hopper window below it) must not make flat, wide cells: zooming those to
    // readable height stretched them sideways (newcomer round 8). At most kMaxCellAspect wide.
    cw = std::min(cw, std::max(1.f, std::floor(ch * kMaxCellAspect)));
    // Cells read best about 1.6 times as wide as tall ("T31 V7" on one line).
    const float score = std::min(cw, ch * 1.6f);
    if (score > best_score) {
      best_score = score;
      best = Fit{cw, ch, per_row};
    }
  }
  return best;
}

struct Hit {
  Operand op = Operand::A;
  int product = 0, row = -1, col = -1;
};

// [SECTION] tooltip

/// One probe's check of a cell: what it measured, and the value that named it (the tensor-core
/// probe's label for A/B, else the raw register bits).
void check_line(const ElementCheck& e, const char* via, bool products, bool label) {
  const std::string got = e.measured ? coord_text(*e.measured, products) : std::string("no cell");
  const std::string raw = label ? "label " + std::to_string(e.raw) : "raw " + hex(e.raw, 8);
  if (e.match())
    status_text(kGreenV, "%s: %s, %s  matches", via, got.c_str(), raw.c_str());
  else
    status_text(kRedV, "%s: %s, %s  DIFFERS from the model", via, got.c_str(), raw.c_str());
}

void cell_tooltip(const AppState& s, const Derived& d, const Hit& h) {
  const OperandTable& t = d.op(h.op);
  const Owner o = t.at(h.row, h.col, h.product);
  const RegisterSlot slot = register_slot(*d.instr, h.op, o.element);
  const bool products = t.products > 1;
  ImGui::BeginTooltip();
  ImGui::Text("%s[%d][%d]%s   lane %d (T%d V%d)", operand_title(h.op).c_str(), h.row, h.col,
              products ? (" of quad pair " + std::to_string(h.product)).c_str() : "", o.lane, o.lane,
              o.element);
  ImGui::Separator();
  ImGui::Text("element   %s (V%d), .%s", element_name(h.op, o.element).c_str(), o.element,
              std::string(to_string(t.type)).c_str());
  ImGui::Text("register  %s (%s), %s, register %s", register_name(t, slot.reg).c_str(),
              register_index_name(slot.reg).c_str(), register_part(slot).c_str(), bit_range(slot).c_str());
  ImGui::Text("row %d, col %d   groupID %d, threadID_in_group %d", h.row, h.col, group_id(o.lane),
              thread_id_in_group(o.lane));
  if (h.op != Operand::C)
    ImGui::TextColored(kDimV, "tensor-core probe label %ld (lane %d x %d + element %d + 1)",
                       probe_label(t, o.lane, o.element), o.lane, t.per_lane, o.element);
  ImGui::Separator();
  if (t.load) {
    // Where ldmatrix takes this element from: its byte in the stored operand (the tile controls'
    // stride and swizzle), in register slot.reg at the element's bits.
    const FragmentLoad& l = *t.load;
    const Coord got = loaded_byte(l, o.lane, slot.reg, slot.bit / 8);
    const TileGeometry tile = s.controls.tile();
    status_text(kDimV, "from shared memory by %s, %s", ldmatrix_mnemonic(l.config).c_str(),
                storage_words(*d.instr, l).c_str());
    if (const auto problem = operand_tile_problem(*d.instr, h.op, tile, tile_field_unit(d.instr->a.type))) {
      // No address: it would be another cell's (the finding of a width-8 tile under a 16-wide A).
      status_text(kRedV, "no shared-memory address: %s", problem->c_str());
    } else {
      const std::uint32_t byte = tile_byte(tile, got.row, got.col);
      ImGui::Text("stored row %d, byte %d%s   (stride %d bytes)", got.row, got.col,
                  slot.bits < 8 ? (", bits " + std::to_string(slot.bit % 8) + "-" +
                                   std::to_string(slot.bit % 8 + slot.bits - 1))
                                      .c_str()
                                : "",
                  tile.stride_bytes());
      ImGui::Text("byte %s (%u), bank %d", hex(byte, 4).c_str(), byte, bank_of(byte));
    }
    const int al = t.address_lane[static_cast<std::size_t>(t.cell(Coord{h.row, h.col, h.product}))];
    if (al >= 0)
      ImGui::Text("row start supplied by lane %d (matrix %d, row %d)", al, address_matrix(al),
                  address_row(al));
    if (d.padded.report.error) status_text(kRedV, "this tile geometry is illegal for ldmatrix");
  } else {
    status_text(kDimV, "%s", t.no_load.c_str());
  }
  const int slot_index = o.lane * t.per_lane + o.element;
  const ElementCheck* ip = d.measured.ip_check(h.op, slot_index);
  const ElementCheck* fp = d.measured.fp_check(h.op, slot_index);
  const ElementCheck* fd = d.measured.fd_check(h.op, slot_index);
  if (ip || fp || fd) ImGui::Separator();
  if (ip) check_line(*ip, "measured (tensor core)", products, h.op != Operand::C);
  if (fp) check_line(*fp, "measured (through ldmatrix)", products, false);
  if (fd) {
    // Its raw value is the stored byte the register byte came from (the byte-labelled tile).
    const std::string got = fd->measured ? coord_text(*fd->measured, products) : std::string("no cell");
    status_text(fd->match() ? kGreenV : kRedV, "measured (ldmatrix bytes): %s, from stored byte %u  %s",
                got.c_str(), fd->raw, fd->match() ? "matches" : "DIFFERS from the model");
  }
  ImGui::EndTooltip();
}

// [SECTION] drawing

/// The element the Find field went to: a ring around its cell (in every product where it names
/// none), over the lane colours.
void found_outline(ImDrawList* dl, const GridGeom& g, const WhereRequest& w) {
  for (int p = 0; p < g.products; ++p) {
    if (w.product >= 0 && p != w.product) continue;
    const ImVec2 a = g.cell_min(w.op, p, w.row, w.col);
    found_ring(dl, a, ImVec2(a.x + g.cw, a.y + g.ch));
  }
}

/// Where a heading or legend line was drawn: its text's box, clipped as drawn (for the state dump).
void record_text(std::vector<TextRecord>* out, ImFont* f, ImVec2 at, const char* text, ImVec2 clip_max) {
  if (!out) return;
  const ImVec2 sz = f->CalcTextSizeA(f->FontSize, 1e9f, 0.f, text);
  const float w = std::min(sz.x, clip_max.x - at.x), h = std::min(sz.y, clip_max.y - at.y);
  if (w > 0 && h > 0) out->push_back(TextRecord{text, Rect{at.x, at.y, w, h}, w < sz.x || h < sz.y});
}

/// The legend in the corner above A and left of B: whole lines only, as many as the corner holds
/// (a line cut at the corner's foot read as run into A's title), each wrapped at whole words to the
/// corner's width (newcomer issue 22: at 1.00x a narrow A's corner cut its lines behind B's grid).
/// Where lines are left out, the corner's last line says how many ("... 2 more lines (hover)"), and
/// hovering the corner shows them all: a short corner showed the first lines and nothing said more
/// were there (issue 22). A marker, not a taller corner: the grids keep their place at every zoom.
/// `labels`: what the cells show at this zoom, which the legend says (scene::cell_legend).
void draw_corner(ImDrawList* dl, const Derived& d, const GridGeom& g, scene::CellLabels labels,
                 std::vector<TextRecord>* texts) {
  const Instruction& in = *d.instr;
  const ImVec2 b0 = g.block(0);
  const ImVec2 a = g.grid(Operand::A, 0), b = g.grid(Operand::B, 0);
  // Half an em short of B's row labels, so a clipped line never reads on into them.
  const ImVec2 clip(b.x - g.mg.gap - 0.5f * ImGui::GetFontSize(),
                    a.y - g.mg.gap - ImGui::GetTextLineHeight() - 2.f);
  const ImU32 dim = IM_COL32(170, 176, 186, 255);
  ImFont* font = ImGui::GetFont();
  const float x = b0.x + 4.f, width = std::max(1.f, clip.x - x);
  std::string all;  // every line, for the tooltip
  // The lines wrapped to the corner's width, each piece with its line's index.
  struct Piece {
    std::string text;
    ImU32 col;
    int line;
  };
  std::vector<Piece> pieces;
  int lines = 0;
  auto line = [&](const std::string& text, ImU32 col) {
    all += (all.empty() ? "" : "\n") + text;
    // Whole words to the corner's width (a word wider than it alone on its line, cut).
    const char* s = text.c_str();
    const char* end = s + text.size();
    while (s < end) {
      const char* cut = font->CalcWordWrapPositionA(1.f, s, end, width);
      if (cut == s) cut = s + 1;
      std::string p(s, cut);
      while (!p.empty() && p.back() == ' ') p.pop_back();
      pieces.push_back(Piece{std::move(p), col, lines});
      s = cut;
      while (s < end && *s == ' ') ++s;
    }
    ++lines;
  };
  line(short_mnemonic(in), IM_COL32(230, 230, 235, 255));
  // The header the export carries too (fragments_header_lines), with the cell legend after its
  // first line.
  const std::vector<std::string> header = fragments_header_lines(in);
  for (std::size_t i = 0; i < header.size(); ++i) {
    line(header[i], dim);
    if (i == 0) line(std::string(scene::cell_legend(labels)), dim);
  }
  // The whole lines the corner holds; where that is fewer than the pieces, the last says how many of
  // the summary's lines (as the tooltip shows them, unwrapped) are left out, wholly or in part.
  const float top = b0.y + 2.f;
  std::size_t room = 0;
  while (top + static_cast<float>(room) * ImGui::GetTextLineHeightWithSpacing() +
             ImGui::GetTextLineHeight() <=
         clip.y)
    ++room;
  const bool left_out = pieces.size() > room;
  if (left_out && room > 0) {
    const int more = lines - pieces[room - 1].line;
    const std::string n = std::to_string(more);
    // The longest of these that fits the corner's width.
    std::string marker = "...";
    for (const std::string& m :
         {"... " + plural(more, "more line") + " (hover)", "... +" + n + " (hover)", "... +" + n})
      if (font->CalcTextSizeA(font->FontSize, 1e9f, 0.f, m.c_str()).x <= width) {
        marker = m;
        break;
      }
    pieces.resize(room - 1);
    pieces.push_back(Piece{marker, dim, lines});
  }
  dl->PushClipRect(b0, clip, true);
  float y = top;
  for (std::size_t i = 0; i < pieces.size() && i < room; ++i) {
    dl->AddText(ImVec2(x, y), pieces[i].col, pieces[i].text.c_str());
    record_text(texts, font, ImVec2(x, y), pieces[i].text.c_str(), clip);
    y += ImGui::GetTextLineHeightWithSpacing();
  }
  dl->PopClipRect();
  if (left_out && ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows) &&
      ImGui::IsMouseHoveringRect(b0, clip))
    ImGui::SetTooltip("%s", all.c_str());
}

/// Grid titles: B's above its column indices, A's at the bottom of the corner above A, C/D's in the
/// gap above C/D; and the quad-pair title of a product block.
void draw_titles(ImDrawList* dl, const GridGeom& g, int p, std::vector<TextRecord>* texts) {
  ImFont* bf = fonts().bold ? fonts().bold : ImGui::GetFont();
  const ImU32 white = IM_COL32(240, 240, 240, 255);
  char buf[96];
  const ImVec2 a = g.grid(Operand::A, p), b = g.grid(Operand::B, p), c = g.grid(Operand::C, p);
  if (g.products > 1) {
    // The block's corner: which product, and its lanes.
    const ImVec2 b0 = g.block(p);
    dl->PushClipRect(b0, ImVec2(b.x - 4.f, a.y - g.mg.gap), true);
    std::snprintf(buf, sizeof buf, "quad pair %d", p);
    dl->AddText(bf, bf->FontSize, ImVec2(b0.x + 2.f, b0.y + 1.f), IM_COL32(255, 220, 140, 255), buf);
    std::snprintf(buf, sizeof buf, "lanes %d-%d, %d-%d", 4 * p, 4 * p + 3, 16 + 4 * p, 16 + 4 * p + 3);
    dl->AddText(ImVec2(b0.x + 2.f, b0.y + 2.f + ImGui::GetTextLineHeight()), IM_COL32(255, 220, 140, 255),
                buf);
    dl->PopClipRect();
  }
  const ImVec2 far(1e9f, 1e9f);
  std::snprintf(buf, sizeof buf, "B  %dx%d (k x n)", g.k, g.n);
  const ImVec2 bt(b.x, b.y - g.mg.hl - g.mg.btitle + 1.f);
  dl->AddText(bf, bf->FontSize, bt, white, buf);
  record_text(texts, bf, bt, buf, far);
  // A's title stays in A's column: clipped short of C/D's (a narrow A under a short view ran on
  // into "C/D").
  std::snprintf(buf, sizeof buf, "A  %dx%d (m x k)", g.m, g.k);
  const ImVec2 at(a.x - g.mg.wl + 4.f, a.y - g.mg.gap - bf->FontSize - 2.f);
  const ImVec2 a_clip(b.x - 0.5f * g.mg.gap, a.y);
  dl->PushClipRect(at, a_clip, true);
  dl->AddText(bf, bf->FontSize, at, white, buf);
  dl->PopClipRect();
  record_text(texts, bf, at, buf, a_clip);
  std::snprintf(buf, sizeof buf, "C/D  %dx%d", g.m, g.n);
  const ImVec2 ca(c.x, c.y - g.mg.gap), cb(c.x + static_cast<float>(g.n) * g.cw, c.y);
  const char* cd = buf;
  if (!centred_text(dl, bf, ca, cb, white, buf)) {
    cd = "C/D";
    if (!centred_text(dl, bf, ImVec2(ca.x - 20.f, ca.y), ImVec2(cb.x + 20.f, cb.y), white, cd)) return;
  }
  const ImVec2 cs = bf->CalcTextSizeA(bf->FontSize, 1e9f, 0.f, cd);
  record_text(texts, bf, ImVec2(0.5f * (ca.x + cb.x - cs.x), 0.5f * (ca.y + cb.y - cs.y)), cd, far);
}

/// One operand grid of one product block: cells in the visible range, labels, marks, rules.
void draw_grid(ImDrawList* dl, AppState& s, const Derived& d, const GridGeom& g, Operand op, int p,
               int hover_lane, const ImVec2& vis_min, const ImVec2& vis_max, CellLabelMode mode, int& drawn) {
  const OperandTable& t = d.op(op);
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  const ImVec2 g0 = g.grid(op, p);
  const ImVec2 g1(g0.x + static_cast<float>(t.cols) * g.cw, g0.y + static_cast<float>(t.rows) * g.ch);
  // Visible cell range (inclusive start, exclusive end).
  const int c0 = std::clamp(static_cast<int>(std::floor((vis_min.x - g0.x) / g.cw)), 0, t.cols);
  const int c1 = std::clamp(static_cast<int>(std::ceil((vis_max.x - g0.x) / g.cw)), 0, t.cols);
  const int r0 = std::clamp(static_cast<int>(std::floor((vis_min.y - g0.y) / g.ch)), 0, t.rows);
  const int r1 = std::clamp(static_cast<int>(std::ceil((vis_max.y - g0.y) / g.ch)), 0, t.rows);
  if (c0 >= c1 || r0 >= r1) return;
  if (g.cw >= 5.f && g.ch >= 5.f)
    grid_backdrop(dl, ImVec2(g0.x + static_cast<float>(c0) * g.cw, g0.y + static_cast<float>(r0) * g.ch),
                  ImVec2(g0.x + static_cast<float>(c1) * g.cw, g0.y + static_cast<float>(r1) * g.ch));
  const int sel = s.selected_lane;
  const std::vector<std::uint8_t>& state = d.measured.cell_state[static_cast<std::size_t>(op)];
  const bool tick = g.cw >= 10.f && g.ch >= 10.f;
  const bool tiny = g.cw < 5.f || g.ch < 5.f;
  char label[24], l1[12], l2[12];
  for (int r = r0; r < r1; ++r)
    for (int c = c0; c < c1; ++c) {
      const int cell = t.cell(Coord{r, c, p});
      const Owner ow = t.owner[static_cast<std::size_t>(cell)];
      const ImVec2 a = g.cell_min(op, p, r, c), b(a.x + g.cw, a.y + g.ch);
      ++drawn;
      // File > Compare with report: an element whose fields differ between the two reports.
      const bool compared =
          s.comparison && marks_element(*s.comparison, d.instr->mnemonic, op, ow.lane, ow.element);
      if (compared) s.frame.compare_marked[operand_key(op)].push_back(Coord{r, c, p});
      if (tiny) {
        // No room for a border or an outline: the selected lane stays bright, the others dim.
        ImU32 fill = lane_colour(ow.lane);
        if ((sel >= 0 && sel != ow.lane) || (sel < 0 && hover_lane >= 0 && hover_lane != ow.lane))
          fill = over_window_bg(fill, 0x38);
        dl->AddRectFilled(a, b, fill);
        if (state.empty() ? false : state[static_cast<std::size_t>(cell)] == 2) dl->AddRectFilled(a, b, kRed);
        if (compared) dl->AddRect(a, b, kAmber, 0, 0, 1.f);
        continue;
      }
      lane_cell(dl, a, b, ow.lane, sel, ow.lane == hover_lane);
      const ImU32 tc = (sel >= 0 && sel != ow.lane) ? faded_text_colour() : lane_text_colour(ow.lane);
      switch (mode) {
        case CellLabelMode::full:
          std::snprintf(label, sizeof label, "T%d V%d", ow.lane, ow.element);
          centred_text(dl, sf, a, b, tc, label);
          break;
        case CellLabelMode::two_lines:
          std::snprintf(l1, sizeof l1, "T%d", ow.lane);
          std::snprintf(l2, sizeof l2, "V%d", ow.element);
          centred_text(dl, sf, a, ImVec2(b.x, a.y + g.ch * 0.5f + 1.f), tc, l1);
          centred_text(dl, sf, ImVec2(a.x, a.y + g.ch * 0.5f - 1.f), b, tc, l2);
          break;
        case CellLabelMode::owner:
          std::snprintf(l1, sizeof l1, "T%d", ow.lane);
          centred_text(dl, sf, a, b, tc, l1);
          break;
        case CellLabelMode::number:
          std::snprintf(l1, sizeof l1, "%d", ow.lane);
          centred_text(dl, sf, a, b, tc, l1);
          break;
        case CellLabelMode::none:
          break;
      }
      if (compared)
        dl->AddRect(ImVec2(a.x + 1.f, a.y + 1.f), ImVec2(b.x - 1.f, b.y - 1.f), kAmber, 0, 0, 3.f);
      const std::uint8_t st = state.empty() ? 0 : state[static_cast<std::size_t>(cell)];
      if (st == 2) {
        mismatch_mark(dl, a, b);
      } else if (st == 1 && tick) {
        // Measured and matching: a small green corner.
        dl->AddTriangleFilled(
            ImVec2(b.x - 7.f, a.y + 1.f), ImVec2(b.x - 1.f, a.y + 1.f), ImVec2(b.x - 1.f, a.y + 7.f),
            IM_COL32(kMatchesMarkColour.r, kMatchesMarkColour.g, kMatchesMarkColour.b, 255));
      }
    }
  // Rules every 8 rows and columns for reading (every 32 stronger): grid_rules, which the export
  // draws too.
  auto rules = [&](int count, float cell, bool vertical) {
    for (const GridRule& rule : grid_rules(count, cell)) {
      // The screen paper's ink, translucent: the stroke File > Export draws too (grid_rule_stroke).
      const RuleStroke st = grid_rule_stroke(assets().palette.screen, rule.strong, tiny);
      const ImU32 col = IM_COL32(st.colour.r, st.colour.g, st.colour.b, st.alpha);
      const float width = st.width;
      if (vertical) {
        const float x = g0.x + static_cast<float>(rule.index) * cell;
        if (x >= vis_min.x && x <= vis_max.x) dl->AddLine(ImVec2(x, g0.y), ImVec2(x, g1.y), col, width);
      } else {
        const float y = g0.y + static_cast<float>(rule.index) * cell;
        if (y >= vis_min.y && y <= vis_max.y) dl->AddLine(ImVec2(g0.x, y), ImVec2(g1.x, y), col, width);
      }
    }
  };
  rules(t.rows, g.ch, false);
  rules(t.cols, g.cw, true);
}

/// One operand grid's index labels, drawn after every grid: its columns above it (A's k, B's n; C/D
/// shares B's, and gets its own band only once B's has scrolled away), its rows to its left, pinned
/// in view while the grid is (pinned_index_labels). Returns the column band's top and the row band's
/// left (NaN where none is drawn).
std::pair<float, float> draw_grid_labels(ImDrawList* dl, const Derived& d, const GridGeom& g, Operand op,
                                         int p, const ImVec2& vis_min, const ImVec2& vis_max,
                                         std::vector<TextRecord>* drawn) {
  const OperandTable& t = d.op(op);
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  return pinned_index_labels(dl, sf, g.grid(op, p), t.rows, t.cols, g.cw, g.ch, g.mg.hl,
                             op == Operand::A ? g.mg.wl : g.mg.gap, op != Operand::C, vis_min, vis_max,
                             kFragmentIndexLabels, drawn);
}

/// The smallest zoom (from 1, fit, in steps of 3%) at which every cell holds "T<lane> V<element>"
/// and every row and column index is drawn; kMaxFragmentsZoom where none is.
float readable_zoom(const Instruction& in, ImFont* sf, const Fit& fit, int max_element) {
  int rows = 0, cols = 0;
  for (Operand op : {Operand::A, Operand::B, Operand::C}) {
    rows = std::max(rows, operand_rows(in, op));
    cols = std::max(cols, operand_cols(in, op));
  }
  for (float z = kMinFragmentsZoom; z <= kMaxFragmentsZoom; z *= 1.03f) {
    const float cw = zoomed_cell(fit.cw, z), ch = zoomed_cell(fit.ch, z);
    if (cell_label_mode(sf, cw, ch, kWarpSize - 1, max_element) == CellLabelMode::full &&
        index_label_step(sf, rows, ch, false, kFragmentIndexLabels) == 1 &&
        index_label_step(sf, cols, cw, true, kFragmentIndexLabels) == 1)
      return z;
  }
  return kMaxFragmentsZoom;
}

/// Whether a grid cell of `cw` x `ch` names its lane ("T<lane>" at least: the element, where it
/// does not, on hover) and every row and column index of `in`'s grids is drawn.
bool labelled_cells(const Instruction& in, ImFont* sf, float cw, float ch, int max_element) {
  int rows = 0, cols = 0;
  for (Operand op : {Operand::A, Operand::B, Operand::C}) {
    rows = std::max(rows, operand_rows(in, op));
    cols = std::max(cols, operand_cols(in, op));
  }
  const CellLabelMode mode = cell_label_mode(sf, cw, ch, kWarpSize - 1, max_element);
  return (mode == CellLabelMode::full || mode == CellLabelMode::two_lines || mode == CellLabelMode::owner) &&
         index_label_step(sf, rows, ch, false, kFragmentIndexLabels) == 1 &&
         index_label_step(sf, cols, cw, true, kFragmentIndexLabels) == 1;
}

/// The zoom the view opens at (issue 22: a common instruction opens whole and labelled where the
/// view can hold it): `readable` where every grid lies whole in `room` at it; else the largest zoom
/// below it (from 1, in readable_zoom's steps) at which every grid still does with labelled_cells
/// (m16n8k16 at 1600x1000: "T<lane> V<element>" needs 37 px cells, 24 columns of them are 888 px
/// in a view of 774); else `readable`, the grids scrolling.
float opening_zoom(const Instruction& in, ImFont* sf, const Fit& fit, int max_element, float readable,
                   const Margins& mg, ImVec2 room) {
  const auto whole = [&](float z) {
    const ImVec2 size =
        make_geom(in, ImVec2(0, 0), zoomed_cell(fit.cw, z), zoomed_cell(fit.ch, z), fit.per_row, mg).size;
    return size.x <= room.x && size.y <= room.y;
  };
  if (whole(readable)) return readable;
  float best = 0.f;
  for (float z = kMinFragmentsZoom; z < readable && whole(z); z *= 1.03f)
    if (labelled_cells(in, sf, zoomed_cell(fit.cw, z), zoomed_cell(fit.ch, z), max_element)) best = z;
  return best > 0.f ? best : readable;
}

}  // namespace

void draw_fragments(AppState& s, const Derived& d) {
  if (!begin_view(s, kWinFragments, &s.windows.fragments)) {
    ImGui::End();
    return;
  }
  draw_lane_strip(s, d);
  // A WMMA fragment kind, when one is picked, replaces the instruction's grids.
  if (draw_wmma_picker(s)) {
    s.least_view_height.erase(kWinFragments);  // the WMMA fragment: the layout's floor applies
    draw_wmma_fragment(s);
    ImGui::End();
    return;
  }
  const Instruction& in = *d.instr;
  const MeasuredTable& ms = d.measured;

  // [SECTION] a tile the operands do not fit: said once here, and no address in any tooltip
  s.frame.fragments_tile_problem.clear();
  for (Operand op : {Operand::A, Operand::B}) {
    if (!d.op(op).load || !s.frame.fragments_tile_problem.empty()) continue;
    if (const auto problem = operand_tile_problem(in, op, s.controls.tile(), tile_field_unit(in.a.type)))
      s.frame.fragments_tile_problem = *problem;
  }
  if (!s.frame.fragments_tile_problem.empty()) {
    ImGui::PushTextWrapPos(0.f);
    status_text(kRedV, "Tile controls: %s; shared-memory addresses are not shown for its cells.",
                s.frame.fragments_tile_problem.c_str());
    ImGui::PopTextWrapPos();
  }

  // [SECTION] header: what is measured
  // The line and its tone are File > Export's too (fragments_measured_line); recorded (text_lines)
  // so a test compares an export's line with the one drawn.
  const MeasuredLine line = fragments_measured_line(s.probe.label, ms, s.probe.report != nullptr);
  if (ms.any()) {
    s.frame.fragments_measured_label = s.probe.label;
    ImGui::PushTextWrapPos(0.f);
    answer_text(s, "fragments_measured_line", tone_vec(line.tone), line.text);
    ImGui::PopTextWrapPos();
  } else if (s.probe.report) {
    answer_text(s, "fragments_measured_line", tone_vec(line.tone), line.text);
  } else {
    // The cells' legend as they read at this zoom (last frame's label level: drawn further down).
    const std::string legend = "PTX ISA prediction. " + std::string(scene::cell_legend(s.fragments_labels)) +
                               ". Click to select a lane.";
    ImGui::TextColored(kDimV, "%s", legend.c_str());
    record_text_line(s, "fragments_legend", legend);
  }

  float fit_note_h = 0.f;  // the note's own height: it does not keep itself up (below)
  if (!s.fragments_fit_note.empty()) {
    const float note_y = ImGui::GetCursorPosY();
    ImGui::PushTextWrapPos(0.f);
    status_text(kAmberV, "%s", s.fragments_fit_note.c_str());
    ImGui::PopTextWrapPos();
    record_widget(s, "fragments_fit_note");
    fit_note_h = ImGui::GetCursorPosY() - note_y;
  }

  // [SECTION] zoom: first at the readable zoom (every label and index), "fit" shows every cell
  Margins mg;
  if (in.products > 1) mg.block_gap = 20.f;
  const float sb = ImGui::GetStyle().ScrollbarSize;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  // The zoom row above the grids, and under it the Find field's answer, if any (drawn below, worked
  // out here so that "fit" leaves it room: issue 22).
  const float find_h =
      find_answer_height(find_answer(s.fragments_find, in.mnemonic, fragment_operands(in)), 5);
  const float bar_h = ImGui::GetFrameHeightWithSpacing() + find_field_wrap_height() + find_h;
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  // The least row height "fit" gives: every second row's index reads beside the grid (half an index
  // label and its gap), rows a pointer can hit; shorter rows (2-3 px in a short view) read as noise.
  const float min_ch = std::ceil(0.5f * (sf->FontSize + kFragmentIndexLabels.gap));
  const Fit live = fit_cells(in, ImVec2(avail.x - sb - 4.f, avail.y - bar_h - sb - 4.f), mg, min_ch);
  // The fit the zoom is relative to stays while only the Find line's answer comes, goes or changes
  // height (newcomer round 13: typing A,9,3 moved the first zoom from 1.30x to 1.56x, widened the
  // cells and scrolled the grids sideways); the grids' view scrolls instead. "fit" (zoom 1) always
  // fits the view as it is now (live).
  // The zoom alone sets the cell size: a view resized under a zoom the user has (a view opened
  // beside it, issue 22: at 1.30x View > Warpgroup halved the rows and dropped their labels) keeps
  // its fit, and its grids scroll. The fit follows the view only for a new instruction, while
  // "fit" holds (zoom 1 after the button), and while the zoom is still the untouched first one (a
  // window resize works that zoom out again; a view opened beside it ends that: zoom_for). A zoom the
  // settings restore brings its fit along (ZoomSetting::fit): a restart with the Warpgroup open
  // showed the grids at half their cells, the zoom relative to the shorter view's fit.
  GridZoom& view = s.fragments_view;
  FragmentsFitMemo& memo = s.fragments_fit_memo;
  const bool resized = memo.fit.view_w != avail.x || memo.fit.view_h != avail.y;
  const bool fitted_now = s.fragments_fitted && view.zoom == 1.f;
  const bool first_zoom = view.key == in.mnemonic && view.zoom == view.start && !s.frame.layout.views_changed;
  if (memo.key != in.mnemonic || (resized && (fitted_now || first_zoom))) {
    memo = FragmentsFitMemo{in.mnemonic, GridFit{avail.x, avail.y, live.cw, live.ch, live.per_row}};
  }
  const Fit kept{memo.fit.cw, memo.fit.ch, memo.fit.per_row};
  int max_element = 0;
  for (const OperandTable& t : d.operands) max_element = std::max(max_element, t.per_lane - 1);
  const float readable = readable_zoom(in, sf, kept, max_element);
  // The grids' room as fit_cells has it, without Find's answer: like the fit, the opening zoom stays
  // while the answer comes and goes (newcomer round 13), the grids scrolling under it.
  // The zoom row, and Find's own line under it where it wraps (it stays while the view's width does).
  const float zoom_row_h = ImGui::GetFrameHeightWithSpacing() + find_field_wrap_height();
  const ImVec2 grids_room(memo.fit.view_w - sb - 4.f, memo.fit.view_h - zoom_row_h - sb - 4.f);
  const float start = opening_zoom(in, sf, kept, max_element, readable, mg, grids_room);
  const bool fresh = zoom_for(view, in.mnemonic, start, s.frame.layout.views_changed);
  if (fresh) s.fragments_fitted = false;
  if (zoom_bar(
          s, view, "fragments", kMinFragmentsZoom, kMaxFragmentsZoom, readable,
          "1x fits every grid in the view (rows no shorter than half a row number: a short view scrolls);\n"
          "the view opens at the zoom where every cell holds its label.\n"
          "Ctrl+wheel over the grids zooms about the mouse; wheel scrolls, shift+wheel scrolls sideways."))
    s.fragments_fitted = true;
  // The shape's sizes, where they fit whole with Find after them; else left out (each grid's title
  // says its own) so that Find keeps the zoom line and the grids their height (issue 22: at 1024x700
  // they pushed Find past the view's right edge).
  char shape[160];
  std::snprintf(shape, sizeof shape, "%s: A %dx%d, B %dx%d, C/D %dx%d%s", shape_name(in).c_str(), in.m, in.k,
                in.k, in.n, in.m, in.n, in.products > 1 ? ", four quad pairs" : "");
  ImGui::SameLine();
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  if (ImGui::GetContentRegionAvail().x >= ImGui::CalcTextSize(shape).x + spacing + find_field_least_width()) {
    ImGui::TextColored(kDimV, "%s", shape);
    record_widget(s, "fragments_shape");
  }
  // Find, on the zoom line so the grids keep their height (its answer, when there is one, under it),
  // or under it where even the zoom bar leaves it no room (the warpgroup view's rule).
  find_field_same_line();
  // [SECTION] Find: who holds A,9,3, what lane 5 holds, in one step (issue 22)
  const FindField found =
      draw_find_field(s, "fragments_find", s.fragments_find, in.mnemonic, fragment_operands(in), 5, true);
  s.frame.fragments_view.find_answer = found.answer.answer;
  s.frame.fragments_view.find_error = found.answer.error;
  if (found.committed && found.answer.thread >= 0) s.selected_lane = found.answer.thread;
  s.fragments_goto.update(found);
  const std::optional<WhereRequest>& goto_cell = s.fragments_goto.where;

  // The window height at which "fit" shows every grid whole (at its least row height, min_ch): the
  // layout gives the view that much where it can, and the canvas scrolls instead (newcomer round 9:
  // in a short view "fit" left A and C/D below its edge).
  // Worked out at rows of exactly min_ch, so it does not depend on the view's own height (which it
  // sets): a taller view needs no more, a shorter one gets this much.
  {
    const float fit_h = make_geom(in, ImVec2(0, 0), live.cw, min_ch, live.per_row, mg).size.y;
    s.fragments_fit_height = ImGui::GetWindowHeight() - avail.y + bar_h + sb + 4.f + fit_h;
    // The height at which the grids open whole and labelled (opening_zoom) at this width: rows just
    // tall enough for every row's index, where cells of the fit's width are labelled_cells at them;
    // 0 where they are not. The layout gives the view that much where its column has the room.
    s.fragments_whole_height = 0.f;
    int rows = 0;
    for (Operand op : {Operand::A, Operand::B, Operand::C}) rows = std::max(rows, operand_rows(in, op));
    float row_h = min_ch;
    while (index_label_step(sf, rows, row_h, false, kFragmentIndexLabels) > 1) row_h += 1.f;
    if (labelled_cells(in, sf, live.cw, row_h, max_element))
      s.fragments_whole_height = ImGui::GetWindowHeight() - avail.y + zoom_row_h + sb + 4.f +
                                 make_geom(in, ImVec2(0, 0), live.cw, row_h, live.per_row, mg).size.y;
    // The least the layout keeps: everything above the grids at this width (the lane strip wraps in
    // a narrow view) and kMinFragmentsGridHeight of grids, or their whole fit where less. Not the fit
    // note, which goes once the view has that much.
    s.least_view_height[kWinFragments] = ImGui::GetWindowHeight() - avail.y - fit_note_h + bar_h + sb + 4.f +
                                         std::min(fit_h, kMinFragmentsGridHeight);
  }

  // [SECTION] layout
  const float zoom = std::clamp(view.zoom, kMinFragmentsZoom, kMaxFragmentsZoom);
  // Zoom 1 fits the view as it is now only after "fit": a first zoom of 1 keeps its cells too.
  const bool fitting = zoom == 1.f && s.fragments_fitted;
  const Fit& fit = fitting ? live : kept;
  const float cw = zoomed_cell(fit.cw, zoom), ch = zoomed_cell(fit.ch, zoom);
  // Size of the arrangement, known before the child begins, so its scroll range is this frame's.
  const GridGeom size_only = make_geom(in, ImVec2(0, 0), cw, ch, fit.per_row, mg);
  // The height its grids need at these cells, where they no longer follow the view's size (a zoom
  // kept as a view opened or closed beside it): the layout gives the room past it to the bank view
  // (newcomer round 31: the Differences window closed left 150 px empty under the grids).
  const bool cells_follow = fitting || (view.start != 0.f && view.zoom == view.start);
  s.fragments_drawn_height =
      cells_follow ? 0.f : ImGui::GetWindowHeight() - avail.y + bar_h + sb + 4.f + size_only.size.y;
  if (fresh) {
    // The first frame shows cells: where neither B (right of the corner) nor A (below it) would be
    // in view, as with a long k, it opens at A's title.
    const ImVec2 a = size_only.grid(Operand::A, 0), b = size_only.grid(Operand::B, 0);
    if (b.x >= avail.x - sb && a.y >= avail.y - bar_h - sb)
      ImGui::SetNextWindowScroll(ImVec2(0, std::max(0.f, a.y - mg.gap - ImGui::GetFontSize() - 6.f)));
  }
  // Every operand grid, so a resize never leaves only the empty corner between them in view.
  std::vector<ContentRect> grids;
  for (int p = 0; p < in.products; ++p)
    for (Operand op : {Operand::A, Operand::B, Operand::C}) {
      const ImVec2 g0 = size_only.grid(op, p);
      const int rows = op == Operand::B ? in.k : in.m, cols = op == Operand::A ? in.k : in.n;
      grids.push_back(ContentRect{g0.x, g0.y, g0.x + static_cast<float>(cols) * cw,
                                  g0.y + static_cast<float>(rows) * ch});
    }
  // The element Find went to, wholly in view with its row and column numbers (the sticky index
  // bands left of and above it), at this zoom: the least scroll that shows it.
  std::optional<ContentRect> reveal;
  if (const WhereRequest* r = s.fragments_goto.take_reveal()) {
    const ImVec2 c = size_only.cell_min(r->op, std::max(0, r->product), r->row, r->col);
    const float band = r->op == Operand::A ? mg.wl : mg.gap;
    // A cell of context around it, so it does not sit on the view's edge.
    reveal = ContentRect{c.x - band - cw, c.y - mg.hl - ch, c.x + 2.f * cw, c.y + 2.f * ch};
  }
  begin_zoom_child(s, view, "##fragment_view", "fragment_view", ImVec2(0, 0),
                   ImVec2(size_only.size.x + 4.f, size_only.size.y + 4.f), zoom, cw, ch, grids,
                   reveal ? &*reveal : nullptr);
  const ImGuiIO& io = ImGui::GetIO();
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const GridGeom g = make_geom(in, o, cw, ch, fit.per_row, mg);
  ImGui::InvisibleButton("##grids", ImVec2(std::max(g.size.x, 1.f), std::max(g.size.y, 1.f)));
  s.frame.widgets["fragment_grids"] = last_item_rect();
  const bool hovered = ImGui::IsItemHovered();
  const bool clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
  const ImVec2 mouse = io.MousePos;
  Hit hit;
  bool have_hit = false;
  if (hovered)
    for (int p = 0; p < in.products && !have_hit; ++p)
      for (Operand op : {Operand::A, Operand::B, Operand::C}) {
        const ImVec2 og = g.grid(op, p);
        const int col = static_cast<int>(std::floor((mouse.x - og.x) / g.cw));
        const int row = static_cast<int>(std::floor((mouse.y - og.y) / g.ch));
        if (row >= 0 && row < operand_rows(in, op) && col >= 0 && col < operand_cols(in, op)) {
          hit = Hit{op, p, row, col};
          have_hit = true;
        }
      }
  const int hover_lane = have_hit ? d.op(hit.op).at(hit.row, hit.col, hit.product).lane : s.hovered_lane;
  if (have_hit && clicked) toggle_lane(s, hover_lane);

  // The visible part of the arrangement: only it is drawn.
  ImDrawList* wl = ImGui::GetWindowDrawList();
  const ImVec2 clip_min = wl->GetClipRectMin(), clip_max = wl->GetClipRectMax();
  ImVec2 vis_min(std::max(clip_min.x, o.x), std::max(clip_min.y, o.y));
  ImVec2 vis_max(std::min(clip_max.x, o.x + g.size.x), std::min(clip_max.y, o.y + g.size.y));
  // Inside the app's view area too: where the canvas scrolls this view under the status strip, the
  // sticky index bands stay under the strip, in sight, over the first row in sight (not hidden
  // behind the strip over cells the visible region already left out: issue 22).
  clip_to_view_area(s, vis_min, vis_max);
  int drawn = 0;
  const CellLabelMode mode = cell_label_mode(sf, g.cw, g.ch, kWarpSize - 1, max_element);
  s.frame.fragments_view.label_bands.clear();
  s.frame.fragments_view.index_labels.clear();
  s.frame.fragments_view.texts.clear();
  // Each grid's sticky index bands as drawn (draw_grid_labels), by (operand, product).
  std::map<std::pair<Operand, int>, std::pair<float, float>> bands;
  if (vis_max.x > vis_min.x && vis_max.y > vis_min.y) {
    // Everything below up to end_grid_clip() is clipped to the visible part.
    ImDrawList* dl = begin_grid_clip(vis_min, vis_max);
    std::vector<TextRecord>* texts = &s.frame.fragments_view.texts;
    if (in.products == 1) draw_corner(dl, d, g, export_labels(mode), texts);
    for (int p = 0; p < in.products; ++p) {
      draw_titles(dl, g, p, texts);
      for (Operand op : {Operand::A, Operand::B, Operand::C})
        draw_grid(dl, s, d, g, op, p, hover_lane, vis_min, vis_max, mode, drawn);
    }
    if (goto_cell) found_outline(dl, g, *goto_cell);
    // The index bands over every grid, so one that stays in view is never drawn over.
    for (int p = 0; p < in.products; ++p)
      for (Operand op : {Operand::A, Operand::B, Operand::C}) {
        std::vector<TextRecord> labels;
        const auto band = draw_grid_labels(dl, d, g, op, p, vis_min, vis_max, &labels);
        bands[{op, p}] = band;
        if (p == 0) {
          s.frame.fragments_view.label_bands[operand_key(op)] = band;
          s.frame.fragments_view.index_labels[operand_key(op)] = std::move(labels);
          s.frame.fragments_view.band_sizes[operand_key(op)] = {g.mg.hl,
                                                                op == Operand::A ? g.mg.wl : g.mg.gap};
        }
      }
    end_grid_clip();
  }

  // [SECTION] what was drawn, for the state dump
  // What is in view of each grid, for the state dump and File > Export's "Visible region": the cells
  // with half or more in view (visible_cells), less the sticky index bands over them
  // (draw_grid_labels), inside the app's window too (clip_to_view_area). One rule for the region and
  // each cell's "visible" (issue 22: the cells said "any part drawn").
  ImVec2 shown_min = vis_min, shown_max = vis_max;
  clip_to_view_area(s, shown_min, shown_max);
  const auto in_view = [&](Operand op, int p) {
    const OperandTable& t = d.op(op);
    ImVec2 cells_min = shown_min;
    const auto band = bands.find({op, p});
    if (band != bands.end()) {
      const float gap = op == Operand::A ? g.mg.wl : g.mg.gap;
      if (!std::isnan(band->second.first)) cells_min.y = std::max(cells_min.y, band->second.first + g.mg.hl);
      if (!std::isnan(band->second.second)) cells_min.x = std::max(cells_min.x, band->second.second + gap);
    }
    return visible_cells(g.grid(op, p), g.cw, g.ch, t.rows, t.cols, cells_min, shown_max);
  };
  s.frame.fragments_view.visible.clear();
  for (Operand op : {Operand::A, Operand::B, Operand::C}) {
    const OperandTable& t = d.op(op);
    auto& cells = s.frame.cells[operand_key(op)];
    auto& lit = s.frame.highlighted[operand_key(op)];
    cells.clear();
    lit.clear();
    cells.reserve(t.owner.size());
    for (int p = 0; p < t.products; ++p) {
      const VisibleGrid v = in_view(op, p);
      if (p == 0) s.frame.fragments_view.visible[operand_key(op)] = v;
      for (int r = 0; r < t.rows; ++r)
        for (int c = 0; c < t.cols; ++c) {
          const Owner ow = t.at(r, c, p);
          const ImVec2 a = g.cell_min(op, p, r, c);
          const bool visible =
              !v.empty() && r >= v.first_row && r <= v.last_row && c >= v.first_col && c <= v.last_col;
          const std::vector<std::uint8_t>& st = d.measured.cell_state[static_cast<std::size_t>(op)];
          const int m = st.empty() ? 0 : st[static_cast<std::size_t>(t.cell(Coord{r, c, p}))];
          cells.push_back(CellRecord{r, c, p, ow.lane, ow.element, Rect{a.x, a.y, g.cw, g.ch}, visible, m});
        }
    }
    if (s.selected_lane >= 0) lit = t.lane_cells[static_cast<std::size_t>(s.selected_lane)];
  }
  s.frame.fragments_view.found.reset();
  if (goto_cell) {
    const int p = std::max(0, goto_cell->product);
    const ImVec2 a = g.cell_min(goto_cell->op, p, goto_cell->row, goto_cell->col);
    s.frame.fragments_view.found = FoundCellRecord{operand_key(goto_cell->op), goto_cell->row, goto_cell->col,
                                                   p, Rect{a.x, a.y, g.cw, g.ch}};
  }
  const ZoomScroll sc = end_zoom_child(view, zoom, cw, ch, kMinFragmentsZoom, kMaxFragmentsZoom);
  FragmentsViewRecord& fv = s.frame.fragments_view;
  fv.zoom = zoom;
  fv.cell_w = g.cw;
  fv.cell_h = g.ch;
  fv.scroll_x = sc.x;
  fv.scroll_y = sc.y;
  fv.scroll_max_x = sc.max_x;
  fv.scroll_max_y = sc.max_y;
  fv.blocks_per_row = g.per_row;
  fv.cells_drawn = drawn;
  // "fit" that still scrolls (the window too short for every row at the least height, past what the
  // layout could give the view) says so on the status line from the next frame, instead of silently
  // scrolling (newcomer round 13). A scroll the note's own lines make does not count, so the note
  // never keeps itself up once the layout has given the view its fit height.
  if (fitting && (sc.max_x > 1.f || sc.max_y > 1.f + fit_note_h)) {
    char note[200];
    std::snprintf(
        note, sizeof note,
        "fit cannot show every cell: at rows of %.0f px the grids need %.0f x %.0f px, the view has "
        "%.0f x %.0f; scroll, or make the window larger",
        min_ch, size_only.size.x + 4.f, size_only.size.y + 4.f, size_only.size.x + 4.f - sc.max_x,
        size_only.size.y + 4.f - sc.max_y);
    s.fragments_fit_note = note;
  } else {
    s.fragments_fit_note.clear();
  }
  fv.fit_note = s.fragments_fit_note;
  fv.readable_zoom = readable;
  fv.label_mode = cell_label_mode_name(mode);
  // The export draws the cells as they read now (ViewRequest::labels).
  s.fragments_labels = export_labels(mode);
  int rows = 0, cols = 0;
  for (Operand op : {Operand::A, Operand::B, Operand::C}) {
    rows = std::max(rows, operand_rows(in, op));
    cols = std::max(cols, operand_cols(in, op));
  }
  fv.row_label_step = index_label_step(sf, rows, g.ch, false, kFragmentIndexLabels);
  fv.col_label_step = index_label_step(sf, cols, g.cw, true, kFragmentIndexLabels);
  fv.hover.reset();
  if (have_hit) {
    cell_tooltip(s, d, hit);
    const ImVec2 a = g.cell_min(hit.op, hit.product, hit.row, hit.col);
    fv.hover =
        FoundCellRecord{operand_key(hit.op), hit.row, hit.col, hit.product, Rect{a.x, a.y, g.cw, g.ch}};
  }
  if (have_hit) s.frame.hovered_lane = hover_lane;
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace fragviz::app
