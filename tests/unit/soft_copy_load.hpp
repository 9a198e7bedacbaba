// A software GPU's shared-memory loads, written from the PTX ISA's text (not from the model), for
// the CTA copy and tiled-MMA probe tests:
//  - ldmatrix ("Warp-level matrix load instruction: ldmatrix"): threads 8j..8j+7 give the addresses
//    of rows 0..7 of matrix j, each row eight 16-bit elements at 16 consecutive bytes; without
//    .trans lane l's destination register j holds matrix j's row l/4, elements 2(l%4) (low half)
//    and 2(l%4)+1; with .trans it holds column l/4, rows 2(l%4) and 2(l%4)+1.
//  - ld.shared.b32/.v2.b32/.v4.b32 ("ld"): register i holds the four bytes at address + 4i.
#pragma once

#include <cstdint>
#include <vector>

#include "fragviz/tile/cta_copy_probe.hpp"

namespace fragviz::tile {

/// The 16-bit element at `byte` of the image, little endian.
inline std::uint32_t half_at(const std::vector<std::uint8_t>& image, std::uint32_t byte) {
  return image.at(byte) | (std::uint32_t{image.at(byte + 1)} << 8);
}

/// Register `r` of load instruction `i` of thread `t` under plan `p`, by the rules above.
inline std::uint32_t soft_load_word(const CtaCopyProbePlan& p, int t, int i, int r) {
  const auto address = [&](int thread) {
    return p.addresses.at(static_cast<std::size_t>(thread) * p.instructions + i);
  };
  if (p.load == CopyProbeLoad::ldmatrix) {
    const int lane = t % 32, warp = t - lane;
    // Matrix r's element (row, col): row `row`'s address is lane 8r + row's.
    const auto element = [&](int row, int col) {
      return half_at(p.image, address(warp + 8 * r + row) + 2 * col);
    };
    const std::uint32_t lo = p.trans ? element(2 * (lane % 4), lane / 4) : element(lane / 4, 2 * (lane % 4));
    const std::uint32_t hi =
        p.trans ? element(2 * (lane % 4) + 1, lane / 4) : element(lane / 4, 2 * (lane % 4) + 1);
    return lo | (hi << 16);
  }
  const std::uint32_t a = address(t) + 4 * r;
  return half_at(p.image, a) | (half_at(p.image, a + 2) << 16);
}

}  // namespace fragviz::tile
