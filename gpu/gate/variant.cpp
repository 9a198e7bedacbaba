// Names and minimum compute capabilities of the gate's kernel variants (report.hpp).
#include "fragviz/report.hpp"

namespace fragviz {

std::string_view to_string(GateVariant v) {
  switch (v) {
    case GateVariant::ldmatrix_k8:
      return "ldmatrix-k8";
    case GateVariant::scalar_b_k8:
      return "scalar-b-k8";
    case GateVariant::ldmatrix_k16:
      return "ldmatrix-k16";
    case GateVariant::broken_swap_b:
      return "broken-swap-b";
    case GateVariant::user_kernel:
      return "user-kernel";
  }
  return "unknown";
}

std::optional<GateVariant> parse_variant(std::string_view text) {
  for (GateVariant v : {GateVariant::ldmatrix_k8, GateVariant::scalar_b_k8, GateVariant::ldmatrix_k16,
                        GateVariant::broken_swap_b, GateVariant::user_kernel}) {
    if (text == to_string(v)) return v;
  }
  return std::nullopt;
}

// m16n8k8 and ldmatrix need sm_75, m16n8k16 needs sm_80 (PTX ISA 8.5, mma and ldmatrix
// "Target ISA notes"). A user's kernel is compiled for the device at hand, whatever it is (what
// its source needs is the compiler's to say).
int min_sm(GateVariant v) {
  switch (v) {
    case GateVariant::ldmatrix_k16:
      return 80;
    case GateVariant::user_kernel:
      return 0;
    default:
      return 75;
  }
}

}  // namespace fragviz
