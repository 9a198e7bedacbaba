// The words views print for report figures (report.hpp).
#include "fragviz/report/report.hpp"

namespace fragviz {

std::string measured_wavefronts_words(const CyclesRow& row) {
  std::string s = std::to_string(row.measured_wavefronts);
  if (!row.recomputable()) s += " (not recomputable: recorded without addresses)";
  return s;
}

std::string cycles_stride_words(const CyclesRow& row) {
  return std::to_string(row.tile.stride_halves()) + " (" + std::to_string(row.tile.width_halves) + " + pad " +
         std::to_string(row.tile.pad_halves) + ")";
}

}  // namespace fragviz
