// The app's state as plain data: what the user chose (Controls, persisted), which windows are open,
// what the background jobs have published, and a per-frame record of what was drawn where (for
// the state dump the GUI tests read). Drawing code reads and edits this; it owns no GL objects.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "compare_view.hpp"
#include "export_dialog.hpp"
#include "file_browser_state.hpp"
#include "fragviz/device/device.hpp"
#include "fragviz/gate/gate_output.hpp"
#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/fragment.hpp"
#include "fragviz/isa/ldmatrix.hpp"
#include "fragviz/report/report.hpp"
#include "fragviz/smem/banks.hpp"
#include "fragviz/smem/smem_access.hpp"
#include "fragviz/viewmodel/algebra_view.hpp"
#include "fragviz/viewmodel/bank_layout_view.hpp"
#include "fragviz/viewmodel/cta_device_view.hpp"
#include "fragviz/viewmodel/cta_tile_view.hpp"
#include "fragviz/viewmodel/hopper_derived.hpp"
#include "fragviz/viewmodel/hopper_state.hpp"
#include "fragviz/viewmodel/move_b8_view.hpp"
#include "fragviz/viewmodel/tcgen05_desc_view.hpp"
#include "fragviz/viewmodel/tile_units.hpp"  // ClampNote
#include "fragviz/viewmodel/tmem_view.hpp"
#include "gate_history.hpp"
#include "gate_ladder_run.hpp"
#include "inspector_subject.hpp"
#include "kernel_form.hpp"
#include "panels/find_field.hpp"
#include "view_tiling.hpp"

namespace fragviz::app {

/// The tile geometry the drawn views (bank view, ldmatrix) support, the controls clamp to and the
/// CLI and report loader accept: the one tile range (banks.hpp), never a copy of its numbers.
inline constexpr int kMinWidthHalves = kMinTileWidthHalves, kMaxWidthHalves = kMaxTileWidthHalves,
                     kMaxPadHalves = kMaxTilePadHalves;
/// Fragments view zoom range: 1 fits every grid in the window; more enlarges the cells and scrolls.
inline constexpr float kMinFragmentsZoom = 1.f, kMaxFragmentsZoom = 32.f;
/// Bank view zoom range: 1 fits each grid in its column; more enlarges the cells and scrolls.
inline constexpr float kMinBanksZoom = 1.f, kMaxBanksZoom = 32.f;
/// Tensor memory view zoom range: 1 fits the grid in the window; more enlarges the cells and scrolls.
inline constexpr float kMinTmemZoom = 1.f, kMaxTmemZoom = 32.f;
/// The Algebra window's cell width range (pixels), as its slider offers it.
inline constexpr float kMinAlgebraCell = 12.f, kMaxAlgebraCell = 48.f;

/// The instruction shown at first start and whenever a stored mnemonic is not in the catalogue.
inline constexpr const char* kDefaultInstruction = "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32";

/// Everything that determines the model views. Changing any field recomputes the derived cache;
/// changing the ldmatrix or tile fields also re-runs the probes (with a device).
struct Controls {
  /// The selected catalogue instruction, by mnemonic exactly as PTX spells it (reports and
  /// settings name instructions this way, never by index).
  std::string instruction = kDefaultInstruction;
  LdmNum num = LdmNum::x4;
  bool trans = false;
  int width_halves = 64;
  int pad_halves = 8;
  Swizzle swizzle = Swizzle::none;
  friend bool operator==(const Controls& a, const Controls& b) {
    return a.instruction == b.instruction && a.same_probe_inputs(b);
  }
  friend bool operator!=(const Controls& a, const Controls& b) { return !(a == b); }
  /// True when the probes would be asked the same thing (they measure every catalogue
  /// instruction, so only the ldmatrix explorer's fields matter).
  bool same_probe_inputs(const Controls& o) const {
    return num == o.num && trans == o.trans && width_halves == o.width_halves && pad_halves == o.pad_halves &&
           swizzle == o.swizzle;
  }
  /// The catalogue entry of `instruction`, or of kDefaultInstruction when it names none.
  const Instruction& instr() const {
    if (const Instruction* in = find_instruction(instruction)) return *in;
    return *find_instruction(kDefaultInstruction);
  }
  LdmatrixConfig ldmatrix() const { return LdmatrixConfig{num, trans}; }
  /// The tile the user configured (the "padded" one in the bank view).
  TileGeometry tile() const { return TileGeometry{width_halves, pad_halves, 16, swizzle}; }
  /// Same tile without padding: the bank view's left-hand comparison.
  TileGeometry unpadded_tile() const { return TileGeometry{width_halves, 0, 16, swizzle}; }
  /// Picks swizzle `s`, as the Controls view's radio buttons do. The XOR swizzle is defined on an
  /// unpadded tile (its 128-byte groups need a row stride of whole groups; padded, ldmatrix's rows
  /// are refused), so picking xor sets the pad to 0. True when it changed the pad.
  bool pick_swizzle(Swizzle s) {
    swizzle = s;
    if (s != Swizzle::xor_row_mod8 || pad_halves == 0) return false;
    pad_halves = 0;
    return true;
  }
};

/// Windows the View menu toggles. Persisted.
struct WindowsOpen {
  bool controls = true, device = true, inspector = true, fragments = true, ldmatrix = true, banks = true,
       gate = true, output = true;
};

/// How the output view colours each element of the n x n result.
enum class OutputColour { mismatch, block, warp, lane };
const char* to_string(OutputColour c);
/// The colour mode `to_string` names, or nullopt.
std::optional<OutputColour> parse_output_colour(std::string_view text);

/// Zoom and pan of the output view: element coordinates at the top-left pixel and elements per
/// pixel (scale <= 0 means "fit the whole matrix"). `fitted`: the view shows the whole matrix and
/// refits to the canvas every frame (its size changes with the layout) until the user zooms or pans.
struct OutputViewport {
  double x0 = 0, y0 = 0, scale = 0;
  bool fitted = false;
  bool operator==(const OutputViewport& o) const { return x0 == o.x0 && y0 == o.y0 && scale == o.scale; }
};

/// Measured probe data the views draw: from a live run or from an opened report file.
struct ProbeSource {
  std::shared_ptr<const ProbeReport> report;
  std::string label;   ///< "measured on NVIDIA H200, sm_90" (+ where from)
  std::string origin;  ///< "live" or the file path
};

/// Status of one background job, as the UI shows it.
enum class JobStatus { idle, running, done, failed };

/// The CTA tile window's "Run on GPU" (cta_device_view.hpp): asked by the panel, run as a job
/// (app.cpp), its result shown beside the joins while the configuration is the one it ran.
struct CtaDeviceRun {
  bool requested = false;  ///< the button was pressed this frame
  JobStatus status = JobStatus::idle;
  tile::CtaTileSpec spec;                 ///< the configuration it ran (or runs)
  std::optional<CtaDeviceResult> result;  ///< the last run's
  std::string error;                      ///< the job failed (an exception), or the tile was refused
};

/// Screen rectangle in framebuffer pixels (x, y, w, h).
struct Rect {
  float x = 0, y = 0, w = 0, h = 0;
};

/// One fragment-grid cell, recorded so tests click where the app drew it. Every cell of the
/// operand is recorded; `visible` says whether it belongs to the view's visible region.
struct CellRecord {
  int row = 0, col = 0, product = 0, lane = 0, element = 0;
  Rect rect;
  /// In its grid's visible region (viewmodel/visible_region.hpp): half or more of it on screen,
  /// outside the sticky index bands, inside the app's window; File > Export's rule.
  bool visible = false;
  int measured = 0;  ///< 0 not measured, 1 every probe's check matches, 2 one differs (red X)
};

/// What the layout takes from the views' content for one frame: their least heights by window name,
/// the fragments view's fit height, the gate view's content height and the CTA tile's (logical px), as
/// measured when the layout last settled after a change it asks for (a view opened or closed, the window
/// resized, "fit", the gate's ladder, another instruction); `key` names that state and `settle`
/// counts the frames the layout still follows the views' measurements.
struct LayoutInputs {
  std::map<std::string, float> least;
  float fragments_fit_height = 0, fragments_whole_height = 0, fragments_drawn_height = 0,
        banks_whole_height = 0, gate_needs = 0, gate_least = 0, cta_tile_wants = 0;
  std::string key;
  int settle = 0;
};

/// The fragments view's zoom and scroll as drawn this frame.
/// A line of text a view drew (a heading, a legend line): the text and its box as drawn.
struct TextRecord {
  std::string text;
  Rect rect;
  bool cut = false;  ///< its clip rectangle cut it short: part of the text is not drawn
};

/// The part of one grid a zoomed, scrolled view shows this frame: its rows first_row..last_row and
/// columns first_col..last_col, both included, a cell counting where half or more of it is in view
/// (visible_region.hpp); of a grid of `rows` x `cols`. Empty (first > last) where none of it is in view.
struct VisibleGrid {
  int first_row = 0, last_row = -1, first_col = 0, last_col = -1;
  int rows = 0, cols = 0;
  bool empty() const { return first_row > last_row || first_col > last_col; }
  /// Every cell in view.
  bool whole() const {
    return !empty() && first_row == 0 && first_col == 0 && last_row == rows - 1 && last_col == cols - 1;
  }
  int cells() const { return empty() ? 0 : (last_row - first_row + 1) * (last_col - first_col + 1); }
};

/// The cell a view's Find went to (FindGoto) as drawn: operand key, row, col, product, rect.
struct FoundCellRecord {
  std::string op;
  int row = 0, col = 0, product = 0;
  Rect rect;
};

struct FragmentsViewRecord {
  float zoom = 1.f;
  float cell_w = 0, cell_h = 0;
  float scroll_x = 0, scroll_y = 0, scroll_max_x = 0, scroll_max_y = 0;
  int blocks_per_row = 1;     ///< product blocks (quad pairs) side by side
  int cells_drawn = 0;        ///< cells inside the visible part, all operands
  float readable_zoom = 1.f;  ///< the view's first zoom: every label and index fits (zoom_grid.hpp)
  std::string label_mode;     ///< what each cell holds: "full", "two_lines", "owner", "number", "none"
  int row_label_step = 1, col_label_step = 1;  ///< every how many rows / columns an index is drawn
  /// Where each operand's ("A", "B", "C") index bands were drawn this frame (screen pixels): the
  /// column band's top and the row band's left; NaN where none (sticky: in view while the grid is).
  std::map<std::string, std::pair<float, float>> label_bands;
  /// Each operand's bands' sizes: the column band's height and the row band's width.
  std::map<std::string, std::pair<float, float>> band_sizes;
  /// Each operand's index labels drawn this frame (product 0), column and row numbers.
  std::map<std::string, std::vector<TextRecord>> index_labels;
  std::vector<TextRecord> texts;        ///< the grid titles and corner legend lines drawn this frame
  std::string find_answer, find_error;  ///< the Find field's answer or message this frame
  std::string fit_note;                 ///< "fit cannot show every cell: ..." where fit scrolls; empty else
  /// Per operand ("A", "B", "C"), the part of its grid in view (of product 0 where there are four).
  std::map<std::string, VisibleGrid> visible;
  std::optional<FoundCellRecord> found;  ///< the cell Find went to, outlined; none when none
  std::optional<FoundCellRecord> hover;  ///< the cell under the pointer, whose tooltip shows; none when none
};

/// The bank view's zoom and scroll as drawn this frame (either mode; zoom_grid.hpp).
struct BanksViewRecord {
  bool drawn = false;
  float zoom = 1.f, readable_zoom = 1.f;
  float cell_w = 0, cell_h = 0;
  float scroll_x = 0, scroll_y = 0, scroll_max_x = 0, scroll_max_y = 0;
  int address_every = 1;  ///< every how many 128-byte lines an address label is drawn
  /// Per grid ("unpadded", "padded", "layout"): its first cell's top-left (screen pixels), and
  /// where its bank-number band's top and address band's left were drawn (sticky).
  std::map<std::string, std::array<float, 4>> grids;
  /// Per grid, the part in view: 128-byte lines (rows) by banks (columns).
  std::map<std::string, VisibleGrid> visible;
  /// Per grid, the part inside the bank view's own window, wherever the canvas is scrolled (the view
  /// keeps room for a few lines: kMinBankGridLines).
  std::map<std::string, VisibleGrid> in_window;
  /// The tile view: the padded tile's (the one File > Export draws) rows and columns (halves) with a
  /// word in view in either grid, as a bounding block; empty in Layout mode.
  VisibleGrid visible_tile;
  /// Per side ("unpadded", "padded"): the line about its tile, in the Controls view's unit.
  std::map<std::string, std::string> tile_text;
  /// A line above a side's grid as drawn: its text and colour (#RRGGBB, as ImGui packs it).
  struct StatusLine {
    std::string text, colour;
  };
  /// Per side, the lines above its grid (bank_side_lines, then any measured line), in order.
  std::map<std::string, std::vector<StatusLine>> status_lines;
  /// What a word that a lane reads says at this zoom (owner_label_mode): "owner" (T<lane>),
  /// "number" or "none".
  std::string label_mode = "none";
  /// A word's label as drawn: its 128-byte line, its bank and the text.
  struct WordLabel {
    int line = 0, bank = 0;
    std::string text;
  };
  /// Per grid, the labels drawn on the words of its visible region (`visible`).
  std::map<std::string, std::vector<WordLabel>> labels;
  /// Per grid, the per-bank counts drawn in view under it: [bank, most distinct words one matrix
  /// asks of it], each nonzero one of the banks in view (`visible`).
  std::map<std::string, std::vector<std::array<int, 2>>> counts;
};

/// One cell of the fragments view's WMMA grid as drawn (for tests and the state dump).
struct WmmaCellRecord {
  int row = 0, col = 0;
  int lane = -1, slot = -1;  ///< the first slot holding it (-1: none)
  int holders = 0;           ///< slots holding it
  Rect rect;
};

/// The fragments view's WMMA mode this frame.
struct WmmaFrame {
  bool shown = false;  ///< a WMMA kind was picked: it replaced the instruction's grids
  std::string name;
  std::string label, holders, relation, same_as, nothing;  ///< the lines shown (wmma_view.hpp)
  std::vector<WmmaCellRecord> cells;                       ///< every cell drawn; none without a measurement
};

/// One bit field of a register in the lane inspector: one fragment element.
struct InspectorField {
  int element = 0;
  int bit = 0, bits = 0;  ///< bits [bit, bit + bits) of the register
  Coord coord{};          ///< the model's (row, col, product)
  long label = -1;        ///< the tensor-core probe's label for A/B (slot + 1); -1 for C/D
  /// The register as measured, when a report has it: the label the tensor core returned (A/B) or
  /// the D bits (C), and the cell it names.
  bool measured = false;
  std::uint32_t measured_raw = 0;
  std::optional<Coord> measured_coord;
  bool match = false;
};
/// One register of the selected lane as the inspector shows it.
struct InspectorRegister {
  Operand operand = Operand::A;
  int index = 0;
  std::string name;  ///< "a0..a3", "b0b1", "c2"
  int bits = 32;     ///< 64 for an .f64 register
  /// Hex the inspector shows: the register as the tensor-core probe feeds it (A/B, label digit 0),
  /// or as measured; "" when there is no value (C/D without a report).
  std::string hex;
  bool has_value = false;
  std::uint64_t value = 0;   ///< what `hex` shows
  std::string value_source;  ///< "probe-label", "measured-ldmatrix", "measured-mma", "none"
  std::vector<InspectorField> fields;
};

/// What the last frame drew, for --dump-state. Rebuilt every frame by the panels.
struct FrameRecord {
  /// The Warpgroup view's thread the Lane inspector showed instead of a lane (-1: none), and its
  /// registers as the inspector listed them.
  int inspector_wg_thread = -1;
  std::vector<WgmmaRegister> inspector_wg_registers;

  std::map<std::string, std::vector<CellRecord>> cells;   ///< "A", "B", "C" -> every cell
  std::map<std::string, std::vector<Coord>> highlighted;  ///< "A", "B", "C" -> the selected lane's cells
  FragmentsViewRecord fragments_view;
  BanksViewRecord banks_view;
  /// The warpgroup view's part in view of A and D ("A", and "C" as File > Export keys D).
  std::map<std::string, VisibleGrid> warpgroup_visible;
  /// The CTA tile window's part in view of its A, B and C grids ("A", "B", "C").
  std::map<std::string, VisibleGrid> cta_visible;
  float cta_grids_scroll = 0;  ///< how far the CTA tile window's grids are scrolled down (logical px)
  /// The Tensor memory window's lanes (rows) and columns in view; empty where it was not drawn.
  VisibleGrid tmem_visible;
  /// Each zoom slider's readout as drawn, by its view's id ("tmem": "32.00x"; zoom_bar).
  std::map<std::string, std::string> zoom_readouts;
  int inspector_lane = -1;                                      ///< lane the inspector showed, -1 when none
  std::vector<InspectorRegister> inspector;                     ///< its registers, A then B then C
  std::string inspector_encoding;                               ///< the line that explains the values
  std::vector<std::string> inspector_loads;                     ///< its lines on A's and B's own ldmatrix
  bool picker_open = false;                                     ///< the instruction picker's list is open
  std::vector<Coord> bank_marked_padded, bank_marked_unpadded;  ///< selected lane's row starts
  std::map<std::string, Rect> widgets;                          ///< named widgets' rects
  /// The Export dialog's rows of its view's own options this frame (export_options): "picture",
  /// "visible", "operand", "crop", in the dialog's order; empty while it is closed.
  std::vector<std::string> export_rows;
  /// A picker (combo) as drawn: its preview text, the width ImGui measures it at and the room the
  /// combo left it (its width less the frame's left padding and the arrow button), whether the
  /// preview was cut and whether the whole text showed in a tooltip (combo_preview).
  struct PickerRecord {
    std::string preview;
    float text_w = 0, room = 0;
    bool cut = false, tooltip = false;
    std::string tooltip_text;  ///< the hover text shown this frame (its whole text and what it is), else ""
  };
  std::map<std::string, PickerRecord> pickers;  ///< by widget name
  /// A verdict or answer line as drawn (answer_text, fit_text with a name): its full text, the right
  /// end of what was drawn and the right edge of the window's visible part (screen pixels), how
  /// many lines it wrapped to, whether it ran past that edge (`clipped`) and whether it was cut
  /// with "..." (its whole text then shows on hover).
  struct TextLineRecord {
    std::string text;
    float right = 0, view_right = 0;
    int lines = 1;
    bool clipped = false, cut = false;
  };
  std::map<std::string, TextLineRecord> text_lines;  ///< by widget name
  std::array<Rect, kWarpSize> lane_buttons{};
  bool banner_shown = false;  ///< the model-only banner (not while a recorded report is shown)
  std::string banner_text;
  std::string status_headline;  ///< the status strip's first segment, in full
  std::string status_tooltip;   ///< the full text of the strip segment under the mouse, if any
  /// File > Recent reports as drawn this frame (when open): each item's label and whether it was
  /// enabled.
  std::vector<std::pair<std::string, bool>> recent_items;
  std::vector<std::string> messages_shown;  ///< the lines the Messages window showed (none when closed)
  bool gate_button_enabled = false;
  std::string gate_reason;
  std::string kernel_reason;  ///< why Load kernel's Run is disabled, "" when it is not
  std::string kernel_status;  ///< Load kernel's status line as shown (its reason, or what Run will do)
  /// Load kernel's progress words while a run goes ("compiling with NVRTC... 3 s", "40%").
  std::string kernel_progress;
  std::string gate_verdict;  ///< the verdict line the gate panel shows, "" when none
  /// Said over a result of another variant than the picker's: "the result below is ...", else "".
  std::string gate_other_variant;
  std::string gate_spot_checks;  ///< the gate panel's spot-check line, "" when none
  std::string gate_geometry;     ///< the ladder's geometry detail shown, "" when none
  std::string gate_ladder_tip;   ///< the ladder row's tooltip shown (every figure of the row), "" when none
  float gate_ladder_scroll_max = 0;  ///< how far the ladder table scrolls sideways (0: every column in view)
  float gate_ladder_scroll_y = 0, gate_ladder_scroll_max_y = 0;  ///< that scroll, and how far it goes
  std::string fragments_measured_label;
  WmmaFrame wmma;               ///< the fragments view's WMMA mode
  std::string device_recorded;  ///< the Device panel's "recorded ..., driver ..." line, "" when none
  /// The Device panel's lines on the report's probes of kinds it lacks or holds apart from the
  /// tensor-core counts (fragment_probes_line, "no register-fed mma probes ..."); none: no report.
  std::vector<std::string> device_probe_lines;
  bool output_view_drawn = false;
  bool output_has_data = false;             ///< the output view shows a gate result (else ownership only)
  std::uint64_t output_flagged = 0;         ///< elements the output view marks as differing
  int output_n = 0;                         ///< n of the matrix the output view shows
  std::optional<Coord> output_known_until;  ///< last recorded (row, col) when later cells are unknown
  std::string output_text;                  ///< the summary line above the output view
  /// Whose tiling the block, warp and lane colours follow ("" for a user kernel: none known) and
  /// that tiling; the output tooltip's lines this frame (empty when none shows).
  std::string output_tiling_variant;
  GateOutputTiling output_tiling;
  std::vector<std::string> output_tooltip;
  int hovered_lane = -1;  ///< lane under the mouse this frame (any view)
  /// Why the tile controls cannot hold an operand the fragments view loads through ldmatrix ("" when
  /// they can): its cells then show no shared-memory address (operand_tile_problem).
  std::string fragments_tile_problem;
  /// Why the tile controls cannot be loaded with the explorer's ldmatrix (validate()), "" when they
  /// can: the ldmatrix view says so above its grid.
  std::string ldmatrix_tile_problem;
  /// The ldmatrix view's cell labels this frame: one level for every label ("two_lines": T<lane>
  /// and its register (part), "lane_register": both on one line, "lane": T<lane>, "number": the
  /// lane number, "none": too narrow, said above the grid), the font size they were drawn at
  /// (logical px) and how many cells a label covers.
  std::string ldmatrix_labels;
  float ldmatrix_label_px = 0;
  int ldmatrix_labelled = 0;
  /// Cells one label covers at most: 4 for byte cells (a 32-bit register's run, "lane_register":
  /// "T<lane> r<reg>" on one line), 1 for halves and words.
  int ldmatrix_label_run = 1;
  /// A label the ldmatrix view drew over its cells: its row, first and last column, and what it says
  /// (two lines joined by a space).
  struct CellLabel {
    int row = 0, col0 = 0, col1 = 0;
    std::string text;
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;  ///< the text's extent as drawn (both lines), window pixels
  };
  std::vector<CellLabel> ldmatrix_cell_labels;
  /// The ldmatrix view's first cell's top-left (window pixels) and its cell width and height.
  std::array<float, 4> ldmatrix_grid{};
  /// The ldmatrix view's tooltip this frame, its first lines (the cell and its register part).
  std::vector<std::string> ldmatrix_tooltip;
  int ldmatrix_col_label_step = 1;  ///< every how many columns an index is drawn
  /// A column index the ldmatrix view drew: its column and its text's left and right edges.
  struct ColumnLabel {
    int col = 0;
    float x0 = 0, x1 = 0;
  };
  std::vector<ColumnLabel> ldmatrix_col_labels;
  /// What the ldmatrix view's label column shows on a row: its number and the lane supplying the
  /// row's address ("T10"), "" where none is drawn.
  struct RowLabel {
    std::string number, lane;
  };
  std::vector<RowLabel> ldmatrix_row_labels;
  /// Cells the fragments view marked as named by the comparison this frame, per operand ("A", ...).
  std::map<std::string, std::vector<Coord>> compare_marked;
  LayoutFrame layout;  ///< where the views are this frame (layout.hpp)
  /// Background results this frame took in, in order: "device", "probe", "gate", "ladder" (for
  /// --bench, which times the frames that apply them).
  std::vector<const char*> results_taken;
  std::vector<const char*> jobs_started;  ///< background jobs this frame started ("probe", ...)
};

/// The report files the views show (File > Open report, or the command line) and what they cover, so
/// that closing them gives back exactly what the user had (report_view.hpp). Its probe part and its
/// gate part may come from two files: a probe report and a gate report describe different views.
/// A part of the shown report (OpenedReport): its probe data or its gate run.
enum class ReportPart { probe, gate };

struct OpenedReport {
  int id = 0;        ///< tags the gate runs it added (GateRun::report_id)
  std::string path;  ///< the file opened last
  /// The file each shown part was read from; "" for a part no report shows.
  std::string probe_path, gate_path;
  bool has_probe = false, has_gate = false;
  /// What the status strip says while it is open: which report, measured on which GPU, when.
  std::string headline;
  /// The user's own controls: what settings save and what closing restores, while the views show
  /// the report's ldmatrix geometry. Edits made while the report is open are the user's and land
  /// here too (track_user_edits).
  Controls user_controls;
  /// The geometry fields the user set while the report was open ("num", "trans", "width", "pad",
  /// "swizzle"): those show the user's value, not the report's, and so they do after a restart
  /// (settings.json "reports": "yours") and when a gate report joins this one (newcomer issue 22:
  /// a restart showed the report's width again, yet took a width typed then).
  std::vector<std::string> yours;
  /// Each control the report's geometry replaced, e.g. "pad 8 (yours 16)"; empty when none.
  std::vector<std::string> changes;
  ProbeSource probe_before;    ///< live probe data it covers (newer live results land here too)
  GateRun gate_before;         ///< the gate result shown before it
  OutputViewport view_before;  ///< the output view's zoom and pan before it
  /// A report with a `probe --layout` run shows its layout in the bank view's Layout mode: the
  /// user's own layout before it, and what the report put there (an edit since is the user's).
  std::optional<LayoutControls> layout_before;
  LayoutControls layout_shown;
  /// A gate part puts its run's variant, n and seed in the Gate window's fields, so the picker
  /// names the result shown (issue 22: it read broken-swap-b over ldmatrix-k8's verdict): the
  /// user's own request before it, and what the report put there (an edit since is the user's).
  std::optional<GateRequest> request_before;
  GateRequest request_shown;
};

/// Options that come from the command line, not from the user in the window.
struct LaunchOptions {
  std::string config_dir;  ///< --config-dir; empty = default lookup
  int width = 1600, height = 1000;
  std::string screenshot;  ///< --screenshot FILE.png or FILE.jpg
  int frames = -1;         ///< --frames N (-1 = run until closed)
  std::string dump_state;  ///< --dump-state FILE
  std::string bench;       ///< --bench FILE
  int bench_frames = 300;
  std::string report_path;  ///< positional report.json
  std::string instruction;  ///< --instr MNEMONIC: select this catalogue instruction at start
  std::string wmma;         ///< --wmma KIND: show this WMMA fragment kind in the fragments view at start
  bool no_device = false;   ///< --no-device: behave as if query_device found none (tests, demos)
  /// Diagnostic (FRAGVIZ_CUDA_START): where the CUDA context is created. "" = the probe job;
  /// "query" = the device-query job; "main"/"before-gl" = main's own thread (context_thread.hpp).
  std::string cuda_start;
};

/// The whole app state. One instance, owned by main.
/// A fitted cell size (zoom 1) and blocks per row, for the view of `view_w` x `view_h` (logical px
/// under its header lines, the Find answer's included).
struct GridFit {
  float view_w = -1, view_h = -1, cw = 0, ch = 0;
  int per_row = 1;
};

/// The fragments view's fit for instruction `key` (its zoom is relative to it).
struct FragmentsFitMemo {
  std::string key;
  GridFit fit;
};

struct AppState {
  Controls controls;
  /// Why the stored instruction was not taken (unknown mnemonic in the settings), shown in the
  /// controls until the user picks one; "" when none.
  std::string instruction_notice;
  /// Picking xor set the pad to 0 (Controls::pick_swizzle): the Controls view says so in a dim
  /// line while xor and pad 0 stay.
  bool pad_cleared_for_xor = false;
  /// A typed tile width or pad past its range was set to the nearest allowed value: the Controls
  /// view says so (clamp_note: "the width typed is more than the most, 512 halves: set to 512")
  /// while the tile stays as it was set (newcomer round 25: the field changed silently).
  ClampNote tile_clamp_note;
  /// The same for every other whole-number field (number_field), by its widget name: the Tensor
  /// memory view's warp, lanes and columns, the Descriptor views', the crop and kernel fields.
  std::map<std::string, ClampNote> number_notes;
  std::string instruction_filter;  ///< the instruction picker's filter text, cleared as it opens
  /// The instruction picker's hover help waits until the pointer has left the closed picker: after
  /// a pick from its list the pointer rests on it, and the help covered the fragments controls
  /// until the pointer moved away (newcomer round 25). Set while the list is open.
  bool instruction_tip_held = false;
  std::string list_filter;  ///< the open list picker's filter text (filtered_list), cleared as one opens
  int selected_lane = -1;   ///< -1 = none
  /// Whether the Lane inspector shows that lane or the Warpgroup view's selected thread (the one
  /// chosen last), updated each frame before the inspector draws.
  InspectorSubject inspector_subject;
  /// The fragments view's Find field: `A,9,3` or `lane 5`, as fragviz-cli layout --where / --lane
  /// ("fragments_find" in settings).
  std::string fragments_find;
  FindGoto fragments_goto;  ///< the element the fragments view's Find went to (outlined)
  /// The fit the fragments view's zoom is relative to: kept while the view changes size under a zoom
  /// the user has (a view opened beside it, Find's answer), so the zoom alone sets the cell size
  /// (panel_fragments.cpp).
  FragmentsFitMemo fragments_fit_memo;
  FindGoto warpgroup_goto;  ///< the element the warpgroup view's Find went to (outlined)
  GridZoom fragments_view;  ///< the fragments view's zoom and scroll (zoom_grid.hpp); key: the mnemonic
  /// The fragments view's window height (logical px) at which "fit" shows every grid whole at its
  /// least row height, as worked out last frame; 0 before it was drawn. The layout keeps the view
  /// that tall where it can (window_placement.cpp), scrolling the canvas instead of the grids.
  float fragments_fit_height = 0;
  /// The fragments view's window height (logical px) at which its grids open whole, every cell
  /// naming its lane and every row and column its index (panel_fragments.cpp's opening_zoom), as worked
  /// out last frame; 0 where cells of the view's width cannot be so. The layout gives the view that
  /// much where its column has room beside the bank view (window_placement.cpp).
  float fragments_whole_height = 0;
  /// The fragments view's window height (logical px) at which its grids, at the cells drawn last frame,
  /// show whole; 0 while those cells follow the view's size (its first zoom, or "fit" at zoom 1), where
  /// that height would follow the view's own. The layout gives the room its column has past that to
  /// the bank view where the bank view's lines scroll (window_placement.cpp; newcomer round 31).
  float fragments_drawn_height = 0;
  /// The bank view's window height (logical px) at which its lines show whole (its window and as far
  /// as they scroll), as drawn last frame; 0 before it was drawn.
  float banks_whole_height = 0;
  /// Where "fit" (zoom 1) still scrolls the fragments view's grids, what its status line says about
  /// it (panel_fragments.cpp, from the frame after); empty where fit fits.
  std::string fragments_fit_note;
  /// The fragments view's "fit" was pressed since its instruction was chosen: the layout then gives
  /// the view its fit height (fragments_fit_height), zoomed since or not; else its readable least.
  bool fragments_fitted = false;
  /// The least window height (logical px) at which each tiled view is usable, by its window name, as
  /// worked out when it was last drawn (a table's first rows, a grid's cells readable): the layout
  /// keeps every shown view at least that tall (with_least_heights), so a newly opened view does not
  /// open as a sliver and does not squeeze an open one under its own (issue 22).
  std::map<std::string, float> least_view_height;
  /// The CTA tile window's height (logical px) for its form and its results' least height, as worked
  /// out last frame; 0 before it was drawn. The layout gives it that much where its column has room
  /// above the views' leasts (window_placement.cpp); with less, the window scrolls its form away.
  float cta_tile_wants = 0;
  /// How much shorter (logical px) the gate view drew its ladder table last frame than all its rows
  /// need (the table then scrolls in itself); the layout adds it to the view's measured content.
  float gate_table_cut = 0;
  /// How much of the gate view (logical px) may scroll out of it, as drawn last frame: the shown run's
  /// lines, a recorded bench's, the ladder table's rows past its least, all under the table and the
  /// History. With the ladder open the layout holds the view at least at what it holds less this
  /// (window_placement.cpp, gate_least): its controls, the ladder's header and buttons and the table
  /// at its least rows, so that a view with no result nor bench never scrolls as a whole.
  float gate_spare = 0;
  /// What the layout takes from the views' content, as latched (window_placement.cpp): it follows
  /// least_view_height and the rest only for a few frames after a change the layout asks for.
  LayoutInputs layout_inputs;
  /// Which views the layout showed last frame (window_placement.cpp, in its slot order); empty
  /// before the first frame. A change is a view opened or closed (LayoutFrame::views_changed).
  std::vector<bool> layout_open;
  /// The window of the view the user last opened from the View menu (reveal_opened_view): the layout
  /// scrolls the canvas to keep it in sight for `reveal_frames` more frames, and `reveal_focus` gives it
  /// the keyboard focus when next drawn (window_placement.cpp).
  std::string reveal_view;
  int reveal_frames = 0;
  /// The layout's vertical bar scrolled the whole canvas last frame (a window under the least size),
  /// not one column; and it changed role since it was last shown: it starts at the top then.
  bool layout_bar_whole_canvas = false;
  bool layout_scroll_to_top = false;
  bool reveal_focus = false;
  /// The stacked view (a Hopper window, the CTA tile, Algebra, Tensor memory) the user last chose:
  /// opened from the View menu, gone to (View > Go to) or its tab clicked. Where the stacked views
  /// share one slot as tabs (view_tiling.hpp, stacked_tabs) it is the one shown, if open.
  std::string stacked_tab;
  /// A tab of the stacked slot was clicked (not the View menu): the reveal keeps the tab strip in
  /// sight, which it is under the pointer, and scrolls nothing else (newcomer round 31: the column
  /// scrolled, a cell's tooltip popping under the pointer).
  bool reveal_tab_click = false;
  /// The stacked slot's height (logical px, with its tab strip) when a tab was clicked: the slot keeps
  /// at least that much until its column is scrolled back to its top, so a tab of a shorter view does
  /// not shorten a scrolled column and slide the strip from under the pointer; 0: none held.
  float tab_slot_hold = 0;
  /// The columns (scroll_columns' numbers) whose sign of the views above (column_signs) was clicked:
  /// each scrolls back to its top.
  std::vector<int> column_sign_clicked;
  /// What the fragments view's cells said when last drawn (at its zoom; its "labels" button zooms
  /// until each holds T<lane> V<element>): File > Export labels the cells the same way.
  scene::CellLabels fragments_labels = scene::CellLabels::full;
  /// The warpgroup view's cells as they read at its zoom, for File > Export (as fragments_labels).
  scene::CellLabels warpgroup_labels = scene::CellLabels::full;
  /// The stmatrix grid's cells as they read at its zoom (full: "T5" over "r2.hi"; lane: "T5"), for
  /// File > Export (as fragments_labels).
  scene::CellLabels stmatrix_labels = scene::CellLabels::full;
  /// The movmatrix grids' cells as they read at their zoom (full: "T1.lo" over "<T8.lo"; lane:
  /// "T1.lo"), for File > Export (as fragments_labels).
  scene::CellLabels movmatrix_labels = scene::CellLabels::full;
  /// The bank view's words as they read at its zoom (both modes), for File > Export: none (the
  /// lane's colour only) until it was drawn.
  scene::CellLabels banks_labels = scene::CellLabels::none;
  GridZoom banks_zoom;  ///< the bank view's (zoom_grid.hpp); key: what its grids show
  /// The WMMA fragment kind (wmma_name) the fragments view shows instead of the instruction's
  /// grids; "" for none (saved: "wmma_kind").
  std::string wmma_kind;
  int hovered_lane = -1;  ///< lane under the mouse last frame (outlined in every view)
  WindowsOpen windows;

  // Device and probes.
  bool device_known = false;  ///< query_device has returned
  DeviceInfo device;
  JobStatus probe_status = JobStatus::idle;
  std::string probe_error;
  ProbeSource probe;  ///< measured data shown (live or file); report null when none

  // Gate.
  GateRequest gate_request;
  /// A typed n past the gate's range was set to its nearest end: the gate view says so (clamp_note)
  /// while n stays as set (newcomer round 26: 0 became 256 silently).
  ClampNote gate_n_clamp_note;
  JobStatus gate_status = JobStatus::idle;
  int gate_progress_permille = 0;
  std::string gate_error;
  GateRun gate;                             ///< shown in the gate panel and the output view
  GateHistory history;                      ///< this session's runs, oldest first, bounded
  std::optional<std::string> gate_blocked;  ///< cached reason the gate cannot run (nullopt = can)
  /// Why no GPU run can start at all (no CUDA in the build, no device yet, none found, or
  /// --no-device), nullopt when one can: the gate's reason, and Load kernel's word that its Run
  /// only compiles then.
  std::optional<std::string> device_blocked;
  GateLadderState gate_ladder;  ///< "Run ladder": every variant at the chosen sizes

  KernelForm kernel;  ///< File > Load kernel (kernel_form.hpp)
  /// Load kernel's Browse...: the same file browser as File > Open report, for CUDA sources.
  FileBrowserState kernel_browser = make_file_browser(
      "Kernel source", {{"CUDA sources (*.cu, *.cuh)", {".cu", ".cuh"}}, {"All files", {}}});

  // Output view.
  OutputColour output_colour = OutputColour::mismatch;
  OutputViewport output_view;

  // Report files.
  /// File > Open report's file browser: by default every file it opens (a report or a ladder bench).
  FileBrowserState report_browser =
      make_file_browser("Open report", {{"Reports and benches (*.json, *.csv)", {".json", ".csv"}},
                                        {"Reports (*.json)", {".json"}},
                                        {"Ladder benches (*.csv)", {".csv"}},
                                        {"All files", {}}});
  bool open_popup_requested = false;
  std::string report_error;  ///< last failed open, shown until dismissed
  /// The recent failed opens, newest first, at most kRecentReportErrors (note_report_error): the
  /// Messages window lists them all, where the status strip has room for the last one only.
  std::vector<std::string> recent_report_errors;
  std::optional<OpenedReport> report;  ///< the report shown, if any
  int reports_opened = 0;              ///< for OpenedReport::id
  /// What the last close of a report (or of one part of it) took away, for its undo (File > Reopen
  /// and the status strip's "reopen report"): the files it closed and a comparison that could not
  /// stay (nothing left to compare with). Offered while another report is shown too (a Reopen then
  /// puts the files it replaced here); opening its own file again ends it.
  struct ClosedReport {
    std::string probe_path, gate_path;  ///< "" for a part the report did not show
    std::string compare_path;           ///< the comparison's second report; "" when none
    std::string name;                   ///< the files' names, as the menu item says them
  };
  std::optional<ClosedReport> closed_report;
  /// The reports open at the last quit (settings.json "reports"), for App::start to reopen; cleared
  /// once it has tried. Absolute paths; "" for none.
  struct SavedReports {
    std::string probe, gate, compare, bench;
    std::vector<std::string> yours;  ///< OpenedReport::yours of the probe report
  };
  SavedReports saved_reports;
  /// File > Recent reports: the paths opened, absolute, most recent first (kRecentReportsKept).
  std::vector<std::string> recent_reports;

  // File > Compare with report... (compare_view.hpp): a second report against what the views show.
  FileBrowserState compare_browser =
      make_file_browser("Compare with report", {{"Reports (*.json)", {".json"}}, {"All files", {}}});
  bool compare_popup_requested = false;
  std::string compare_request;  ///< a path to compare with, set by the menu popup
  bool close_compare_requested = false;
  /// What Close comparison took away, for its undo (File > Reopen comparison and the status strip's
  /// "reopen comparison"): the second report's path. A new comparison or a report opened ends it; the
  /// last report closed takes it into its own undo (closed_report).
  std::optional<std::string> closed_comparison;
  bool reopen_compare_requested = false;  ///< undoes the last Close comparison (closed_comparison)
  std::optional<Comparison> comparison;   ///< marks in the views and the Differences list, if any
  /// Whether the Differences window shows: its X hides it and leaves the comparison (issue 22: the
  /// X ended it); File > Show differences brings it back. A new comparison shows it; one made again
  /// (at start, or when a report joins) keeps it as it was. Saved ("windows": "differences").
  bool differences_open = true;
  std::string compare_error;  ///< the last failed comparison, shown until dismissed
  /// The Differences window's "times" box: list the times too, as `fragviz-cli diff --timings`.
  bool compare_timings = false;

  /// What was wrong with the settings (folder, file, fields) and what was used instead; shown in
  /// the status strip for the whole session.
  std::vector<std::string> settings_notices;
  /// settings.json as read at start (save_settings writes back what the user did not change as
  /// they wrote it): the file's text, and the settings JSON of what it was read as. Empty when
  /// there was no file, or one the app never saves over.
  std::string settings_file_text, settings_loaded_json;
  /// The JSON pointers ("/gate/seed") of the settings the user changed at some time this session
  /// (note_settings_touched): from then on their value is the user's, even when it is back at what
  /// the file was read as, so a value the app stood in for and the user set again is saved as set.
  std::set<std::string> settings_touched;

  // Requests the panels make; app.cpp acts on them after drawing (panels never start threads).
  bool gate_run_requested = false;
  bool gate_cancel_requested = false;
  std::string open_report_request;      ///< a path to open, set by the menu popup
  bool close_report_requested = false;  ///< the whole report, both parts
  /// One part of the report (File > Close probe report / Close gate report, while a probe report
  /// and a gate report are open together); the other part and the comparison stay.
  std::optional<ReportPart> close_part_requested;
  bool reopen_report_requested = false;  ///< undoes the last Close report (closed_report)
  /// The Messages window is open (the status strip's "messages" button opens it).
  bool messages_open = false;
  /// The gate view's Ladder header was open last frame: the layout gives the view the room its
  /// table needs (window_placement.cpp).
  bool gate_ladder_open = false;
  bool quit_requested = false;
  /// File > Quit was chosen: a dialog asks first (Ctrl+Q quits at once: a shortcut is deliberate).
  bool quit_confirm_requested = false;

  std::string gl_renderer;  ///< GL_RENDERER of the window's context (which GPU or rasteriser draws)
  /// Frames whose draw data repeated the one on screen, so not drawn again (frame_loop.cpp): what
  /// a test reads to see that the skipping is on.
  long frames_skipped = 0;

  FrameRecord frame;  ///< what this frame drew
  std::uint64_t frame_index = 0;

  HopperState hopper;        ///< the warpgroup, descriptor and matrix-move views (hopper_state.hpp)
  AlgebraControls algebra;   ///< the Algebra window (algebra_view.hpp)
  CtaTileControls cta_tile;  ///< the CTA tile window (cta_tile_view.hpp)
  CtaDeviceRun cta_device;   ///< its "Run on GPU"
  TmemControls tmem;         ///< the Tensor memory window (tmem_view.hpp)
  MoveB8Controls moves_b8;   ///< the matrix-move view's 8-bit page (move_b8_view.hpp)
  Sm100DescriptorControls descriptor_sm100;  ///< the descriptor view's sm_100 side (tcgen05_desc_view.hpp)
  ExportDialog export_dialog;                ///< File > Export (export_dialog.hpp)
  /// The preset and grid shapes the CTA tile window's grids were last drawn for: another resets
  /// their scroll to the top (panel_cta_tile.cpp).
  std::string cta_grids_key;

  LayoutControls layout;  ///< the bank view's Layout mode (persisted)
  /// The user's own Layout-mode geometry that a gate rung's A/B button replaced (open_layout_view),
  /// given back by the view's "Back to your layout" and saved in its place at quit; nullopt when
  /// the user's layout is the one shown.
  std::optional<LayoutControls> layout_yours;
};

/// Why the CTA tile window's "Run on GPU" cannot run now: "looking for a CUDA device" while the
/// device job runs, the CLI's "no usable GPU: <why>" without one, the gate while it runs (its
/// timings would be disturbed); nullopt when it can.
std::optional<std::string> cta_device_blocked(const AppState& s);
/// Whether the CTA device result in `s` was measured for the configuration the window shows.
bool cta_device_current(const AppState& s);

/// How many failed opens the Messages window keeps (older ones are dropped: the list is bounded).
inline constexpr std::size_t kRecentReportErrors = 20;
/// A failed open: `why` becomes report_error (the status strip's, until dismissed) and goes first
/// in recent_report_errors, the oldest dropped beyond kRecentReportErrors; the Messages window
/// opens with it in full. What was open stays open.
void note_report_error(AppState& s, std::string why);

}  // namespace fragviz::app
