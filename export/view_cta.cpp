// The CTA tile window as a picture (File > Export, fragviz-cli export --view cta): the
// configuration's A (M x K), B (N x K) and C (M x N) as viewmodel/cta_tile_view.hpp lays them out,
// each cell "T12 V3" (the thread holding it, its register) coloured by warp as on screen, the chosen
// thread's cells outlined, the cells the join finds wrong crossed out in red (a legend line above
// the grid); above each grid its shared layout, the join's verdict and the bank total (misaligned
// accesses too), each verdict green or red as on screen. A crop (--operand, --crop) draws one
// operand's grid, or a block of its rows and columns, its cells named as uncropped.
#include <optional>

#include "fragviz/util/words.hpp"
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
  // A crop: one operand's grid (the grids differ in shape), and a block of its rows and columns.
  std::optional<std::string> only;
  if (!r.crop.whole()) {
    only = parse_crop_operand(r.crop.operand);
    if (!only)
      return Outcome<Scene>::fail(
          ErrorKind::refused,
          r.crop.operand.empty()
              ? "a row or column crop needs --operand A, B or C (the grids differ in shape)"
              : "--operand '" + echo_text(r.crop.operand) + "': the CTA tile has A, B and C");
  }
  Scene s;
  s.decorations = r.title_and_legend;
  double y = draw_title(s, "CTA tile: " + m.summary, m.source);
  y = line(s, 12, y, m.reuse, m.reuse_ok ? kMatch : kMismatch);
  const double cw = 24, ch = 10;
  for (const app::CtaGrid& g : m.grids) {
    const std::string id(to_string(g.operand));
    if (only && *only != id) continue;
    Block block{0, static_cast<int>(g.rows), 0, static_cast<int>(g.cols)};
    if (r.crop.rows || r.crop.cols) {
      if (g.cells.empty())
        return Outcome<Scene>::fail(ErrorKind::refused, "--crop: " + id + " has no grid of cells (" +
                                                            g.fragment + "); give --operand alone");
      const auto b = crop_block(r.crop, id, static_cast<int>(g.rows), static_cast<int>(g.cols));
      if (!b) return Outcome<Scene>::from(b);
      block = *b.value;
    }
    y += 6;
    y = line(s, 12, y, g.title + (g.layout.empty() ? "" : ", shared layout " + g.layout));
    if (!g.fill.empty()) y = line(s, 12, y, g.fill, g.fill_ok ? kMatch : kMismatch);
    y = line(s, 12, y, g.join, g.join_ok ? kMatch : kMismatch);
    y = line(s, 12, y, app::cta_bank_total_text(g), app::cta_banks_ok(g) ? kMatch : kMismatch);
    if (!g.suggestion.empty()) y = line(s, 12, y, "suggested: " + g.suggestion);
    y = line(s, 12, y, g.fragment);
    if (g.cells.empty()) continue;
    if (!g.wrong_cells.empty()) {
      // The mark's legend: a swatch drawn as the cells are, then what it says.
      draw_wrong_mark(s, 12, y + 1, cw, ch);
      y = line(s, 12 + cw + 6, y, app::cta_wrong_legend(g), kMismatch);
    }
    const int cols = static_cast<int>(g.cols);
    GridSpec spec{12 + kGridLeft, y + kGridTop, block.rows, block.cols, cw, ch, g.title, true, id};
    if (r.crop.rows || r.crop.cols) spec.caption += ", " + block_text(block);
    spec.row0 = block.row0;
    spec.col0 = block.col0;
    y = draw_grid(s, spec, [&](int row, int col) {
      const std::size_t k =
          static_cast<std::size_t>(row) * static_cast<std::size_t>(cols) + static_cast<std::size_t>(col);
      const app::CtaCell& c = g.cells[k];
      Cell cell;
      cell.fill = lane_colour(r.palette, app::cta_warp_colour_index(c.thread / 32));
      cell.label = "T" + std::to_string(c.thread) + " V" + std::to_string(c.value);
      cell.marked = g.mine[k] != 0;
      cell.wrong = !g.wrong.empty() && g.wrong[k] != 0;
      return cell;
    });
  }
  y = line(s, 12, y + 8, "Colours: the warp of the thread holding each cell (the lowest where several do)");
  (void)y;
  return Outcome<Scene>::ok(std::move(s));
}

}  // namespace fragviz::scene
