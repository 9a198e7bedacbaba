#include "draw_cache.hpp"

#include <glad/gl.h>

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "gl_program.hpp"
#include "imgui_renderer.hpp"

namespace fragviz::app {

CachedLayer::CachedLayer() : list_(std::make_unique<ImDrawList>(nullptr)) {}

CachedLayer::~CachedLayer() {
  // The GL context may already be gone at exit; deleting names of a dead context is harmless.
  if (tex_)
    imgui_renderer().set_opaque(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(tex_)), false);
  if (tex_) glDeleteTextures(1, &tex_);
  if (fbo_) glDeleteFramebuffers(1, &fbo_);
}

ImDrawList* CachedLayer::begin(ImVec2 min, ImVec2 max, ImU32 bg) {
  window_list_ = ImGui::GetWindowDrawList();
  // Whole physical pixels (ImGui's coordinates are logical ones: physical / scale), so each texel
  // lands on one screen pixel.
  scale_ = std::max(ImGui::GetIO().DisplayFramebufferScale.x, 0.01f);
  const float px0 = std::floor(min.x * scale_), py0 = std::floor(min.y * scale_);
  const float px1 = std::ceil(max.x * scale_), py1 = std::ceil(max.y * scale_);
  min_ = ImVec2(px0 / scale_, py0 / scale_);
  max_ = ImVec2(px1 / scale_, py1 / scale_);
  w_ = static_cast<int>(px1 - px0);
  h_ = static_cast<int>(py1 - py0);
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
      cached_min_.y != min_.y || cached_scale_ != scale_)
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

namespace {

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdull;
}

std::uint64_t bits(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

}  // namespace

void CachedLayer::find_damage() {
  // Per tile of the layer (32x32 physical pixels), a hash of every triangle whose box reaches it, in
  // drawing order, with its command's clip rectangle and texture: a tile's pixels depend on nothing
  // else.
  constexpr int kTile = 32;
  const int tw = (w_ + kTile - 1) / kTile, th = (h_ + kTile - 1) / kTile;
  std::vector<std::uint64_t> hashes(static_cast<std::size_t>(tw) * static_cast<std::size_t>(th), 0);
  const ImDrawList& l = *list_;
  for (const ImDrawCmd& c : l.CmdBuffer) {
    std::uint64_t seed =
        mix(mix(bits(c.ClipRect.x), bits(c.ClipRect.y)), mix(bits(c.ClipRect.z), bits(c.ClipRect.w)));
    seed = mix(seed, static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(c.TextureId)));
    const ImDrawIdx* idx = l.IdxBuffer.Data + c.IdxOffset;
    const ImDrawVert* vtx = l.VtxBuffer.Data + c.VtxOffset;
    for (unsigned i = 0; i + 2 < c.ElemCount; i += 3) {
      std::uint64_t h = seed;
      float x0 = FLT_MAX, y0 = FLT_MAX, x1 = -FLT_MAX, y1 = -FLT_MAX;
      for (unsigned k = 0; k < 3; ++k) {
        const ImDrawVert& v = vtx[idx[i + k]];
        h = mix(mix(h, bits(v.pos.x) << 32 | bits(v.pos.y)), mix(bits(v.uv.x) << 32 | bits(v.uv.y), v.col));
        x0 = std::min(x0, v.pos.x);
        y0 = std::min(y0, v.pos.y);
        x1 = std::max(x1, v.pos.x);
        y1 = std::max(y1, v.pos.y);
      }
      // A triangle covers only pixels whose centres lie in its box; one pixel of margin.
      const auto px = [&](float v, float origin, float margin) {
        return static_cast<int>(std::floor((v - origin) * scale_ + margin));
      };
      const int tx0 = std::max(0, px(x0, min_.x, -1.f) / kTile);
      const int ty0 = std::max(0, px(y0, min_.y, -1.f) / kTile);
      const int tx1 = std::min(tw - 1, px(x1, min_.x, 1.f) / kTile);
      const int ty1 = std::min(th - 1, px(y1, min_.y, 1.f) / kTile);
      for (int ty = ty0; ty <= ty1; ++ty)
        for (int tx = tx0; tx <= tx1; ++tx) {
          std::uint64_t& t = hashes[static_cast<std::size_t>(ty * tw + tx)];
          t = mix(t, h);
        }
    }
  }
  damage_.clear();
  damage_px_.clear();
  partial_ = false;
  const bool comparable = valid_ && cached_w_ == w_ && cached_h_ == h_ && cached_bg_ == bg_ &&
                          cached_min_.x == min_.x && cached_min_.y == min_.y && cached_scale_ == scale_ &&
                          tile_hashes_.size() == hashes.size();
  std::size_t dirty = 0;
  for (std::size_t i = 0; comparable && i < hashes.size(); ++i) dirty += hashes[i] != tile_hashes_[i] ? 1 : 0;
  // Mostly dirty: one full render is cheaper than many partial ones.
  if (comparable && dirty * 2 <= hashes.size()) {
    partial_ = true;
    // One rectangle per run of dirty tiles in a row of tiles.
    for (int ty = 0; ty < th; ++ty)
      for (int tx = 0; tx < tw;) {
        const auto at = [&](int x) { return static_cast<std::size_t>(ty * tw + x); };
        if (hashes[at(tx)] == tile_hashes_[at(tx)]) {
          ++tx;
          continue;
        }
        const int start = tx;
        while (tx < tw && hashes[at(tx)] != tile_hashes_[at(tx)]) ++tx;
        // In physical pixels of the texture (x0, y0 from its top-left, x1, y1), and as the clip
        // rectangle in ImGui's coordinates that the renderer turns back into those pixels.
        const int x0 = start * kTile, y0 = ty * kTile, x1 = std::min(w_, tx * kTile),
                  y1 = std::min(h_, (ty + 1) * kTile);
        damage_px_.push_back({x0, y0, x1, y1});
        damage_.push_back(
            ImVec4(min_.x + static_cast<float>(x0) / scale_, min_.y + static_cast<float>(y0) / scale_,
                   min_.x + static_cast<float>(x1) / scale_, min_.y + static_cast<float>(y1) / scale_));
      }
  }
  tile_hashes_.swap(hashes);
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
  cached_scale_ = scale_;
}

bool CachedLayer::ensure_target(int w, int h) {
  if (fbo_ && w == tex_w_ && h == tex_h_) return true;
  // Never ask the driver for a texture it cannot make (llvmpipe crashes rather than failing).
  if (w <= 0 || h <= 0 || w > gl_max_side() || h > gl_max_side()) return false;
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
  // Cleared to an opaque colour before each rasterising: the renderer may draw it unblended.
  imgui_renderer().set_opaque(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(tex_)), true);
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
  const ImVec4 c = ImGui::ColorConvertU32ToFloat4(bg_);
  glClearColor(c.x, c.y, c.z, 1.f);  // opaque, so the texture can stand in for the background
  if (partial_) {
    // Only the damaged rectangles (GL's rows go up).
    glEnable(GL_SCISSOR_TEST);
    for (const std::array<int, 4>& r : damage_px_) {
      glScissor(r[0], h_ - r[3], r[2] - r[0], r[3] - r[1]);
      glClear(GL_COLOR_BUFFER_BIT);
    }
  } else {
    glDisable(GL_SCISSOR_TEST);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  ImDrawList* lists[1] = {list_.get()};
  ImDrawData dd;
  dd.Valid = true;
  dd.CmdLists = lists;
  dd.CmdListsCount = 1;
  dd.TotalVtxCount = list_->VtxBuffer.Size;
  dd.TotalIdxCount = list_->IdxBuffer.Size;
  dd.DisplayPos = min_;
  dd.DisplaySize = ImVec2(static_cast<float>(w_) / scale_, static_cast<float>(h_) / scale_);
  dd.FramebufferScale = ImVec2(scale_, scale_);
  // Draws into whatever framebuffer is bound; the frame's render sets the state it needs again.
  imgui_renderer().render(&dd, partial_ ? &damage_ : nullptr);
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
    find_damage();  // against what the texture holds, before store() replaces it
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
