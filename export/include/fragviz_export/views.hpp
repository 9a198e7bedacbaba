// Every view as a Scene (scene.hpp), built by the pure model's one definition of each layout:
// fragment_coord (layout.hpp) for mma.sync, wgmma_d_coord / wgmma_a_coord through the app's
// warpgroup table (hopper_derived.hpp), the explorer's ldmatrix table (ldmatrix_table.hpp, the view's),
// the stmatrix and movmatrix tables (hopper_derived.hpp), analyze_access over a CuTe layout
// (smem_access.hpp) for the bank view, and the gate report for the output view. Colours are the
// app's palette (assets/palette.json), so an exported lane looks as it does on screen.
//
// Every request is judged before anything is built: a bad mnemonic, layout, lane pattern or report
// comes back as an error (kind refused, or io for a report that cannot be read), never a picture.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/isa/ldmatrix.hpp"
#include "fragviz/report/report.hpp"
#include "fragviz/util/outcome.hpp"
#include "fragviz/viewmodel/assets.hpp"
#include "fragviz/viewmodel/cta_tile_view.hpp"
#include "fragviz/viewmodel/hopper_state.hpp"
#include "fragviz/viewmodel/tmem_view.hpp"
#include "fragviz_export/scene.hpp"

namespace fragviz::scene {

/// The views that export.
enum class View : std::uint8_t {
  fragments,
  warpgroup,
  ldmatrix,
  stmatrix,
  movmatrix,
  banks,
  output,
  algebra,
  tmem,
  cta
};
std::string_view to_string(View v);
std::optional<View> parse_view(std::string_view text);
/// "fragments, warpgroup, ldmatrix, stmatrix, movmatrix, banks, output, algebra, tmem, cta".
std::string view_names();
/// The same names, one per entry (for did-you-mean).
std::vector<std::string> view_name_list();

/// A block of a grid's rows or columns, `first` to `last` with both ends included: "rows 0-7" is
/// 8 rows. The one convention of File > Export's crop, fragviz-cli export --crop, settings.json's
/// "export_crop" and the pictures' captions (parse_crop reads it, crop_text and describe_range write it).
struct IndexRange {
  int first = 0, last = 0;
  int count() const { return last - first + 1; }  ///< how many rows or columns
  friend bool operator==(IndexRange a, IndexRange b) { return a.first == b.first && a.last == b.last; }
};

/// One grid's block in a crop of several grids (Crop::grids).
struct GridCrop {
  /// fragments: "A", "B" or "C" (parse_crop_operand's spellings); banks: "unpadded" or "padded".
  std::string grid;
  std::optional<IndexRange> rows, cols;  ///< of that grid (banks: lines and banks); nullopt: all
};

/// Part of a view instead of the whole: for fragments and warpgroup one operand's grid, and within it
/// a block of rows and columns; for banks a block of the tile's rows and columns (the "tile" picture)
/// or of both grids' 128-byte lines and banks (the "lines" picture). Default: everything.
struct Crop {
  /// "A", "B" or "C" (C and D share one layout; "D" and "C/D" name it too); empty: every operand.
  std::string operand;
  std::optional<IndexRange> rows, cols;  ///< of that operand's grid; nullopt: all of them
  /// Several grids at once, each cropped to its own block and laid out as the view lays them out;
  /// a grid not named is left out (File > Export's visible region: every grid with a cell in view).
  /// fragments and banks' lines picture; never together with `operand`, `rows` or `cols`.
  std::vector<GridCrop> grids;
  bool whole() const { return operand.empty() && !rows && !cols && grids.empty(); }
};

/// A crop from text like "rows=0-15,cols=0-7" (either part alone; FIRST-LAST, both included,
/// 0 <= FIRST <= LAST), or one block per grid, "GRID:rows=..,cols=..;GRID:.." (Crop::grids; a GRID
/// with nothing after its colon is all of it); an error (kind refused) names what does not read,
/// and for the older half-open "rows=0:16" the range to write instead. Grid names are the view's
/// to judge (build_scene).
Outcome<Crop> parse_crop(std::string_view text);
/// The text parse_crop reads back as `c`'s ranges: "rows=0-15,cols=0-7", either part alone, or
/// "A:rows=0-7,cols=0-5;C:rows=0-7,cols=0-3" for grids; "" when `c` has none (the operand is not
/// part of it).
std::string crop_text(const Crop& c);
/// How a range is shown to the user: "rows 0-7 (8 rows)", "columns 3-3 (1 column)"; `axis` is
/// "rows" or "columns".
std::string describe_range(std::string_view axis, IndexRange r);
/// `c`'s ranges as describe_range shows them, rows first, joined by ", "; "" when neither. Grids:
/// each as "A rows 0-7, cols 0-5" joined by "; " (C is "C/D"; the bank grids' rows and columns are
/// "lines" and "banks": "padded lines 0-3, banks 0-31", the Layout mode's "layout" too), an axis not
/// cropped left unsaid.
std::string describe_crop(const Crop& c);
/// "A", "B" or "C" for an operand name (A, B, C, D or C/D, any case); nullopt for anything else.
std::optional<std::string> parse_crop_operand(std::string_view text);
/// Whether view `v` can be cropped (fragments, warpgroup, cta: an operand and its rows and columns;
/// banks: the tile's rows and columns, or the lines and banks of its two grids; tmem: its lanes
/// (rows) and columns).
bool croppable(View v);

/// A cell of a fragments grid to ring as the screen rings the one Find went to: grid "A", "B" or
/// "C", its row and column, and its product (-1: every product).
struct FoundCell {
  std::string grid;
  int row = 0, col = 0, product = -1;
};

/// What the bank view's export draws (ViewRequest::bank_picture).
enum class BankPicture : std::uint8_t {
  /// The screen's picture: the explorer's ldmatrix over the unpadded and the padded tile, side by
  /// side, each as 128-byte lines x 32 banks with every word in the colour of the lane that reads
  /// it, per bank the most words one matrix asks of it, and each side's totals (the default).
  lines,
  /// The tile as T/B cells (the bank of each element, the lanes that read it) with a words-per-bank
  /// chart per phase: any CuTe layout, lane pattern and access.
  tile
};
/// "lines" or "tile", as fragviz-cli export --picture spells it.
std::string_view to_string(BankPicture p);
/// The BankPicture named `text`; nullopt for anything else.
std::optional<BankPicture> parse_bank_picture(std::string_view text);

/// What a fragments (or warpgroup) cell says: "T<lane> V<element>", "T<lane>" alone, the lane's number alone,
/// or nothing (colours only), as the screen's cells read at the view's zoom. The picture's cells are sized so
/// that cell_label_mode (fragviz/viewmodel/cell_labels.hpp), the screen's rule, gives exactly this at that
/// size.
enum class CellLabels : std::uint8_t { full, lane, number, none };

/// "full", "lane", "number" or "none": a CellLabels as fragviz-cli export --labels spells it.
std::string_view to_string(CellLabels l);
/// The CellLabels named `text` ("full", "lane", "number", "none"); nullopt for anything else.
std::optional<CellLabels> parse_cell_labels(std::string_view text);
/// "full, lane, number, none".
std::string cell_labels_names();
/// What a fragments cell with labels `l` shows, as its legend says it: "Cell: T<lane> V<element>,
/// coloured by lane", "Cell: T<lane>, coloured by lane", "Cell: the lane's number, coloured by lane",
/// "Cell: coloured by lane". The exported title's and the fragments view's legend alike (newcomer
/// round 33: the screen said "T<lane> V<element>" over cells that showed "T5").
std::string_view cell_legend(CellLabels l);

/// What to draw: the view and its options, named as the CLI's options are.
struct ViewRequest {
  View view = View::fragments;
  /// fragments: an mma.sync mnemonic of the catalogue (default: the app's first instruction, m16n8k8 f16).
  /// ldmatrix: the one whose cells the explorer shows (explorer_unit_bytes: bytes for s8), the same default.
  /// warpgroup: a wgmma mnemonic, with or without "wgmma.mma_async.sync.aligned.". banks: optional; an
  /// mma.sync whose A has an ldmatrix form picks that load's .num and lane pattern.
  std::string instr;
  LdmatrixConfig ldmatrix{LdmNum::x4, false};  ///< --num, --trans (ldmatrix, stmatrix, banks)
  /// banks, the app's tile controls: width and pad in halves, swizzle none or xor (or a CuTe
  /// Swizzle<B,M,S> on element offsets).
  int width_halves = 64, pad_halves = 8;
  std::string swizzle = "none";
  std::string
      layout;  ///< banks: a CuTe layout instead of width/pad/swizzle, e.g. 'Swizzle<3,3,3> o (16,64):(64,1)'
  /// banks: the bank view's Layout mode (bank_layout_view.hpp) instead of the element tile: `layout`
  /// is the write side and `read_layout` the read side ("" = the same), with lanes, access, ldmatrix
  /// and elem; drawn as the screen draws it, 128-byte lines x 32 banks, each word in the colour of
  /// the lane that reads it (T<lane>), conflicts outlined in red, per bank the most words one phase
  /// asks of it, then the per-phase lines, totals and round trip.
  bool layout_mode = false;
  /// banks, outside the Layout mode: the screen's lines x banks picture or the T/B tile picture.
  /// The lines picture draws width_halves, pad_halves, swizzle none or xor and ldmatrix only (the
  /// screen's controls); instr, layout, lanes, access, elem and sm are the tile picture's.
  BankPicture bank_picture = BankPicture::lines;
  std::string read_layout;          ///< banks, layout_mode: the read side ("" = the write side)
  std::string lanes;                ///< banks: lane pattern (lane_pattern.hpp); empty: "explorer"
  std::string access = "ldmatrix";  ///< banks: a SharedOp name (ldmatrix, stmatrix, lds32 .. sts128)
  std::string elem = "b16";         ///< banks with a layout: the element type its numbers count (b8 .. b64)
  /// The highlighted lane (thread 0-127 for warpgroup): its cells outlined, every other lane's faded;
  /// -1: none. fragments, warpgroup, ldmatrix, stmatrix, movmatrix and banks.
  int lane = -1;
  /// fragments, warpgroup: what each cell says (the app: what its view's cells say now; the CLI: full).
  /// banks, the lines and Layout-mode pictures: what a read word says of its lane (owner_label).
  /// stmatrix: "T<lane> r<register>.lo|hi" (full), "T<lane>", the lane's number or nothing.
  /// movmatrix: "T1.lo M0,2" / "T1.lo <T8.lo" (full), "T1.lo", the lane's number or nothing.
  CellLabels labels = CellLabels::full;
  /// fragments, warpgroup: the cell Find went to, ringed as the screen rings it (nothing where a
  /// crop leaves it out); nullopt: none. Its grid is "A", "B" or "C" (fragments), "A" or "D".
  std::optional<FoundCell> found;
  int sm = 0;  ///< banks: oldest target (AccessRequest::sm); 0: 75, or 90 for stmatrix
  /// fragments (A, B, C), warpgroup (A, D), cta (A, B, C): the part drawn. A row or column range
  /// needs one operand (the grids differ in shape) and must lie inside it; the scene holds exactly
  /// those cells. banks: rows and columns of the tile (no operand), its access and conflicts counted
  /// over the whole tile; in the lines picture, lines and banks of both grids. tmem: TMEM lanes
  /// (rows) and columns (no operand). crop.grids (fragments, warpgroup, banks): several grids, each
  /// its block.
  Crop crop;
  /// algebra: the expression, the operation whose operands and result are drawn (-1: the
  /// outermost) and what colours the cells, as the Algebra window shows them (algebra_view.hpp).
  std::string expression;
  int step = -1;
  std::string colour = "offset";  ///< offset, row or column
  /// tmem: the Tensor memory window's controls as tmem_controls_text writes them (tmem_view.hpp).
  std::string tmem = app::tmem_controls_text(app::TmemControls{});
  /// cta: the CTA tile window's configuration, the preset it started from and the chosen thread
  /// (cta_tile_view.hpp; `open` and `cell` are not read).
  app::CtaTileControls cta;
  /// output: the gate report (ReportFile with a gate part), e.g. from load_report.
  std::shared_ptr<const GateReport> gate;
  /// fragments, warpgroup: the probe report the screen shows (null: none) and its label ("measured
  /// on NVIDIA H200, sm_90"): the picture carries its marks on the cells and its line under the
  /// title, as the view does (app::fragments_measured, app::measure_warpgroup).
  std::shared_ptr<const ProbeReport> report;
  std::string report_label;
  /// warpgroup: the Descriptor view's controls; with a report, the line names that layout's probe
  /// as the screen's does (app::warpgroup_measured_text).
  app::DescriptorControls descriptor;
  app::Palette palette;  ///< lane and warp colours, and the papers
  /// Drawn on the palette's "screen" paper (the app's dark window background and light text) instead
  /// of its "document" paper (white, black text): --palette dark.
  bool dark = false;
  /// The picture's title (the mnemonic and a subtitle) and its lane or bank legend, which the screen's
  /// view has not: File > Export's "Title and legend", fragviz-cli export --no-title (off).
  bool title_and_legend = true;
};

/// One spelling of an export palette: the app's names (File > Export's "document (light)" and
/// "screen (dark)") and the short ones, assets/palette.json's "document" and "screen" papers.
struct PaletteName {
  std::string_view name;  ///< "light", "document", "dark" or "screen"
  bool dark = false;      ///< drawn on the screen paper
};
/// Every palette spelling --palette takes, light ones first.
const std::vector<PaletteName>& palette_names();
/// "light" or "document" (the document paper), "dark" or "screen" (the screen's): whether it is
/// dark; nullopt for anything else.
std::optional<bool> parse_palette_name(std::string_view text);

/// Puts `paper`'s colours into every placeholder of `s` (a colour of role background, ink, dim or
/// faded, scene.hpp), the ground included; build_scene does this last, with the request's paper.
void paint_scene(Scene& s, const app::Paper& paper);

/// The Scene of `r`, or why there is none (kind refused).
Outcome<Scene> build_scene(const ViewRequest& r);

// One builder per view (each in its own file); build_scene picks one.
Outcome<Scene> fragments_scene(const ViewRequest& r);
Outcome<Scene> warpgroup_scene(const ViewRequest& r);
/// The ldmatrix view as on screen: the explorer's table for r.instr and r.ldmatrix (make_ldmatrix),
/// its cells and labels (run_label) and row-start bars; refused where r.instr is no catalogue mma.sync.
Outcome<Scene> ldmatrix_scene(const ViewRequest& r);
/// stmatrix as on screen: make_stmatrix_table's cells in the view's words at r.labels, its row-start
/// bars and lanes, r.lane outlined.
Outcome<Scene> stmatrix_scene(const ViewRequest& r);
/// movmatrix as on screen: movmatrix_cell's cells in the view's words at r.labels, r.lane outlined.
Outcome<Scene> movmatrix_scene(const ViewRequest& r);
Outcome<Scene> banks_scene(const ViewRequest& r);
/// banks with layout_mode: the Layout mode's lines x banks grid (banks_scene calls it); refused
/// with the first field's error when a field does not parse or the access is refused.
Outcome<Scene> banks_layout_scene(const ViewRequest& r);
/// banks' lines picture (banks_scene calls it): the bank view's two grids as the screen draws them;
/// refused where the request names what only the tile picture draws, or the tile is out of range.
Outcome<Scene> banks_lines_scene(const ViewRequest& r);
/// The Algebra window's tables: the shown operation's layout operands and result (or the layout
/// alone), each cell its offset, coloured as asked; refused with the expression's own refusal.
Outcome<Scene> algebra_scene(const ViewRequest& r);
Outcome<Scene> output_scene(const ViewRequest& r);
/// The Tensor memory window's grid for r.tmem (model only, its status line under the title);
/// refused with the controls' parse error or the model's refusal.
Outcome<Scene> tmem_scene(const ViewRequest& r);
/// The CTA tile window's A, B and C grids for r.cta with each operand's layout, join and bank total;
/// refused with make_cta_tile's or the analysis's refusal.
Outcome<Scene> cta_scene(const ViewRequest& r);

/// A layout's table (fragviz-cli algebra --svg): `rows` x `cols` cells, cell (r, c) labelled with
/// offset(r, c) and coloured by that offset modulo 32 in the lane colours; `title` and `subtitle`
/// above. Preconditions: rows, cols >= 1.
Scene layout_table_scene(const std::string& title, const std::string& subtitle, int rows, int cols,
                         const std::function<std::int64_t(int, int)>& offset, const app::Palette& p);

/// The catalogue mma.sync the fragments view shows by default (the app's default instruction).
inline constexpr std::string_view kDefaultMma = "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32";

}  // namespace fragviz::scene
