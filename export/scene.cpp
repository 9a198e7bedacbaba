#include "fragviz_export/scene.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <utility>
#include <vector>

#include "fragviz/util/name_suggest.hpp"
#include "fragviz/util/words.hpp"
#include "fragviz/viewmodel/grid_marks.hpp"
#include "grid.hpp"

namespace fragviz::scene {

Colour text_on(Colour b) {
  // On the paper, the paper's ink; on a tint towards it (an unselected lane's cell), the faded label
  // colour the screen draws there: dim, so the label recedes with its cell on either palette.
  if (b.role == Role::background) return kBlack;
  if (b.role == Role::faded) return kFadedLabel;
  const double luma = (0.299 * b.r + 0.587 * b.g + 0.114 * b.b) / 255.0;
  return luma > 0.55 ? Colour{0, 0, 0} : Colour{255, 255, 255};
}

void paint_scene(Scene& s, const app::Paper& paper) {
  const auto rgb = [](app::Rgb c) { return Colour{c.r, c.g, c.b}; };
  const Colour bg = rgb(paper.background);
  const auto paint = [&](Colour& c) {
    switch (c.role) {
      case Role::fixed:
        return;
      case Role::background:
        c = bg;
        return;
      case Role::ink:
        c = rgb(paper.ink);
        return;
      case Role::dim:
        c = rgb(paper.dim);
        return;
      case Role::faded_label:
        c = rgb(app::faded_label_colour(paper));
        return;
      case Role::empty_cell:
        c = rgb(app::empty_cell_colour(paper));
        return;
      case Role::faded: {
        const auto tint = [](int v, int to) { return static_cast<std::uint8_t>(v + (to - v) * 3 / 4); };
        c = Colour{tint(c.r, bg.r), tint(c.g, bg.g), tint(c.b, bg.b)};
        return;
      }
    }
  };
  paint(s.background);
  for (Item& item : s.items) {
    if (Rect* r = std::get_if<Rect>(&item)) {
      paint(r->fill);
      paint(r->stroke);
    } else if (Text* t = std::get_if<Text>(&item)) {
      paint(t->colour);
    } else if (Line* l = std::get_if<Line>(&item)) {
      paint(l->colour);
    } else if (Triangle* t = std::get_if<Triangle>(&item)) {
      paint(t->fill);
    }
  }
}

double text_width(const std::string& text, double size, bool bold) {
  // DejaVu Sans Bold's advance widths of ' ' to '~' in thousandths of an em, as cairo measures
  // them (tools/font-widths.c): bold runs wider than 0.6 em ("wgmma.mma_async...f16" 0.65), and a
  // title measured at 0.6 was cut at the picture's edge (newcomer round 27).
  static constexpr short kBoldAscii[95] = {
      348, 456,  521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415,  380, 365, 696, 696,  696,
      696, 696,  696, 696, 696, 696,  696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830,  683,
      683, 821,  837, 372, 372, 775,  637, 995, 837, 850, 733, 850, 770, 720,  682, 812, 774, 1103, 771,
      724, 725,  457, 365, 457, 838,  500, 500, 675, 716, 593, 716, 678, 435,  716, 712, 343, 343,  665,
      343, 1042, 712, 687, 716, 716,  493, 595, 478, 712, 652, 924, 645, 652,  582, 712, 365, 712,  838,
  };
  double em = 0;
  for (unsigned char c : text) {
    if ((c & 0xC0) == 0x80) continue;  // count UTF-8 characters, not bytes
    em += !bold ? 0.6 : c >= 32 && c < 127 ? kBoldAscii[c - 32] / 1000.0 : 0.7;
  }
  return em * size;
}

double drawing_width(const Scene& s) {
  double right = 0;
  for (const Item& item : s.items) {
    if (const Rect* r = std::get_if<Rect>(&item)) right = std::max(right, r->x + r->w);
    if (const Line* l = std::get_if<Line>(&item)) right = std::max({right, l->x0, l->x1});
    if (const Triangle* t = std::get_if<Triangle>(&item))
      right = std::max({right, t->x[0], t->x[1], t->x[2]});
  }
  return right > 0 ? right + 12 : 0;
}

namespace {

/// `text` split at spaces into lines of at most `room` points at `size`, bold or not (a word longer
/// than that keeps a line of its own).
std::vector<std::string> wrap_words(const std::string& text, double size, double room, bool bold) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find(' ', at), text.size());
    const std::string word = text.substr(at, end - at);
    at = end + 1;
    if (word.empty()) continue;
    const std::string longer = line.empty() ? word : line + " " + word;
    if (!line.empty() && text_width(longer, size, bold) > room) {
      lines.push_back(line);
      line = word;
    } else {
      line = longer;
    }
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

/// The right edge of `t` as text_width estimates it.
double text_right(const Text& t) {
  const double w = text_width(t.text, t.size, t.bold);
  return t.anchor == Anchor::start ? t.x + w : t.anchor == Anchor::middle ? t.x + w / 2 : t.x;
}

}  // namespace

void wrap_text_to_drawing(Scene& s) {
  const double drawing = drawing_width(s);
  if (drawing <= 0) return;
  for (std::size_t i = 0; i < s.items.size(); ++i) {
    const Text* t = std::get_if<Text>(&s.items[i]);
    if (!t || t->anchor != Anchor::start) continue;
    const double room = drawing - 12 - t->x;
    // A label right of the drawing (a verdict beside a table row) has no column to wrap into.
    if (room < 24 * 0.6 * t->size || t->x + text_width(t->text, t->size, t->bold) <= drawing - 12) continue;
    const std::vector<std::string> lines = wrap_words(t->text, t->size, room, t->bold);
    if (lines.size() < 2) continue;
    const Text first = *t;
    const double step = 1.25 * first.size;
    const double shift = step * static_cast<double>(lines.size() - 1);
    for (Item& item : s.items) {
      if (Rect* r = std::get_if<Rect>(&item)) {
        if (r->y > first.y) r->y += shift;
      } else if (Text* u = std::get_if<Text>(&item)) {
        if (u->y > first.y) u->y += shift;
      } else if (Line* l = std::get_if<Line>(&item)) {
        if (std::min(l->y0, l->y1) > first.y) {
          l->y0 += shift;
          l->y1 += shift;
        }
      } else if (Triangle* g = std::get_if<Triangle>(&item)) {
        if (std::min({g->y[0], g->y[1], g->y[2]}) > first.y)
          for (double& y : g->y) y += shift;
      }
    }
    s.height += shift;
    std::get<Text>(s.items[i]).text = lines[0];
    for (std::size_t k = 1; k < lines.size(); ++k) {
      Text next = first;
      next.text = lines[k];
      next.y = first.y + step * static_cast<double>(k);
      s.items.insert(s.items.begin() + static_cast<std::ptrdiff_t>(i + k), Item{std::move(next)});
    }
    i += lines.size() - 1;
  }
  s.width = drawing;
  for (const Item& item : s.items)
    if (const Text* t = std::get_if<Text>(&item)) s.width = std::max(s.width, text_right(*t) + 12);
}

void draw_wrong_mark(Scene& s, double x, double y, double w, double h) {
  const double i = std::min(w, h) * 0.15;  // the cross stays inside the outline
  for (const auto& [colour, width] : {std::pair{Colour{0, 0, 0}, 1.6}, std::pair{kWrongMark, 0.9}}) {
    s.add(Line{x + i, y + i, x + w - i, y + h - i, colour, width});
    s.add(Line{x + i, y + h - i, x + w - i, y + i, colour, width});
  }
  // The writers fill every Rect: four lines make the outline.
  for (const auto& [x0, y0, x1, y1] : {std::array{x, y, x + w, y}, std::array{x + w, y, x + w, y + h},
                                       std::array{x + w, y + h, x, y + h}, std::array{x, y + h, x, y}})
    s.add(Line{x0, y0, x1, y1, kWrongMark, 1});
}

void draw_row_start(Scene& s, const ViewRequest& r, int lane, Coord at, double x, double y, double row_w,
                    double h, double label_x, double index_size) {
  const double w = lane == r.lane ? 6 : 3;
  s.add(Rect{x - w, y + 1, w, h - 2, lane_colour(r.palette, lane), false, kGrid, 0,
             "start-r" + std::to_string(at.row) + "-c" + std::to_string(at.col)});
  if (lane == r.lane)
    for (const auto& [ax, ay, bx, by] :
         {std::array<double, 4>{x, y, x + row_w, y}, std::array<double, 4>{x, y + h, x + row_w, y + h},
          std::array<double, 4>{x, y, x, y + h}, std::array<double, 4>{x + row_w, y, x + row_w, y + h}})
      s.add(Line{ax, ay, bx, by, kBlack, 1.5});
  if (at.col == 0)
    s.add(Text{label_x, y + h * 0.5 + index_size * 0.35, "T" + std::to_string(lane), index_size,
               lane_colour(r.palette, lane), Anchor::middle});
}

Outcome<const Instruction*> find_export_mma(const std::string& name, const std::string& hint) {
  const Instruction* in = find_instruction_named(name);
  if (!in)
    return Outcome<const Instruction*>::fail(
        ErrorKind::refused, "'" + echo_text(name) + "' is no mma.sync of the catalogue" + hint +
                                did_you_mean(name, kMmaSyncNames));
  return Outcome<const Instruction*>::ok(in);
}

double draw_grid(Scene& s, const GridSpec& g, const std::function<Cell(int, int)>& whole_cell) {
  const auto cell = [&](int r, int c) { return whole_cell(g.row0 + r, g.col0 + c); };
  // One font size for the whole grid, so labels line up; the longest label decides it.
  std::size_t longest = 1;
  for (int r = 0; r < g.rows; ++r)
    for (int c = 0; c < g.cols; ++c) longest = std::max(longest, cell(r, c).label.size());
  const double size = std::min({6.5, (g.cw - 3) / (0.6 * static_cast<double>(longest)), g.ch * 0.62});
  if (!g.caption.empty()) s.add(Text{g.x, g.y - 12, g.caption, kBodySize, kBlack, Anchor::start, true});
  const double index_size = std::min(5.5, g.cw * 0.5);
  for (int r = 0; r < g.rows; ++r) {
    const double y = g.y + r * g.ch;
    if (g.indices)
      s.add(Text{g.x - 3, y + g.ch * 0.5 + index_size * 0.35, std::to_string(g.row0 + r), index_size, kGrid,
                 Anchor::end});
    for (int c = 0; c < g.cols; ++c) {
      const Cell k = cell(r, c);
      const double x = g.x + c * g.cw;
      Rect rect{x, y, g.cw, g.ch, k.fill, true, kGrid, 0.4};
      if (!g.id.empty())
        rect.id = g.id + "-r" + std::to_string(g.row0 + r) + "-c" + std::to_string(g.col0 + c);
      s.add(std::move(rect));
      if (!k.label.empty() && size >= 2.5 && !k.wrong)  // a wrong cell's label goes over its mark
        s.add(Text{x + g.cw * 0.5, y + g.ch * 0.5 + size * 0.36, k.label, size, text_on(k.fill),
                   Anchor::middle});
    }
  }
  // Marked cells last, so no neighbour's outline is drawn over theirs.
  for (int r = 0; r < g.rows; ++r)
    for (int c = 0; c < g.cols; ++c)
      if (cell(r, c).marked) {
        Rect m{g.x + c * g.cw + 0.6, g.y + r * g.ch + 0.6, g.cw - 1.2, g.ch - 1.2};
        m.fill = cell(r, c).fill;
        m.stroke = kBlack;
        m.stroke_width = 1.2;
        // Outline only: the writers fill every Rect, so redraw the cell's label over it.
        s.add(m);
        const Cell k = cell(r, c);
        if (!k.label.empty() && size >= 2.5 && !k.wrong)
          s.add(Text{g.x + c * g.cw + g.cw * 0.5, g.y + r * g.ch + g.ch * 0.5 + size * 0.36, k.label, size,
                     text_on(k.fill), Anchor::middle});
      }
  // Measured cells' green corner (the fragments view's, app::CellMark::matches): over the outlines.
  for (int r = 0; r < g.rows; ++r)
    for (int c = 0; c < g.cols; ++c)
      if (const Cell k = cell(r, c); k.measured && !k.wrong) {
        const double x1 = g.x + (c + 1) * g.cw - 0.4, y0 = g.y + r * g.ch + 0.4;
        const double leg = std::min(5.0, std::min(g.cw, g.ch) * 0.4);
        Triangle t{{x1 - leg, x1, x1}, {y0, y0, y0 + leg}, kMeasuredMark};
        if (!g.id.empty())
          t.id = g.id + "-r" + std::to_string(g.row0 + r) + "-c" + std::to_string(g.col0 + c) + "-measured";
        s.add(std::move(t));
      }
  // Wrong cells' marks, then their labels over them: the cross must not hide which thread and
  // value the cell holds (as on the screen).
  for (int r = 0; r < g.rows; ++r)
    for (int c = 0; c < g.cols; ++c)
      if (const Cell k = cell(r, c); k.wrong) {
        draw_wrong_mark(s, g.x + c * g.cw, g.y + r * g.ch, g.cw, g.ch);
        if (!k.label.empty() && size >= 2.5)
          s.add(Text{g.x + c * g.cw + g.cw * 0.5, g.y + r * g.ch + g.ch * 0.5 + size * 0.36, k.label, size,
                     text_on(k.fill), Anchor::middle});
      }
  // The screen's reading rules (GridSpec::row_rules, col_rules) between the rows and columns drawn,
  // stroked as the screen strokes them (app::grid_rule_stroke): the paper's ink, translucent.
  const auto rule_line = [&](double x0, double y0, double x1, double y1, bool strong) {
    const app::RuleStroke st = app::grid_rule_stroke(app::Paper{}, strong, false);
    s.add(Line{x0, y0, x1, y1, kBlack, st.width, st.alpha});
  };
  for (const app::GridRule& rule : g.row_rules)
    if (rule.index > g.row0 && rule.index < g.row0 + g.rows) {
      const double y = g.y + (rule.index - g.row0) * g.ch;
      rule_line(g.x, y, g.x + g.cols * g.cw, y, rule.strong);
    }
  for (const app::GridRule& rule : g.col_rules)
    if (rule.index > g.col0 && rule.index < g.col0 + g.cols) {
      const double x = g.x + (rule.index - g.col0) * g.cw;
      rule_line(x, g.y, x, g.y + g.rows * g.ch, rule.strong);
    }
  if (g.indices)
    for (int c = 0; c < g.cols; ++c)
      s.add(Text{g.x + c * g.cw + g.cw * 0.5, g.y - 3, std::to_string(g.col0 + c), index_size, kGrid,
                 Anchor::middle});
  s.cover(g.x + g.cols * g.cw, g.y + g.rows * g.ch);
  return g.y + g.rows * g.ch;
}

double draw_title(Scene& s, const std::string& title, const std::string& subtitle) {
  s.title = title;
  if (!s.decorations) return 12;  // the top margin only
  s.add(Text{12, 22, title, 12, kBlack, Anchor::start, true});
  double y = 22;
  if (!subtitle.empty()) {
    s.add(Text{12, 36, subtitle, kBodySize, kGrid});
    y = 36;
  }
  s.cover(12 + text_width(title, 12, true), y);
  return y + 10;
}

Colour bank_colour(int bank) {
  // Five stops of a viridis-like ramp, interpolated: ordered by bank, far from the lane rainbow.
  static constexpr Colour kStops[] = {
      {68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98}, {200, 224, 60}};
  const double t = static_cast<double>(bank & 31) / 31.0 * 4.0;
  const int i = std::min(3, static_cast<int>(t));
  const double f = t - i;
  const auto mix = [f](int a, int b) { return static_cast<std::uint8_t>(a + (b - a) * f + 0.5); };
  return Colour{mix(kStops[i].r, kStops[i + 1].r), mix(kStops[i].g, kStops[i + 1].g),
                mix(kStops[i].b, kStops[i + 1].b)};
}

Colour faded(Colour c) { return Colour{c.r, c.g, c.b, Role::faded}; }

void highlight_lane(Cell& cell, int cell_lane, int highlight) {
  if (highlight < 0 || cell_lane < 0) return;
  if (cell_lane == highlight)
    cell.marked = true;
  else
    cell.fill = faded(cell.fill);
}

double draw_bank_legend(Scene& s, double x, double y, const std::string& caption) {
  if (!s.decorations) return y;
  s.add(Text{x, y + 8, caption, kBodySize, kBlack, Anchor::start, true});
  y += 14;
  const double w = 20, h = 12;
  for (int b = 0; b < 32; ++b) {
    const Colour c = bank_colour(b);
    s.add(Rect{x + b * w, y, w, h, c, true, kGrid, 0.4});
    s.add(Text{x + b * w + w / 2, y + h / 2 + 2, "B" + std::to_string(b), 5.5, text_on(c), Anchor::middle});
  }
  s.cover(x + 32 * w, y + h);
  return y + h + 8;
}

double draw_lane_legend(Scene& s, const app::Palette& p, double x, double y, const std::string& caption,
                        const std::string& prefix, int selected) {
  if (!s.decorations) return y;
  s.add(Text{x, y + 8, caption, kBodySize, kBlack, Anchor::start, true});
  y += 14;
  const double w = 20, h = 12;
  const bool any = selected >= 0 && selected < 32;
  for (int lane = 0; lane < 32; ++lane) {
    // As the screen's lane strip: the selected lane outlined, the others faded.
    const Colour c = any && lane != selected ? faded(lane_colour(p, lane)) : lane_colour(p, lane);
    Rect swatch{x + lane * w, y, w, h, c, true, kGrid, 0.4};
    if (lane == selected) {
      swatch.stroke = kBlack;
      swatch.stroke_width = 1.2;
    }
    s.add(std::move(swatch));
    s.add(Text{x + lane * w + w / 2, y + h / 2 + 2, prefix + std::to_string(lane), 5.5, text_on(c),
               Anchor::middle});
  }
  s.cover(x + 32 * w, y + h);
  return y + h + 8;
}

}  // namespace fragviz::scene
