// Names and minimum compute capabilities of the gate's kernel variants (report.hpp), read from the
// variant table (gate_ladder.hpp).
#include "fragviz/gate/gate_ladder.hpp"
#include "fragviz/report/report.hpp"

namespace fragviz {

std::string_view to_string(GateVariant v) {
  if (v == GateVariant::user_kernel) return "user-kernel";
  const GateVariantInfo* info = find_gate_variant(v);
  return info != nullptr ? info->name : "unknown";
}

std::optional<GateVariant> parse_variant(std::string_view text) {
  if (text == "user-kernel") return GateVariant::user_kernel;
  for (const GateVariantInfo& info : gate_variants())
    if (text == info.name) return info.variant;
  return std::nullopt;
}

// A user's kernel is compiled for the device at hand, whatever it is (what its source needs is the
// compiler's to say); the built-in variants' needs are in their table (gate_ladder.hpp).
int min_sm(GateVariant v) {
  if (v == GateVariant::user_kernel) return 0;
  const GateVariantInfo* info = find_gate_variant(v);
  return info != nullptr ? info->min_sm : 1000;
}

}  // namespace fragviz
