// The Messages window: every notice the app has for the user (settings faults, asset files, the
// report shown), in full and scrollable. The status strip has room for the first of them only
// (newcomer round 6: fifteen settings faults, one readable); its "messages" button opens this.
#include <string>
#include <vector>

#include "fragviz/viewmodel/assets.hpp"
#include "panels.hpp"

namespace fragviz::app {

namespace {

/// A heading and its notices.
struct Group {
  const char* heading;
  std::vector<std::string> lines;
};

/// Every notice, in the window's order: settings, asset files, the recent failed opens.
std::vector<Group> groups(const AppState& s) {
  std::vector<Group> out{{"Settings", s.settings_notices}, {"Asset files", assets().notices}, {"Report", {}}};
  // Every recent failed open, newest first (each names its file), not only the last one.
  for (const std::string& why : s.recent_report_errors)
    out.back().lines.push_back("Could not open report: " + why);
  return out;
}

}  // namespace

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
    const std::vector<Group> all = groups(s);
    if (ImGui::SmallButton("Copy all")) {
      std::string text;
      for (const Group& g : all)
        for (const std::string& m : g.lines) text += m + "\n";
      ImGui::SetClipboardText(text.c_str());
    }
    ImGui::SameLine();
    if (ImGui::SmallButton("Close")) s.messages_open = false;
    record_widget(s, "messages_close");
    ImGui::Separator();
    ImGui::BeginChild("messages_list");
    for (const Group& g : all) {
      if (g.lines.empty()) continue;
      ImGui::TextDisabled("%s", g.heading);
      for (const std::string& l : g.lines) {
        ImGui::Bullet();
        ImGui::TextWrapped("%s", l.c_str());
        s.frame.messages_shown.push_back(l);
      }
      ImGui::Spacing();
    }
    ImGui::EndChild();
  }
  ImGui::End();
}

}  // namespace fragviz::app
