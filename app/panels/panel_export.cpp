// File > Export: a modal dialog (view, format, palette, operand and crop, path, PNG scale) over
// export_dialog.hpp; the export runs when Export is pressed and its outcome stays at the top of the
// dialog (green: written, red: why not), wrapped in room kept for it. No control moves when the view
// or format changes: a common row that does not apply is disabled; a view's own choice (the bank
// view's Picture) sits on a common row's line and is drawn for that view only (export_options).
#include <algorithm>
#include <cstring>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "../export_dialog.hpp"
#include "imgui.h"
#include "imgui_internal.h"
#include "imgui_stdlib.h"
#include "panels.hpp"

namespace fragviz::app {
namespace {

constexpr scene::View kViews[] = {scene::View::fragments, scene::View::warpgroup, scene::View::ldmatrix,
                                  scene::View::stmatrix,  scene::View::movmatrix, scene::View::banks,
                                  scene::View::output,    scene::View::algebra,   scene::View::tmem,
                                  scene::View::cta};
// Frames in which the windows that appear take the focus by themselves, the last one keeping it.
constexpr int kSettlingFrames = 5;
constexpr scene::Format kFormats[] = {scene::Format::svg, scene::Format::png, scene::Format::pdf,
                                      scene::Format::tikz};

}  // namespace

void draw_export_popup(AppState& s) {
  ExportDialog& d = s.export_dialog;
  // The exportable window the user last had focus in (kept while the menu bar or a window no view
  // exports has it): the dialog opens on its view, not on the one chosen last time. The first
  // frames' focus is the tiling's, not the user's.
  const ImGuiWindow* w = GImGui->NavWindow;
  const ImGuiIO& io = ImGui::GetIO();
  const bool settled = ImGui::GetFrameCount() > kSettlingFrames;
  note_focus(d, w && w->RootWindow ? w->RootWindow->Name : "", settled,
             io.MouseClicked[0] || io.MouseClicked[1] || io.MouseClicked[2]);
  // Scrolling or zooming a view is working in it too, and so is pointing at it for Ctrl+E. The
  // dialog's own frames (it is modal) change neither.
  const ImGuiWindow* h = GImGui->HoveredWindow;
  if (!ImGui::IsPopupOpen("###Export"))
    note_pointer(d, h && h->RootWindow ? h->RootWindow->Name : "",
                 io.MouseDelta.x != 0.f || io.MouseDelta.y != 0.f,
                 io.MouseWheel != 0.f || io.MouseWheelH != 0.f, settled);
  if (d.open_requested) {
    d.looked_at = moves_page_view(s, d.looked_at);
    d.pointed_at = moves_page_view(s, d.pointed_at);
    ImGui::OpenPopup("###Export");
    open_export_dialog(d, default_export_folder(d));
    start_on_screen(d, visible_region(s, d.view, ""));
  }
  // Height 0 every frame: fitted to what the dialog holds. Every row is always there (a common row
  // that does not apply is disabled; a view's own choice shares a common row's line) and the outcome
  // has its room kept, so no control moves between clicks: a second click lands where the first
  // one's control still is.
  ImGui::SetNextWindowSize(ImVec2(640, 0), ImGuiCond_Always);
  // Titled with the view it exports, so which one is never in doubt; "###Export" keeps its id.
  const std::string title = export_dialog_title(d.view) + "###Export";
  if (!ImGui::BeginPopupModal(title.c_str(), nullptr, ImGuiWindowFlags_NoSavedSettings)) return;
  s.frame.widgets["export_dialog"] = Rect{ImGui::GetWindowPos().x, ImGui::GetWindowPos().y,
                                          ImGui::GetWindowSize().x, ImGui::GetWindowSize().y};
  // Enter exports from anywhere in the dialog (newcomer round 15: after a pick from a picker, focus
  // left the File field and Enter did nothing), except the Enter that picks in an open picker or
  // ends typing in a field: both were there as the frame began.
  const bool picker_open_at_start = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId);
  const bool typing_at_start = ImGui::IsAnyItemActive();
  // The outcome at the top, where it is seen, in a box of three lines kept whether or not there is
  // one (wrapped; a longer one scrolls in it), so nothing below moves when it comes or goes.
  ImGui::BeginChild("##export_outcome", ImVec2(0, 3.f * ImGui::GetTextLineHeightWithSpacing()), false);
  if (!d.message.empty()) {
    ImGui::PushTextWrapPos(0.f);
    status_text(d.message_ok ? kGreenV : kRedV, "%s", d.message.c_str());
    ImGui::PopTextWrapPos();
    record_widget(s, "export_message");
  } else if (!d.opened_note.empty()) {
    ImGui::PushTextWrapPos(0.f);
    status_text(kAmberV, "%s", d.opened_note.c_str());
    ImGui::PopTextWrapPos();
    record_widget(s, "export_opened_note");
  } else {
    // Not an empty band at the dialog's top (newcomer round 14): what will come there.
    ImGui::PushTextWrapPos(0.f);
    status_text(kDimV,
                "Nothing written yet. Choose below and press Export (Enter): what was written, "
                "or why not, shows here.");
    ImGui::PopTextWrapPos();
    record_widget(s, "export_outcome_hint");
  }
  ImGui::EndChild();
  ImGui::Separator();
  ImGui::TextUnformatted(
      "A view as it is on screen (its settings, layout and selected lane), as fragviz-cli "
      "export writes it:");
  const std::string folder = default_export_folder(d);
  const scene::Format old_format = d.format;
  const scene::View old_view = d.view;
  const std::string old_path = d.path;
  // Every picker filters as the user types and Enter takes the entry the filter names, else the
  // first shown (filtered_list), as every other list picker of the app does.
  if (ImGui::BeginCombo("View", std::string(scene::to_string(d.view)).c_str())) {
    std::vector<PickerEntry> entries;
    for (scene::View v : kViews) {
      const std::string name(scene::to_string(v));
      entries.push_back(PickerEntry{name, "", "", v == d.view, "export_view:" + name});
    }
    if (const int i = filtered_list(s, "export_view", entries); i >= 0) d.view = kViews[i];
    ImGui::EndCombo();
  }
  record_widget(s, "export_view");
  if (ImGui::BeginCombo("Format", std::string(scene::to_string(d.format)).c_str())) {
    std::vector<PickerEntry> entries;
    for (scene::Format f : kFormats) {
      const std::string name(scene::to_string(f));
      const bool missing = (f == scene::Format::png || f == scene::Format::pdf) && !scene::cairo_available();
      entries.push_back(PickerEntry{missing ? name + " (not built: no cairo)" : name, "",
                                    missing ? scene::cairo_description() : std::string(), f == d.format,
                                    "export_format:" + name});
    }
    // A format this build cannot write stays listed (so the user learns why) but is not taken.
    if (const int i = filtered_list(s, "export_format", entries); i >= 0) {
      const scene::Format f = kFormats[i];
      if (!((f == scene::Format::png || f == scene::Format::pdf) && !scene::cairo_available())) d.format = f;
    }
    ImGui::EndCombo();
  }
  record_widget(s, "export_format");
  const char* palettes[] = {"document (light)", "screen (dark)"};
  if (ImGui::BeginCombo("Palette", palettes[d.dark ? 1 : 0])) {
    const std::vector<PickerEntry> entries = {
        PickerEntry{palettes[0], "", "", !d.dark, "export_palette:light"},
        PickerEntry{palettes[1], "", "", d.dark, "export_palette:dark"}};
    if (const int i = filtered_list(s, "export_palette", entries); i >= 0) d.dark = i == 1;
    ImGui::EndCombo();
  }
  record_widget(s, "export_palette");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "screen: the app window's background and text, the picture as it was on screen (the default);\n"
        "document: white ground and dark text, for documents (fragviz-cli export's default).");
  // The rows only some views have, from their one table: "Picture" on the bank view only (newcomer
  // round 20), "Operand" and "Crop" enabled where they apply.
  const ExportOptions own = export_options(d.view, s.layout.enabled);
  std::vector<std::string>& rows = s.frame.export_rows;
  rows.clear();
  // The title and legend the export adds to what the screen shows: off, the picture is the view only.
  ImGui::Checkbox("Title and legend", &d.title_and_legend);
  record_widget(s, "export_title_and_legend");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "The picture's title (instruction and notes) and its lane or bank legend, which the\n"
        "view on screen has not. Off: what is on screen (fragviz-cli export --no-title).");
  // The bank view draws two pictures (fragviz-cli export --picture): the screen's lines x banks, or
  // the older T/B tile with a words-per-bank chart per phase. On the title's line, so the rows below
  // stay where they are on the views without it.
  if (own.picture) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(260);
    const char* pictures[] = {"lines x banks (as on screen)", "tile (T/B cells, words per bank)"};
    const int at = d.bank_picture == scene::BankPicture::tile ? 1 : 0;
    if (ImGui::BeginCombo("Picture", pictures[at])) {
      const std::vector<PickerEntry> entries = {
          PickerEntry{pictures[0], "", "", at == 0, "export_picture:lines"},
          PickerEntry{pictures[1], "", "", at == 1, "export_picture:tile"}};
      if (const int i = filtered_list(s, "export_picture", entries); i >= 0)
        d.bank_picture = i == 1 ? scene::BankPicture::tile : scene::BankPicture::lines;
      ImGui::EndCombo();
    }
    record_widget(s, "export_picture");
    rows.emplace_back("picture");
  }
  // Another view has its own visible region: the default part follows it.
  if (d.view != old_view) d.part = default_export_part(d.part, visible_region(s, d.view, d.operand));
  // The part drawn: the whole view, what the view shows now (its zoom and scroll), or the operand
  // and crop set below; touching those (but the operand, which also picks the visible grid) chooses
  // the last.
  const auto region = visible_region(s, d.view, d.operand);
  if (ImGui::RadioButton("Whole tile", d.part == ExportPart::whole)) d.part = ExportPart::whole;
  record_widget(s, "export_part_whole");
  ImGui::BeginDisabled(!own.visible || !region);
  if (ImGui::RadioButton((visible_region_text(region) + "##export_visible").c_str(),
                         d.part == ExportPart::visible))
    d.part = ExportPart::visible;
  // The same grids as a command line draws them (each grid named, the others left out).
  if (region && ImGui::IsItemHovered())
    ImGui::SetTooltip("fragviz-cli export --view %s%s --crop '%s' draws these grids",
                      std::string(scene::to_string(d.view)).c_str(),
                      region->grid == "tile" ? " --picture tile" : "",
                      scene::crop_text(region->crop).c_str());
  record_widget(s, "export_part_visible");
  ImGui::EndDisabled();
  if (ImGui::RadioButton("As set below", d.part == ExportPart::chosen)) d.part = ExportPart::chosen;
  record_widget(s, "export_part_chosen");
  // The cells' words, on that line (no row comes or goes): the screen's at its zoom, or a level
  // chosen for the picture, whose cells are its own size (a squashed view's whole tile had none).
  ImGui::SameLine(0.f, 40.f);
  ImGui::BeginDisabled(!own.labels);
  {
    const scene::CellLabels screen = screen_labels(s, d.view);
    const std::string on_screen = "as on screen (" + std::string(scene::to_string(screen)) + ")";
    const scene::CellLabels levels[] = {scene::CellLabels::full, scene::CellLabels::lane,
                                        scene::CellLabels::number, scene::CellLabels::none};
    ImGui::SetNextItemWidth(200);
    const std::string shown = !own.labels ? std::string("-")
                              : d.labels  ? std::string(scene::to_string(*d.labels))
                                          : on_screen;
    if (ImGui::BeginCombo("Cell labels", shown.c_str())) {
      std::vector<PickerEntry> entries = {PickerEntry{on_screen, "", "", !d.labels, "export_labels:screen"}};
      for (scene::CellLabels l : levels) {
        const std::string name(scene::to_string(l));
        entries.push_back(PickerEntry{name, "", "", d.labels == l, "export_labels:" + name});
      }
      if (const int i = filtered_list(s, "export_labels", entries); i >= 0)
        d.labels = i == 0 ? std::nullopt : std::optional<scene::CellLabels>(levels[i - 1]);
      ImGui::EndCombo();
    }
    record_widget(s, "export_labels");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "The words in the picture's cells (fragviz-cli export --labels): as the view shows them at its\n"
          "zoom now, or full (T5 V3), lane (T5), number (5) or none, whatever the screen's zoom.");
  }
  ImGui::EndDisabled();
  const std::string operand_before = d.operand;
  const bool crop_before = d.crop;
  const int ranges_before[] = {d.first_row, d.last_row, d.first_col, d.last_col};
  // Part of the view: one operand, and a block of its rows and columns (--operand, --crop); the bank
  // view's one tile has no operands, only rows and columns.
  const bool croppable = own.crop;
  const bool tile = croppable && !own.operand;  // one grid: the bank tile, the tensor memory
  const bool wg = d.view == scene::View::warpgroup;
  if (own.visible) rows.emplace_back("visible");
  if (own.operand) rows.emplace_back("operand");
  if (own.crop) rows.emplace_back("crop");
  ImGui::BeginDisabled(!own.operand);
  {
    const char* names[] = {"all", "A", wg ? "D" : "B", d.view == scene::View::cta ? "C" : "C/D"};
    const char* keys[] = {"", "A", wg ? "C" : "B", "C"};
    const int count = wg ? 3 : 4;
    if (wg && d.operand == "B") d.operand.clear();
    int at = 0;
    for (int i = 0; i < count; ++i)
      if (d.operand == keys[i]) at = i;
    ImGui::SetNextItemWidth(160);
    if (ImGui::BeginCombo("Operand", !own.operand ? "-" : names[at])) {
      std::vector<PickerEntry> entries;
      for (int i = 0; i < count; ++i)
        entries.push_back(PickerEntry{names[i], "", "", i == at, std::string("export_operand:") + names[i]});
      if (const int i = filtered_list(s, "export_operand", entries); i >= 0) d.operand = keys[i];
      ImGui::EndCombo();
    }
    record_widget(s, "export_operand");
  }
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::TextColored(kDimV, "%s",
                     !croppable                    ? "crop: fragments, warpgroup, banks, tmem and cta only"
                     : d.view == scene::View::tmem ? "tmem: crop lanes (rows) and columns"
                     : tile && d.bank_picture == scene::BankPicture::tile && own.picture
                         ? "banks, tile picture: crop the tile's rows and columns (halves)"
                     : tile ? "banks: crop lines (rows) and banks (columns) of both grids"
                            : "crop: pick one operand");
  const bool can_crop = croppable && (tile || !d.operand.empty());
  ImGui::BeginDisabled(!can_crop);
  ImGui::Checkbox("Crop", &d.crop);
  record_widget(s, "export_crop");
  ImGui::EndDisabled();
  ImGui::BeginDisabled(!can_crop || !d.crop);
  // Whether this frame's click fell on a crop field, taken or disabled (ExportDialog::enter_to_field).
  bool click_on_field = false;
  const auto note_click = [&] {
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left) &&
        ImGui::IsMouseHoveringRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax()))
      click_on_field = true;
  };
  const auto range = [&](const char* label, int* first, int* last, const char* widget) {
    ImGui::TextUnformatted(label);
    ImGui::SameLine(90);
    ImGui::SetNextItemWidth(110);
    const std::string one(label, std::strlen(label) - 1);  // "row" of "rows"
    const std::string first_widget = std::string(widget) + "_first",
                      last_widget = std::string(widget) + "_last";
    constexpr int most = std::numeric_limits<int>::max();
    number_field(s, first_widget.c_str(), (std::string("##first") + widget).c_str(), ("first " + one).c_str(),
                 first, 0, most);
    note_click();
    ImGui::SameLine();
    ImGui::TextUnformatted("to");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(110);
    number_field(s, last_widget.c_str(), (std::string("##last") + widget).c_str(), ("last " + one).c_str(),
                 last, std::max(0, *first), most);
    note_click();
    record_widget(s, widget);
    *first = std::max(0, *first);  // a value from a file, not typed
    *last = std::max(*first, *last);
    // Said as fragviz-cli export says it, both ends included: "rows 0-7 (8 rows)".
    ImGui::SameLine();
    ImGui::TextColored(kDimV, "%s", scene::describe_range(label, scene::IndexRange{*first, *last}).c_str());
    number_note(s, first_widget.c_str());
    number_note(s, last_widget.c_str());
  };
  range("rows", &d.first_row, &d.last_row, "export_crop_rows");
  range("columns", &d.first_col, &d.last_col, "export_crop_cols");
  ImGui::EndDisabled();
  // (A click that takes a field or a checkbox makes it the active item this very frame.)
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Left) &&
      ImGui::IsWindowHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem))
    d.enter_to_field = click_on_field;
  const int ranges_after[] = {d.first_row, d.last_row, d.first_col, d.last_col};
  if (d.crop != crop_before ||
      !std::equal(std::begin(ranges_before), std::end(ranges_before), ranges_after) ||
      (d.operand != operand_before && d.part == ExportPart::whole))
    d.part = ExportPart::chosen;
  // A range outside the grid is said as it is typed, and Export waits for one inside (newcomer issue
  // 22: "rows 0-9999 (10000 rows)" stood until Export said it). On its own line, kept whether or not
  // there is one, so the buttons below never move.
  const std::optional<std::string> crop_problem = export_crop_problem(s, d, d.view);
  if (crop_problem) {
    status_text(kRedV, "%s: Export takes a crop inside the grid", crop_problem->c_str());
    record_widget(s, "export_crop_problem");
  } else {
    ImGui::TextUnformatted("");
  }
  if (!scene::cairo_available()) status_text(kDimV, "PNG and PDF: %s", scene::cairo_description().c_str());
  // The path follows the view and format until the user types one of their own; a typed name still
  // follows the format's extension. A name cleared stays empty until the view or format changes or
  // the dialog opens again: refilled at once, the default was written under a name the user had just
  // removed (round 34).
  if (!d.path.empty() || d.view != old_view || d.format != old_format || ImGui::IsWindowAppearing())
    d.path = follow_export_path(d.path, folder, old_view, old_format, d.view, d.format);
  ImGui::SetNextItemWidth(-80);
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();  // typing replaces the default name
  const bool enter = ImGui::InputText(
      "File", &d.path, ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
  record_widget(s, "export_path");
  forget_stale_outcome(d, old_view, old_format, old_path);
  ImGui::BeginDisabled(d.format != scene::Format::png);
  ImGui::SetNextItemWidth(160);
  // No AlwaysClamp: a value typed after Ctrl+click comes through as typed, and keep_export_scale keeps
  // it in the range and says so beside the field, on its line (no row comes or goes).
  const float scale_before = d.scale;
  if (ImGui::SliderFloat("Pixels per point (PNG)", &d.scale, kMinExportScale, kMaxExportScale, "%.1f")) {
    const KeptScale kept = keep_export_scale(d.scale, scale_before);
    d.scale = kept.scale;
    d.scale_note = kept.note;
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%g to %g; Ctrl+click to type a value (kept in that range)", kMinExportScale,
                      kMaxExportScale);
  record_widget(s, "export_scale");
  ImGui::EndDisabled();
  if (!d.scale_note.empty()) {
    ImGui::SameLine();
    status_text(kAmberV, "%s", d.scale_note.c_str());
    record_widget(s, "export_scale_note");
  }
  if (d.overwrite_pending != d.path) d.overwrite_pending.clear();  // the name changed: ask again
  const auto write = [&] {
    const ExportOutcome o = run_export(s, d.view, d.format, d.path, d.scale);
    take_export_outcome(d, o);
    std::error_code ec;
    if (o.ok) d.last_folder = std::filesystem::absolute(d.path, ec).parent_path().string();
  };
  // Enter is Export's key: it does nothing while Export is disabled, nor after a click on a crop field,
  // whose Enter ends its typing (newcomer issue 22: Enter after a click on a disabled crop field
  // exported to the default path).
  const bool can_export = !crop_problem;
  const bool enter_in_dialog = can_export && !d.enter_to_field && !picker_open_at_start && !typing_at_start &&
                               !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId) &&
                               (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false) ||
                                ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter), false));
  ImGui::BeginDisabled(!can_export);
  const bool export_clicked = ImGui::Button("Export");
  ImGui::EndDisabled();
  if (export_clicked || (enter && can_export) || enter_in_dialog) {
    std::error_code ec;
    // A path that cannot take the picture is said at once, never offered an Overwrite first; only a
    // regular file there is one to replace (a device is no file of the user's).
    if (auto why = export_path_problem(d.format, d.path))
      take_export_outcome(d, ExportOutcome{false, *why});
    else if (export_pressed(d, std::filesystem::is_regular_file(d.path, ec)))
      write();
  }
  record_widget(s, "export_ok");
  ImGui::SameLine();
  ImGui::BeginDisabled(d.overwrite_pending.empty());
  if (ImGui::Button("Overwrite")) write();
  record_widget(s, "export_overwrite");
  ImGui::EndDisabled();
  ImGui::SameLine();
  // Escape in an open picker closes only that picker (README: "an open picker").
  const bool close = ImGui::Button("Close");
  if (escape_closes_dialog(d.picker_open) || close) ImGui::CloseCurrentPopup();
  record_widget(s, "export_close");
  ImGui::EndPopup();
}

}  // namespace fragviz::app
