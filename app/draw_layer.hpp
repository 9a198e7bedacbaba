// Grid layers: the parts of a view that draw thousands of small cell, outline and glyph triangles
// (the fragment grids, the ldmatrix grid, the two bank grids). A view draws such a grid into its
// window's own draw list like anything else, between begin_layer() and end_layer(), which put two
// marker commands (ImGui draw callbacks that do nothing) around it and clip it to the layer's
// rectangle.
//
// Dear ImGui's OpenGL 3 backend (the default renderer) calls the markers, which do nothing, and
// draws the grid's triangles as usual. The cached renderer (--renderer cached, ui_renderer.hpp)
// finds the commands between the markers, keeps them in a texture and shows that texture instead,
// drawing the triangles again only when they changed. Only public ImGui API is used: draw
// callbacks, AddDrawCmd, PushClipRect and the list's public buffers.
#pragma once

#include "imgui.h"

namespace fragviz::app {

/// One grid layer of one view: where it is and what lies under it, as begin_layer() recorded it
/// this frame. The cached renderer reads it through the marker commands' callback data, so it must
/// outlive the frame's rendering (App owns them, in DrawLayers).
struct DrawLayer {
  ImVec2 min{0, 0}, max{0, 0};  ///< the rectangle, in ImGui's (logical) pixels, on whole physical pixels
  ImU32 bg = 0;                 ///< the opaque window background the grid is drawn over
  int vtx_begin = 0;            ///< the window list's vertices drawn in the layer: [vtx_begin, vtx_end)
  int vtx_end = 0;
};

/// The layers of the views that draw large grids.
struct DrawLayers {
  DrawLayer fragments, ldmatrix, banks_unpadded, banks_padded;
};

/// Starts `layer` over [min, max) of the current window, drawn over the opaque colour `bg` (what
/// the window shows there). Returns the window's draw list, clipped to the layer (rounded out to
/// whole physical pixels). Pair with end_layer().
ImDrawList* begin_layer(DrawLayer& layer, ImVec2 min, ImVec2 max, ImU32 bg);
/// Ends the layer begun last in the current window.
void end_layer(DrawLayer& layer);

/// The layer a marker command starts, or null when `cmd` is no layer's start.
const DrawLayer* layer_begun_by(const ImDrawCmd& cmd);
/// Whether `cmd` is the marker that ends a layer.
bool ends_layer(const ImDrawCmd& cmd);

}  // namespace fragviz::app
