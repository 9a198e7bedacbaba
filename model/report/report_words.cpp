// Names of error kinds and the words views print for report figures (report.hpp).
#include <utility>

#include "fragviz/report/report.hpp"

namespace fragviz {

namespace {
constexpr std::pair<ErrorKind, std::string_view> kErrorKindNames[] = {
    {ErrorKind::none, "none"},           {ErrorKind::refused, "refused"},
    {ErrorKind::no_device, "no_device"}, {ErrorKind::cuda, "cuda"},
    {ErrorKind::internal, "internal"},   {ErrorKind::io, "io"},
    {ErrorKind::cancelled, "cancelled"}, {ErrorKind::unrecorded, "unrecorded"},
    {ErrorKind::compile, "compile"},
};
}  // namespace

std::string_view to_string(ErrorKind k) {
  for (const auto& [kind, name] : kErrorKindNames)
    if (kind == k) return name;
  return "unknown";
}

std::optional<ErrorKind> parse_error_kind(std::string_view text) {
  for (const auto& [kind, name] : kErrorKindNames)
    if (name == text) return kind;
  return std::nullopt;
}

std::string measured_wavefronts_words(const CyclesRow& row) {
  std::string s = std::to_string(row.measured_wavefronts);
  if (!row.recomputable()) s += " (not recomputable: recorded without addresses)";
  return s;
}

}  // namespace fragviz
