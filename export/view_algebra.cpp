// A layout of the layout algebra as a table (fragviz-cli algebra --svg): row r, column c holds the
// offset the layout gives that coordinate, each cell coloured by its offset modulo 32 in the lane
// colours, so cells that share an offset share a colour.
#include <algorithm>

#include "fragviz_export/views.hpp"
#include "grid.hpp"

namespace fragviz::scene {

Scene layout_table_scene(const std::string& title, const std::string& subtitle, int rows, int cols,
                         const std::function<std::int64_t(int, int)>& offset, const app::Palette& p) {
  Scene s;
  const double y = draw_title(s, title, subtitle);
  std::size_t widest = 1;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) widest = std::max(widest, std::to_string(offset(r, c)).size());
  const double cw = std::max(18.0, text_width(std::string(widest, '8'), 6.5) + 6);
  draw_grid(s, GridSpec{12 + kGridLeft, y + kGridTop, rows, cols, cw, 14, "offset at (row, col)", true, "L"},
            [&](int r, int c) {
              const std::int64_t o = offset(r, c);
              Cell cell;
              cell.fill = lane_colour(p, static_cast<int>(((o % 32) + 32) % 32));
              cell.label = std::to_string(o);
              return cell;
            });
  return s;
}

}  // namespace fragviz::scene
