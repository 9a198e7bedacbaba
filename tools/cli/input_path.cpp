// input_path.hpp: judging an input file before anything reads it.
#include "input_path.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "fragviz/words.hpp"
#include "output_path.hpp"

namespace fragviz::cli {

std::optional<std::string> input_file_problem(const std::string& what, const std::string& path) {
  const std::string lead = "cannot read " + what + " " + echo_text(path) + ": ";
  if (path.empty()) return lead + "no file name";
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    return lead + (errno == ENOENT         ? std::string("no such file")
                   : errno == ENAMETOOLONG ? std::string("the name is too long")
                                           : std::string(std::strerror(errno)));
  if (S_ISDIR(st.st_mode)) return lead + "is a directory, not a file";
  if (S_ISFIFO(st.st_mode)) return lead + "is a FIFO, not a regular file";
  if (S_ISCHR(st.st_mode)) return lead + "is a character device, not a regular file";
  if (S_ISBLK(st.st_mode)) return lead + "is a block device, not a regular file";
  if (S_ISSOCK(st.st_mode)) return lead + "is a socket, not a regular file";
  if (!S_ISREG(st.st_mode)) return lead + "is not a regular file";
  // /proc and /sys files claim a size of 0 and change as they are read: no source or report.
  if (const char* fs = pseudo_file_system(path))
    return lead + "is in the kernel's " + fs + " file system, not an ordinary file";
  if (::access(path.c_str(), R_OK) != 0) return lead + "not readable (" + std::strerror(errno) + ")";
  return std::nullopt;
}

}  // namespace fragviz::cli
