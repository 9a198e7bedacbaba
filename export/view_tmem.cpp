// The Tensor memory window as a picture (File > Export, fragviz-cli export --view tmem): TMEM lanes
// x columns as viewmodel/tmem_view.hpp fills them, each cell's label and colour as on screen, the
// four sub-partitions ruled off and named with the warps that reach them, and the model's own status
// line under the title (model only: no Blackwell GPU has run any of it). A crop (--crop, File >
// Export's crop or visible region) draws a block of its lanes and columns, named as uncropped.
#include <algorithm>

#include "fragviz/viewmodel/tmem_view.hpp"
#include "fragviz_export/views.hpp"
#include "grid.hpp"

namespace fragviz::scene {

Outcome<Scene> tmem_scene(const ViewRequest& r) {
  const app::TmemControlsParse p = app::parse_tmem_controls(r.tmem);
  // Text not of the view's form, a warp outside 0-31 included, is a bad command line (64), as
  // `tmem --warp 32` is (README's exit codes); what the model refuses of a well-formed text is 3.
  if (!p.controls) return Outcome<Scene>::fail(ErrorKind::malformed, "tmem: " + p.error);
  const app::TmemModel m = app::make_tmem_model(*p.controls);
  if (!m.ok)
    return Outcome<Scene>::fail(ErrorKind::refused, "tmem: refused: " + m.error + " (" + m.status + ")");
  Scene s;
  s.decorations = r.title_and_legend;
  double y = draw_title(s, m.title, m.status);
  for (const std::string& line : {m.source + ". " + m.facts, m.relation}) {
    if (line.empty()) continue;
    s.add(Text{12, y + 10, line, kBodySize});
    s.cover(12 + text_width(line, kBodySize), y + 10);
    y += 14;
  }
  // --crop: a block of the lanes (rows) and columns; the tensor memory has no operands.
  if (!r.crop.operand.empty())
    return Outcome<Scene>::fail(ErrorKind::refused,
                                "--operand: the Tensor memory view has one grid and no operands; crop it "
                                "with --crop rows=FIRST-LAST,cols=FIRST-LAST alone");
  const auto block = crop_block(r.crop, "the tensor memory", m.lanes, m.columns);
  if (!block) return Outcome<Scene>::from(block);
  const bool cropped = block->rows != m.lanes || block->cols != m.columns;
  const double x0 = 12 + kGridLeft, y0 = y + kGridTop, cw = 34, ch = 12;
  GridSpec spec{
      x0,
      y0,
      block->rows,
      block->cols,
      cw,
      ch,
      "TMEM lane (row) x 32-bit column, from taddr" + (cropped ? ", " + block_text(*block) : std::string()),
      true,
      "TMEM"};
  spec.row0 = block->row0;
  spec.col0 = block->col0;
  const double bottom = draw_grid(s, spec, [&](int lane, int col) {
    const app::TmemGridCell& g = m.at(lane, col);
    Cell cell;
    if (!g.used()) {
      cell.fill = kEmptyCell;  // app::empty_cell_colour of the paper, as the screen draws it
      return cell;
    }
    cell.fill = lane_colour(r.palette, app::tmem_cell_colour(g));
    cell.label = app::tmem_cell_label(g);
    return cell;
  });
  // Sub-partition rules and names, right of the grid: each named at the middle of its lanes drawn.
  const double right = x0 + cw * block->cols;
  const int first = block->row0, end = block->row0 + block->rows;  // lanes drawn: [first, end)
  for (int sub = 0; sub < 4; ++sub) {
    const int lo = std::max(first, 32 * sub), hi = std::min(end, 32 * (sub + 1));
    if (lo >= hi) continue;
    const double top = y0 + ch * (lo - first);
    if (sub > 0 && lo == 32 * sub && lo > first)
      s.add(Line{x0 - kGridLeft, top, right + 4, top, kBlack, 1.5});
    const std::string name = app::tmem_subpartition_label(sub);
    const double mid = top + ch * (hi - lo) * 0.5;
    s.add(Text{right + 8, mid, name, kBodySize});
    s.cover(right + 8 + text_width(name, kBodySize), mid);
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
