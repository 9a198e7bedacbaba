// The fragments view: A (M x K) to the left, B (K x N) above, C/D (M x N) bottom-right, as the app
// draws them, under the screen's header lines; each cell coloured by its lane and labelled as the
// screen's cells read (ViewRequest::labels): T<lane> V<element> (the element index of the PTX ISA's
// fragment figures, which is CuTe's value index V of the instruction's TV layout), T<lane>, the
// lane's number, or none.
#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/fragment.hpp"
#include "fragviz/util/name_suggest.hpp"
#include "fragviz/util/words.hpp"
#include "fragviz/viewmodel/cell_labels.hpp"
#include "fragviz/viewmodel/fragments_header.hpp"
#include "fragviz/viewmodel/grid_marks.hpp"
#include "fragviz_export/views.hpp"
#include "grid.hpp"

namespace fragviz::scene {
namespace {

/// The Find ring's colours, the screen's (found_ring), on either paper.
constexpr Colour kFoundOuter{0, 0, 0};
constexpr Colour kFoundInner{255, 225, 60};

std::string operand_caption(const Instruction& in, Operand op, int product) {
  const std::string name = op == Operand::A ? "A" : op == Operand::B ? "B" : "C/D";
  std::string s = name + " (" + std::to_string(operand_rows(in, op)) + " x " +
                  std::to_string(operand_cols(in, op)) + ", ." +
                  std::string(to_string(operand_spec(in, op).type)) + ")";
  if (in.products > 1) s += ", product " + std::to_string(product);
  return s;
}

/// `spec` for operand `op`'s grid with the screen's reading rules across it (app::grid_rules over
/// the whole operand, so a crop keeps those inside it): the k8 split of a k16 A, B's and C's 8-row groups.
GridSpec ruled(GridSpec spec, const Instruction& in, Operand op) {
  spec.row_rules = app::grid_rules(operand_rows(in, op), static_cast<float>(spec.ch));
  spec.col_rules = app::grid_rules(operand_cols(in, op), static_cast<float>(spec.cw));
  return spec;
}

}  // namespace

// grid.hpp: the warpgroup view rings its Find cell too.
void ring_found(Scene& s, const ViewRequest& r, int products) {
  if (!r.found) return;
  const FoundCell& f = *r.found;
  const std::string at = "-r" + std::to_string(f.row) + "-c" + std::to_string(f.col);
  std::vector<std::string> ids;
  if (products == 1) ids.push_back(f.grid + at);
  for (int p = 0; p < products && products > 1; ++p)
    if (f.product < 0 || f.product == p) ids.push_back(f.grid + "p" + std::to_string(p) + at);
  std::vector<Rect> cells;
  for (const Item& it : s.items)
    if (const auto* c = std::get_if<Rect>(&it))
      if (std::find(ids.begin(), ids.end(), c->id) != ids.end()) cells.push_back(*c);
  const auto band = [&s](const Rect& c, double out, double width, Colour colour) {
    const double x0 = c.x - out, y0 = c.y - out, w = c.w + 2 * out, h = c.h + 2 * out;
    for (const auto& [x, y, bw, bh] :
         {std::array{x0, y0, w, width}, std::array{x0, y0 + h - width, w, width},
          std::array{x0, y0, width, h}, std::array{x0 + w - width, y0, width, h}})
      s.add(Rect{x, y, bw, bh, colour, false});
  };
  for (const Rect& c : cells) {
    band(c, 3.0, 1.5, kFoundOuter);
    band(c, 1.5, 1.5, kFoundInner);
  }
}

namespace {

/// The operand of a crop's grid name ("A", "B", "C", "D", "C/D"); nullopt for another name.
std::optional<Operand> grid_operand(const std::string& name) {
  const auto key = parse_crop_operand(name);
  if (!key) return std::nullopt;
  return *key == "A" ? Operand::A : *key == "B" ? Operand::B : Operand::C;
}

/// Crop::grids: each named operand cropped to its block, placed as the screen places the grids (A
/// left, B above, C/D bottom right, a grid left out giving its room to the others), every product
/// so; the lane legend under them. `cell_of(own, op, p)` gives a grid's cells.
template <typename CellOf>
Outcome<Scene> fragments_grids(Scene& s, const ViewRequest& r, const Instruction& in, double y, double cw,
                               double ch, double gap, const CellOf& cell_of) {
  if (!r.crop.operand.empty() || r.crop.rows || r.crop.cols)
    return Outcome<Scene>::fail(ErrorKind::refused,
                                "--crop with grids (GRID:rows=..,cols=..) crops each grid it names; "
                                "give no --operand and no plain rows=/cols= with it");
  std::array<std::optional<Block>, 3> kept;  // by Operand
  for (const GridCrop& g : r.crop.grids) {
    const auto op = grid_operand(g.grid);
    if (!op)
      return Outcome<Scene>::fail(ErrorKind::refused, "--crop: '" + echo_text(g.grid) +
                                                          "' is no grid of the fragments view (A, B, C/D)");
    const std::string name = *op == Operand::A ? "A" : *op == Operand::B ? "B" : "C/D";
    auto& slot = kept[static_cast<std::size_t>(*op)];
    if (slot) return Outcome<Scene>::fail(ErrorKind::refused, "--crop: " + name + " is given twice");
    const auto block =
        crop_block(Crop{{}, g.rows, g.cols, {}}, name, operand_rows(in, *op), operand_cols(in, *op));
    if (!block) return Outcome<Scene>::from(block);
    slot = *block;
  }
  const auto owners =
      std::array{owner_table(in, Operand::A), owner_table(in, Operand::B), owner_table(in, Operand::C)};
  const auto caption = [&](Operand op, int p) {
    const Block& b = *kept[static_cast<std::size_t>(op)];
    std::string t = operand_caption(in, op, p);
    if (b.rows != operand_rows(in, op) || b.cols != operand_cols(in, op)) t += ": " + block_text(b);
    return t;
  };
  const std::optional<Block>&a = kept[0], &b = kept[1];
  for (int p = 0; p < in.products; ++p) {
    const double left = 12 + kGridLeft, top = y + kGridTop;
    const std::string suffix = in.products > 1 ? "p" + std::to_string(p) : "";
    // B and C/D start right of A (and of its caption, which is never drawn under C/D's); A and C/D
    // start below B.
    const double right_x =
        a ? left + std::max(a->cols * cw, text_width(caption(Operand::A, p), kBodySize)) + gap + kGridLeft
          : left;
    const double below_b = b ? top + b->rows * ch + gap + kGridTop : top;
    double bottom = top;
    for (Operand op : {Operand::B, Operand::A, Operand::C}) {
      const auto& block = kept[static_cast<std::size_t>(op)];
      if (!block) continue;
      const std::string key = op == Operand::A ? "A" : op == Operand::B ? "B" : "C";
      GridSpec spec{op == Operand::A ? left : right_x,
                    op == Operand::B ? top : below_b,
                    block->rows,
                    block->cols,
                    cw,
                    ch,
                    caption(op, p),
                    true,
                    key + suffix};
      spec.row0 = block->row0;
      spec.col0 = block->col0;
      bottom = std::max(
          bottom, draw_grid(s, ruled(spec, in, op), cell_of(owners[static_cast<std::size_t>(op)], op, p)));
    }
    y = bottom + 8;
  }
  ring_found(s, r, in.products);
  draw_lane_legend(s, r.palette, 12, y, "Lanes", "T", r.lane);
  return Outcome<Scene>::ok(std::move(s));
}

}  // namespace

Outcome<Scene> fragments_scene(const ViewRequest& r) {
  const std::string mnemonic = r.instr.empty() ? std::string(kDefaultMma) : r.instr;
  const auto found =
      find_export_mma(mnemonic, " (fragviz-cli layout --list names them; wgmma is --view warpgroup)");
  if (!found) return Outcome<Scene>::from(found);
  const Instruction* in = *found;
  Scene s;
  s.decorations = r.title_and_legend;
  if (r.lane >= in->threads)
    return Outcome<Scene>::fail(ErrorKind::refused, "--lane " + std::to_string(r.lane) + ": " + in->mnemonic +
                                                        " has lanes 0-" + std::to_string(in->threads - 1));
  const std::string cell_words(cell_legend(r.labels));
  // What the report measured of it (null report: nothing): the screen then says where the cells were
  // measured, not "PTX ISA prediction", and so does the subtitle (newcomer round 25).
  const app::FragmentsMeasured measured = app::fragments_measured(*in, r.report.get());
  double y = draw_title(
      s, in->mnemonic,
      (measured.any() ? std::string() : std::string("PTX ISA: ") + in->ptx_section + ". ") + cell_words +
          (r.lane >= 0 ? "; lane " + std::to_string(r.lane) + " outlined, the others faded." : "."));
  // What the figure rests on, as the app's status line says it: an entry no GPU has run is the
  // model alone, and a picture passed around on its own must say so.
  if (const std::string status = app::fragments_model_status(*in); !status.empty() && s.decorations) {
    s.add(Text{12, y + 8, status, kBodySize, kBlack});
    s.cover(12 + text_width(status, kBodySize), y + 8);
    y += 12;
  }
  // What the report measured, the line the view shows under its controls, in the view's tone.
  if (const app::MeasuredLine line =
          app::fragments_measured_line(r.report_label, measured, r.report != nullptr);
      !line.text.empty() && s.decorations) {
    const std::optional<app::Rgb> tone = app::tone_colour(line.tone, r.dark);
    s.add(Text{12, y + 8, line.text, kBodySize, tone ? Colour{tone->r, tone->g, tone->b} : kGrid});
    s.cover(12 + text_width(line.text, kBodySize), y + 8);
    y += 12;
  }
  // The screen's header lines (its corner legend), as a caption under the title.
  for (const std::string& line :
       s.decorations ? app::fragments_header_lines(*in) : std::vector<std::string>{}) {
    s.add(Text{12, y + 8, line, 7, kGrid});
    s.cover(12 + text_width(line, 7), y + 8);
    y += 10;
  }
  y += 4;
  int most = 0;
  for (Operand op : {Operand::A, Operand::B, Operand::C})
    most = std::max(most, elements_per_lane(*in, op) - 1);
  // Cells sized for the labels asked (the screen's at its zoom), and labelled by the screen's rule
  // at that size: the picture reads as the screen does at a cell of that size.
  const app::CellLabelSizes sizes = label_sizes(in->threads - 1, most);
  const CellSize cell_size = cell_size_for(r.labels, sizes);
  const double cw = cell_size.w, ch = cell_size.h, gap = 18;
  const app::CellLabelMode mode = app::cell_label_mode(static_cast<float>(cw), static_cast<float>(ch), sizes);
  const int m = operand_rows(*in, Operand::A), k = operand_cols(*in, Operand::A),
            n = operand_cols(*in, Operand::B);
  const auto a = owner_table(*in, Operand::A), b = owner_table(*in, Operand::B),
             c = owner_table(*in, Operand::C);
  auto grid = [&](const std::vector<Owner>& own, Operand op, int p) {
    return [&own, op, p, in, &r, mode, &measured](int row, int col) {
      const int index = cell_index(*in, op, Coord{row, col, p});
      const Owner o = own[static_cast<std::size_t>(index)];
      Cell cell;
      if (o.lane < 0) return cell;  // never for a catalogue entry (every layout is a bijection)
      cell.fill = lane_colour(r.palette, o.lane);
      cell.label = cell_label(mode, o.lane, o.element);
      highlight_lane(cell, o.lane, r.lane);
      // The report's marks, as the screen's cells carry them: a green corner, or a red cross.
      cell.measured = measured.mark(op, index) == app::CellMark::matches;
      cell.wrong = measured.mark(op, index) == app::CellMark::differs;
      return cell;
    };
  };
  if (!r.crop.grids.empty()) return fragments_grids(s, r, *in, y, cw, ch, gap, grid);
  if (!r.crop.whole()) {
    // One operand (its rows and columns as cropped) of each product, one under the other.
    const auto key = parse_crop_operand(r.crop.operand);
    if (!key)
      return Outcome<Scene>::fail(
          ErrorKind::refused,
          r.crop.operand.empty()
              ? "a row or column crop needs --operand A, B or C (the grids differ in shape)"
              : "--operand '" + echo_text(r.crop.operand) + "': fragments has A, B and C/D");
    const Operand op = *key == "A" ? Operand::A : *key == "B" ? Operand::B : Operand::C;
    const auto block =
        crop_block(r.crop, *key == "C" ? "C/D" : *key, operand_rows(*in, op), operand_cols(*in, op));
    if (!block) return Outcome<Scene>::from(block);
    const auto& own = op == Operand::A ? a : op == Operand::B ? b : c;
    for (int p = 0; p < in->products; ++p) {
      const std::string suffix = in->products > 1 ? "p" + std::to_string(p) : "";
      std::string caption = operand_caption(*in, op, p);
      if (r.crop.rows || r.crop.cols) caption += ", " + block_text(*block);
      GridSpec spec{12 + kGridLeft, y + kGridTop, block->rows,  block->cols, cw, ch,
                    caption,        true,         *key + suffix};
      spec.row0 = block->row0;
      spec.col0 = block->col0;
      y = draw_grid(s, ruled(spec, *in, op), grid(own, op, p)) + 8;
    }
    draw_lane_legend(s, r.palette, 12, y, "Lanes", "T", r.lane);
    return Outcome<Scene>::ok(std::move(s));
  }
  for (int p = 0; p < in->products; ++p) {
    const double left = 12 + kGridLeft, top = y + kGridTop;
    const std::string suffix = in->products > 1 ? "p" + std::to_string(p) : "";  // ids "A", or "Ap0".."Ap3"
    const double right_x = left + k * cw + gap + kGridLeft;                      // B and C/D start here
    const double below_b = top + k * ch + gap + kGridTop;                        // A and C/D start here
    draw_grid(
        s,
        ruled(GridSpec{right_x, top, k, n, cw, ch, operand_caption(*in, Operand::B, p), true, "B" + suffix},
              *in, Operand::B),
        grid(b, Operand::B, p));
    draw_grid(
        s,
        ruled(GridSpec{left, below_b, m, k, cw, ch, operand_caption(*in, Operand::A, p), true, "A" + suffix},
              *in, Operand::A),
        grid(a, Operand::A, p));
    y = draw_grid(s,
                  ruled(GridSpec{right_x, below_b, m, n, cw, ch, operand_caption(*in, Operand::C, p), true,
                                 "C" + suffix},
                        *in, Operand::C),
                  grid(c, Operand::C, p));
    y += 8;
  }
  ring_found(s, r, in->products);
  draw_lane_legend(s, r.palette, 12, y, "Lanes", "T", r.lane);
  return Outcome<Scene>::ok(std::move(s));
}

}  // namespace fragviz::scene
