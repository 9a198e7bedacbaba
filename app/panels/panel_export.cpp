// File > Export: a modal dialog (view, format, path, PNG scale) over export_dialog.hpp; the export
// runs when Export is pressed and its outcome stays at the top of the dialog (green: written, red:
// why not), wrapped, the dialog's height fitted to it every frame so nothing falls below its edge.
#include <algorithm>
#include <filesystem>
#include <string>

#include "../export_dialog.hpp"
#include "imgui.h"
#include "imgui_stdlib.h"
#include "panels.hpp"

namespace fragviz::app {
namespace {

constexpr scene::View kViews[] = {scene::View::fragments, scene::View::warpgroup, scene::View::ldmatrix,
                                  scene::View::stmatrix,  scene::View::movmatrix, scene::View::banks,
                                  scene::View::output,    scene::View::algebra,   scene::View::tmem};
constexpr scene::Format kFormats[] = {scene::Format::svg, scene::Format::png, scene::Format::pdf,
                                      scene::Format::tikz};

}  // namespace

void draw_export_popup(AppState& s) {
  ExportDialog& d = s.export_dialog;
  if (d.open_requested) {
    ImGui::OpenPopup("Export");
    d.open_requested = false;
    d.message.clear();
  }
  // Height 0 every frame: fitted to what the dialog holds now, the outcome line included.
  ImGui::SetNextWindowSize(ImVec2(640, 0), ImGuiCond_Always);
  if (!ImGui::BeginPopupModal("Export", nullptr, ImGuiWindowFlags_NoSavedSettings)) return;
  s.frame.widgets["export_dialog"] = Rect{ImGui::GetWindowPos().x, ImGui::GetWindowPos().y,
                                          ImGui::GetWindowSize().x, ImGui::GetWindowSize().y};
  if (!d.message.empty()) {
    status_text(d.message_ok ? kGreenV : kRedV, "%s", d.message.c_str());
    record_widget(s, "export_message");
    ImGui::Separator();
  }
  ImGui::TextUnformatted(
      "A view as it is on screen (its settings, layout and selected lane), as fragviz-cli "
      "export writes it:");
  const std::string folder = default_export_folder(d);
  const scene::Format old_format = d.format;
  const scene::View old_view = d.view;
  if (ImGui::BeginCombo("View", std::string(scene::to_string(d.view)).c_str())) {
    for (scene::View v : kViews)
      if (ImGui::Selectable(std::string(scene::to_string(v)).c_str(), v == d.view)) d.view = v;
    ImGui::EndCombo();
  }
  record_widget(s, "export_view");
  if (ImGui::BeginCombo("Format", std::string(scene::to_string(d.format)).c_str())) {
    for (scene::Format f : kFormats) {
      const bool needs_cairo = f == scene::Format::png || f == scene::Format::pdf;
      if (ImGui::Selectable(std::string(scene::to_string(f)).c_str(), f == d.format,
                            needs_cairo && !scene::cairo_available() ? ImGuiSelectableFlags_Disabled : 0))
        d.format = f;
    }
    ImGui::EndCombo();
  }
  record_widget(s, "export_format");
  if (scene::croppable(d.view)) {
    // Part of the view: one operand, and a block of its rows and columns (--operand, --crop).
    const bool wg = d.view == scene::View::warpgroup;
    const char* names[] = {"all", "A", wg ? "D" : "B", "C/D"};
    const char* keys[] = {"", "A", wg ? "C" : "B", "C"};
    const int count = wg ? 3 : 4;
    if (wg && d.operand == "B") d.operand.clear();
    int at = 0;
    for (int i = 0; i < count; ++i)
      if (d.operand == keys[i]) at = i;
    if (ImGui::BeginCombo("Operand", names[at])) {
      for (int i = 0; i < count; ++i)
        if (ImGui::Selectable(names[i], i == at)) d.operand = keys[i];
      ImGui::EndCombo();
    }
    record_widget(s, "export_operand");
    if (!d.operand.empty()) {
      ImGui::Checkbox("Crop", &d.crop);
      record_widget(s, "export_crop");
      if (d.crop) {
        const auto range = [&](const char* label, int* first, int* last, const char* widget) {
          ImGui::TextUnformatted(label);
          ImGui::SameLine(90);
          ImGui::SetNextItemWidth(110);
          input_int((std::string("##first") + widget).c_str(), first);
          ImGui::SameLine();
          ImGui::TextUnformatted("to");
          ImGui::SameLine();
          ImGui::SetNextItemWidth(110);
          input_int((std::string("##last") + widget).c_str(), last);
          record_widget(s, widget);
          *first = std::max(0, *first);
          *last = std::max(*first, *last);
        };
        range("rows", &d.first_row, &d.last_row, "export_crop_rows");
        range("columns", &d.first_col, &d.last_col, "export_crop_cols");
      }
    }
  }
  if (!scene::cairo_available()) status_text(kDimV, "PNG and PDF: %s", scene::cairo_description().c_str());
  // The path follows the view and format until the user types one of their own; a typed name still
  // follows the format's extension.
  d.path = follow_export_path(d.path, folder, old_view, old_format, d.view, d.format);
  ImGui::SetNextItemWidth(-80);
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();  // typing replaces the default name
  const bool enter = ImGui::InputText(
      "File", &d.path, ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
  record_widget(s, "export_path");
  if (d.format == scene::Format::png) {
    ImGui::SetNextItemWidth(160);
    ImGui::SliderFloat("Pixels per point", &d.scale, 0.5f, 8.f, "%.1f");
  }
  if (d.overwrite_pending != d.path) d.overwrite_pending.clear();  // the name changed: ask again
  const auto write = [&] {
    const ExportOutcome o = run_export(s, d.view, d.format, d.path, d.scale);
    d.message = o.message;
    d.message_ok = o.ok;
    d.overwrite_pending.clear();
    std::error_code ec;
    if (o.ok) d.last_folder = std::filesystem::absolute(d.path, ec).parent_path().string();
  };
  if (ImGui::Button("Export") || enter) {
    std::error_code ec;
    if (std::filesystem::exists(d.path, ec) && !std::filesystem::is_directory(d.path, ec)) {
      // Never replace a file silently: the user says so with Overwrite.
      d.overwrite_pending = d.path;
      d.message = d.path + " exists: Overwrite replaces it, or type another name";
      d.message_ok = false;
    } else {
      write();
    }
  }
  record_widget(s, "export_ok");
  if (!d.overwrite_pending.empty()) {
    ImGui::SameLine();
    if (ImGui::Button("Overwrite")) write();
    record_widget(s, "export_overwrite");
  }
  ImGui::SameLine();
  if (ImGui::Button("Close") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
    ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

}  // namespace fragviz::app
