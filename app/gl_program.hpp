// One place that compiles and links a GLSL 3.30 program, for the cached renderer and the output view.
#pragma once

#include <string>
#include <string_view>

namespace fragviz::app {

/// Compiles `vertex` and `fragment` and links them. On success stores the program in *out and
/// returns ""; otherwise returns the compiler's or linker's log prefixed by `name`, and creates
/// nothing. Needs a current GL 3.3 context.
std::string link_program(std::string_view name, std::string_view vertex, std::string_view fragment,
                         unsigned* out);

/// Whether GL_RENDERER names a CPU rasteriser (Mesa's llvmpipe or softpipe, SwiftShader, Apple's
/// software renderer). Needs a current GL context.
bool software_renderer();

/// The largest side, in pixels, of any texture, framebuffer or viewport the app creates: the
/// smallest of GL_MAX_TEXTURE_SIZE, GL_MAX_RENDERBUFFER_SIZE, GL_MAX_VIEWPORT_DIMS and 16384 (8192
/// under a software_renderer). Queried once; needs a current GL context.
int gl_max_side();

}  // namespace fragviz::app
