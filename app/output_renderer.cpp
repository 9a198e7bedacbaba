#include "output_renderer.hpp"

#include <glad/gl.h>

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

#include "gl_program.hpp"
#include "input_fixups.hpp"
#include "palette.hpp"

namespace fragviz::app {

namespace embedded {
extern const std::string_view output_vert;
extern const std::string_view output_frag;
}  // namespace embedded

OutputRenderer::~OutputRenderer() {
  if (program_) glDeleteProgram(program_);
  if (vao_) glDeleteVertexArrays(1, &vao_);
  if (flags_tex_) glDeleteTextures(1, &flags_tex_);
  if (colour_tex_) glDeleteTextures(1, &colour_tex_);
  if (fbo_) glDeleteFramebuffers(1, &fbo_);
}

std::string OutputRenderer::init() {
  GLuint prog = 0;
  if (std::string e = link_program("output view", embedded::output_vert, embedded::output_frag, &prog);
      !e.empty())
    return e;
  program_ = prog;
  glGenVertexArrays(1, &vao_);
  glGenTextures(1, &flags_tex_);
  glGenFramebuffers(1, &fbo_);
  glGenTextures(1, &colour_tex_);
  set_data(nullptr, 256);
  return {};
}

void OutputRenderer::set_data(const std::shared_ptr<const GateReport>& report, int n) {
  const GateReport* key = report.get();
  if (program_ == 0) return;
  if (key == data_key_ && (key || n == n_)) return;
  data_key_ = key;
  dirty_ = true;
  flagged_ = 0;
  known_until_.reset();
  if (key && key->ran) n = key->request.n;
  n_ = std::max(1, n);
  std::vector<unsigned char> flags;
  has_data_ = key && key->ran;
  // Above kMaxFlagSide elements a side, one texel stands for a square of elements and is set if any
  // of them differs, so a 65536 x 65536 gate still fits a texture (and memory) and no error hides.
  flag_scale_ = (n_ + kMaxFlagSide - 1) / kMaxFlagSide;
  flag_side_ = (n_ + flag_scale_ - 1) / flag_scale_;
  // The texture is a power of two a side (zero padded) so that every mip level halves it exactly.
  int pot = 1;
  while (pot < flag_side_) pot *= 2;
  if (has_data_) {
    const std::size_t side = static_cast<std::size_t>(pot);
    const std::size_t cells = static_cast<std::size_t>(n_) * static_cast<std::size_t>(n_);
    flags.assign(side * side, 0);
    auto flag = [&](std::size_t row, std::size_t col) {
      flags[(row / static_cast<std::size_t>(flag_scale_)) * side +
            col / static_cast<std::size_t>(flag_scale_)] = 255;
      ++flagged_;
    };
    if (key->output.size() == cells && key->reference.size() == cells) {
      for (std::size_t i = 0; i < cells; ++i)
        if (!(key->output[i] == key->reference[i]))  // NaN counts as a mismatch
          flag(i / static_cast<std::size_t>(n_), i % static_cast<std::size_t>(n_));
    } else {
      // Only the first mismatches are recorded (row-major): past the last one nothing is known.
      if (key->mismatch_count > key->mismatches.size())
        known_until_ = key->mismatches.empty()
                           ? Coord{-1, -1}
                           : Coord{key->mismatches.back().row, key->mismatches.back().col};
      for (const Mismatch& m : key->mismatches)
        if (m.row >= 0 && m.row < n_ && m.col >= 0 && m.col < n_)
          flag(static_cast<std::size_t>(m.row), static_cast<std::size_t>(m.col));
    }
  }
  GLint prev_tex = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &prev_tex);
  glBindTexture(GL_TEXTURE_2D, flags_tex_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  const unsigned char zero = 0;
  flag_levels_ = 1;
  if (has_data_) {
    // Level k holds the max (any mismatch) of 2^k x 2^k texels, so the shader can read a zoomed-out
    // pixel's whole footprint in a few fetches: a mismatch stays visible however many elements share
    // the pixel (sampling some of them dropped regular patterns of mismatches entirely).
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, pot, pot, 0, GL_RED, GL_UNSIGNED_BYTE, flags.data());
    for (int s = pot; s > 1; s /= 2) {
      const std::size_t from = static_cast<std::size_t>(s), to = from / 2;
      for (std::size_t r = 0; r < to; ++r)
        for (std::size_t c = 0; c < to; ++c)
          flags[r * to + c] =
              std::max({flags[2 * r * from + 2 * c], flags[2 * r * from + 2 * c + 1],
                        flags[(2 * r + 1) * from + 2 * c], flags[(2 * r + 1) * from + 2 * c + 1]});
      glTexImage2D(GL_TEXTURE_2D, flag_levels_++, GL_R8, static_cast<GLsizei>(to), static_cast<GLsizei>(to),
                   0, GL_RED, GL_UNSIGNED_BYTE, flags.data());
    }
  } else {
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, 1, 1, 0, GL_RED, GL_UNSIGNED_BYTE, &zero);
  }
  // Complete with every level (texelFetch of a level past MAX_LEVEL reads nothing defined).
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, flag_levels_ - 1);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(prev_tex));
}

void OutputRenderer::set_tiling(const GateOutputTiling& t) {
  if (t == tiling_) return;
  tiling_ = t;
  dirty_ = true;
}

unsigned OutputRenderer::render(int w, int h, const OutputViewport& view_in, OutputColour mode) {
  if (!program_ || w <= 0 || h <= 0) return 0;
  // A view larger than the driver's largest texture is drawn smaller (same aspect) and scaled up
  // by ImGui.
  const double f =
      std::max({1.0, static_cast<double>(w) / gl_max_side(), static_cast<double>(h) / gl_max_side()});
  w = std::min(gl_max_side(), static_cast<int>(w / f));
  h = std::min(gl_max_side(), static_cast<int>(h / f));
  OutputViewport v = view_in;
  v.scale *= f;
  const OutputViewport& view = v;
  GLint prev_tex = 0, prev_fbo = 0, prev_prog = 0, prev_vao = 0, prev_vp[4];
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &prev_tex);
  glGetIntegerv(GL_FRAMEBUFFER_BINDING, &prev_fbo);
  glGetIntegerv(GL_CURRENT_PROGRAM, &prev_prog);
  glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &prev_vao);
  glGetIntegerv(GL_VIEWPORT, prev_vp);
  if (w != fbo_w_ || h != fbo_h_) {
    glBindTexture(GL_TEXTURE_2D, colour_tex_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, colour_tex_, 0);
    fbo_w_ = w;
    fbo_h_ = h;
    dirty_ = true;
  }
  if (dirty_ || !(view == last_view_) || mode != last_mode_) {
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glViewport(0, 0, w, h);
    glDisable(GL_BLEND);
    glDisable(GL_SCISSOR_TEST);
    glUseProgram(program_);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, flags_tex_);
    glUniform1i(glGetUniformLocation(program_, "u_flags"), 0);
    glUniform1i(glGetUniformLocation(program_, "u_n"), n_);
    glUniform1i(glGetUniformLocation(program_, "u_flag_scale"), flag_scale_);
    glUniform1i(glGetUniformLocation(program_, "u_flag_levels"), flag_levels_);
    glUniform1i(glGetUniformLocation(program_, "u_has_data"), has_data_ ? 1 : 0);
    glUniform1i(glGetUniformLocation(program_, "u_mode"), static_cast<int>(mode));
    glUniform1i(glGetUniformLocation(program_, "u_partial"), known_until_ ? 1 : 0);
    glUniform2i(glGetUniformLocation(program_, "u_known_until"), known_until_ ? known_until_->row : 0,
                known_until_ ? known_until_->col : 0);
    glUniform3f(glGetUniformLocation(program_, "u_view"), static_cast<float>(view.x0),
                static_cast<float>(view.y0), static_cast<float>(view.scale));
    glUniform2f(glGetUniformLocation(program_, "u_size"), static_cast<float>(w), static_cast<float>(h));
    float pal[32 * 3];
    for (int l = 0; l < 32; ++l) lane_colour_rgb(l, pal + 3 * l);
    glUniform3fv(glGetUniformLocation(program_, "u_palette"), 32, pal);
    float warps[8 * 3];
    for (int w = 0; w < 8; ++w) block_warp_colour_rgb(w, warps + 3 * w);
    glUniform3fv(glGetUniformLocation(program_, "u_warp_colours"), 8, warps);
    // A tiling without blocks (none set yet) draws as one warp per 64x64 block, never divides by 0.
    const auto side = [](int v, int fallback) { return v > 0 ? v : fallback; };
    const GateOutputTiling& t = tiling_;
    glUniform2i(glGetUniformLocation(program_, "u_block"), side(t.block_m, 64), side(t.block_n, 64));
    glUniform2i(glGetUniformLocation(program_, "u_warp"), side(t.warp_m, side(t.block_m, 64)),
                side(t.warp_n, side(t.block_n, 64)));
    glUniform2i(glGetUniformLocation(program_, "u_warp_grid"), side(t.warps_m, 1), side(t.warps_n, 1));
    glUniform2i(glGetUniformLocation(program_, "u_mma"), side(t.mma_m, 8), side(t.mma_n, 8));
    glBindVertexArray(vao_);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    // The panel's ImGui::Image quad may be the same as last frame's: its pixels are not.
    request_present();
    dirty_ = false;
    last_view_ = view;
    last_mode_ = mode;
  }
  glBindVertexArray(static_cast<GLuint>(prev_vao));
  glUseProgram(static_cast<GLuint>(prev_prog));
  glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(prev_fbo));
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(prev_tex));
  glViewport(prev_vp[0], prev_vp[1], prev_vp[2], prev_vp[3]);
  return colour_tex_;
}

}  // namespace fragviz::app
