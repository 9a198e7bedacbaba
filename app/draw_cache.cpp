#include "draw_cache.hpp"

#include <glad/gl.h>

#include <cmath>
#include <cstdint>
#include <cstring>

#include "backends/imgui_impl_opengl3.h"

namespace fragviz::app {

CachedLayer::CachedLayer() : list_(std::make_unique<ImDrawList>(nullptr)) {}

CachedLayer::~CachedLayer() {
  // The GL context may already be gone at exit; deleting names of a dead context is harmless.
  if (tex_) glDeleteTextures(1, &tex_);
  if (fbo_) glDeleteFramebuffers(1, &fbo_);
}

ImDrawList* CachedLayer::begin(ImVec2 min, ImVec2 max, ImU32 bg) {
  window_list_ = ImGui::GetWindowDrawList();
  // Whole pixels, so each texel lands on one screen pixel.
  min_ = ImVec2(std::floor(min.x), std::floor(min.y));
  max_ = ImVec2(std::ceil(max.x), std::ceil(max.y));
  w_ = static_cast<int>(max_.x - min_.x);
  h_ = static_cast<int>(max_.y - min_.y);
  bg_ = bg;
  direct_ = gl_failed_ || w_ <= 0 || h_ <= 0;
  if (direct_) return window_list_;
  // Set up like ImGui::Begin sets up a window's list.
  list_->_Data = ImGui::GetDrawListSharedData();
  list_->_ResetForNewFrame();
  list_->_FringeScale = 1.f;
  const ImGuiStyle& st = ImGui::GetStyle();
  list_->Flags =
      (st.AntiAliasedLines ? ImDrawListFlags_AntiAliasedLines : 0) |
      (st.AntiAliasedLinesUseTex ? ImDrawListFlags_AntiAliasedLinesUseTex : 0) |
      (st.AntiAliasedFill ? ImDrawListFlags_AntiAliasedFill : 0) |
      ((ImGui::GetIO().BackendFlags & ImGuiBackendFlags_RendererHasVtxOffset) ? ImDrawListFlags_AllowVtxOffset
                                                                              : 0);
  list_->PushTextureID(ImGui::GetIO().Fonts->TexID);
  list_->PushClipRect(min_, max_);
  return list_.get();
}

bool CachedLayer::same_as_cached() const {
  const ImDrawList& l = *list_;
  if (!valid_ || cached_w_ != w_ || cached_h_ != h_ || cached_bg_ != bg_ || cached_min_.x != min_.x ||
      cached_min_.y != min_.y)
    return false;
  if (static_cast<std::size_t>(l.VtxBuffer.Size) != vtx_.size() ||
      static_cast<std::size_t>(l.IdxBuffer.Size) != idx_.size() ||
      static_cast<std::size_t>(l.CmdBuffer.Size) != cmds_.size())
    return false;
  for (int i = 0; i < l.CmdBuffer.Size; ++i) {
    const ImDrawCmd& c = l.CmdBuffer[i];
    const Cmd& k = cmds_[static_cast<std::size_t>(i)];
    if (c.ClipRect.x != k.clip.x || c.ClipRect.y != k.clip.y || c.ClipRect.z != k.clip.z ||
        c.ClipRect.w != k.clip.w || c.TextureId != k.tex || c.VtxOffset != k.vtx_offset ||
        c.IdxOffset != k.idx_offset || c.ElemCount != k.count || c.UserCallback != nullptr)
      return false;
  }
  return std::memcmp(l.VtxBuffer.Data, vtx_.data(), vtx_.size() * sizeof(ImDrawVert)) == 0 &&
         std::memcmp(l.IdxBuffer.Data, idx_.data(), idx_.size() * sizeof(ImDrawIdx)) == 0;
}

void CachedLayer::store() {
  const ImDrawList& l = *list_;
  vtx_.assign(l.VtxBuffer.Data, l.VtxBuffer.Data + l.VtxBuffer.Size);
  idx_.assign(l.IdxBuffer.Data, l.IdxBuffer.Data + l.IdxBuffer.Size);
  cmds_.clear();
  for (const ImDrawCmd& c : l.CmdBuffer)
    cmds_.push_back(Cmd{c.ClipRect, c.TextureId, c.VtxOffset, c.IdxOffset, c.ElemCount});
  cached_min_ = min_;
  cached_w_ = w_;
  cached_h_ = h_;
  cached_bg_ = bg_;
}

bool CachedLayer::ensure_target(int w, int h) {
  if (fbo_ && w == tex_w_ && h == tex_h_) return true;
  GLint prev_tex = 0, prev_fbo = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &prev_tex);
  glGetIntegerv(GL_FRAMEBUFFER_BINDING, &prev_fbo);
  if (!tex_) glGenTextures(1, &tex_);
  if (!fbo_) glGenFramebuffers(1, &fbo_);
  glBindTexture(GL_TEXTURE_2D, tex_);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  // One texel per screen pixel: nearest keeps the copy exact.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex_, 0);
  const bool ok = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(prev_fbo));
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(prev_tex));
  tex_w_ = w;
  tex_h_ = h;
  return ok;
}

void CachedLayer::rasterise() {
  GLint prev_fbo = 0;
  GLfloat prev_clear[4];
  glGetIntegerv(GL_FRAMEBUFFER_BINDING, &prev_fbo);
  glGetFloatv(GL_COLOR_CLEAR_VALUE, prev_clear);
  const GLboolean scissor = glIsEnabled(GL_SCISSOR_TEST);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  glDisable(GL_SCISSOR_TEST);
  const ImVec4 c = ImGui::ColorConvertU32ToFloat4(bg_);
  glClearColor(c.x, c.y, c.z, 1.f);  // opaque, so the texture can stand in for the background
  glClear(GL_COLOR_BUFFER_BIT);
  ImDrawList* lists[1] = {list_.get()};
  ImDrawData dd;
  dd.Valid = true;
  dd.CmdLists = lists;
  dd.CmdListsCount = 1;
  dd.TotalVtxCount = list_->VtxBuffer.Size;
  dd.TotalIdxCount = list_->IdxBuffer.Size;
  dd.DisplayPos = min_;
  dd.DisplaySize = ImVec2(static_cast<float>(w_), static_cast<float>(h_));
  dd.FramebufferScale = ImVec2(1.f, 1.f);
  // The backend saves and restores its GL state and draws into whatever framebuffer is bound.
  ImGui_ImplOpenGL3_RenderDrawData(&dd);
  glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(prev_fbo));
  glClearColor(prev_clear[0], prev_clear[1], prev_clear[2], prev_clear[3]);
  if (scissor) glEnable(GL_SCISSOR_TEST);
}

void CachedLayer::end() {
  if (direct_) return;
  list_->_PopUnusedDrawCmd();
  if (same_as_cached()) {
    ++reuses_;
  } else {
    if (!ensure_target(w_, h_)) {
      // No framebuffer object: draw this and every later frame straight into the window.
      gl_failed_ = true;
      valid_ = false;
      ImGui::GetWindowDrawList()->AddText(min_, IM_COL32(235, 64, 52, 255),
                                          "(cache unavailable; drawn next frame)");
      return;
    }
    store();
    valid_ = true;
    pending_ = true;
  }
  // GL's first texture row is the bottom of the picture: flip v.
  window_list_->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(tex_)), min_, max_,
                         ImVec2(0, 1), ImVec2(1, 0));
}

void CachedLayer::render() {
  if (!pending_) return;
  pending_ = false;
  rasterise();
  ++renders_;
}

}  // namespace fragviz::app
