// Main menu bar, the status strip under it and the File > Open report file browser.
#include <filesystem>
#include <system_error>

#include "../assets.hpp"
#include "../layout.hpp"
#include "file_browser.hpp"
#include "fragviz/device.hpp"
#include "panels.hpp"

namespace fragviz::app {

namespace {

constexpr const char* kBannerText =
    "These views show the PTX ISA predictions. Probes and the gate need an NVIDIA GPU of sm_75 or newer.";

/// File > Open report: the file browser, in the folder of the report opened last (else where it
/// was last, else the current folder).
void draw_open_popup(AppState& s) {
  FileBrowserState& b = s.report_browser;
  if (s.open_popup_requested) {
    s.open_popup_requested = false;
    std::error_code ec;
    const std::string last =
        s.report_path.empty() ? std::string() : std::filesystem::absolute(s.report_path, ec).string();
    const std::string start =
        !last.empty() && !ec ? parent_folder(last) : b.listing.dir;  // "": the current folder
    open_browser(b, start);
  }
  if (draw_file_browser(b, s)) {
    s.open_report_request = b.chosen;
    b.chosen.clear();
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
