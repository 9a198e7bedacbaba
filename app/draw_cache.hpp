// A cached drawing layer: a view draws its grid into a private ImDrawList every frame, as before,
// and the layer rasterises that list into a texture only when the list differs from the one it
// rasterised last (controls, selection, hover, window position or size changed). Unchanged frames
// show the texture as one quad. With software GL (llvmpipe) the thousands of small cell, outline and
// glyph triangles of the grids cost most of a frame; an unchanged grid then costs one textured quad.
//
// The comparison is of the exact vertices, indices and commands, so nothing the view draws can be
// stale: whatever changes what would be drawn, changes the list.
//
// When the list did change, often only a few cells did (a new selected lane recolours its cells
// and the last one's). The layer keeps, per 32x32-pixel tile, a 64-bit hash of the triangles that
// reach the tile, in order, with their clip rectangle and texture; only tiles whose hash changed are
// cleared and drawn again, with the triangles that reach them (ImGuiRenderer's partial redraw).
// Where more than half the tiles changed, the whole layer is drawn again. Where a framebuffer object cannot
// be made, the layer draws straight into the window's draw list instead.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "imgui.h"

namespace fragviz::app {

class CachedLayer {
 public:
  CachedLayer();
  CachedLayer(const CachedLayer&) = delete;
  CachedLayer& operator=(const CachedLayer&) = delete;
  ~CachedLayer();

  /// Starts the layer over screen rect [min, max) of the current window, drawn over `bg` (the
  /// window background the texture stands in for). Returns the draw list to draw into, in screen
  /// coordinates like the window's own. Needs a current GL context.
  ImDrawList* begin(ImVec2 min, ImVec2 max, ImU32 bg);
  /// Ends the layer and adds its texture to the window's draw list. If what was drawn differs from
  /// what the texture holds, the texture is marked for render().
  void end();
  /// Rasterises the layer into its texture if end() marked it. Call after ImGui::Render(), before
  /// the frame's draw data is rendered (the layer's list is kept until the next begin()).
  void render();

  /// Times the texture was rasterised (not shown again from cache), since start.
  std::uint64_t renders() const { return renders_; }
  /// Frames the layer was shown from its texture without rasterising.
  std::uint64_t reuses() const { return reuses_; }

 private:
  bool same_as_cached() const;
  /// Sets damage_ to the parts of the texture that must be drawn again (partial_), or asks for
  /// all of it; keeps the new tile hashes.
  void find_damage();
  void store();
  bool ensure_target(int w, int h);
  void rasterise();

  std::unique_ptr<ImDrawList> list_;
  ImDrawList* window_list_ = nullptr;  ///< the window's list (direct mode when no FBO)
  bool direct_ = false;                ///< this frame draws straight into window_list_
  bool gl_failed_ = false;             ///< FBO unavailable: always direct
  ImVec2 min_, max_;                   ///< in ImGui's (logical) coordinates, on whole physical pixels
  int w_ = 0, h_ = 0;                  ///< physical pixels
  float scale_ = 1.f;                  ///< physical pixels per logical one (the display scale)
  ImU32 bg_ = 0;
  // What the texture holds.
  std::vector<ImDrawVert> vtx_;
  std::vector<ImDrawIdx> idx_;
  struct Cmd {
    ImVec4 clip;
    ImTextureID tex;
    unsigned vtx_offset, idx_offset, count;
  };
  std::vector<Cmd> cmds_;
  ImVec2 cached_min_{-1, -1};
  int cached_w_ = 0, cached_h_ = 0;
  ImU32 cached_bg_ = 0;
  float cached_scale_ = 1.f;
  bool valid_ = false;
  bool pending_ = false;                       ///< list_ differs from the texture: rasterise in render()
  bool partial_ = false;                       ///< only damage_ needs rasterising again
  std::vector<ImVec4> damage_;                 ///< screen rectangles to rasterise again
  std::vector<std::array<int, 4>> damage_px_;  ///< the same in the texture's pixels (x0, y0, x1, y1)
  std::vector<std::uint64_t> tile_hashes_;     ///< what each tile of the texture shows (find_damage)
  unsigned fbo_ = 0, tex_ = 0;
  int tex_w_ = 0, tex_h_ = 0;
  std::uint64_t renders_ = 0, reuses_ = 0;
};

/// The cached layers of the views that draw large grids.
struct DrawLayers {
  CachedLayer fragments, ldmatrix, banks_unpadded, banks_padded;
  std::uint64_t renders() const {
    return fragments.renders() + ldmatrix.renders() + banks_unpadded.renders() + banks_padded.renders();
  }
  void render() {
    fragments.render();
    ldmatrix.render();
    banks_unpadded.render();
    banks_padded.render();
  }
};

}  // namespace fragviz::app
