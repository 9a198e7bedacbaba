// The words views print for report figures (report.hpp).
#include "fragviz/report/report.hpp"

namespace fragviz {

std::string measured_wavefronts_words(const CyclesRow& row) {
  std::string s = std::to_string(row.measured_wavefronts);
  if (!row.recomputable()) s += " (not recomputable: recorded without addresses)";
  return s;
}

}  // namespace fragviz
