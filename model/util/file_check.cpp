// file_check.hpp: what a path is, said before anything opens it.
#include "fragviz/util/file_check.hpp"

#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace fragviz {

const char* pseudo_file_system(const std::string& path) {
  struct statfs fs {};
  if (::statfs(path.c_str(), &fs) != 0) return nullptr;
  switch (static_cast<unsigned long>(fs.f_type)) {
    case PROC_SUPER_MAGIC:
      return "proc";
    case SYSFS_MAGIC:
      return "sysfs";
    case DEBUGFS_MAGIC:
      return "debugfs";
    case TRACEFS_MAGIC:
      return "tracefs";
    case SECURITYFS_MAGIC:
      return "securityfs";
    case CGROUP_SUPER_MAGIC:
      return "cgroup";
    case CGROUP2_SUPER_MAGIC:
      return "cgroup2";
    case EFIVARFS_MAGIC:
      return "efivarfs";
    case PSTOREFS_MAGIC:
      return "pstore";
    case BPF_FS_MAGIC:
      return "bpf";
    case DEVPTS_SUPER_MAGIC:
      return "devpts";
    default:
      return nullptr;
  }
}

std::optional<std::string> input_file_problem(const std::string& path) {
  if (path.empty()) return std::string("no file name");
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    return errno == ENOENT         ? std::string("no such file")
           : errno == ENAMETOOLONG ? std::string("the name is too long")
                                   : std::string(std::strerror(errno));
  if (S_ISDIR(st.st_mode)) return std::string("is a directory, not a file");
  if (S_ISFIFO(st.st_mode)) return std::string("is a FIFO, not a regular file");
  if (S_ISCHR(st.st_mode)) return std::string("is a character device, not a regular file");
  if (S_ISBLK(st.st_mode)) return std::string("is a block device, not a regular file");
  if (S_ISSOCK(st.st_mode)) return std::string("is a socket, not a regular file");
  if (!S_ISREG(st.st_mode)) return std::string("is not a regular file");
  // /proc and /sys files claim a size of 0 and change as they are read: no source or report.
  if (const char* fs = pseudo_file_system(path))
    return "is in the kernel's " + std::string(fs) + " file system, not an ordinary file";
  if (::access(path.c_str(), R_OK) != 0) return "not readable (" + std::string(std::strerror(errno)) + ")";
  return std::nullopt;
}

}  // namespace fragviz
