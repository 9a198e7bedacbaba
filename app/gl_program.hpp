// One place that compiles and links a GLSL 3.30 program, for the ImGui renderer and the output view.
#pragma once

#include <string>
#include <string_view>

namespace fragviz::app {

/// Compiles `vertex` and `fragment` and links them. On success stores the program in *out and
/// returns ""; otherwise returns the compiler's or linker's log prefixed by `name`, and creates
/// nothing. Needs a current GL 3.3 context.
std::string link_program(std::string_view name, std::string_view vertex, std::string_view fragment,
                         unsigned* out);

}  // namespace fragviz::app
