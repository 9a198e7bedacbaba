#include "view_tiling.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace fragviz::app {

namespace {

/// Slots whose edges are this close (design units) count as touching.
constexpr float kTouch = 0.01f;

bool near(float a, float b) { return std::abs(a - b) <= kTouch; }

/// One column of slots: its [x0, x1) in design units and its slots from the top.
struct Column {
  float x0 = 0, x1 = 0;
  std::vector<int> slots;
};

/// The columns of `l` from the left, or nothing when its slots do not form columns.
std::vector<Column> columns_of(const Layout& l) {
  std::vector<Column> cols;
  for (int i = 0; i < static_cast<int>(l.slots.size()); ++i) {
    const LayoutSlot& s = l.slots[static_cast<std::size_t>(i)];
    auto it = std::find_if(cols.begin(), cols.end(),
                           [&](const Column& c) { return near(c.x0, s.x0) && near(c.x1, s.x1); });
    if (it == cols.end()) it = cols.insert(cols.end(), Column{s.x0, s.x1, {}});
    it->slots.push_back(i);
  }
  std::sort(cols.begin(), cols.end(), [](const Column& a, const Column& b) { return a.x0 < b.x0; });
  float x = 0;
  for (Column& c : cols) {
    if (!near(c.x0, x)) return {};
    x = c.x1;
    std::sort(c.slots.begin(), c.slots.end(), [&](int a, int b) {
      return l.slots[static_cast<std::size_t>(a)].y0 < l.slots[static_cast<std::size_t>(b)].y0;
    });
    float y = 0;
    for (int i : c.slots) {
      const LayoutSlot& s = l.slots[static_cast<std::size_t>(i)];
      if (!near(s.y0, y)) return {};
      y = s.y1;
    }
    if (!near(y, l.design_height)) return {};
  }
  if (cols.empty() || !near(x, l.design_width)) return {};
  return cols;
}

/// The stacks of `l`: slots of the same [x0, x1) one right under the other, each from the top; a
/// layout of columns has one stack per column. A hidden slot's room goes to its stack.
std::vector<std::vector<int>> stacks_of(const Layout& l) {
  std::vector<int> order(l.slots.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  const auto at = [&](int i) -> const LayoutSlot& { return l.slots[static_cast<std::size_t>(i)]; };
  std::sort(order.begin(), order.end(), [&](int a, int b) { return at(a).y0 < at(b).y0; });
  std::vector<std::vector<int>> stacks;
  for (int i : order) {
    auto it = std::find_if(stacks.begin(), stacks.end(), [&](const std::vector<int>& st) {
      const LayoutSlot& last = at(st.back());
      return near(last.x0, at(i).x0) && near(last.x1, at(i).x1) && near(last.y1, at(i).y0);
    });
    if (it == stacks.end())
      stacks.push_back({i});
    else
      it->push_back(i);
  }
  return stacks;
}

/// Each slot as fractions of the canvas, hidden slots' room given to their neighbours.
std::vector<LayoutRect> fractions(const Layout& l, const std::vector<bool>& open) {
  const auto shown = [&](int i) {
    return static_cast<std::size_t>(i) < open.size() && open[static_cast<std::size_t>(i)];
  };
  std::vector<LayoutRect> f(l.slots.size());
  const std::vector<Column> cols = columns_of(l);
  if (cols.empty()) {
    // Not columns: every view keeps its own width, and its stack's height is shared by its shown
    // slots in proportion to their design heights (a Hopper window stacked under the fragments view
    // takes its room from it while open, and gives it back when closed).
    for (const std::vector<int>& st : stacks_of(l)) {
      const float top = l.slots[static_cast<std::size_t>(st.front())].y0;
      const float bottom = l.slots[static_cast<std::size_t>(st.back())].y1;
      float design = 0;
      for (int i : st)
        if (shown(i))
          design += l.slots[static_cast<std::size_t>(i)].y1 - l.slots[static_cast<std::size_t>(i)].y0;
      float y = top;
      for (int i : st) {
        if (!shown(i)) continue;
        const LayoutSlot& s = l.slots[static_cast<std::size_t>(i)];
        const float y0 = y;
        y += (s.y1 - s.y0) * (bottom - top) / design;
        f[static_cast<std::size_t>(i)] = LayoutRect{s.x0 / l.design_width, y0 / l.design_height,
                                                    s.x1 / l.design_width, y / l.design_height};
      }
    }
    return f;
  }
  // Shown columns share the width in proportion to their design widths; in each, the shown
  // slots share the height in proportion to their design heights. Edges are sums of the same
  // numbers, so neighbours meet exactly.
  float total_w = 0;
  std::vector<float> col_h(cols.size(), 0.f);
  for (std::size_t c = 0; c < cols.size(); ++c) {
    for (int i : cols[c].slots)
      if (shown(i))
        col_h[c] += l.slots[static_cast<std::size_t>(i)].y1 - l.slots[static_cast<std::size_t>(i)].y0;
    if (col_h[c] > 0) total_w += cols[c].x1 - cols[c].x0;
  }
  float x = 0;
  for (std::size_t c = 0; c < cols.size(); ++c) {
    if (col_h[c] <= 0) continue;
    const float x0 = x / total_w;
    x += cols[c].x1 - cols[c].x0;
    const float x1 = x >= total_w - kTouch ? 1.f : x / total_w;
    float y = 0;
    for (int i : cols[c].slots) {
      if (!shown(i)) continue;
      const LayoutSlot& s = l.slots[static_cast<std::size_t>(i)];
      const float y0 = y / col_h[c];
      y += s.y1 - s.y0;
      const float y1 = y >= col_h[c] - kTouch ? 1.f : y / col_h[c];
      f[static_cast<std::size_t>(i)] = LayoutRect{x0, y0, x1, y1};
    }
  }
  return f;
}

/// v[i] where present and positive, else 0.
float entry(const std::vector<float>& v, int i) {
  return static_cast<std::size_t>(i) < v.size() ? std::max(0.f, v[static_cast<std::size_t>(i)]) : 0.f;
}

bool is_open(const std::vector<bool>& open, int i) {
  return static_cast<std::size_t>(i) < open.size() && open[static_cast<std::size_t>(i)];
}

}  // namespace

bool forms_columns(const Layout& layout) { return !columns_of(layout).empty(); }

float least_column_height(const Layout& layout, const std::vector<bool>& open,
                          const std::vector<float>& least) {
  const std::vector<Column> cols = columns_of(layout);
  if (cols.empty()) return min_canvas_height(layout, open, least);
  float need = 0;
  for (const Column& c : cols) {
    float sum = 0;
    for (int i : c.slots)
      if (is_open(open, i)) sum += entry(least, i);
    need = std::max(need, sum);
  }
  return need;
}

std::vector<float> leasts_near_fit(const Layout& layout, const std::vector<bool>& open,
                                   std::vector<float> least, const std::vector<float>& floor,
                                   float column_px) {
  for (const Column& c : columns_of(layout)) {
    float sum = 0, can_give = 0;
    for (int i : c.slots)
      if (is_open(open, i) && static_cast<std::size_t>(i) < least.size()) {
        sum += entry(least, i);
        if (static_cast<std::size_t>(i) < floor.size())
          can_give += std::max(0.f, entry(least, i) - entry(floor, i));
      }
    float short_by = sum - column_px;
    if (short_by <= 0.f || short_by > can_give) continue;
    // Its slots run top to bottom: the lowest gives first.
    for (auto it = c.slots.rbegin(); it != c.slots.rend() && short_by > 0.f; ++it) {
      const auto i = static_cast<std::size_t>(*it);
      if (!is_open(open, *it) || i >= least.size() || i >= floor.size()) continue;
      const float give = std::min(short_by, std::max(0.f, entry(least, *it) - entry(floor, *it)));
      least[i] -= give;
      short_by -= give;
    }
  }
  return least;
}

std::vector<float> wants_within(const Layout& layout, const std::vector<bool>& open,
                                const std::vector<float>& least, const std::vector<float>& want,
                                float column_px) {
  std::vector<float> out(layout.slots.size(), 0.f);
  for (int i = 0; i < static_cast<int>(out.size()); ++i)
    if (is_open(open, i)) out[static_cast<std::size_t>(i)] = std::max(entry(least, i), entry(want, i));
  for (const Column& c : columns_of(layout)) {
    float leasts = 0, extras = 0;
    for (int i : c.slots)
      if (is_open(open, i)) {
        leasts += entry(least, i);
        extras += out[static_cast<std::size_t>(i)] - entry(least, i);
      }
    const float room = std::max(0.f, column_px - leasts);
    if (extras <= room || extras <= 0) continue;
    for (int i : c.slots)
      if (is_open(open, i))
        out[static_cast<std::size_t>(i)] =
            entry(least, i) + (out[static_cast<std::size_t>(i)] - entry(least, i)) * room / extras;
  }
  return out;
}

Layout with_least_heights(const Layout& layout, const std::vector<bool>& open,
                          const std::vector<float>& least, float column_px) {
  Layout out = layout;
  const std::vector<Column> cols = columns_of(layout);
  if (cols.empty() || column_px <= 0) return out;
  const auto at = [](const std::vector<float>& v, int i) {
    return static_cast<std::size_t>(i) < v.size() ? std::max(0.f, v[static_cast<std::size_t>(i)]) : 0.f;
  };
  for (const Column& c : cols) {
    std::vector<int> shown;
    float design_shown = 0, least_sum = 0;
    for (int i : c.slots)
      if (static_cast<std::size_t>(i) < open.size() && open[static_cast<std::size_t>(i)]) {
        shown.push_back(i);
        design_shown +=
            layout.slots[static_cast<std::size_t>(i)].y1 - layout.slots[static_cast<std::size_t>(i)].y0;
        least_sum += at(least, i);
      }
    if (shown.empty() || design_shown <= 0) continue;
    // Pixel heights: slots under their least are held at it, the rest share what is left in
    // proportion to their design heights; repeated until no free slot falls under its least.
    std::vector<float> px(layout.slots.size(), 0.f);
    std::vector<bool> held(layout.slots.size(), false);
    const float room = std::max(column_px, least_sum);
    for (bool changed = true; changed;) {
      changed = false;
      float free_px = room, free_design = 0;
      for (int i : shown)
        if (held[static_cast<std::size_t>(i)])
          free_px -= at(least, i);
        else
          free_design +=
              layout.slots[static_cast<std::size_t>(i)].y1 - layout.slots[static_cast<std::size_t>(i)].y0;
      for (int i : shown) {
        const LayoutSlot& s = layout.slots[static_cast<std::size_t>(i)];
        px[static_cast<std::size_t>(i)] = held[static_cast<std::size_t>(i)] ? at(least, i)
                                          : free_design > 0 ? free_px * (s.y1 - s.y0) / free_design
                                                            : 0.f;
      }
      for (int i : shown)
        if (!held[static_cast<std::size_t>(i)] && px[static_cast<std::size_t>(i)] < at(least, i) - 0.01f) {
          held[static_cast<std::size_t>(i)] = true;
          changed = true;
        }
    }
    // Back to design units: the shown slots keep their design sum, the hidden keep their heights.
    float y = 0;
    for (int i : c.slots) {
      LayoutSlot& s = out.slots[static_cast<std::size_t>(i)];
      const float h = std::find(shown.begin(), shown.end(), i) != shown.end()
                          ? px[static_cast<std::size_t>(i)] / room * design_shown
                          : s.y1 - s.y0;
      s.y0 = y;
      y += h;
      s.y1 = i == c.slots.back() ? layout.design_height : y;
    }
  }
  return out;
}

Layout with_stacked_slots(const Layout& layout, int under, int extra, float weight) {
  Layout out = layout;
  if (under < 0 || static_cast<std::size_t>(under) >= layout.slots.size() || extra <= 0) return out;
  const LayoutSlot base = layout.slots[static_cast<std::size_t>(under)];
  // The stack of slot `under` (its column, in a layout of columns), from `top` to `bottom`: the
  // extra slots go under it, never over another view.
  std::vector<int> stack;
  for (const std::vector<int>& st : stacks_of(layout))
    if (std::find(st.begin(), st.end(), under) != st.end()) stack = st;
  const float top = layout.slots[static_cast<std::size_t>(stack.front())].y0;
  const float bottom = layout.slots[static_cast<std::size_t>(stack.back())].y1, span = bottom - top;
  // Each as tall as the column: an open one gets half of it. That is what they need at 1600x1000:
  // the warpgroup view's 64 rows sit under about 130 px of header (and its register table when a
  // thread is selected), the descriptor view's fields and two grids fill their half; the fragments
  // view above keeps rows readable at any height and scrolls (newcomer round 9).
  const float h = weight > 0.f ? weight * span / layout.design_height : span;
  // The stack grows by `extra` slots of height h, then is scaled back to its span.
  const float scale = span / (span + static_cast<float>(extra) * h);
  for (int i : stack) {
    LayoutSlot& s = out.slots[static_cast<std::size_t>(i)];
    s.y0 = top + (s.y0 - top) * scale;
    s.y1 = top + (s.y1 - top) * scale;
  }
  for (int i = 0; i < extra; ++i) {
    LayoutSlot s = base;
    s.id = "extra" + std::to_string(i);
    s.y0 = top + (span + static_cast<float>(i) * h) * scale;
    s.y1 = i + 1 == extra ? bottom : top + (span + static_cast<float>(i + 1) * h) * scale;
    out.slots.push_back(s);
  }
  return out;
}

StackedTabs stacked_tabs(const Layout& layout, const std::vector<bool>& open, const std::vector<float>& least,
                         float column_px, int first, int active) {
  StackedTabs t;
  const int n = static_cast<int>(layout.slots.size());
  for (int i = std::max(0, first); i < n; ++i)
    if (is_open(open, i)) t.slots.push_back(i);
  if (t.slots.size() < 2) return {};
  // Every open slot of their column (their stack: one per column in a layout of columns) at its least.
  float need = 0;
  for (const std::vector<int>& st : stacks_of(layout))
    if (std::find(st.begin(), st.end(), t.slots.front()) != st.end())
      for (int i : st)
        if (is_open(open, i)) need += entry(least, i);
  if (need <= column_px) return {};
  t.shown = std::find(t.slots.begin(), t.slots.end(), active) != t.slots.end() ? active : t.slots.front();
  return t;
}

LayoutCanvas make_canvas(float display_w, float display_h, float top, float bar) {
  return make_canvas(display_w, display_h, top, bar, 0.f);
}

float min_canvas_height(const Layout& layout, const std::vector<bool>& open,
                        const std::vector<float>& min_height) {
  const std::vector<LayoutRect> f = fractions(layout, open);
  float need = 0;
  for (std::size_t i = 0; i < f.size() && i < min_height.size(); ++i)
    if (!f[i].empty() && min_height[i] > 0) need = std::max(need, min_height[i] / f[i].h());
  return need;
}

LayoutCanvas make_canvas(float display_w, float display_h, float top, float bar, float min_height) {
  LayoutCanvas c;
  const float short_h = std::max(1.f, kMinLayoutHeight - top);
  const float min_h = std::max(short_h, std::ceil(min_height));
  float w = std::max(1.f, display_w), h = std::max(1.f, display_h - top);
  // A scroll bar along one edge takes room from the other direction, which may then need one too.
  // Only a window too short for the layout takes the vertical bar from every view's width; a column
  // that runs taller carries the bar itself (tile_views), so the other columns keep their width.
  bool whole_y = false;
  for (int pass = 0; pass < 2; ++pass) {
    c.scroll_x = c.scroll_x || w < kMinLayoutWidth;
    whole_y = whole_y || h < short_h;
    c.scroll_y = whole_y || h < min_h;
    w = std::max(1.f, display_w - (whole_y ? bar : 0.f));
    h = std::max(1.f, display_h - top - (c.scroll_x ? bar : 0.f));
  }
  c.view = LayoutRect{0, top, w, top + h};
  c.width = std::max(w, kMinLayoutWidth);
  c.height = std::max(h, min_h);
  c.base_height = std::min(c.height, std::max({1.f, h, kMinLayoutHeight - top}));
  // The horizontal bar runs under the vertical one too, so that the corner between them is covered.
  if (c.scroll_x) c.hbar = LayoutRect{0, c.view.y1, w + (whole_y ? bar : 0.f), c.view.y1 + bar};
  if (whole_y)
    c.vbar = LayoutRect{w, top, w + bar, c.view.y1};
  else if (c.scroll_y)
    c.column_bar = bar;
  return c;
}

std::vector<int> scroll_columns(const Layout& layout, const std::vector<float>& least) {
  std::vector<int> out(layout.slots.size(), 0);
  if (least.empty()) return out;
  const std::vector<Column> cols = columns_of(layout);
  for (std::size_t c = 0; c < cols.size(); ++c)
    for (int i : cols[c].slots) out[static_cast<std::size_t>(i)] = static_cast<int>(c);
  return out;
}

namespace {

/// How many scrolls scroll_columns numbers (one where it gives no slot).
int column_count(const std::vector<int>& group) {
  return group.empty() ? 1 : *std::max_element(group.begin(), group.end()) + 1;
}

/// Each slot's column height: the canvas's, or with `least` (a layout of columns) its column's own,
/// as tall as its shown slots' leasts add up to, from the canvas's base_height to its height.
std::vector<float> column_heights(const Layout& layout, const std::vector<bool>& open,
                                  const LayoutCanvas& canvas, const std::vector<float>& least) {
  std::vector<float> column_h(layout.slots.size(), canvas.height);
  if (least.empty()) return column_h;
  const float base = canvas.base_height > 0 ? canvas.base_height : canvas.height;
  for (const Column& c : columns_of(layout)) {
    float sum = 0;
    for (int i : c.slots)
      if (is_open(open, i)) sum += entry(least, i);
    for (int i : c.slots) column_h[static_cast<std::size_t>(i)] = std::clamp(sum, base, canvas.height);
  }
  return column_h;
}

/// The rectangles of tile_columns before each column that carries its own bar gives it room.
std::vector<LayoutRect> tiles_of(const Layout& layout, const std::vector<bool>& open,
                                 const LayoutCanvas& canvas, float scroll_x,
                                 const std::vector<float>& column_scroll, float scale,
                                 const std::vector<float>& least) {
  scale = scale > 0 ? scale : 1.f;
  scroll_x = std::clamp(scroll_x, 0.f, std::max(0.f, canvas.max_scroll_x()));
  const auto px = [scale](float v) { return std::round(v * scale) / scale; };
  const std::vector<float> column_h = column_heights(layout, open, canvas, least);
  const std::vector<int> group = scroll_columns(layout, least);
  std::vector<LayoutRect> out = fractions(layout, open);
  for (std::size_t i = 0; i < out.size(); ++i) {
    LayoutRect& r = out[i];
    if (r.empty()) {
      r = LayoutRect{};
      continue;
    }
    // A column scrolls only as far as it runs past the view area, by its own offset: the others
    // stay where they are (issue 22: scrolling to a view under the window's bottom edge moved every
    // column; one offset shared by the columns moved one the user had not scrolled).
    const float ch = column_h[i];
    const float most = std::max(0.f, std::min(ch, canvas.height) - canvas.view.h());
    // Its sign of the views above takes its top as it scrolls (LayoutCanvas::column_sign).
    const float sign = most > 0.5f ? canvas.column_sign : 0.f;
    const float own_y = std::clamp(entry(column_scroll, group[i]), 0.f, most + sign);
    const float ox = canvas.view.x0 - scroll_x, oy = canvas.view.y0 - own_y + std::min(own_y, sign);
    r = LayoutRect{px(ox + r.x0 * canvas.width), px(oy + r.y0 * ch), px(ox + r.x1 * canvas.width),
                   px(oy + r.y1 * ch)};
  }
  return out;
}

/// column_bars of the rectangles `tiles` (tiles_of's).
std::vector<LayoutRect> bars_of(const Layout& layout, const std::vector<bool>& open,
                                const LayoutCanvas& canvas, const std::vector<LayoutRect>& tiles,
                                const std::vector<float>& least) {
  const std::vector<int> group = scroll_columns(layout, least);
  const int n = column_count(group);
  std::vector<LayoutRect> bars(static_cast<std::size_t>(n));
  if (canvas.column_bar <= 0) return bars;
  const std::vector<float> column_h = column_heights(layout, open, canvas, least);
  for (int c = 0; c < n; ++c) {
    // Its right edge, where it runs past the view area (without leasts, or in a layout of no columns:
    // the canvas does, and the bar goes along the rightmost views).
    float x1 = -1;
    bool taller = false;
    for (std::size_t i = 0; i < tiles.size() && i < group.size(); ++i)
      if (group[i] == c && !tiles[i].empty()) {
        x1 = std::max(x1, tiles[i].x1);
        taller = taller || column_h[i] > canvas.view.h() + 0.5f;
      }
    if (x1 >= 0 && taller)
      bars[static_cast<std::size_t>(c)] =
          LayoutRect{x1 - canvas.column_bar, canvas.view.y0, x1, canvas.view.y1};
  }
  return bars;
}

/// `tiles` with each column that carries a bar of `bars` leaving it its right edge.
void give_bars_room(std::vector<LayoutRect>& tiles, const std::vector<LayoutRect>& bars) {
  for (const LayoutRect& bar : bars)
    if (!bar.empty())
      for (LayoutRect& r : tiles)
        if (!r.empty() && std::abs(r.x1 - bar.x1) < 0.5f) r.x1 = bar.x0;
}

}  // namespace

std::vector<LayoutRect> tile_columns(const Layout& layout, const std::vector<bool>& open,
                                     const LayoutCanvas& canvas, float scroll_x,
                                     const std::vector<float>& column_scroll, float scale,
                                     const std::vector<float>& least) {
  std::vector<LayoutRect> out = tiles_of(layout, open, canvas, scroll_x, column_scroll, scale, least);
  give_bars_room(out, bars_of(layout, open, canvas, out, least));
  return out;
}

std::vector<LayoutRect> tile_views(const Layout& layout, const std::vector<bool>& open,
                                   const LayoutCanvas& canvas, float scroll_x, float scroll_y, float scale,
                                   const std::vector<float>& least) {
  const std::vector<int> group = scroll_columns(layout, least);
  const int n = column_count(group);
  return tile_columns(layout, open, canvas, scroll_x,
                      std::vector<float>(static_cast<std::size_t>(n), scroll_y), scale, least);
}

std::vector<LayoutRect> column_bars(const Layout& layout, const std::vector<bool>& open,
                                    const LayoutCanvas& canvas, float scroll_x, float scale,
                                    const std::vector<float>& least) {
  return bars_of(layout, open, canvas, tiles_of(layout, open, canvas, scroll_x, {}, scale, least), least);
}

std::vector<float> column_max_scroll(const Layout& layout, const std::vector<bool>& open,
                                     const LayoutCanvas& canvas, const std::vector<float>& least) {
  const std::vector<int> group = scroll_columns(layout, least);
  const std::vector<float> column_h = column_heights(layout, open, canvas, least);
  const int n = column_count(group);
  std::vector<float> out(static_cast<std::size_t>(n), 0.f);
  for (std::size_t i = 0; i < group.size(); ++i)
    if (is_open(open, static_cast<int>(i)))
      out[static_cast<std::size_t>(group[i])] = std::max(
          out[static_cast<std::size_t>(group[i])], std::min(column_h[i], canvas.height) - canvas.view.h());
  // A column that scrolls scrolls its sign's height further (tiles_of).
  for (float& most : out)
    if (most > 0.5f) most += canvas.column_sign;
  return out;
}

std::vector<LayoutRect> column_signs(const Layout& layout, const std::vector<bool>& open,
                                     const LayoutCanvas& canvas, float scroll_x,
                                     const std::vector<float>& column_scroll, float scale,
                                     const std::vector<float>& least) {
  const std::vector<int> group = scroll_columns(layout, least);
  const std::vector<float> most = column_max_scroll(layout, open, canvas, least);
  const std::vector<LayoutRect> tiles =
      tile_columns(layout, open, canvas, scroll_x, column_scroll, scale, least);
  std::vector<LayoutRect> out(most.size());
  scale = scale > 0 ? scale : 1.f;
  for (std::size_t c = 0; c < out.size(); ++c) {
    const float y = std::clamp(entry(column_scroll, static_cast<int>(c)), 0.f, most[c]);
    if (canvas.column_sign <= 0 || most[c] <= 0.5f || y <= 0.f) continue;
    LayoutRect r{1e9f, canvas.view.y0, -1e9f,
                 std::round((canvas.view.y0 + std::min(y, canvas.column_sign)) * scale) / scale};
    for (std::size_t i = 0; i < tiles.size() && i < group.size(); ++i)
      if (group[i] == static_cast<int>(c) && !tiles[i].empty()) {
        r.x0 = std::min(r.x0, tiles[i].x0);
        r.x1 = std::max(r.x1, tiles[i].x1);
      }
    if (!r.empty()) out[c] = r;
  }
  return out;
}

int furthest_column(const std::vector<LayoutRect>& bars, const std::vector<float>& most) {
  int out = -1;
  float furthest = -1;
  for (std::size_t c = 0; c < bars.size() && c < most.size(); ++c)
    if (!bars[c].empty() && most[c] >= furthest) {
      furthest = most[c];
      out = static_cast<int>(c);
    }
  return out;
}

LayoutRect column_bar_rect(const Layout& layout, const std::vector<bool>& open, const LayoutCanvas& canvas,
                           float scroll_x, float scale, const std::vector<float>& least) {
  const std::vector<LayoutRect> bars = column_bars(layout, open, canvas, scroll_x, scale, least);
  const int c = furthest_column(bars, column_max_scroll(layout, open, canvas, least));
  return c < 0 ? LayoutRect{} : bars[static_cast<std::size_t>(c)];
}

float scroll_to_show(float a0, float a1, float v0, float v1, float scroll, float max_scroll) {
  float to = scroll;
  if (a1 - a0 > v1 - v0 || a0 - scroll < v0)
    to = a0 - v0;
  else if (a1 - scroll > v1)
    to = a1 - v1;
  return std::clamp(to, 0.f, std::max(0.f, max_scroll));
}

LayoutRect kept_in_work_area(const LayoutRect& window, float title_h, float display_w, float display_h,
                             float top) {
  float dx = 0.f, dy = 0.f;
  if (window.w() <= display_w) dx = std::clamp(window.x0, 0.f, display_w - window.w()) - window.x0;
  // Whole where it fits (a dialog past the bottom edge hid its buttons), else its title bar.
  if (window.h() <= display_h - top)
    dy = std::clamp(window.y0, top, display_h - window.h()) - window.y0;
  else if (title_h <= display_h - top)
    dy = std::clamp(window.y0, top, display_h - title_h) - window.y0;
  return LayoutRect{window.x0 + dx, window.y0 + dy, window.x1 + dx, window.y1 + dy};
}

}  // namespace fragviz::app
