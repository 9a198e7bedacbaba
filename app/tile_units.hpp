// The unit the Controls view's tile width and pad fields are shown in: the selected instruction's
// element where it is a whole number of bytes (bytes for s8/u8 and the other 8-bit types, halves for
// f16/bf16, words for tf32/f32), bytes for narrower data. The tile itself is kept in halves
// (TileGeometry, as fragviz-cli banks takes it); these convert the fields to and from that.
// Pure functions: tests/app/test_tile_units.cpp checks them.
#pragma once

#include "fragviz/isa/catalogue.hpp"

namespace fragviz::app {

/// One unit of the tile fields: its size in bytes (1, 2, 4 or 8) and its plural name as the view
/// labels the field ("bytes", "halves", "words", "doubles").
struct TileFieldUnit {
  int bytes = 2;
  const char* name = "halves";
};

/// The unit for an instruction whose A elements are `a`: element_bits(a) / 8 bytes, at least 1.
TileFieldUnit tile_field_unit(ElemType a);

/// `halves` (a tile width or pad) in `u`, rounded down where a half is not a whole number of `u`.
int halves_to_field(int halves, TileFieldUnit u);

/// A field value in `u` back to halves, rounded down to whole halves (1 byte of an 8-bit tile is
/// half a half: the tile is kept in halves).
int field_to_halves(int value, TileFieldUnit u);

}  // namespace fragviz::app
