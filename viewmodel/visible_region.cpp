#include "fragviz/viewmodel/visible_region.hpp"

#include <algorithm>
#include <cmath>

namespace fragviz::app {

IndexSpan visible_span(float origin, float cell, int count, float lo, float hi) {
  IndexSpan s;
  if (count <= 0 || !(cell > 0.f) || !(hi > lo)) return s;
  // Cell i's centre is origin + (i + 0.5) * cell.
  const double first = std::ceil((static_cast<double>(lo) - origin) / cell - 0.5);
  const double last = std::floor((static_cast<double>(hi) - origin) / cell - 0.5);
  s.first = static_cast<int>(std::clamp(first, 0.0, static_cast<double>(count)));
  s.last = static_cast<int>(std::clamp(last, -1.0, static_cast<double>(count - 1)));
  return s;
}

}  // namespace fragviz::app
