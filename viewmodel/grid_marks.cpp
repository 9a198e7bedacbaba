#include "fragviz/viewmodel/grid_marks.hpp"

namespace fragviz::app {

std::vector<GridRule> grid_rules(int count, float cell) {
  std::vector<GridRule> out;
  if (count <= 8 || 8.f * cell < 16.f) return out;
  const int every = 8.f * cell < 40.f && count > 32 ? 32 : 8;  // dense grids: only every 32
  for (int i = every; i < count; i += every) out.push_back(GridRule{i, i % 32 == 0});
  return out;
}

}  // namespace fragviz::app
