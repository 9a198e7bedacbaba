#include "gl_program.hpp"

#include <glad/gl.h>

#include <algorithm>
#include <cstring>

namespace fragviz::app {
namespace {

std::string compile(GLenum kind, std::string_view src, GLuint* out) {
  const GLuint sh = glCreateShader(kind);
  const char* p = src.data();
  const GLint len = static_cast<GLint>(src.size());
  glShaderSource(sh, 1, &p, &len);
  glCompileShader(sh);
  GLint ok = 0;
  glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[2048];
    glGetShaderInfoLog(sh, sizeof log, nullptr, log);
    glDeleteShader(sh);
    return std::string(kind == GL_VERTEX_SHADER ? "vertex shader: " : "fragment shader: ") + log;
  }
  *out = sh;
  return {};
}

}  // namespace

std::string link_program(std::string_view name, std::string_view vertex, std::string_view fragment,
                         unsigned* out) {
  GLuint vs = 0, fs = 0;
  if (std::string e = compile(GL_VERTEX_SHADER, vertex, &vs); !e.empty()) return std::string(name) + " " + e;
  if (std::string e = compile(GL_FRAGMENT_SHADER, fragment, &fs); !e.empty()) {
    glDeleteShader(vs);
    return std::string(name) + " " + e;
  }
  const GLuint prog = glCreateProgram();
  glAttachShader(prog, vs);
  glAttachShader(prog, fs);
  glLinkProgram(prog);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = 0;
  glGetProgramiv(prog, GL_LINK_STATUS, &ok);
  if (!ok) {
    char log[2048];
    glGetProgramInfoLog(prog, sizeof log, nullptr, log);
    glDeleteProgram(prog);
    return std::string(name) + " link: " + log;
  }
  *out = prog;
  return {};
}

bool software_renderer() {
  const char* r = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  if (!r) return false;
  for (const char* name : {"llvmpipe", "softpipe", "SwiftShader", "Software Rasterizer"})
    if (std::strstr(r, name)) return true;
  return false;
}

int gl_max_side() {
  static int side = [] {
    GLint tex = 0, rb = 0, vp[2] = {0, 0};
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &tex);
    glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &rb);
    glGetIntegerv(GL_MAX_VIEWPORT_DIMS, vp);
    // A software rasteriser claims 16384 too, but llvmpipe died (SIGSEGV in its rasterizer thread)
    // drawing a 16384-wide window beside other GL processes (sessions 21-22); 8192 is a 256 MB
    // drawable, already far past any screen.
    int m = software_renderer() ? 8192 : 16384;
    for (GLint v : {tex, rb, vp[0], vp[1]})
      if (v > 0) m = std::min(m, static_cast<int>(v));
    return m;
  }();
  return side;
}

}  // namespace fragviz::app
