#include "compare_view.hpp"

#include <filesystem>

#include "app_state.hpp"

namespace fragviz::app {

std::optional<ReportFile> shown_report(const AppState& s, const std::optional<ReportFile>& opened) {
  if (s.report) return opened;
  ReportFile f;
  if (s.probe.report) f.probe = *s.probe.report;
  if (s.gate.report) f.gate = *s.gate.report;
  if (!f.probe && !f.gate) return std::nullopt;
  return f;
}

Comparison compare_reports(const ReportFile& a, std::string against, const ReportFile& b,
                           const std::string& path) {
  Comparison c;
  c.path = path;
  c.against = std::move(against);
  c.diff = diff_reports(a, b);
  for (const ReportDifference& d : c.diff.differences) {
    if (d.timing) continue;
    if ((d.area == DiffArea::instruction || d.area == DiffArea::fragment) && d.operand && d.lane >= 0 &&
        d.element >= 0)
      c.elements[d.mnemonic].insert(ElementKey{*d.operand, d.lane, d.element});
    if (d.area == DiffArea::ldmatrix && d.lane >= 0) c.ldmatrix_lanes.insert(d.lane);
  }
  const std::string name = std::filesystem::path(path).filename().string();
  const std::size_t content = c.diff.content(), timings = c.diff.timings();
  c.headline = content == 0
                   ? "compared with " + name + ": the reports agree" +
                         (timings ? " (" + std::to_string(timings) + " times differ)" : std::string())
                   : "compared with " + name + ": " + std::to_string(content) +
                         (content == 1 ? " difference" : " differences") +
                         (timings ? " (and " + std::to_string(timings) + " times)" : std::string());
  return c;
}

bool marks_element(const Comparison& c, const std::string& mnemonic, Operand op, int lane, int element) {
  const auto it = c.elements.find(mnemonic);
  return it != c.elements.end() && it->second.count(ElementKey{op, lane, element}) > 0;
}

}  // namespace fragviz::app
