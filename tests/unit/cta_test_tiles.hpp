// What the CTA probe tests (test_cta_copy_probe.cpp, test_cta_fill_probe.cpp) share: a tile from a
// spec or a preset (a refusal fails the test), and a software GPU's shared image as the 32-bit
// little-endian words a device returns.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "fragviz/tile/cta_presets.hpp"

namespace fragviz::tile {

/// make_cta_tile of `spec`; a refusal fails the test.
inline CtaTile tile_of(const CtaTileSpec& spec) {
  const auto t = make_cta_tile(spec);
  EXPECT_TRUE(t) << t.message;
  return *t.value;
}

/// The tile of preset `name`.
inline CtaTile preset(const char* name) {
  const CtaPreset* p = find_cta_preset(name);
  EXPECT_NE(p, nullptr) << name;
  return tile_of(p->spec);
}

/// `image` (a multiple of 4 bytes) as 32-bit words, little endian.
inline std::vector<std::uint32_t> words_of(const std::vector<std::uint8_t>& image) {
  std::vector<std::uint32_t> words(image.size() / 4);
  for (std::size_t n = 0; n < words.size(); ++n)
    words[n] = image[4 * n] | (std::uint32_t{image[4 * n + 1]} << 8) |
               (std::uint32_t{image[4 * n + 2]} << 16) | (std::uint32_t{image[4 * n + 3]} << 24);
  return words;
}

}  // namespace fragviz::tile
