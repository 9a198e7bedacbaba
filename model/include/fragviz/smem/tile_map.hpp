// The device-usable half of the layout model (smem_layout.hpp): a parsed CuTe tile layout as plain
// data, and the functions that map a logical (row, col) to its offset. Compiles for host and device
// (FRAGVIZ_HD) and needs nothing but <cstdint>, so probe and gate kernels can take a TileMap as a
// kernel argument and address shared memory exactly as the model and the views do.
//
// Semantics are CuTe's (NVIDIA/cutlass include/cute/layout.hpp crd2idx, swizzle.hpp,
// layout_composed.hpp); smem_layout.hpp's header comment has the details and the units.
#pragma once

#include <cstdint>

#include "fragviz/isa/tv_layout.hpp"
#include "fragviz/util/host_device.hpp"

namespace fragviz {

/// CuTe's `Swizzle<B,M,S>` (include/cute/swizzle.hpp): `bits` = B, `base` = M, `shift` = S.
/// B = 0 is the identity.
struct CuteSwizzle {
  int bits = 0;
  int base = 0;
  int shift = 0;
  /// The swizzled offset: bits [M, M+B) ^= bits [M+S, M+S+B) (S < 0: bits [M-S, M-S+B) ^= bits [M, M+B)).
  FRAGVIZ_HD constexpr std::int64_t operator()(std::int64_t offset) const {
    if (bits == 0) return offset;
    const std::int64_t mask = (std::int64_t{1} << bits) - 1;
    const std::int64_t yyy = mask << (base + (shift > 0 ? shift : 0));
    const std::int64_t moved = offset & yyy;
    return offset ^ (shift >= 0 ? moved >> shift : moved << -shift);
  }
  friend FRAGVIZ_HD constexpr bool operator==(CuteSwizzle a, CuteSwizzle b) {
    return a.bits == b.bits && a.base == b.base && a.shift == b.shift;
  }
};

/// Most leaf modes one top-level mode of a parsed layout may have (`((8,2),(8,8))` has 2 and 2).
inline constexpr int kMaxLayoutLeaves = 8;

/// A rank-2 CuTe layout with its nested modes flattened, composed with an offset and a swizzle:
/// offset(row, col) = swizzle(offset + sum of digit * stride), `row` split over mode[0]'s leaves and
/// `col` over mode[1]'s, first leaf fastest (CuTe's crd2idx). Plain data, usable on the device.
struct FlatLayout {
  int leaves[2] = {1, 1};               ///< leaf modes of mode 0 (rows) and mode 1 (columns)
  Mode mode[2][kMaxLayoutLeaves] = {};  ///< shape (digits) and stride (offset units per digit)
  std::int32_t offset = 0;              ///< the composed offset K of `Swizzle o K o Layout`
  CuteSwizzle swizzle{};
};

/// Number of coordinates top-level mode `m` (0: rows, 1: columns) covers: its leaves' shape product.
FRAGVIZ_HD constexpr std::int64_t layout_mode_size(const FlatLayout& l, int m) {
  std::int64_t n = 1;
  for (int i = 0; i < l.leaves[m]; ++i) n *= l.mode[m][i].shape;
  return n;
}

/// CuTe's layout(row, col) before the swizzle, without the composed offset.
FRAGVIZ_HD constexpr std::int64_t layout_linear(const FlatLayout& l, std::int64_t row, std::int64_t col) {
  std::int64_t offset = 0;
  const std::int64_t coord[2] = {row, col};
  for (int m = 0; m < 2; ++m) {
    std::int64_t c = coord[m];
    for (int i = 0; i < l.leaves[m]; ++i) {
      const Mode& d = l.mode[m][i];
      // The last leaf takes what is left, unreduced, as CuTe's crd2idx does (no mod on the last mode).
      const std::int64_t digit = i + 1 == l.leaves[m] ? c : c % d.shape;
      offset += digit * d.stride;
      c /= d.shape;
    }
  }
  return offset;
}

/// (Swizzle o K o Layout)(row, col): the offset, in the layout's units, of logical (row, col).
FRAGVIZ_HD constexpr std::int64_t layout_offset(const FlatLayout& l, std::int64_t row, std::int64_t col) {
  return l.swizzle(l.offset + layout_linear(l, row, col));
}

/// CuTe's layout(i) for a 1-D index: `i` split colexicographically over the whole shape (rows first).
FRAGVIZ_HD constexpr std::int64_t layout_offset_1d(const FlatLayout& l, std::int64_t i) {
  const std::int64_t rows = layout_mode_size(l, 0);
  return layout_offset(l, i % rows, i / rows);
}

/// What a layout's numbers count: elements of the tile's element type, or bytes.
enum class LayoutUnits : std::uint8_t { elements, bytes };

/// Element sizes fragviz lays out, in bytes: 1, 2, 4, 8.
constexpr bool valid_element_bytes(int bytes) { return bytes == 1 || bytes == 2 || bytes == 4 || bytes == 8; }

/// A parsed tile layout as plain data (device-usable): `rows` x `cols` logical elements of
/// `element_bytes` bytes each, placed by `layout` counted in `units`.
struct TileMap {
  FlatLayout layout{};
  LayoutUnits units = LayoutUnits::elements;
  int element_bytes = 2;
  int rows = 0;  ///< logical rows (mode 0's size)
  int cols = 0;  ///< logical columns in elements (mode 1's size, divided by element_bytes in byte units)
};

/// Byte offset from the tile base of the first byte of logical element (row, col).
FRAGVIZ_HD constexpr std::int64_t element_byte_offset(const TileMap& t, int row, int col) {
  return t.units == LayoutUnits::bytes ? layout_offset(t.layout, row, std::int64_t{col} * t.element_bytes)
                                       : layout_offset(t.layout, row, col) * t.element_bytes;
}

}  // namespace fragviz
