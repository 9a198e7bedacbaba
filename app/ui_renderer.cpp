// The default renderer: Dear ImGui's OpenGL 3 backend, unchanged. The cached one lives in
// ui_renderer_cached.cpp.
#include "ui_renderer.hpp"

#include "backends/imgui_impl_opengl3.h"

namespace fragviz::app {

std::unique_ptr<UiRenderer> make_cached_renderer();  // ui_renderer_cached.cpp

namespace {

class OpenGl3Renderer final : public UiRenderer {
 public:
  std::string init() override {
    // GLSL 3.30 matches the GL 3.3 core context main.cpp asks for.
    if (!ImGui_ImplOpenGL3_Init("#version 330 core")) return "Dear ImGui's OpenGL 3 backend did not start";
    started_ = true;
    // The backend creates its objects (and the font texture) on its first NewFrame; create them
    // now, so that a failure is reported here and the first frame is like every other.
    if (!ImGui_ImplOpenGL3_CreateDeviceObjects()) return "Dear ImGui's OpenGL 3 backend: no shaders or fonts";
    return {};
  }
  void upload_fonts() override {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
  void render(ImDrawData* dd) override { ImGui_ImplOpenGL3_RenderDrawData(dd); }
  void shutdown() override {
    if (started_) ImGui_ImplOpenGL3_Shutdown();
    started_ = false;
  }
  RendererKind kind() const override { return RendererKind::opengl3; }

 private:
  bool started_ = false;
};

}  // namespace

const char* to_string(RendererKind k) { return k == RendererKind::cached ? "cached" : "opengl3"; }

std::optional<RendererKind> parse_renderer(std::string_view name) {
  if (name == "opengl3") return RendererKind::opengl3;
  if (name == "cached") return RendererKind::cached;
  return std::nullopt;
}

std::unique_ptr<UiRenderer> make_renderer(RendererKind k) {
  if (k == RendererKind::cached) return make_cached_renderer();
  return std::make_unique<OpenGl3Renderer>();
}

}  // namespace fragviz::app
