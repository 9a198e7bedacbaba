#include "tile_units.hpp"

#include <algorithm>
#include <limits>

namespace fragviz::app {

TileFieldUnit tile_field_unit(ElemType a) {
  switch (std::max(1, element_bits(a) / 8)) {
    case 1:
      return {1, "bytes"};
    case 4:
      return {4, "words"};
    case 8:
      return {8, "doubles"};
    default:
      return {2, "halves"};
  }
}

int halves_to_field(int halves, TileFieldUnit u) {
  return static_cast<int>(static_cast<long long>(halves) * 2 / u.bytes);
}

int field_to_halves(int value, TileFieldUnit u) {
  // A value near INT_MAX in words would not fit an int in halves: held at the int's ends (the
  // fields clamp to the tile's limits afterwards).
  return static_cast<int>(std::clamp<long long>(static_cast<long long>(value) * u.bytes / 2,
                                                std::numeric_limits<int>::min(),
                                                std::numeric_limits<int>::max()));
}

}  // namespace fragviz::app
