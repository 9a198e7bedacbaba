// File > Export: the dialog's state as plain data and the export itself, window-free. The picture is
// the export/ library's Scene of the chosen view with the app's current settings (instruction,
// ldmatrix .num/.trans, tile width/pad/swizzle, the Hopper views' wgmma and stmatrix form, the gate
// report shown), the same code `fragviz-cli export` runs. panels/panel_export.cpp draws the dialog.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "fragviz_export/views.hpp"
#include "fragviz_export/writers.hpp"

namespace fragviz::app {

struct AppState;

/// The PNG scale range (pixels per point) as floats for the dialog's slider and the settings: the
/// export library's one range (scene::kMinPngScale, kMaxPngScale).
inline constexpr float kMinExportScale = static_cast<float>(scene::kMinPngScale),
                       kMaxExportScale = static_cast<float>(scene::kMaxPngScale);

/// Which part of a view File > Export draws: all of it, what the view shows now (its zoom and
/// scroll: visible_region), or the operand and crop the user set in the dialog.
enum class ExportPart : std::uint8_t { whole, visible, chosen };

/// What the Export dialog holds between frames.
struct ExportDialog {
  bool open_requested = false;  ///< the menu asked for the dialog (opened next frame)
  scene::View view = scene::View::fragments;
  /// The view of the exportable window the user last had focus in (export_view_of_window), kept
  /// while the focus is elsewhere (the menu bar, Controls); the dialog opens on it. nullopt: none yet.
  std::optional<scene::View> looked_at;
  std::string focused_last;  ///< the root window that had the focus last frame (note_focus)
  /// The exportable window the mouse last moved in, while it rests there (note_pointer); nullopt
  /// once it moves over anything else (the menu bar, Controls).
  std::optional<scene::View> pointed_at;
  bool requested_by_key = false;  ///< the request came from Ctrl+E (the mouse may be on a view), not the menu
  /// The window the mouse last moved in while it rests there, with a picture or not ("Gate: exact
  /// matmul"); "" over none.
  std::string pointed_window;
  /// Why the dialog opened on another view than the one under the mouse, for its first line: "The
  /// Gate view has no picture: the warpgroup view, looked at last" (Ctrl+E over a window without
  /// one; newcomer round 29 got the Warpgroup view unsaid); "" otherwise.
  std::string opened_note;
  bool picker_open = false;  ///< a picker's list was open in the dialog last frame (escape_closes_dialog)
  scene::Format format = scene::Format::svg;
  std::string path;  ///< typed by the user; empty: default_export_path
  float scale = 2;   ///< PNG pixels per point
  /// Beside the scale field, where the value typed there was outside the range and kept at its end
  /// (keep_export_scale); empty otherwise. Not saved.
  std::string scale_note;
  std::string message;      ///< the last export's outcome, shown in the dialog
  bool message_ok = false;  ///< green (written) or red (refused or failed)
  std::string last_folder;  ///< where the last export was written (saved: "export_folder"); empty: none yet
  /// A path that exists and that Export was pressed for: the dialog asks before replacing it; empty:
  /// nothing to confirm.
  std::string overwrite_pending;
  /// The file this dialog wrote last, while its "wrote" line stands (export_pressed); empty: none.
  std::string written;
  /// fragviz-cli export's --operand and --crop, for the views that take them (scene::croppable):
  /// one operand ("A", "B", "C"; empty: all), and with `crop`, rows first_row..last_row and columns
  /// first_col..last_col of it, both ends included as everywhere (scene::IndexRange); banks: of its
  /// tile; tmem: of its lanes and columns.
  std::string operand;
  bool crop = false;  ///< banks, tmem: rows and columns of the one grid, no operand
  /// The screen's palette (the app window's ground and text, palette.json's "screen": the picture is
  /// what was on screen; the default) instead of the document's (white ground): --palette.
  bool dark = true;
  /// The bank view's picture outside the Layout mode: the screen's lines x banks (the default) or the
  /// older T/B tile with its words-per-bank chart (--picture lines / tile). Not saved.
  scene::BankPicture bank_picture = scene::BankPicture::lines;
  /// The picture's title and legend, which the screen lacks (ViewRequest::title_and_legend). Not saved.
  bool title_and_legend = true;
  int first_row = 0, last_row = 7, first_col = 0, last_col = 7;
  /// The part drawn. Not saved: each opening starts on what the screen shows (start_on_screen); a
  /// change of view within the dialog takes default_export_part unless it is `chosen`.
  ExportPart part = ExportPart::whole;
  /// The cells' words (fragments, warpgroup, banks: --labels): nullopt, what the screen's say at its
  /// zoom; else the level chosen (newcomer round 28: a bank view squashed to a sliver wrote its whole
  /// tile without words). Not saved: each opening starts on the screen's (start_on_screen).
  std::optional<scene::CellLabels> labels;
  /// What export_crop_problem said last and for which crop (its key), worked out again only when the
  /// view, operand or ranges change. Not saved.
  std::string crop_problem_key;
  std::optional<std::string> crop_problem;
  /// The last click in the dialog was on a crop field, taken or disabled: Enter is that field's, not
  /// Export's (newcomer issue 22: Enter after a click on a disabled field exported to the default
  /// path). A click anywhere else, or a new opening, gives Enter back to Export. Not saved.
  bool enter_to_field = false;
};

/// Whether view `v`'s cells carry words whose level the export may choose (fragments, warpgroup, banks).
bool export_has_labels(scene::View v);

/// The words view `v`'s cells say on screen now (AppState::fragments_labels, warpgroup_labels,
/// banks_labels); CellLabels::full for a view without such a level.
scene::CellLabels screen_labels(const AppState& s, scene::View v);

/// The part of a zoomable view on screen now: one block per grid with a cell in view (Crop::grids,
/// the grids as the view names them: fragments "A", "B", "C"; warpgroup "A", "D"; banks "unpadded",
/// "padded", or in Layout mode "layout", in 128-byte lines and banks), and whether the view hides
/// some of its grids' cells.
struct VisibleRegion {
  scene::Crop crop;
  bool partial = false;
  /// What shows of the fragments, warpgroup or bank view is a sliver: no grid in view with two rows
  /// and two columns (a view squeezed by its column, scrolled to an edge: "B rows 0-14, cols 0-0").
  /// Not offered first (default_export_part). Never for the CTA tile and Tensor memory, whose whole
  /// tiles run to thousands of pixels.
  bool sliver = false;
  /// The single grid of a one-grid crop as the view names it (the CTA's "A", "B", "C"); "" where the
  /// crop names its grids (crop.grids) or the view has one grid (tmem).
  std::string grid;
};

/// What view `v` shows now, from the state its window recorded this frame (FrameRecord): for
/// fragments (and warpgroup, A and D) every operand grid with a cell in view, or only `operand`'s
/// ("A", "B", "C") where the dialog names one, product 0's part standing for every product's; for
/// banks the lines and banks in view of each of its two grids (BanksViewRecord::visible), in Layout
/// mode of its one grid ("layout"); for the CTA
/// tile the grid of `operand` or, with none given, of the operand with the most cells in view (C
/// first on a tie, then A); for the Tensor memory its lanes and columns in view.
/// nullopt where the view has no such region: another view, or a window not drawn (closed, or nothing
/// of its grids in view).
std::optional<VisibleRegion> visible_region(const AppState& s, scene::View v, const std::string& operand);

/// "Visible region: A rows 0-7, cols 0-5; C/D rows 0-7, cols 0-3" (describe_crop's words: what the
/// file will hold); for nullopt, "Visible region (this view has none)".
std::string visible_region_text(const std::optional<VisibleRegion>& r);

/// The part a dialog opening on (or switching to) a view takes: the user's `chosen` part stays;
/// otherwise `visible` where the view hides some of its grids (`r` partial) and what shows is no
/// sliver (`r` sliver: a squeezed or scrolled view's edge, not a part the user framed), else `whole`.
ExportPart default_export_part(ExportPart current, const std::optional<VisibleRegion>& r);

/// The Export dialog's rows that only some views have, one entry per view (export_options): the
/// dialog draws a view's own "Picture" and no other view's (newcomer round 20: the fragments view's
/// dialog showed the bank view's greyed out) and enables "Operand" and "Crop" where they apply
/// (those two stay as rows, disabled elsewhere: the part rows and the buttons below them never move
/// when the view changes).
struct ExportOptions {
  bool picture = false;  ///< "Picture": lines x banks or tile (--picture), the bank view's
  bool operand = false;  ///< "Operand": one operand grid (--operand)
  bool crop = false;     ///< "Crop": rows and columns (--crop), where scene::croppable
  bool visible = false;  ///< "Visible region": the view is zoomable and records what it shows
  bool labels = false;   ///< "Cell labels": its cells' words have a level (--labels)
};

/// View `v`'s rows of the Export dialog, from one table; `layout_mode`: the bank view's Layout mode,
/// which draws one picture (no "Picture" choice).
ExportOptions export_options(scene::View v, bool layout_mode);

/// Whether the "Picture" choice (lines x banks or tile) applies: the bank view outside its Layout
/// mode (export_options). Elsewhere the dialog has no such row.
bool bank_picture_applies(const AppState& s, scene::View v);

/// The view that exports what the window named `name` shows (its ImGui name, window_names.hpp):
/// the fragments, ldmatrix, bank, output, warpgroup, Algebra, Tensor memory and CTA tile windows
/// their own view, the stmatrix / movmatrix window stmatrix (the first it draws); nullopt for a
/// window that no view exports (Controls, Gate, Descriptor, the inspector, the dialogs).
std::optional<scene::View> export_view_of_window(std::string_view name);

/// `v` (export_view_of_window's, or nullopt), where it is the stmatrix / movmatrix window's, as the
/// page that window shows now: movmatrix on its movmatrix page, else stmatrix (the epilogue and
/// 8-bit pages have no picture of their own). Ctrl+E over the movmatrix page opened the stmatrix
/// view (issue 22).
std::optional<scene::View> moves_page_view(const AppState& s, std::optional<scene::View> v);

/// Follows the focus, once a frame: `focused` is the root window holding it now (its ImGui name).
/// An exportable window becomes `d.looked_at` when the user brought it there: the focus moved to it
/// (a click, or a window opened from the View menu, which takes the focus as it appears) or
/// `clicked` (a click in the window that had it already). While not `settled` (the app's first
/// frames, where every tiled view takes the focus as it appears, the last one keeping it) nothing
/// is taken.
void note_focus(ExportDialog& d, std::string_view focused, bool settled, bool clicked);

/// Follows the mouse, once a frame: `hovered` is the root window under it (its ImGui name). Where it
/// `moved`, the exportable window it is in becomes `d.pointed_at` (none over another window); a
/// `wheel` turn (scroll, Ctrl+wheel zoom) over an exportable window makes it `d.looked_at`, as a
/// click does: the user works in a view by scrolling it without clicking it (newcomer round 13).
/// Nothing is taken while not `settled`.
void note_pointer(ExportDialog& d, std::string_view hovered, bool moved, bool wheel, bool settled);

/// The view the dialog opens on: for Ctrl+E, the view under the mouse where it moved there last
/// (`d.pointed_at`), else the one last worked in (`d.looked_at`: focus, click, scroll or zoom);
/// nullopt where neither is known.
std::optional<scene::View> export_target(const ExportDialog& d);

/// The dialog's window title: "Export the <view> view" (the view it opens on, said at its top).
std::string export_dialog_title(scene::View v);

/// The dialog as it opens (the request taken): on export_target, the view the user is working in,
/// where there is one; a default file name follows that view (follow_export_path in `folder`); the
/// last outcome is forgotten.
void open_export_dialog(ExportDialog& d, const std::string& folder);

/// The crop `d` asks of view `v`: none for a view that cannot be cropped; the operand, and the
/// ranges when `crop` is on and an operand is picked (build_scene refuses a range outside it); for
/// banks the ranges of the tile when `crop` is on (it has no operands).
scene::Crop export_crop(const ExportDialog& d, scene::View v);

/// Why the rows and columns set in the dialog (its part "As set below", Crop on) fall outside view
/// `v`'s grid, in build_scene's words ("rows=0-9999 is outside A's 16 x 8 (rows 0-15)"); nullopt
/// when they fit or no crop is asked. Said beside the fields as they are typed, with Export
/// disabled (newcomer issue 22: only Export said it). Kept in d.crop_problem per crop.
std::optional<std::string> export_crop_problem(const AppState& s, ExportDialog& d, scene::View v);

/// The request for view `v` with the app's current settings and the dialog's part: whole, the
/// visible region (visible_region, with the operand the dialog names) or the dialog's crop; for
/// fragments, cells that say what the screen's say at its zoom (AppState::fragments_labels). Never fails:
/// what the settings cannot give (no gate run for the output view) is for build_scene to refuse.
scene::ViewRequest export_request(const AppState& s, scene::View v);

/// The folder a new export goes to: the last one used (kept across restarts) while it is still a
/// folder, else the user's Pictures folder
/// ($HOME/Pictures) where it exists, else $HOME, else the working folder (".") without a HOME.
/// Never the working folder when a HOME exists: started from a clone, that is the clone.
std::string default_export_folder(const ExportDialog& d);

/// "<folder>/fragviz-fragments.svg" and the like.
std::string default_export_path(const std::string& folder, scene::View v, scene::Format f);

/// `path` with its extension made `f`'s where it ends in another format's (.svg, .png, .pdf, .tex):
/// choosing PNG never leaves a ".svg" name holding PNG bytes. Any other name is left as typed.
std::string path_for_format(const std::string& path, scene::Format f);

/// Forgets the outcome line (and a pending Overwrite) once the view, format or file name differs
/// from (old_view, old_format, old_path): "...svg exists" or "wrote ..." spoke of another file.
void forget_stale_outcome(ExportDialog& d, scene::View old_view, scene::Format old_format,
                          const std::string& old_path);

/// The dialog's file name after the view or format changed from (old_view, old_format): an empty or
/// default name follows both (default_export_path in `folder`); a name the user typed takes the new
/// view's default name in the typed name's folder when the view changes (another picture never
/// lands on the last one's name), and otherwise only follows the format (path_for_format).
std::string follow_export_path(const std::string& path, const std::string& folder, scene::View old_view,
                               scene::Format old_format, scene::View view, scene::Format format);

/// Export pressed, `exists` saying whether d.path names a file already. Returns true when it is to
/// be written now (no file there). Otherwise asks before replacing it (d.overwrite_pending, the
/// Overwrite button) and says so: in red for a file from elsewhere; for the file this dialog has
/// just written (d.written, e.g. a second click right after), green "wrote X (just now); Overwrite
/// replaces it", so the write is not taken for a failure.
bool export_pressed(ExportDialog& d, bool exists);

/// Each opening of the dialog starts on what the screen shows: every operand, and the visible region
/// `all` (visible_region with no operand) where the view hides part of itself, else the whole view
/// (newcomer round 27: an operand A and "As set below" kept from one export cut the next one, of a
/// view showing A, B and C/D, to A). The crop's rows and columns stay for "As set below".
void start_on_screen(ExportDialog& d, const std::optional<VisibleRegion>& all);

/// Why `path` cannot take `f`'s picture, before anything is drawn or asked (an empty name, a path
/// that is no writable file, as fragviz-cli judges it, or another format's extension); nullopt when
/// it can. Export asks it before "exists: Overwrite replaces it" (newcomer round 28: /dev/full was
/// offered an Overwrite, which then refused it).
std::optional<std::string> export_path_problem(scene::Format f, const std::string& path);

/// Builds the scene and writes it; the message says where, or why not (nothing is written then):
/// a path that is no writable file, or one ending in another format's extension (x.png for SVG).
struct ExportOutcome {
  bool ok = false;
  std::string message;
};
ExportOutcome run_export(const AppState& s, scene::View v, scene::Format f, const std::string& path,
                         double scale);

/// A scene builder's refusal (worded for fragviz-cli export, which shares it) in the app's words:
/// an option that opens it named as the app's field ("--layout: col 201: ..." -> "the layout's write
/// field: col 201: ..."), "(--report FILE)" as what gives the app a gate result (newcomer round 33:
/// the Export dialog spoke in CLI flags). Anything else as it is.
std::string in_app_words(const std::string& message);

/// A PNG scale as typed into the dialog (Ctrl+click on its slider), kept in [kMinExportScale,
/// kMaxExportScale]: the scale used, and what the dialog says beside the field where the typed value
/// was not (issue 22: a clamp said nothing), e.g. "1000 is past 0.5 to 8: kept at 8"; an empty note
/// where it was kept as typed. A value that is no number keeps `before`, the scale held until then.
struct KeptScale {
  float scale = 2;
  std::string note;
};
KeptScale keep_export_scale(float typed, float before);

/// Shows a write's outcome `o` for d.path in the dialog: its line, green or red; no Overwrite
/// pending; d.written the file when written (export_pressed's "just now").
void take_export_outcome(ExportDialog& d, const ExportOutcome& o);

}  // namespace fragviz::app
