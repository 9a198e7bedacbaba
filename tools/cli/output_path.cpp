// output_path.hpp: judging an output path before anything runs.
#include "output_path.hpp"

#include <sys/stat.h>
#include <unistd.h>

namespace fragviz::cli {

std::optional<std::string> output_path_problem(const OutputOption& o) {
  if (o.path == kStdoutPath) return std::nullopt;
  const std::string what = "cannot write " + o.option + " " + o.path + ": ";
  if (o.path.empty()) return what + "no file name";
  struct stat st {};
  if (::stat(o.path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) return what + "is a folder, not a file";
    if (::access(o.path.c_str(), W_OK) != 0) return what + "the file exists and is not writable";
    return std::nullopt;  // written in place: its folder's permissions do not matter
  }
  const std::size_t slash = o.path.find_last_of('/');
  const std::string folder = slash == std::string::npos ? "." : slash == 0 ? "/" : o.path.substr(0, slash);
  if (slash != std::string::npos && slash + 1 == o.path.size()) return what + "names a folder, not a file";
  if (::stat(folder.c_str(), &st) != 0) return what + "folder " + folder + " does not exist";
  if (!S_ISDIR(st.st_mode)) return what + folder + " is not a folder";
  if (::access(folder.c_str(), W_OK | X_OK) != 0) return what + "folder " + folder + " is not writable";
  return std::nullopt;
}

std::optional<std::string> outputs_problem(const std::vector<OutputOption>& outputs) {
  const OutputOption* to_stdout = nullptr;
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const OutputOption& o = outputs[i];
    if (o.path.empty()) continue;
    if (o.path == kStdoutPath) {
      if (to_stdout)
        return "standard output ('-') is given for both " + to_stdout->option + " and " + o.option;
      to_stdout = &o;
    }
    for (std::size_t j = 0; j < i; ++j)
      if (outputs[j].path == o.path && o.path != kStdoutPath)
        return "the same file '" + o.path + "' is given for " + outputs[j].option + " and " + o.option;
    if (auto why = output_path_problem(o)) return why;
  }
  return std::nullopt;
}

}  // namespace fragviz::cli
