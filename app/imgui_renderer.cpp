#include "imgui_renderer.hpp"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

#include "gl_program.hpp"

namespace fragviz::app {

namespace {

// Run kinds: bit 0 set = solid colour (no texture fetch), bit 1 set = opaque (blending off).
constexpr int kSolid = 1, kOpaque = 2, kGeneral = 0;
// A run of a cheap kind smaller than this many pixels (64x64) is drawn as part of the general run
// around it, so that small rectangles between glyphs do not each cost a draw call (not tuned).
constexpr float kMinRunPixels = 4096.f;

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
// For triangles whose UVs are all the atlas's white texel (1, 1, 1, 1): the product is the colour.
const char* const kSolidFrag = R"(#version 330 core
in vec4 Frag_Color;
layout (location = 0) out vec4 Out_Color;
void main() { Out_Color = Frag_Color; }
)";

}  // namespace

ImGuiRenderer& imgui_renderer() {
  static ImGuiRenderer r;
  return r;
}

bool ImGuiRenderer::init() {
  ImGuiIO& io = ImGui::GetIO();
  io.BackendRendererName = "fragviz_opengl3";
  io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;  // glDrawElementsBaseVertex
  for (int i = 0; i < 2; ++i)
    if (const std::string e = link_program("ImGui", kVertex, i == 0 ? kTextured : kSolidFrag, &program_[i]);
        !e.empty()) {
      std::fprintf(stderr, "fragviz: %s\n", e.c_str());
      return false;
    }
  for (int i = 0; i < 2; ++i) {
    proj_loc_[i] = glGetUniformLocation(program_[i], "ProjMtx");
    glUseProgram(program_[i]);
    if (const GLint t = glGetUniformLocation(program_[i], "Texture"); t >= 0) glUniform1i(t, 0);
  }
  glUseProgram(0);
  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &vbo_);
  glGenBuffers(1, &ebo_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo_);  // part of the VAO's state
  glEnableVertexAttribArray(0);
  glEnableVertexAttribArray(1);
  glEnableVertexAttribArray(2);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(ImDrawVert),
                        reinterpret_cast<void*>(offsetof(ImDrawVert, pos)));
  glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, sizeof(ImDrawVert),
                        reinterpret_cast<void*>(offsetof(ImDrawVert, uv)));
  glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(ImDrawVert),
                        reinterpret_cast<void*>(offsetof(ImDrawVert, col)));
  glBindVertexArray(0);

  glGenTextures(1, &font_tex_);
  upload_fonts();
  return true;
}

void ImGuiRenderer::upload_fonts() {
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

void ImGuiRenderer::shutdown() {
  for (unsigned& p : program_)
    if (p) glDeleteProgram(p), p = 0;
  if (vao_) glDeleteVertexArrays(1, &vao_);
  if (vbo_) glDeleteBuffers(1, &vbo_);
  if (ebo_) glDeleteBuffers(1, &ebo_);
  if (font_tex_) glDeleteTextures(1, &font_tex_);
  vao_ = vbo_ = ebo_ = font_tex_ = 0;
  ImGui::GetIO().Fonts->SetTexID(nullptr);
}

void ImGuiRenderer::set_opaque(ImTextureID tex, bool opaque) {
  if (opaque)
    opaque_.insert(tex);
  else
    opaque_.erase(tex);
}

void ImGuiRenderer::split(const ImDrawIdx* idx, unsigned count, const ImDrawVert* vtx, bool font,
                          bool tex_opaque) {
  runs_.clear();
  const auto white = [&](const ImDrawVert& v) { return v.uv.x == white_uv_.x && v.uv.y == white_uv_.y; };
  // Runs of consecutive triangles of one kind, with the pixels they cover.
  for (unsigned i = 0; i + 2 < count; i += 3) {
    const ImDrawVert& a = vtx[idx[i]];
    const ImDrawVert& b = vtx[idx[i + 1]];
    const ImDrawVert& c = vtx[idx[i + 2]];
    const bool solid = font && white(a) && white(b) && white(c);
    const bool alpha_one = (a.col & b.col & c.col & IM_COL32_A_MASK) == IM_COL32_A_MASK;
    const int kind = (solid ? kSolid : 0) | (alpha_one && (solid || tex_opaque) ? kOpaque : 0);
    const float area = 0.5f * std::abs((b.pos.x - a.pos.x) * (c.pos.y - a.pos.y) -
                                       (c.pos.x - a.pos.x) * (b.pos.y - a.pos.y));
    if (!runs_.empty() && runs_.back().kind == kind) {
      runs_.back().count += 3;
      runs_.back().area += area;
    } else {
      runs_.push_back(Run{i, 3, kind, area});
    }
  }
  // Small runs of the cheap kinds join the general kind; neighbours of one kind merge.
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

void ImGuiRenderer::render(const ImDrawData* dd, const std::vector<ImVec4>* clips) {
  // Rounded: at a display scale of 1.5 a 1000-pixel framebuffer is 666.67 logical pixels.
  const int fb_w = static_cast<int>(std::lround(dd->DisplaySize.x * dd->FramebufferScale.x));
  const int fb_h = static_cast<int>(std::lround(dd->DisplaySize.y * dd->FramebufferScale.y));
  if (fb_w <= 0 || fb_h <= 0 || !program_[0]) return;

  // The state ImGui's backend sets.
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDisable(GL_CULL_FACE);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_STENCIL_TEST);
  glEnable(GL_SCISSOR_TEST);
  glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  glViewport(0, 0, fb_w, fb_h);
  const float L = dd->DisplayPos.x, R = dd->DisplayPos.x + dd->DisplaySize.x;
  const float T = dd->DisplayPos.y, B = dd->DisplayPos.y + dd->DisplaySize.y;
  const ImVec2 scale = dd->FramebufferScale;
  const float proj[4][4] = {
      {2.f / (R - L), 0.f, 0.f, 0.f},
      {0.f, 2.f / (T - B), 0.f, 0.f},
      {0.f, 0.f, -1.f, 0.f},
      {(R + L) / (L - R), (T + B) / (B - T), 0.f, 1.f},
  };
  for (int i = 0; i < 2; ++i) {
    glUseProgram(program_[i]);
    glUniformMatrix4fv(proj_loc_[i], 1, GL_FALSE, &proj[0][0]);
  }
  int program = 1;  // the one in use
  bool blend = true;
  glActiveTexture(GL_TEXTURE0);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  const GLenum idx_type = sizeof(ImDrawIdx) == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT;
  const ImTextureID font_tex = ImGui::GetIO().Fonts->TexID;

  // A scissor box in framebuffer pixels, GL's way up: x0, y0, x1, y1.
  struct Box {
    int x0, y0, x1, y1;
  };
  // Exactly the box ImGui's backend would use for a clip rectangle. The small margin keeps a
  // corner that is a whole pixel only up to rounding (x / scale * scale) on that pixel.
  const auto box_of = [&](const ImVec4& c) {
    constexpr float kEps = 1e-3f;
    const float x0 = (c.x - L) * scale.x + kEps, y0 = (c.y - T) * scale.y + kEps;
    const float x1 = (c.z - L) * scale.x + kEps, y1 = (c.w - T) * scale.y + kEps;
    if (x1 <= x0 || y1 <= y0) return Box{0, 0, 0, 0};
    const int bx = static_cast<int>(x0), by = static_cast<int>(static_cast<float>(fb_h) - y1);
    return Box{bx, by, bx + static_cast<int>(x1 - x0), by + static_cast<int>(y1 - y0)};
  };
  // Draws `count` indices at `first` of the bound element buffer (whose data is `idx`).
  const auto draw = [&](const ImDrawList* list, const ImDrawCmd& cmd, Box box, const ImDrawIdx* idx,
                        unsigned first, unsigned count) {
    if (box.x1 <= box.x0 || box.y1 <= box.y0 || count == 0) return;
    glScissor(box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0);
    glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(reinterpret_cast<std::intptr_t>(cmd.TextureId)));
    split(idx + first, count, list->VtxBuffer.Data + cmd.VtxOffset, cmd.TextureId == font_tex,
          opaque_.count(cmd.TextureId) > 0);
    for (const Run& r : runs_) {
      const int want_program = (r.kind & kSolid) ? 1 : 0;
      const bool want_blend = !(r.kind & kOpaque);
      if (want_program != program) glUseProgram(program_[program = want_program]);
      if (want_blend != blend) (blend = want_blend) ? glEnable(GL_BLEND) : glDisable(GL_BLEND);
      glDrawElementsBaseVertex(
          GL_TRIANGLES, static_cast<GLsizei>(r.count), idx_type,
          reinterpret_cast<void*>(static_cast<std::intptr_t>((first + r.first) * sizeof(ImDrawIdx))),
          static_cast<GLint>(cmd.VtxOffset));
    }
  };

  for (int n = 0; n < dd->CmdListsCount; ++n) {
    const ImDrawList* list = dd->CmdLists[n];
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(list->VtxBuffer.Size) * sizeof(ImDrawVert),
                 list->VtxBuffer.Data, GL_STREAM_DRAW);
    if (!clips) {
      glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(list->IdxBuffer.Size) * sizeof(ImDrawIdx),
                   list->IdxBuffer.Data, GL_STREAM_DRAW);
      for (const ImDrawCmd& cmd : list->CmdBuffer) {
        if (cmd.UserCallback) {
          // No view of ours adds callbacks; ImGui's reset request is the only one to honour.
          if (cmd.UserCallback != ImDrawCallback_ResetRenderState) cmd.UserCallback(list, &cmd);
          continue;
        }
        draw(list, cmd, box_of(cmd.ClipRect), list->IdxBuffer.Data, cmd.IdxOffset, cmd.ElemCount);
      }
      continue;
    }
    // A partial redraw: for each clip rectangle, the triangles that reach into it, in order, drawn
    // with the scissor box of their command cut down to the rectangle. Inside the rectangle every
    // pixel gets what a full render gives it; outside, nothing is touched.
    for (const ImVec4& clip : *clips) {
      const Box cb = box_of(clip);
      idx_.clear();
      parts_.clear();
      for (int c = 0; c < list->CmdBuffer.Size; ++c) {
        const ImDrawCmd& cmd = list->CmdBuffer[c];
        if (cmd.UserCallback) continue;
        const Box b = box_of(cmd.ClipRect);
        const Box box{std::max(b.x0, cb.x0), std::max(b.y0, cb.y0), std::min(b.x1, cb.x1),
                      std::min(b.y1, cb.y1)};
        if (box.x1 <= box.x0 || box.y1 <= box.y0) continue;
        const unsigned first = static_cast<unsigned>(idx_.size());
        const ImDrawIdx* idx = list->IdxBuffer.Data + cmd.IdxOffset;
        const ImDrawVert* vtx = list->VtxBuffer.Data + cmd.VtxOffset;
        for (unsigned i = 0; i + 2 < cmd.ElemCount; i += 3) {
          const ImVec2 &p = vtx[idx[i]].pos, &q = vtx[idx[i + 1]].pos, &r = vtx[idx[i + 2]].pos;
          // A triangle covers only pixels whose centres lie in its bounding box.
          if (std::max({p.x, q.x, r.x}) < clip.x - 1 || std::min({p.x, q.x, r.x}) > clip.z + 1 ||
              std::max({p.y, q.y, r.y}) < clip.y - 1 || std::min({p.y, q.y, r.y}) > clip.w + 1)
            continue;
          idx_.insert(idx_.end(), idx + i, idx + i + 3);
        }
        if (idx_.size() > first)
          parts_.push_back(
              Part{c, box.x0, box.y0, box.x1, box.y1, first, static_cast<unsigned>(idx_.size()) - first});
      }
      glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(idx_.size() * sizeof(ImDrawIdx)),
                   idx_.data(), GL_STREAM_DRAW);
      for (const Part& part : parts_)
        draw(list, list->CmdBuffer[part.cmd], Box{part.x0, part.y0, part.x1, part.y1}, idx_.data(),
             part.first, part.count);
    }
  }
  glBindVertexArray(0);
  glDisable(GL_SCISSOR_TEST);  // so that the next glClear clears everything
}

}  // namespace fragviz::app
