#include "app_state.hpp"

namespace fragviz::app {

const char* to_string(OutputColour c) {
  switch (c) {
    case OutputColour::mismatch:
      return "mismatch";
    case OutputColour::block:
      return "block";
    case OutputColour::warp:
      return "warp";
    case OutputColour::lane:
      return "lane";
  }
  return "?";
}

std::optional<OutputColour> parse_output_colour(std::string_view text) {
  for (OutputColour c : {OutputColour::mismatch, OutputColour::block, OutputColour::warp, OutputColour::lane})
    if (text == to_string(c)) return c;
  return std::nullopt;
}

}  // namespace fragviz::app
