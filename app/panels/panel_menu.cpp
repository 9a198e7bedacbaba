// Main menu bar, the status strip under it and the File > Open report file browser.
#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "../report_view.hpp"
#include "../settings.hpp"
#include "../text_fit.hpp"
#include "../window_placement.hpp"
#include "file_browser.hpp"
#include "fragviz/device/device.hpp"
#include "fragviz/viewmodel/assets.hpp"
#include "hopper_common.hpp"
#include "imgui_stdlib.h"
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
        !s.report ? std::string() : std::filesystem::absolute(s.report->path, ec).string();
    const std::string start =
        !last.empty() && !ec ? parent_folder(last) : b.listing.dir;  // "": the current folder
    open_browser(b, start);
  }
  if (draw_file_browser(b, s)) {
    s.open_report_request = b.chosen;
    b.chosen.clear();
  }
}

/// File > Recent reports: the last paths opened, most recent first; a file gone since is shown,
/// disabled, with "(missing)" (checked only while the submenu is open).
void draw_recent_reports(AppState& s) {
  if (ImGui::BeginMenu("Recent reports", !s.recent_reports.empty())) {
    for (std::size_t i = 0; i < s.recent_reports.size(); ++i) {
      const std::string& path = s.recent_reports[i];
      std::error_code ec;
      const bool there = std::filesystem::exists(path, ec);
      const std::string label = path + (there ? "" : " (missing)");
      s.frame.recent_items.emplace_back(label, there);
      if (ImGui::MenuItem((label + "##recent" + std::to_string(i)).c_str(), nullptr, false, there))
        s.open_report_request = path;
      record_widget(s, ("menu_recent_" + std::to_string(i)).c_str());
    }
    ImGui::EndMenu();
  }
  record_widget(s, "menu_recent_reports");
}

/// One piece of the status strip: its text, colour, what its tooltip adds, and its dump name.
struct Segment {
  std::string text;
  ImVec4 colour;
  std::string more;  ///< tooltip lines after the full text
  const char* widget = nullptr;
};

const ImVec4 kBlueV{0.55f, 0.78f, 1.f, 1.f};

/// "first (and N more)", every line in the tooltip.
Segment notice_list(const std::string& prefix, const std::vector<std::string>& notices, const char* widget) {
  Segment g{prefix + notices[0], kAmberV, {}, widget};
  if (notices.size() > 1) g.text += " (and " + std::to_string(notices.size() - 1) + " more)";
  for (const std::string& n : notices) g.more += n + "\n";
  return g;
}

std::string reopen_label(const AppState& s);

std::vector<Segment> status_segments(AppState& s, bool model_only) {
  std::vector<Segment> out;
  if (s.report) {
    // A recorded report is not this machine's data: say so first, and what the machine is.
    out.push_back({s.report->headline, kBlueV, "file: " + s.report->path, "status_headline"});
    if (model_only)
      out.push_back({"this machine: model only", kDimV, kBannerText, "status_machine"});
    else if (s.device_known)
      out.push_back({"this machine: " + s.device.name, kDimV, {}, "status_machine"});
  } else if (model_only) {
    out.push_back({std::string("Model only. ") + kBannerText, kAmberV, {}, "status_headline"});
  } else if (!s.device_known) {
    out.push_back({"Looking for a CUDA device...", kDimV, {}, "status_headline"});
  } else if (s.probe.report) {
    out.push_back({s.probe.label, kGreenV, {}, "status_headline"});
  } else if (s.probe_status == JobStatus::running) {
    out.push_back({"Running the probes on " + s.device.name + "...", kDimV, {}, "status_headline"});
  } else {
    out.push_back({"Device " + s.device.name + ": no measured data yet", kDimV, {}, "status_headline"});
  }
  s.frame.status_headline = out.front().text;
  if (s.report && !s.report->changes.empty())
    out.push_back({changes_text(s.report->changes), kAmberV, {}, "report_changes"});
  // A comparison closed with its report (Close report, or another report opened over it), and the
  // way back (issue 22: opening another report ended it without a word).
  if (s.closed_report && !s.closed_report->compare_path.empty())
    out.push_back(
        {"comparison closed with its report: \"" + reopen_label(s) + "\" brings both back", kAmberV,
         "the comparison with " + s.closed_report->compare_path + "\nclosed with " + s.closed_report->name,
         "closed_compare_notice"});
  if (!s.settings_notices.empty())
    out.push_back(notice_list("settings: ", s.settings_notices, "settings_notice"));
  // What was wrong with the asset files (--assets) or the fonts.
  if (const std::vector<std::string>& notices = assets().notices; !notices.empty())
    out.push_back(notice_list("", notices, "asset_notice"));
  if (!s.report_error.empty())
    out.push_back({"Could not open report: " + s.report_error, kRedV, {}, "report_error"});
  return out;
}

/// What Reopen brings back: the report's files and the comparison Close report dropped.
std::string reopen_text(const AppState::ClosedReport& c) {
  std::string t = "Opens again what Close report closed, or opening another report replaced:";
  for (const std::string* p : {&c.probe_path, &c.gate_path})
    if (!p->empty()) t += "\n  " + *p;
  if (!c.compare_path.empty()) t += "\nand compares with " + c.compare_path + " again";
  return t;
}

/// The strip's Reopen button: "reopen report" where none is shown; beside one, which part it brings
/// back ("reopen gate report"), as the closes beside it say theirs.
std::string reopen_label(const AppState& s) {
  const AppState::ClosedReport& c = *s.closed_report;
  if (!s.report || (!c.probe_path.empty() && !c.gate_path.empty())) return "reopen report";
  return c.probe_path.empty() ? "reopen gate report" : "reopen probe report";
}

/// Asks for the close `c` (app.cpp acts on it after drawing).
void request_close(AppState& s, const ReportClose& c) {
  if (c.part)
    s.close_part_requested = c.part;
  else
    s.close_report_requested = true;
}

/// The widget of close `c` of `closes`: "close_report" for a report's one close, else
/// "close_probe_report" or "close_gate_report".
std::string close_widget(const std::vector<ReportClose>& closes, const ReportClose& c) {
  if (closes.size() < 2 || !c.part) return "close_report";
  return *c.part == ReportPart::probe ? "close_probe_report" : "close_gate_report";
}

/// What a close takes away: its file alone (issue 22: Close report took the other report and the
/// comparison too).
std::string close_tip(const ReportClose& c) {
  std::string t = "Closes the " + c.what + "\n  " + c.path + "\nand gives back what it covered";
  if (c.part)
    t += std::string("; the ") + (*c.part == ReportPart::probe ? "gate" : "probe") + " report stays";
  return t + ". The comparison stays.";
}

/// What Reopen comparison brings back: the comparison Close comparison closed.
std::string reopen_compare_text(const std::string& path) {
  return "Compares what the views show with\n  " + path + "\nagain, as Close comparison left it";
}

/// An undo offer (Close report's, Close comparison's): a small button in the status strip, or a
/// menu item (`menu`), recorded as `widget`, that sets `request`, with `tip` on hover.
void reopen_offer(AppState& s, bool menu, const std::string& label, const char* widget,
                  const std::string& tip, bool& request) {
  if (menu ? ImGui::MenuItem(label.c_str()) : ImGui::SmallButton(label.c_str())) request = true;
  record_text_line(s, widget, label);
  if (ImGui::IsItemHovered()) text_tooltip(ImVec4(1, 1, 1, 1), tip);
}

/// Draws `segs` on one line, each cut to its share (fit_widths) with its full text on hover, then
/// the strip's buttons.
void draw_status_segments(AppState& s, const std::vector<Segment>& segs) {
  constexpr const char* kSep = "  |  ";
  const auto measure = [](std::string_view t) {
    return ImGui::CalcTextSize(t.data(), t.data() + t.size()).x;
  };
  const ImGuiStyle& st = ImGui::GetStyle();
  const auto button_w = [&](const char* label) {
    return ImGui::CalcTextSize(label).x + 2 * st.FramePadding.x + st.ItemSpacing.x;
  };
  float buttons = 0;
  // More notices than the strip can show in full: the Messages window has them all, a report's
  // error too (a long one was cut to "...not a JSON documen..." with only "dismiss" beside it).
  const bool messages =
      !s.settings_notices.empty() || !assets().notices.empty() || !s.recent_report_errors.empty();
  if (messages) buttons += button_w("messages");
  // One "close ..." a file (report_closes): "close report" for one, "close probe report" and "close
  // gate report" for a probe report and a gate report open together.
  const std::vector<ReportClose> closes = s.report ? report_closes(*s.report) : std::vector<ReportClose>{};
  const auto strip_label = [&](const ReportClose& c) {
    return closes.size() > 1 ? "close " + c.what : std::string("close report");
  };
  for (const ReportClose& c : closes) buttons += button_w(strip_label(c).c_str());
  const std::string reopen = s.closed_report ? reopen_label(s) : std::string();
  if (s.closed_report) buttons += button_w(reopen.c_str());
  const bool reopen_compare = s.closed_comparison && !s.comparison;
  if (reopen_compare) buttons += button_w("reopen comparison");
  if (!s.report_error.empty()) buttons += button_w("dismiss");
  const float sep = measure(kSep);
  std::vector<float> natural;
  for (std::size_t i = 0; i < segs.size(); ++i)
    natural.push_back(measure(segs[i].text) + (i ? sep : 0.f) + 1.f);
  // The headline says what the views show (a recorded report: which GPU, when): it keeps up to 60%
  // of the line.
  const std::vector<float> widths =
      fit_widths_first(natural, ImGui::GetContentRegionAvail().x - buttons, 0.6f);
  for (std::size_t i = 0; i < segs.size(); ++i) {
    const Segment& g = segs[i];
    if (i) {
      ImGui::SameLine(0, 0);
      ImGui::TextColored(kDimV, "%s", kSep);
      ImGui::SameLine(0, 0);
    }
    const std::string shown = elide(g.text, widths[i] - (i ? sep : 0.f) - 1.f, measure);
    ImGui::TextColored(g.colour, "%s", shown.c_str());
    if (g.widget) record_widget(s, g.widget);
    if (ImGui::IsItemHovered()) {
      const std::string full = g.more.empty() ? g.text : g.text + "\n" + g.more;
      s.frame.status_tooltip = full;
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 50.f);
      ImGui::TextUnformatted(full.c_str());
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
  }
  if (messages) {
    ImGui::SameLine();
    if (ImGui::SmallButton("messages")) s.messages_open = true;
    record_widget(s, "messages_button");
  }
  for (const ReportClose& c : closes) {
    ImGui::SameLine();
    if (ImGui::SmallButton(strip_label(c).c_str())) request_close(s, c);
    record_widget(s, close_widget(closes, c).c_str());
    if (ImGui::IsItemHovered()) text_tooltip(ImVec4(1, 1, 1, 1), close_tip(c));
  }
  if (s.closed_report) {
    // Close report's undo, where its button was; with a report shown, beside its close (newcomer
    // round 30: a report closed while another stayed open had no way back from the strip).
    ImGui::SameLine();
    reopen_offer(s, false, reopen, "reopen_report", reopen_text(*s.closed_report), s.reopen_report_requested);
  }
  if (reopen_compare) {
    // Close comparison's undo (issue 22: its file had to be browsed for again).
    ImGui::SameLine();
    reopen_offer(s, false, "reopen comparison", "reopen_comparison",
                 reopen_compare_text(*s.closed_comparison), s.reopen_compare_requested);
  }
  if (!s.report_error.empty()) {
    ImGui::SameLine();
    if (ImGui::SmallButton("dismiss")) s.report_error.clear();
  }
}

/// File > Quit...: what ends with the session, then Quit or Cancel (Escape).
void draw_quit_popup(AppState& s) {
  if (s.quit_confirm_requested) {
    ImGui::OpenPopup("Quit fragviz?");
    s.quit_confirm_requested = false;
  }
  if (!ImGui::BeginPopupModal("Quit fragviz?", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  record_widget(s, "quit_dialog");
  // The open reports and the comparison come back at the next start (settings); what lives only in
  // this session does not. (It said "comparisons end with it": newcomer round 26 saw it come back.)
  const char* lines[] = {
      "Your settings, open reports and comparison come back at the next start. This session's gate",
      "runs and history and live probe results end with it (fragviz-cli --json and File > Export keep "
      "them)."};
  for (const char* line : lines) ImGui::TextUnformatted(line);
  record_text_line(s, "quit_dialog_text", std::string(lines[0]) + " " + lines[1]);
  if (ImGui::Button("Quit")) {
    s.quit_requested = true;
    ImGui::CloseCurrentPopup();
  }
  record_widget(s, "quit_ok");
  ImGui::SameLine();
  if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
    ImGui::CloseCurrentPopup();
  record_widget(s, "quit_cancel");
  ImGui::EndPopup();
}

}  // namespace

void draw_menu_and_status(AppState& s) {
  begin_layout(s);  // first: the scroll bars it draws decide where this frame's views go
  if (ImGui::BeginMainMenuBar()) {
    if (ImGui::BeginMenu("File")) {
      // Reports and comparisons together; Load kernel and Export; Quit apart from all of them, and
      // asking first (a click meant for "Close comparison" must not end the session).
      if (ImGui::MenuItem("Open report...", "Ctrl+O")) s.open_popup_requested = true;
      record_widget(s, "menu_open");
      draw_recent_reports(s);
      // One item a file, saying which it closes (report_closes): "Close probe report F.json".
      const std::vector<ReportClose> closes =
          s.report ? report_closes(*s.report) : std::vector<ReportClose>{};
      if (closes.empty()) {
        ImGui::MenuItem("Close report", nullptr, false, false);
        record_widget(s, "menu_close_report");
      }
      for (const ReportClose& c : closes) {
        const std::string label = "Close " + c.what + " " + std::filesystem::path(c.path).filename().string();
        if (ImGui::MenuItem(label.c_str())) request_close(s, c);
        record_text_line(s, ("menu_" + close_widget(closes, c)).c_str(), label);
        if (ImGui::IsItemHovered()) text_tooltip(ImVec4(1, 1, 1, 1), close_tip(c));
      }
      // Close report's undo: the files it closed and the comparison it dropped.
      if (s.closed_report)
        reopen_offer(s, true, "Reopen " + s.closed_report->name, "menu_reopen_report",
                     reopen_text(*s.closed_report), s.reopen_report_requested);
      // A second report against what the views show (panel_compare.cpp).
      if (ImGui::MenuItem("Compare with report...")) s.compare_popup_requested = true;
      record_widget(s, "menu_compare");
      if (ImGui::MenuItem("Close comparison", nullptr, false, s.comparison.has_value()))
        s.close_compare_requested = true;
      record_widget(s, "menu_close_comparison");
      // The Differences window's X hides it, the comparison stays: this brings it back.
      if (s.comparison && !s.differences_open) {
        if (ImGui::MenuItem("Show differences")) s.differences_open = true;
        record_widget(s, "menu_show_differences");
      }
      // Close comparison's undo, as Reopen is Close report's.
      if (s.closed_comparison && !s.comparison)
        reopen_offer(
            s, true,
            "Reopen comparison with " + std::filesystem::path(*s.closed_comparison).filename().string(),
            "menu_reopen_comparison", reopen_compare_text(*s.closed_comparison), s.reopen_compare_requested);
      ImGui::Separator();
      if (ImGui::MenuItem("Load kernel...")) s.kernel.open = true;
      record_widget(s, "menu_load_kernel");
      if (ImGui::MenuItem("Export...", "Ctrl+E")) s.export_dialog.open_requested = true;
      record_widget(s, "menu_export");
      ImGui::Separator();
      if (ImGui::MenuItem("Quit...", "Ctrl+Q")) s.quit_confirm_requested = true;
      record_widget(s, "menu_quit");
      ImGui::EndMenu();
    }
    record_widget(s, "menu_file");
    if (ImGui::BeginMenu("View")) {
      for (const WindowSetting& view : kWindowSettings)  // the tiled views, in settings.json's order
        if (view.tiled) {
          view_menu_item(s, view.title, &(s.windows.*view.tiled), (std::string("view_") + view.key).c_str());
        }
      ImGui::Separator();
      draw_hopper_view_items(s);
      ImGui::Separator();
      view_menu_item(s, kWinAlgebra, &s.algebra.open, "view_algebra");
      view_menu_item(s, kWinCtaTile, &s.cta_tile.open, "view_cta_tile");
      view_menu_item(s, kWinTmem, &s.tmem.open, "view_tmem");
      // Open views scrolled out of the window: one click brings each into sight (a tick item above
      // closes an open view, as a tick does).
      if (const std::vector<const char*> away = views_out_of_sight(s); !away.empty()) {
        ImGui::Separator();
        ImGui::TextDisabled("Open, scrolled out of sight:");
        for (const char* name : away) {
          if (ImGui::MenuItem((std::string("Go to ") + name).c_str())) reveal_opened_view(s, name);
          record_widget(s, (std::string("goto:") + name).c_str());
        }
      }
      ImGui::Separator();
      // The eight views of the first start, not every view (newcomer round 25 read "every view"
      // and expected the Hopper, algebra, CTA and TMEM views too).
      if (ImGui::MenuItem("Show the eight main views")) s.windows = WindowsOpen{};
      record_widget(s, "view_main_views");
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Reopens Controls, Device, Lane inspector, Fragments, ldmatrix, Bank view, Gate and\n"
            "Output, as at the first start; the views listed above it open one by one.");
      ImGui::EndMenu();
    }
    record_widget(s, "menu_view");
    ImGui::EndMainMenuBar();
  }
  const ImGuiIO& io = ImGui::GetIO();
  // ImGui 1.86 indexes keys by the backend's codes; GLFW's letter keys are their ASCII capitals.
  // Open report and Export open a dialog: not over another one (a file browser, Export). From a
  // text field of a view they work as anywhere else (newcomer round 9: they were ignored there):
  // ImGui's text fields take Ctrl with A, C, V, X, Y, Z and the arrows, never O, E or Q.
  const bool dialog_open = ImGui::IsPopupOpen(0u, ImGuiPopupFlags_AnyPopupId);
  if (!dialog_open && io.KeyCtrl && ImGui::IsKeyPressed('O', false)) s.open_popup_requested = true;
  if (io.KeyCtrl && ImGui::IsKeyPressed('Q', false)) s.quit_requested = true;
  if (!dialog_open && io.KeyCtrl && ImGui::IsKeyPressed('E', false)) {
    s.export_dialog.open_requested = true;
    s.export_dialog.requested_by_key = true;  // the mouse may rest on the view meant
  }

  // Status strip: what the views show (a recorded report, the model only, or this machine's
  // device), then every notice, each cut to its share of one line, in full on hover.
  ImGui::SetNextWindowPos(ImVec2(0, ImGui::GetFrameHeight()));
  ImGui::SetNextWindowSize(ImVec2(io.DisplaySize.x, status_height()));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(10, 6));
  const bool model_only = !built_with_cuda() || (s.device_known && !s.device.present);
  const bool recorded = s.report.has_value();
  ImGui::PushStyleColor(ImGuiCol_WindowBg, recorded     ? ImVec4(0.08f, 0.14f, 0.26f, 1.f)
                                           : model_only ? ImVec4(0.30f, 0.22f, 0.05f, 1.f)
                                                        : ImVec4(0.08f, 0.20f, 0.12f, 1.f));
  ImGui::Begin("##status", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoFocusOnAppearing);
  s.frame.banner_shown = model_only && !recorded;
  if (s.frame.banner_shown) s.frame.banner_text = kBannerText;
  draw_status_segments(s, status_segments(s, model_only));
  ImGui::End();
  ImGui::PopStyleColor();
  ImGui::PopStyleVar(2);
}

void draw_menu_popups(AppState& s) {
  draw_open_popup(s);
  draw_export_popup(s);
  draw_quit_popup(s);
}

}  // namespace fragviz::app
