// A, B and C/D fragment grids, arranged as the product is read: A to the left, B above, C/D at the
// bottom right, so a row of A and a column of B meet at the C/D cell they produce.
//
//   +----------------------+---+-----------+
//   | corner: mnemonic,    | k | B (k x n) |
//   | legend               |   |           |
//   +----------------------+---+-----------+
//   | k labels             |   | "C/D"     |
//   +---+------------------+---+-----------+
//   | m | A (m x k)        | m | C/D (m x n)|
#include <cmath>
#include <cstdio>
#include <vector>

#include "../draw_cache.hpp"
#include "../layout.hpp"
#include "../palette.hpp"
#include "fragviz/banks.hpp"
#include "panels.hpp"

namespace fragviz::app {

namespace {

// [SECTION] geometry

struct GridGeom {
  ImVec2 origin[3];  // top-left of A, B, C
  float cw = 0, ch = 0;
  ImVec2 cell_min(Operand op, int row, int col) const {
    const ImVec2 o = origin[static_cast<int>(op)];
    return ImVec2(o.x + static_cast<float>(col) * cw, o.y + static_cast<float>(row) * ch);
  }
};

struct Hit {
  Operand op = Operand::A;
  int row = -1, col = -1;
};

// [SECTION] measured data lookup

struct Measured {
  const FragmentProbe* probe = nullptr;
  // Index into probe->elements by operand and (lane, element), -1 when absent.
  std::vector<int> index[3];
  void build(const FragmentProbe* p, Shape s) {
    probe = p;
    for (Operand op : {Operand::A, Operand::B, Operand::C})
      index[static_cast<int>(op)].assign(static_cast<std::size_t>(kWarpSize * elements_per_lane(s, op)), -1);
    if (!p || !p->ran) return;
    for (std::size_t i = 0; i < p->elements.size(); ++i) {
      const ElementCheck& e = p->elements[i];
      const int per = elements_per_lane(s, e.operand);
      if (e.lane < 0 || e.lane >= kWarpSize || e.element < 0 || e.element >= per) continue;
      index[static_cast<int>(e.operand)][static_cast<std::size_t>(e.lane * per + e.element)] =
          static_cast<int>(i);
    }
  }
  const ElementCheck* find(Shape s, Operand op, int lane, int element) const {
    if (!probe || !probe->ran) return nullptr;
    const int i =
        index[static_cast<int>(op)][static_cast<std::size_t>(lane * elements_per_lane(s, op) + element)];
    return i < 0 ? nullptr : &probe->elements[static_cast<std::size_t>(i)];
  }
};

// [SECTION] tooltip

void cell_tooltip(const AppState& s, const Derived& d, const Measured& m, Operand op, int row, int col) {
  const OperandTable& t = d.op(op);
  const Owner o = t.at(row, col);
  const RegisterSlot slot = register_slot(op, o.element);
  ImGui::BeginTooltip();
  ImGui::Text("%s[%d][%d]   lane %d (T%d V%d)", op == Operand::C ? "C/D" : std::string(to_string(op)).c_str(),
              row, col, o.lane, o.lane, o.element);
  ImGui::Separator();
  ImGui::Text("element   %s (V%d)", element_name(op, o.element).c_str(), o.element);
  if (op == Operand::C)
    ImGui::Text("register  %s (reg %d), whole .f32", register_name(op, slot.reg).c_str(), slot.reg);
  else
    ImGui::Text("register  %s (reg %d), %s 16 bits", register_name(op, slot.reg).c_str(), slot.reg,
                slot.half == 0 ? "low" : "high");
  ImGui::Text("row %d, col %d   groupID %d, threadID_in_group %d", row, col, group_id(o.lane),
              thread_id_in_group(o.lane));
  if (t.load) {
    const Coord src = loaded_coord(*t.load, o.lane, slot.reg, slot.half);
    const TileGeometry tile = s.controls.tile();
    const std::uint32_t byte = byte_offset(tile, src);
    ImGui::Separator();
    ImGui::TextColored(kDimV, "from shared memory by %s", ldmatrix_mnemonic(t.load->config).c_str());
    ImGui::Text("tile row %d, col %d   (stride %d halves)", src.row, src.col, tile.stride_halves());
    ImGui::Text("byte %s (%u), bank %d", hex(byte, 4).c_str(), byte, bank_of(byte));
    const int al = t.address_lane[static_cast<std::size_t>(row * t.cols + col)];
    if (al >= 0)
      ImGui::Text("row start supplied by lane %d (matrix %d, row %d)", al, address_matrix(al),
                  address_row(al));
    if (d.padded.report.error) ImGui::TextColored(kRedV, "this tile geometry is illegal for ldmatrix");
  } else {
    ImGui::Separator();
    ImGui::TextColored(kDimV, "C/D lives in registers: mma reads C and writes D, no ldmatrix");
  }
  if (const ElementCheck* e = m.find(s.controls.shape, op, o.lane, o.element)) {
    ImGui::Separator();
    if (e->match())
      ImGui::TextColored(kGreenV, "measured: (%d,%d), raw %s  matches", e->measured->row, e->measured->col,
                         hex(e->raw, op == Operand::C ? 8 : 4).c_str());
    else if (e->measured)
      ImGui::TextColored(kRedV, "measured: (%d,%d), raw %s  DIFFERS from the model", e->measured->row,
                         e->measured->col, hex(e->raw, op == Operand::C ? 8 : 4).c_str());
    else
      ImGui::TextColored(kRedV, "measured raw %s names no cell",
                         hex(e->raw, op == Operand::C ? 8 : 4).c_str());
  }
  ImGui::EndTooltip();
}

// [SECTION] drawing

enum class LabelMode { full, two_lines, lane, number, none };

LabelMode label_mode(ImFont* f, float cw, float ch) {
  auto width = [&](const char* t) { return f->CalcTextSizeA(f->FontSize, 1e9f, 0.f, t).x + 2.f; };
  const float fh = f->FontSize;
  if (ch + 1.f >= fh && width("T31 V7") <= cw) return LabelMode::full;
  if (ch >= 2.f * fh + 2.f && width("T31") <= cw) return LabelMode::two_lines;
  if (ch + 1.f >= fh && width("T31") <= cw) return LabelMode::lane;
  if (ch + 1.f >= fh && width("31") <= cw) return LabelMode::number;
  return LabelMode::none;
}

void draw_labels(ImDrawList* dl, const GridGeom& g, Shape shape, float wl, float gap, float hl) {
  const ShapeDims dm = dims(shape);
  ImFont* f = fonts().small;
  const ImU32 col = IM_COL32(160, 166, 176, 255);
  char buf[8];
  auto column_labels = [&](ImVec2 o, int n, float y0, float y1) {
    for (int c = 0; c < n; ++c) {
      std::snprintf(buf, sizeof buf, "%d", c);
      centred_text(dl, f, ImVec2(o.x + c * g.cw, y0), ImVec2(o.x + (c + 1) * g.cw, y1), col, buf);
    }
  };
  auto row_labels = [&](ImVec2 o, int n, float x0, float x1) {
    for (int r = 0; r < n; ++r) {
      std::snprintf(buf, sizeof buf, "%d", r);
      centred_text(dl, f, ImVec2(x0, o.y + r * g.ch), ImVec2(x1, o.y + (r + 1) * g.ch), col, buf);
    }
  };
  const ImVec2 a = g.origin[0], b = g.origin[1], c = g.origin[2];
  column_labels(b, dm.n, b.y - hl, b.y);  // n above B (shared with C/D)
  column_labels(a, dm.k, a.y - hl, a.y);  // k above A
  row_labels(b, dm.k, b.x - gap, b.x);    // k left of B
  row_labels(a, dm.m, a.x - wl, a.x);     // m left of A
  row_labels(c, dm.m, c.x - gap, c.x);    // m between A and C/D
  (void)c;
}

}  // namespace

void draw_fragments(AppState& s, const Derived& d, CachedLayer& grids) {
  place_window(kWinFragments, s.reset_layout);
  if (!ImGui::Begin(kWinFragments, &s.windows.fragments)) {
    ImGui::End();
    return;
  }
  draw_lane_strip(s);

  const Shape shape = s.controls.shape;
  Measured measured;
  measured.build(measured_fragments(s, shape), shape);
  if (const FragmentProbe* fp = measured.probe) {
    if (fp->ran) {
      const int total = static_cast<int>(fp->elements.size()), bad = fp->mismatches();
      s.frame.fragments_measured_label = s.probe.label;
      if (bad == 0)
        ImGui::TextColored(kGreenV, "%s: all %d elements match the PTX tables", s.probe.label.c_str(), total);
      else
        ImGui::TextColored(kRedV, "%s: %d of %d elements differ from the PTX tables (marked with a red X)",
                           s.probe.label.c_str(), bad, total);
    } else {
      ImGui::TextColored(kAmberV, "%s: %s", s.probe.label.c_str(), fp->skipped.c_str());
    }
  } else {
    ImGui::TextColored(kDimV,
                       "PTX ISA prediction. Cell = owning lane: T<lane> V<element>. Click to select a lane.");
  }

  // [SECTION] layout
  const ShapeDims dm = dims(shape);
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float wl = 24.f, gap = 24.f, hl = 18.f;
  GridGeom g;
  g.cw = std::min(64.f, std::floor((avail.x - wl - gap) / static_cast<float>(dm.k + dm.n)));
  g.ch = std::min(40.f, std::floor((avail.y - hl - gap - 2.f) / static_cast<float>(dm.k + dm.m)));
  g.cw = std::max(g.cw, 6.f);
  g.ch = std::max(g.ch, 6.f);
  const float xa = o.x + wl, xb = xa + dm.k * g.cw + gap;
  const float yb = o.y + hl, ya = yb + dm.k * g.ch + gap;
  g.origin[0] = ImVec2(xa, ya);
  g.origin[1] = ImVec2(xb, yb);
  g.origin[2] = ImVec2(xb, ya);
  const ImVec2 total(xb + dm.n * g.cw - o.x, ya + dm.m * g.ch - o.y);

  ImGui::InvisibleButton("##grids", ImVec2(std::max(total.x, 1.f), std::max(total.y, 1.f)));
  record_widget(s, "fragment_grids");
  const bool hovered = ImGui::IsItemHovered();
  const bool clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  Hit hit;
  bool have_hit = false;
  if (hovered)
    for (Operand op : {Operand::A, Operand::B, Operand::C}) {
      const ImVec2 og = g.origin[static_cast<int>(op)];
      const int col = static_cast<int>(std::floor((mouse.x - og.x) / g.cw));
      const int row = static_cast<int>(std::floor((mouse.y - og.y) / g.ch));
      if (row >= 0 && row < operand_rows(shape, op) && col >= 0 && col < operand_cols(shape, op)) {
        hit = Hit{op, row, col};
        have_hit = true;
      }
    }
  const int hover_lane = have_hit ? d.op(hit.op).at(hit.row, hit.col).lane : -1;
  if (have_hit && clicked) toggle_lane(s, hover_lane);

  // Everything below up to grids.end() is drawn into the cached layer (see draw_cache.hpp).
  ImDrawList* dl =
      grids.begin(o, ImVec2(o.x + total.x, o.y + total.y), ImGui::GetColorU32(ImGuiCol_WindowBg));
  // Corner: what the grids are.
  {
    dl->PushClipRect(o, ImVec2(xa + dm.k * g.cw, yb + dm.k * g.ch), true);
    float y = o.y + 2.f;
    const ImU32 dim = IM_COL32(170, 176, 186, 255);
    auto line = [&](const char* text, ImU32 col) {
      dl->AddText(ImVec2(o.x + 4.f, y), col, text);
      y += ImGui::GetTextLineHeightWithSpacing();
    };
    line(mma_mnemonic(shape).c_str(), IM_COL32(230, 230, 235, 255));
    line("D = A x B + C   (C and D share one layout)", dim);
    line("cell: T<lane> V<element>", dim);
    line("groupID = lane >> 2, threadID_in_group = lane % 4", dim);
    char buf[96];
    std::snprintf(buf, sizeof buf, "per lane: A %d halves, B %d, C/D %d floats",
                  elements_per_lane(shape, Operand::A), elements_per_lane(shape, Operand::B),
                  elements_per_lane(shape, Operand::C));
    line(buf, dim);
    dl->PopClipRect();
    // Titles next to the grids they name.
    ImFont* bf = fonts().bold ? fonts().bold : ImGui::GetFont();
    std::snprintf(buf, sizeof buf, "B  %dx%d (k x n)", dm.k, dm.n);
    const ImVec2 tb = bf->CalcTextSizeA(bf->FontSize, 1e9f, 0, buf);
    dl->AddText(bf, bf->FontSize, ImVec2(xb - gap - tb.x - 6.f, yb + dm.k * g.ch - tb.y - 2.f),
                IM_COL32(240, 240, 240, 255), buf);
    std::snprintf(buf, sizeof buf, "A  %dx%d (m x k)", dm.m, dm.k);
    dl->AddText(bf, bf->FontSize, ImVec2(o.x + 4.f, ya - gap - bf->FontSize - 2.f),
                IM_COL32(240, 240, 240, 255), buf);
    std::snprintf(buf, sizeof buf, "C/D  %dx%d (m x n)", dm.m, dm.n);
    centred_text(dl, bf, ImVec2(xb, ya - gap), ImVec2(xb + dm.n * g.cw, ya), IM_COL32(240, 240, 240, 255),
                 buf);
  }
  draw_labels(dl, g, shape, wl, gap, hl);

  // Cells.
  ImFont* sf = fonts().small ? fonts().small : ImGui::GetFont();
  const int sel = s.selected_lane;
  char label[24], l1[12], l2[12];
  for (Operand op : {Operand::A, Operand::B, Operand::C}) {
    const OperandTable& t = d.op(op);
    const char* key = op == Operand::A ? "A" : op == Operand::B ? "B" : "C";
    auto& cells = s.frame.cells[key];
    auto& lit = s.frame.highlighted[key];
    cells.clear();
    lit.clear();
    // One label style per grid, chosen by whether the widest label fits, so cells read alike.
    const LabelMode mode = label_mode(sf, g.cw, g.ch);
    const ImVec2 g0 = g.cell_min(op, 0, 0), g1 = g.cell_min(op, t.rows, t.cols);
    grid_backdrop(dl, g0, g1);
    for (int r = 0; r < t.rows; ++r)
      for (int c = 0; c < t.cols; ++c) {
        const Owner ow = t.at(r, c);
        const ImVec2 a = g.cell_min(op, r, c), b(a.x + g.cw, a.y + g.ch);
        lane_cell(dl, a, b, ow.lane, sel, ow.lane == hover_lane);
        cells.push_back(CellRecord{r, c, ow.lane, ow.element, Rect{a.x, a.y, g.cw, g.ch}});
        if (sel == ow.lane) lit.push_back(Coord{r, c});
        const ImU32 tc =
            (sel >= 0 && sel != ow.lane) ? IM_COL32(200, 200, 200, 120) : lane_text_colour(ow.lane);
        switch (mode) {
          case LabelMode::full:
            std::snprintf(label, sizeof label, "T%d V%d", ow.lane, ow.element);
            centred_text(dl, sf, a, b, tc, label);
            break;
          case LabelMode::two_lines:
            std::snprintf(l1, sizeof l1, "T%d", ow.lane);
            std::snprintf(l2, sizeof l2, "V%d", ow.element);
            centred_text(dl, sf, a, ImVec2(b.x, a.y + g.ch * 0.5f + 1.f), tc, l1);
            centred_text(dl, sf, ImVec2(a.x, a.y + g.ch * 0.5f - 1.f), b, tc, l2);
            break;
          case LabelMode::lane:
            std::snprintf(l1, sizeof l1, "T%d", ow.lane);
            centred_text(dl, sf, a, b, tc, l1);
            break;
          case LabelMode::number:
            std::snprintf(l1, sizeof l1, "%d", ow.lane);
            centred_text(dl, sf, a, b, tc, l1);
            break;
          case LabelMode::none:
            break;
        }
        if (const ElementCheck* e = measured.find(shape, op, ow.lane, ow.element); e && !e->match())
          mismatch_mark(dl, a, b);
      }
  }
  // Separate the k halves at m16n8k16 and the row groups at 8 for reading.
  const ImU32 rule = IM_COL32(255, 255, 255, 90);
  dl->AddLine(ImVec2(xa, ya + 8 * g.ch), ImVec2(xa + dm.k * g.cw, ya + 8 * g.ch), rule, 2.f);
  dl->AddLine(ImVec2(xb, ya + 8 * g.ch), ImVec2(xb + dm.n * g.cw, ya + 8 * g.ch), rule, 2.f);
  if (dm.k == 16) {
    dl->AddLine(ImVec2(xa + 8 * g.cw, ya), ImVec2(xa + 8 * g.cw, ya + dm.m * g.ch), rule, 2.f);
    dl->AddLine(ImVec2(xb, yb + 8 * g.ch), ImVec2(xb + dm.n * g.cw, yb + 8 * g.ch), rule, 2.f);
  }
  grids.end();
  if (have_hit) cell_tooltip(s, d, measured, hit.op, hit.row, hit.col);
  if (hover_lane >= 0) s.frame.hovered_lane = hover_lane;
  ImGui::End();
}

}  // namespace fragviz::app
