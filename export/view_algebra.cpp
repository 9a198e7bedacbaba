// A layout of the layout algebra as a table (fragviz-cli algebra --svg): row r, column c holds the
// offset the layout gives that coordinate, each cell coloured by its offset modulo 32 in the lane
// colours, so cells that share an offset share a colour.
#include <algorithm>

#include "fragviz/viewmodel/algebra_view.hpp"
#include "fragviz_export/views.hpp"
#include "grid.hpp"

namespace fragviz::scene {
namespace {

/// A table cell wide enough for `digits` characters of offset (at least 18 points).
double offset_cell_width(std::int64_t digits) {
  return std::max(
      18.0,
      text_width(std::string(static_cast<std::size_t>(std::max<std::int64_t>(digits, 1)), '8'), 6.5) + 6);
}

}  // namespace

Scene layout_table_scene(const std::string& title, const std::string& subtitle, int rows, int cols,
                         const std::function<std::int64_t(int, int)>& offset, const app::Palette& p) {
  Scene s;
  const double y = draw_title(s, title, subtitle);
  std::int64_t widest = 0;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      widest = std::max<std::int64_t>(widest, std::to_string(offset(r, c)).size());
  const double cw = offset_cell_width(widest);
  draw_grid(s, GridSpec{12 + kGridLeft, y + kGridTop, rows, cols, cw, 14, "offset at (row, col)", true, "L"},
            [&](int r, int c) {
              const std::int64_t o = offset(r, c);
              Cell cell;
              cell.fill = lane_colour(p, app::algebra_colour_index(app::AlgebraColour::offset, o, r, c));
              cell.label = std::to_string(o);
              return cell;
            });
  paint_scene(s, p.document);
  return s;
}

Outcome<Scene> algebra_scene(const ViewRequest& r) {
  app::AlgebraControls c;
  c.expression = r.expression;
  c.step = r.step;
  const auto colour = app::parse_algebra_colour(r.colour);
  if (!colour)
    return Outcome<Scene>::fail(ErrorKind::refused,
                                "algebra: colour '" + r.colour + "' is none of offset, row, column");
  c.colour = *colour;
  const app::AlgebraModel m = app::make_algebra_model(c);
  if (!m.ok) return Outcome<Scene>::fail(ErrorKind::refused, "algebra: " + m.error);
  if (m.tables.empty())
    return Outcome<Scene>::fail(ErrorKind::refused,
                                "algebra: " + m.value + " is " + m.facts + ", not a layout: nothing to draw");
  Scene s;
  s.decorations = r.title_and_legend;
  double y = draw_title(s, r.expression, "= " + m.value + "   (" + m.facts + ")");
  for (std::size_t i = 0; i < m.tables.size(); ++i) {
    const app::AlgebraTable& t = m.tables[i];
    const std::string heading = t.title + "  " + t.layout;
    s.add(Text{12, y + 10, heading, kBodySize, kBlack, Anchor::start, true});
    s.cover(12 + text_width(heading, kBodySize, true), y + 10);
    y += 14;
    if (!t.swizzle.empty()) {
      s.add(Text{12, y + 10, t.swizzle, kBodySize});
      s.cover(12 + text_width(t.swizzle, kBodySize), y + 10);
      y += 14;
    }
    if (!t.too_large.empty()) {
      s.add(Text{12, y + 10, t.too_large, kBodySize});
      y += 20;
      continue;
    }
    std::int64_t widest = 0;
    for (std::int64_t o : t.table.offsets) widest = std::max<std::int64_t>(widest, std::to_string(o).size());
    const double cw = offset_cell_width(widest);
    const int rows = static_cast<int>(t.table.extent.rows), cols = static_cast<int>(t.table.extent.cols);
    y = draw_grid(s,
                  GridSpec{12 + kGridLeft, y + kGridTop, rows, cols, cw, 14, "offset at (row, col)", true,
                           "T" + std::to_string(i)},
                  [&](int row, int col) {
                    const std::int64_t o = t.table.at(row, col);
                    Cell cell;
                    cell.fill = lane_colour(r.palette, app::algebra_colour_index(c.colour, o, row, col));
                    cell.label = std::to_string(o);
                    return cell;
                  }) +
        16;
  }
  return Outcome<Scene>::ok(std::move(s));
}

}  // namespace fragviz::scene
