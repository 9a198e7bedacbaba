// input_path.hpp: judging an input file before anything reads it.
#include "input_path.hpp"

#include "fragviz/util/file_check.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz::cli {

std::optional<std::string> input_file_problem(const std::string& what, const std::string& path) {
  if (auto why = fragviz::input_file_problem(path))
    return "cannot read " + what + " " + echo_text(path) + ": " + *why;
  return std::nullopt;
}

}  // namespace fragviz::cli
