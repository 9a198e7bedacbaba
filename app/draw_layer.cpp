#include "draw_layer.hpp"

#include <algorithm>
#include <cmath>

namespace fragviz::app {

namespace {

// The markers. A renderer that knows nothing of layers calls them and draws on; the cached
// renderer recognises them by address.
void begin_marker(const ImDrawList*, const ImDrawCmd*) {}
void end_marker(const ImDrawList*, const ImDrawCmd*) {}

}  // namespace

ImDrawList* begin_layer(DrawLayer& layer, ImVec2 min, ImVec2 max, ImU32 bg) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  // Whole physical pixels (ImGui's coordinates are logical ones: physical / scale), so that a
  // texture of the layer puts each texel on one screen pixel.
  const float scale = std::max(ImGui::GetIO().DisplayFramebufferScale.x, 0.01f);
  layer.min = ImVec2(std::floor(min.x * scale) / scale, std::floor(min.y * scale) / scale);
  layer.max = ImVec2(std::ceil(max.x * scale) / scale, std::ceil(max.y * scale) / scale);
  layer.bg = bg;
  dl->AddCallback(begin_marker, &layer);  // also starts a new command after it
  dl->PushClipRect(layer.min, layer.max, true);
  layer.vtx_begin = dl->VtxBuffer.Size;
  layer.vtx_end = layer.vtx_begin;
  return dl;
}

void end_layer(DrawLayer& layer) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  layer.vtx_end = dl->VtxBuffer.Size;
  dl->PopClipRect();
  dl->AddCallback(end_marker, &layer);
}

const DrawLayer* layer_begun_by(const ImDrawCmd& cmd) {
  return cmd.UserCallback == &begin_marker ? static_cast<const DrawLayer*>(cmd.UserCallbackData) : nullptr;
}

bool ends_layer(const ImDrawCmd& cmd) { return cmd.UserCallback == &end_marker; }

}  // namespace fragviz::app
