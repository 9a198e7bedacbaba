// Loading the fonts of assets/fonts.json into ImGui's atlas at the display scale.
//
// ImGui's coordinates here are logical pixels (physical pixels / scale; display_scale.cpp sets ImGui's
// DisplayFramebufferScale to the scale), so every size in the panels grows with the scale by
// itself. Text must too, and stay sharp: each font is rasterised at size x scale, then its glyph
// metrics are divided by the scale, so that ImGui lays text out at the logical size while each
// texel of the atlas lands on one physical pixel. (ImGui 1.86 has no notion of a font's raster
// density; this is the same as loading at the large size and setting FontGlobalScale = 1/scale,
// except that code calling AddText(font, font->FontSize, ...) also gets the logical size.)
#pragma once

#include <string>

#include "fragviz/viewmodel/assets.hpp"

namespace fragviz::app {

/// What load_fonts() did, for the state dump.
struct FontStatus {
  struct One {
    std::string path;     ///< the TrueType file loaded, "" for ImGui's built-in font
    float size = 0;       ///< logical pixels
    float raster_px = 0;  ///< physical pixels the glyphs were rasterised at
  };
  One ui, small, bold;
  float scale = 1;
  std::string notice;  ///< one line when a font fell back to ImGui's built-in one, else ""
};

/// Clears ImGui's font atlas, loads `set`'s fonts for display scale `scale`, builds the atlas and
/// points fonts() (panels.hpp) at the new fonts. Call outside NewFrame()..Render(); upload the
/// atlas again afterwards (ImGuiRenderer::upload_fonts). Never fails: a font that cannot be found
/// or read is replaced by ImGui's built-in font, and FontStatus::notice says so.
const FontStatus& load_fonts(const FontSet& set, float scale);

/// The result of the last load_fonts().
const FontStatus& font_status();

}  // namespace fragviz::app
