// The grid cells of the fragments and warpgroup pictures, sized and labelled by the screen's rule
// (fragviz/viewmodel/cell_labels.hpp) measured in the picture's own text widths.
#include <algorithm>
#include <cmath>
#include <string>

#include "grid.hpp"

namespace fragviz::scene {
namespace {

/// The cell label text size (points) and the room kept about a label.
constexpr double kLabelPt = 6, kLabelRoom = 4;

}  // namespace

app::CellLabelSizes label_sizes(int max_owner, int max_element) {
  const std::string owner = std::to_string(max_owner), element = "V" + std::to_string(max_element);
  auto width = [](const std::string& t) { return static_cast<float>(text_width(t, kLabelPt) + kLabelRoom); };
  return app::CellLabelSizes{width("T" + owner + " " + element), width("T" + owner), width(owner),
                             width(element), static_cast<float>(kLabelPt)};
}

CellSize cell_size_for(CellLabels labels, const app::CellLabelSizes& z) {
  switch (labels) {
    case CellLabels::full:
      return {std::max(30.0, static_cast<double>(z.full)), 14};
    case CellLabels::lane:
      return {static_cast<double>(z.owner), 12};
    case CellLabels::number:
      return {static_cast<double>(z.number), 12};
    case CellLabels::none:
      break;
  }
  return {std::floor(static_cast<double>(z.number)) - 1, 8};
}

std::string cell_label(app::CellLabelMode mode, int owner, int element) {
  switch (mode) {
    case app::CellLabelMode::full:
    case app::CellLabelMode::two_lines:
      return "T" + std::to_string(owner) + " V" + std::to_string(element);
    case app::CellLabelMode::owner:
      return "T" + std::to_string(owner);
    case app::CellLabelMode::number:
      return std::to_string(owner);
    case app::CellLabelMode::none:
      break;
  }
  return {};
}

std::string owner_label(CellLabels labels, int owner) {
  switch (labels) {
    case CellLabels::full:
    case CellLabels::lane:
      return "T" + std::to_string(owner);
    case CellLabels::number:
      return std::to_string(owner);
    case CellLabels::none:
      break;
  }
  return {};
}

}  // namespace fragviz::scene
