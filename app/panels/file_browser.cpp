#include "file_browser.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

#include "fragviz/util/words.hpp"
#include "panels.hpp"

// After imgui.h (panels.hpp), which it needs.
#include "imgui_stdlib.h"

namespace fragviz::app {

namespace {

/// "12.3 KB" and the like.
std::string size_text(std::uintmax_t bytes) {
  char buf[32];
  if (bytes < 1024)
    std::snprintf(buf, sizeof buf, "%ju B", bytes);
  else if (bytes < 1024 * 1024)
    std::snprintf(buf, sizeof buf, "%.1f KB", static_cast<double>(bytes) / 1024.0);
  else
    std::snprintf(buf, sizeof buf, "%.1f MB", static_cast<double>(bytes) / (1024.0 * 1024.0));
  return buf;
}

}  // namespace

bool draw_file_browser(FileBrowserState& b, AppState& s) {
  b.visible = false;
  if (b.open_requested) {
    ImGui::OpenPopup(b.title.c_str());
    b.open_requested = false;
  }
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowSize(ImVec2(std::min(720.f, display.x - 40.f), std::min(480.f, display.y - 40.f)),
                           ImGuiCond_Appearing);
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.5f), ImGuiCond_Appearing,
                          ImVec2(0.5f, 0.5f));
  // Opaque: the grids behind would show through the list otherwise.
  ImVec4 bg = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
  bg.w = 1.f;
  ImGui::PushStyleColor(ImGuiCol_PopupBg, bg);
  const bool shown = ImGui::BeginPopupModal(b.title.c_str(), nullptr, ImGuiWindowFlags_NoSavedSettings);
  ImGui::PopStyleColor();
  if (!shown) return false;
  b.visible = true;
  s.frame.widgets["browser_window"] = Rect{ImGui::GetWindowPos().x, ImGui::GetWindowPos().y,
                                           ImGui::GetWindowSize().x, ImGui::GetWindowSize().y};
  bool picked = false;

  // Where: Up, the folder, the filter.
  if (ImGui::Button("Up")) go_up(b);
  record_widget(s, "browser_up");
  ImGui::SameLine();
  ImGui::TextUnformatted(b.listing.dir.c_str());
  if (!b.filters.empty()) {
    ImGui::SetNextItemWidth(220.f);
    const int was = b.filter;
    const char* current =
        b.filters[static_cast<std::size_t>(std::clamp(b.filter, 0, static_cast<int>(b.filters.size()) - 1))]
            .label.c_str();
    if (ImGui::BeginCombo("##filter", current)) {
      for (int i = 0; i < static_cast<int>(b.filters.size()); ++i) {
        if (ImGui::Selectable(b.filters[static_cast<std::size_t>(i)].label.c_str(), i == b.filter))
          b.filter = i;
        record_widget(s, ("browser_filter:" + b.filters[static_cast<std::size_t>(i)].label).c_str());
      }
      ImGui::EndCombo();
    }
    record_widget(s, "browser_filter");
    if (b.filter != was) set_filter(b, b.filter);
    ImGui::SameLine();
  }
  if (ImGui::Checkbox("hidden files", &b.show_hidden)) refresh(b);
  // What went wrong, above the list where it is seen, wrapped: the folder could not be read, or
  // the typed path leads nowhere.
  if (!b.listing.error.empty()) {
    status_text(kRedV, "%s", b.listing.error.c_str());
    record_widget(s, "browser_error");
  }
  if (!b.message.empty()) {
    status_text(kRedV, "%s", b.message.c_str());
    record_widget(s, "browser_message");
  }

  // The entries, down to the footer: the count line, the path field and the buttons.
  const float footer = ImGui::GetFrameHeightWithSpacing() * 2.f + 2.f * ImGui::GetTextLineHeightWithSpacing();
  int activate = -1;
  if (ImGui::BeginTable("##entries", 2,
                        ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter,
                        ImVec2(0, -footer))) {
    ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("size", ImGuiTableColumnFlags_WidthFixed, 90.f);
    for (int i = 0; i < static_cast<int>(b.listing.entries.size()); ++i) {
      const DirEntry& e = b.listing.entries[static_cast<std::size_t>(i)];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      const std::string label = (e.is_dir ? e.name + "/" : e.name) + "##" + std::to_string(i);
      if (ImGui::Selectable(label.c_str(), i == b.selected,
                            ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowDoubleClick)) {
        if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left))
          activate = i;
        else
          select_entry(b, i);
      }
      if (ImGui::IsItemVisible()) record_widget(s, ("browser:" + e.name).c_str());
      ImGui::TableNextColumn();
      if (e.is_dir)
        ImGui::TextColored(kDimV, "folder");
      else
        ImGui::TextColored(kDimV, "%s", size_text(e.size).c_str());
    }
    ImGui::EndTable();
  }
  record_widget(s, "browser_list");
  if (activate >= 0) activate_entry(b, activate);
  ImGui::TextColored(
      kDimV, "%zu shown%s%s", b.listing.entries.size(),
      b.listing.hidden ? (", " + std::to_string(b.listing.hidden) + " hidden").c_str() : "",
      b.listing.filtered ? (", " + std::to_string(b.listing.filtered) + " other files").c_str() : "");

  // A typed path, and the buttons. Where a relative one is looked for, said while typing too (the
  // field's hint goes once it holds text).
  const std::string relative =
      b.working_dir.empty() ? "a relative path: from the folder above"
                            : "a relative path: from the folder above, else from the working directory " +
                                  echo_text(b.working_dir);
  ImGui::TextColored(kDimV, "%s", relative.c_str());
  record_widget(s, "browser_relative");
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  ImGui::SetNextItemWidth(-1);
  const bool enter = ImGui::InputTextWithHint("##path", "a file or folder, or ~/...", &b.typed,
                                              ImGuiInputTextFlags_EnterReturnsTrue);
  record_widget(s, "open_path");
  if (ImGui::Button("Open") || enter) submit(b);
  record_widget(s, "open_ok");
  ImGui::SameLine();
  // Escape in the open filter list closes only the list.
  const bool cancel_pressed = ImGui::Button("Cancel");
  const bool cancel = escape_closes_dialog(b.picker_open) || cancel_pressed;
  record_widget(s, "open_cancel");
  if (!b.chosen.empty()) picked = true;
  if (picked || cancel) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
  return picked;
}

}  // namespace fragviz::app
