// Shared-memory tile layouts in CuTe's notation: a shape:stride layout, optionally composed with a
// swizzle, e.g. `Swizzle<3,3,3> o (8,64):(64,1)`.
//
// Semantics are CuTe's (NVIDIA/cutlass include/cute/layout.hpp, swizzle.hpp, layout_composed.hpp):
//  - A layout maps a logical coordinate to an offset: each top-level mode's coordinate is split
//    colexicographically over that mode's (nested) shape, first leaf fastest, and the offset is the
//    sum of digit * stride. Top-level mode 0 is the tile's row, mode 1 its column.
//  - `Swizzle<B,M,S>` then maps offset -> offset ^ ((offset & (mask(B) << (M + max(0,S)))) >> S):
//    bits [M, M+B) ^= bits [M+S, M+S+B) (a negative S shifts left instead). CuTe requires B >= 0,
//    M >= 0 and |S| >= B; all three are given (CuTe has no default).
//  - `Swizzle<B,M,S> o K o L` (CuTe's print of a ComposedLayout) is swizzle(K + L(coord)).
//
// Units. By default the notation counts elements of the chosen element type (2 bytes for .b16):
// an element's byte offset is the layout's offset times the element size. With LayoutUnits::bytes
// (the CLI's `--units bytes`), or a `B:` in front of one layout (`B:Swizzle<3,4,3> o
// (8,128):(128,1)`), the whole notation counts bytes, as Hopper's swizzle modes are
// written (Swizzle<3,4,3> on byte offsets is the 128-byte mode): the column mode then spans bytes,
// element (row, col) starts at layout(row, col * element_bytes), and every element's bytes must
// stay together.
//
// Pure model: no CUDA, no GL. What a kernel needs (FlatLayout, TileMap and their FRAGVIZ_HD
// functions) is in tile_map.hpp, plain data a probe kernel can take as an argument; this header
// adds the parser, presets and the round trip (host only).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fragviz/isa/fragment.hpp"
#include "fragviz/smem/banks.hpp"
#include "fragviz/smem/tile_map.hpp"
#include "fragviz/util/outcome.hpp"

namespace fragviz {

/// "elements" or "bytes".
std::string_view to_string(LayoutUnits u);
/// Parses "elements" or "bytes".
std::optional<LayoutUnits> parse_layout_units(std::string_view text);

/// Bytes of a PTX element type name: b8/s8/u8/e4m3/e5m2 1, b16/f16/bf16 2, b32/f32/tf32/s32 4,
/// b64/f64 8; nullopt for anything else.
std::optional<int> parse_element_type(std::string_view text);

/// A tile layout the model accepted: every element lies in [0, footprint_bytes), the footprint fits
/// the largest shared memory a block can have (kMaxTileBytes), and (byte units) no element's bytes
/// are torn apart by the swizzle.
struct SmemLayout {
  TileMap map{};
  std::int64_t footprint_bytes = 0;  ///< one past the last byte any element occupies (bytes)
  /// Canonical CuTe text, e.g. "Swizzle<3,3,3> o (8,64):(64,1)", with `B:` in front in byte units:
  /// parse_smem_layout(notation, any units, element_bytes) gives this layout back.
  std::string notation;
  int rows() const { return map.rows; }
  int cols() const { return map.cols; }
  int element_bytes() const { return map.element_bytes; }
  /// Byte offset from the tile base of logical element (row, col).
  std::int64_t byte_offset(int row, int col) const { return element_byte_offset(map, row, col); }
  /// True when (row, col) lies inside the logical tile.
  bool contains(int row, int col) const { return row >= 0 && col >= 0 && row < map.rows && col < map.cols; }
};

/// Parses CuTe notation: `[B:] [Swizzle<B,M,S> o [K o]] (shape):(stride)`. `B:` makes this layout
/// count bytes whatever `units` says. Accepted spellings: `o` or
/// `∘` for composition, `Sw<B,M,S>` (CuTe's print), `_8` for a static 8,
/// nested tuples on both sides (congruent), whitespace anywhere between tokens. The layout must be
/// rank 2 (rows, columns) with at most kMaxLayoutLeaves leaves per mode. Text that does not read
/// (including CuTe's static_asserts on a swizzle) is kind `malformed` with the 1-based character
/// position: "col 14: expected ',' or ')'"; a layout that reads but fragviz cannot hold is `refused`.
Outcome<SmemLayout> parse_smem_layout(std::string_view text, LayoutUnits units = LayoutUnits::elements,
                                      int element_bytes = 2);

/// Parses a swizzle alone, `Swizzle<B,M,S>` (the spellings parse_smem_layout accepts), with CuTe's
/// checks; errors as parse_smem_layout's.
Outcome<CuteSwizzle> parse_cute_swizzle(std::string_view text);
/// "Swizzle<3,3,3>".
std::string to_string(CuteSwizzle s);

/// A swizzle that changes no offset of its layout, in words, else nullopt (no swizzle, or one that
/// moves at least one offset). Swizzle<B,M,S> changes an offset only where one of the B bits it
/// reads is set (bits [M+S, M+S+B) for S > 0, [M, M+B) for S < 0), so on a layout whose every offset
/// (K + L(coord), in the layout's units, over its whole domain) has those bits clear it is the
/// identity, e.g. "Swizzle<9,9,9> changes no offset of this layout: it reads bits 18-26 of an
/// offset (in elements), and the largest offset is 1023"; a Swizzle<0,M,S> written out (CuTe's
/// identity) is said too.
std::optional<std::string> idle_swizzle_note(const SmemLayout& l);

/// The CuTe notation of a tile of the app's controls (width and pad in halves, optional XOR
/// swizzle), whose element byte offsets equal byte_offset(t, ·) for every (row, col) of the
/// t.rows x t.width_halves tile: `(rows,width):(width+pad,1)`; with the XOR swizzle (chunk ^= row % 8
/// inside each 128-byte group) on a row stride of 64 * 2^j halves, `Swizzle<3,3,3+j> o` that layout.
/// A stride of 64 * k halves with k not a power of two has no such Swizzle<B,M,S> (the row's low
/// three bits never appear together in the offset's bits): refused, and so is any geometry
/// validate() refuses for its swizzle or size.
Outcome<std::string> tile_geometry_notation(const TileGeometry& t);

/// Which logical element occupies a byte of the tile.
struct ByteOwner {
  std::int32_t cell = -1;  ///< row * cols + col of the element, -1 where no element lies (pad)
  std::int8_t byte = 0;    ///< which byte of that element (0 = its first)
};

/// For every byte of [0, footprint_bytes): the element placed there. Where the layout sends two
/// elements to the same byte (a stride of 0, an overlap), the later in row-major order is kept.
std::vector<ByteOwner> tile_byte_owners(const SmemLayout& l);

/// Logical coordinate of a row-major cell index (row = cell / cols).
inline Coord cell_coord(const SmemLayout& l, std::int32_t cell) {
  return Coord{cell / l.cols(), cell % l.cols()};
}

/// The first element that a read through one layout does not get back from a write through another.
struct RoundTripMismatch {
  Coord logical{};                ///< the logical coordinate read
  std::int64_t read_byte = 0;     ///< tile byte offset the read layout sent it to (bytes)
  std::int64_t written_byte = 0;  ///< tile byte offset the write layout had put it at (bytes)
  std::optional<Coord> found;     ///< the element whose bytes lie at read_byte; nullopt: none (pad)
  int found_byte = 0;             ///< which byte of `found` lies at read_byte (0 = its first)
};

/// Every element written through one layout and read back through another.
struct RoundTrip {
  std::int64_t elements = 0;               ///< rows * cols
  std::int64_t mismatches = 0;             ///< elements whose bytes do not come back whole and in order
  std::optional<RoundTripMismatch> first;  ///< first in row-major order
  /// Two elements the write layout sends to overlapping bytes (the first such pair in row-major
  /// order): the later write is kept, as tile_byte_owners says; on a GPU the survivor is unspecified.
  std::optional<std::array<Coord, 2>> write_overlap;
  std::vector<std::uint8_t> ok;  ///< per row-major cell: 1 when it reads back, for views to mark
  bool agree() const { return mismatches == 0; }
};

/// Writes every element of the tile through `write` (row-major order) and reads every element back
/// through `read`. Refused when the two differ in shape or element size.
Outcome<RoundTrip> round_trip(const SmemLayout& write, const SmemLayout& read);

}  // namespace fragviz
