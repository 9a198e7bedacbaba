#include "gate_notices.hpp"

namespace fragviz::app {

GateNotices gate_notices(const std::optional<std::string>& blocked, const std::string& error,
                         const GateReport* shown) {
  GateNotices n;
  n.blocked = blocked.value_or("");
  const bool not_run = shown && !shown->ran && !shown->cancelled;
  if (not_run) {
    const std::string& why = shown->error.message;
    if (why.empty())
      n.not_run = "not run";
    else if (!n.blocked.empty() && why.find(n.blocked) != std::string::npos) {
      // The blocked line gives the reason: only what the run adds to it (its compile target).
      std::string rest = why;
      rest.erase(rest.find(n.blocked), n.blocked.size());
      const auto first = rest.find_first_not_of(" :;,"), last = rest.find_last_not_of(' ');
      rest = first == std::string::npos ? std::string() : rest.substr(first, last - first + 1);
      n.not_run = rest.empty()     ? "not run (as above)"
                  : rest[0] == '(' ? "not run " + rest
                                   : "not run: " + rest;
    } else {
      n.not_run = "not run: " + why;
    }
  }
  // The run's error is the verdict's reason (said there) or the blocked line's words.
  const bool said = error.empty() || (not_run && error == shown->error.message) ||
                    (!n.blocked.empty() && n.blocked.find(error) != std::string::npos);
  if (!said) n.error = error;
  return n;
}

}  // namespace fragviz::app
