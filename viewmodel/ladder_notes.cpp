#include "fragviz/viewmodel/ladder_notes.hpp"

#include <algorithm>

#include "fragviz/util/csv.hpp"

namespace fragviz::app {
namespace embedded {
extern const std::string_view ladder_notes_csv;
}

std::optional<std::vector<LadderNote>> parse_ladder_notes(std::string_view csv) {
  std::vector<LadderNote> notes;
  bool header = true;
  for (std::size_t at = 0; at < csv.size();) {
    const std::size_t end = std::min(csv.find('\n', at), csv.size());
    const std::string_view line = csv.substr(at, end - at);
    at = end + 1;
    // A quote left open (an odd count: "" inside a field is two) would run into the next line.
    if (std::count(line.begin(), line.end(), '"') % 2 != 0) return std::nullopt;
    const std::vector<std::string> f = csv_fields(line);
    if (header) {
      if (f != std::vector<std::string>{"variant", "technique", "limit"}) return std::nullopt;
      header = false;
    } else if (f.size() == 1 && f.front().empty()) {
      continue;  // a blank line
    } else if (f.size() != 3) {
      return std::nullopt;
    } else {
      notes.push_back(LadderNote{f[0], f[1], f[2]});
    }
  }
  if (header) return std::nullopt;
  return notes;
}

const std::vector<LadderNote>& ladder_notes() {
  static const std::vector<LadderNote> notes =
      parse_ladder_notes(embedded::ladder_notes_csv).value_or(std::vector<LadderNote>{});
  return notes;
}

std::optional<std::string> ladder_limit(std::string_view variant) {
  for (const LadderNote& n : ladder_notes())
    if (n.variant == variant) return n.limit;
  return std::nullopt;
}

}  // namespace fragviz::app
