// Persisted choices: the controls, the selected lane, open windows, gate options and the output
// colour mode, as a small JSON file next to imgui.ini in the config directory.
//
// Parsing is a pure function of the text (parse_settings: no files, no GL, no ImGui; fuzzed in
// tests/fuzz/). Every fault it finds becomes a message the status strip shows, with the value used
// instead; a file the app cannot read as its own settings is never saved over.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "app_state.hpp"
#include "window_names.hpp"

namespace fragviz::app {

/// Where settings live, and the folder that must already exist before the app may create it.
struct ConfigDir {
  std::string path;         ///< "" when there is nowhere (no HOME, no XDG_CONFIG_HOME, no override)
  std::string anchor;       ///< never created: the home folder, or the folder above path
  std::string what_anchor;  ///< how messages name the anchor ("the home folder /home/ana")
};

/// The config directory: `override_dir` if set, else $FRAGVIZ_CONFIG_DIR, else
/// $XDG_CONFIG_HOME/fragviz, else ~/.config/fragviz. Creates nothing.
ConfigDir resolve_config_dir(const std::string& override_dir);

/// Creates `d.path` (and the folders between it and its anchor) if missing, but never the anchor:
/// a run with HOME=/gone does not make /gone/.config/fragviz. Returns why settings cannot be
/// saved, or "" when the folder exists now. Only runs that save settings call it.
std::string ensure_config_dir(const ConfigDir& d);

/// The Hopper views' persisted part (HopperState): the wgmma entry both wgmma views show, by full
/// mnemonic, and which of the three windows are open (settings.json: "wgmma", and "warpgroup",
/// "descriptor", "moves" in "windows").
struct HopperSettings {
  std::string wgmma;  ///< "" while the user has picked none (HopperState::wgmma_picked): not saved
  bool warpgroup = false, descriptor = false, moves = false;
};

/// The CTA tile window's saved part: the preset its configuration started from and the
/// configuration as typed ("cta_tile": an object of the CtaTileSpec's fields; a plain preset name,
/// what older files hold, reads as that preset unedited).
struct CtaTileSettings {
  std::string preset = CtaTileControls{}.preset;
  tile::CtaTileSpec spec = CtaTileControls{}.spec;
  float cell = CtaTileControls{}.cell;    ///< cell width in pixels, kMinCtaCell to kMaxCtaCell ("cell")
  int thread = CtaTileControls{}.thread;  ///< whose cells are outlined, -1 none to kMaxCtaThread ("thread")
};

/// The CTA tile window's cell width range (pixels), as its slider offers it.
inline constexpr float kMinCtaCell = 8.f, kMaxCtaCell = 64.f;
/// The highest CTA thread settings keep: a CTA has at most 1024 threads.
inline constexpr int kMaxCtaThread = 1023;

/// A zoomable view's zoom as saved ("zoom": one object per view): the zoom the user moved to and the
/// subject it was for (GridZoom::key: the mnemonic, the tile). `zoom` 0: the view's own first zoom
/// (it follows the window's size), also what a zoom for another subject becomes (zoom_for).
struct ZoomSetting {
  std::string key{};
  float zoom = 0;
  /// The fragments view's: the fit the zoom is relative to ("fit": {"view_w", "view_h", "cell_w",
  /// "cell_h", "blocks_per_row"}, logical px), so a restart shows the cells as they were at quit
  /// though the view opens shorter or narrower; none: worked out again from the view.
  std::optional<GridFit> fit{};
};

/// `z` as saved: its zoom while the user has moved off the view's first one, else 0.
ZoomSetting zoom_setting(const GridZoom& z);
/// `z` with the saved zoom `in` (nothing for 0): it is kept at the first frame that draws `in.key`.
void apply_zoom_setting(const ZoomSetting& in, GridZoom& z);

/// How many paths File > Recent reports keeps ("reports": "recent").
inline constexpr std::size_t kRecentReportsKept = 5;
/// The longest report path settings.json keeps (characters); a longer one is bad input.
inline constexpr std::size_t kMaxReportPathChars = 4096;

/// The reports open at quit, reopened at the next start, and File > Recent reports
/// (settings.json "reports": "probe", "gate", "compare", "bench", "recent"). Absolute paths; "" for
/// none.
struct ReportSettings {
  std::string probe;                ///< the probe report shown ("probe")
  std::string gate;                 ///< the gate report shown, when another file than the probe's ("gate")
  std::string compare;              ///< the comparison's second report, against the reports above ("compare")
  std::string bench;                ///< the recorded ladder bench (a *.csv) the ladder shows ("bench")
  std::vector<std::string> recent;  ///< paths opened, most recent first, at most kRecentReportsKept
  /// The probe report's geometry fields the user set while it was open (OpenedReport::yours): the
  /// next start shows them as the user's again ("yours").
  std::vector<std::string> yours;
};

/// Why `path` cannot be a report path in settings.json (too long, a control character, not
/// absolute: the file names no place independent of the folder the app starts in); nullopt when
/// it can. Whether the file still exists is for the start to see, not the parse.
std::optional<std::string> report_path_problem(const std::string& path);

/// `recent` with `path` first, once, cut to kRecentReportsKept.
std::vector<std::string> with_recent_report(std::vector<std::string> recent, const std::string& path);

/// What settings.json holds: the persisted part of AppState, apart from it so that it can be
/// parsed and written without a window.
struct Settings {
  Controls controls;
  int selected_lane = -1;
  std::string fragments_find;  ///< the fragments view's Find field, as typed ("fragments_find")
  /// The stacked window last chosen (AppState::stacked_tab), by its "windows" key ("differences"),
  /// shown in front again where the stacked windows share a slot as tabs; "" none ("stacked_tab").
  std::string stacked_tab;
  WindowsOpen windows;
  int gate_n = GateRequest{}.n;
  GateVariant gate_variant = GateRequest{}.variant;
  std::uint64_t gate_seed = GateRequest{}.seed;
  OutputColour output_colour = OutputColour::mismatch;
  LayoutControls layout;  ///< the bank view's Layout mode (title not persisted)
  HopperSettings hopper;
  bool algebra_open = false;  ///< the Algebra window ("algebra" in "windows")
  std::string algebra_expression = AlgebraControls{}.expression;  ///< its expression ("algebra")
  bool cta_tile_open = false;  ///< the CTA tile window ("cta_tile" in "windows")
  CtaTileSettings cta_tile;    ///< its preset and configuration ("cta_tile")
  bool tmem_open = false;      ///< the Tensor memory window ("tmem")
  /// The Differences window shown while a comparison is open ("differences"): its X hides it, and the
  /// next start keeps it hidden (newcomer round 25: it came back at every start).
  bool differences_open = true;
  std::string tmem = tmem_controls_text(TmemControls{});  ///< its controls ("tmem", tmem_view.hpp)
  /// Each mode's choices, whichever is active ("tmem_ld", "tmem_accumulator", "tmem_cp":
  /// tmem_mode_text).
  std::string tmem_ld = tmem_mode_text(TmemControls{}, TmemMode::load_store);
  std::string tmem_accumulator = tmem_mode_text(TmemControls{}, TmemMode::accumulator);
  std::string tmem_cp = tmem_mode_text(TmemControls{}, TmemMode::copy);  ///< "tmem_cp"
  /// File > Export's format and palette ("export_format": svg, png, pdf or tikz; "export_palette":
  /// screen (the default: the app window's colours, what was on screen) or light, as fragviz-cli
  /// export's --palette spells them, dark and document read too).
  scene::Format export_format = scene::Format::svg;
  bool export_dark = true;
  /// The folder File > Export last wrote into ("export_folder"; empty: none yet): the dialog's
  /// next default path starts there.
  std::string export_folder{};
  /// The warpgroup view's selected thread, 0-127 or -1 for none ("warpgroup_thread").
  int warpgroup_thread = -1;
  /// Which selection the Lane inspector showed, the lane or the warpgroup thread ("inspector":
  /// "lane" or "warpgroup_thread"); both may be selected, the one chosen last is shown.
  InspectorSubject::Kind inspector = InspectorSubject::Kind::lane;
  /// File > Export's other choices, as the dialog last had them (issue 22: they were forgotten):
  /// the view ("export_view"), PNG pixels per point ("export_scale", kMinExportScale to
  /// kMaxExportScale), the crop's rows and columns ("export_crop": fragviz-cli's --crop text, both
  /// ends included) and whether it is on ("export_crop_on"). The operand is not kept: each opening
  /// starts on every operand the screen shows (start_on_screen). The lane it highlights is each
  /// view's selected lane, saved with the view.
  scene::View export_view = scene::View::fragments;
  float export_scale = ExportDialog{}.scale;
  scene::IndexRange export_rows{ExportDialog{}.first_row, ExportDialog{}.last_row};
  scene::IndexRange export_cols{ExportDialog{}.first_col, ExportDialog{}.last_col};
  bool export_crop_on = false;
  DescriptorControls descriptor{};             ///< the descriptor view's sm_90 fields ("descriptor")
  Sm100DescriptorControls descriptor_sm100{};  ///< its sm_100 side ("descriptor": "arch", "smem", ...)
  MoveControls moves{};                        ///< the matrix-move view's tab and choices ("moves")
  bool moves_b8 = false;                       ///< its 8-bit page is the tab shown ("moves": "tab")
  MatrixMoveB8 moves_b8_form{};                ///< the 8-bit page's form ("moves": "b8")
  /// Each zoomable view's zoom ("zoom": "fragments", "banks", "warpgroup", "tmem").
  ZoomSetting fragments_zoom{}, banks_zoom{}, warpgroup_zoom{}, tmem_zoom{};
  int algebra_step = AlgebraControls{}.step;                ///< the operation shown ("algebra_step")
  AlgebraColour algebra_colour = AlgebraControls{}.colour;  ///< what colours its cells ("algebra_colour")
  float algebra_cell = AlgebraControls{}.cell;              ///< its cell width, px ("algebra_cell")
  std::string wmma_kind{};  ///< the fragments view's WMMA fragment kind, "" none ("wmma_kind")
  /// The gate view's ladder sizes ticked ("ladder_sizes": the sizes, e.g. [2048, 4096]).
  std::array<bool, kLadderSizes.size()> ladder_sizes = GateLadderState{}.size_on;
  /// File > Load kernel's fields as typed ("kernel": "source", "entry", "block", "grid",
  /// "smem_bytes", "include", "cutlass"); the window's being open is not saved (it is a dialog).
  KernelForm kernel{};
  std::string warpgroup_find;  ///< the warpgroup view's Find field, as typed ("warpgroup_find")
  ReportSettings reports;      ///< the open reports and File > Recent reports ("reports")
};

/// One view's window in settings.json's "windows" object: its key there, its window name
/// (window_names.hpp) and where Settings says whether it is open: a tiled view's flag in
/// WindowsOpen (`tiled`) or a Hopper window's in HopperSettings (`hopper`). kWindowSettings is the
/// one list that parse_settings, its unknown-key check, settings_json, the View menu and the state
/// dump walk. A window of neither kind (Algebra) has its flag in Settings itself (`own`).
struct WindowSetting {
  const char* key;
  const char* title;
  bool WindowsOpen::*tiled;
  bool HopperSettings::*hopper;
  bool Settings::*own = nullptr;
  bool& open(Settings& s) const { return tiled ? s.windows.*tiled : hopper ? s.hopper.*hopper : s.*own; }
  bool open(const Settings& s) const { return tiled ? s.windows.*tiled : hopper ? s.hopper.*hopper : s.*own; }
};

/// Every window, in settings.json's order: the eight tiled views, the three Hopper windows, Algebra, CTA
/// tile, Tensor memory, Differences.
inline constexpr WindowSetting kWindowSettings[] = {
    {"controls", kWinControls, &WindowsOpen::controls, nullptr},
    {"device", kWinDevice, &WindowsOpen::device, nullptr},
    {"inspector", kWinInspector, &WindowsOpen::inspector, nullptr},
    {"fragments", kWinFragments, &WindowsOpen::fragments, nullptr},
    {"ldmatrix", kWinLdmatrix, &WindowsOpen::ldmatrix, nullptr},
    {"banks", kWinBanks, &WindowsOpen::banks, nullptr},
    {"gate", kWinGate, &WindowsOpen::gate, nullptr},
    {"output", kWinOutput, &WindowsOpen::output, nullptr},
    {"warpgroup", kWinWarpgroup, nullptr, &HopperSettings::warpgroup},
    {"descriptor", kWinDescriptor, nullptr, &HopperSettings::descriptor},
    {"moves", kWinMatrixMoves, nullptr, &HopperSettings::moves},
    {"algebra", kWinAlgebra, nullptr, nullptr, &Settings::algebra_open},
    {"cta_tile", kWinCtaTile, nullptr, nullptr, &Settings::cta_tile_open},
    {"tmem", kWinTmem, nullptr, nullptr, &Settings::tmem_open},
    {"differences", kWinDifferences, nullptr, nullptr, &Settings::differences_open},
};

/// Largest settings.json read (bytes): the file is a few hundred bytes; a larger one is kept as it
/// is, unread, and the defaults used.
inline constexpr std::uintmax_t kMaxSettingsBytes = 1 << 20;

/// Longest layout or lane-pattern text settings keep (characters); longer is replaced by the default.
inline constexpr std::size_t kMaxLayoutTextChars = 4096;
/// The longest Find field text settings.json keeps (its forms, `A,9,3` or `lane 5`, are a few characters).
inline constexpr std::size_t kMaxFindChars = 64;

/// The format and version settings_json writes.
inline constexpr const char* kSettingsFormat = "fragviz-settings";
inline constexpr int kSettingsVersion = 1;

/// What parse_settings made of a settings text.
struct ParsedSettings {
  /// Every field the text names with a usable value, defaults for the rest; every value within
  /// the app's ranges (a value outside is replaced, and `messages` says by what).
  Settings settings;
  /// Each fault, with the value used instead ("gate.seed -1 is negative ...; using 1").
  std::vector<std::string> messages;
  /// An instruction the catalogue lacks (shown in the controls, not in `messages`).
  std::string instruction_notice;
  /// Layout texts that do not parse ("layout.write ... does not parse (...)"): kept as typed, so
  /// not faults of the file (settings_json writes them back as they are), but said at start with
  /// the file's messages.
  std::vector<std::string> layout_notices;
  /// The text is not a settings file this app may rewrite (not JSON, not an object, no or another
  /// "format", a newer version): it must never be saved over.
  bool keep_file = false;
  /// The text as read: `text` with each number too large for a double replaced by null (said in
  /// `messages`); what save_settings merges with. Empty when the text is not JSON.
  std::string text_read;
};

/// Parses settings.json text. Never throws; any bytes give settings and messages.
ParsedSettings parse_settings(std::string_view text);

/// The settings JSON text of `s` (what save_settings writes).
std::string settings_json(const Settings& s);

/// settings.json's "layout" object for `l`: every key parse_settings reads there (the state dump's
/// Layout view starts from it).
nlohmann::json layout_settings_json(const LayoutControls& l);

/// The user's own settings in `s`: while a report shows its geometry, the controls the user had
/// (OpenedReport::user_controls), never the report's.
Settings settings_of(const AppState& s);

/// Puts `p`'s settings and instruction notice into `s`.
void apply_settings(const ParsedSettings& p, AppState& s);

/// The result of reading settings.json from a folder.
struct LoadedSettings {
  std::vector<std::string> messages;  ///< each prefixed with the file's path
  bool keep_file = false;             ///< never save into this folder (see ParsedSettings)
};

/// Loads `dir`/settings.json into `s`. A missing file changes nothing and says nothing; a folder
/// that is a file, an unreadable file or any fault in it is in `messages`.
LoadedSettings load_settings(const std::string& dir, AppState& s);

/// Reads the settings at start-up: into `s`, with every fault of the folder or the file in
/// s.settings_notices. Returns the folder the run saves settings and imgui.ini into, "" for
/// nowhere: runs that do not persist (`persist` false), no usable folder, or a settings file it
/// could not read (kept as it is, and the notice says so). Creates the folder only when `persist`.
std::string start_settings(const ConfigDir& d, bool persist, AppState& s);

/// Writes settings.json into `dir`, whole or not at all (whole_file.hpp: a symbolic link is written
/// through, its target replaced and the link kept; a link that leads to no file, or anything but a
/// regular file, is refused and said). With the file as read at start
/// (`file_text`, read as `loaded_json`: AppState::settings_file_text, settings_loaded_json), what
/// the user did not change this session is written back as they wrote it: keys this app does not
/// know, and values it had replaced (an out-of-range pad) unless the user changed them this session
/// (`touched`, as note_settings_touched collects them). When nothing differs from the file's
/// reading and nothing was touched, the file is not written at all (left byte for byte).
/// Returns an error or "".
std::string save_settings(const std::string& dir, const Settings& s, const std::string& file_text = "",
                          const std::string& loaded_json = "", const std::set<std::string>& touched = {});

/// Adds to `touched` the JSON pointer of every settings value that `now` holds differently from
/// `loaded_json` (the settings JSON of the file as read); nothing when `loaded_json` is empty.
/// Called before each save, which follows every change, so a value changed and set back is known
/// as the user's.
void note_settings_touched(const std::string& loaded_json, const Settings& now,
                           std::set<std::string>& touched);

/// Whether a run with these options writes settings.json and imgui.ini: not for --frames,
/// --screenshot or --bench (tests and automation read the user's settings but leave them alone).
inline bool persists_settings(const LaunchOptions& o) {
  return o.frames <= 0 && o.screenshot.empty() && o.bench.empty();
}

/// The settings JSON text of the user's own settings in `s` (used to detect that something worth
/// saving changed).
inline std::string settings_json(const AppState& s) { return settings_json(settings_of(s)); }

}  // namespace fragviz::app
