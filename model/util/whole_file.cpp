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

WriteProblem system_problem(int err) { return WriteProblem{false, std::strerror(err)}; }

/// Writes all of `bytes` to `fd`; nothing or the system's failure.
std::optional<WriteProblem> write_all(int fd, std::string_view bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return system_problem(n < 0 ? errno : EIO);
    done += static_cast<std::size_t>(n);
  }
  return std::nullopt;
}

/// Into an existing file that is not a regular one. Opened without blocking (a FIFO without a
/// reader would wait forever), then written blocking, as any output.
std::optional<WriteProblem> in_place(const std::string& path, std::string_view bytes) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0 && errno == ENXIO) return WriteProblem{true, "is a FIFO that no process is reading"};
  if (fd < 0) return system_problem(errno);
  std::optional<WriteProblem> problem;
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) problem = system_problem(errno);
  if (!problem) problem = write_all(fd, bytes);
  if (::close(fd) != 0 && !problem) problem = system_problem(errno);
  return problem;
}

}  // namespace

std::optional<WriteProblem> write_whole_file(const std::string& path, std::string_view bytes,
                                             NotRegular not_regular) {
  // Judged by what the name leads to, before any link is resolved by name: /dev/stdout leads to
  // /proc/self/fd/1, which may be a pipe that has no path.
  struct stat st {};
  const bool exists = ::stat(path.c_str(), &st) == 0;
  const int stat_errno = errno;
  if (exists && !S_ISREG(st.st_mode)) {
    if (not_regular == NotRegular::refuse) return WriteProblem{true, "is not a regular file"};
    return in_place(path, bytes);
  }
  std::string target = path;
  struct stat lst {};
  if (::lstat(path.c_str(), &lst) == 0 && S_ISLNK(lst.st_mode)) {
    if (!exists && stat_errno == ENOENT) return WriteProblem{true, "is a link that leads to no file"};
    if (!exists) return system_problem(stat_errno);  // a loop of links, a folder not searchable
    char resolved[PATH_MAX];
    if (::realpath(path.c_str(), resolved) == nullptr) return system_problem(errno);
    target = resolved;
  }
  const std::string tmp = target + ".fragviz-tmp-" + std::to_string(::getpid());
  const mode_t mode = exists ? (st.st_mode & 07777) : 0666;  // a new file: 0666 less the umask
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
  if (fd < 0) return system_problem(errno);
  std::optional<WriteProblem> problem = write_all(fd, bytes);
  if (!problem && exists && ::fchmod(fd, mode) != 0) problem = system_problem(errno);
  if (!problem && ::fsync(fd) != 0) problem = system_problem(errno);
  if (::close(fd) != 0 && !problem) problem = system_problem(errno);
  if (!problem && ::rename(tmp.c_str(), target.c_str()) != 0) problem = system_problem(errno);
  if (problem) ::unlink(tmp.c_str());
  return problem;
}

}  // namespace fragviz::cli
