// The Tensor memory window as a picture (File > Export, fragviz-cli export --view tmem): TMEM lanes
// x columns as viewmodel/tmem_view.hpp fills them, each cell's label and colour as on screen, the
// four sub-partitions ruled off and named with the warps that reach them, and the model's own status
// line under the title (model only: no Blackwell GPU has run any of it).
#include "fragviz/viewmodel/tmem_view.hpp"
#include "fragviz_export/views.hpp"
#include "grid.hpp"

namespace fragviz::scene {

Outcome<Scene> tmem_scene(const ViewRequest& r) {
  const app::TmemControlsParse p = app::parse_tmem_controls(r.tmem);
  if (!p.controls) return Outcome<Scene>::fail(ErrorKind::refused, "tmem: " + p.error);
  const app::TmemModel m = app::make_tmem_model(*p.controls);
  if (!m.ok)
    return Outcome<Scene>::fail(ErrorKind::refused, "tmem: refused: " + m.error + " (" + m.status + ")");
  Scene s;
  double y = draw_title(s, m.title, m.status);
  for (const std::string& line : {m.source + ". " + m.facts, m.relation}) {
    if (line.empty()) continue;
    s.add(Text{12, y + 10, line, kBodySize});
    s.cover(12 + text_width(line, kBodySize), y + 10);
    y += 14;
  }
  const double x0 = 12 + kGridLeft, y0 = y + kGridTop, cw = 34, ch = 12;
  const double bottom = draw_grid(s,
                                  GridSpec{x0, y0, m.lanes, m.columns, cw, ch,
                                           "TMEM lane (row) x 32-bit column, from taddr", true, "TMEM"},
                                  [&](int lane, int col) {
                                    const app::TmemGridCell& g = m.at(lane, col);
                                    Cell cell;
                                    if (!g.used()) {
                                      cell.fill = Colour{232, 232, 232};
                                      return cell;
                                    }
                                    cell.fill = lane_colour(r.palette, app::tmem_cell_colour(g));
                                    cell.label = app::tmem_cell_label(g);
                                    return cell;
                                  });
  // Sub-partition rules and names, right of the grid.
  const double right = x0 + cw * m.columns;
  for (int sub = 0; sub < 4; ++sub) {
    const double top = y0 + ch * 32 * sub;
    if (sub > 0) s.add(Line{x0 - kGridLeft, top, right + 4, top, kBlack, 1.5});
    const std::string name = app::tmem_subpartition_label(sub);
    s.add(Text{right + 8, top + ch * 16, name, kBodySize});
    s.cover(right + 8 + text_width(name, kBodySize), top + ch * 16);
  }
  y = bottom + 8;
  if (p.controls->mode == app::TmemMode::load_store)
    y = draw_lane_legend(s, r.palette, 12, y + 12, "Threads (each cell: thread and register)");
  else if (p.controls->mode == app::TmemMode::copy)
    y = draw_lane_legend(s, r.palette, 12, y + 12,
                         "Source rows modulo 32 (each cell: R row, w its 32-bit word)", "R");
  else
    y = draw_lane_legend(s, r.palette, 12, y + 12, "Rows of D modulo 32 (each cell: row, column of D)", "R");
  (void)y;
  return Outcome<Scene>::ok(std::move(s));
}

}  // namespace fragviz::scene
