#include "fragviz/gate/wgmma_gate.hpp"

namespace fragviz {

std::optional<std::string> validate_wgmma_gate(int rung, int n) {
  if (rung < 0 || rung >= kWgmmaGateRungCount)
    return "wgmma gate rung " + std::to_string(rung) + " does not exist (0.." +
           std::to_string(kWgmmaGateRungCount - 1) + ")";
  const WgmmaGateRung& r = kWgmmaGateRungs[rung];
  const int multiple = wgmma_gate_n_multiple(r);
  if (n < multiple || n > 32768)
    return std::string(r.name) + ": n = " + std::to_string(n) + " is outside [" + std::to_string(multiple) +
           ", 32768]";
  if (n % multiple != 0)
    return std::string(r.name) + ": n = " + std::to_string(n) + " is not a multiple of " +
           std::to_string(multiple) + " (its " + std::to_string(r.block_m) + "x" + std::to_string(r.block_n) +
           " tile)";
  return std::nullopt;
}

}  // namespace fragviz
