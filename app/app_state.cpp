#include "app_state.hpp"

namespace fragviz::app {

const char* to_string(OutputColour c) {
  switch (c) {
    case OutputColour::mismatch:
      return "mismatch";
    case OutputColour::block:
      return "block";
    case OutputColour::warp:
      return "warp";
    case OutputColour::lane:
      return "lane";
  }
  return "?";
}

std::optional<OutputColour> parse_output_colour(std::string_view text) {
  for (OutputColour c : {OutputColour::mismatch, OutputColour::block, OutputColour::warp, OutputColour::lane})
    if (text == to_string(c)) return c;
  return std::nullopt;
}

std::optional<std::string> cta_device_blocked(const AppState& s) {
  if (!s.device_known) return std::string("looking for a CUDA device");
  if (!s.device.present) return cta_no_device_text(s.device);
  // One CTA would share the GPU with the gate's timed kernels and skew them.
  if (s.gate_status == JobStatus::running || s.gate_ladder.running)
    return std::string("the gate is running on the GPU; run again when it has finished");
  return std::nullopt;
}

bool cta_device_current(const AppState& s) {
  return s.cta_device.result && s.cta_device.spec == s.cta_tile.spec;
}

void note_report_error(AppState& s, std::string why) {
  s.recent_report_errors.insert(s.recent_report_errors.begin(), why);
  if (s.recent_report_errors.size() > kRecentReportErrors) s.recent_report_errors.resize(kRecentReportErrors);
  s.report_error = std::move(why);
  // The strip cuts a long error to its share of the line: the Messages window says it whole and
  // stays until the user closes it (issue 22: the cut message was all a newcomer saw).
  s.messages_open = true;
}

}  // namespace fragviz::app
