// whole_file.hpp: an output written whole or not at all.
#include "fragviz/util/whole_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace fragviz::cli {
namespace {

/// Writes all of `bytes` to `fd`; "" or strerror of the failure.
std::string write_all(int fd, std::string_view bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return std::strerror(n < 0 ? errno : EIO);
    done += static_cast<std::size_t>(n);
  }
  return {};
}

std::string in_place(const std::string& path, std::string_view bytes) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return std::strerror(errno);
  std::string why = write_all(fd, bytes);
  if (::close(fd) != 0 && why.empty()) why = std::strerror(errno);
  return why;
}

}  // namespace

std::string write_whole_file(const std::string& path, std::string_view bytes) {
  struct stat st {};
  const bool exists = ::stat(path.c_str(), &st) == 0;
  if (exists && !S_ISREG(st.st_mode)) return in_place(path, bytes);
  std::string target = path;
  struct stat lst {};
  if (exists && ::lstat(path.c_str(), &lst) == 0 && S_ISLNK(lst.st_mode)) {
    char resolved[PATH_MAX];
    if (::realpath(path.c_str(), resolved) == nullptr) return std::strerror(errno);
    target = resolved;
  }
  const std::string tmp = target + ".fragviz-tmp-" + std::to_string(::getpid());
  const mode_t mode = exists ? (st.st_mode & 07777) : 0666;  // a new file: 0666 less the umask
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
  if (fd < 0) return std::strerror(errno);
  std::string why = write_all(fd, bytes);
  if (why.empty() && exists && ::fchmod(fd, mode) != 0) why = std::strerror(errno);
  if (why.empty() && ::fsync(fd) != 0) why = std::strerror(errno);
  if (::close(fd) != 0 && why.empty()) why = std::strerror(errno);
  if (why.empty() && ::rename(tmp.c_str(), target.c_str()) != 0) why = std::strerror(errno);
  if (!why.empty()) ::unlink(tmp.c_str());
  return why;
}

}  // namespace fragviz::cli
