#include "palette.hpp"

#include <array>

namespace fragviz::app {

namespace {

// 32 fixed colours, hand-ordered so that lanes next to each other in a fragment row (lanes 4g..4g+3
// sit side by side in A and C/D) differ in hue and lightness, and lanes eight apart (the same row
// position in the next matrix of an ldmatrix) differ too. Built from Kelly's and Glasbey-style
// maximally distinct sets, tuned on the dark background.
constexpr std::array<std::uint32_t, 32> kRgb = {
    0xE6194B, 0x3CB44B, 0xFFE119, 0x4363D8,  // lanes 0-3
    0xF58231, 0x911EB4, 0x46F0F0, 0xF032E6,  // 4-7
    0xBCF60C, 0xFABEBE, 0x008080, 0xE6BEFF,  // 8-11
    0x9A6324, 0xFFFAC8, 0x800000, 0xAAFFC3,  // 12-15
    0x808000, 0xFFD8B1, 0x000075, 0xA9A9A9,  // 16-19
    0xFF6F91, 0x2F9E44, 0xC9A227, 0x5C7CFA,  // 20-23
    0xD9480F, 0xCC5DE8, 0x15AABF, 0x862E9C,  // 24-27
    0x94D82D, 0xFF8787, 0x1864AB, 0xF4A6D7,  // 28-31
};

}  // namespace

std::uint32_t lane_colour(int lane) {
  const std::uint32_t rgb = kRgb[static_cast<std::size_t>(lane & 31)];
  const std::uint32_t r = (rgb >> 16) & 0xff, g = (rgb >> 8) & 0xff, b = rgb & 0xff;
  return 0xff000000u | (b << 16) | (g << 8) | r;
}

void lane_colour_rgb(int lane, float out[3]) {
  const std::uint32_t rgb = kRgb[static_cast<std::size_t>(lane & 31)];
  out[0] = static_cast<float>((rgb >> 16) & 0xff) / 255.f;
  out[1] = static_cast<float>((rgb >> 8) & 0xff) / 255.f;
  out[2] = static_cast<float>(rgb & 0xff) / 255.f;
}

std::uint32_t lane_text_colour(int lane) {
  float c[3];
  lane_colour_rgb(lane, c);
  const float luma = 0.299f * c[0] + 0.587f * c[1] + 0.114f * c[2];
  return luma > 0.55f ? 0xff000000u : 0xffffffffu;
}

}  // namespace fragviz::app
