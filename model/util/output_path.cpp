// output_path.hpp: judging an output path before anything runs.
#include "fragviz/util/output_path.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>

#include "fragviz/util/file_check.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz::cli {
namespace {

/// Whether a character device is one the CLI writes to: /dev/null, or this process's own standard
/// output or error (/dev/stdout, /dev/stderr or the terminal they are on).
bool accepted_char_device(const struct stat& st) {
  if (st.st_rdev == makedev(1, 3)) return true;  // /dev/null (Linux's devices.txt: char 1:3)
  for (int fd : {STDOUT_FILENO, STDERR_FILENO}) {
    struct stat own {};
    if (::fstat(fd, &own) == 0 && S_ISCHR(own.st_mode) && own.st_rdev == st.st_rdev) return true;
  }
  return false;
}

}  // namespace

std::optional<std::string> output_path_problem(const OutputOption& o) {
  if (o.path == kStdoutPath) return std::nullopt;
  const std::string what = "cannot write " + o.option + " " + echo_text(o.path) + ": ";
  if (o.path.empty()) return what + "no file name";
  // The name's own folder, before any link is followed.
  const std::size_t slash = o.path.find_last_of('/');
  // A name of blanks alone is a slip, not a name anyone reads back (newcomer round 33 wrote a file
  // named "   ").
  const std::string name = slash == std::string::npos ? o.path : o.path.substr(slash + 1);
  // Quoted: the blanks show. A blank at either end of a typed name is a slip too (round 34: " x.svg"
  // was said to be in a folder " /work" that does not exist, "x.svg " to end in no ".svg").
  const std::string quoted = "cannot write " + o.option + " \"" + echo_text(o.path) + "\": ";
  if (!name.empty() && name.find_first_not_of(" \t") == std::string::npos)
    return quoted + "the file name is only blanks";
  if (o.path.front() == ' ' || o.path.front() == '\t') return quoted + "the name begins with a blank";
  if (o.path.back() == ' ' || o.path.back() == '\t') return quoted + "the name ends with a blank";
  const std::string folder = slash == std::string::npos ? "." : slash == 0 ? "/" : o.path.substr(0, slash);
  struct stat st {};
  const bool exists = ::stat(o.path.c_str(), &st) == 0;
  // A name over NAME_MAX (255 bytes) in any part, or a path over PATH_MAX: open(2) would fail the
  // same way only after the work.
  if (!exists && errno == ENAMETOOLONG)
    return what + "the name is too long (at most 255 bytes a part, 4096 in all)";
  // write_whole_file writes a link through and refuses one that leads nowhere: said now.
  struct stat lst {};
  if (!exists && errno == ENOENT && ::lstat(o.path.c_str(), &lst) == 0 && S_ISLNK(lst.st_mode))
    return what + "is a link that leads to no file";
  if (exists) {
    if (S_ISDIR(st.st_mode)) return what + "is a folder, not a file";
    // Judged by its folder too: /proc/self/fd/1 leads to this process's output (a pipe, the
    // terminal) but is a name in /proc, which nothing is written under. devpts is the terminals'
    // folder (/dev/pts/3 may be this process's own terminal).
    if (const char* fs = pseudo_file_system(folder); fs && std::string(fs) != "devpts")
      return what + "is in the kernel's " + fs + " file system, not an ordinary file";
    // Judged before access(2): root may "write" /proc/version, which then fails half-way. A
    // terminal that is this process's standard output lives on devpts: devices come first.
    if (S_ISCHR(st.st_mode) && !accepted_char_device(st))
      return what + "is a character device (only /dev/null, /dev/stdout and /dev/stderr are written to)";
    const char* fs = S_ISCHR(st.st_mode) ? nullptr : pseudo_file_system(o.path);
    if (fs) return what + "is in the kernel's " + fs + " file system, not an ordinary file";
    if (S_ISBLK(st.st_mode)) return what + "is a block device, not a file";
    if (S_ISSOCK(st.st_mode)) return what + "is a socket, not a file";
    if (::access(o.path.c_str(), W_OK) != 0) return what + "the file exists and is not writable";
    if (S_ISFIFO(st.st_mode)) {
      // Without a reader, open(O_WRONLY) blocks forever and O_NONBLOCK fails with ENXIO.
      const int fd = ::open(o.path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
      if (fd < 0)
        return what + (errno == ENXIO ? "is a FIFO that no process is reading" : "cannot open the FIFO");
      // Kept open (never closed): closing it now would end the reader's input before the output.
      static std::vector<int> held;
      held.push_back(fd);
    }
    return std::nullopt;  // written in place: its folder's permissions do not matter
  }
  if (slash != std::string::npos && slash + 1 == o.path.size()) return what + "names a folder, not a file";
  if (::stat(folder.c_str(), &st) != 0) return what + "folder " + folder + " does not exist";
  if (!S_ISDIR(st.st_mode)) return what + folder + " is not a folder";
  if (const char* fs = pseudo_file_system(folder))
    return what + "folder " + folder + " is in the kernel's " + fs +
           " file system, where no file can be made";
  if (::access(folder.c_str(), W_OK | X_OK) != 0) return what + "folder " + folder + " is not writable";
  return std::nullopt;
}

bool same_output_file(const std::string& a, const std::string& b) {
  if (a == b) return true;
  struct stat sa {
  }, sb{};
  if (::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0)
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  std::error_code ea, eb;
  const auto ca = std::filesystem::weakly_canonical(std::filesystem::absolute(a, ea), ea);
  const auto cb = std::filesystem::weakly_canonical(std::filesystem::absolute(b, eb), eb);
  return !ea && !eb && ca == cb;
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
      if (o.path != kStdoutPath && outputs[j].path != kStdoutPath && !outputs[j].path.empty() &&
          same_output_file(outputs[j].path, o.path))
        return "the same file '" + o.path + "' is given for " + outputs[j].option + " and " + o.option;
    if (auto why = output_path_problem(o)) return why;
  }
  return std::nullopt;
}

}  // namespace fragviz::cli
