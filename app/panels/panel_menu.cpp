// Main menu bar, the status strip under it and the File > Open report popup.
#include "../assets.hpp"
#include "../layout.hpp"
#include "fragviz/device.hpp"
#include "imgui_stdlib.h"
#include "panels.hpp"

namespace fragviz::app {

namespace {

constexpr const char* kBannerText =
    "These views show the PTX ISA predictions. Probes and the gate need an NVIDIA GPU of sm_75 or newer.";

void draw_open_popup(AppState& s) {
  if (s.open_popup_requested) {
    ImGui::OpenPopup("Open report");
    s.open_popup_requested = false;
  }
  ImGui::SetNextWindowSize(ImVec2(620, 0), ImGuiCond_Appearing);
  if (ImGui::BeginPopupModal("Open report", nullptr, ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::TextUnformatted(
        "Path of a report written by  fragviz-cli probe --json FILE  or  gate --json FILE:");
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    ImGui::SetNextItemWidth(-1);
    const bool enter = ImGui::InputText("##path", &s.open_path_input, ImGuiInputTextFlags_EnterReturnsTrue);
    record_widget(s, "open_path");
    if (!s.report_error.empty()) ImGui::TextColored(kRedV, "%s", s.report_error.c_str());
    if (ImGui::Button("Open") || enter) {
      s.open_report_request = s.open_path_input;
      ImGui::CloseCurrentPopup();
    }
    record_widget(s, "open_ok");
    ImGui::SameLine();
    if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
      ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
}

}  // namespace

void draw_menu_and_status(AppState& s) {
  begin_layout(s);  // first: the scroll bars it draws decide where this frame's views go
  if (ImGui::BeginMainMenuBar()) {
    if (ImGui::BeginMenu("File")) {
      if (ImGui::MenuItem("Open report...", "Ctrl+O")) s.open_popup_requested = true;
      if (ImGui::MenuItem("Close report", nullptr, false, s.probe.origin != "live" && s.probe.report)) {
        s.probe = ProbeSource{};
        s.report_path.clear();
      }
      ImGui::Separator();
      if (ImGui::MenuItem("Quit", "Ctrl+Q")) s.quit_requested = true;
      ImGui::EndMenu();
    }
    record_widget(s, "menu_file");
    if (ImGui::BeginMenu("View")) {
      WindowsOpen& w = s.windows;
      ImGui::MenuItem(kWinControls, nullptr, &w.controls);
      ImGui::MenuItem(kWinDevice, nullptr, &w.device);
      ImGui::MenuItem(kWinInspector, nullptr, &w.inspector);
      ImGui::MenuItem(kWinFragments, nullptr, &w.fragments);
      ImGui::MenuItem(kWinLdmatrix, nullptr, &w.ldmatrix);
      ImGui::MenuItem(kWinBanks, nullptr, &w.banks);
      ImGui::MenuItem(kWinGate, nullptr, &w.gate);
      ImGui::MenuItem(kWinOutput, nullptr, &w.output);
      ImGui::Separator();
      if (ImGui::MenuItem("Show every view")) s.windows = WindowsOpen{};
      ImGui::EndMenu();
    }
    ImGui::EndMainMenuBar();
  }
  const ImGuiIO& io = ImGui::GetIO();
  // ImGui 1.86 indexes keys by the backend's codes; GLFW's letter keys are their ASCII capitals.
  if (io.KeyCtrl && ImGui::IsKeyPressed('O', false)) s.open_popup_requested = true;
  if (io.KeyCtrl && ImGui::IsKeyPressed('Q', false)) s.quit_requested = true;

  // Status strip: the model-only banner, or where the measured data comes from; report errors.
  ImGui::SetNextWindowPos(ImVec2(0, ImGui::GetFrameHeight()));
  ImGui::SetNextWindowSize(ImVec2(io.DisplaySize.x, status_height()));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(10, 6));
  const bool model_only = !built_with_cuda() || (s.device_known && !s.device.present);
  ImGui::PushStyleColor(ImGuiCol_WindowBg,
                        model_only ? ImVec4(0.30f, 0.22f, 0.05f, 1.f) : ImVec4(0.08f, 0.20f, 0.12f, 1.f));
  ImGui::Begin("##status", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoFocusOnAppearing);
  s.frame.banner_shown = model_only;
  if (model_only) {
    s.frame.banner_text = kBannerText;
    ImGui::TextColored(kAmberV, "Model only.");
    ImGui::SameLine();
    ImGui::TextUnformatted(kBannerText);
    if (s.probe.report) {
      ImGui::SameLine();
      ImGui::TextColored(kGreenV, "  |  %s", s.probe.label.c_str());
    }
  } else if (!s.device_known) {
    ImGui::TextColored(kDimV, "Looking for a CUDA device...");
  } else if (s.probe.report) {
    ImGui::TextColored(kGreenV, "%s", s.probe.label.c_str());
  } else if (s.probe_status == JobStatus::running) {
    ImGui::TextColored(kDimV, "Running the probes on %s...", s.device.name.c_str());
  } else {
    ImGui::TextColored(kDimV, "Device %s: no measured data yet", s.device.name.c_str());
  }
  if (!s.report_notice.empty()) {
    ImGui::SameLine();
    ImGui::TextColored(kAmberV, "  |  %s", s.report_notice.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", s.report_notice.c_str());
    record_widget(s, "report_notice");
  }
  // What was wrong with the asset files (--assets) or the fonts: the first line, all on hover.
  if (const std::vector<std::string>& notices = assets().notices; !notices.empty()) {
    ImGui::SameLine();
    if (notices.size() == 1)
      ImGui::TextColored(kAmberV, "  |  %s", notices[0].c_str());
    else
      ImGui::TextColored(kAmberV, "  |  %s (and %zu more)", notices[0].c_str(), notices.size() - 1);
    record_widget(s, "asset_notice");
    if (ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      for (const std::string& n : notices) ImGui::TextUnformatted(n.c_str());
      ImGui::EndTooltip();
    }
  }
  if (!s.report_error.empty()) {
    ImGui::SameLine();
    ImGui::TextColored(kRedV, "  |  Could not open report: %s", s.report_error.c_str());
    record_widget(s, "report_error");
    ImGui::SameLine();
    if (ImGui::SmallButton("dismiss")) s.report_error.clear();
  }
  ImGui::End();
  ImGui::PopStyleColor();
  ImGui::PopStyleVar(2);

  draw_open_popup(s);
}

}  // namespace fragviz::app
