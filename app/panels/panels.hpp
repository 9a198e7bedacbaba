// One draw function per view; each lives in its own file and draws one window (or strip) from
// AppState and the derived cache. Panels only read data and set fields/requests in AppState.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "../app_state.hpp"
#include "../derived.hpp"
#include "../label_text.hpp"
#include "../palette.hpp"
#include "../zoom_grid.hpp"
#include "fragviz/isa/fragment_names.hpp"
#include "fragviz/viewmodel/cell_labels.hpp"
#include "fragviz/viewmodel/status_tone.hpp"
#include "fragviz/viewmodel/visible_region.hpp"
#include "imgui.h"

namespace fragviz::app {

class OutputRenderer;
class HopperViews;
struct LayoutView;

/// Fonts the panels use; any may equal ImGui's default font.
struct Fonts {
  ImFont* ui = nullptr;     ///< body text
  ImFont* small = nullptr;  ///< cell labels
  ImFont* bold = nullptr;   ///< headings
};
Fonts& fonts();

/// Main menu bar (File, View), the status strip under it (model-only banner or "measured on"
/// label, report errors) and the File > Open report file browser. (panel_menu.cpp)
void draw_menu_and_status(AppState& s);
/// The menu's modal popups (File > Open, Export, Quit). Drawn after every window of the frame:
/// Dear ImGui 1.86 asserts (blocking_modal != NULL, ocornut/imgui#4920, fixed in 1.87) when a window
/// is begun after a modal that opened in the same frame. (panel_menu.cpp)
void draw_menu_popups(AppState& s);
/// The Messages window (s.messages_open): every settings, asset and report notice in full,
/// scrollable, with Copy all. (panel_messages.cpp)
void draw_messages(AppState& s);
/// The File > Export dialog: a view with the current settings as SVG, PNG, PDF or TikZ.
/// (panel_export.cpp)
void draw_export_popup(AppState& s);
/// Instruction picker, ldmatrix, tile controls. (panel_controls.cpp)
void draw_controls(AppState& s, const Derived& d);
/// Device facts, probe status, how many catalogue instructions were measured, and the measured
/// cycles table. (panel_device.cpp)
void draw_device(AppState& s, const Derived& d);
/// The strip of 32 lane buttons (inside the fragments window). (panel_lane_strip.cpp)
void draw_lane_strip(AppState& s, const Derived& d);
/// A, B, C/D grids of any M/N/K, zoomed and scrolled; m8n8k4 .f16 as four quad-pair products.
/// (panel_fragments.cpp)
void draw_fragments(AppState& s, const Derived& d);
/// The fragments view's WMMA picker (a fragment kind, or none); returns whether one is picked.
/// (panel_wmma.cpp)
bool draw_wmma_picker(AppState& s);
/// The picked WMMA kind's matrix as measured (who holds each cell, the relation to mma.sync), or
/// why nothing is drawn; inside the fragments window, in place of its grids. (panel_wmma.cpp)
void draw_wmma_fragment(AppState& s);
/// Registers and ldmatrix relations of the selected lane. (panel_inspector.cpp)
void draw_inspector(AppState& s, const Derived& d, const HopperViews& hopper);
/// The explorer's ldmatrix: which lane receives each tile cell. (panel_ldmatrix.cpp)
void draw_ldmatrix(AppState& s, const Derived& d);
/// Unpadded and padded tiles over 32 banks with Nsight Compute totals; or, in Layout mode
/// (s.layout.enabled), the user's own layout drawn by draw_banks_layout.
/// (panel_banks.cpp)
void draw_banks(AppState& s, const Derived& d, const LayoutView& layout);
/// The bank view's Layout mode: inputs, checks, wavefronts, round trip, the bank grid.
/// (panel_banks_layout.cpp)
void draw_banks_layout(AppState& s, const LayoutView& v);
/// File > Compare with report's browser and the Differences window. (panel_compare.cpp)
void draw_compare(AppState& s);
/// Run gate, progress, verdict, history. (panel_gate.cpp)
void draw_gate(AppState& s);
/// File > Load kernel: a user kernel's source (typed, or picked with Browse... in the file browser),
/// entry and launch, its status line and last error at the top, and its Run (panel_kernel.cpp).
void draw_load_kernel(AppState& s);
/// The n x n result drawn by the output shader. (panel_output.cpp)
void draw_output(AppState& s, OutputRenderer& renderer);

/// The Algebra window (View > Algebra): an expression of CuTe's layout algebra, its result and one
/// operation's operands and result as print_layout tables linked by offset; `m` caches the
/// evaluation between frames. (panel_algebra.cpp)
void draw_algebra(AppState& s, AlgebraModel& m);
/// The CTA tile window (View > CTA tile): a preset's A, B, C grids by thread and warp, a thread's
/// cells, the joins and bank tables; `m` caches the analysis between frames. (panel_cta_tile.cpp)
void draw_cta_tile(AppState& s, CtaTileModel& m);
/// The Tensor memory window (View > Tensor memory): TMEM lanes x columns filled by one tcgen05.ld/st
/// or a tcgen05.mma accumulator, model only; `m` caches the grid between frames. (panel_tmem.cpp)
void draw_tmem(AppState& s, TmemModel& m);

// [SECTION] Hopper views (each window opened from the View menu; hopper_common.hpp)

/// Refreshes `v` and draws each open Hopper window below. (panel_hopper.cpp)
void draw_hopper_views(AppState& s, HopperViews& v);
/// A wgmma entry's 64xN accumulator D and 64xK A-from-registers over the 128 threads of a
/// warpgroup, zoomed and scrolled; the selected thread's registers. (panel_warpgroup.cpp)
void draw_warpgroup(AppState& s, HopperViews& v);
/// A wgmma operand in shared memory through its matrix descriptor: 16-byte chunks by core
/// matrix over the 32 banks, each element's address, the 64 descriptor bits. (panel_descriptor.cpp)
void draw_descriptor(AppState& s, HopperViews& v);
/// The descriptor view's architecture choice (sm_90 / sm_100); with sm_100 draws the tcgen05
/// shared-memory and instruction descriptor decoders and returns true, the wgmma view then skipped.
/// (panel_descriptor_sm100.cpp)
bool draw_descriptor_arch(AppState& s);
/// stmatrix .x1/.x2/.x4(.trans), movmatrix and the epilogue presets. (panel_matrix_moves.cpp)
void draw_matrix_moves(AppState& s, HopperViews& v);
/// The matrix-move view's "8-bit (sm_100a)" choice, on the line of its other choices; when chosen,
/// draws the 8-bit / sub-byte ldmatrix and stmatrix page and returns true. (panel_moves_b8.cpp)
bool draw_moves_b8(AppState& s);

// [SECTION] helpers shared by panels (panel_common.cpp)

/// Rect of the last ImGui item.
Rect last_item_rect();
/// Records the last item's rect under `name` for the state dump.
void record_widget(AppState& s, const char* name);
/// View > `title`: the tick item of a view's open flag `open`, recorded as `widget`. A view it opens
/// is scrolled into sight and focused (AppState::reveal_view): one opened under the window's bottom
/// edge was not found (issue 22). A tick item: choosing an open view closes it, as everywhere.
void view_menu_item(AppState& s, const char* title, bool* open, const char* widget);
/// The width of a combo in which the longest of `labels` (ImGui labels: a "##" suffix is not shown)
/// shows whole: its text, the frame's left padding and the arrow button; no more than the room left
/// on the line, where the preview is then cut and shown whole on hover (combo_preview).
float combo_width(const std::vector<std::string>& labels);
/// Call after a combo's EndCombo (or after BeginCombo returned false): records it as `widget`
/// (record_widget) and how its `preview` fits (FrameRecord::pickers); while the combo is hovered and
/// the preview is cut, shows it whole in a tooltip, so no picker hides the end of its entry; `about`,
/// when not empty, is the combo's own tooltip (after the whole preview where that shows).
void combo_preview(AppState& s, const char* widget, const std::string& preview,
                   const std::string& about = {});

/// When the selected instruction has no .b16 ldmatrix form: draws why (Derived::no_ldmatrix) and
/// what `view` ("The bank view shows", "The explorer models") needs, records `widget`, and
/// returns true so the caller ends its window. (panel_common.cpp)
bool draw_no_ldmatrix_notice(AppState& s, const Derived& d, const char* widget, const char* view);
/// The sizes cell_label_mode (cell_labels.hpp) weighs, measured in `f` (pixels, 2 of margin each):
/// `max_owner` is the largest lane (31) or warpgroup thread (127), `max_element` the largest
/// element index.
CellLabelSizes cell_label_sizes(ImFont* f, int max_owner, int max_element);
/// The export's CellLabels for cells that read as `m` (two lines: full; owner: lane).
scene::CellLabels export_labels(CellLabelMode m);
/// What a grid cell of width cw and height ch (pixels) can hold in `f`: cell_label_mode over
/// cell_label_sizes.
CellLabelMode cell_label_mode(ImFont* f, float cw, float ch, int max_owner, int max_element);
/// What a bank word of cw x chh pixels says of the lane reading it, in the small font:
/// owner_label_mode over cell_label_sizes for lanes 0-31.
CellLabelMode bank_word_label_mode(float cw, float chh);
/// Draws a bank word's label: the reading lane `reader` as `mode` says ("T5", "5" or nothing),
/// centred in [a, z], in the lane's text colour or, `faded`, the faded one; records it for the state
/// dump (BanksViewRecord::labels) where the word is in grid `key`'s visible region.
void bank_word_label(AppState& s, ImDrawList* dl, const std::string& key, int line, int bank, int reader,
                     CellLabelMode mode, ImVec2 a, ImVec2 z, bool faded);

/// A grid of 128-byte lines by 32 banks (the bank view's grids, zoomed and scrolled in a child:
/// zoom_grid.hpp): `wl` pixels of address labels on its left, `hl` of bank numbers on top, `foot`
/// below for the per-bank counts; cells cw x chh.
struct BankGrid {
  ImVec2 o, g0, size;  ///< top-left of the whole grid, of the first cell; the whole size
  float cw = 0, chh = 0;
  float wl = 0, hl = 0;
  int lines = 0;
  bool hit = false;       ///< the mouse is over a cell: (hb, hline)
  int hb = 0, hline = 0;  ///< bank and line under the mouse
};
/// The colour of the bank grids' labels (bank numbers, addresses, per-bank counts).
inline constexpr ImU32 kBankGridLabel = IM_COL32(160, 166, 176, 255);
/// The least height (logical px) of a bank grid's line at zoom 1: a tile with more lines scrolls.
inline constexpr float kMinBankLinePx = 3.f;
/// The cell size (w, h) at which `grids` bank grids of `lines` lines, side by side `gap` apart, fill
/// `avail` at zoom 1: whole pixels (at least 4 wide, at least kMinBankLinePx high), no taller than
/// 1.3 times as wide.
ImVec2 fit_bank_cells(ImVec2 avail, int grids, int lines, float wl, float hl, float foot, float gap);
/// The smallest zoom (at least 1) of cells `fit` at which every line has its address.
float readable_bank_zoom(ImVec2 fit);
/// How many lines of its grid the bank view keeps in view at least (issue 22: with the Warpgroup and
/// Descriptor views open at 1600x1000 it showed its header alone).
inline constexpr int kMinBankGridLines = 4;
/// The least height (logical px) of the bank view's zoom row and grids: kMinBankGridLines lines at
/// the zoom where each has its address, between the bank-number band (`hl`) and the counts' row
/// (`foot`), with room for a horizontal scroll bar.
float bank_grid_least_height(float hl, float foot);
/// Bank cells at `zoom` from the fitted `fit`: the lines grow taller first (a long tile becomes a
/// tall list as wide as the view), the banks wider only once a cell would be 1.3 times as tall as wide.
ImVec2 zoomed_bank_cells(ImVec2 fit, float zoom);
/// A bank grid at `o` with cells cw x chh: the invisible button `id` over it, and the bank and line
/// under the mouse.
/// The rows and columns of a rows x cols grid of cw x ch cells from `g0` (screen pixels) in the
/// visible part vis_min..vis_max by the one rule (visible_region.hpp: half or more of a cell in
/// view): File > Export's "Visible region".
VisibleGrid visible_cells(ImVec2 g0, float cw, float ch, int rows, int cols, const ImVec2& vis_min,
                          const ImVec2& vis_max);
/// The lines (rows) and banks (columns) of `g` in the visible part vis_min..vis_max less the sticky
/// label bands, inside the app's window (clip_to_view_area): what File > Export's "Visible region" takes.
VisibleGrid visible_bank_grid(const AppState& s, const BankGrid& g, ImVec2 vis_min, ImVec2 vis_max);
BankGrid place_bank_grid(const char* id, ImVec2 o, int lines, float wl, float hl, float foot, float cw,
                         float chh);
/// The bank numbers above the grid and each line's byte address (printf `address_format`, e.g.
/// "0x%03X") at its left, as many as fit; both bands stay in view while the grid does
/// (sticky_band), within the visible [vis_min, vis_max]. Returns the bank band's top and the address
/// band's left; `address_every` gets every how many lines an address is drawn.
std::pair<float, float> draw_bank_grid_labels(ImDrawList* dl, const BankGrid& g, const char* address_format,
                                              const ImVec2& vis_min, const ImVec2& vis_max,
                                              int* address_every);
/// The bank view's zoom, cell size and scroll (either mode) into the frame's record for the dump.
void record_banks_view(AppState& s, float zoom, float readable, float cw, float chh, const ZoomScroll& sc);
/// An error or status line in `colour` (printf `fmt`), wrapped so that no message runs off its
/// window: at the right edge of the window's visible part (not of its content, which is wider in a
/// child that scrolls sideways), or in a tooltip or other self-sizing window at 40 em. Every
/// panel's errors and status lines go through here; the last item is the text (record_widget).
void status_text(const ImVec4& colour, const char* fmt, ...) IM_FMTARGS(2);
/// `text` on one line in `colour`, cut to the room left on the line (text_fit.hpp's elide, as the
/// status strip cuts its segments) with the whole text in a tooltip when cut: for the names and
/// labels a file brings (device, driver, dates, kernel, file names) in places of one line. The
/// last item is the text (record_widget).
void fit_text(const ImVec4& colour, const std::string& text);
/// Records the last item, a text showing `text` (`cut`: shortened with "..."), as widget `widget`
/// and its text line (FrameRecord::text_lines: where it ends against the visible right edge).
void record_text_line(AppState& s, const char* widget, const std::string& text, bool cut = false);
/// fit_text, returning whether the text was cut.
bool fit_text_cut(const ImVec4& colour, const std::string& text);
/// fit_text for a row of a list that must stay one line (the Compare window's differences):
/// recorded as `widget` with its text line (FrameRecord::text_lines).
void fit_text(AppState& s, const char* widget, const ImVec4& colour, const std::string& text);
/// A verdict or answer line (the Find answer's message, the CTA tile's join lines): status_text,
/// wrapped at the window's visible right edge so all of it shows, recorded as `widget` with its
/// text line (FrameRecord::text_lines) so a test can see that it ran past no edge.
void answer_text(AppState& s, const char* widget, const ImVec4& colour, const std::string& text);
/// A tooltip holding `text` wrapped (status_text), for tooltips whose text may come from a file:
/// ImGui::SetTooltip would size the tooltip to the whole line.
void text_tooltip(const ImVec4& colour, const std::string& text);
/// What input_number saw of its field this frame.
enum class NumberEdit {
  none,         ///< nothing changed
  changed,      ///< `v` changed (typed, stepped)
  not_a_number  ///< the edit ended on text that is no number (is_typed_number): `v` is the value before it
};
/// The app's whole-number field: every int one goes through this, most through number_field (the
/// gate's 64-bit seed through seed_field, by the same rule). ImGui
/// 1.86's InputInt read the text with sscanf("%d") (4294967328 became 32: newcomer round 7) and its
/// filter dropped each letter typed ("1e3" read as 13, "abc" left no trace). Here InputScalar's
/// field and step buttons sit over a text field that keeps every character typed. A number is read
/// as it is typed, held to int's range (a number too large for a field is its largest); an edit
/// (Enter, a click elsewhere) that ends on no number (is_typed_number) gives `v` back the value it
/// had before the edit and returns not_a_number, once. An emptied field says nothing.
/// `edit_start`, where given, gets the value the field held when the edit under way began (`*v`
/// when none is): a field that refuses a value keeps that one, not the last digits typed that it
/// took (typing 99999999 kept 99999: newcomer issue 22).
NumberEdit input_number(const char* label, int* v, int step = 1, int step_fast = 100,
                        ImGuiInputTextFlags flags = 0, int* edit_start = nullptr);
/// The gate's seed field, by number_field's rule: the seed is any unsigned 64-bit number (the gate
/// mixes all 64 bits into its inputs: gate_input_quarters), so a number typed past either end is set
/// to that end (0, 18446744073709551615) and said, and text that is no number gives back the seed
/// from before the edit and is said (it kept the digits typed before a letter, and a user's seed 7
/// became the 123 of "123abc": newcomer issue 22). The note is AppState::number_notes[`widget`]
/// (number_note draws it). Records the field as `widget`. Returns whether `v` changed.
bool seed_field(AppState& s, const char* widget, const char* label, std::uint64_t* v);
/// input_number for a field that holds lo..hi: a number typed past either end is set to that end
/// and said (clamp_note), text that is no number keeps the value and is said (not_a_number_note),
/// `name` naming the field in the note ("warp"). The note is AppState::number_notes[`widget`] while
/// the field holds the value it was said of (a step or another change drops it); number_note draws
/// it. Records the field as `widget`. Returns whether `v` changed.
bool number_field(AppState& s, const char* widget, const char* label, const char* name, int* v, int lo,
                  int hi, int step = 1, int step_fast = 100);
/// The note number_field keeps for `widget`, if any, in amber on a line of its own, recorded as
/// `widget`_note: after the row of fields, so a row stays one row.
void number_note(AppState& s, const char* widget);
/// Toggles the selected lane (click on the selected lane clears it).
void toggle_lane(AppState& s, int lane);
/// Text centred in [a, b] with `font` at its size, only if it fits; returns whether drawn.
bool centred_text(ImDrawList* dl, ImFont* font, ImVec2 a, ImVec2 b, ImU32 col, const char* text);
/// How a grid's index labels are spaced: `gap` pixels of room beside each label's text, and whether
/// an edge band thinner than one label (`skip_thin_band`) gets no labels at all.
struct IndexLabelStyle {
  float gap = 2.f;
  bool skip_thin_band = true;
};
/// The fragments view's labels; the warpgroup view's (more room between them, none left out).
inline constexpr IndexLabelStyle kFragmentIndexLabels{2.f, true};
inline constexpr IndexLabelStyle kWarpgroupIndexLabels{3.f, false};
/// Index labels 0..count-1 along one edge of a grid whose first cell starts at `o`, cells `cell`
/// pixels apart: along x (`horizontal`, in the band y in [a, b]) or along y (band x in [a, b]).
/// Every index where each fits its cell, else every `step`-th (a power of two); only those between
/// `vis_min` and `vis_max` are drawn, in font `f`. With `keep_in_view`, each label stays between them
/// along the band: slid into the visible part of its cells and clipped there (a sticky band's labels
/// kept out of the other band crossing it; a row or column cut by the view's edge keeps its number).
/// `drawn`, where given, gets each drawn label's text and its visible box.
void index_labels(ImDrawList* dl, ImFont* f, ImVec2 o, int count, float cell, bool horizontal, float a,
                  float b, const ImVec2& vis_min, const ImVec2& vis_max, const IndexLabelStyle& style,
                  bool keep_in_view = false, std::vector<TextRecord>* drawn = nullptr);
/// One grid's index labels pinned in view while its view scrolls (the fragments and warpgroup
/// views): the column numbers in the band `hl` high above the grid's first cell at `g0`, the row
/// numbers in the band `wl` wide left of it. Each band stays at the view's edge while its grid runs
/// on under it (sticky_band), over a backdrop where it covers cells, and its labels stay in it
/// (index_labels' keep_in_view). Without `columns_in_place` the column band is drawn only once it has
/// stuck (the fragments view's C/D, whose columns B's band numbers). Returns the column band's top and
/// the row band's left (NaN where none is drawn); `drawn`, where given, gets each label drawn.
std::pair<float, float> pinned_index_labels(ImDrawList* dl, ImFont* f, ImVec2 g0, int rows, int cols,
                                            float cw, float ch, float hl, float wl, bool columns_in_place,
                                            const ImVec2& vis_min, const ImVec2& vis_max,
                                            const IndexLabelStyle& style,
                                            std::vector<TextRecord>* drawn = nullptr);
/// Every how many of `count` indices index_labels draws one with cells `cell` pixels apart: 1 where
/// each label fits its cell, else the smallest power of two that leaves room.
int index_label_step(ImFont* f, int count, float cell, bool horizontal, const IndexLabelStyle& style);
/// `colour` drawn at `alpha` (0..255) over the window background, as one opaque colour.
ImU32 over_window_bg(ImU32 colour, int alpha);
/// The dark rectangle under a grid of lane_cell()s: it shows as each cell's 1-pixel border.
void grid_backdrop(ImDrawList* dl, ImVec2 a, ImVec2 b);
/// A filled cell in a lane's colour over a grid_backdrop(): dimmed when another lane is selected,
/// outlined when it is the selected lane.
void lane_cell(ImDrawList* dl, ImVec2 a, ImVec2 b, int lane, int selected, bool hovered);
/// A red X and border over a cell whose measured value disagrees with the model.
void mismatch_mark(ImDrawList* dl, ImVec2 a, ImVec2 b);
/// The ring around the cell [a, b] a view's Find went to (find_field.hpp's FindGoto): bright on a
/// dark edge, just outside the cell, so the eye finds it over any lane colour.
void found_ring(ImDrawList* dl, ImVec2 a, ImVec2 b);
/// "A", "B", "C": the key of an operand in the state dump.
const char* operand_key(Operand op);
/// Whether Escape, pressed this frame, is for the modal dialog being drawn (call it after the
/// dialog's pickers): only while no picker's list (a popup above the dialog) is open, now or at the
/// end of last frame (`picker_was_open`, updated here). The Escape that closes an open list closes
/// it first, in NewFrame or in the list's own filter field, before the dialog sees the key.
bool escape_closes_dialog(bool& picker_was_open);
/// The filter field at the top of a picker's open list (picker_filter.hpp): emptied and focused as
/// the list opens, so typing narrows it at once; Escape closes the list. Records `widget`.
/// Returns true when Enter was pressed in it (the picker then takes an entry shown: enter_choice).
bool picker_filter_field(AppState& s, const char* id, const char* hint, std::string& text,
                         const char* widget);
/// One entry of a list picker (filtered_list): its text, the group heading it sits under (empty:
/// none; the filter matches the group's name too), a tooltip, whether it is the current one, and the
/// name its rect is recorded under while shown (empty: none).
struct PickerEntry {
  // Each member with its default initializer, so a braced list may stop after the label (GCC 12's
  // -Wmissing-field-initializers names only members that have none).
  std::string label{}, group{}, tooltip{};
  bool selected = false;
  std::string widget{};
  std::string also{};  ///< another name the filter finds it by (picker_matches), shown nowhere
};
/// The list of an open picker (between BeginCombo and EndCombo) that filters as the user types, as
/// the instruction picker does: picker_filter_field at its top (AppState::list_filter, emptied as
/// the list opens, recorded as "<widget>_filter"), then the entries with every word of the filter
/// (picker_matches over label and group), under their group headings; Enter takes enter_choice's
/// entry (the one named exactly by the filter, else the first starting with it, else the first
/// shown). Where none matches, "no <noun> matches '<filter>'" under the field, recorded as
/// "<widget>_no_match", and Enter keeps the list open. Returns the index of the entry picked this
/// frame, or -1.
int filtered_list(AppState& s, const char* widget, const std::vector<PickerEntry>& entries,
                  const char* noun = "entry");
/// Register `r` of `t`'s operand by its elements: "{a0,a1}" (fragment_names.hpp, which also names
/// elements and operands for every view).
std::string register_name(const OperandTable& t, int r);
/// "(1,4)", or "(1,4) q2" for an instruction of several products.
std::string coord_text(const Coord& c, bool products);
/// Hex text of a byte address, e.g. "0x0090".
std::string hex(std::uint32_t v, int digits);
/// The mnemonic without the "mma.sync.aligned." every entry starts with.
const char* short_mnemonic(const Instruction& in);
/// The live/opened ldmatrix probe when it was run for exactly the current controls, else null.
const LdmatrixProbe* measured_ldmatrix(const AppState& s);

inline constexpr ImU32 kRed = IM_COL32(235, 64, 52, 255);
inline constexpr ImU32 kAmber = IM_COL32(255, 196, 0, 255);
inline constexpr ImU32 kGreen = IM_COL32(80, 200, 120, 255);
/// `c` as ImGui's floats, opaque.
inline ImVec4 rgb_vec(Rgb c) { return ImVec4(c.r / 255.f, c.g / 255.f, c.b / 255.f, 1.f); }
/// The verdict colours of text (status_tone.hpp: File > Export writes lines in the same).
inline const ImVec4 kRedV = rgb_vec(kScreenBad);
inline const ImVec4 kGreenV = rgb_vec(kScreenGood);
inline const ImVec4 kAmberV = rgb_vec(kScreenWarn);
/// Dim text: palette.json's "screen" "dim" (palette.hpp), as the app was started with.
inline const ImVec4& kDimV = screen_dim();
/// Tone `t`'s colour on the screen (status_tone.hpp), kDimV for dim.
inline ImVec4 tone_vec(Tone t) {
  const std::optional<Rgb> c = tone_colour(t, true);
  return c ? rgb_vec(*c) : kDimV;
}

}  // namespace fragviz::app
