// The Tensor memory view's content, window-free: Blackwell (sm_100) tensor memory as a grid of
// TMEM lanes (128 rows, four 32-lane sub-partitions, each reachable by the warps whose id % 4 is its
// index) x 32-bit columns, filled either by one tcgen05.ld/st (which thread and register moves each
// cell, fragviz/isa/tmem.hpp) or by a tcgen05.mma accumulator (which element of D each cell holds,
// fragviz/isa/tmem_accumulator.hpp). Model only: the status line comes from the model's wording
// (fragviz/isa/sm100_wording.hpp). The window (app/panels/panel_tmem.cpp), export's tmem view and
// the state dump all read this.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/isa/tmem.hpp"
#include "fragviz/isa/tmem_accumulator.hpp"
#include "fragviz/isa/tmem_cp.hpp"
#include "fragviz/viewmodel/hopper_state.hpp"  // GridZoom

namespace fragviz::app {

/// What the view draws: one tcgen05.ld/st instruction, where a tcgen05.mma keeps D, or where one
/// tcgen05.cp puts its shared-memory source.
enum class TmemMode : std::uint8_t { load_store, accumulator, copy };

/// The view's controls (AppState::tmem; saved in settings.json as tmem_controls_text).
struct TmemControls {
  bool open = false;  ///< View > Tensor memory
  TmemMode mode = TmemMode::load_store;
  // tcgen05.ld/st
  TmemShape shape = TmemShape::s16x256b;
  int num = 1;          ///< .xN, a power of two up to tmem_max_num(shape)
  bool pack16 = false;  ///< .pack::16b (ld) / .unpack::16b (st)
  int warp = 0;         ///< warp id in the CTA (0 to kCtaMaxWarps - 1: tmem_warp_refusal)
  int lane = -1;        ///< taddr's lane (0-127); -1: the warp's first (tmem_taddr_lane), as CLI --lane
  int split = -1;       ///< .16x32bx2's immHalfSplitoff in columns; -1: CuTe's (.num, twice that packed)
  // accumulator
  UmmaAccumulator acc{};  ///< M, N, cta_group, sparse A
  int cta = 0;            ///< under cta_group::2, the CTA of the pair whose tensor memory is drawn
  /// The last N typed that umma_accumulator_refusal refused, with its words (as fragviz-cli tmem
  /// --accumulator prints them), while acc (the last valid N, still drawn) is as it was then. Not
  /// saved.
  std::string n_refusal;
  UmmaAccumulator n_refused_with{};  ///< acc when n_refusal was set
  // tcgen05.cp
  TmemCpShape cp_shape = TmemCpShape::s128x256b;  ///< the shape, its multicast included
  int cp_lane = 0;    ///< taddr's lane, as CLI tmem --cp --lane (tmem_cp_taddr_refusal bounds it)
  int cp_column = 0;  ///< taddr's column, as CLI tmem --cp --column
  GridZoom zoom;      ///< the grid's zoom and scroll (app/zoom_grid.hpp); the zoom is saved
};

/// "ld shape=16x256b num=1 warp=0" (+ " lane=N", " pack16", " split=N"),
/// "accumulator m=128 n=64 cta_group=1 cta=0" (+ " sparse") or "cp shape=64x128b.warpx2::02_13"
/// (+ " lane=N", " column=N" when not 0):
/// the controls as settings.json and
/// `fragviz-cli export --view tmem --tmem` take them.
std::string tmem_controls_text(const TmemControls& c);
/// The controls `text` names (tokens as tmem_controls_text writes them, any order, separated by
/// spaces or commas; missing ones keep their defaults; "ld", "accumulator" or "cp" first picks the
/// mode; under "cp", shape= is a tcgen05.cp shape),
/// or why not (an unknown token or a value out of range). Whether the combination is valid is
/// make_tmem_model's to say.
struct TmemControlsParse {
  std::optional<TmemControls> controls;
  std::string error;
};
TmemControlsParse parse_tmem_controls(std::string_view text);

/// tmem_controls_text of `mode`'s choices in `c`, whichever mode is active ("ld ...",
/// "accumulator ..." or "cp ..."): settings.json keeps each mode's as "tmem_ld", "tmem_accumulator"
/// and "tmem_cp".
std::string tmem_mode_text(TmemControls c, TmemMode mode);
/// `into` with `mode`'s choices (ld/st: shape, .num, pack16, warp, lane, split; accumulator: M, N,
/// cta_group, sparse, CTA; cp: its shape, taddr lane and column) taken from `from`; its other choices, its
/// mode and open stay.
void take_tmem_mode(TmemControls& into, const TmemControls& from, TmemMode mode);

/// One TMEM cell of the grid. Load/store: the thread and register that move it (thread -1: none;
/// half 0/1 under .pack16: which 16 bits of the register, -1 otherwise). Accumulator: the element
/// D(row, col) it holds (row -1: none). Copy: the source row and its 32-bit word (0-7) it receives,
/// and which multicast copy of the row this lane is (src_row -1: none).
struct TmemGridCell {
  int thread = -1, reg = -1, half = -1;
  int row = -1, col = -1;
  int src_row = -1, src_word = -1, copy = -1;
  bool used() const { return thread >= 0 || row >= 0 || src_row >= 0; }
};

/// The whole view for one set of controls.
struct TmemModel {
  std::string key;  ///< tmem_controls_text of what it was made from (a change remakes it)
  bool ok = false;
  std::string error;     ///< the model's refusal (access rule, .num, shape) when !ok
  std::string title;     ///< "tcgen05.ld/st.sync.aligned.16x256b.x1.b32, warp 0" / "tcgen05.mma ..."
  std::string status;    ///< the model-only line (sm100_wording.hpp)
  std::string source;    ///< the PTX ISA section drawn
  std::string relation;  ///< the line relating it to mma.sync m16n8 / stmatrix, or ""
  std::string facts;     ///< registers per thread, lanes reached, layout letter, ...
  char layout = 0;       ///< accumulator: the data-path letter (A, B, C, D, F)
  TmemCpShape cp_shape = TmemCpShape::s128x256b;  ///< copy: the tcgen05.cp shape drawn
  int lanes = 128;                                ///< grid rows: every TMEM lane of the CTA
  int columns = 0;                                ///< grid columns: 0 to the last column touched
  int lane_base = 0;  ///< load/store, copy: taddr's lane (ld/st: tmem_taddr_lane of the warp and lane)
  std::string reach;  ///< load/store: the lanes taddr reaches and their sub-partition, or ""
  std::vector<TmemGridCell> cells;  ///< lanes x columns, row-major: cells[lane * columns + column]
  /// A sub-partition's name as drawn: its chip (screen pixels), the chip's fill and the text's
  /// colour (packed RGBA as ImGui's IM_COL32) and the text.
  struct SubLabel {
    float x = 0, y = 0, w = 0, h = 0;
    std::uint32_t fill = 0, ink = 0;
    std::string text{};
  };
  /// What the window drew last frame, for the state dump: the first cell's top-left and the cell
  /// size (screen pixels), the cell under the mouse with its hover text (lane -1: none), the left
  /// band's left and the column band's top (both stay in view while the grid scrolls), and the
  /// sub-partition names drawn in the left band.
  struct Drawn {
    bool drawn = false;
    float x = 0, y = 0, cw = 0, ch = 0, zoom = 1;
    int hover_lane = -1, hover_column = -1;
    std::string hover{};
    float lane_band_x = 0, column_band_y = 0;
    std::vector<SubLabel> sub_labels{};
  } drawn;
  const TmemGridCell& at(int lane, int column) const {
    return cells[static_cast<std::size_t>(lane) * static_cast<std::size_t>(columns) +
                 static_cast<std::size_t>(column)];
  }
};

/// The grid of `c`; !ok with the model's refusal for a shape, .num, warp or accumulator it refuses.
TmemModel make_tmem_model(const TmemControls& c);

/// The lane colour (0-31) of a used cell: its thread (load/store), its row of D (accumulator) or its
/// source row (copy) modulo 32. The window, export and the legend share it.
int tmem_cell_colour(const TmemGridCell& cell);

/// The cell's label: "T5 r2" (+ "lo"/"hi" packed), "17,3" (row, column of D) or "R17 w3" (source
/// row 17, its 32-bit word 3); "" when unused.
std::string tmem_cell_label(const TmemGridCell& cell);

/// The hover text of (lane, column): both directions, e.g. "TMEM lane 9, column 2 <-> thread 5,
/// register r2; ... = mma.sync m16n8 C fragment c2 (row 9, column 2)" or "TMEM lane 33, column 3
/// <-> D(17, 3) of CTA 0; warp 1 (id % 4) may tcgen05.ld it; Layout F".
std::string tmem_cell_text(const TmemModel& m, int lane, int column);

/// "lanes 32-63: warps 1, 5, 9, ..., 29 (id % 4 = 1)": who may reach sub-partition `sub` (0-3), every
/// fourth warp of a CTA's kCtaMaxWarps.
std::string tmem_subpartition_label(int sub);

/// The warps of a CTA that reach sub-partition `sub`: "1, 5, 9, ..., 29".
std::string tmem_subpartition_warps(int sub);

/// The same on the grid's narrow band: "w1,5..29".
std::string tmem_subpartition_chip(int sub);

}  // namespace fragviz::app
