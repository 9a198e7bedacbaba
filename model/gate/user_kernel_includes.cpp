// A user kernel's include folders (user_kernel.hpp): -I DIR and --cutlass, checked before NVRTC
// sees them.
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "fragviz/gate/user_kernel.hpp"
#include "fragviz/util/file_check.hpp"
#include "fragviz/util/words.hpp"

#ifndef FRAGVIZ_CUTLASS_DIR_DEFAULT
#define FRAGVIZ_CUTLASS_DIR_DEFAULT ""
#endif

namespace fragviz {
namespace {

bool is_regular_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

}  // namespace

std::optional<std::string> include_dir_problem(const std::string& dir) {
  if (dir.empty()) return std::string("no folder name");
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0)
    return errno == ENOENT         ? std::string("no such folder")
           : errno == ENAMETOOLONG ? std::string("the name is too long")
                                   : std::string(std::strerror(errno));
  if (!S_ISDIR(st.st_mode)) return std::string("is a file, not a folder");
  if (const char* fs = pseudo_file_system(dir))
    return "is in the kernel's " + std::string(fs) + " file system, not an ordinary folder";
  if (::access(dir.c_str(), R_OK | X_OK) != 0)
    return "not readable (" + std::string(std::strerror(errno)) + ")";
  return std::nullopt;
}

std::optional<Error> user_kernel_include_problem(const UserKernel& k) {
  for (const std::string& dir : k.include_dirs)
    if (auto why = include_dir_problem(dir))
      return Error{ErrorKind::refused, "include folder '" + echo_text(dir) + "': " + *why};
  return std::nullopt;
}

Outcome<std::string> cutlass_include_dir() {
  const char* env = std::getenv("FRAGVIZ_CUTLASS_DIR");
  const bool from_env = env != nullptr && *env != '\0';
  const std::string root = from_env ? std::string(env) : std::string(FRAGVIZ_CUTLASS_DIR_DEFAULT);
  const std::string where = from_env ? "FRAGVIZ_CUTLASS_DIR=" + echo_text(root) : echo_text(root);
  if (root.empty())
    return Outcome<std::string>::fail(ErrorKind::refused,
                                      "no CUTLASS headers known (run tools/fetch-cutlass.sh, or set "
                                      "FRAGVIZ_CUTLASS_DIR to the folder it fetched into)");
  for (const char* sub : {"/cutlass/include", "/include", ""}) {
    const std::string dir = root + sub;
    if (is_regular_file(dir + "/cute/tensor.hpp")) return Outcome<std::string>::ok(dir);
  }
  return Outcome<std::string>::fail(
      ErrorKind::refused,
      "no CUTLASS headers in " + where +
          " (no cute/tensor.hpp under cutlass/include, include or the folder itself): run "
          "tools/fetch-cutlass.sh" +
          (from_env ? std::string(" " + echo_text(root)) +
                          ", or point FRAGVIZ_CUTLASS_DIR at the folder it fetched into"
                    : std::string(", or set FRAGVIZ_CUTLASS_DIR to the folder it fetched into")));
}

}  // namespace fragviz
