// Drawing helpers the view builders share: a labelled grid of cells, captions, a lane legend.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/util/outcome.hpp"
#include "fragviz/viewmodel/assets.hpp"
#include "fragviz/viewmodel/cell_labels.hpp"
#include "fragviz/viewmodel/cta_tile_view.hpp"
#include "fragviz/viewmodel/fragments_measured.hpp"
#include "fragviz/viewmodel/grid_marks.hpp"
#include "fragviz_export/scene.hpp"
#include "fragviz_export/views.hpp"

namespace fragviz::scene {

/// One cell of a grid.
struct Cell {
  Colour fill = kWhite;
  std::string label;      ///< drawn centred, in text_on(fill)
  bool marked = false;    ///< drawn with a heavy black outline (a selected or addressing lane)
  bool wrong = false;     ///< crossed out and outlined in kWrongMark (a cell a join finds wrong)
  bool measured = false;  ///< the green corner of a cell a probe measured and found matching
};

/// The mark of a wrong cell (app::kCtaWrongColour, the screen's): no lane or warp colour is red.
inline constexpr Colour kWrongMark{app::kCtaWrongColour.r, app::kCtaWrongColour.g, app::kCtaWrongColour.b};
/// The green corner of a measured cell that matches: the screen's (panels.hpp kGreen).
inline constexpr Colour kMeasuredMark{app::kMatchesMarkColour.r, app::kMatchesMarkColour.g,
                                      app::kMatchesMarkColour.b};
/// Rings r.found's cell (every one of `products` products', or the one named) as the screen's Find
/// does (app/panels/find_field.cpp's found_ring): black outside, yellow next to the cell, both
/// outside it so its colour and label stay as they are. Drawn last, over the grids' rules; nothing
/// where a crop left the cell out. The fragments and warpgroup views.
void ring_found(Scene& s, const ViewRequest& r, int products);
/// Draws the wrong-cell mark over the cell at (x, y), w x h: a red cross over a black one (readable
/// on every fill) and a red outline. The legend's swatch draws it too.
void draw_wrong_mark(Scene& s, double x, double y, double w, double h);

/// One row start of an ldmatrix or stmatrix table, as the screen draws it: a bar in `lane`'s colour
/// left of the row's first cell at (x, y), cells h high (6 points wide for the request's lane, else
/// 3; Rect id "start-r<row>-c<col>" of `at`), that lane's row of row_w points outlined in black, and
/// "T<lane>" centred at label_x in index_size where the row starts the tile's (at.col 0).
void draw_row_start(Scene& s, const ViewRequest& r, int lane, Coord at, double x, double y, double row_w,
                    double h, double label_x, double index_size);

/// The catalogue's mma.sync called `name`, or refused: "'X' is no mma.sync of the catalogue", then
/// `hint` and the nearest names.
Outcome<const Instruction*> find_export_mma(const std::string& name, const std::string& hint = "");

/// A rows x cols grid at (x, y) (rows row0.. and columns col0.. of a larger one), cells cw x ch points, row
/// indices to its left and column indices above it, `caption` above those. Labels share one font size, the
/// largest up to 6.5 pt at which the longest label fits its cell. Returns the bottom-right corner's y (x +
/// cols * cw is its right).
struct GridSpec {
  double x = 0, y = 0;
  int rows = 0, cols = 0;
  double cw = 30, ch = 14;
  std::string caption;
  bool indices = true;
  std::string id = {};  ///< the cells' Rect::id prefix, e.g. "A"; empty: no ids
  /// The first row and column drawn (a crop): indices, ids and `cell`'s arguments count from the
  /// whole grid's origin, so a cropped cell is named as it is uncropped.
  int row0 = 0, col0 = 0;
  /// Reading rules across the grid (app::grid_rules: the screen's), at whole-grid indices; those
  /// between two rows or columns drawn are drawn.
  std::vector<app::GridRule> row_rules = {}, col_rules = {};
};
double draw_grid(Scene& s, const GridSpec& g, const std::function<Cell(int row, int col)>& cell);

/// The widest cell labels of a grid whose owners (lanes, threads) run to `max_owner` and elements
/// to `max_element`, as the pictures draw them (points, with room about each).
app::CellLabelSizes label_sizes(int max_owner, int max_element);
/// A cell's size in points.
struct CellSize {
  double w = 0, h = 0;
};
/// The cell size at which cell_label_mode over `sizes` gives `labels`: as wide as its longest label
/// (full: at least 30 points), one line high, so no longer label fits; for none, too narrow for any.
CellSize cell_size_for(CellLabels labels, const app::CellLabelSizes& sizes);
/// What a cell of `owner` and `element` says under `mode`: "T<owner> V<element>" (two_lines too:
/// a picture's cells are one line), "T<owner>", "<owner>" or "".
std::string cell_label(app::CellLabelMode mode, int owner, int element);
/// What a cell naming its owner alone (a bank word: the lane reading it) says under `labels`, the
/// screen's level at its zoom (owner_label_mode): "T<owner>" (full or lane), "<owner>" or "".
std::string owner_label(CellLabels labels, int owner);

/// The block of a rows x cols grid (named `grid` in errors) that crop `c`'s ranges keep; an error
/// (kind refused) when a range runs past the grid.
struct Block {
  int row0 = 0, rows = 0, col0 = 0, cols = 0;
};
Outcome<Block> crop_block(const Crop& c, const std::string& grid, int rows, int cols);
/// The block's rows and columns as the user reads them: "rows 4-11 (8 rows), columns 8-15 (8
/// columns)" (describe_range), for a cropped picture's caption.
std::string block_text(const Block& b);

/// Room a grid's caption and column indices take above its first row, and its row indices to its
/// left (points).
inline constexpr double kGridTop = 22;
inline constexpr double kGridLeft = 22;

/// The title line and a second, smaller line under it at the top left; returns the y below them.
double draw_title(Scene& s, const std::string& title, const std::string& subtitle);

/// 32 swatches "T0" .. "T31" (`prefix` instead of "T") in the lane colours, in one row from (x, y)
/// (no ids: they are no grid's cells); lane `selected` (-1: none) outlined and the others faded, as
/// the screen's lane strip marks it. Returns the y below.
double draw_lane_legend(Scene& s, const app::Palette& p, double x, double y, const std::string& caption,
                        const std::string& prefix = "T", int selected = -1);
/// 32 swatches "B0" .. "B31" in the bank colours; returns the y below.
double draw_bank_legend(Scene& s, double x, double y, const std::string& caption);

/// A palette colour as a scene colour.
inline Colour colour(app::Rgb c) { return Colour{c.r, c.g, c.b}; }
/// Lane `lane`'s colour (0..31).
inline Colour lane_colour(const app::Palette& p, int lane) {
  return colour(p.lanes[static_cast<std::size_t>(lane & 31)]);
}

/// A cell of a lane other than the highlighted one (ViewRequest::lane): its colour faded to a tint
/// towards the paper (Role::faded, worked out by paint_scene).
Colour faded(Colour c);

/// Fills and marks `cell` for the highlighted lane `highlight` (-1: none): the lane's cells keep
/// their colour and are outlined, every other lane's are faded.
void highlight_lane(Cell& cell, int cell_lane, int highlight);

/// Line height of the scene's body text.
inline constexpr double kBodySize = 8;

}  // namespace fragviz::scene
