// The CTA tile window as a picture (File > Export, fragviz-cli export --view cta): the
// configuration's A (M x K), B (N x K) and C (M x N) as viewmodel/cta_tile_view.hpp lays them out,
// each cell "T12 V3" (the thread holding it, its register) coloured by warp as on screen, the chosen
// thread's cells outlined; above each grid its shared layout, the join's verdict and the bank total
// (misaligned accesses too), each verdict green or red as on screen.
#include "fragviz/viewmodel/cta_tile_view.hpp"
#include "fragviz_export/views.hpp"
#include "grid.hpp"

namespace fragviz::scene {
namespace {

/// A verdict's colour as the window gives it: green for a match (clean banks), red for a mismatch;
/// readable on the light and the dark palette alike.
constexpr Colour kMatch{30, 150, 60};
constexpr Colour kMismatch{210, 40, 40};

/// One line of body text at (x, y); returns the y of the next line.
double line(Scene& s, double x, double y, const std::string& text, Colour colour = kBlack) {
  if (text.empty()) return y;
  s.add(Text{x, y + 10, text, kBodySize, colour});
  s.cover(x + text_width(text, kBodySize), y + 10);
  return y + 14;
}

}  // namespace

Outcome<Scene> cta_scene(const ViewRequest& r) {
  const app::CtaTileModel m = app::make_cta_tile_model(r.cta);
  if (!m.ok) return Outcome<Scene>::fail(ErrorKind::refused, "cta: " + m.error);
  Scene s;
  double y = draw_title(s, "CTA tile: " + m.summary, m.source);
  y = line(s, 12, y, m.reuse, m.reuse_ok ? kMatch : kMismatch);
  const double cw = 24, ch = 10;
  for (const app::CtaGrid& g : m.grids) {
    y += 6;
    y = line(s, 12, y, g.title + (g.layout.empty() ? "" : ", shared layout " + g.layout));
    y = line(s, 12, y, g.join, g.join_ok ? kMatch : kMismatch);
    y = line(s, 12, y, app::cta_bank_total_text(g), app::cta_banks_ok(g) ? kMatch : kMismatch);
    if (!g.suggestion.empty()) y = line(s, 12, y, "suggested: " + g.suggestion);
    y = line(s, 12, y, g.fragment);
    if (g.cells.empty()) continue;
    const int rows = static_cast<int>(g.rows), cols = static_cast<int>(g.cols);
    const std::string id(to_string(g.operand));
    y = draw_grid(s, GridSpec{12 + kGridLeft, y + kGridTop, rows, cols, cw, ch, g.title, true, id},
                  [&](int row, int col) {
                    const std::size_t k = static_cast<std::size_t>(row) * static_cast<std::size_t>(cols) +
                                          static_cast<std::size_t>(col);
                    const app::CtaCell& c = g.cells[k];
                    Cell cell;
                    cell.fill = lane_colour(r.palette, app::cta_warp_colour_index(c.thread / 32));
                    cell.label = "T" + std::to_string(c.thread) + " V" + std::to_string(c.value);
                    cell.marked = g.mine[k] != 0;
                    return cell;
                  });
  }
  y = line(s, 12, y + 8, "Colours: the warp of the thread holding each cell (the lowest where several do)");
  (void)y;
  return Outcome<Scene>::ok(std::move(s));
}

}  // namespace fragviz::scene
