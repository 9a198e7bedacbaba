// The Messages window: every notice the app has for the user (settings faults, asset files, the
// report shown), in full and scrollable. The status strip has room for the first of them only
// (newcomer round 6: fifteen settings faults, one readable); its "messages" button opens this.
#include <string>
#include <vector>

#include "../assets.hpp"
#include "panels.hpp"

namespace fragviz::app {

namespace {

/// One group of notices under its heading, each wrapped to the window; also into `shown`.
void draw_group(const char* heading, const std::vector<std::string>& lines, std::vector<std::string>& shown) {
  if (lines.empty()) return;
  ImGui::TextDisabled("%s", heading);
  for (const std::string& l : lines) {
    ImGui::Bullet();
    ImGui::TextWrapped("%s", l.c_str());
    shown.push_back(l);
  }
  ImGui::Spacing();
}

}  // namespace

std::vector<std::string> all_messages(const AppState& s) {
  std::vector<std::string> out = s.settings_notices;
  out.insert(out.end(), assets().notices.begin(), assets().notices.end());
  if (!s.report_error.empty()) out.push_back("Could not open report: " + s.report_error);
  return out;
}

void draw_messages(AppState& s) {
  s.frame.messages_shown.clear();
  if (!s.messages_open) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  // Centred and inside the window whatever its size, each time it opens.
  ImGui::SetNextWindowPos(
      ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f),
      ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(vp->WorkSize.x * 0.7f, vp->WorkSize.y * 0.6f), ImGuiCond_Appearing);
  if (ImGui::Begin("Messages", &s.messages_open, ImGuiWindowFlags_NoCollapse)) {
    record_widget(s, "messages_window");
    if (ImGui::SmallButton("Copy all")) {
      std::string text;
      for (const std::string& m : all_messages(s)) text += m + "\n";
      ImGui::SetClipboardText(text.c_str());
    }
    ImGui::SameLine();
    if (ImGui::SmallButton("Close")) s.messages_open = false;
    record_widget(s, "messages_close");
    ImGui::Separator();
    ImGui::BeginChild("messages_list");
    draw_group("Settings", s.settings_notices, s.frame.messages_shown);
    draw_group("Asset files", assets().notices, s.frame.messages_shown);
    std::vector<std::string> report;
    if (!s.report_error.empty()) report.push_back("Could not open report: " + s.report_error);
    draw_group("Report", report, s.frame.messages_shown);
    ImGui::EndChild();
  }
  ImGui::End();
}

}  // namespace fragviz::app
