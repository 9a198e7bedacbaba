// The cached renderer (--renderer cached; ui_renderer.hpp says when it helps). It draws the same
// triangles in the same order with the same blend equation and scissor boxes as Dear ImGui's
// OpenGL 3 backend, with two differences that change the cost, not the pixels:
//
// - Grid layers (draw_layer.hpp). The commands between a layer's two markers are copied, with
//   their vertices re-based to the layer's first one, and compared byte for byte with what the
//   layer's texture holds. Unchanged: the texture is drawn as one quad in their place. Changed:
//   per 32x32-pixel tile a 64-bit hash of the triangles that reach it (in order, with their clip
//   rectangle and texture) says which tiles changed; only those are cleared and drawn again into
//   the texture, with only the triangles that reach them, scissored to them. Where more than half
//   the tiles changed (or the layer moved or was resized) the whole texture is drawn again. The
//   texture is cleared to the layer's opaque background, so the quad is drawn unblended. Whether a
//   layer changed at all rests on the exact comparison; only the choice of tiles within a changed
//   layer rests on the hash. All textures are drawn before the frame, so the frame itself never
//   switches framebuffers.
// - Triangles whose three vertices have alpha 255 and whose UVs all sit on the font atlas's white
//   texel (every opaque rectangle, frame and window background) are drawn with blending off:
//   blending an opaque source gives the source anyway. A command is split into runs of consecutive
//   triangles that need the same state, in order, so overlapping triangles still land in ImGui's
//   order. Opaque runs under 4096 pixels stay in the blended run around them, which keeps the
//   number of draw calls close to ImGui's (4096 is a guess, not tuned).
//
// An earlier version also drew the white-texel triangles with a shader that skips the texture
// fetch. llvmpipe rounds such a shader's anti-aliased edges differently from ImGui's "colour times
// texture" one (up to 8 levels where they meet glyphs), so it was dropped: same shader as ImGui's.
//
// What still differs from ImGui's backend, under llvmpipe: blending a glyph's edge into a layer's
// RGBA8 texture can round one level differently from blending it into the window (about 50 of 1.6
// million pixels at 1600x1000). tests/gui/test_renderers_same_pixels.sh allows exactly that.
#include <glad/gl.h>

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <unordered_map>
#include <vector>

#include "draw_layer.hpp"
#include "gl_program.hpp"
#include "ui_renderer.hpp"

namespace fragviz::app {

namespace {

// [SECTION] shaders and run kinds

// Run kinds.
constexpr int kGeneral = 0, kOpaque = 1;  ///< blended; blending off
constexpr float kMinRunPixels = 4096.f;
/// Side of a layer's damage tiles, in physical pixels.
constexpr int kTile = 32;

const char* const kVertex = R"(#version 330 core
layout (location = 0) in vec2 Position;
layout (location = 1) in vec2 UV;
layout (location = 2) in vec4 Color;
uniform mat4 ProjMtx;
out vec2 Frag_UV;
out vec4 Frag_Color;
void main() {
  Frag_UV = UV;
  Frag_Color = Color;
  gl_Position = ProjMtx * vec4(Position.xy, 0, 1);
}
)";
// The same as ImGui's OpenGL 3 backend.
const char* const kTextured = R"(#version 330 core
in vec2 Frag_UV;
in vec4 Frag_Color;
uniform sampler2D Texture;
layout (location = 0) out vec4 Out_Color;
void main() { Out_Color = Frag_Color * texture(Texture, Frag_UV.st); }
)";

// [SECTION] geometry helpers

/// A scissor box in framebuffer pixels, GL's way up: x0, y0, x1, y1.
struct Box {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool empty() const { return x1 <= x0 || y1 <= y0; }
  Box operator&(const Box& o) const {
    return Box{std::max(x0, o.x0), std::max(y0, o.y0), std::min(x1, o.x1), std::min(y1, o.y1)};
  }
};

/// What one pass draws into: ImGui's coordinates [origin, origin + size) onto a framebuffer of
/// fb_w x fb_h pixels. Scissor boxes are always worked out as ImGui's backend works them out for the
/// frame's framebuffer (same arithmetic, same truncation), then moved by `shift` pixels: a layer's
/// texture gets exactly the boxes its pixels would get on screen.
struct Target {
  ImVec2 origin{0, 0}, size{0, 0};  ///< the projection, in ImGui's coordinates
  int fb_w = 0, fb_h = 0;           ///< the viewport
  ImVec2 display_pos{0, 0};         ///< the frame's ImDrawData::DisplayPos
  ImVec2 scale{1, 1};               ///< the frame's FramebufferScale
  int frame_fb_h = 0;               ///< the frame's framebuffer height
  int shift_x = 0, shift_y = 0;     ///< frame pixels to this target's pixels (GL's way up)
  Box box_of(const ImVec4& c) const {
    const float x0 = (c.x - display_pos.x) * scale.x, y0 = (c.y - display_pos.y) * scale.y;
    const float x1 = (c.z - display_pos.x) * scale.x, y1 = (c.w - display_pos.y) * scale.y;
    if (x1 <= x0 || y1 <= y0) return Box{};
    const int bx = static_cast<int>(x0), by = static_cast<int>(static_cast<float>(frame_fb_h) - y1);
    const int bw = static_cast<int>(x1 - x0), bh = static_cast<int>(y1 - y0);
    return Box{bx - shift_x, by - shift_y, bx + bw - shift_x, by + bh - shift_y};
  }
};

ImVec4 intersect(const ImVec4& a, const ImVec4& b) {
  return ImVec4(std::max(a.x, b.x), std::max(a.y, b.y), std::min(a.z, b.z), std::min(a.w, b.w));
}

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdull;
}

std::uint64_t bits(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

// [SECTION] layers

/// One command of a layer, as its texture was drawn from.
struct LayerCmd {
  ImVec4 clip;
  ImTextureID tex;
  unsigned first, count;  ///< in LayerDrawing::idx
  bool operator==(const LayerCmd& o) const {
    return clip.x == o.clip.x && clip.y == o.clip.y && clip.z == o.clip.z && clip.w == o.clip.w &&
           tex == o.tex && first == o.first && count == o.count;
  }
};

/// Everything that decides a layer's pixels: its place, background and triangles, with vertex
/// numbers counted from the layer's first vertex (so that what the window drew before it does not
/// matter).
struct LayerDrawing {
  ImVec2 min{0, 0}, max{0, 0};
  ImU32 bg = 0;
  float scale = 1.f;
  int x = 0, y = 0;  ///< top-left in the frame's pixels, from its top-left
  int w = 0, h = 0;  ///< physical pixels
  std::vector<ImDrawVert> vtx;
  std::vector<std::uint32_t> idx;
  std::vector<LayerCmd> cmds;
  bool same_place(const LayerDrawing& o) const {
    return min.x == o.min.x && min.y == o.min.y && x == o.x && y == o.y && w == o.w && h == o.h &&
           bg == o.bg && scale == o.scale;
  }
  bool operator==(const LayerDrawing& o) const {
    return same_place(o) && cmds == o.cmds && idx == o.idx && vtx.size() == o.vtx.size() &&
           std::memcmp(vtx.data(), o.vtx.data(), vtx.size() * sizeof(ImDrawVert)) == 0;
  }
};

/// A layer's texture and what it shows.
struct LayerCache {
  unsigned fbo = 0, tex = 0;
  int tex_w = 0, tex_h = 0;
  bool valid = false;   ///< `shown` is in the texture
  bool failed = false;  ///< no framebuffer object: the layer is drawn directly from now on
  std::uint64_t ready_frame = 0;
  int last_cmd = -1;  ///< this frame: the layer's last command in its list (its end marker if kept)
  LayerDrawing shown;
  std::vector<std::uint64_t> tile_hashes;
};

/// Copies the layer whose begin marker is command `begin` of `list`. Its commands are those after
/// the marker up to its end marker, or, where ImGui dropped that (a table drops a trailing empty
/// command of a column twice when it merges its columns), up to the first command that draws none
/// of the layer's vertices or the end of the list. Returns the index of its last command (the end
/// marker where there is one), or -1 when a command mixes the layer's vertices with others (then
/// the layer is drawn directly).
int copy_layer(const ImDrawList& list, int begin, const DrawLayer& layer, ImVec2 display_pos, float scale,
               LayerDrawing& out) {
  out.min = layer.min;
  out.max = layer.max;
  out.bg = layer.bg;
  out.scale = scale;
  out.x = static_cast<int>(std::lround((layer.min.x - display_pos.x) * scale));
  out.y = static_cast<int>(std::lround((layer.min.y - display_pos.y) * scale));
  out.w = static_cast<int>(std::lround((layer.max.x - layer.min.x) * scale));
  out.h = static_cast<int>(std::lround((layer.max.y - layer.min.y) * scale));
  out.vtx.clear();
  out.idx.clear();
  out.cmds.clear();
  const int v0 = layer.vtx_begin, v1 = layer.vtx_end;
  if (v0 < 0 || v1 < v0 || v1 > list.VtxBuffer.Size) return -1;
  int last = list.CmdBuffer.Size - 1;
  for (int c = begin + 1; c < list.CmdBuffer.Size; ++c) {
    const ImDrawCmd& cmd = list.CmdBuffer[c];
    if (ends_layer(cmd)) {
      last = c;
      break;
    }
    if (cmd.UserCallback) {
      last = c - 1;
      break;
    }
    const ImDrawIdx* idx = list.IdxBuffer.Data + cmd.IdxOffset;
    unsigned inside = 0;
    for (unsigned i = 0; i < cmd.ElemCount; ++i) {
      const long v = static_cast<long>(cmd.VtxOffset) + idx[i];
      inside += v >= v0 && v < v1 ? 1 : 0;
    }
    if (cmd.ElemCount > 0 && inside == 0) {
      last = c - 1;
      break;
    }
    if (inside != cmd.ElemCount) return -1;
    const unsigned first = static_cast<unsigned>(out.idx.size());
    for (unsigned i = 0; i < cmd.ElemCount; ++i)
      out.idx.push_back(static_cast<std::uint32_t>(static_cast<long>(cmd.VtxOffset) + idx[i] - v0));
    out.cmds.push_back(LayerCmd{cmd.ClipRect, cmd.TextureId, first, cmd.ElemCount});
  }
  out.vtx.assign(list.VtxBuffer.Data + v0, list.VtxBuffer.Data + v1);
  return last;
}

/// Per tile of `d` (kTile pixels square), a hash of every triangle whose box reaches it, in drawing
/// order, with its command's clip rectangle and texture: a tile's pixels depend on nothing else.
std::vector<std::uint64_t> tile_hashes(const LayerDrawing& d) {
  const int tw = (d.w + kTile - 1) / kTile, th = (d.h + kTile - 1) / kTile;
  std::vector<std::uint64_t> hashes(static_cast<std::size_t>(std::max(tw, 0) * std::max(th, 0)), 0);
  for (const LayerCmd& c : d.cmds) {
    std::uint64_t seed = mix(mix(bits(c.clip.x), bits(c.clip.y)), mix(bits(c.clip.z), bits(c.clip.w)));
    seed = mix(seed, static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(c.tex)));
    for (unsigned i = c.first; i + 2 < c.first + c.count; i += 3) {
      std::uint64_t h = seed;
      float x0 = FLT_MAX, y0 = FLT_MAX, x1 = -FLT_MAX, y1 = -FLT_MAX;
      for (unsigned k = 0; k < 3; ++k) {
        const ImDrawVert& v = d.vtx[d.idx[i + k]];
        h = mix(mix(h, bits(v.pos.x) << 32 | bits(v.pos.y)), mix(bits(v.uv.x) << 32 | bits(v.uv.y), v.col));
        x0 = std::min(x0, v.pos.x);
        y0 = std::min(y0, v.pos.y);
        x1 = std::max(x1, v.pos.x);
        y1 = std::max(y1, v.pos.y);
      }
      // A triangle covers only pixels whose centres lie in its box; one pixel of margin.
      const auto px = [&](float v, float origin, float margin) {
        return static_cast<int>(std::floor((v - origin) * d.scale + margin));
      };
      const int tx0 = std::max(0, px(x0, d.min.x, -1.f) / kTile);
      const int ty0 = std::max(0, px(y0, d.min.y, -1.f) / kTile);
      const int tx1 = std::min(tw - 1, px(x1, d.min.x, 1.f) / kTile);
      const int ty1 = std::min(th - 1, px(y1, d.min.y, 1.f) / kTile);
      for (int ty = ty0; ty <= ty1; ++ty)
        for (int tx = tx0; tx <= tx1; ++tx) {
          std::uint64_t& t = hashes[static_cast<std::size_t>(ty * tw + tx)];
          t = mix(t, h);
        }
    }
  }
  return hashes;
}

/// A part of a layer to draw again: texture pixels [x0, x1) x [y0, y1) from its top-left, and the
/// same rectangle in ImGui's coordinates (for picking the triangles that reach into it).
struct Damage {
  int x0, y0, x1, y1;
  ImVec4 rect;
};

/// The tiles whose hash changed, one rectangle per run of changed tiles in a row of tiles; false
/// when all of the layer must be drawn again (more than half the tiles changed).
bool damage(const LayerDrawing& d, const std::vector<std::uint64_t>& was,
            const std::vector<std::uint64_t>& now, std::vector<Damage>& out) {
  out.clear();
  if (was.size() != now.size()) return false;
  std::size_t dirty = 0;
  for (std::size_t i = 0; i < now.size(); ++i) dirty += now[i] != was[i] ? 1 : 0;
  if (dirty * 2 > now.size()) return false;  // mostly dirty: one full render is cheaper
  const int tw = (d.w + kTile - 1) / kTile, th = (d.h + kTile - 1) / kTile;
  for (int ty = 0; ty < th; ++ty)
    for (int tx = 0; tx < tw;) {
      const auto at = [&](int x) { return static_cast<std::size_t>(ty * tw + x); };
      if (now[at(tx)] == was[at(tx)]) {
        ++tx;
        continue;
      }
      const int start = tx;
      while (tx < tw && now[at(tx)] != was[at(tx)]) ++tx;
      const int x0 = start * kTile, y0 = ty * kTile, x1 = std::min(d.w, tx * kTile),
                y1 = std::min(d.h, (ty + 1) * kTile);
      out.push_back(Damage{
          x0, y0, x1, y1,
          ImVec4(d.min.x + static_cast<float>(x0) / d.scale, d.min.y + static_cast<float>(y0) / d.scale,
                 d.min.x + static_cast<float>(x1) / d.scale, d.min.y + static_cast<float>(y1) / d.scale)});
    }
  return true;
}

// [SECTION] the renderer

class CachedRenderer final : public UiRenderer {
 public:
  std::string init() override;
  void upload_fonts() override;
  void render(ImDrawData* dd) override;
  void shutdown() override;
  RendererKind kind() const override { return RendererKind::cached; }
  std::uint64_t layer_renders() const override { return layer_renders_; }

 private:
  struct Run {
    unsigned first, count;  ///< in indices, from the command's first index
    int kind;
    float area;  ///< pixels covered
  };
  template <class Idx>
  void split(const Idx* idx, unsigned count, const ImDrawVert* vtx, bool font);
  void begin_pass(const Target& t);
  /// Draws `count` indices at `first` of the bound element buffer, whose data is `idx`, of vertices
  /// `vtx` (the bound vertex buffer from `base_vertex`).
  template <class Idx>
  void draw(Box box, ImTextureID tex, const Idx* idx, unsigned first, unsigned count, const ImDrawVert* vtx,
            int base_vertex);
  /// Makes sure the layer's texture is `w` x `h`; false when no framebuffer object can be made.
  bool ensure_target(LayerCache& c, int w, int h);
  /// Draws `d` into its texture: all of it, or only the damaged `parts`.
  void rasterise(LayerCache& c, const LayerDrawing& d, const Target& frame, const std::vector<Damage>* parts);
  /// Brings the textures of the layers in `dd` up to date; marks them ready for this frame.
  void prepare_layers(const ImDrawData* dd, const Target& frame);
  void draw_quad(const Target& t, const LayerCache& c, const DrawLayer& layer, const ImVec4& outer_clip);

  unsigned program_ = 0;
  int proj_loc_ = -1;
  unsigned vao_ = 0, vbo_ = 0, ebo_ = 0, font_tex_ = 0;
  unsigned quad_vao_ = 0, quad_vbo_ = 0, quad_ebo_ = 0;  ///< the layer quads, apart from the lists' data
  ImVec2 white_uv_{0, 0};
  bool blend_on_ = true;
  std::vector<Run> runs_;
  std::vector<ImDrawIdx> part_idx_;
  std::vector<std::uint32_t> part_idx32_;
  std::unordered_map<const DrawLayer*, LayerCache> layers_;
  LayerDrawing scratch_;
  std::uint64_t frame_ = 0, layer_renders_ = 0;
};

std::string CachedRenderer::init() {
  ImGuiIO& io = ImGui::GetIO();
  io.BackendRendererName = "fragviz_cached";
  io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;  // glDrawElementsBaseVertex
  if (std::string e = link_program("ImGui", kVertex, kTextured, &program_); !e.empty()) return e;
  proj_loc_ = glGetUniformLocation(program_, "ProjMtx");
  glUseProgram(program_);
  glUniform1i(glGetUniformLocation(program_, "Texture"), 0);
  glUseProgram(0);
  const std::array<std::array<unsigned*, 3>, 2> sets{
      {{&vao_, &vbo_, &ebo_}, {&quad_vao_, &quad_vbo_, &quad_ebo_}}};
  for (auto [vao, vbo, ebo] : sets) {
    glGenVertexArrays(1, vao);
    glGenBuffers(1, vbo);
    glGenBuffers(1, ebo);
    glBindVertexArray(*vao);
    glBindBuffer(GL_ARRAY_BUFFER, *vbo);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, *ebo);  // part of the VAO's state
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(ImDrawVert),
                          reinterpret_cast<void*>(offsetof(ImDrawVert, pos)));
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, sizeof(ImDrawVert),
                          reinterpret_cast<void*>(offsetof(ImDrawVert, uv)));
    glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(ImDrawVert),
                          reinterpret_cast<void*>(offsetof(ImDrawVert, col)));
  }
  glBindVertexArray(0);
  glGenTextures(1, &font_tex_);
  upload_fonts();
  return {};
}

void CachedRenderer::upload_fonts() {
  // The font atlas, as ImGui's backend uploads it (RGBA, linear filtering), into the same texture
  // name every time, so the atlas's TexID stays valid across a rebuild.
  ImGuiIO& io = ImGui::GetIO();
  unsigned char* px = nullptr;
  int w = 0, h = 0;
  io.Fonts->GetTexDataAsRGBA32(&px, &w, &h);
  GLint prev_tex = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &prev_tex);
  glBindTexture(GL_TEXTURE_2D, font_tex_);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(prev_tex));
  io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(font_tex_)));
  // A new atlas puts its white texel elsewhere: split() must look for the new one.
  white_uv_ = io.Fonts->TexUvWhitePixel;
}

void CachedRenderer::shutdown() {
  for (auto& [layer, c] : layers_) {
    if (c.tex) glDeleteTextures(1, &c.tex);
    if (c.fbo) glDeleteFramebuffers(1, &c.fbo);
  }
  layers_.clear();
  if (program_) glDeleteProgram(program_);
  program_ = 0;
  for (unsigned* vao : {&vao_, &quad_vao_})
    if (*vao) glDeleteVertexArrays(1, vao), *vao = 0;
  for (unsigned* buf : {&vbo_, &ebo_, &quad_vbo_, &quad_ebo_})
    if (*buf) glDeleteBuffers(1, buf), *buf = 0;
  if (font_tex_) glDeleteTextures(1, &font_tex_);
  font_tex_ = 0;
  ImGui::GetIO().Fonts->SetTexID(nullptr);
}

template <class Idx>
void CachedRenderer::split(const Idx* idx, unsigned count, const ImDrawVert* vtx, bool font) {
  runs_.clear();
  const auto white = [&](const ImDrawVert& v) { return v.uv.x == white_uv_.x && v.uv.y == white_uv_.y; };
  // Runs of consecutive triangles of one kind, with the pixels they cover.
  for (unsigned i = 0; i + 2 < count; i += 3) {
    const ImDrawVert& a = vtx[idx[i]];
    const ImDrawVert& b = vtx[idx[i + 1]];
    const ImDrawVert& c = vtx[idx[i + 2]];
    const bool solid = font && white(a) && white(b) && white(c);
    const bool alpha_one = (a.col & b.col & c.col & IM_COL32_A_MASK) == IM_COL32_A_MASK;
    const int kind = alpha_one && solid ? kOpaque : kGeneral;
    const float area = 0.5f * std::abs((b.pos.x - a.pos.x) * (c.pos.y - a.pos.y) -
                                       (c.pos.x - a.pos.x) * (b.pos.y - a.pos.y));
    if (!runs_.empty() && runs_.back().kind == kind) {
      runs_.back().count += 3;
      runs_.back().area += area;
    } else {
      runs_.push_back(Run{i, 3, kind, area});
    }
  }
  // Small opaque runs join the blended kind; neighbours of one kind merge.
  std::size_t out = 0;
  for (Run r : runs_) {
    if (r.area < kMinRunPixels) r.kind = kGeneral;
    if (out > 0 && runs_[out - 1].kind == r.kind)
      runs_[out - 1].count += r.count;
    else
      runs_[out++] = r;
  }
  runs_.resize(out);
}

void CachedRenderer::begin_pass(const Target& t) {
  // The state ImGui's backend sets.
  glEnable(GL_BLEND);
  blend_on_ = true;
  glBlendEquation(GL_FUNC_ADD);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDisable(GL_CULL_FACE);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_STENCIL_TEST);
  glEnable(GL_SCISSOR_TEST);
  glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  glViewport(0, 0, t.fb_w, t.fb_h);
  const float L = t.origin.x, R = t.origin.x + t.size.x;
  const float T = t.origin.y, B = t.origin.y + t.size.y;
  const float proj[4][4] = {
      {2.f / (R - L), 0.f, 0.f, 0.f},
      {0.f, 2.f / (T - B), 0.f, 0.f},
      {0.f, 0.f, -1.f, 0.f},
      {(R + L) / (L - R), (T + B) / (B - T), 0.f, 1.f},
  };
  glUseProgram(program_);
  glUniformMatrix4fv(proj_loc_, 1, GL_FALSE, &proj[0][0]);
  glActiveTexture(GL_TEXTURE0);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
}

template <class Idx>
void CachedRenderer::draw(Box box, ImTextureID tex, const Idx* idx, unsigned first, unsigned count,
                          const ImDrawVert* vtx, int base_vertex) {
  if (box.empty() || count == 0) return;
  glScissor(box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0);
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(reinterpret_cast<std::intptr_t>(tex)));
  split(idx + first, count, vtx + base_vertex, tex == ImGui::GetIO().Fonts->TexID);
  const GLenum type = sizeof(Idx) == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT;
  for (const Run& r : runs_) {
    const bool want_blend = r.kind != kOpaque;
    if (want_blend != blend_on_) (blend_on_ = want_blend) ? glEnable(GL_BLEND) : glDisable(GL_BLEND);
    glDrawElementsBaseVertex(
        GL_TRIANGLES, static_cast<GLsizei>(r.count), type,
        reinterpret_cast<void*>(static_cast<std::intptr_t>((first + r.first) * sizeof(Idx))),
        static_cast<GLint>(base_vertex));
  }
}

bool CachedRenderer::ensure_target(LayerCache& c, int w, int h) {
  if (c.fbo && w == c.tex_w && h == c.tex_h) return true;
  // Never ask the driver for a texture it cannot make (llvmpipe crashes rather than failing).
  if (w <= 0 || h <= 0 || w > gl_max_side() || h > gl_max_side()) return false;
  GLint prev_tex = 0, prev_fbo = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &prev_tex);
  glGetIntegerv(GL_FRAMEBUFFER_BINDING, &prev_fbo);
  if (!c.tex) glGenTextures(1, &c.tex);
  if (!c.fbo) glGenFramebuffers(1, &c.fbo);
  glBindTexture(GL_TEXTURE_2D, c.tex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  // One texel per screen pixel: nearest keeps the copy exact.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindFramebuffer(GL_FRAMEBUFFER, c.fbo);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, c.tex, 0);
  const bool ok = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(prev_fbo));
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(prev_tex));
  c.tex_w = w;
  c.tex_h = h;
  c.valid = false;
  return ok;
}

void CachedRenderer::rasterise(LayerCache& c, const LayerDrawing& d, const Target& frame,
                               const std::vector<Damage>* parts) {
  // The layer's pixels are the frame's pixels [x, x + w) x [y, y + h) (from the top-left).
  Target t = frame;
  t.origin = d.min;
  t.size = ImVec2(static_cast<float>(d.w) / d.scale, static_cast<float>(d.h) / d.scale);
  t.fb_w = d.w;
  t.fb_h = d.h;
  t.shift_x = d.x;
  t.shift_y = frame.frame_fb_h - d.y - d.h;
  glBindFramebuffer(GL_FRAMEBUFFER, c.fbo);
  const ImVec4 bg = ImGui::ColorConvertU32ToFloat4(d.bg);
  glClearColor(bg.x, bg.y, bg.z, 1.f);  // opaque, so the texture can stand in for the background
  glViewport(0, 0, d.w, d.h);
  // A damaged part as a scissor box of the texture (GL's rows go up).
  const auto box = [&](const Damage& p) { return Box{p.x0, d.h - p.y1, p.x1, d.h - p.y0}; };
  if (parts) {
    glEnable(GL_SCISSOR_TEST);
    for (const Damage& p : *parts) {
      const Box b = box(p);
      glScissor(b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0);
      glClear(GL_COLOR_BUFFER_BIT);
    }
  } else {
    glDisable(GL_SCISSOR_TEST);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  begin_pass(t);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(d.vtx.size() * sizeof(ImDrawVert)), d.vtx.data(),
               GL_STREAM_DRAW);
  if (!parts) {
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(d.idx.size() * sizeof(std::uint32_t)),
                 d.idx.data(), GL_STREAM_DRAW);
    for (const LayerCmd& cmd : d.cmds)
      draw(t.box_of(cmd.clip), cmd.tex, d.idx.data(), cmd.first, cmd.count, d.vtx.data(), 0);
  } else {
    // For each damaged part, the triangles that reach into it, in order, drawn with their command's
    // scissor box cut down to the part: inside it every pixel gets what a full render gives it;
    // outside, nothing is touched.
    struct Piece {
      const LayerCmd* cmd;
      Box box;
      unsigned first, count;
    };
    std::vector<Piece> pieces;
    for (const Damage& p : *parts) {
      const Box pb = box(p);
      const ImVec4& clip = p.rect;
      part_idx32_.clear();
      pieces.clear();
      for (const LayerCmd& cmd : d.cmds) {
        const Box b = t.box_of(cmd.clip) & pb;
        if (b.empty()) continue;
        const unsigned first = static_cast<unsigned>(part_idx32_.size());
        for (unsigned i = cmd.first; i + 2 < cmd.first + cmd.count; i += 3) {
          const ImVec2 &u = d.vtx[d.idx[i]].pos, &v = d.vtx[d.idx[i + 1]].pos, &w = d.vtx[d.idx[i + 2]].pos;
          // A triangle covers only pixels whose centres lie in its bounding box.
          if (std::max({u.x, v.x, w.x}) < clip.x - 1 || std::min({u.x, v.x, w.x}) > clip.z + 1 ||
              std::max({u.y, v.y, w.y}) < clip.y - 1 || std::min({u.y, v.y, w.y}) > clip.w + 1)
            continue;
          part_idx32_.insert(part_idx32_.end(), d.idx.begin() + i, d.idx.begin() + i + 3);
        }
        if (part_idx32_.size() > first)
          pieces.push_back(Piece{&cmd, b, first, static_cast<unsigned>(part_idx32_.size()) - first});
      }
      glBufferData(GL_ELEMENT_ARRAY_BUFFER,
                   static_cast<GLsizeiptr>(part_idx32_.size() * sizeof(std::uint32_t)), part_idx32_.data(),
                   GL_STREAM_DRAW);
      for (const Piece& q : pieces)
        draw(q.box, q.cmd->tex, part_idx32_.data(), q.first, q.count, d.vtx.data(), 0);
    }
  }
  ++layer_renders_;
}

void CachedRenderer::prepare_layers(const ImDrawData* dd, const Target& frame) {
  const float scale = dd->FramebufferScale.x;
  GLint prev_fbo = 0;
  glGetIntegerv(GL_FRAMEBUFFER_BINDING, &prev_fbo);
  bool drew = false;
  std::vector<Damage> parts;
  for (int n = 0; n < dd->CmdListsCount; ++n) {
    const ImDrawList& list = *dd->CmdLists[n];
    for (int c = 0; c < list.CmdBuffer.Size; ++c) {
      const DrawLayer* layer = layer_begun_by(list.CmdBuffer[c]);
      if (!layer) continue;
      LayerCache& cache = layers_[layer];
      const int last = copy_layer(list, c, *layer, dd->DisplayPos, scale, scratch_);
      if (last < 0 || cache.failed) continue;  // drawn directly
      cache.last_cmd = last;
      c = last;
      if (cache.valid && scratch_ == cache.shown) {
        cache.ready_frame = frame_;
        continue;
      }
      const bool fits =
          scratch_.w > 0 && scratch_.h > 0 && scratch_.w <= gl_max_side() && scratch_.h <= gl_max_side();
      if (!fits || !ensure_target(cache, scratch_.w, scratch_.h)) {
        cache.failed = fits;  // an incomplete framebuffer will not get better; a size may
        cache.valid = false;
        continue;
      }
      std::vector<std::uint64_t> hashes = tile_hashes(scratch_);
      const bool partial = cache.valid && cache.shown.same_place(scratch_) &&
                           damage(scratch_, cache.tile_hashes, hashes, parts);
      rasterise(cache, scratch_, frame, partial ? &parts : nullptr);
      drew = true;
      cache.tile_hashes.swap(hashes);
      std::swap(cache.shown, scratch_);
      cache.valid = true;
      cache.ready_frame = frame_;
    }
  }
  if (drew) glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(prev_fbo));
}

void CachedRenderer::draw_quad(const Target& t, const LayerCache& c, const DrawLayer& layer,
                               const ImVec4& outer_clip) {
  // The texture where the layer's triangles were, on the same pixels (GL's first texture row is
  // the bottom of the picture: v is flipped). Opaque: no blending.
  const ImVec2 a = layer.min, b = layer.max;
  const ImDrawVert quad[4] = {{a, ImVec2(0, 1), IM_COL32_WHITE},
                              {ImVec2(b.x, a.y), ImVec2(1, 1), IM_COL32_WHITE},
                              {b, ImVec2(1, 0), IM_COL32_WHITE},
                              {ImVec2(a.x, b.y), ImVec2(0, 0), IM_COL32_WHITE}};
  const ImDrawIdx idx[6] = {0, 1, 2, 0, 2, 3};
  const Box box = t.box_of(intersect(outer_clip, ImVec4(a.x, a.y, b.x, b.y)));
  if (box.empty()) return;
  glBindVertexArray(quad_vao_);
  glBindBuffer(GL_ARRAY_BUFFER, quad_vbo_);
  glBufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STREAM_DRAW);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STREAM_DRAW);
  glScissor(box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0);
  glBindTexture(GL_TEXTURE_2D, c.tex);
  if (blend_on_) glDisable(GL_BLEND), blend_on_ = false;
  glDrawElements(GL_TRIANGLES, 6, sizeof(ImDrawIdx) == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT, nullptr);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
}

void CachedRenderer::render(ImDrawData* dd) {
  ++frame_;
  // The framebuffer size as ImGui's backend works it out.
  const int fb_w = static_cast<int>(dd->DisplaySize.x * dd->FramebufferScale.x);
  const int fb_h = static_cast<int>(dd->DisplaySize.y * dd->FramebufferScale.y);
  if (fb_w <= 0 || fb_h <= 0 || !program_) return;
  Target t;
  t.origin = t.display_pos = dd->DisplayPos;
  t.size = dd->DisplaySize;
  t.scale = dd->FramebufferScale;
  t.fb_w = fb_w;
  t.fb_h = t.frame_fb_h = fb_h;
  GLfloat prev_clear[4];
  glGetFloatv(GL_COLOR_CLEAR_VALUE, prev_clear);
  prepare_layers(dd, t);
  glClearColor(prev_clear[0], prev_clear[1], prev_clear[2], prev_clear[3]);

  begin_pass(t);
  for (int n = 0; n < dd->CmdListsCount; ++n) {
    const ImDrawList* list = dd->CmdLists[n];
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(list->VtxBuffer.Size) * sizeof(ImDrawVert),
                 list->VtxBuffer.Data, GL_STREAM_DRAW);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(list->IdxBuffer.Size) * sizeof(ImDrawIdx),
                 list->IdxBuffer.Data, GL_STREAM_DRAW);
    for (int c = 0; c < list->CmdBuffer.Size; ++c) {
      const ImDrawCmd& cmd = list->CmdBuffer[c];
      if (const DrawLayer* layer = layer_begun_by(cmd)) {
        auto it = layers_.find(layer);
        if (it == layers_.end() || it->second.ready_frame != frame_) continue;  // drawn directly
        // Its commands are replaced by its texture.
        c = it->second.last_cmd;
        draw_quad(t, it->second, *layer, cmd.ClipRect);
        continue;
      }
      if (cmd.UserCallback) {
        // ImGui's reset request needs nothing here; the layer markers do nothing.
        if (cmd.UserCallback != ImDrawCallback_ResetRenderState) cmd.UserCallback(list, &cmd);
        continue;
      }
      draw(t.box_of(cmd.ClipRect), cmd.TextureId, list->IdxBuffer.Data, cmd.IdxOffset, cmd.ElemCount,
           list->VtxBuffer.Data, static_cast<int>(cmd.VtxOffset));
    }
  }
  glBindVertexArray(0);
  glDisable(GL_SCISSOR_TEST);  // so that the next glClear clears everything
  glEnable(GL_BLEND);
}

}  // namespace

std::unique_ptr<UiRenderer> make_cached_renderer() { return std::make_unique<CachedRenderer>(); }

}  // namespace fragviz::app
