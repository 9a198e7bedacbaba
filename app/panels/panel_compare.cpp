// File > Compare with report...: the file browser that picks the second report, and the
// Differences window: the listing `fragviz-cli diff` prints (report_compare.hpp's diff_listing), one
// line per difference, A's value beside B's; times only with the "times" box (`--timings`), dimmed
// as fields missing from an older report format version are, the parts that did not run (not compared) under
// their own header, and a Close button that takes the comparison (and its marks in the views) away;
// the window's X only hides the list. The window is tiled with the views (window_placement.hpp).
#include <filesystem>
#include <system_error>

#include "../window_names.hpp"
#include "../window_placement.hpp"  // begin_view: its place in the tiling
#include "file_browser.hpp"
#include "fragviz/util/words.hpp"
#include "panels.hpp"

namespace fragviz::app {

namespace {

/// Up to this many rows the Differences list wraps each row whole; a longer listing (a gate's
/// mismatches) keeps one line a row, drawn only where in view.
constexpr std::size_t kWrappedDifferenceRows = 400;

void draw_compare_popup(AppState& s) {
  FileBrowserState& b = s.compare_browser;
  if (s.compare_popup_requested) {
    s.compare_popup_requested = false;
    // Start beside the report shown, if any: the second report usually lies next to it.
    std::error_code ec;
    const std::string shown =
        s.report ? std::filesystem::absolute(s.report->path, ec).string() : std::string();
    open_browser(b, !shown.empty() && !ec ? parent_folder(shown) : b.listing.dir);
  }
  if (draw_file_browser(b, s)) {
    s.compare_request = b.chosen;
    b.chosen.clear();
  }
}

}  // namespace

void draw_compare(AppState& s) {
  draw_compare_popup(s);
  if (!s.compare_error.empty()) {
    ImGui::SetNextWindowSize(ImVec2(520, 0), ImGuiCond_Appearing);
    ImGui::Begin("Comparison failed", nullptr,
                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings);
    ImGui::PushTextWrapPos(0.f);
    status_text(kRedV, "%s", s.compare_error.c_str());
    ImGui::PopTextWrapPos();
    record_widget(s, "compare_error");
    if (ImGui::Button("dismiss##compare")) s.compare_error.clear();
    ImGui::End();
  }
  if (!s.comparison || !s.differences_open) return;
  if (behind_tab(s, kWinDifferences)) return;  // behind the stacked slot's tabs: not drawn
  const Comparison& c = *s.comparison;
  // A tiled view under the fragments view's column, as the CTA tile and Algebra windows are
  // (newcomer round 30: restored at start it floated over the middle of the views).
  bool open = true;
  if (!begin_view(s, kWinDifferences, &open)) {
    ImGui::End();
    if (!open) s.differences_open = false;
    return;
  }
  {
    // The title bar's X (ImGui 1.86 puts it FramePadding.x in from the right edge), for the tests.
    const ImVec2 p = ImGui::GetWindowPos(), fp = ImGui::GetStyle().FramePadding;
    const float side = ImGui::GetFontSize();
    s.frame.widgets["differences_x"] =
        Rect{p.x + ImGui::GetWindowWidth() - 2.f * fp.x - side, p.y, side + 2.f * fp.x, side + 2.f * fp.y};
  }
  status_text(comparison_agrees(c) ? kGreenV : kAmberV, "%s", c.headline.c_str());
  record_widget(s, "compare_headline");
  // The counts by kind, worded as `fragviz-cli diff` words them for the same two files.
  status_text(kDimV, "%s", counts_text(c.counts).c_str());
  // What the verdict is about: "the reports agree" over one shared probe says less than over all.
  if (!c.compared.empty()) status_text(kDimV, "%s", compared_text(c.compared).c_str());
  status_text(kDimV, "A: %s   B: %s", echo_text(c.against).c_str(), echo_text(c.path).c_str());
  ImGui::TextColored(kDimV, "%s", marks_text(c).c_str());
  ImGui::SameLine();
  if (ImGui::SmallButton("close comparison")) s.close_compare_requested = true;
  record_widget(s, "compare_close");
  ImGui::SameLine();
  ImGui::Checkbox(("times (" + std::to_string(c.counts.timings) + ")").c_str(), &s.compare_timings);
  record_widget(s, "compare_timings");
  // Parts that did not run on a side: named, not compared, not counted.
  if (!c.not_run.empty() &&
      ImGui::CollapsingHeader(("Not run, not compared (" + std::to_string(c.not_run.size()) + ")").c_str())) {
    for (const std::string& line : c.not_run) status_text(kDimV, "%s", line.c_str());
  }
  record_widget(s, "compare_not_run");
  // The parts not run have their header above; the rest, as the CLI lists them, under their own
  // (issue 22: the rows under a folded "Not run" header read as its rows).
  const std::vector<DiffLine> rows = listed_differences(c, s.compare_timings);
  const std::string listed = "Compared, as fragviz-cli diff lists them (" + std::to_string(rows.size()) +
                             (rows.size() == 1 ? " line)" : " lines)") + "###compare_listed";
  const bool list_open = ImGui::CollapsingHeader(listed.c_str(), ImGuiTreeNodeFlags_DefaultOpen);
  record_widget(s, "compare_listed_header");
  if (!list_open) {
    ImGui::End();
    if (!open) s.differences_open = false;
    return;
  }
  ImGui::BeginChild("##differences");
  const auto colour = [](const DiffLine& d) {
    return d.kind == DiffLineKind::differ ? ImVec4(1, 1, 1, 1) : kDimV;
  };
  if (rows.size() <= kWrappedDifferenceRows) {
    // Each row whole, wrapped at the list's width (issue 22: rows cut with "..." hid the format
    // version's words); recorded by row, so a test sees each one end inside the list.
    ImGui::PushTextWrapPos(0.f);
    for (std::size_t i = 0; i < rows.size(); ++i) {
      ImGui::PushStyleColor(ImGuiCol_Text, colour(rows[i]));
      ImGui::TextUnformatted(rows[i].text.c_str());
      ImGui::PopStyleColor();
      record_text_line(s, ("compare_row_" + std::to_string(i)).c_str(), rows[i].text, false);
    }
    ImGui::PopTextWrapPos();
  } else {
    // A long listing: one line a row, drawn only where in view, each cut with "..." and whole on hover.
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(rows.size()));
    while (clip.Step())
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const DiffLine& d = rows[static_cast<std::size_t>(i)];
        fit_text(s, ("compare_row_" + std::to_string(i)).c_str(), colour(d), d.text);
      }
  }
  ImGui::EndChild();
  record_widget(s, "compare_list");
  ImGui::End();
  // The X hides the list only: the comparison and its marks stay (File > Close comparison ends it,
  // File > Show differences brings the list back).
  if (!open) s.differences_open = false;
}

}  // namespace fragviz::app
