#include "gl_program.hpp"

#include <glad/gl.h>

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

}  // namespace fragviz::app
