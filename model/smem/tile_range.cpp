// The one tile range (banks.hpp, [SECTION] the one tile range).
#include "fragviz/smem/banks.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz {

std::optional<std::string> tile_range_problem(const TileGeometry& t) {
  const std::string range = "fragviz accepts tile widths of " + std::to_string(kMinTileWidthHalves) + " to " +
                            std::to_string(kMaxTileWidthHalves) + " halves and pads of 0 to " +
                            std::to_string(kMaxTilePadHalves) + " halves";
  if (t.width_halves < kMinTileWidthHalves || t.width_halves > kMaxTileWidthHalves)
    return "tile width " + plural(t.width_halves, "half", "halves") + " is out of range: " + range;
  if (t.pad_halves < 0 || t.pad_halves > kMaxTilePadHalves)
    return "pad " + plural(t.pad_halves, "half", "halves") + " is out of range: " + range;
  return std::nullopt;
}

}  // namespace fragviz
