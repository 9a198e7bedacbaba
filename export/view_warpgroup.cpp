// The warpgroup view: a wgmma entry's A from registers (64 x K) and its accumulator D (64 x N) over
// the 128 threads of the warpgroup, coloured as the app colours them (warp hue, lane shade) and
// labelled T<thread> V<element> (PTX ISA, "Warpgroup MMA: Register Fragments") or, as the screen's
// cells read at its zoom (ViewRequest::labels), less.
#include <algorithm>
#include <optional>
#include <string>

#include "fragviz/isa/wgmma.hpp"
#include "fragviz/util/name_suggest.hpp"
#include "fragviz/util/words.hpp"
#include "fragviz/viewmodel/hopper_derived.hpp"
#include "fragviz_export/views.hpp"
#include "grid.hpp"

namespace fragviz::scene {

Outcome<Scene> warpgroup_scene(const ViewRequest& r) {
  const std::string mnemonic = r.instr.empty() ? std::string(app::kDefaultWgmma) : r.instr;
  const WgmmaInstruction* in = find_wgmma_named(mnemonic);
  if (!in)
    return Outcome<Scene>::fail(ErrorKind::refused, "'" + echo_text(mnemonic) +
                                                        "' is no wgmma of the catalogue (fragviz-cli layout "
                                                        "--list names them; mma.sync is --view fragments)" +
                                                        did_you_mean(mnemonic, kWgmmaNames));
  const app::WarpgroupTable t = app::make_warpgroup_table(*in);
  // What the report measured of it, as the view marks and words it (newcomer round 26: the
  // fragments export carried the marks, this one not).
  const app::WarpgroupMeasured measured = app::measure_warpgroup(t, r.report.get());
  Scene s;
  s.decorations = r.title_and_legend;
  const char* cell_words = r.labels == CellLabels::full     ? "T<thread> V<element>"
                           : r.labels == CellLabels::lane   ? "T<thread>"
                           : r.labels == CellLabels::number ? "the thread's number"
                                                            : "no label";
  double y = draw_title(s, in->mnemonic,
                        std::string(measured.ran() ? "Warpgroup MMA, register fragments, measured. Cell: "
                                                   : "PTX ISA: Warpgroup MMA, register fragments. Cell: ") +
                            cell_words + ", coloured by warp (hue) and lane (shade).");
  // The report's line, as the view shows it under its header, in the view's tone.
  if (r.report && s.decorations) {
    app::DescriptorTable shown = app::make_descriptor_table(*in, r.descriptor);
    app::measure_descriptor(shown, r.report.get());
    const std::string line = app::warpgroup_measured_text(r.report_label, t, measured, &shown);
    const std::optional<app::Rgb> tone = app::tone_colour(app::warpgroup_measured_tone(measured), r.dark);
    s.add(Text{12, y + 8, line, kBodySize, tone ? Colour{tone->r, tone->g, tone->b} : kGrid});
    s.cover(12 + text_width(line, kBodySize), y + 8);
    y += 12;
  }
  const int most = std::max(t.d.per_thread, t.a.per_thread) - 1;
  // Cells sized for the labels asked (the screen's at its zoom) and labelled by the screen's rule.
  const app::CellLabelSizes sizes = label_sizes(kWarpgroupSize - 1, most);
  const CellSize cell_size = cell_size_for(r.labels, sizes);
  const double cw = cell_size.w, ch = cell_size.h;
  const app::CellLabelMode mode = app::cell_label_mode(static_cast<float>(cw), static_cast<float>(ch), sizes);
  auto grid = [&](const app::WgmmaGrid& g) {
    const bool d = &g == &t.d;
    return [&g, &r, mode, d, &measured](int row, int col) {
      const Owner o = g.at(row, col);
      Cell c;
      if (o.lane < 0) return c;
      c.fill = colour(app::warpgroup_thread_rgb(r.palette, o.lane));
      c.label = cell_label(mode, o.lane, o.element);
      highlight_lane(c, o.lane, r.lane);
      // The report's marks, as the screen's cells carry them: a green corner, or a red cross.
      const std::uint8_t mark = measured.mark(d, static_cast<std::size_t>(row) * g.cols + col);
      c.measured = mark == 1;
      c.wrong = mark == 2;
      return c;
    };
  };
  const double top = y + kGridTop, left = 12 + kGridLeft;
  const std::string a_caption = "A from registers (64 x " + std::to_string(t.a.cols) + ", ." +
                                std::string(to_string(t.a.type)) + ")",
                    d_caption = "D (64 x " + std::to_string(t.d.cols) + ", ." +
                                std::string(to_string(t.d.type)) + ")";
  if (!r.crop.grids.empty()) {
    // Each grid named, cropped to its block, where the screen has it: A, then D to its right.
    if (!r.crop.operand.empty() || r.crop.rows || r.crop.cols)
      return Outcome<Scene>::fail(ErrorKind::refused,
                                  "--crop with grids (GRID:rows=..,cols=..) crops each grid it names; "
                                  "give no --operand and no plain rows=/cols= with it");
    std::optional<Block> blocks[2];  // A, D
    for (const GridCrop& gc : r.crop.grids) {
      const auto key = parse_crop_operand(gc.grid);
      if (!key || *key == "B")
        return Outcome<Scene>::fail(ErrorKind::refused, "--crop: '" + echo_text(gc.grid) +
                                                            "' is no grid of the warpgroup view (A, D)");
      const int i = *key == "A" ? 0 : 1;
      if (blocks[i])
        return Outcome<Scene>::fail(ErrorKind::refused,
                                    "--crop: " + std::string(i ? "D" : "A") + " is given twice");
      const app::WgmmaGrid& g = i ? t.d : t.a;
      const auto block = crop_block(Crop{{}, gc.rows, gc.cols, {}}, i ? "D" : "A", g.rows, g.cols);
      if (!block) return Outcome<Scene>::from(block);
      blocks[i] = *block;
    }
    double x = left, bottom = top;
    for (int i = 0; i < 2; ++i) {
      if (!blocks[i]) continue;
      const app::WgmmaGrid& g = i ? t.d : t.a;
      const Block& b = *blocks[i];
      std::string caption = i ? d_caption : a_caption;
      if (b.rows != g.rows || b.cols != g.cols) caption += ": " + block_text(b);
      GridSpec spec{x, top, b.rows, b.cols, cw, ch, caption, true, i ? "D" : "A"};
      spec.row0 = b.row0;
      spec.col0 = b.col0;
      bottom = std::max(bottom, draw_grid(s, spec, grid(g)));
      x += std::max(b.cols * cw, text_width(caption, kBodySize)) + 18 + kGridLeft;
    }
    y = bottom;
  } else if (!r.crop.whole()) {
    // One operand, its rows and columns as cropped: A from registers or the accumulator D.
    const auto key = parse_crop_operand(r.crop.operand);
    if (!key || *key == "B")
      return Outcome<Scene>::fail(
          ErrorKind::refused, r.crop.operand.empty()
                                  ? "a row or column crop needs --operand A or D (the grids differ in shape)"
                                  : "--operand '" + echo_text(r.crop.operand) +
                                        "': warpgroup has A (from registers) and D (B is in shared memory)");
    const app::WgmmaGrid& g = *key == "A" ? t.a : t.d;
    const std::string name = *key == "A" ? "A" : "D";
    const auto block = crop_block(r.crop, name, g.rows, g.cols);
    if (!block) return Outcome<Scene>::from(block);
    std::string caption = name == "A" ? a_caption : d_caption;
    if (r.crop.rows || r.crop.cols) caption += ", " + block_text(*block);
    GridSpec spec{left, top, block->rows, block->cols, cw, ch, caption, true, name};
    spec.row0 = block->row0;
    spec.col0 = block->col0;
    y = draw_grid(s, spec, grid(g));
  } else {
    draw_grid(s, GridSpec{left, top, t.a.rows, t.a.cols, cw, ch, a_caption, true, "A"}, grid(t.a));
    y = draw_grid(s,
                  GridSpec{left + t.a.cols * cw + 18 + kGridLeft, top, t.d.rows, t.d.cols, cw, ch, d_caption,
                           true, "D"},
                  grid(t.d));
  }
  ring_found(s, r, 1);  // the Find ring, as on screen (it was on screen only: newcomer issue 22)
  // Legend: the four warps' hues (thread 32w + 0 of each).
  y += 12;
  s.add(Text{12, y + 8, "Warps", kBodySize, kBlack, Anchor::start, true});
  for (int w = 0; w < 4; ++w) {
    const Colour c = colour(app::warpgroup_thread_rgb(r.palette, 32 * w + 28));
    const std::string label =
        "warp " + std::to_string(w) + ": T" + std::to_string(32 * w) + "-T" + std::to_string(32 * w + 31);
    s.add(Rect{12 + w * 90.0, y + 14, 86, 12, c, true, kGrid, 0.4});
    s.add(Text{12 + w * 90.0 + 43, y + 22.5, label, 6, text_on(c), Anchor::middle});
  }
  s.cover(12 + 4 * 90.0, y + 26);
  return Outcome<Scene>::ok(std::move(s));
}

}  // namespace fragviz::scene
