#include "fragviz/viewmodel/cell_labels.hpp"

namespace fragviz::app {

CellLabelMode cell_label_mode(float cw, float ch, const CellLabelSizes& z) {
  const bool one_line = ch + 1.f >= z.line;
  if (one_line && z.full <= cw) return CellLabelMode::full;
  if (ch >= 2.f * z.line + 2.f && z.owner <= cw && z.element <= cw) return CellLabelMode::two_lines;
  if (one_line && z.owner <= cw) return CellLabelMode::owner;
  if (one_line && z.number <= cw) return CellLabelMode::number;
  return CellLabelMode::none;
}

CellLabelMode owner_label_mode(float cw, float ch, const CellLabelSizes& z) {
  // No element to add: the longest label is the owner's.
  CellLabelSizes owner_only = z;
  owner_only.full = z.owner;
  owner_only.element = 0;
  const CellLabelMode m = cell_label_mode(cw, ch, owner_only);
  return m == CellLabelMode::full || m == CellLabelMode::two_lines ? CellLabelMode::owner : m;
}

const char* cell_label_mode_name(CellLabelMode m) {
  switch (m) {
    case CellLabelMode::full:
      return "full";
    case CellLabelMode::two_lines:
      return "two_lines";
    case CellLabelMode::owner:
      return "owner";
    case CellLabelMode::number:
      return "number";
    case CellLabelMode::none:
      break;
  }
  return "none";
}

}  // namespace fragviz::app
