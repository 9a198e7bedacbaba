#include "compare_view.hpp"

#include <filesystem>

#include "app_state.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz::app {

std::optional<ReportFile> shown_report(const AppState& s, const std::optional<ReportFile>& opened) {
  if (s.report) return opened;
  ReportFile f;
  if (s.probe.report) f.probe = *s.probe.report;
  if (s.gate.report) f.gate = *s.gate.report;
  if (!f.probe && !f.gate) return std::nullopt;
  return f;
}

Comparison compare_reports(ReportFile a, std::string against, ReportFile b, const std::string& path) {
  Comparison c;
  c.path = path;
  c.against = std::move(against);
  c.a_probe = a.probe.has_value();
  c.a_gate = a.gate.has_value();
  ReportComparison r = compare_report_files(std::move(a), std::move(b));
  c.counts = r.counts();  // before the lists move out of r
  c.diff = std::move(r.diff);
  c.not_run = std::move(r.not_run);
  c.nothing_compared = r.nothing_compared;
  c.compared = std::move(r.compared);
  for (const ReportDifference& d : c.diff.differences) {
    if (d.timing) continue;
    if ((d.area == DiffArea::instruction || d.area == DiffArea::fragment) && d.operand && d.lane >= 0 &&
        d.element >= 0)
      c.elements[d.mnemonic].insert(ElementKey{*d.operand, d.lane, d.element});
    if (d.area == DiffArea::ldmatrix && d.lane >= 0) c.ldmatrix_lanes.insert(d.lane);
  }
  const std::string name = std::filesystem::path(path).filename().string();
  const std::size_t content = c.counts.differ, timings = c.counts.timings, older = c.counts.older_format;
  // Entries one report holds alone were not compared: "agree" then speaks only of what both hold
  // (newcomer round 30: "the reports agree", in green, over 5 entries only in A).
  const std::string only = only_in_one_text(r.only_in_a, r.only_in_b);
  c.headline = content == 0
                   ? "compared with " + name +
                         (only.empty() ? ": the reports agree" : ": what both hold agrees") +
                         (timings ? " (" + std::to_string(timings) + " times differ)" : std::string())
                   : "compared with " + name + ": " + std::to_string(content) +
                         (content == 1 ? " difference" : " differences") +
                         (timings ? " (and " + std::to_string(timings) + " times)" : std::string());
  if (!only.empty()) c.headline += "; " + only + ", not compared";
  // The entries named as only in one report are not counted again as the older-format fields or
  // parts not run that list them (newcomer round 33: 9 entries read as 18 problems).
  const std::size_t older_fields = older - r.only_in_one_older_format,
                    parts_not_run = c.not_run.size() - r.only_in_one_not_run;
  if (older_fields)
    c.headline += "; " + std::to_string(older_fields) + " missing from an older report format version";
  if (c.nothing_compared) c.headline = "nothing compared with " + name + ": no part ran on both sides";
  if (parts_not_run)
    c.headline += "; " + plural(static_cast<long long>(parts_not_run), "part") + " not run, not compared";
  return c;
}

std::string marks_text(const Comparison& c) {
  std::size_t elements = 0;
  for (const auto& kv : c.elements) elements += kv.second.size();
  if (elements == 0 && c.ldmatrix_lanes.empty())
    return "Nothing is marked in the views: no fragment element or ldmatrix lane differs.";
  return "Marked in the views: " + plural(static_cast<long long>(elements), "fragment element") +
         " (amber frame) and " + plural(static_cast<long long>(c.ldmatrix_lanes.size()), "ldmatrix lane") +
         ".";
}

bool comparison_agrees(const Comparison& c) {
  return c.diff.agree() && !c.nothing_compared && c.counts.only_in_a + c.counts.only_in_b == 0;
}

std::vector<DiffLine> listed_differences(const Comparison& c, bool timings) {
  return diff_listing(c.diff, {}, timings);  // no not_run lines: the window has them apart
}

bool marks_element(const Comparison& c, const std::string& mnemonic, Operand op, int lane, int element) {
  const auto it = c.elements.find(mnemonic);
  return it != c.elements.end() && it->second.count(ElementKey{op, lane, element}) > 0;
}

}  // namespace fragviz::app
