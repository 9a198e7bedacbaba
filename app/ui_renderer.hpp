// What draws ImGui's draw data into the window. Two implementations behind one interface, picked
// with --renderer:
//
// - "opengl3" (the default): Dear ImGui's own OpenGL 3 backend (imgui_impl_opengl3 from
//   libimgui-dev), exactly as ImGui's examples use it.
// - "cached": fragviz's renderer for software GL (llvmpipe under Xvfb, remote X), where shading and
//   blending every pixel is most of a frame. It keeps each grid layer (draw_layer.hpp) in a texture
//   and redraws only the 32x32-pixel tiles whose triangles changed, draws opaque runs unblended and
//   solid runs without a texture fetch. Measured only under llvmpipe (docs/benchmarks): on a real
//   GPU a whole frame is about the 1 ms of UI building either way, so it is not the default. It
//   draws the same pixels as "opengl3" (tests/gui/test_renderers_same_pixels.sh checks).
//
// Neither owns global state of its own: main.cpp owns the one it made.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "imgui.h"

namespace fragviz::app {

/// Which renderer --renderer picked.
enum class RendererKind { opengl3, cached };

/// "opengl3" or "cached".
const char* to_string(RendererKind k);
/// The kind named `name`, or nullopt when it names none.
std::optional<RendererKind> parse_renderer(std::string_view name);

class UiRenderer {
 public:
  virtual ~UiRenderer() = default;
  /// Creates the GL objects and uploads ImGui's font atlas. Needs a current GL 3.3 context and an
  /// ImGui context. Returns why it could not, or "".
  virtual std::string init() = 0;
  /// Uploads ImGui's font atlas again after it was rebuilt (a new display scale; see fonts.hpp).
  virtual void upload_fonts() = 0;
  /// Draws `dd` into the bound framebuffer (viewport from its display size and scale).
  virtual void render(ImDrawData* dd) = 0;
  /// Deletes the GL objects; call while the context is still current.
  virtual void shutdown() = 0;
  /// The --renderer name.
  virtual RendererKind kind() const = 0;
  /// Grid layers rasterised into a texture since start (0 for a renderer that keeps none).
  virtual std::uint64_t layer_renders() const { return 0; }
};

/// A renderer of kind `k` (not yet initialised).
std::unique_ptr<UiRenderer> make_renderer(RendererKind k);

}  // namespace fragviz::app
