// The unit the Controls view's tile width and pad fields are shown in: the selected instruction's
// element where it is a whole number of bytes (bytes for s8/u8 and the other 8-bit types, halves for
// f16/bf16, words for tf32/f32), bytes for narrower data. The tile itself is kept in halves
// (TileGeometry, as fragviz-cli banks takes it); these convert the fields to and from that.
// Pure functions: tests/app/test_tile_units.cpp checks them.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/smem/banks.hpp"  // TileGeometry

namespace fragviz::app {

/// One unit of the tile fields: its size in bytes (1, 2, 4 or 8) and its plural name as the view
/// labels the field ("bytes", "halves", "words", "doubles"). The model's TileUnit, so the model's
/// messages about the tile (validate, operand_tile_problem) speak the fields' unit.
using TileFieldUnit = TileUnit;

/// The unit for an instruction whose A elements are `a`: element_bits(a) / 8 bytes, at least 1.
TileFieldUnit tile_field_unit(ElemType a);

/// `halves` (a tile width or pad) in `u`, rounded down where a half is not a whole number of `u`.
int halves_to_field(int halves, TileFieldUnit u);

/// A field value in `u` back to halves, rounded down to whole halves (1 byte of an 8-bit tile is
/// half a half: the tile is kept in halves).
int field_to_halves(int value, TileFieldUnit u);

/// The bank view's line about tile `t` in `u`, as the Controls view's fields count it: "width 128
/// + pad 16 = stride 144 bytes (144 B)", with ", xor swizzle" where it is swizzled. (It said
/// halves whatever the fields said: newcomer finding, issue 22.)
std::string tile_stride_text(const TileGeometry& t, TileFieldUnit u);

/// The Controls view's stride line: "row stride 24 halves = 48 bytes"; in bytes once, "row stride
/// 16 bytes" (it said "16 bytes = 16 bytes" for s8: newcomer round 13).
std::string tile_stride_line(const TileGeometry& t, TileFieldUnit u);

/// What the Controls view says when a typed tile field (`field`: "width" or "pad") lies outside
/// [`lo`, `hi`] (in `u`): "the width typed is more than the most, 1024 bytes: set to 1024" (or "less
/// than the least, 16 bytes: set to 16"); "" when `typed` is in range. The fields clamped silently before
/// (newcomer round 25).
std::string clamp_note(const char* field, int typed, int lo, int hi, TileFieldUnit u);
/// The same for any number field, `unit` ("" for a bare count) after the limit: "the n typed is more
/// than the most, 65536: set to 65536" (the gate's n, the Warpgroup thread field clamped silently:
/// newcomer round 26).
std::string clamp_note(const char* field, int typed, int lo, int hi, const char* unit);
/// clamp_note's words for a number typed past the `high` (else the low) end of its field, `end`
/// being that end as written: one wording for fields wider than an int (the gate's 64-bit seed).
std::string past_end_note(const char* field, bool high, const std::string& end, const char* unit);

/// Whether `text`, typed into a whole-number field, is a number: an optional sign and decimal
/// digits, blanks around them allowed. "abc", "12abc", "3.5", "-" and "" are not.
bool is_typed_number(std::string_view text);

/// What a number field says when the text typed into it is no number (is_typed_number): "the width
/// typed is not a number: kept at 64 halves", `kept` being the value it still holds, in `unit` (""
/// for a bare count: "the n typed is not a number: kept at 2048"). Text that was no number was said
/// to be "less than the least" and the field set to its least (a newcomer's test).
std::string not_a_number_note(const char* field, int kept, const char* unit);
std::string not_a_number_note(const char* field, int kept, TileFieldUnit u);
/// The same for a value wider than an int, `kept` as written (the gate's seed).
std::string not_a_number_note(const char* field, const std::string& kept, const char* unit);

/// A clamp_note on screen while its field holds the value it was said of: a step button, a preset or
/// a click that changes the value drops it. One for the tile's width and pad, the gate's n and the
/// warpgroup thread.
struct ClampNote {
  std::string text;         ///< "" when none
  std::array<int, 2> of{};  ///< the value(s) it was said of (the tile: width and pad, in halves)
  /// Drops the note where the field now holds `now`, not what it was said of.
  void drop_unless(std::array<int, 2> now) {
    if (now != of) *this = {};
  }
};

/// Which elements in `u` the 4-byte word at `byte` of a tile row covers, for the bank view's
/// tooltip: "" for bytes (the byte range says it), else "halves 4-5", "word 3", "double 1".
std::string word_units_text(int byte, TileFieldUnit u);

}  // namespace fragviz::app
