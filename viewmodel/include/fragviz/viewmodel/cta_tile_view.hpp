// The CTA tile view's content, window-free (issue 25): a configuration (tile/cta_config.hpp's
// CtaTileSpec, started from a preset of tile/cta_presets.hpp and edited field by field) analysed
// (tile/cta_tile.hpp), and its A (M x K), B (N x K) and C (M x N) as CuTe's print_latex
// draws a TiledMMA: each cell the thread and value that holds it ("T12 V3", the lowest thread
// where several warps hold one cell), coloured by warp; a chosen thread's cells (its
// partition_A/B/C); the joins' verdicts and each operand's bank table per warp and k-block. The
// panel (app/panels/panel_cta_tile.cpp) and the export (export/view_cta.cpp) draw it; the state
// dump reads it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/tile/cta_presets.hpp"
#include "fragviz/viewmodel/assets.hpp"

namespace fragviz::app {

/// The preset the view starts from.
inline constexpr const char* kDefaultCtaPreset = "sm80-gemm-128x128x32";
/// The spec of preset `name` (an empty spec for a name no preset has).
tile::CtaTileSpec cta_preset_spec(std::string_view name);

/// The view's controls (AppState::cta_tile; the preset, the configuration and the open window are
/// saved in settings).
struct CtaTileControls {
  bool open = false;                       ///< View > CTA tile
  std::string preset = kDefaultCtaPreset;  ///< the cta_presets() name the configuration started from
  tile::CtaTileSpec spec = cta_preset_spec(kDefaultCtaPreset);  ///< the configuration, as typed
  int thread = 0;                                               ///< whose cells are outlined; -1 none
  float cell = 48.f;  ///< cell width in pixels (height follows); labels from 40
  /// The configuration as edited before a preset replaced it (one level of undo), and the preset
  /// it was edited from; none until a preset is picked over edited fields. Not saved.
  std::optional<tile::CtaTileSpec> kept_edits;
  std::string kept_preset;
  /// The operand (0 A, 1 B, 2 C) whose join line the grids scroll to when next drawn (a click on
  /// its verdict); -1 none. Not saved.
  int scroll_to_join = -1;
  /// The configuration's fields shown ("Edit form"); else one summary line in their place, so that
  /// the results start near the window's top (newcomer round 20: at 1600x1000 the form left ~90 px of
  /// results). Not saved: the window opens on its results each time.
  bool form_open = false;
};

/// Picks preset `name` (a cta_presets() name): its configuration goes in the fields. Fields edited
/// away from the current preset are kept in `c.kept_edits` first (restore_cta_edits brings them back).
void pick_cta_preset(CtaTileControls& c, const std::string& name);
/// Puts the kept edits back in the fields (and their preset); false, nothing changed, where none are kept.
bool restore_cta_edits(CtaTileControls& c);

/// Who holds one cell of an operand.
struct CtaCell {
  std::int32_t thread = -1;  ///< the lowest thread holding it; -1 none (a descriptor operand)
  std::int32_t value = -1;   ///< its value index V in that thread's fragment (CuTe's partition order)
};

/// The hover text of cell (`row`, `col`) of operand `op`'s grid: "(m,k) = (1,0): thread 41 (warp 1
/// lane 9), value V4". V is CuTe's value index in the thread's fragment, not a PTX register: the
/// view-model does not map it to the atom's PTX element names.
std::string cta_cell_text(Operand op, std::int64_t row, std::int64_t col, const CtaCell& cell);

/// A cell the join finds wrong (issue 22): a register that should hold this cell (the MMA's) gets
/// another element from the copy (A, B), or a C register holding it is stored over another cell.
/// The first such (thread, value) of the cell, thread-major, stands for it.
struct CtaWrongCell {
  std::int64_t row = 0, col = 0;  ///< the cell the MMA needs at that register
  std::int32_t thread = 0;
  std::int32_t value = 0;  ///< its value index V (CuTe's partition order)
  /// Load: the cell the copy delivers instead; store: the cell the value is written over; nullopt
  /// where the bytes at `byte` are padding or the middle of an element.
  std::optional<tile::Cell> delivered;
  std::int64_t byte = 0;  ///< the shared byte offset read (load) or written (store)
  /// The register swap after the copy that fed this register (CtaJoin::swap), "" none: then
  /// `delivered` is what the MMA reads after it and `loaded` what the copy put there.
  std::string swap;
  std::optional<tile::Cell> loaded;
};

/// What a wrong cell's hover says: "wrong: thread 5 V2 needs (n,k) = (1,0); the copy delivers
/// (3,4)" for a load, "wrong: thread 5 V2 holds (m,n) = (1,0); the store writes it over (3,4)" for C;
/// after a register swap, "...; the copy delivers (1,0), but after the register swap B 8-15:16-23/32
/// the MMA reads (9,0)".
std::string cta_wrong_text(Operand op, bool store, const CtaWrongCell& w);

/// The colour the grids mark wrong cells with (a cross and an outline), on screen and in exports:
/// the error red. No warp colour (cta_warp_colour_index) is red, so the marks stand out.
inline constexpr Rgb kCtaWrongColour{225, 30, 30};

/// One operand's grid.
struct CtaGrid {
  Operand operand = Operand::A;
  std::string title;  ///< "A (M x K) 128 x 32"
  std::int64_t rows = 0, cols = 0;
  std::vector<CtaCell> cells;             ///< row-major; empty for an operand read through a descriptor
  std::vector<std::uint8_t> mine;         ///< row-major: 1 where the chosen thread holds the cell
  bool store = false;                     ///< the join stores registers (C) rather than loading them
  std::vector<std::uint8_t> wrong;        ///< row-major: 1 where the cell is wrong (empty: none, or no join)
  std::vector<CtaWrongCell> wrong_cells;  ///< the wrong cells, row-major
  /// The join's count in values and cells (tile::wrong_values_text), as `fragviz-cli tiled` says it.
  std::string wrong_count;
  /// Which rows hold a wrong cell, compact_rows_text of them: "8-23 of every 32"; "" none.
  std::string wrong_rows;
  std::string fragment;  ///< the chosen thread's fragment: "64 values", or why none
  std::string layout;    ///< the shared layout, or ""
  /// A's or B's global -> shared copy and its fill of the layout (the model's): "filled by
  /// make_tiled_copy(...) (cp.async.cg..., 4 per thread): all 4096 shared cells hold their element
  /// (...)", or the first cell wrong; "" without a gmem copy.
  std::string fill;
  bool fill_ok = true;
  /// The join's verdict, the descriptors' or why there is none; with mismatches, the count of wrong
  /// cells after it: "join: thread 0 V0 ...: (512 of 8192 differ); 128 of 4096 cells wrong".
  std::string join;
  bool join_ok = true;
  std::vector<tile::WarpBanks> banks;  ///< per warp and k-block, then per k-block, then the total (warp -1)
  std::string bank_instruction;
  /// A cp.async.ca fill's bank rows in the same order (k-block -2, "all", where its cp.async span
  /// k-blocks: then no per-k-block rows); empty without a .ca fill.
  std::vector<tile::WarpBanks> fill_banks;
  std::string fill_bank_instruction;
  std::string fill_no_banks;  ///< a .cg fill: why it has no count (tile::kCpAsyncCgNotModelled); else ""
  std::string suggestion;     ///< "Swizzle<2,3,3> o ...: 128 wavefronts (...)" or ""
};

/// The rows marked in `marked` (1 = marked, one entry a row) in few words: "8-23 of every 32" where
/// the marks repeat with a period P of at most half the rows (the smallest such: rows r and r + P
/// alike for every r), else the marked runs "3-5, 9" (the first 8, then "and N more runs");
/// "all 64" where every row is; "" where none is.
std::string compact_rows_text(const std::vector<std::uint8_t>& marked);

/// `g`'s wrong rows as its verdict and legend say them: "wrong rows (n): 8-23 of every 32", the row
/// named by its extent (m of A and C, n of B); "" when no cell is wrong.
std::string cta_wrong_rows_text(const CtaGrid& g);

/// The legend of `g`'s wrong-cell mark: "wrong: 128 of 4096 cells: the copy delivers another element
/// than the MMA needs there (hover a cell: needed and delivered); wrong rows (m): all 128"; the
/// store's words for C; "" when no cell is wrong.
std::string cta_wrong_legend(const CtaGrid& g);

/// The bank total of `g` (its last bank row) in words, as the export and the CLI give it:
/// "banks: <instruction>: 32 instructions, 128 wavefronts (ideal 128), bank conflicts 0, misaligned 0";
/// "" for an operand without a bank table.
std::string cta_bank_total_text(const CtaGrid& g);
/// The same for `g`'s cp.async.ca fill: "fill banks: cp.async.ca.shared.global (16 B) (LDGSTS.E.128): 16
/// instructions, 64 wavefronts (ideal 64), bank conflicts 0, misaligned 0"; `g.fill_no_banks` for a
/// .cg fill; "" without a fill.
std::string cta_fill_bank_total_text(const CtaGrid& g);
/// Whether `g`'s shared-memory accesses are clean: no bank conflict and no misaligned access
/// (a misaligned instruction cannot run, so 0 conflicts says nothing of it). True without a table.
bool cta_banks_ok(const CtaGrid& g);

/// `g`'s verdicts in a few words, for the line at the top of the window (the join and bank table
/// sit below the grids above them, out of view: newcomer round 13): "B: join 1024 of 2048 cells
/// wrong, wrong rows (n): 8-23 of every 32, 0 bank conflicts"; "join ok", "join wrong" (no cell to mark),
/// "descriptors ok"/"wrong", "no join" (none made); "N misaligned" where instructions are, nothing of banks
/// without a table;
/// ", fill wrong" after the join where the cp.async fill is.
std::string cta_verdict_text(const CtaGrid& g);
/// Whether that line is green: the join (or descriptors) and the fill right and the banks clean.
bool cta_verdict_ok(const CtaGrid& g);

/// The whole view for one configuration and thread.
struct CtaTileModel {
  std::string preset;      ///< what it was made from (a change remakes it)
  tile::CtaTileSpec spec;  ///< the same
  int thread = -1;
  bool made = false;  ///< made at least once (a default model is not)
  bool ok = false;
  std::string error;
  tile::CtaField error_field = tile::CtaField::none;  ///< the field the error is about
  int error_column = 0;                               ///< 1-based column in that field's text; 0 whole
  /// The preset's kernel, one sentence; once edited, "edited from preset <name>: now <the fields'
  /// TiledMMA: atom, atom layout, warps, permutation, CTA tile>".
  std::string source;
  std::string summary;  ///< "SM80_16x8x16_F32F16F16F32_TN, (2,2,1), Tile<_32,_32,_16>, 128 threads; CTA
                        ///< 128x128x32, 2 k-blocks"
  std::int64_t threads = 0;
  std::vector<CtaGrid> grids;  ///< A, B, C
  std::string reuse;           ///< the C-as-A verdict, or ""
  bool reuse_ok = true;        ///< the C-as-A join matched every element (true without one)
};

/// Analyses the configuration `c.spec` and lays out the grids with `c.thread` chosen.
CtaTileModel make_cta_tile_model(const CtaTileControls& c);
/// Whether `m` was made from `c` (else the view remakes it).
bool cta_model_current(const CtaTileModel& m, const CtaTileControls& c);

/// The warp colour index (0-31, a lane colour) of warp `warp`: spread over the palette, never one
/// of its reds (lanes 0, 9, 14, 20, 24, 29 of assets/palette.json), which would read as an error
/// mark; 26 colours, so warp 26 takes warp 0's again.
int cta_warp_colour_index(std::int64_t warp);

}  // namespace fragviz::app
