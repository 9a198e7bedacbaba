#include "controls_fit.hpp"

#include <algorithm>

namespace fragviz::app {

ControlRowsFit fit_control_rows(const ControlRowsNeed& n) {
  ControlRowsFit f;
  const float beside = n.label_w + n.spacing;
  const float after_field = n.spacing + n.suffix_w;
  if (beside + n.widest_buttons <= n.avail && beside + n.field_min + after_field <= n.avail) {
    f.control_x = beside;
    f.field_w = n.avail - beside - after_field;
    return f;
  }
  f.stacked = true;
  f.control_x = 0;
  f.field_w = std::max(n.field_min, n.avail - after_field);
  return f;
}

}  // namespace fragviz::app
