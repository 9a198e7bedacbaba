// Our OpenGL 3.3 renderer of ImGui draw data, in place of ImGui_ImplOpenGL3_RenderDrawData (the
// GLFW backend still handles input). It draws the same triangles in the same order with the same
// blend equation as ImGui's backend, so the pictures are the same, but it is cheaper per pixel
// under software GL (llvmpipe), where shading and blending every pixel is most of a frame:
//
// - Triangles whose three vertices have alpha 255 and sample an opaque texel (the font atlas's white
//   pixel, or a texture registered with set_opaque(), like the cached grid layers and the output
//   view) are drawn with blending off: blending an opaque source gives the source anyway.
// - Triangles whose UVs all sit on the white pixel (every rectangle, frame and window background)
//   use a shader that skips the texture fetch: the white texel times the colour is the colour.
//
// A command is split into runs of consecutive triangles that need the same state, in order, so
// overlapping triangles still land in ImGui's order. Small runs of the cheap kinds (under a few
// thousand pixels) are folded into the general textured, blended run around them, which keeps the
// number of draw calls close to ImGui's.
#pragma once

#include <unordered_set>
#include <vector>

#include "imgui.h"

namespace fragviz::app {

class ImGuiRenderer {
 public:
  /// Compiles the shaders and uploads the font atlas. Needs a current GL 3.3 context.
  bool init();
  void shutdown();
  /// Uploads ImGui's font atlas again, after it was rebuilt (a new display scale; see fonts.hpp).
  void upload_fonts();
  /// Renders `dd` into the bound framebuffer (viewport from dd's display size and scale). Sets
  /// the GL state it needs and leaves the scissor test off; blending may be left on or off.
  /// With `clips` (rectangles in dd's coordinates, like ImDrawCmd::ClipRect), draws only inside
  /// them, and only the triangles that reach into them: a partial redraw (see draw_cache.hpp).
  void render(const ImDrawData* dd, const std::vector<ImVec4>* clips = nullptr);
  /// Declares that every texel of `tex` has alpha 255 (or that it no longer does).
  void set_opaque(ImTextureID tex, bool opaque);

 private:
  struct Run {
    unsigned first, count;  ///< in indices, from the command's first index
    int kind;               ///< see imgui_renderer.cpp
    float area;             ///< pixels covered
  };
  /// Fills runs_ for `count` indices of one command.
  void split(const ImDrawIdx* idx, unsigned count, const ImDrawVert* vtx, bool font, bool tex_opaque);
  /// Part of a command that reaches into a partial redraw's rectangle: its scissor box (GL's
  /// pixels) and its triangles' indices in idx_.
  struct Part {
    int cmd;
    int x0, y0, x1, y1;
    unsigned first, count;
  };

  unsigned program_[2] = {0, 0};  ///< textured, solid
  int proj_loc_[2] = {-1, -1};
  unsigned vao_ = 0, vbo_ = 0, ebo_ = 0, font_tex_ = 0;
  ImVec2 white_uv_{0, 0};
  std::unordered_set<ImTextureID> opaque_;
  std::vector<Run> runs_;
  std::vector<ImDrawIdx> idx_;
  std::vector<Part> parts_;
};

/// The app's one renderer (main.cpp creates the context it lives in).
ImGuiRenderer& imgui_renderer();

}  // namespace fragviz::app
