#include "fragviz/viewmodel/ladder_notes.hpp"

namespace fragviz::app {
namespace embedded {
extern const std::string_view ladder_notes_csv;
}

namespace {

/// The fields of the record starting at `at` (moved past its line end); nullopt on an open quote.
std::optional<std::vector<std::string>> next_record(std::string_view csv, std::size_t& at) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  while (at < csv.size()) {
    const char ch = csv[at++];
    if (quoted) {
      if (ch != '"')
        fields.back() += ch;
      else if (at < csv.size() && csv[at] == '"')
        fields.back() += '"', ++at;
      else
        quoted = false;
    } else if (ch == '"') {
      quoted = true;
    } else if (ch == ',') {
      fields.emplace_back();
    } else if (ch == '\n') {
      return fields;
    } else if (ch != '\r') {
      fields.back() += ch;
    }
  }
  if (quoted) return std::nullopt;
  return fields;
}

}  // namespace

std::optional<std::vector<LadderNote>> parse_ladder_notes(std::string_view csv) {
  std::size_t at = 0;
  const auto header = next_record(csv, at);
  if (!header || *header != std::vector<std::string>{"variant", "technique", "limit"}) return std::nullopt;
  std::vector<LadderNote> notes;
  while (at < csv.size()) {
    const auto row = next_record(csv, at);
    if (!row) return std::nullopt;
    if (row->size() == 1 && row->front().empty()) continue;  // a blank line
    if (row->size() != 3) return std::nullopt;
    notes.push_back(LadderNote{(*row)[0], (*row)[1], (*row)[2]});
  }
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
