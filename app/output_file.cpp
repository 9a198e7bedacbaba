// write_output: see output_file.hpp.
#include "output_file.hpp"

#include <cstdio>

#include "fragviz/util/whole_file.hpp"

namespace fragviz::app {

bool write_output(const std::string& path, const std::string& text) {
  static std::string failed;  // the path whose failure was said last
  const auto problem = fragviz::cli::write_whole_file(path, text + '\n');
  if (problem && failed != path)
    std::fprintf(stderr, "fragviz: cannot write %s: %s\n", path.c_str(), problem->why.c_str());
  if (problem) failed = path;
  return !problem;
}

}  // namespace fragviz::app
