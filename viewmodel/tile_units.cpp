#include "fragviz/viewmodel/tile_units.hpp"

#include <algorithm>
#include <limits>
#include <string>

#include "fragviz/util/words.hpp"

namespace fragviz::app {

TileFieldUnit tile_field_unit(ElemType a) {
  switch (std::max(1, element_bits(a) / 8)) {
    case 1:
      return {1, "bytes", "byte"};
    case 4:
      return {4, "words", "word"};
    case 8:
      return {8, "doubles", "double"};
    default:
      return {2, "halves", "half"};
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

std::string tile_stride_text(const TileGeometry& t, TileFieldUnit u) {
  return "width " + std::to_string(halves_to_field(t.width_halves, u)) + " + pad " +
         std::to_string(halves_to_field(t.pad_halves, u)) + " = stride " +
         std::to_string(halves_to_field(t.stride_halves(), u)) + " " + u.name + " (" +
         std::to_string(t.stride_bytes()) + " B)" + (t.swizzle == Swizzle::none ? "" : ", xor swizzle");
}

std::string tile_stride_line(const TileGeometry& t, TileFieldUnit u) {
  return "row stride " + tile_amount_text(t.stride_halves(), u) +
         (u.bytes == 1 ? "" : " = " + plural(t.stride_bytes(), "byte"));
}

std::string clamp_note(const char* field, int typed, int lo, int hi, TileFieldUnit u) {
  // In range, but a byte count the tile cannot hold: it is kept in 2-byte halves (newcomer round 29:
  // 17 bytes became 16 unsaid).
  if (typed >= lo && typed <= hi) {
    const int kept = halves_to_field(field_to_halves(typed, u), u);
    if (kept != typed)
      return "the " + std::string(field) + " typed, " + std::to_string(typed) + " " + u.name +
             ", is no whole number of 2-byte halves, the tile's unit: set to " + std::to_string(kept);
  }
  return clamp_note(field, typed, lo, hi, u.name);
}

std::string clamp_note(const char* field, int typed, int lo, int hi, const char* unit) {
  if (typed >= lo && typed <= hi) return "";
  const bool high = typed > hi;
  return past_end_note(field, high, std::to_string(high ? hi : lo), unit);
}

std::string past_end_note(const char* field, bool high, const std::string& end, const char* unit) {
  // Not the typed number itself: a field reads a number past an int as the int's end.
  return "the " + std::string(field) + " typed is " +
         (high ? "more than the most, " : "less than the least, ") + end +
         (*unit ? " " + std::string(unit) : "") + ": set to " + end;
}

bool is_typed_number(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return false;
  text = text.substr(first, text.find_last_not_of(" \t") - first + 1);
  if (text[0] == '+' || text[0] == '-') text.remove_prefix(1);
  return !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
}

std::string not_a_number_note(const char* field, int kept, const char* unit) {
  return not_a_number_note(field, std::to_string(kept), unit);
}

std::string not_a_number_note(const char* field, const std::string& kept, const char* unit) {
  return "the " + std::string(field) + " typed is not a number: kept at " + kept +
         (*unit ? " " + std::string(unit) : "");
}

std::string not_a_number_note(const char* field, int kept, TileFieldUnit u) {
  return not_a_number_note(field, kept, u.name);
}

std::string word_units_text(int byte, TileFieldUnit u) {
  if (u.bytes <= 1) return "";
  const int first = byte / u.bytes, last = (byte + 3) / u.bytes;
  if (first == last) return std::string(u.one) + " " + std::to_string(first);
  return std::string(u.name) + " " + std::to_string(first) + "-" + std::to_string(last);
}

}  // namespace fragviz::app
