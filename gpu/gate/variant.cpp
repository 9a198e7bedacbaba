// Names and minimum compute capabilities of the gate's kernel variants (report.hpp), read from the
// variant table (gate_ladder.hpp).
#include "fragviz/gate_ladder.hpp"
#include "fragviz/report.hpp"

namespace fragviz {

std::string_view to_string(GateVariant v) {
  const GateVariantInfo* info = find_gate_variant(v);
  return info != nullptr ? info->name : "unknown";
}

std::optional<GateVariant> parse_variant(std::string_view text) {
  for (const GateVariantInfo& info : gate_variants())
    if (text == info.name) return info.variant;
  return std::nullopt;
}

int min_sm(GateVariant v) {
  const GateVariantInfo* info = find_gate_variant(v);
  return info != nullptr ? info->min_sm : 1000;
}

}  // namespace fragviz
