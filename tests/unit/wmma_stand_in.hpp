// A software stand-in for nvcuda::wmma::load_matrix_sync, for the WMMA unit tests: it reads the
// probe tiles (wmma_tile) through a made-up map, as the device would through its own, and writes
// the lanes' bytes. Bit helpers are written out here, not taken from the model.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "fragviz/isa/wmma.hpp"

namespace wmma_test {

using namespace fragviz;

inline const WmmaKind& kind(const char* name) {
  const WmmaKind* w = find_wmma_kind(name);
  EXPECT_NE(w, nullptr) << name;
  return w ? *w : wmma_kinds()[0];
}

/// Bits [bit, bit + width) of a byte string, read without the model's helpers.
inline std::uint64_t read_bits(const std::vector<std::uint8_t>& bytes, std::size_t bit, int width) {
  std::uint64_t v = 0;
  for (int i = 0; i < width; ++i)
    v |= static_cast<std::uint64_t>((bytes[(bit + i) / 8] >> ((bit + i) % 8)) & 1) << i;
  return v;
}
inline void write_bits(std::vector<std::uint8_t>& bytes, std::size_t bit, int width, std::uint64_t v) {
  for (int i = 0; i < width; ++i)
    if ((v >> i) & 1)
      bytes[(bit + i) / 8] = static_cast<std::uint8_t>(bytes[(bit + i) / 8] | (1 << ((bit + i) % 8)));
}

/// Element offset of (row, col) in a row- or column-major tile with leading dimension ldm,
/// written out here (not wmma_element_offset).
inline int offset(bool row_major, int ldm, int row, int col) {
  return row_major ? row * ldm + col : col * ldm + row;
}

/// Elements of a stored tile that belong to no cell (its leading dimension rounded up to 16 bytes).
inline bool padded(const WmmaKind& w) {
  return wmma_ldm(w) != (w.layout == WmmaLayout::row ? wmma_cols(w) : wmma_rows(w));
}

/// A stand-in for load_matrix_sync: lane l's x[i] is the tile element of cell map[l * elements + i]
/// (a cell index row * cols + col, or -1 for the tile's last element, padding where padded()).
inline std::vector<std::vector<std::uint8_t>> load_through(const WmmaKind& w, const std::vector<int>& map) {
  const int bits = element_bits(w.type), cols = wmma_cols(w);
  const bool row_major = w.layout == WmmaLayout::row;
  std::vector<std::vector<std::uint8_t>> raw;
  for (int p = 0; p < wmma_passes(w); ++p) {
    const std::vector<std::uint8_t> tile = wmma_tile(w, p);
    std::vector<std::uint8_t> out(static_cast<std::size_t>(32 * w.elements * bits / 8), 0);
    for (int lane = 0; lane < 32; ++lane)
      for (int i = 0; i < w.elements; ++i) {
        const int cell = map[static_cast<std::size_t>(lane * w.elements + i)];
        const int e =
            cell >= 0 ? offset(row_major, wmma_ldm(w), cell / cols, cell % cols) : wmma_tile_elements(w) - 1;
        const std::uint64_t v = read_bits(tile, static_cast<std::size_t>(e) * bits, bits);
        write_bits(out, static_cast<std::size_t>((lane * w.elements + i) * bits), bits, v);
      }
    raw.push_back(out);
  }
  return raw;
}

}  // namespace wmma_test
