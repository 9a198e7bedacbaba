// error.hpp: the names of error kinds, as reports store them.
#include "fragviz/util/error.hpp"

#include <utility>

namespace fragviz {

namespace {
constexpr std::pair<ErrorKind, std::string_view> kErrorKindNames[] = {
    {ErrorKind::none, "none"},           {ErrorKind::refused, "refused"},
    {ErrorKind::no_device, "no_device"}, {ErrorKind::cuda, "cuda"},
    {ErrorKind::internal, "internal"},   {ErrorKind::io, "io"},
    {ErrorKind::cancelled, "cancelled"}, {ErrorKind::unrecorded, "unrecorded"},
    {ErrorKind::compile, "compile"},     {ErrorKind::malformed, "malformed"},
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

}  // namespace fragviz
