#include "palette.hpp"

#include "fragviz/viewmodel/assets.hpp"
#include "fragviz/viewmodel/grid_marks.hpp"
#include "imgui.h"

namespace fragviz::app {

namespace {

std::uint32_t packed(Rgb c) {
  return 0xff000000u | (static_cast<std::uint32_t>(c.b) << 16) | (static_cast<std::uint32_t>(c.g) << 8) | c.r;
}

void floats(Rgb c, float out[3]) {
  out[0] = static_cast<float>(c.r) / 255.f;
  out[1] = static_cast<float>(c.g) / 255.f;
  out[2] = static_cast<float>(c.b) / 255.f;
}

ImVec4 vec4(Rgb c) {
  float f[3];
  floats(c, f);
  return ImVec4(f[0], f[1], f[2], 1.f);
}

ImVec4& dim_text() {
  static ImVec4 dim(0.65f, 0.65f, 0.65f, 1.f);
  return dim;
}

}  // namespace

const ImVec4& screen_dim() { return dim_text(); }

void apply_screen_paper(ImGuiStyle& st) {
  const Paper& p = assets().palette.screen;
  st.Colors[ImGuiCol_WindowBg] = vec4(p.background);
  st.Colors[ImGuiCol_Text] = vec4(p.ink);
  dim_text() = vec4(p.dim);
}

std::uint32_t lane_colour(int lane) {
  return packed(assets().palette.lanes[static_cast<std::size_t>(lane & 31)]);
}

void lane_colour_rgb(int lane, float out[3]) {
  floats(assets().palette.lanes[static_cast<std::size_t>(lane & 31)], out);
}

std::uint32_t readable_text_colour(std::uint32_t fill) {
  const auto channel = [fill](int shift) { return static_cast<float>((fill >> shift) & 0xffu) / 255.f; };
  const float luma = 0.299f * channel(0) + 0.587f * channel(8) + 0.114f * channel(16);
  return luma > 0.55f ? 0xff000000u : 0xffffffffu;
}

std::uint32_t lane_text_colour(int lane) { return readable_text_colour(lane_colour(lane)); }

std::uint32_t faded_text_colour() { return packed(faded_label_colour(assets().palette.screen)); }

std::uint32_t empty_cell_colour() { return packed(app::empty_cell_colour(assets().palette.screen)); }

std::uint32_t warp_colour(int warp) {
  return packed(assets().palette.warps[static_cast<std::size_t>(warp & 3)]);
}

void block_warp_colour_rgb(int warp, float out[3]) {
  floats(assets().palette.block_warps[static_cast<std::size_t>(warp & 7)], out);
}

}  // namespace fragviz::app
