// The ladder table's pivot (gate_ladder_run.hpp): LadderRows of variant and n as one row per variant
// with a cell per size. No GL: in the app's core.
#include <algorithm>

#include "gate_ladder_run.hpp"

namespace fragviz::app {

LadderPivot pivot_ladder(const std::vector<LadderRow>& rows,
                         const std::vector<std::pair<int, double>>& cublas_ms) {
  LadderPivot p;
  for (const LadderRow& r : rows)
    if (r.n > 0) p.sizes.push_back(r.n);
  for (const auto& c : cublas_ms)
    if (c.first > 0) p.sizes.push_back(c.first);
  std::sort(p.sizes.begin(), p.sizes.end());
  p.sizes.erase(std::unique(p.sizes.begin(), p.sizes.end()), p.sizes.end());
  auto column = [&](int n) {
    return static_cast<std::size_t>(std::lower_bound(p.sizes.begin(), p.sizes.end(), n) - p.sizes.begin());
  };
  p.cublas_ms.assign(p.sizes.size(), 0.0);
  for (const auto& [n, ms] : cublas_ms)
    if (n > 0) p.cublas_ms[column(n)] = ms;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const LadderRow& r = rows[i];
    auto it = std::find_if(p.rows.begin(), p.rows.end(),
                           [&](const LadderPivot::Row& x) { return x.variant == r.variant; });
    if (it == p.rows.end()) {
      p.rows.push_back(LadderPivot::Row{r.variant, std::vector<int>(p.sizes.size(), -1)});
      it = p.rows.end() - 1;
    }
    // The first row of a variant and size wins (a ladder plans each once).
    if (r.n > 0 && it->cells[column(r.n)] < 0) it->cells[column(r.n)] = static_cast<int>(i);
  }
  return p;
}

}  // namespace fragviz::app
