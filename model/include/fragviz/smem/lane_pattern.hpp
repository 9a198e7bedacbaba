// Per-lane address patterns: which logical (row, col) of a tile each lane's shared-memory address
// points at, for ldmatrix/stmatrix (one 16-byte row per address lane) and plain per-lane loads.
//
// A pattern is a preset, a small integer expression in `lane`, or a table. Coordinates are logical
// tile elements (row, col), relative to where the matrices sit (AccessRequest::origin,
// smem_access.hpp). Pure model: no CUDA, no GL.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/isa/fragment.hpp"
#include "fragviz/isa/ldmatrix.hpp"
#include "fragviz/util/outcome.hpp"

namespace fragviz {

/// Where each lane's address points, in logical tile elements (row, col); nullopt: the lane holds
/// no address (a table that lists fewer than 32 lanes).
struct LanePattern {
  std::array<std::optional<Coord>, kWarpSize> at{};
  std::string notation;  ///< the expression or table as fragviz writes it back
  std::string preset;    ///< the preset's name, or empty
};

/// A named pattern and the expression it stands for.
struct LanePreset {
  std::string_view name;
  /// `row=…, col=…`, with `E` for the elements in one 16-byte matrix row (lane_preset_expression);
  /// for "explorer" the .x4 form (see lane_preset).
  std::string_view expression;
  std::string_view description;
};

/// The presets: `b-tiles` (four 8x8 B tiles of m16n8k8 side by side, .x4.trans: row lane & 7, col E * (lane
/// >> 3)), `b-pair` (B of m16n8k16, k16 x n8 as two stacked 8x8 tiles, .x2.trans: row lane & 15, col 0),
/// `rows` (row lane, col 0), `explorer` (the app's bank view, which is also A of m16n8k16 with .x4
/// and of m16n8k8 with .x2: row lane & 15, col E * (lane >> 4), i.e. matrix j at rows 8 (j % 2), cols
/// E (j / 2); lanes an .x1/.x2 ignores repeat the lower lanes). E is the elements in 16 bytes (8 halves).
const std::vector<LanePreset>& lane_presets();

/// The preset a name stands for: `a` (once a preset of its own with `explorer`'s expression) is
/// `explorer`; any other name is itself. Settings and command lines that name `a` keep working.
std::string_view canonical_lane_preset(std::string_view name);

/// Every preset name parse_lane_pattern takes, from the one table: "explorer (or a), b-tiles, b-pair,
/// rows" (an old name in parentheses after the preset it means). Help texts and errors list these.
std::string lane_preset_names();

/// `preset`'s expression for a tile of `element_bytes` elements (1, 2, 4, 8 or 16): `E` written as
/// the elements in one 16-byte matrix row, so each address lane's row starts 16-byte aligned at
/// every width ("col=8*(lane>>4)" for halves, "col=16*(lane>>4)" for b8).
std::string lane_preset_expression(const LanePreset& preset, int element_bytes);

/// The preset named `name` (or an old name of it, canonical_lane_preset) for `num` (only `explorer`
/// depends on it) in a tile of `element_bytes` elements; nullopt for an unknown name or a width
/// that does not divide 16 bytes. The pattern's `preset` is the kept name.
std::optional<LanePattern> lane_preset(std::string_view name, LdmNum num = LdmNum::x4, int element_bytes = 2);

/// Evaluates one integer expression in `lane`: decimal numbers, `lane`, unary - + ~, and
/// * / % + - << >> & ^ | with C's precedence and C's truncating / and %, parentheses. 64-bit;
/// division by zero, a shift by less than 0 or more than 62, or an overflow is an error naming the
/// lane and the position. Errors are kind `malformed`, "col N: ...".
Outcome<std::int64_t> eval_lane_expression(std::string_view expr, int lane);

/// A pattern from `row=EXPR, col=EXPR` (or `EXPR, EXPR`, or either in parentheses), evaluated for
/// lanes 0 to 31.
Outcome<LanePattern> lane_expression(std::string_view text);

/// A pattern from a table of (row, col) pairs in lane order, `r,c; r,c; …` (`;` or new lines between
/// entries, optional parentheses around each, `-` for a lane that holds no address). At most 32
/// entries; lanes beyond the last entry hold no address.
Outcome<LanePattern> lane_table(std::string_view text);

/// A preset name (for a tile of `element_bytes` elements: lane_preset), else a table (text with `;`
/// or a new line), else an expression (in the tile's elements as written). An unknown preset name
/// and text that does not read are kind `malformed`.
Outcome<LanePattern> parse_lane_pattern(std::string_view text, LdmNum num = LdmNum::x4,
                                        int element_bytes = 2);

}  // namespace fragviz
